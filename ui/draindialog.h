#pragma once
// DrainDialog: Drain… for one or several nodes of a cluster. First what the drain will do,
// read fresh from the cluster (DrainController::preview): kubectl drain's options with
// kubectl's defaults; the training jobs that lose replicas, what that does to each, their GPUs
// and the GPU-hours of running work at risk; the disruption budgets that will block, and why;
// every pod grouped by what owns it, with what happens to it (evicted, left as a DaemonSet or
// mirror pod, or needing a choice). Changing an option re-plans at once, without reading
// again. Drain (or Dry run) starts the run and the dialog turns into its progress: per node and
// per pod, live, with Cancel (the nodes stay cordoned) and, at the end, a summary and Undo
// (uncordon). Closing the dialog never stops a drain: the controller outlives it.
//
// Threads: GUI thread only. The controller is not owned.

#include "k8s/cube/drainplan.h"
#include "models/draincontroller.h"

#include <QDialog>

class QCheckBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QTableWidget;
class QTreeWidget;

namespace cubedesk::ui {

class DrainDialog final : public QDialog {
    Q_OBJECT
public:
    /// `writeBlocked`: why writes to the cluster are disabled ("" when allowed): the preview is
    /// still shown, Drain is not offered.
    DrainDialog(models::DrainController *controller, const QString &cluster,
                const QStringList &nodes, const QString &writeBlocked, QWidget *parent = nullptr);

    /// The plan for the options now chosen (empty before the preview arrived).
    const k8s::DrainPlan &plan() const { return m_plan; }
    k8s::DrainOptions options() const;
    /// The run this dialog started (0 before Drain).
    quint64 runId() const { return m_runId; }
    /// What the preview says, as plain text (tests, logs).
    QString previewText() const;

    /// What losing replicas does to a job, in words.
    static QString impactText(k8s::DrainPlan::Impact impact);

private:
    void showPreview(const models::DrainController::Preview &preview);
    void replan();
    void startRun(bool dryRun);
    void showProgress();
    void showOutcome(const models::DrainController::Outcome &outcome);

    models::DrainController *m_controller;
    QString m_cluster;
    QStringList m_nodes;
    QString m_writeBlocked;
    quint64 m_previewId = 0;
    quint64 m_runId = 0;
    k8s::DrainPlan::Inputs m_inputs;
    k8s::DrainPlan m_plan;
    QStringList m_warnings;
    bool m_havePreview = false;

    QStackedWidget *m_pages;
    QLabel *m_summary;
    QLabel *m_refusals;
    QCheckBox *m_ignoreDaemonSets;
    QCheckBox *m_deleteEmptyDir;
    QCheckBox *m_force;
    QCheckBox *m_disableEviction;
    QSpinBox *m_gracePeriod;
    QSpinBox *m_timeout;
    QSpinBox *m_concurrency;
    QTableWidget *m_jobs;
    QTableWidget *m_budgets;
    QTreeWidget *m_pods;
    QPushButton *m_drain;
    QPushButton *m_dryRun;
    // Progress
    QLabel *m_progressSummary;
    QTableWidget *m_nodeProgress;
    QTableWidget *m_podProgress;
    QPushButton *m_cancelRun;
    QPushButton *m_undo;
    QPushButton *m_close;
};

} // namespace cubedesk::ui
