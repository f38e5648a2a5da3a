#pragma once
// BalanceGhost: a node the balancing advisor proposes to move, shown as a ghost card in the
// target column of the resource-group board (BalanceGhostRole on OrgBoardModel's ghost rows):
// the node's card numbers, where it comes from, which run of the rule moves it, a short
// headline and the full translated reason. Precomputed by BalanceAdvisor so the delegate only
// paints. Plain value type.

#include "models/nodecard.h"

#include <QMetaType>
#include <QString>

namespace cubedesk::models {

/// Role of OrgBoardModel ghost rows (a BalanceGhost); invalid QVariant on real cards. Kept clear
/// of ModelRole (modelroles.h), which counts up from Qt::UserRole + 1.
inline constexpr int BalanceGhostRole = Qt::UserRole + 300;

struct BalanceGhost {
    QString node; ///< "" when the platform would move nothing (no explicit donor node)
    QString fromOrg;
    QString toOrg;
    int run = 1;          ///< 1 = the next run of the rule
    bool pending = false; ///< moved for a pending pod (else: the ratio gap)
    QString headline;     ///< "run 1 · from idle"
    QString numbers;      ///< "CPU: busy 87.5 % → 65.6 %"
    QString reason;       ///< the full translated explanation (tooltip)
    NodeCard card;        ///< the node's numbers today
    bool operator==(const BalanceGhost &) const = default;
};

} // namespace cubedesk::models

Q_DECLARE_METATYPE(cubedesk::models::BalanceGhost)
