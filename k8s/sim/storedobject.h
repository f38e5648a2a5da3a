#pragma once

#include "k8s/api/quantity.h"

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cubedesk::sim {

using StringPairs = std::vector<std::pair<std::string, std::string>>;

/// One object as the simulator stores it: the compact JSON that LIST and WATCH send verbatim,
/// plus what selectors, tables and the scheduler need, extracted once when the object is written.
/// Immutable once built and shared across threads as ObjectPtr; a write replaces the pointer.
struct StoredObject {
    std::string json; ///< compact serialisation, keys sorted (so "apiVersion" comes first)
    std::string ns;
    std::string name;
    std::string uid;
    std::string apiVersion;
    std::string creationTimestamp;
    std::uint64_t rv = 0;
    StringPairs labels; ///< sorted by key
    StringPairs fields; ///< field-selector values of this kind, sorted by field path
    /// Pods and nodes only (the big lists): their server-side Table row as of the write, kept
    /// serialised — each cell, the PartialObjectMetadata's metadata and the row conditions — so a
    /// 150,000-row Table is assembled from strings; the Age cell is recomputed when served.
    std::vector<std::string> tableCells;
    std::string tableMetadata;
    std::string tableConditions; ///< "" or a JSON array
    /// Pods only: effective resource requests (k8s rules: max(sum of containers, any init
    /// container), a missing request defaults to its limit).
    std::vector<std::pair<std::string, k8s::Quantity>> podRequests;
    /// Pods only: limits per resource, summed over the (non-init) containers, as the quota
    /// controller counts limits.cpu / limits.memory.
    std::vector<std::pair<std::string, k8s::Quantity>> podLimits;

    std::string key() const { return ns.empty() ? name : ns + '/' + name; }

    std::optional<std::string_view> label(std::string_view key) const {
        for (const auto &[k, v] : labels)
            if (k == key)
                return std::string_view(v);
        return std::nullopt;
    }

    std::optional<std::string_view> field(std::string_view path) const {
        for (const auto &[k, v] : fields)
            if (k == path)
                return std::string_view(v);
        return std::nullopt;
    }

    nlohmann::json parse() const { return nlohmann::json::parse(json); }
};

using ObjectPtr = std::shared_ptr<const StoredObject>;

} // namespace cubedesk::sim
