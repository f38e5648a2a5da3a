#include "k8s/cube/gpuseriesattribution.h"

#include "k8s/objects/node.h"
#include "k8s/objects/pod.h"

#include <charconv>

namespace cubedesk::k8s {

namespace {

int indexOf(std::string_view text) {
    int v = -1;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    return ec == std::errc() && end == text.data() + text.size() ? v : -1;
}

/// "10.10.0.27:9400" → "10.10.0.27"; "[fd00::1]:9400" → "fd00::1".
std::string_view hostOf(std::string_view instance) {
    if (!instance.empty() && instance.front() == '[') {
        const std::size_t close = instance.find(']');
        return close == std::string_view::npos ? instance : instance.substr(1, close - 1);
    }
    const std::size_t colon = instance.rfind(':');
    return colon == std::string_view::npos ? instance : instance.substr(0, colon);
}

} // namespace

struct GpuSeriesAttribution::Labels {
    std::string_view hostname[4]; ///< Hostname, hostname, node, kubernetes_node: first wins
    std::string_view instance;
    std::string_view gpu;
    std::string_view migInstance;
    std::string_view migProfile;
    std::string_view uuid[2]; ///< UUID, uuid
    std::string_view model;
    std::string_view ns, pod, container;
    std::string_view exportedNs, exportedPod, exportedContainer;

    using Member = std::string_view Labels::*;
    struct Known {
        std::string_view name;
        Member member;
    };
    /// Every label read but the node's and the UUID's (arrays: first given wins).
    static constexpr Known kKnown[] = {
        {"instance", &Labels::instance},
        {"gpu", &Labels::gpu},
        {"GPU_I_ID", &Labels::migInstance},
        {"GPU_I_PROFILE", &Labels::migProfile},
        {"modelName", &Labels::model},
        {"namespace", &Labels::ns},
        {"pod", &Labels::pod},
        {"container", &Labels::container},
        {"exported_namespace", &Labels::exportedNs},
        {"exported_pod", &Labels::exportedPod},
        {"exported_container", &Labels::exportedContainer},
    };
    static constexpr std::string_view kHostnames[] = {"Hostname", "hostname", "node",
                                                      "kubernetes_node"};
    static constexpr std::string_view kUuids[] = {"UUID", "uuid"};

    /// One pass over (name, value) pairs of any string type.
    template <class Pairs>
    static Labels of(const Pairs &pairs) {
        Labels out;
        for (const auto &[name, value] : pairs) {
            const std::string_view n(name);
            if (pick(n, value, kHostnames, out.hostname) || pick(n, value, kUuids, out.uuid))
                continue;
            for (const Known &k : kKnown)
                if (n == k.name) {
                    out.*(k.member) = value;
                    break;
                }
        }
        return out;
    }

private:
    template <std::size_t N>
    static bool pick(std::string_view name, std::string_view value,
                     const std::string_view (&names)[N], std::string_view (&into)[N]) {
        for (std::size_t i = 0; i < N; ++i)
            if (name == names[i]) {
                into[i] = value;
                return true;
            }
        return false;
    }
};

std::string GpuSeriesAttribution::labelList() {
    std::string list;
    const auto add = [&list](std::string_view label) {
        list.append(list.empty() ? "" : ", ").append(label);
    };
    for (const std::string_view name : Labels::kHostnames)
        add(name);
    for (const std::string_view name : Labels::kUuids)
        add(name);
    for (const Labels::Known &k : Labels::kKnown)
        add(k.name);
    return list;
}

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

GpuReading GpuSeriesAttribution::identify(const PromResponse::Series &series) const {
    return identify(Labels::of(series.labels));
}

GpuReading GpuSeriesAttribution::identify(const PromResponse::SeriesView &series) const {
    return identify(Labels::of(series.labels));
}

const std::string &GpuSeriesAttribution::lookup(const Index &index, std::string_view key) {
    static const std::string kNone;
    const auto it = index.find(key);
    return it == index.end() ? kNone : it->second;
}

GpuReading GpuSeriesAttribution::identify(const Labels &l) const {
    GpuReading r;
    for (const std::string_view host : l.hostname)
        if (const std::string &node = lookup(m_nodeByName, host); !node.empty()) {
            r.node = node;
            break;
        }
    if (r.node.empty())
        r.node = lookup(m_nodeByIp, hostOf(l.instance));
    r.gpu = indexOf(l.gpu);
    r.migInstance = l.migInstance;
    r.migProfile = l.migProfile;
    r.uuid = l.uuid[0].empty() ? l.uuid[1] : l.uuid[0];
    r.model = l.model;
    if (!l.exportedPod.empty()) {
        r.pod = l.exportedPod;
        r.podNamespace = l.exportedNs;
        r.container = l.exportedContainer;
    } else if (l.exportedNs.empty()) {
        std::string key;
        key.reserve(l.ns.size() + 1 + l.pod.size());
        key.append(l.ns).append(1, '/').append(l.pod);
        const std::string &node = lookup(m_gpuPodNode, key);
        if (!node.empty() && (r.node.empty() || node == r.node)) {
            r.pod = l.pod;
            r.podNamespace = l.ns;
            r.container = l.container;
        }
    }
    return r;
}

} // namespace cubedesk::k8s
