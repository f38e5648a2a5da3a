#pragma once

// NodeCardBuilder: the one way a NodeCard is made from a cluster's cached node and its
// accounting — the resource-group board's cards (OrgBoardModel) and the balancing advisor's
// ghost cards (BalanceAdvisor) show the same thing for the same node.
// Thread-safety: GUI thread (reads a ClusterStore, which lives there).

#include "models/nodecard.h"

#include <QString>

namespace cubedesk::models {

class ClusterStore;

class NodeCardBuilder final {
public:
    NodeCardBuilder() = delete;

    /// The card of node `name` in `store`; only the name is set when the store has no such node.
    /// pendingMove is left false: it is the board's own state.
    static NodeCard build(const ClusterStore &store, const QString &name);
};

} // namespace cubedesk::models
