#pragma once
// ClusterChange: what one applied batch changed in a ClusterStore, so that every model updates
// only the rows it must (DESIGN.md §2: no resets, contiguous inserts/removes, dataChanged
// ranges). Plain value type, GUI thread.

#include <set>
#include <string>
#include <vector>

namespace cubedesk::models {

struct ClusterChange {
    std::vector<std::string> nodesAdded;   ///< node names, in arrival order
    std::vector<std::string> nodesRemoved; ///< node names
    /// Nodes whose object or accounting (requested resources, pod count) changed; never
    /// contains an added or removed node.
    std::set<std::string> nodesChanged;
    /// Orgs whose totals, node set or pending pods changed (before and after a node moved).
    std::set<std::string> orgsTouched;
    int podsAdded = 0;
    int podsRemoved = 0;
    int podsUpdated = 0;
    bool namespacesChanged = false;
    bool eventsChanged = false;

    bool nodeSetChanged() const { return !nodesAdded.empty() || !nodesRemoved.empty(); }
    bool empty() const {
        return nodesAdded.empty() && nodesRemoved.empty() && nodesChanged.empty() &&
               orgsTouched.empty() && podsAdded == 0 && podsRemoved == 0 && podsUpdated == 0 &&
               !namespacesChanged && !eventsChanged;
    }
};

} // namespace cubedesk::models
