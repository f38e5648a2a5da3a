#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace cubedesk::sim {

class ObjectStore;
class ResourceRegistry;

/// The `scale` scenario: `nodes` nodes and `pods` pods of realistic size and shape (labels,
/// annotations, managedFields, conditions, container statuses, images on nodes; 30 % of pods with
/// an Istio sidecar) in max(1, pods/150) namespaces (at most 1,000), 10 % GPU nodes with the
/// platform's and GPU Feature Discovery labels, every pod bound and Running except one in a
/// thousand left pending for the scheduler. Deterministic for a seed. Loaded with
/// ObjectStore::bulkLoad on every core: 150,000 pods in seconds.
class ScaleScenario final {
public:
    static void load(ObjectStore &store, const ResourceRegistry &registry, std::size_t nodes,
                     std::size_t pods, std::uint64_t seed);

    static std::string namespaceName(std::size_t index);
    static nlohmann::json node(std::size_t index, std::uint64_t seed);
    static nlohmann::json pod(std::size_t index, std::size_t nodes, std::size_t namespaces,
                              std::uint64_t seed);
};

} // namespace cubedesk::sim
