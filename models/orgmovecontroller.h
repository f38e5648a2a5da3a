#pragma once

// OrgMoveController: moves nodes between resource groups — a move the user confirmed in the
// preview (dragged cards, Move to…), a balancing suggestion the user applied, or an auto-balance
// decision — as an `org` label edit through NodeWriteController. It records every move in the
// balancing audit (WriteAuditModel) when it is sent, fills the audit's Result cell and posts a
// notification when the cluster answered (matched by the write's request id), and follows the
// moved nodes until the watch shows them (moveConfirmed()) so that the board can stop showing
// them as pending.
//
// Threads: GUI thread only. Owns none of the objects it is given; they must outlive it (the
// window owns them all).

#include "k8s/cube/rebalanceplanner.h"
#include "models/nodewritecontroller.h"
#include "models/writeauditmodel.h"

#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>

#include <vector>

namespace cubedesk::models {

class ClusterConnection;
class ClusterHub;
class NotificationModel;

class OrgMoveController final : public QObject {
    Q_OBJECT
public:
    OrgMoveController(ClusterHub *hub, NodeWriteController *writes, WriteAuditModel *audit,
                      NotificationModel *notifications, QObject *parent = nullptr);

    /// Moves `nodes` (whose orgs are `fromOrgs`, same order) to `toOrg` on `cluster`, recorded
    /// in the audit with `mode` and `reason`. Returns the write's request id, 0 when nothing
    /// was sent (no node to move, the cluster refuses writes, or the plan is blocked).
    quint64 move(ClusterConnection *cluster, const QStringList &nodes, const QStringList &fromOrgs,
                 const QString &toOrg, const QString &description, WriteAuditModel::Mode mode,
                 const QString &reason);
    /// An auto-balance decision: sent unless another write is in flight (the next beat plans
    /// again) or the cluster refuses writes. Returns the request id or 0.
    quint64 moveAuto(const QString &cluster, const k8s::RebalancePlanner::Move &move);

    /// The nodes of `cluster` whose move was sent and is not yet visible in the cache.
    QStringList moving(const QString &cluster) const { return m_moving.value(cluster); }

Q_SIGNALS:
    /// A move was sent: the board shows `nodes` as pending in `toOrg`.
    void moveSent(const QString &cluster, const QStringList &nodes, const QString &toOrg);
    /// The cluster refused the move of `nodes` (they are no longer pending).
    void moveFailed(const QString &cluster, const QStringList &nodes);
    /// Every node moved on `cluster` is now where it was sent, as the watch shows.
    void moveConfirmed(const QString &cluster);

private:
    struct AuditRow {
        QString node;
        WriteAuditModel::Id id = 0;
    };
    void writeFinished(const NodeWriteController::Outcome &outcome);

    ClusterHub *m_hub;
    NodeWriteController *m_writes;
    WriteAuditModel *m_audit;
    NotificationModel *m_notifications;
    QHash<quint64, std::vector<AuditRow>> m_auditRows; ///< by write request id
    QHash<QString, QStringList> m_moving;              ///< by cluster
};

} // namespace cubedesk::models
