#pragma once

// MetricsServer: the simulator's metrics-server — `metrics.k8s.io/v1beta1` NodeMetrics and
// PodMetrics computed on request from the stored nodes and pods, in the shapes and units the real
// metrics-server serves (CPU in nanocores, "123456789n"; memory working set in KiB, "76012Ki";
// a timestamp at the last 15-second scrape and a window of about 15 s; the object's labels;
// metadata.creationTimestamp = now). Usage follows each container's allowance and its
// WorkloadProfile (WorkloadLoad): busy training replicas, idle notebooks, bursty inference. A
// container without requests or limits uses a small amount of its own. A node's usage is its
// running pods' plus the system's (kubelet, runtime).
//
// As metrics-server: only Running pods bound to a node have metrics, and only Ready nodes; the
// others are absent from lists and 404 on GET ("podmetrics.metrics.k8s.io \"x\" not found").
// Lists take label selectors, namespaces and `limit`/`continue`: the page is cut over the
// underlying pods or nodes (the store's paging and tokens), so a page may hold fewer items than
// its limit, which the API allows.
//
// Thread-safety: const members only, callable from any thread (the store is thread-safe).

#include "k8s/sim/apierror.h"
#include "k8s/sim/objectstore.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace cubedesk::sim {

class ResourceRegistry;

class MetricsServer final {
public:
    using TimePoint = std::chrono::system_clock::time_point;

    /// Usage of one container or node: CPU in nanocores, memory in bytes.
    struct Usage {
        std::int64_t nanoCores = 0;
        std::int64_t bytes = 0;
    };

    /// `store` and `registry` must outlive the server.
    MetricsServer(const ObjectStore &store, const ResourceRegistry &registry);

    Result<nlohmann::json> node(const std::string &name, TimePoint now) const;
    Result<nlohmann::json> pod(const std::string &ns, const std::string &name, TimePoint now) const;
    /// A NodeMetricsList page; the query's selectors and paging apply to the nodes.
    Result<nlohmann::json> nodes(const ListQuery &query, TimePoint now) const;
    /// A PodMetricsList page; the query's namespace, selectors and paging apply to the pods.
    Result<nlohmann::json> pods(const ListQuery &query, TimePoint now) const;

    /// What `container` (an entry of the pod's spec.containers) uses at `now`.
    static Usage containerUsage(const nlohmann::json &pod, const nlohmann::json &container,
                                TimePoint now);

private:
    nlohmann::json nodeMetrics(const nlohmann::json &node, const Usage &pods, TimePoint now) const;
    /// Every running pod's usage, summed per node name (only `onlyNode`'s pods when given: a GET
    /// of one node parses no other node's pods).
    std::map<std::string, Usage> usageByNode(TimePoint now, std::string_view onlyNode = {}) const;

    const ObjectStore &m_store;
    const ResourceRegistry &m_registry;
};

} // namespace cubedesk::sim
