#include "ui/draindialog.h"

#include "models/qtstring.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <map>

namespace cubedesk::ui {

using k8s::DrainPlan;
using k8s::DrainRun;
using models::toQString;

namespace {

QTableWidget *table(QWidget *parent, const QStringList &headers, const QString &name) {
    auto *t = new QTableWidget(0, static_cast<int>(headers.size()), parent);
    t->setObjectName(name);
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->horizontalHeader()->setStretchLastSection(true);
    t->setWordWrap(false);
    return t;
}

void setRow(QTableWidget *t, int row, const QStringList &cells) {
    for (int c = 0; c < cells.size(); ++c) {
        auto *item = t->item(row, c);
        if (item == nullptr) {
            item = new QTableWidgetItem;
            t->setItem(row, c, item);
        }
        if (item->text() != cells[c])
            item->setText(cells[c]);
    }
}

QString actionText(const DrainPlan::Pod &p) {
    switch (p.action) {
    case DrainPlan::Action::Evict:
        switch (p.reason) {
        case DrainPlan::Reason::LocalStorage:
            return DrainDialog::tr("Evict — its emptyDir data is lost");
        case DrainPlan::Reason::Unmanaged:
            return DrainDialog::tr("Evict — nothing recreates it");
        case DrainPlan::Reason::OrphanedDaemonSet:
            return DrainDialog::tr("Evict — its DaemonSet is gone");
        default:
            return p.terminating ? DrainDialog::tr("Evict (already terminating)")
                                 : DrainDialog::tr("Evict");
        }
    case DrainPlan::Action::SkipDaemonSet:
        return DrainDialog::tr("Left: DaemonSet pod");
    case DrainPlan::Action::SkipMirror:
        return DrainDialog::tr("Left: static pod");
    case DrainPlan::Action::Refuse:
        switch (p.reason) {
        case DrainPlan::Reason::DaemonSet:
            return DrainDialog::tr("Needs “Ignore DaemonSet pods”");
        case DrainPlan::Reason::LocalStorage:
            return DrainDialog::tr("Needs “Delete emptyDir data”");
        case DrainPlan::Reason::Unmanaged:
        case DrainPlan::Reason::OrphanedDaemonSet:
            return DrainDialog::tr("Needs “Force”");
        case DrainPlan::Reason::None:
            break;
        }
        break;
    }
    return {};
}

} // namespace

QString DrainDialog::impactText(DrainPlan::Impact impact) {
    switch (impact) {
    case DrainPlan::Impact::GangFails:
        return tr("The gang loses a member: the whole job fails");
    case DrainPlan::Impact::GangRestarts:
        return tr("The gang loses a member: every replica restarts from the last checkpoint");
    case DrainPlan::Impact::ReplicaRestarts:
        return tr("Its pod restarts elsewhere from the last checkpoint");
    case DrainPlan::Impact::ReplicaFails:
        return tr("Its only pod goes: the job fails");
    case DrainPlan::Impact::VolcanoPolicy:
        return tr("Volcano applies the job's PodEvicted policy (usually: restart the job)");
    case DrainPlan::Impact::SparkDriver:
        return tr("The driver goes: the application fails");
    case DrainPlan::Impact::SparkExecutor:
        return tr("Spark reschedules the executor's tasks");
    case DrainPlan::Impact::WorkflowStep:
        return tr("The step fails (retried if its retryStrategy allows)");
    case DrainPlan::Impact::None:
        break;
    }
    return {};
}

DrainDialog::DrainDialog(models::DrainController *controller, const QString &cluster,
                         const QStringList &nodes, const QString &writeBlocked, QWidget *parent)
    : QDialog(parent)
    , m_controller(controller)
    , m_cluster(cluster)
    , m_nodes(nodes)
    , m_writeBlocked(writeBlocked)
    , m_pages(new QStackedWidget(this))
    , m_summary(new QLabel(this))
    , m_refusals(new QLabel(this))
    , m_ignoreDaemonSets(new QCheckBox(tr("Ignore DaemonSet pods (--ignore-daemonsets)"), this))
    , m_deleteEmptyDir(new QCheckBox(tr("Delete emptyDir data (--delete-emptydir-data)"), this))
    , m_force(new QCheckBox(tr("Force: also pods without a controller (--force)"), this))
    , m_disableEviction(
          new QCheckBox(tr("Delete instead of evicting: bypass disruption budgets"), this))
    , m_gracePeriod(new QSpinBox(this))
    , m_timeout(new QSpinBox(this))
    , m_concurrency(new QSpinBox(this))
    , m_jobs(table(this,
                   {tr("Training job"), tr("Replicas here"), tr("GPUs"), tr("GPU-hours"),
                    tr("Budget"), tr("What happens")},
                   QStringLiteral("drainJobs")))
    , m_budgets(table(this,
                      {tr("Budget"), tr("Allowed now"), tr("Healthy / needed"), tr("Pods to evict"),
                       tr("Verdict")},
                      QStringLiteral("drainBudgets")))
    , m_pods(new QTreeWidget(this))
    , m_drain(new QPushButton(tr("Drain"), this))
    , m_dryRun(new QPushButton(tr("Dry run"), this))
    , m_progressSummary(new QLabel(this))
    , m_nodeProgress(
          table(this, {tr("Node"), tr("State"), tr("Detail")}, QStringLiteral("drainNodeProgress")))
    , m_podProgress(table(this, {tr("Pod"), tr("Node"), tr("State"), tr("Attempts"), tr("Detail")},
                          QStringLiteral("drainPodProgress")))
    , m_cancelRun(new QPushButton(tr("Cancel drain"), this))
    , m_undo(new QPushButton(tr("Undo: uncordon"), this))
    , m_close(new QPushButton(tr("Close"), this)) {
    setObjectName(QStringLiteral("drainDialog"));
    setWindowTitle(
        tr("Drain %n node(s) — %1", nullptr, static_cast<int>(nodes.size())).arg(cluster));
    resize(1000, 720);

    // Preview page.
    auto *preview = new QWidget(m_pages);
    auto *layout = new QVBoxLayout(preview);
    auto *heading = new QLabel(
        tr("Drain %1 on %2: cordon, then evict their pods through the Eviction API, so that "
           "disruption budgets hold.")
            .arg(nodes.join(QStringLiteral(", ")), cluster),
        preview);
    heading->setWordWrap(true);
    layout->addWidget(heading);
    m_summary->setObjectName(QStringLiteral("drainSummary"));
    m_summary->setWordWrap(true);
    m_summary->setText(
        tr("Reading the pods on %n node(s)…", nullptr, static_cast<int>(nodes.size())));
    layout->addWidget(m_summary);
    m_refusals->setObjectName(QStringLiteral("drainRefusals"));
    m_refusals->setWordWrap(true);
    m_refusals->setTextFormat(Qt::PlainText);
    m_refusals->hide();
    layout->addWidget(m_refusals);

    auto *optionsBox = new QGroupBox(tr("Options (kubectl drain's defaults)"), preview);
    auto *form = new QFormLayout(optionsBox);
    for (auto *box : {m_ignoreDaemonSets, m_deleteEmptyDir, m_force, m_disableEviction})
        form->addRow(box);
    m_ignoreDaemonSets->setObjectName(QStringLiteral("drainIgnoreDaemonSets"));
    m_deleteEmptyDir->setObjectName(QStringLiteral("drainDeleteEmptyDir"));
    m_force->setObjectName(QStringLiteral("drainForce"));
    m_disableEviction->setObjectName(QStringLiteral("drainDisableEviction"));
    m_gracePeriod->setRange(-1, 86400);
    m_gracePeriod->setValue(-1);
    m_gracePeriod->setSpecialValueText(tr("each pod's own"));
    m_gracePeriod->setSuffix(tr(" s"));
    m_timeout->setRange(0, 86400);
    m_timeout->setValue(0);
    m_timeout->setSpecialValueText(tr("no limit"));
    m_timeout->setSuffix(tr(" s"));
    m_concurrency->setRange(1, 16);
    m_concurrency->setValue(1);
    auto *numbers = new QHBoxLayout;
    numbers->addWidget(new QLabel(tr("Grace period:"), optionsBox));
    numbers->addWidget(m_gracePeriod);
    numbers->addSpacing(12);
    numbers->addWidget(new QLabel(tr("Timeout per node:"), optionsBox));
    numbers->addWidget(m_timeout);
    numbers->addSpacing(12);
    numbers->addWidget(new QLabel(tr("Nodes at a time:"), optionsBox));
    numbers->addWidget(m_concurrency);
    numbers->addStretch();
    form->addRow(numbers);
    layout->addWidget(optionsBox);
    for (auto *box : {m_ignoreDaemonSets, m_deleteEmptyDir, m_force, m_disableEviction})
        connect(box, &QCheckBox::toggled, this, &DrainDialog::replan);

    auto *split = new QSplitter(Qt::Vertical, preview);
    auto *jobsBox = new QGroupBox(tr("Training jobs that lose replicas"), split);
    (new QVBoxLayout(jobsBox))->addWidget(m_jobs);
    auto *budgetsBox = new QGroupBox(tr("Disruption budgets"), split);
    (new QVBoxLayout(budgetsBox))->addWidget(m_budgets);
    auto *podsBox = new QGroupBox(tr("Pods, by what owns them"), split);
    m_pods->setObjectName(QStringLiteral("drainPods"));
    m_pods->setHeaderLabels(
        {tr("Owner / pod"), tr("Node"), tr("What happens"), tr("GPUs"), tr("Budget")});
    m_pods->header()->setStretchLastSection(true);
    (new QVBoxLayout(podsBox))->addWidget(m_pods);
    split->addWidget(jobsBox);
    split->addWidget(budgetsBox);
    split->addWidget(podsBox);
    split->setChildrenCollapsible(false);
    split->setSizes({150, 120, 330});
    layout->addWidget(split, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, preview);
    m_drain->setObjectName(QStringLiteral("drainButton"));
    m_dryRun->setObjectName(QStringLiteral("drainDryRunButton"));
    m_dryRun->setToolTip(tr("The server checks the cordon and every eviction and keeps none."));
    buttons->addButton(m_dryRun, QDialogButtonBox::ActionRole);
    buttons->addButton(m_drain, QDialogButtonBox::AcceptRole);
    m_drain->setEnabled(false);
    m_dryRun->setEnabled(false);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_drain, &QPushButton::clicked, this, [this] { startRun(false); });
    connect(m_dryRun, &QPushButton::clicked, this, [this] { startRun(true); });
    layout->addWidget(buttons);
    m_pages->addWidget(preview);

    // Progress page.
    auto *progress = new QWidget(m_pages);
    auto *progressLayout = new QVBoxLayout(progress);
    m_progressSummary->setObjectName(QStringLiteral("drainProgressSummary"));
    m_progressSummary->setWordWrap(true);
    progressLayout->addWidget(m_progressSummary);
    auto *progressSplit = new QSplitter(Qt::Vertical, progress);
    progressSplit->addWidget(m_nodeProgress);
    progressSplit->addWidget(m_podProgress);
    progressSplit->setChildrenCollapsible(false);
    progressSplit->setSizes({120, 480});
    progressLayout->addWidget(progressSplit, 1);
    auto *runButtons = new QHBoxLayout;
    m_cancelRun->setObjectName(QStringLiteral("drainCancelButton"));
    m_cancelRun->setToolTip(tr("No further evictions; the nodes stay cordoned."));
    m_undo->setObjectName(QStringLiteral("drainUndoButton"));
    m_undo->setEnabled(false);
    runButtons->addWidget(m_cancelRun);
    runButtons->addWidget(m_undo);
    runButtons->addStretch();
    runButtons->addWidget(m_close);
    progressLayout->addLayout(runButtons);
    m_pages->addWidget(progress);
    connect(m_cancelRun, &QPushButton::clicked, this, [this] { m_controller->cancel(m_runId); });
    connect(m_undo, &QPushButton::clicked, this, [this] {
        m_undo->setEnabled(false);
        m_controller->undo(m_runId);
    });
    connect(m_close, &QPushButton::clicked, this, &QDialog::accept);

    auto *outer = new QVBoxLayout(this);
    outer->addWidget(m_pages);

    connect(m_controller, &models::DrainController::previewReady, this,
            [this](const models::DrainController::Preview &answer) {
                if (answer.id == m_previewId)
                    showPreview(answer);
            });
    connect(m_controller, &models::DrainController::progressed, this, [this](quint64 id) {
        if (id == m_runId)
            showProgress();
    });
    connect(m_controller, &models::DrainController::finished, this,
            [this](const models::DrainController::Outcome &o) {
                if (o.id == m_runId)
                    showOutcome(o);
            });
    connect(m_controller, &models::DrainController::uncordoned, this,
            [this](quint64 id, const QString &result) {
                if (id == m_runId)
                    m_progressSummary->setText(m_progressSummary->text() + QLatin1Char('\n') +
                                               result);
            });
    m_previewId = m_controller->preview(cluster, nodes);
}

k8s::DrainOptions DrainDialog::options() const {
    k8s::DrainOptions o;
    o.ignoreDaemonSets = m_ignoreDaemonSets->isChecked();
    o.deleteEmptyDirData = m_deleteEmptyDir->isChecked();
    o.force = m_force->isChecked();
    o.disableEviction = m_disableEviction->isChecked();
    if (m_gracePeriod->value() >= 0)
        o.gracePeriod = m_gracePeriod->value();
    o.timeout = std::chrono::seconds(m_timeout->value());
    o.nodeConcurrency = m_concurrency->value();
    return o;
}

void DrainDialog::showPreview(const models::DrainController::Preview &preview) {
    if (!preview.error.isEmpty()) {
        m_summary->setText(tr("Cannot read what the drain needs: %1").arg(preview.error));
        return;
    }
    m_inputs = preview.inputs;
    m_warnings = preview.warnings;
    m_havePreview = true;
    replan();
}

void DrainDialog::replan() {
    if (!m_havePreview)
        return;
    m_plan = DrainPlan::build(m_inputs, options());

    // The summary line.
    int blocking = 0;
    for (const auto &b : m_plan.budgets)
        blocking += b.blocks ? 1 : 0;
    m_summary->setText(
        tr("%n pod(s) to evict", nullptr, m_plan.evictCount()) + QStringLiteral(" · ") +
        tr("%n GPU(s) of running work at risk", nullptr, m_plan.gpusAtRisk()) +
        QStringLiteral(" (%1) · ").arg(tr("%1 GPU-hours").arg(m_plan.gpuHoursAtRisk(), 0, 'f', 1)) +
        tr("%n training job(s) affected", nullptr, static_cast<int>(m_plan.jobs.size())) +
        QStringLiteral(" · ") + tr("%n budget(s) will block", nullptr, blocking));

    // Per node, the pods that need a choice, by the option that covers them.
    QStringList refusals;
    for (const auto &n : m_plan.nodes) {
        std::map<DrainPlan::Reason, QStringList> byReason;
        for (const auto &p : m_plan.pods)
            if (p.node == n.name && p.action == DrainPlan::Action::Refuse)
                byReason[p.reason] << toQString(p.ns) + QLatin1Char('/') + toQString(p.name);
        QStringList parts;
        for (const auto &[reason, pods] : byReason) {
            const int count = static_cast<int>(pods.size());
            QString what;
            switch (reason) {
            case DrainPlan::Reason::DaemonSet:
                what = tr("%n DaemonSet pod(s) — choose “Ignore DaemonSet pods”", nullptr, count);
                break;
            case DrainPlan::Reason::LocalStorage:
                what = tr("%n pod(s) with emptyDir data — choose “Delete emptyDir data”", nullptr,
                          count);
                break;
            case DrainPlan::Reason::Unmanaged:
                what = tr("%n pod(s) without a controller — choose “Force”", nullptr, count);
                break;
            case DrainPlan::Reason::OrphanedDaemonSet:
                what = tr("%n pod(s) whose DaemonSet is gone — choose “Force”", nullptr, count);
                break;
            case DrainPlan::Reason::None:
                break;
            }
            parts << QStringLiteral("%1: %2").arg(what, pods.join(QStringLiteral(", ")));
        }
        if (!parts.isEmpty())
            refusals << tr("%1 cannot be drained with these options: %2")
                            .arg(toQString(n.name), parts.join(QStringLiteral("; ")));
    }
    for (const auto &e : m_plan.errors)
        refusals << toQString(e);
    // What could not be read (the budgets, for a user who may not list them).
    refusals << m_warnings;
    m_refusals->setText(refusals.join(QLatin1Char('\n')));
    m_refusals->setVisible(!refusals.isEmpty());

    m_jobs->setRowCount(static_cast<int>(m_plan.jobs.size()));
    for (int i = 0; i < static_cast<int>(m_plan.jobs.size()); ++i) {
        const auto &j = m_plan.jobs[static_cast<std::size_t>(i)];
        setRow(
            m_jobs, i,
            {QStringLiteral("%1 %2/%3").arg(toQString(j.kind), toQString(j.ns), toQString(j.name)),
             tr("%1 of %2").arg(j.replicasHere).arg(j.replicasTotal), QString::number(j.gpusHere),
             QString::number(j.gpuHoursHere, 'f', 1),
             j.budget.empty() ? tr("none") : toQString(j.budget), impactText(j.impact)});
    }
    m_budgets->setRowCount(static_cast<int>(m_plan.budgets.size()));
    for (int i = 0; i < static_cast<int>(m_plan.budgets.size()); ++i) {
        const auto &b = m_plan.budgets[static_cast<std::size_t>(i)];
        QString verdict = b.blocks ? tr("Will block: its evictions wait and are retried every 5 s")
                                   : tr("Allows this drain");
        if (b.syncFailed)
            verdict = tr("Allows nothing: %1").arg(toQString(b.message));
        setRow(m_budgets, i,
               {QStringLiteral("%1/%2").arg(toQString(b.ns), toQString(b.name)),
                QString::number(b.disruptionsAllowed),
                QStringLiteral("%1 / %2").arg(b.currentHealthy).arg(b.desiredHealthy),
                QString::number(b.toEvict), verdict});
    }

    m_pods->clear();
    std::map<QString, QTreeWidgetItem *> owners;
    for (const auto &p : m_plan.pods) {
        const QString owner =
            p.ownerKind.empty()
                ? tr("No controller")
                : QStringLiteral("%1 %2").arg(toQString(p.ownerKind), toQString(p.ownerName));
        QTreeWidgetItem *&group = owners[toQString(p.ns) + QLatin1Char('/') + owner];
        if (group == nullptr) {
            group = new QTreeWidgetItem(m_pods,
                                        {QStringLiteral("%1 (%2)").arg(owner, toQString(p.ns))});
            group->setExpanded(true);
            group->setFirstColumnSpanned(false);
        }
        new QTreeWidgetItem(group, {toQString(p.name), toQString(p.node), actionText(p),
                                    p.gpus > 0 ? QString::number(p.gpus) : QString(),
                                    toQString(p.budget)});
    }
    m_pods->resizeColumnToContents(0);
    m_pods->resizeColumnToContents(2);
    for (auto *t : {m_jobs, m_budgets})
        t->resizeColumnsToContents();

    const bool go = m_writeBlocked.isEmpty() && !m_plan.refused() && m_plan.errors.empty();
    m_drain->setEnabled(go);
    m_dryRun->setEnabled(go);
    m_drain->setToolTip(!m_writeBlocked.isEmpty() ? m_writeBlocked
                        : m_plan.refused()        ? tr("Some pods need a choice first (see above).")
                                                  : QString());
}

QString DrainDialog::previewText() const {
    QStringList lines{m_summary->text()};
    if (m_refusals->isVisible())
        lines << m_refusals->text();
    for (int r = 0; r < m_jobs->rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < m_jobs->columnCount(); ++c)
            cells << m_jobs->item(r, c)->text();
        lines << cells.join(QStringLiteral(" | "));
    }
    for (int r = 0; r < m_budgets->rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < m_budgets->columnCount(); ++c)
            cells << m_budgets->item(r, c)->text();
        lines << cells.join(QStringLiteral(" | "));
    }
    return lines.join(QLatin1Char('\n'));
}

void DrainDialog::startRun(bool dryRun) {
    k8s::DrainOptions o = options();
    if (dryRun)
        o.dryRun = k8s::DrainOptions::DryRun::Server;
    m_runId = m_controller->start(m_cluster, m_plan, o);
    if (m_runId == 0) {
        m_summary->setText(tr("Writes to %1 are not possible now.").arg(m_cluster));
        return;
    }
    setWindowTitle((dryRun
                        ? tr("Dry run of the drain of %n node(s) — %1", nullptr,
                             static_cast<int>(m_nodes.size()))
                        : tr("Draining %n node(s) — %1", nullptr, static_cast<int>(m_nodes.size())))
                       .arg(m_cluster));
    m_pages->setCurrentIndex(1);
    showProgress();
}

void DrainDialog::showProgress() {
    const DrainRun *run = m_controller->run(m_runId);
    if (run == nullptr)
        return;
    const auto &nodes = run->nodes();
    m_nodeProgress->setRowCount(static_cast<int>(nodes.size()));
    for (int i = 0; i < static_cast<int>(nodes.size()); ++i) {
        const auto &n = nodes[static_cast<std::size_t>(i)];
        setRow(m_nodeProgress, i,
               {toQString(n.name), models::DrainController::nodeStateText(n.state),
                toQString(n.detail)});
    }
    // Pods the drain acts on first, then the ones it leaves.
    std::vector<const DrainRun::PodProgress *> pods;
    for (const auto &p : run->pods())
        if (p.state != DrainRun::PodState::Skipped)
            pods.push_back(&p);
    for (const auto &p : run->pods())
        if (p.state == DrainRun::PodState::Skipped)
            pods.push_back(&p);
    m_podProgress->setRowCount(static_cast<int>(pods.size()));
    int gone = 0;
    int waiting = 0;
    int blocked = 0;
    for (int i = 0; i < static_cast<int>(pods.size()); ++i) {
        const auto &p = *pods[static_cast<std::size_t>(i)];
        gone += p.state == DrainRun::PodState::Gone ? 1 : 0;
        blocked += p.state == DrainRun::PodState::Blocked ? 1 : 0;
        waiting += DrainRun::terminal(p.state) ? 0 : 1;
        // A pod left on the node says why in the dialog's language (the run's pods are the
        // plan's, in the plan's order).
        const auto index = static_cast<std::size_t>(&p - run->pods().data());
        const QString detail = p.state == DrainRun::PodState::Skipped && index < m_plan.pods.size()
                                   ? actionText(m_plan.pods[index])
                                   : toQString(p.detail);
        setRow(m_podProgress, i,
               {QStringLiteral("%1/%2").arg(toQString(p.ns), toQString(p.name)), toQString(p.node),
                models::DrainController::podStateText(p.state), QString::number(p.attempts),
                detail});
    }
    if (!run->finished())
        m_progressSummary->setText(tr("%1 gone, %2 in progress, %3 blocked by a budget.")
                                       .arg(gone)
                                       .arg(waiting)
                                       .arg(blocked));
    m_nodeProgress->resizeColumnsToContents();
    m_podProgress->resizeColumnToContents(0);
    m_podProgress->resizeColumnToContents(2);
}

void DrainDialog::showOutcome(const models::DrainController::Outcome &outcome) {
    showProgress();
    m_progressSummary->setText(outcome.message +
                               (outcome.succeeded
                                    ? QString()
                                    : QLatin1Char('\n') + tr("The nodes stay cordoned; Undo "
                                                             "uncordons them.")));
    m_cancelRun->setEnabled(false);
    m_undo->setEnabled(true);
}

} // namespace cubedesk::ui
