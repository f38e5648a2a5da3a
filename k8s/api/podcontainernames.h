#pragma once

// PodContainerNames: what a log or terminal needs to know of a pod's containers, read from the
// pod's JSON — the names of its containers, init and ephemeral containers, the
// `kubectl.kubernetes.io/default-container` annotation, and each container's restart count.
// Pure function; any thread.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

struct PodContainerNames {
    std::vector<std::string> containers;
    std::vector<std::string> initContainers;
    std::vector<std::string> ephemeralContainers;
    std::string defaultAnnotation;
    std::map<std::string, int> restarts; ///< restartCount by container name

    /// nullopt when `json` is not a JSON object.
    static std::optional<PodContainerNames> parse(std::string_view json);
};

} // namespace cubedesk::k8s
