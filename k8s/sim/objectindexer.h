#pragma once

#include "k8s/sim/resourcetype.h"
#include "k8s/sim/storedobject.h"

#include <string_view>
#include <vector>

namespace cubedesk::sim {

/// Turns a JSON document into a StoredObject: serialises it and extracts labels, field-selector
/// values, table cells and pod requests. Stateless; callable from any thread.
class ObjectIndexer final {
public:
    /// The field paths usable in a fieldSelector for this resource (upstream's per-kind lists,
    /// docs/kubernetes-api.md), always including metadata.name and metadata.namespace.
    static const std::vector<std::string_view> &selectableFields(const ResourceType &type);

    static ObjectPtr build(const ResourceType &type, const nlohmann::json &object);

    /// Effective pod requests per resource name (sum over containers, max with init containers,
    /// limits as defaults). Exposed for the scheduler and the tests.
    static std::vector<std::pair<std::string, k8s::Quantity>>
    podRequests(const nlohmann::json &pod);
    /// Limits per resource summed over spec.containers (what a quota's limits.* counts).
    static std::vector<std::pair<std::string, k8s::Quantity>> podLimits(const nlohmann::json &pod);
};

} // namespace cubedesk::sim
