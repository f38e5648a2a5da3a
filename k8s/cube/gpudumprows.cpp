#include "k8s/cube/gpudumprows.h"

#include "k8s/cube/gputopologyfiles.h"
#include "k8s/cube/gputopologyresolver.h"
#include "k8s/cube/nodestatus.h"
#include "k8s/cube/nrttopologyparser.h"
#include "k8s/objects/node.h"
#include "k8s/objects/pod.h"

#include <algorithm>
#include <cstdio>

namespace cubedesk::k8s {

namespace {

std::string joined(const std::vector<std::string> &parts, char separator) {
    std::string out;
    for (const auto &p : parts) {
        if (!out.empty())
            out += separator;
        out += p;
    }
    return out;
}

struct TopologyFields {
    std::string source, gpus, devices, links, numa, cpu, islands, numaFree, error;
};

TopologyFields topologyFields(const GpuTopologyResolver::Resolved &resolved) {
    TopologyFields f;
    f.error = joined(resolved.problems, ';');
    if (!resolved.topology)
        return f;
    const GpuTopology &t = *resolved.topology;
    f.source = std::string(GpuTopology::sourceName(t.source()));
    std::vector<std::string> gpus, devices, links, numa, cpu, islands, numaFree;
    for (std::size_t i = 0; i < t.deviceCount(); ++i) {
        const auto &d = t.device(i);
        devices.push_back(d.name);
        if (t.hasLinks()) {
            std::vector<std::string> row;
            for (std::size_t j = 0; j < t.deviceCount(); ++j) {
                const auto &l = t.link(i, j);
                row.push_back(l.text.empty() ? std::string(GpuTopology::linkTypeName(l.type))
                                             : l.text);
            }
            links.push_back(d.name + ':' + joined(row, ','));
        }
        if (!d.gpu)
            continue;
        gpus.push_back(d.name);
        numa.push_back(d.name + '=' + (d.numa ? std::to_string(*d.numa) : std::string("?")));
        if (!d.cpuAffinity.empty())
            cpu.push_back(d.name + '=' + d.cpuAffinity);
    }
    for (const auto &island : t.islands())
        islands.push_back(t.describeSet(island));
    for (const auto &[zone, free] : t.zoneFree())
        numaFree.push_back(std::to_string(zone) + '=' + std::to_string(free));
    f.gpus = joined(gpus, ',');
    f.devices = joined(devices, ',');
    f.links = joined(links, ';');
    f.numa = joined(numa, ',');
    f.cpu = joined(cpu, ',');
    f.islands = joined(islands, ';');
    f.numaFree = joined(numaFree, ',');
    return f;
}

/// The readings of `node` that belong to a row of `resource`: its MIG instances of that
/// profile for a MIG resource, else its whole (physical) GPUs.
std::vector<const GpuReading *> devicesOf(const std::vector<GpuReading> *readings,
                                          const std::string &node, const std::string &resource) {
    std::vector<const GpuReading *> out;
    if (readings == nullptr)
        return out;
    constexpr std::string_view kMig = "nvidia.com/mig-";
    const bool mig = resource.rfind(kMig, 0) == 0;
    const std::string profile = mig ? resource.substr(kMig.size()) : std::string();
    for (const GpuReading &g : *readings)
        if (g.node == node && (mig ? g.migProfile == profile : g.migProfile.empty()))
            out.push_back(&g);
    return out;
}

std::string oneDecimal(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

/// util_percent (mean), mem_used_mib, mem_total_mib, power_w (per GPU), temp_max_c (over the
/// devices that report them; "" when none does), health ("ok", or what is wrong: "GPU5 xid 79; GPU2
/// hot 89°C"; "" without readings) and metrics_error (why the cluster has none).
void addMetrics(DumpRow &row, const std::vector<const GpuReading *> &devices,
                const std::string &metricsError) {
    double util = 0;
    int utilCount = 0;
    double used = 0;
    double total = 0;
    std::map<int, double> powerByGpu;
    double temp = 0;
    bool anyMemory = false;
    bool anyPower = false;
    bool anyTemp = false;
    std::vector<std::string> problems;
    for (const GpuReading *g : devices) {
        if (g->utilization) {
            util += *g->utilization;
            ++utilCount;
        }
        if (g->memoryUsedMiB && g->memoryFreeMiB) {
            used += *g->memoryUsedMiB;
            total += *g->memoryUsedMiB + *g->memoryFreeMiB;
            anyMemory = true;
        }
        if (g->powerW) {
            // MIG instances report their GPU's draw: count each GPU once.
            double &p = powerByGpu[g->gpu];
            p = std::max(p, *g->powerW);
            anyPower = true;
        }
        if (g->temperatureC) {
            temp = anyTemp ? std::max(temp, *g->temperatureC) : *g->temperatureC;
            anyTemp = true;
        }
        const std::string name = "GPU" + std::to_string(g->gpu) +
                                 (g->migInstance.empty() ? std::string() : "/" + g->migInstance);
        if (g->xid && *g->xid > 0)
            problems.push_back(name + " xid " + std::to_string(*g->xid));
        if (g->temperatureC && *g->temperatureC >= GpuReadings::kHotCelsius)
            problems.push_back(name + " hot " + oneDecimal(*g->temperatureC) + "C");
    }
    double power = 0;
    for (const auto &[gpu, watts] : powerByGpu)
        power += watts;
    const auto orEmpty = [](bool known, double v) -> DumpRow::Value {
        return known ? DumpRow::Value(v) : DumpRow::Value(std::string());
    };
    row.set("util_percent",
            utilCount > 0 ? DumpRow::Value(util / utilCount) : DumpRow::Value(std::string()))
        .set("mem_used_mib", orEmpty(anyMemory, used))
        .set("mem_total_mib", orEmpty(anyMemory, total))
        .set("power_w", orEmpty(anyPower, power))
        .set("temp_max_c", orEmpty(anyTemp, temp))
        .set("health", devices.empty()    ? std::string()
                       : problems.empty() ? std::string("ok")
                                          : joined(problems, ';'))
        .set("metrics_error", metricsError);
}

} // namespace

std::vector<DumpRow> GpuDumpRows::rows(const std::vector<ClusterSnapshot> &clusters,
                                       const Options &options) {
    std::vector<DumpRow> rows;
    for (const auto &c : clusters) {
        const ClusterAccounting accounting = DumpRows::account(c);

        std::map<std::string, GpuTopology, std::less<>> nrt;
        if (auto it = options.nrtLists.find(c.name);
            it != options.nrtLists.end() && !it->second.empty())
            for (auto &r : NrtTopologyParser::parseList(it->second, options.config.wholeResources))
                if (r.topology)
                    nrt.emplace(r.node, std::move(*r.topology));
        const std::map<std::string, std::string> imported =
            options.readImportedFiles ? GpuTopologyFiles::readAll(c.name)
                                      : std::map<std::string, std::string>();

        std::map<std::string, std::vector<GpuInventory::Holder>, std::less<>> holders;
        for (const auto &o : c.pods) {
            const auto &pod = static_cast<const Pod &>(*o);
            if (pod.nodeName().empty())
                continue;
            if (auto h = GpuInventory::holder(pod, options.config))
                holders[std::string(pod.nodeName())].push_back(std::move(*h));
        }
        for (auto &[node, list] : holders)
            std::sort(list.begin(), list.end(), [](const auto &a, const auto &b) {
                return std::tie(a.ns, a.name) < std::tie(b.ns, b.name);
            });

        const auto readingsIt = options.readings.find(c.name);
        const auto errorIt = options.metricsErrors.find(c.name);
        const std::string metricsError =
            errorIt == options.metricsErrors.end() ? std::string() : errorIt->second;
        std::vector<const Node *> nodes;
        for (const auto &o : c.nodes)
            nodes.push_back(static_cast<const Node *>(o.get()));
        std::sort(nodes.begin(), nodes.end(),
                  [](const Node *a, const Node *b) { return a->name() < b->name(); });
        for (const Node *n : nodes) {
            auto gpus = GpuInventory::node(*n, accounting.node(n->name()), options.config);
            if (!gpus)
                continue;
            const auto nrtIt = nrt.find(n->name());
            const auto importIt = imported.find(std::string(n->name()));
            const TopologyFields topo = topologyFields(GpuTopologyResolver::resolve(
                n->gpuTopology(), nrtIt == nrt.end() ? nullptr : &nrtIt->second,
                importIt == imported.end() ? std::string_view() : importIt->second));
            const std::string status = NodeStatus::text(gpus->ready, gpus->unschedulable);
            std::vector<GpuInventory::Resource> resources = gpus->resources;
            if (resources.empty())
                resources.push_back({gpus->primaryResource(), GpuInventory::ResourceKind::Whole});
            const auto holdersIt = holders.find(gpus->name);
            for (const auto &r : resources) {
                std::vector<std::string> pods;
                if (holdersIt != holders.end())
                    for (const auto &h : holdersIt->second)
                        for (const auto &[name, units] : h.resources)
                            if (name == r.name)
                                pods.push_back(h.ns + '/' + h.name + '=' + std::to_string(units));
                const bool usable = gpus->ready && !gpus->unschedulable;
                DumpRow row;
                row.set("cluster", c.name)
                    .set("node", gpus->name)
                    .set("org", gpus->org)
                    .set("status", status)
                    .set("gpu_type", gpus->gpuType)
                    .set("product", gpus->product)
                    .set("resource", r.name)
                    .set("kind", std::string(GpuInventory::kindName(r.kind)))
                    .set("sharing", std::string(GpuInventory::sharingName(gpus->sharing)))
                    .set("replicas", std::int64_t{gpus->replicas})
                    .set("mig_strategy", gpus->migStrategy)
                    .set("memory_mib", gpus->memoryMiB)
                    .set("physical_gpus", gpus->physicalGpus())
                    .set("capacity", r.capacity)
                    .set("total", r.allocatable)
                    .set("used", r.requested)
                    .set("free", r.free())
                    .set("idle", usable && r.kind == GpuInventory::ResourceKind::Whole
                                     ? r.free()
                                     : std::int64_t{0})
                    .set("pods", joined(pods, ','));
                addMetrics(
                    row,
                    devicesOf(readingsIt == options.readings.end() ? nullptr : &readingsIt->second,
                              gpus->name, r.name),
                    metricsError);
                row.set("topology_source", topo.source)
                    .set("gpus", topo.gpus)
                    .set("devices", topo.devices)
                    .set("links", topo.links)
                    .set("numa_affinity", topo.numa)
                    .set("cpu_affinity", topo.cpu)
                    .set("nvlink_islands", topo.islands)
                    .set("numa_free", topo.numaFree)
                    .set("topology_error", topo.error);
                rows.push_back(std::move(row));
            }
        }
    }
    return rows;
}

} // namespace cubedesk::k8s
