#include "k8s/cube/gpureadings.h"

#include "k8s/objects/node.h"
#include "k8s/objects/pod.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <tuple>
#include <unordered_map>

namespace cubedesk::k8s {

namespace {

/// The DCGM fields read, and the reading each fills (XID: `xid`, an integer code).
struct Field {
    std::string_view name;
    std::optional<double> GpuReading::*member;
};

const std::vector<Field> &fields() {
    static const std::vector<Field> kFields = {
        {"DCGM_FI_DEV_GPU_UTIL", &GpuReading::utilization},
        {"DCGM_FI_DEV_FB_USED", &GpuReading::memoryUsedMiB},
        {"DCGM_FI_DEV_FB_FREE", &GpuReading::memoryFreeMiB},
        {"DCGM_FI_DEV_POWER_USAGE", &GpuReading::powerW},
        {"DCGM_FI_DEV_GPU_TEMP", &GpuReading::temperatureC},
        {"DCGM_FI_DEV_SM_CLOCK", &GpuReading::smClockMHz},
        {"DCGM_FI_DEV_XID_ERRORS", nullptr},
    };
    return kFields;
}

int indexOf(const std::string &text) {
    int v = -1;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    return ec == std::errc() && end == text.data() + text.size() ? v : -1;
}

/// "10.10.0.27:9400" → "10.10.0.27"; "[fd00::1]:9400" → "fd00::1".
std::string hostOf(const std::string &instance) {
    if (!instance.empty() && instance.front() == '[') {
        const std::size_t close = instance.find(']');
        return close == std::string::npos ? instance : instance.substr(1, close - 1);
    }
    const std::size_t colon = instance.rfind(':');
    return colon == std::string::npos ? instance : instance.substr(0, colon);
}

const std::string &firstOf(const PromResponse::Series &s,
                           std::initializer_list<std::string_view> names) {
    for (const std::string_view n : names)
        if (const std::string &v = s.label(n); !v.empty())
            return v;
    return s.label("");
}

} // namespace

std::string GpuReadings::query() {
    std::string names;
    for (const Field &f : fields()) {
        if (!names.empty())
            names += '|';
        names += f.name;
    }
    return "{__name__=~\"" + names + "\"}";
}

std::vector<GpuReading> GpuReadings::fromResponse(const PromResponse &answer,
                                                  const ClusterSnapshot &cluster) {
    std::unordered_map<std::string, std::string> nodeByName;
    std::unordered_map<std::string, std::string> nodeByIp;
    for (const auto &o : cluster.nodes) {
        if (!o)
            continue;
        const auto *n = static_cast<const Node *>(o.get()); // ClusterSnapshot::nodes are Nodes
        const std::string name(n->name());
        nodeByName.emplace(name, name);
        if (!n->internalIp().empty())
            nodeByIp.emplace(std::string(n->internalIp()), name);
    }
    // Pods that hold GPUs, by namespace/name → their node.
    std::unordered_map<std::string, std::string> gpuPodNode;
    for (const auto &o : cluster.pods) {
        if (!o)
            continue;
        const auto *p = static_cast<const Pod *>(o.get()); // ClusterSnapshot::pods are Pods
        if (p->nodeName().empty())
            continue;
        bool gpus = false;
        const ResourceList requests = p->requests();
        for (std::size_t i = 0; i < requests.size(); ++i) {
            const ResourceList::Entry e = requests.at(i);
            if (e.name.rfind("nvidia.com/", 0) == 0 && e.value > 0)
                gpus = true;
        }
        if (gpus)
            gpuPodNode.emplace(std::string(p->namespaceName()) + '/' + std::string(p->name()),
                               std::string(p->nodeName()));
    }

    std::map<std::tuple<std::string, int, std::string, std::string>, GpuReading> devices;
    for (const PromResponse::Series &s : answer.series) {
        const std::string &metric = s.label("__name__");
        const auto field = std::find_if(fields().begin(), fields().end(),
                                        [&](const Field &f) { return f.name == metric; });
        if (field == fields().end() || s.samples.empty())
            continue;
        // The node.
        std::string node;
        for (const std::string_view label : {"Hostname", "hostname", "node", "kubernetes_node"})
            if (auto it = nodeByName.find(s.label(label)); it != nodeByName.end()) {
                node = it->second;
                break;
            }
        if (node.empty())
            if (auto it = nodeByIp.find(hostOf(s.label("instance"))); it != nodeByIp.end())
                node = it->second;
        const int gpu = indexOf(s.label("gpu"));
        const std::string &migInstance = s.label("GPU_I_ID");
        const std::string &uuid = firstOf(s, {"UUID", "uuid"});
        // Without a node or an index the device is known by its UUID alone.
        GpuReading &r = devices[{node, gpu, gpu < 0 ? uuid : std::string(), migInstance}];
        r.node = node;
        r.gpu = gpu;
        r.migInstance = migInstance;
        if (r.uuid.empty())
            r.uuid = uuid;
        if (r.model.empty())
            r.model = s.label("modelName");
        if (r.migProfile.empty())
            r.migProfile = s.label("GPU_I_PROFILE");
        // The pod.
        if (r.pod.empty()) {
            if (const std::string &pod = s.label("exported_pod"); !pod.empty()) {
                r.pod = pod;
                r.podNamespace = s.label("exported_namespace");
                r.container = s.label("exported_container");
            } else if (s.label("exported_namespace").empty()) {
                const std::string key = s.label("namespace") + '/' + s.label("pod");
                if (const auto it = gpuPodNode.find(key);
                    it != gpuPodNode.end() && (node.empty() || it->second == node)) {
                    r.pod = s.label("pod");
                    r.podNamespace = s.label("namespace");
                    r.container = s.label("container");
                }
            }
        }
        const PromResponse::Sample &v = s.samples.back();
        if (!v.finite)
            continue; // NaN, Inf: no data
        if (field->member != nullptr)
            r.*(field->member) = v.value;
        else
            r.xid = static_cast<int>(v.value);
    }
    std::vector<GpuReading> out;
    out.reserve(devices.size());
    for (auto &[key, reading] : devices)
        out.push_back(std::move(reading));
    return out;
}

} // namespace cubedesk::k8s
