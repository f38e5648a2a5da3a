#include "k8s/cube/gpuseriesattribution.h"

#include "k8s/objects/node.h"
#include "k8s/objects/pod.h"

#include <charconv>

namespace cubedesk::k8s {

namespace {

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

GpuSeriesAttribution::GpuSeriesAttribution(const ClusterSnapshot &cluster) {
    for (const auto &o : cluster.nodes) {
        if (!o)
            continue;
        const auto *n = static_cast<const Node *>(o.get()); // ClusterSnapshot::nodes are Nodes
        const std::string name(n->name());
        m_nodeByName.emplace(name, name);
        if (!n->internalIp().empty())
            m_nodeByIp.emplace(std::string(n->internalIp()), name);
    }
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
            m_gpuPodNode.emplace(std::string(p->namespaceName()) + '/' + std::string(p->name()),
                                 std::string(p->nodeName()));
    }
}

GpuReading GpuSeriesAttribution::identify(const PromResponse::Series &s) const {
    GpuReading r;
    for (const std::string_view label : {"Hostname", "hostname", "node", "kubernetes_node"})
        if (auto it = m_nodeByName.find(s.label(label)); it != m_nodeByName.end()) {
            r.node = it->second;
            break;
        }
    if (r.node.empty())
        if (auto it = m_nodeByIp.find(hostOf(s.label("instance"))); it != m_nodeByIp.end())
            r.node = it->second;
    r.gpu = indexOf(s.label("gpu"));
    r.migInstance = s.label("GPU_I_ID");
    r.migProfile = s.label("GPU_I_PROFILE");
    r.uuid = firstOf(s, {"UUID", "uuid"});
    r.model = s.label("modelName");
    if (const std::string &pod = s.label("exported_pod"); !pod.empty()) {
        r.pod = pod;
        r.podNamespace = s.label("exported_namespace");
        r.container = s.label("exported_container");
    } else if (s.label("exported_namespace").empty()) {
        const auto it = m_gpuPodNode.find(s.label("namespace") + '/' + s.label("pod"));
        if (it != m_gpuPodNode.end() && (r.node.empty() || it->second == r.node)) {
            r.pod = s.label("pod");
            r.podNamespace = s.label("namespace");
            r.container = s.label("container");
        }
    }
    return r;
}

} // namespace cubedesk::k8s
