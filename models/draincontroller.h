#pragma once

// DrainController: the window's one path to drain nodes (docs/writes.md, "Drain"). preview()
// reads what the plan needs — the pods on the nodes, the disruption budgets, the DaemonSets and
// each affected job's pods — through the cluster's session (k8s::DrainInputReader) and hands
// back the inputs, from which the dialog builds a k8s::DrainPlan for whatever options the user
// picks; start() runs a plan (k8s::DrainRun) and reports progress until it ends; cancel() stops
// what has not started (the nodes stay cordoned); undo() uncordons a drain's nodes. Every write
// comes from a user's confirmation, is logged (`cubedesk.models.writes`) and ends with one
// finished() that the audit records.
//
// Threads: GUI thread only; requests go through ClusterConnection::submit, answers arrive on
// the GUI thread; a timer wakes a run for its retries (5 s), polls (1 s) and timeouts. The
// controller lives as long as the window, so a run outlives the dialog that started it. Does
// not own the hub; a cluster removed mid-run fails what was left.

#include "k8s/cube/drainplan.h"
#include "k8s/cube/drainrun.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <map>
#include <memory>
#include <vector>

namespace cubedesk::models {

class ClusterHub;

class DrainController final : public QObject {
    Q_OBJECT
public:
    struct Preview {
        quint64 id = 0;
        QString cluster;
        k8s::DrainPlan::Inputs inputs; ///< build the plan from these with any options
        QString error;                 ///< why nothing could be read ("" when it was)
        QStringList warnings;          ///< e.g. the budgets cannot be read
    };
    struct Outcome {
        quint64 id = 0;
        QString cluster;
        QStringList nodes;
        bool succeeded = false;
        bool cancelled = false;
        int evicted = 0;
        int failed = 0;
        QString message; ///< the summary the status bar and the audit show
    };

    explicit DrainController(ClusterHub *hub, QObject *parent = nullptr);
    ~DrainController() override;

    /// Starts reading for a preview; previewReady() carries the id returned.
    quint64 preview(const QString &cluster, const QStringList &nodes);
    /// Runs `plan` with `options` (the ones it was built with); progressed() and finished()
    /// carry the id returned. 0 when the cluster refuses writes (nothing sent).
    quint64 start(const QString &cluster, const k8s::DrainPlan &plan,
                  const k8s::DrainOptions &options);
    void cancel(quint64 id);
    /// Uncordons the nodes of drain `id` (after it ended); uncordoned() reports it.
    void undo(quint64 id);
    /// The run of `id` (null when unknown): its nodes' and pods' progress.
    const k8s::DrainRun *run(quint64 id) const;
    bool running() const;

    static QString podStateText(k8s::DrainRun::PodState state);
    static QString nodeStateText(k8s::DrainRun::NodeState state);

Q_SIGNALS:
    /// A run started: its nodes and a description of its options (for the audit).
    void started(quint64 id, const QString &cluster, const QStringList &nodes,
                 const QString &description);
    void previewReady(const cubedesk::models::DrainController::Preview &preview);
    void progressed(quint64 id);
    void finished(const cubedesk::models::DrainController::Outcome &outcome);
    void uncordoned(quint64 id, const QString &result);

private:
    struct Reading;
    struct Running;
    void pumpReading(const std::shared_ptr<Reading> &reading);
    void pumpRun(quint64 id);
    void schedule();
    void finish(quint64 id);

    ClusterHub *m_hub;
    quint64 m_nextId = 1;
    std::map<quint64, std::shared_ptr<Running>> m_runs;
    QTimer m_timer;
};

} // namespace cubedesk::models

Q_DECLARE_METATYPE(cubedesk::models::DrainController::Preview)
Q_DECLARE_METATYPE(cubedesk::models::DrainController::Outcome)
