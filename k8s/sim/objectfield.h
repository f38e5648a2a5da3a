#pragma once

#include "k8s/api/quantity.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

namespace cubedesk::sim {

/// `doc[key]` when `doc` is an object holding an object there, else an empty object: for the
/// controllers, which read documents any client may have written (a budget without a spec, a pod
/// without a status) and must neither throw nor insert.
inline const nlohmann::json &objectField(const nlohmann::json &doc, std::string_view key) {
    static const nlohmann::json kEmpty = nlohmann::json::object();
    if (!doc.is_object())
        return kEmpty;
    const auto it = doc.find(key);
    return it != doc.end() && it->is_object() ? *it : kEmpty;
}

/// A resource quantity as a manifest may hold it: a string ("500m", "8Gi") or an integer
/// number of units; nullopt for anything else or a malformed string.
inline std::optional<k8s::Quantity> quantityOf(const nlohmann::json &value) {
    if (value.is_string())
        return k8s::Quantity::parse(value.get<std::string>());
    if (value.is_number_integer())
        return k8s::Quantity::fromUnits(value.get<std::int64_t>());
    return std::nullopt;
}

/// Whether a Node object's Ready condition is "True" (the first Ready condition counts).
inline bool nodeIsReady(const nlohmann::json &node) {
    const nlohmann::json &status = objectField(node, "status");
    const auto conditions = status.find("conditions");
    if (conditions == status.end() || !conditions->is_array())
        return false;
    for (const auto &c : *conditions)
        if (c.is_object() && c.value("type", "") == "Ready")
            return c.value("status", "") == "True";
    return false;
}

} // namespace cubedesk::sim
