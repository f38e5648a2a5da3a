#include "k8s/sim/dcgmexporter.h"

#include <cstdio>
#include <functional>
#include <optional>

namespace cubedesk::sim {

namespace {

/// One counter of the default set: its field name, Prometheus type, help text and reading
/// (nullopt: blank for that device, so no sample).
struct Counter {
    const char *field;
    const char *type;
    const char *help;
    std::function<std::optional<std::string>(const SimGpu &)> value;
};

std::optional<std::string> integer(long long v) {
    return std::to_string(v);
}

std::optional<std::string> real(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%f", v);
    return std::string(buf);
}

/// A whole, non-MIG GPU reports these; a MIG-enabled GPU and its instances leave them blank.
bool reportsUtilization(const SimGpu &g) {
    return g.utilizationPercent >= 0;
}

std::vector<Counter> counters(long long uptimeSeconds) {
    return {
        {"DCGM_FI_DEV_SM_CLOCK", "gauge", "SM clock frequency (in MHz).",
         [](const SimGpu &g) { return integer(g.smClockMHz); }},
        {"DCGM_FI_DEV_MEM_CLOCK", "gauge", "Memory clock frequency (in MHz).",
         [](const SimGpu &g) { return integer(g.memClockMHz); }},
        {"DCGM_FI_DEV_MEMORY_TEMP", "gauge", "Memory temperature (in C).",
         [](const SimGpu &g) { return integer(g.memoryTemperatureC); }},
        {"DCGM_FI_DEV_GPU_TEMP", "gauge", "GPU temperature (in C).",
         [](const SimGpu &g) { return integer(g.temperatureC); }},
        {"DCGM_FI_DEV_POWER_USAGE", "gauge", "Power draw (in W).",
         [](const SimGpu &g) { return real(g.powerW + (g.index % 3) * 0.25); }},
        {"DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "counter",
         "Total energy consumption since boot (in mJ).",
         // Grows at the idle draw: monotonic whatever the holders do.
         [uptimeSeconds](const SimGpu &g) {
             return integer(uptimeSeconds * (g.powerCapW * 14 / 100) * 1000LL);
         }},
        {"DCGM_FI_DEV_PCIE_TX_THROUGHPUT", "counter",
         "Total number of bytes transmitted through PCIe TX (in KB) via NVML.",
         [](const SimGpu &g) { return integer(std::max(0, g.utilizationPercent) * 1800LL + 40); }},
        {"DCGM_FI_DEV_PCIE_RX_THROUGHPUT", "counter",
         "Total number of bytes received through PCIe RX (in KB) via NVML.",
         [](const SimGpu &g) { return integer(std::max(0, g.utilizationPercent) * 5200LL + 65); }},
        {"DCGM_FI_DEV_PCIE_REPLAY_COUNTER", "counter", "Total number of PCIe retries.",
         [](const SimGpu &) { return integer(0); }},
        {"DCGM_FI_DEV_GPU_UTIL", "gauge", "GPU utilization (in %).",
         [](const SimGpu &g) {
             return reportsUtilization(g) ? integer(g.utilizationPercent) : std::nullopt;
         }},
        {"DCGM_FI_DEV_MEM_COPY_UTIL", "gauge", "Memory utilization (in %).",
         [](const SimGpu &g) {
             return reportsUtilization(g) ? integer(g.utilizationPercent * 45 / 100) : std::nullopt;
         }},
        {"DCGM_FI_DEV_ENC_UTIL", "gauge", "Encoder utilization (in %).",
         [](const SimGpu &g) { return reportsUtilization(g) ? integer(0) : std::nullopt; }},
        {"DCGM_FI_DEV_DEC_UTIL", "gauge", "Decoder utilization (in %).",
         [](const SimGpu &g) { return reportsUtilization(g) ? integer(0) : std::nullopt; }},
        {"DCGM_FI_DEV_XID_ERRORS", "gauge", "Value of the last XID error encountered.",
         [](const SimGpu &g) { return integer(g.xid); }},
        {"DCGM_FI_DEV_FB_FREE", "gauge", "Framebuffer memory free (in MiB).",
         [](const SimGpu &g) {
             return integer(std::max(0, g.memoryMiB - g.memoryUsedMiB - g.memoryMiB / 100));
         }},
        {"DCGM_FI_DEV_FB_USED", "gauge", "Framebuffer memory used (in MiB).",
         [](const SimGpu &g) { return integer(g.memoryUsedMiB); }},
        {"DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL", "counter",
         "Total number of NVLink bandwidth counters for all lanes",
         [](const SimGpu &g) {
             return g.nvlink && g.migProfile.empty()
                        ? integer(std::max(0, g.utilizationPercent) * 2400LL)
                        : std::nullopt;
         }},
        {"DCGM_FI_DEV_VGPU_LICENSE_STATUS", "gauge", "vGPU License status",
         [](const SimGpu &) { return integer(0); }},
        {"DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS", "counter",
         "Number of remapped rows for uncorrectable errors",
         [](const SimGpu &g) { return g.rowRemapping ? integer(0) : std::nullopt; }},
        {"DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS", "counter",
         "Number of remapped rows for correctable errors",
         [](const SimGpu &g) { return g.rowRemapping ? integer(0) : std::nullopt; }},
        {"DCGM_FI_DEV_ROW_REMAP_FAILURE", "gauge", "Whether remapping of rows has failed",
         [](const SimGpu &g) { return g.rowRemapping ? integer(0) : std::nullopt; }},
    };
}

/// The label set of one device's samples, in the exporter's order.
std::string labelsOf(const SimGpu &g, const std::string &hostname) {
    // A MIG instance carries its GPU's UUID: only GPU_I_ID tells the instances apart.
    const std::string &uuid = g.parentUuid.empty() ? g.uuid : g.parentUuid;
    std::string out = "gpu=\"" + std::to_string(g.index) + "\",UUID=\"" + uuid +
                      "\",device=\"nvidia" + std::to_string(g.index) + "\",modelName=\"" +
                      gpuMarketingName(g.product) + "\"";
    if (!g.migProfile.empty())
        out += ",GPU_I_PROFILE=\"" + g.migProfile + "\",GPU_I_ID=\"" +
               std::to_string(g.migInstanceId) + "\"";
    out += ",Hostname=\"" + hostname + "\"";
    out += ",DCGM_FI_DRIVER_VERSION=\"" + std::string(kNvidiaDriverVersion) + "\"";
    // The pod-resources mapping: one holder of a whole GPU or MIG instance. Replica ids of a
    // shared card do not match the device's UUID in this version: no pod.
    const SimGpuHolder *holder = !g.shared && !g.holders.empty() ? &g.holders.front() : nullptr;
    out += ",container=\"" + (holder ? holder->container : std::string()) + "\"";
    out += ",namespace=\"" + (holder ? holder->ns : std::string()) + "\"";
    out += ",pod=\"" + (holder ? holder->pod : std::string()) + "\"";
    return out;
}

} // namespace

std::string DcgmExporter::exposition(const std::string &hostname,
                                     const std::vector<SimGpu> &devices,
                                     std::chrono::system_clock::time_point now,
                                     std::chrono::system_clock::time_point bootTime) {
    const long long uptime = std::max<long long>(
        0, std::chrono::duration_cast<std::chrono::seconds>(now - bootTime).count());
    // The entities DCGM watches with the exporter's default "-d f" (flex): GPUs without MIG,
    // and the instances of MIG-enabled GPUs in place of the GPU itself.
    std::vector<const SimGpu *> watched;
    std::vector<std::string> labels;
    for (const SimGpu &g : devices)
        if (!g.migEnabled) {
            watched.push_back(&g);
            labels.push_back(labelsOf(g, hostname));
        }
    std::string out;
    out.reserve(watched.size() * 4096);
    for (const Counter &c : counters(uptime)) {
        out += "# HELP ";
        out += c.field;
        out += ' ';
        out += c.help;
        out += "\n# TYPE ";
        out += c.field;
        out += ' ';
        out += c.type;
        out += '\n';
        for (std::size_t i = 0; i < watched.size(); ++i) {
            const auto v = c.value(*watched[i]);
            if (!v)
                continue;
            out += c.field;
            out += '{';
            out += labels[i];
            out += "} ";
            out += *v;
            out += '\n';
        }
    }
    return out;
}

} // namespace cubedesk::sim
