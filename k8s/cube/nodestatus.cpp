#include "k8s/cube/nodestatus.h"

namespace cubedesk::k8s {

std::string NodeStatus::text(bool ready, bool unschedulable) {
    std::string status = ready ? "Ready" : "NotReady";
    if (unschedulable)
        status += ",SchedulingDisabled";
    return status;
}

} // namespace cubedesk::k8s
