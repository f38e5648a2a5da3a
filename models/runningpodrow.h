#pragma once
// RunningPodRow: one row of the running-pods table (RunningPodModel): a pod that holds
// resources. Compact on purpose — the table may hold 150,000+ rows — so the repeating texts
// (cluster, project, org, namespace, user, node) are pointers to texts RunningPodModel interns
// once each, and the pod's name is read from the pod itself. Plain value type, GUI thread.

#include "models/clusterstore.h"

#include <QString>

#include <cstdint>

namespace cubedesk::models {

class ClusterConnection;

/// A text as shown and as sorted/filtered (lower case), interned by RunningPodModel.
struct RunningPodText {
    QString display;
    QString folded;
    std::uint32_t order = 0; ///< id in RunningPodModel's text order (equal folded texts share it)
};

struct RunningPodRow {
    ClusterConnection *cluster = nullptr;
    PodPtr pod;
    // Never null; owned by the model, alive as long as the model.
    const RunningPodText *clusterName = nullptr;
    const RunningPodText *project = nullptr;
    const RunningPodText *org = nullptr; ///< the org the pod selects ("" when none)
    const RunningPodText *ns = nullptr;
    const RunningPodText *user = nullptr;
    const RunningPodText *node = nullptr;
    /// Effective requests; when the request is 0, the limit (as the platform's page shows it).
    std::int64_t cpuMilli = 0;
    std::int64_t memoryBytes = 0;
    std::int64_t startTime = 0; ///< status.startTime, else creation, seconds since the epoch
    std::int32_t gpus = 0;      ///< whole devices requested
    std::uint32_t slot = 0;     ///< RunningPodModel's stable handle of the row
    bool cpuFromLimit = false;
    bool memoryFromLimit = false;
    bool pending = false; ///< Pending but scheduled: holds resources, not running yet
};

// The table may hold 150,000+ rows: keep the row compact.
static_assert(sizeof(RunningPodRow) <= 112);

} // namespace cubedesk::models
