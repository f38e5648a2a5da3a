#pragma once

// ObjectMetaDoc: the metadata of an object the simulator's scenarios build (the demo's parts,
// the platform's install): name, namespace when namespaced, creation time, and labels and
// annotations when there are any — one shape for every object a scenario stores.
// Thread-safety: a pure function; any thread.

#include <nlohmann/json.hpp>
#include <string>

namespace cubedesk::sim {

struct ObjectMetaDoc {
    static nlohmann::json make(const std::string &name, const std::string &ns,
                               const std::string &creationTimestamp,
                               nlohmann::json labels = nlohmann::json::object(),
                               nlohmann::json annotations = nlohmann::json::object()) {
        nlohmann::json m = {{"name", name}, {"creationTimestamp", creationTimestamp}};
        if (!ns.empty())
            m["namespace"] = ns;
        if (!labels.empty())
            m["labels"] = std::move(labels);
        if (!annotations.empty())
            m["annotations"] = std::move(annotations);
        return m;
    }
};

} // namespace cubedesk::sim
