#pragma once

#include <nlohmann/json.hpp>
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

} // namespace cubedesk::sim
