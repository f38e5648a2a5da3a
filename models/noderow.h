#pragma once
// NodeRow: one row of the Nodes table, precomputed when the node or its accounting changes so
// that data() and the sort/filter index only read fields. Plain value type, GUI thread.

#include "models/clusterstore.h"
#include "models/usage.h"

#include <QString>

namespace cubedesk::models {

class ClusterConnection;

struct NodeRow {
    ClusterConnection *cluster = nullptr;
    NodePtr node;
    QString clusterName;
    QString name;
    QString status;     ///< Ready, NotReady, Ready,SchedulingDisabled ...
    int statusRank = 0; ///< sort order: Ready < SchedulingDisabled < NotReady
    QString roles;      ///< "gpu,train"
    QString org;
    QString gpuType;
    Usage gpus;
    Usage cpu;
    Usage memory;
    int pods = 0;
    QString taints;
    qint64 created = 0; ///< seconds since the epoch
    QString internalIp;
    bool shareable = true;
    /// Lower-case text every free-text filter term is searched in.
    QString haystack;
};

} // namespace cubedesk::models
