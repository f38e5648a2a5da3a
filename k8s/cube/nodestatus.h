#pragma once

// NodeStatus: a node's STATUS as `kubectl get nodes` prints it ("Ready", "NotReady",
// "Ready,SchedulingDisabled", …) and its order for sorting (Ready before cordoned before
// NotReady), for every table and dump that shows nodes: the Nodes pane, the GPUs pane and
// `cubedesk --dump nodes|gpus`. A node's platform roles are LabelRules::roles.
// Thread-safety: pure functions.

#include <string>

namespace cubedesk::k8s {

class NodeStatus final {
public:
    NodeStatus() = delete;

    /// "Ready" or "NotReady", with ",SchedulingDisabled" when cordoned.
    static std::string text(bool ready, bool unschedulable);
    /// 0 Ready, 1 Ready and cordoned, 2 NotReady, 3 NotReady and cordoned.
    static int rank(bool ready, bool unschedulable) {
        return (ready ? 0 : 2) + (unschedulable ? 1 : 0);
    }
};

} // namespace cubedesk::k8s
