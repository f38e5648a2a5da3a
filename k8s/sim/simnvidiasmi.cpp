#include "k8s/sim/simnvidiasmi.h"

#include <algorithm>
#include <cstdio>
#include <ctime>

namespace cubedesk::sim {

namespace {

constexpr int kWidth = 91; ///< every boxed line of the 550-series layout

std::string fmt(const char *format, auto... args) {
    char buf[512];
    const int n = std::snprintf(buf, sizeof buf, format, args...);
    return std::string(buf, static_cast<std::size_t>(std::clamp(n, 0, 511)));
}

bool contains(std::string_view text, std::string_view part) {
    return text.find(part) != std::string_view::npos;
}

/// GeForce and RTX workstation boards have fans and no ECC; data-centre boards are passive.
bool consumerBoard(std::string_view name) {
    return contains(name, "GeForce") || contains(name, "RTX") || contains(name, "TITAN");
}

bool migCapable(std::string_view name) {
    for (std::string_view model : {"A100", "A30", "H100", "H200", "H800", "H20", "B200", "GH200"})
        if (contains(name, model))
            return true;
    return false;
}

std::string boxLine(char fill) {
    return "+" + std::string(kWidth - 2, fill) + "+\n";
}

std::string padRight(std::string text, std::size_t width) {
    if (text.size() < width)
        text.append(width - text.size(), ' ');
    return text;
}

std::string dateLine(std::chrono::system_clock::time_point now) {
    const std::time_t t = std::chrono::system_clock::to_time_t(now);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[64];
    const std::size_t n = std::strftime(buf, sizeof buf, "%a %b %e %H:%M:%S %Y", &tm);
    return std::string(buf, n) + "       \n";
}

/// The 27 columns the tool gives a name: longer names keep 24 characters and "...".
std::string tableName(const std::string &name) {
    if (name.size() <= 27)
        return name;
    return name.substr(0, 24) + "...";
}

/// The 40 columns of "Process name": longer names keep their end behind "...".
std::string processName(const std::string &name) {
    if (name.size() <= 40)
        return name;
    return "..." + name.substr(name.size() - 37);
}

std::string gpuRows(const SimGpu &gpu) {
    const std::string name = gpuMarketingName(gpu.product);
    const bool consumer = consumerBoard(name);
    const bool busy = gpu.utilizationPercent > 0 || !gpu.processes.empty();
    const std::string persistence = consumer ? "Off" : "On";
    const std::string fan = consumer ? (busy ? "45%" : "30%") : "N/A";
    const std::string perf = (consumer && !busy) ? "P8" : "P0";
    const std::string ecc = contains(name, "GeForce") ? "N/A" : (consumer ? "Off" : "0");
    const std::string mig =
        !migCapable(name) ? "N/A" : (gpu.migProfile.empty() ? "Disabled" : "Enabled");
    // A MIG instance's utilisation is not reported: nvidia-smi prints N/A in the column.
    const std::string util =
        gpu.utilizationPercent < 0 ? fmt("%8s", "N/A") : fmt("%7d%%", gpu.utilizationPercent);
    std::string out;
    out += "|" +
           fmt("%4d  %-27s    %-3s ", gpu.index, tableName(name).c_str(), persistence.c_str()) +
           "|" + fmt("   %-16s %3s ", gpu.busId.c_str(), "Off") + "|" + fmt("%21s ", ecc.c_str()) +
           "|\n";
    out += "|" +
           fmt(" %3s  %3dC    %-2s%15dW / %4dW ", fan.c_str(), gpu.temperatureC, perf.c_str(),
               gpu.powerW, gpu.powerCapW) +
           "|" + fmt("%8dMiB / %6dMiB ", gpu.memoryUsedMiB, gpu.memoryMiB) + "|" + util +
           fmt("%13s ", "Default") + "|\n";
    out += "|" + std::string(41, ' ') + "|" + std::string(24, ' ') + "|" +
           fmt("%21s ", mig.c_str()) + "|\n";
    return out;
}

std::string processRows(const std::vector<SimGpu> &gpus) {
    std::string out;
    for (const SimGpu &gpu : gpus) {
        const int n = static_cast<int>(gpu.processes.size());
        for (int i = 0; i < n; ++i) {
            // The caller gives the GPU's used memory; its processes share it.
            int memory = gpu.memoryUsedMiB / n;
            if (i == 0)
                memory += gpu.memoryUsedMiB % n;
            const auto &[pid, name] = gpu.processes[static_cast<std::size_t>(i)];
            out += fmt("|%5d   N/A  N/A%10d      C   %-40s%9dMiB |\n", gpu.index, pid,
                       processName(name).c_str(), memory);
        }
    }
    if (out.empty())
        out = padRight("|  No running processes found", kWidth - 1) + "|\n";
    return out;
}

std::string utcText(std::chrono::system_clock::time_point now) {
    const std::time_t t = std::chrono::system_clock::to_time_t(now);
    std::tm tm{};
    gmtime_r(&t, &tm);
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() %
        1000;
    return fmt("%04d/%02d/%02d %02d:%02d:%02d.%03d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
               tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms));
}

std::vector<std::string> splitComma(std::string_view text) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        std::string part(text.substr(start, comma - start));
        part.erase(0, part.find_first_not_of(' '));
        part.erase(part.find_last_not_of(' ') + 1);
        if (!part.empty())
            parts.push_back(part);
        start = comma + 1;
    }
    return parts;
}

struct QueryValue {
    std::string header; ///< with its unit, "memory.total [MiB]"
    std::string value;  ///< with its unit, "81920 MiB"
    std::string bare;   ///< without, "81920"
};

std::optional<QueryValue> gpuField(const std::string &field, const SimGpu &gpu, std::size_t count,
                                   std::chrono::system_clock::time_point now) {
    auto plain = [&](const std::string &value) { return QueryValue{field, value, value}; };
    auto unit = [&](const std::string &number, const std::string &u) {
        return QueryValue{field + " [" + u + "]", number + " " + u, number};
    };
    const std::string name = gpuMarketingName(gpu.product);
    if (field == "index")
        return plain(std::to_string(gpu.index));
    if (field == "name" || field == "gpu_name")
        return plain(name);
    if (field == "uuid" || field == "gpu_uuid")
        return plain(gpu.uuid);
    if (field == "pci.bus_id" || field == "gpu_bus_id")
        return plain(gpu.busId);
    if (field == "driver_version")
        return plain(std::string(kNvidiaDriverVersion));
    if (field == "count")
        return plain(std::to_string(count));
    if (field == "timestamp")
        return plain(utcText(now));
    if (field == "pstate")
        return plain("P0");
    if (field == "persistence_mode")
        return plain(consumerBoard(name) ? "Disabled" : "Enabled");
    if (field == "temperature.gpu")
        return plain(std::to_string(gpu.temperatureC));
    if (field == "memory.total")
        return unit(std::to_string(gpu.memoryMiB), "MiB");
    if (field == "memory.used")
        return unit(std::to_string(gpu.memoryUsedMiB), "MiB");
    if (field == "memory.free")
        return unit(std::to_string(std::max(0, gpu.memoryMiB - gpu.memoryUsedMiB)), "MiB");
    if (gpu.utilizationPercent < 0 && (field == "utilization.gpu" || field == "utilization.memory"))
        return QueryValue{field + " [%]", "[N/A]", "[N/A]"};
    if (field == "utilization.gpu")
        return unit(std::to_string(gpu.utilizationPercent), "%");
    if (field == "utilization.memory")
        return unit(std::to_string(gpu.utilizationPercent * 3 / 5), "%");
    if (field == "power.draw")
        return unit(fmt("%.2f", static_cast<double>(gpu.powerW)), "W");
    if (field == "power.limit")
        return unit(fmt("%.2f", static_cast<double>(gpu.powerCapW)), "W");
    if (field == "fan.speed") {
        if (!consumerBoard(name))
            return QueryValue{field + " [%]", "[N/A]", "[N/A]"};
        return unit(gpu.utilizationPercent > 0 ? "45" : "30", "%");
    }
    return std::nullopt;
}

std::optional<QueryValue> appField(const std::string &field, const SimGpu &gpu, int pid,
                                   const std::string &process, int memory) {
    auto plain = [&](const std::string &value) { return QueryValue{field, value, value}; };
    if (field == "pid")
        return plain(std::to_string(pid));
    if (field == "process_name" || field == "name")
        return plain(process);
    if (field == "used_memory" || field == "used_gpu_memory")
        return QueryValue{"used_gpu_memory [MiB]", std::to_string(memory) + " MiB",
                          std::to_string(memory)};
    if (field == "gpu_uuid")
        return plain(gpu.uuid);
    if (field == "gpu_name")
        return plain(gpuMarketingName(gpu.product));
    if (field == "gpu_bus_id")
        return plain(gpu.busId);
    return std::nullopt;
}

std::string csvLine(const std::vector<QueryValue> &values, bool header, bool units) {
    std::string line;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0)
            line += ", ";
        line += header ? values[i].header : (units ? values[i].value : values[i].bare);
    }
    return line + "\n";
}

constexpr const char *kHelp =
    "NVIDIA System Management Interface -- v550.54.15\n"
    "\n"
    "NVSMI provides monitoring information for Tesla and select Quadro devices.\n"
    "The data is presented in either a plain text or an XML format, via stdout or a file.\n"
    "NVSMI also provides several management operations for changing the device state.\n"
    "\n"
    "Note that the functionality of NVSMI is exposed through the NVML C-based\n"
    "library. See the NVIDIA developer website for more information about NVML.\n"
    "Python wrappers to NVML are also available.  The output of NVSMI is\n"
    "not guaranteed to be backwards compatible; NVML and the bindings are backwards\n"
    "compatible.\n"
    "\n"
    "    nvidia-smi [OPTION1 [ARG1]] [OPTION2 [ARG2]] ...\n"
    "\n"
    "    -h,   --help                Print usage information and exit.\n"
    "    -L,   --list-gpus           Display a list of GPUs connected to the system.\n"
    "    -i,   --id=                 Target a specific GPU.\n"
    "    -l,   --loop=               Probe until Ctrl+C at specified second interval.\n"
    "    --query-gpu=                Information about GPU.\n"
    "    --query-compute-apps=       List of active compute processes.\n"
    "    --format=                   Comma separated list of format options:\n"
    "                                  csv - comma separated values (MANDATORY)\n"
    "                                  noheader - skip the first line with column headers\n"
    "                                  nounits - don't print units for numerical values\n";

} // namespace

std::string gpuMarketingName(std::string_view productLabel) {
    std::string label(productLabel);
    if (label.empty() || label.find(' ') != std::string::npos)
        return label;
    std::string vendor;
    std::string rest = label;
    for (std::string_view v : {"NVIDIA-", "Tesla-", "Quadro-"}) {
        if (label.rfind(v, 0) == 0) {
            vendor = std::string(v.substr(0, v.size() - 1));
            rest = label.substr(v.size());
            break;
        }
    }
    // "A100-SXM4-80GB", "V100-PCIE-32GB": the model keeps its hyphens; "H100-80GB-HBM3",
    // "GeForce-RTX-4090", "A100-80GB-PCIe" had spaces.
    std::string second;
    if (const std::size_t dash = rest.find('-'); dash != std::string::npos) {
        const std::size_t end = rest.find('-', dash + 1);
        second = rest.substr(dash + 1, end == std::string::npos ? end : end - dash - 1);
    }
    const bool hyphenatedModel = second.rfind("SXM", 0) == 0 || second.rfind("PCIE", 0) == 0;
    if (!hyphenatedModel)
        std::replace(rest.begin(), rest.end(), '-', ' ');
    return vendor.empty() ? rest : vendor + " " + rest;
}

std::string formatNvidiaSmi(const std::vector<SimGpu> &gpus,
                            std::chrono::system_clock::time_point now) {
    std::string out = dateLine(now);
    out += boxLine('-');
    out += "| NVIDIA-SMI " + padRight(std::string(kNvidiaDriverVersion), 23) +
           "Driver Version: " + padRight(std::string(kNvidiaDriverVersion), 15) +
           "CUDA Version: " + padRight(std::string(kNvidiaCudaVersion), 9) + "|\n";
    out += "|-----------------------------------------+------------------------+-------------------"
           "---+\n";
    out += "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. "
           "ECC |\n";
    out += "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute "
           "M. |\n";
    out += "|                                         |                        |               MIG "
           "M. |\n";
    out += "|=========================================+========================+==================="
           "===|\n";
    for (const SimGpu &gpu : gpus) {
        out += gpuRows(gpu);
        out += "+-----------------------------------------+------------------------+---------------"
               "-------+\n";
    }
    out += std::string(kWidth - 2, ' ') + "\n";
    out += boxLine('-');
    out += padRight("| Processes:", kWidth - 1) + "|\n";
    out += "|  GPU   GI   CI        PID   Type   Process name                              GPU "
           "Memory |\n";
    out += "|        ID   ID                                                               Usage   "
           "   |\n";
    out += "|" + std::string(kWidth - 2, '=') + "|\n";
    out += processRows(gpus);
    out += boxLine('-');
    return out;
}

std::string formatNvidiaSmiList(const std::vector<SimGpu> &gpus) {
    std::string out;
    for (const SimGpu &gpu : gpus)
        out += "GPU " + std::to_string(gpu.index) + ": " + gpuMarketingName(gpu.product) +
               " (UUID: " + gpu.uuid + ")\n";
    return out;
}

NvidiaSmiRun runNvidiaSmi(const std::vector<std::string> &args, const std::vector<SimGpu> &gpus,
                          std::chrono::system_clock::time_point now) {
    NvidiaSmiRun run;
    auto invalid = [&] {
        run.out = "Invalid combination of input arguments. Please run 'nvidia-smi -h' for help.\n";
        run.exitCode = 2;
        return run;
    };
    bool list = false;
    std::optional<std::string> ids;
    std::optional<std::string> queryGpu;
    std::optional<std::string> queryApps;
    std::string format;
    auto value = [&](std::size_t &i, std::string_view longName,
                     std::string_view shortName) -> std::optional<std::string> {
        const std::string &a = args[i];
        const std::string withEq = std::string(longName) + "=";
        if (a.rfind(withEq, 0) == 0)
            return a.substr(withEq.size());
        if ((a == longName || (!shortName.empty() && a == shortName)) && i + 1 < args.size())
            return args[++i];
        return std::nullopt;
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        if (a == "-h" || a == "--help") {
            run.out = kHelp;
            return run;
        }
        if (a == "--version") {
            run.out = "NVIDIA-SMI version  : 550.54.15\nNVML version        : 550.54\n"
                      "DRIVER version      : 550.54.15\nCUDA Version        : 12.4\n";
            return run;
        }
        if (a == "-L" || a == "--list-gpus") {
            list = true;
        } else if (auto v = value(i, "--id", "-i")) {
            ids = *v;
        } else if (auto v = value(i, "--query-gpu", "")) {
            queryGpu = *v;
        } else if (auto v = value(i, "--query-compute-apps", "")) {
            queryApps = *v;
        } else if (auto v = value(i, "--format", "")) {
            format = *v;
        } else if (auto v = value(i, "--loop", "-l")) {
            char *end = nullptr;
            const double seconds = std::strtod(v->c_str(), &end);
            if (end == v->c_str() || *end != '\0' || seconds <= 0)
                return invalid();
            run.loopSeconds = seconds;
        } else {
            return invalid();
        }
    }

    std::vector<SimGpu> selected;
    if (ids) {
        for (const std::string &id : splitComma(*ids)) {
            const auto it = std::find_if(gpus.begin(), gpus.end(), [&](const SimGpu &g) {
                return std::to_string(g.index) == id || g.uuid == id || g.busId == id;
            });
            if (it == gpus.end()) {
                run.out = "No devices were found\n";
                run.exitCode = 6;
                run.loopSeconds.reset();
                return run;
            }
            selected.push_back(*it);
        }
    } else {
        selected = gpus;
    }

    if (queryGpu || queryApps) {
        const std::vector<std::string> options = splitComma(format);
        const bool header = std::find(options.begin(), options.end(), "noheader") == options.end();
        const bool units = std::find(options.begin(), options.end(), "nounits") == options.end();
        const std::vector<std::string> fields = splitComma(queryGpu ? *queryGpu : *queryApps);
        std::vector<std::vector<QueryValue>> rows;
        std::vector<QueryValue> headerRow;
        for (const std::string &field : fields) {
            auto probe = queryGpu ? gpuField(field, SimGpu{}, 0, now)
                                  : appField(field, SimGpu{}, 0, std::string(), 0);
            if (!probe) {
                run.out = "Field \"" + field + "\" is not a valid field to query.\n\n";
                run.exitCode = 2;
                run.loopSeconds.reset();
                return run;
            }
            headerRow.push_back(*probe);
        }
        for (const SimGpu &gpu : selected) {
            if (queryGpu) {
                std::vector<QueryValue> row;
                row.reserve(fields.size());
                for (const std::string &field : fields)
                    row.push_back(*gpuField(field, gpu, gpus.size(), now));
                rows.push_back(row);
                continue;
            }
            const int n = static_cast<int>(gpu.processes.size());
            for (int k = 0; k < n; ++k) {
                const auto &[pid, name] = gpu.processes[static_cast<std::size_t>(k)];
                const int memory = gpu.memoryUsedMiB / n + (k == 0 ? gpu.memoryUsedMiB % n : 0);
                std::vector<QueryValue> row;
                row.reserve(fields.size());
                for (const std::string &field : fields)
                    row.push_back(*appField(field, gpu, pid, name, memory));
                rows.push_back(row);
            }
        }
        if (header)
            run.out += csvLine(headerRow, true, units);
        for (const auto &row : rows)
            run.out += csvLine(row, false, units);
        return run;
    }
    run.out = list ? formatNvidiaSmiList(selected) : formatNvidiaSmi(selected, now);
    return run;
}

} // namespace cubedesk::sim
