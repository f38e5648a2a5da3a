#pragma once
// OrgSummary: a resource-group column header on the board (OrgSummaryRole): nodes, CPU and GPU
// requested vs allocatable, and the org's pending pods — the same numbers as
// `cubedesk --dump orgs` (both come from ClusterAccounting). Plain value type.

#include "models/usage.h"

#include <QMetaType>
#include <QString>

namespace cubedesk::models {

struct OrgSummary {
    QString name;
    int nodes = 0;
    int readyNodes = 0;
    Usage cpu;
    Usage gpus;
    int pendingPods = 0;
    bool userAdded = false; ///< an empty target column the user created
    bool operator==(const OrgSummary &) const = default;
};

} // namespace cubedesk::models

Q_DECLARE_METATYPE(cubedesk::models::OrgSummary)
