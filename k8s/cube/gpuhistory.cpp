#include "k8s/cube/gpuhistory.h"

#include "k8s/cube/gpuseriesattribution.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace cubedesk::k8s {

namespace {

/// `text` inside a PromQL double-quoted string.
std::string quoted(std::string_view text) {
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + '"';
}

/// `text` as a regular expression matching itself (RE2), unquoted.
std::string literalPattern(std::string_view text) {
    std::string out;
    for (const char c : text) {
        if (std::string_view(".+*?()[]{}|^$\\").find(c) != std::string_view::npos)
            out += '\\';
        out += c;
    }
    return out;
}

} // namespace

std::string_view GpuHistory::metric(Field field) {
    switch (field) {
    case Field::Utilization:
        return "DCGM_FI_DEV_GPU_UTIL";
    case Field::MemoryUsed:
        return "DCGM_FI_DEV_FB_USED";
    case Field::Power:
        return "DCGM_FI_DEV_POWER_USAGE";
    case Field::Temperature:
        return "DCGM_FI_DEV_GPU_TEMP";
    }
    return "DCGM_FI_DEV_GPU_UTIL";
}

std::string GpuHistory::nodeQuery(Field field, std::string_view node, std::string_view internalIp) {
    const std::string name(metric(field));
    std::string query;
    for (const std::string_view label : {"Hostname", "hostname", "node", "kubernetes_node"}) {
        if (!query.empty())
            query += " or ";
        query += name + "{" + std::string(label) + "=" + quoted(node) + "}";
    }
    if (!internalIp.empty())
        query += " or " + name + "{instance=~" + quoted(literalPattern(internalIp) + ":.*") + "}";
    return query;
}

long long GpuHistory::step(long long rangeSeconds) {
    return std::max(15LL, rangeSeconds / 240);
}

std::vector<GpuHistory::Device> GpuHistory::fromResponse(const PromResponse &answer,
                                                         const ClusterSnapshot &cluster,
                                                         std::string_view node) {
    const GpuSeriesAttribution attribution(cluster);
    std::map<std::tuple<int, std::string, std::string>, Device> devices;
    for (const PromResponse::Series &s : answer.series) {
        if (s.samples.empty())
            continue;
        const GpuReading id = attribution.identify(s);
        if (id.node != node)
            continue;
        Device &d = devices[{id.gpu, id.gpu < 0 ? id.uuid : std::string(), id.migInstance}];
        const bool later = d.samples.empty() || s.samples.back().time >= d.samples.back().time;
        d.gpu = id.gpu;
        d.uuid = id.uuid;
        d.migProfile = id.migProfile;
        d.migInstance = id.migInstance;
        if (later)
            d.pod = id.pod.empty() ? std::string() : id.podNamespace + "/" + id.pod;
        d.samples.insert(d.samples.end(), s.samples.begin(), s.samples.end());
    }
    std::vector<Device> out;
    out.reserve(devices.size());
    for (auto &[key, device] : devices) {
        std::stable_sort(device.samples.begin(), device.samples.end(),
                         [](const auto &a, const auto &b) { return a.time < b.time; });
        out.push_back(std::move(device));
    }
    return out;
}

} // namespace cubedesk::k8s
