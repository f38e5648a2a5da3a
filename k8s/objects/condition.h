#pragma once

// Condition: one entry of status.conditions as the panes show it (Node, CustomResource).
// Pods keep only their PodScheduled condition, inline (Pod).

#include <cstdint>
#include <string>

namespace cubedesk::k8s {

struct Condition {
    std::string type;
    std::string status; ///< "True", "False", "Unknown" (Volcano jobs put phases here)
    std::string reason;
    std::string message;
    std::int64_t lastTransitionTime = 0; ///< seconds since the epoch, 0 when absent

    bool operator==(const Condition &) const = default;
};

} // namespace cubedesk::k8s
