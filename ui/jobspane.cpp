#include "ui/jobspane.h"

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/emptyreason.h"
#include "models/jobtablemodel.h"
#include "models/jobwritecontroller.h"
#include "models/sortfilterindex.h"
#include "ui/jobdetailpanel.h"
#include "ui/tableviews.h"
#include "widgets/emptystateoverlay.h"

#include <QComboBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHideEvent>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QShowEvent>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace cubedesk::ui {

using k8s::JobPhase;
using models::JobTableModel;
using models::JobTableRow;

JobsPane::JobsPane(models::ClusterHub *hub, JobTableModel *model,
                   models::JobWriteController *writes, QWidget *parent)
    : QWidget(parent)
    , m_hub(hub)
    , m_writes(writes)
    , m_model(model)
    , m_proxy(new models::SortFilterIndex(this))
    , m_filter(new QLineEdit(this))
    , m_show(new QComboBox(this))
    , m_count(new QLabel(this))
    , m_view(new QTableView(this))
    , m_detail(new JobDetailPanel(this))
    , m_debounce(new QTimer(this))
    , m_clock(new QTimer(this))
    , m_delete(new QToolButton(this))
    , m_suspend(new QToolButton(this))
    , m_resume(new QToolButton(this)) {
    setObjectName(QStringLiteral("jobsPane"));
    m_proxy->setSourceModel(model);

    m_filter->setObjectName(QStringLiteral("jobFilter"));
    m_filter->setAccessibleName(tr("Filter jobs"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setPlaceholderText(
        tr("Filter jobs: name, namespace, kind, phase, pipeline, user, run id (Ctrl+F)"));
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(150);
    connect(m_filter, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_debounce, &QTimer::timeout, this, &JobsPane::applyFilter);

    m_show->setObjectName(QStringLiteral("jobShow"));
    // As wide as a short choice: the longest one ("Running past the 2-day timeout") would take
    // the filter's room in a narrow window; the open list shows every choice whole.
    m_show->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_show->setMinimumContentsLength(16);
    m_show->addItem(tr("All jobs"), static_cast<int>(Show::All));
    m_show->addItem(tr("Active (pending, running, restarting)"), static_cast<int>(Show::Active));
    m_show->addItem(tr("Pending"), static_cast<int>(Show::Pending));
    m_show->addItem(tr("Failed"), static_cast<int>(Show::Failed));
    m_show->addItem(tr("Finished"), static_cast<int>(Show::Finished));
    m_show->addItem(tr("Running past the 2-day timeout"), static_cast<int>(Show::PastTimeout));
    connect(m_show, &QComboBox::currentIndexChanged, this, &JobsPane::applyFilter);

    m_delete->setText(tr("Delete…"));
    m_delete->setObjectName(QStringLiteral("deleteJobsButton"));
    m_suspend->setText(tr("Suspend"));
    m_suspend->setObjectName(QStringLiteral("suspendJobsButton"));
    m_resume->setText(tr("Resume"));
    m_resume->setObjectName(QStringLiteral("resumeJobsButton"));
    connect(m_delete, &QToolButton::clicked, this, [this] { deleteSelected(true); });
    connect(m_suspend, &QToolButton::clicked, this, [this] { suspendSelected(true); });
    connect(m_resume, &QToolButton::clicked, this, [this] { suspendSelected(false); });
    connect(
        m_writes, &models::JobWriteController::finished, this,
        [this](const models::JobWriteController::Outcome &o) { Q_EMIT writeReported(o.message); });

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_show);
    bar->addWidget(m_count);
    bar->addWidget(m_suspend);
    bar->addWidget(m_resume);
    bar->addWidget(m_delete);

    m_view->setModel(m_proxy);
    m_empty = new widgets::EmptyStateOverlay(m_view);
    TableViews::configure(m_view, QStringLiteral("jobsView"),
                          {70, 90, 120, 220, 165, 210, 50, 110, 80, 110, 110, 55, 70, 120}, 24);
    m_view->setAccessibleName(tr("Jobs"));
    m_view->sortByColumn(JobTableModel::AgeColumn, Qt::AscendingOrder);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("jobsSplitter"));
    splitter->addWidget(m_view);
    splitter->addWidget(m_detail);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(splitter, 1);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (!current.isValid())
                    return;
                const auto &row = m_model->row(m_proxy->mapToSource(current).row());
                m_detail->showJob(const_cast<models::ClusterConnection *>(row.cluster), row.key);
            });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &JobsPane::updateActions);
    connect(model, &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
                if (!m_detail->cluster())
                    return;
                const int row = m_model->rowOf(m_detail->cluster(), m_detail->key());
                if (row >= topLeft.row() && row <= bottomRight.row())
                    m_detail->refresh();
                updateActions();
            });
    connect(m_model, &QAbstractItemModel::rowsAboutToBeRemoved, this,
            [this](const QModelIndex &, int first, int last) {
                const int row = m_model->rowOf(m_detail->cluster(), m_detail->key());
                if (row >= first && row <= last)
                    m_detail->showJob(nullptr, {}); // gone: never show a dangling job
            });
    connect(m_detail, &JobDetailPanel::nodeRequested, this, &JobsPane::nodeRequested);
    connect(m_detail, &JobDetailPanel::logsRequested, this, &JobsPane::logsRequested);
    connect(m_detail, &JobDetailPanel::jobLogsRequested, this, &JobsPane::jobLogsRequested);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_proxy, signal, this, &JobsPane::updateCount);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &JobsPane::updateCount);
    connect(hub, &models::ClusterHub::clusterStateChanged, this, &JobsPane::updateCount);
    // Ages, durations and the timeout flag move with the clock.
    m_clock->setInterval(60000);
    connect(m_clock, &QTimer::timeout, m_view->viewport(), qOverload<>(&QWidget::update));
    m_clock->start();
    updateCount();
    updateActions();
}

void JobsPane::setScope(const QSet<QString> &clusters) {
    m_scope = clusters;
    applyFilter();
}

void JobsPane::setFilterText(const QString &text) {
    m_filter->setText(text);
    applyFilter();
}

void JobsPane::setShow(Show show) {
    m_show->setCurrentIndex(m_show->findData(static_cast<int>(show)));
    applyFilter();
}

void JobsPane::focusFilter() {
    m_filter->setFocus(Qt::ShortcutFocusReason);
    m_filter->selectAll();
}

void JobsPane::applyFilter() {
    m_debounce->stop();
    const QStringList words =
        m_filter->text().toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    const auto show = static_cast<Show>(m_show->currentData().toInt());
    const QSet<QString> scope = m_scope;
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    m_proxy->setFilter([this, words, show, scope, now](int sourceRow) {
        const auto &row = m_model->row(sourceRow);
        if (!scope.contains(row.clusterName))
            return false;
        for (const auto &w : words)
            if (!row.haystack.contains(w))
                return false;
        const auto phase = row.job.phase;
        switch (show) {
        case Show::All:
            return true;
        case Show::Active:
            return phase == JobPhase::Value::Pending || phase == JobPhase::Value::Created ||
                   phase == JobPhase::Value::Running || phase == JobPhase::Value::Restarting;
        case Show::Pending:
            return phase == JobPhase::Value::Pending || phase == JobPhase::Value::Created;
        case Show::Failed:
            return phase == JobPhase::Value::Failed;
        case Show::Finished:
            return JobPhase::finished(phase);
        case Show::PastTimeout:
            return JobTableModel::pastTimeout(row, now);
        }
        return true;
    });
    updateCount();
}

void JobsPane::updateCount() {
    m_count->setText(tr("%1 of %2 jobs").arg(m_proxy->rowCount()).arg(m_model->rowCount()));
    bool servesJobs = false;
    for (const auto *c : m_hub->clusters())
        servesJobs = servesJobs || (m_scope.contains(c->name()) && c->servesJobKinds());
    models::EmptyReason::Message own;
    if (!servesJobs)
        own = {tr("The clusters in scope serve no job kinds."),
               tr("The Jobs pane lists Kubeflow training jobs, Volcano, Spark and Argo jobs and "
                  "other CRDs with a lifecycle; none of them is installed in these clusters.")};
    else if (static_cast<Show>(m_show->currentData().toInt()) != Show::All)
        own = {tr("No jobs to show under “%1”.").arg(m_show->currentText()),
               tr("Choose “%1” in Show to see every job.").arg(m_show->itemText(0))};
    else
        own = {tr("The clusters in scope have no jobs."),
               tr("Jobs appear here as soon as one is submitted.")};
    const auto why =
        models::EmptyReason::forView(m_proxy->rowCount(), *m_hub, m_scope, m_filter->text(), own);
    m_empty->setMessage(why.title, why.hint);
}

bool JobsPane::selectJob(const QString &cluster, const QString &name) {
    for (int source = 0; source < m_model->rowCount(); ++source) {
        const auto &row = m_model->row(source);
        if (row.clusterName != cluster || row.name != name)
            continue;
        QModelIndex proxyIndex = m_proxy->mapFromSource(m_model->index(source, 0));
        if (!proxyIndex.isValid()) {
            m_filter->clear();
            m_show->setCurrentIndex(0);
            m_scope.insert(cluster);
            applyFilter();
            proxyIndex = m_proxy->mapFromSource(m_model->index(source, 0));
        }
        m_view->selectionModel()->setCurrentIndex(proxyIndex, QItemSelectionModel::ClearAndSelect |
                                                                  QItemSelectionModel::Rows);
        m_view->scrollTo(proxyIndex, QAbstractItemView::PositionAtCenter);
        return true;
    }
    return false;
}

std::vector<const JobTableRow *> JobsPane::selectedRows() const {
    std::vector<const JobTableRow *> out;
    for (const auto &index : m_view->selectionModel()->selectedRows())
        out.push_back(&m_model->row(m_proxy->mapToSource(index).row()));
    return out;
}

void JobsPane::setReadOnlyReason(const QString &why) {
    m_readOnly = why;
    updateActions();
}

void JobsPane::updateActions() {
    const auto rows = selectedRows();
    bool canSuspend = false;
    bool canResume = false;
    for (const auto *r : rows) {
        canSuspend |= r->job.suspendable && !r->job.suspended && !JobPhase::finished(r->job.phase);
        canResume |= r->job.suspendable && r->job.suspended;
    }
    const QString none = tr("Select one or more jobs first.");
    m_delete->setEnabled(m_readOnly.isEmpty() && !rows.empty());
    m_delete->setToolTip(!m_readOnly.isEmpty() ? m_readOnly
                         : rows.empty()        ? none
                                               : tr("Delete the selected jobs and their pods."));
    m_suspend->setEnabled(m_readOnly.isEmpty() && canSuspend);
    m_suspend->setToolTip(
        !m_readOnly.isEmpty() ? m_readOnly
        : canSuspend          ? tr("Set spec.runPolicy.suspend: the operator stops the pods.")
                     : tr("Only running Kubeflow jobs with a runPolicy can be suspended."));
    m_resume->setEnabled(m_readOnly.isEmpty() && canResume);
    m_resume->setToolTip(!m_readOnly.isEmpty() ? m_readOnly
                         : canResume           ? tr("Clear spec.runPolicy.suspend.")
                                               : tr("None of the selected jobs is suspended."));
}

void JobsPane::deleteSelected(bool confirm) {
    const auto rows = selectedRows();
    if (rows.empty() || !m_readOnly.isEmpty())
        return;
    QStringList names;
    for (const auto *r : rows)
        names << QStringLiteral("%1 %2/%3 (%4)").arg(r->kind, r->ns, r->name, r->clusterName);
    if (confirm &&
        QMessageBox::question(
            this, tr("Delete jobs"),
            tr("Delete %n job(s)? Their pods are deleted too; this cannot be undone.\n\n%1",
               nullptr, static_cast<int>(rows.size()))
                .arg(names.join(QLatin1Char('\n'))),
            QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) != QMessageBox::Yes)
        return;
    m_writes->remove(rows);
}

void JobsPane::suspendSelected(bool suspend) {
    if (!m_readOnly.isEmpty())
        return;
    m_writes->setSuspended(selectedRows(), suspend);
}

QByteArray JobsPane::saveState() const {
    return m_view->horizontalHeader()->saveState();
}

void JobsPane::restoreState(const QByteArray &state) {
    if (!state.isEmpty())
        m_view->horizontalHeader()->restoreState(state);
}

void JobsPane::showEvent(QShowEvent *event) {
    QWidget::showEvent(event);
    m_hub->setStatusKindsWatched(true);
}

void JobsPane::hideEvent(QHideEvent *event) {
    QWidget::hideEvent(event);
    if (!event->spontaneous()) // another pane, not the window minimised
        m_hub->setStatusKindsWatched(false);
}

} // namespace cubedesk::ui
