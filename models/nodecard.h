#pragma once
// NodeCard: everything a resource-group board card paints (CardRole), precomputed by
// OrgBoardModel so the delegate never parses or looks anything up. Plain value type.

#include "models/usage.h"

#include <QMetaType>
#include <QString>

namespace cubedesk::models {

struct NodeCard {
    QString name;
    QString gpuType; ///< the `gpu-type` label, "" when none
    Usage gpus;      ///< whole GPUs requested / allocatable (total 0 on CPU nodes)
    Usage cpu;       ///< cores requested / allocatable
    bool ready = false;
    bool schedulable = true;  ///< false when cordoned
    bool shareable = true;    ///< false when labelled share=false (kept out of balancing)
    bool pendingMove = false; ///< a move of this node was applied and awaits the watch
    bool operator==(const NodeCard &) const = default;
};

} // namespace cubedesk::models

Q_DECLARE_METATYPE(cubedesk::models::NodeCard)
