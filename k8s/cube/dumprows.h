#pragma once

#include "k8s/cube/clusteraccounting.h"
#include "k8s/cube/dumprow.h"
#include "k8s/cube/metricspage.h"
#include "k8s/objects/kubeobject.h"

#include <ctime>
#include <memory>
#include <string>
#include <vector>

namespace cubedesk::k8s {

/// What one cluster looks like at one moment, for building rows.
struct ClusterSnapshot {
    std::string name;
    std::string server;
    std::string version;
    std::string state; ///< "synced", "stale since ...", ...
    std::string lastError;
    std::vector<std::shared_ptr<const KubeObject>> nodes;
    std::vector<std::shared_ptr<const KubeObject>> pods;
    std::vector<std::shared_ptr<const KubeObject>> namespaces;
    std::vector<std::shared_ptr<const KubeObject>> jobs;   ///< every job kind (CustomResource)
    std::vector<std::shared_ptr<const KubeObject>> queues; ///< Volcano Queues
    std::vector<std::shared_ptr<const KubeObject>> quotas; ///< ResourceQuotas
    std::vector<std::shared_ptr<const KubeObject>> limitRanges;
    std::vector<std::shared_ptr<const KubeObject>> events;
    std::string discoveryError; ///< why job kinds could not be looked up ("" when they were)
    /// metrics.k8s.io's node and pod items (--dump usage), and why there are none when the
    /// cluster could not give them ("" otherwise).
    std::vector<MetricsPage::Item> nodeMetrics;
    std::vector<MetricsPage::Item> podMetrics;
    std::string metricsError;
};

/// The rows of `cubedesk --dump clusters|nodes|pods|orgs|jobs|quotas|events|usage`, built from
/// snapshots with the platform's accounting rules (ClusterAccounting). Pure functions; rows sorted
/// by cluster and name so output is stable.
class DumpRows final {
public:
    /// Whole-device GPU resource names counted as "GPUs" (MIG slices and shares are not cards).
    static const std::vector<std::string> &gpuResourceNames();

    static std::vector<DumpRow> clusters(const std::vector<ClusterSnapshot> &clusters);
    static std::vector<DumpRow> nodes(const std::vector<ClusterSnapshot> &clusters);
    static std::vector<DumpRow> pods(const std::vector<ClusterSnapshot> &clusters);
    static std::vector<DumpRow> orgs(const std::vector<ClusterSnapshot> &clusters);
    /// One row per job (JobRow): cluster, namespace, kind, name, phase, replicas, gpus, ...
    static std::vector<DumpRow> jobs(const std::vector<ClusterSnapshot> &clusters,
                                     std::int64_t now);
    /// One row per resource of each ResourceQuota, LimitRange item, Volcano Queue and org.
    static std::vector<DumpRow> quotas(const std::vector<ClusterSnapshot> &clusters);
    /// Events, oldest last-seen first.
    static std::vector<DumpRow> events(const std::vector<ClusterSnapshot> &clusters);
    /// `--dump usage`: one row per node, then one per Running pod, with what metrics-server
    /// measured beside what is requested (and, for nodes, allocatable): cluster, kind (node |
    /// pod), namespace, name, node, org, cpu_used, cpu_requested, cpu_allocatable (cores),
    /// memory_used, memory_requested, memory_allocatable (bytes), timestamp, window. A value
    /// metrics-server did not give is "" — never 0.
    static std::vector<DumpRow> usage(const std::vector<ClusterSnapshot> &clusters);

    static ClusterAccounting account(const ClusterSnapshot &cluster);
    static std::int64_t gpus(const ClusterAccounting::Amounts &amounts);
    static std::string formatTime(std::int64_t epochSeconds);
};

} // namespace cubedesk::k8s
