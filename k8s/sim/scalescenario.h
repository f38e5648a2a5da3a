#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace cubedesk::sim {

class ObjectStore;
class ResourceRegistry;
struct ResourceType;

/// The `scale` scenario: `nodes` nodes and `pods` pods of realistic size and shape (labels,
/// annotations, managedFields, conditions, container statuses, images on nodes; 30 % of pods with
/// an Istio sidecar) in max(1, pods/150) namespaces (at most 1,000), GPU nodes (eight A100s each)
/// with the platform's and GPU Feature Discovery labels, every pod bound and Running except one
/// in a thousand left pending for the scheduler. Deterministic for a seed. Loaded with
/// ObjectStore::bulkLoad on every core: 150,000 pods in seconds.
///
/// GPU nodes: every tenth node (index % 10 == 0) unless `gpuNodes` says how many, then spread
/// evenly (isGpuNode). Besides the `pods`, the platform's monitoring as the demo scenario has
/// it: the dcgm-exporter DaemonSet (namespace `monitoring`, hostNetwork) with a Running pod on
/// every GPU node and its Service, and the `prometheus-k8s` pod and Service — so that the
/// simulator serves every GPU node's exporter endpoint (DcgmEndpoints) for a real Prometheus.
class ScaleScenario final {
public:
    static void load(ObjectStore &store, const ResourceRegistry &registry, std::size_t nodes,
                     std::size_t pods, std::uint64_t seed,
                     std::optional<std::size_t> gpuNodes = std::nullopt);

    /// Whether node `index` of `nodes` is a GPU node: index % 10 == 0 without `gpuNodes`; else
    /// exactly `gpuNodes` of the `nodes` are, evenly spread ((index × gpuNodes) mod nodes <
    /// gpuNodes: every node when gpuNodes == nodes, every tenth when it is a tenth of them).
    static bool isGpuNode(std::size_t index, std::size_t nodes,
                          std::optional<std::size_t> gpuNodes);

    static std::string namespaceName(std::size_t index);
    /// Node `index`; a GPU node every tenth index, or as `gpu` says.
    static nlohmann::json node(std::size_t index, std::uint64_t seed);
    static nlohmann::json node(std::size_t index, std::uint64_t seed, bool gpu);
    static nlohmann::json pod(std::size_t index, std::size_t nodes, std::size_t namespaces,
                              std::uint64_t seed,
                              std::optional<std::size_t> gpuNodes = std::nullopt);
    /// The dcgm-exporter DaemonSet's pod on node `nodeIndex` (a GPU node).
    static nlohmann::json exporterPod(std::size_t nodeIndex, std::uint64_t seed);

private:
    /// The namespace `monitoring`: the exporter DaemonSet, its pods and Service, and Prometheus.
    static void loadMonitoring(ObjectStore &store, const ResourceRegistry &registry,
                               std::size_t nodes, std::uint64_t seed,
                               std::optional<std::size_t> gpuNodes);
};

} // namespace cubedesk::sim
