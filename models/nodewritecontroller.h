#pragma once
// NodeWriteController: the one path by which the UI changes nodes — label edits on one or many
// nodes, resource-group moves (an `org` label edit), taints, cordon/uncordon — and undoes the
// last label or taint change (docs/writes.md). Every write starts from a confirmed user action,
// carries the node's resourceVersion, reports a result per node, and never overwrites blindly: a
// 409 Conflict re-reads the node and hands a fresh plan back so the UI can ask again.
//
// Threads: GUI thread only; results arrive through ClusterConnection::submit on the GUI thread.
// Does not own the hub or its connections; a cluster removed mid-write drops its outcome.

#include "k8s/cube/labeleditplan.h"
#include "k8s/cube/tainteditplan.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace cubedesk::models {

class ClusterConnection;
class ClusterHub;

class NodeWriteController final : public QObject {
    Q_OBJECT
public:
    struct NodeResult {
        QString node;
        bool ok = false;
        bool conflict = false;
        QString message; ///< the API's reason when it failed
    };
    struct Outcome {
        quint64 id = 0; ///< what apply(), cordon() or undo() returned
        QString cluster;
        QString description; ///< "org vision → speech on 2 nodes"
        bool undo = false;   ///< this was an undo
        std::vector<NodeResult> results;
        /// Set when some nodes answered 409: the same edits planned again on fresh labels.
        std::optional<k8s::LabelEditPlan> retryPlan;
        std::vector<k8s::LabelEdit> edits; ///< what was asked (for a retry)
        int failed() const;
    };

    explicit NodeWriteController(ClusterHub *hub, QObject *parent = nullptr);

    /// The current labels and resourceVersions of `nodes` on `cluster` (from the cache).
    static std::vector<k8s::NodeLabels> currentLabels(const ClusterConnection *cluster,
                                                      const QStringList &nodes);
    /// Plans `edits` on `nodes` from the cache.
    static k8s::LabelEditPlan plan(const ClusterConnection *cluster, const QStringList &nodes,
                                   const std::vector<k8s::LabelEdit> &edits);

    /// Sends a confirmed plan; finished() reports with the returned request id. Returns 0 (and
    /// sends nothing) when the cluster refuses writes or the plan is blocked.
    quint64 apply(ClusterConnection *cluster, const k8s::LabelEditPlan &plan,
                  const std::vector<k8s::LabelEdit> &edits, const QString &description);
    /// The current taints and resourceVersions of `nodes` on `cluster` (from the cache).
    static std::vector<k8s::NodeTaints> currentTaints(const ClusterConnection *cluster,
                                                      const QStringList &nodes);
    /// Sends a confirmed taint plan (one patch per changing node, each replacing spec.taints
    /// under the node's resourceVersion); undo() restores the old taints. A node that changed
    /// meanwhile answers 409 and is reported as such (nothing overwritten). The request id, or
    /// 0 when the cluster refuses writes or the plan is blocked or changes nothing.
    quint64 applyTaints(ClusterConnection *cluster, const k8s::TaintEditPlan &plan,
                        const QString &description);
    /// Cordons (true) or uncordons nodes; the request id, or 0 when nothing was sent.
    quint64 cordon(ClusterConnection *cluster, const QStringList &nodes, bool unschedulable);
    /// Undoes the last successful label change (only the nodes that succeeded); the request
    /// id, or 0 when there is nothing to undo or the cluster refuses writes.
    quint64 undo();
    bool canUndo() const { return m_undo.has_value(); }
    QString undoDescription() const { return m_undo ? m_undo->description : QString(); }
    bool busy() const { return m_inFlight > 0; }

Q_SIGNALS:
    void started(const QString &description);
    void finished(const cubedesk::models::NodeWriteController::Outcome &outcome);
    void undoAvailableChanged(bool available);

private:
    struct UndoEntry {
        QPointer<ClusterConnection> cluster;
        QString description;
        std::vector<k8s::WriteRequest> requests;
    };
    using Done = std::function<void(ClusterConnection *, std::vector<k8s::WriteResult>)>;
    /// Submits `requests` and counts them in flight; `done` runs unless the cluster is gone.
    void send(ClusterConnection *cluster, std::vector<k8s::WriteRequest> requests, Done done);
    /// One NodeResult per node, in order, from the write results.
    static Outcome outcomeOf(const ClusterConnection *cluster, const QString &description,
                             const QStringList &nodes,
                             const std::vector<k8s::WriteResult> &results);
    void rereadConflicts(ClusterConnection *cluster, Outcome outcome);
    /// Makes the inverse of the writes that succeeded the one undo: `inverse(i, rv)` for the
    /// i-th node, `rv` the version its write returned. Label and taint writes share it.
    void
    rememberUndo(ClusterConnection *cluster, const QString &description, const Outcome &outcome,
                 const std::vector<k8s::WriteResult> &results,
                 const std::function<k8s::WriteRequest(std::size_t, const std::string &)> &inverse);

    ClusterHub *m_hub;
    std::optional<UndoEntry> m_undo;
    int m_inFlight = 0;
    quint64 m_nextId = 1;
};

} // namespace cubedesk::models

Q_DECLARE_METATYPE(cubedesk::models::NodeWriteController::Outcome)
