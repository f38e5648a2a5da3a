#pragma once
// ClusterChange: what one applied batch changed in a ClusterStore, so that every model updates
// only the rows it must (docs/threads-and-data-flow.md: no resets, contiguous inserts/removes,
// dataChanged ranges). Plain value type, GUI thread.

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
    /// Pods by "namespace/name", with the same rules as the node lists: a pod is in at most one
    /// of the three, and one that came and went inside the batch is in none.
    std::vector<std::string> podsAdded;
    std::vector<std::string> podsRemoved;
    std::set<std::string> podsChanged;
    bool namespacesChanged = false;
    /// Events ("namespace/name") added or updated, and removed, in this batch.
    std::vector<std::string> eventsUpserted;
    std::vector<std::string> eventsRemoved;

    /// Jobs by "resource-id/namespace/name" ("pytorchjobs.kubeflow.org/train/mnist"), same rules.
    std::vector<std::string> jobsAdded;
    std::vector<std::string> jobsRemoved;
    std::set<std::string> jobsChanged;
    /// ResourceQuotas, LimitRanges or Volcano Queues changed (small sets: models re-read them).
    bool quotasChanged = false;

    bool nodeSetChanged() const { return !nodesAdded.empty() || !nodesRemoved.empty(); }
    bool podSetChanged() const { return !podsAdded.empty() || !podsRemoved.empty(); }
    bool eventsChanged() const { return !eventsUpserted.empty() || !eventsRemoved.empty(); }
    bool empty() const {
        return nodesAdded.empty() && nodesRemoved.empty() && nodesChanged.empty() &&
               orgsTouched.empty() && podsAdded.empty() && podsRemoved.empty() &&
               podsChanged.empty() && !namespacesChanged && !eventsChanged() && jobsAdded.empty() &&
               jobsRemoved.empty() && jobsChanged.empty() && !quotasChanged;
    }
};

} // namespace cubedesk::models
