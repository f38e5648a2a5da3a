#include "models/orgmovecontroller.h"

#include "models/balanceadvisor.h"
#include "models/clusterchange.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/notificationmodel.h"
#include "models/qtstring.h"

#include <QDateTime>

namespace cubedesk::models {

OrgMoveController::OrgMoveController(ClusterHub *hub, NodeWriteController *writes,
                                     WriteAuditModel *audit, NotificationModel *notifications,
                                     QObject *parent)
    : QObject(parent)
    , m_hub(hub)
    , m_writes(writes)
    , m_audit(audit)
    , m_notifications(notifications) {
    connect(m_writes, &NodeWriteController::finished, this, &OrgMoveController::writeFinished);
    connect(hub, &ClusterHub::clusterChanged, this,
            [this](ClusterConnection *c, const ClusterChange &change) {
                // A moved node "arrives" when the watch shows it.
                auto it = m_moving.find(c->name());
                if (it == m_moving.end())
                    return;
                for (const auto &n : change.nodesChanged)
                    it->removeAll(toQString(n));
                if (it->isEmpty()) {
                    m_moving.erase(it);
                    Q_EMIT moveConfirmed(c->name());
                }
            });
    connect(hub, &ClusterHub::clusterAboutToBeRemoved, this,
            [this](ClusterConnection *c) { m_moving.remove(c->name()); });
}

quint64 OrgMoveController::move(ClusterConnection *cluster, const QStringList &nodes,
                                const QStringList &fromOrgs, const QString &toOrg,
                                const QString &description, WriteAuditModel::Mode mode,
                                const QString &reason) {
    if (!cluster || nodes.isEmpty())
        return 0;
    const std::vector<k8s::LabelEdit> edits{{"org", toOrg.toStdString()}};
    const auto plan = NodeWriteController::plan(cluster, nodes, edits);
    const quint64 id = m_writes->apply(cluster, plan, edits, description);
    if (id == 0)
        return 0;
    m_moving[cluster->name()] << nodes;
    auto &rows = m_auditRows[id];
    const QDateTime now = QDateTime::currentDateTime();
    for (qsizetype i = 0; i < nodes.size(); ++i)
        rows.push_back(
            {nodes[i], m_audit->record({now, cluster->name(), nodes[i], fromOrgs.value(i), toOrg,
                                        mode, reason, QString()})});
    Q_EMIT moveSent(cluster->name(), nodes, toOrg);
    return id;
}

quint64 OrgMoveController::moveAuto(const QString &clusterName,
                                    const k8s::RebalancePlanner::Move &move) {
    auto *cluster = m_hub->cluster(clusterName);
    if (!cluster || m_writes->busy())
        return 0;
    const QString node = toQString(move.node);
    const QString toOrg = toQString(move.toOrg);
    return this->move(cluster, {node}, {toQString(move.fromOrg)}, toOrg,
                      tr("auto-balance: move %1 to %2").arg(node, toOrg),
                      WriteAuditModel::Mode::Auto, BalanceAdvisor::explain(move));
}

void OrgMoveController::writeFinished(const NodeWriteController::Outcome &outcome) {
    QStringList failed;
    for (const auto &r : outcome.results)
        if (!r.ok)
            failed << r.node;
    const auto it = m_auditRows.find(outcome.id);
    if (it == m_auditRows.end())
        return; // not a move (labels, cordon, an undo)
    for (const auto &[node, auditId] : std::as_const(*it)) {
        for (const auto &r : outcome.results) {
            if (r.node != node)
                continue;
            m_audit->setResult(auditId, r.ok ? tr("done") : tr("failed: %1").arg(r.message));
            const auto *e = m_audit->find(auditId);
            if (r.ok && e)
                m_notifications->addMoveApplied(e->cluster, e->target, e->fromOrg, e->toOrg,
                                                WriteAuditModel::modeText(e->mode));
        }
    }
    m_auditRows.erase(it);
    if (failed.isEmpty())
        return;
    if (auto moving = m_moving.find(outcome.cluster); moving != m_moving.end()) {
        for (const auto &n : failed)
            moving->removeAll(n);
        if (moving->isEmpty())
            m_moving.erase(moving);
    }
    Q_EMIT moveFailed(outcome.cluster, failed);
}

} // namespace cubedesk::models
