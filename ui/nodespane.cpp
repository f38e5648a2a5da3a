#include "ui/nodespane.h"

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/emptyreason.h"
#include "models/modelroles.h"
#include "models/nodefilter.h"
#include "models/nodetablemodel.h"
#include "models/sortfilterindex.h"
#include "models/usagemonitor.h"
#include "ui/filterfield.h"
#include "ui/nodedetailpanel.h"
#include "ui/tableviews.h"
#include "widgets/emptystateoverlay.h"
#include "widgets/usagebardelegate.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace cubedesk::ui {

using models::NodeTableModel;

NodesPane::NodesPane(models::ClusterHub *hub, NodeTableModel *model, QWidget *parent)
    : QWidget(parent)
    , m_hub(hub)
    , m_model(model)
    , m_proxy(new models::SortFilterIndex(this))
    , m_filter(new QLineEdit(this))
    , m_count(new QLabel(this))
    , m_view(new QTableView(this))
    , m_detail(new NodeDetailPanel(this))
    , m_debounce(new QTimer(this))
    , m_labels(new QToolButton(this))
    , m_cordon(new QToolButton(this))
    , m_uncordon(new QToolButton(this))
    , m_drain(new QToolButton(this))
    , m_taints(new QToolButton(this)) {
    setObjectName(QStringLiteral("nodesPane"));
    m_proxy->setSourceModel(model);

    m_filter->setObjectName(QStringLiteral("nodeFilter"));
    m_filter->setAccessibleName(tr("Filter nodes"));
    FilterField::watch(m_filter);
    m_filter->setClearButtonEnabled(true);
    m_filter->setPlaceholderText(
        tr("Filter nodes: gpu=true,org in (speech,vision) or any text (Ctrl+F)"));
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(150);
    connect(m_filter, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_debounce, &QTimer::timeout, this, &NodesPane::applyFilter);

    m_labels->setText(tr("Edit labels…"));
    m_labels->setObjectName(QStringLiteral("editLabelsButton"));
    m_cordon->setText(tr("Cordon"));
    m_uncordon->setText(tr("Uncordon"));
    m_taints->setText(tr("Taints…"));
    m_taints->setObjectName(QStringLiteral("editTaintsButton"));
    m_drain->setText(tr("Drain…"));
    m_drain->setObjectName(QStringLiteral("drainNodesButton"));
    m_drain->setToolTip(tr("Cordon the selected nodes and evict their pods, after a preview of "
                           "what it breaks."));
    connect(m_labels, &QToolButton::clicked, this, &NodesPane::editLabelsRequested);
    connect(m_cordon, &QToolButton::clicked, this, [this] { Q_EMIT cordonRequested(true); });
    connect(m_uncordon, &QToolButton::clicked, this, [this] { Q_EMIT cordonRequested(false); });
    connect(m_drain, &QToolButton::clicked, this, &NodesPane::drainRequested);
    connect(m_taints, &QToolButton::clicked, this, &NodesPane::editTaintsRequested);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_count);
    bar->addWidget(m_labels);
    bar->addWidget(m_cordon);
    bar->addWidget(m_uncordon);
    bar->addWidget(m_taints);
    bar->addWidget(m_drain);

    m_view->setModel(m_proxy);
    m_empty = new widgets::EmptyStateOverlay(m_view);
    TableViews::configure(m_view, QStringLiteral("nodesView"),
                          {80, 190, 110, 110, 100, 90, 110, 130, 130, 50, 160, 60, 110});
    m_view->setAccessibleName(tr("Nodes"));
    m_view->sortByColumn(NodeTableModel::NameColumn, Qt::AscendingOrder);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view->horizontalHeader(), &QWidget::customContextMenuRequested, this,
            &NodesPane::showColumnMenu);
    auto *bars = new widgets::UsageBarDelegate(m_view);
    for (int c :
         {NodeTableModel::GpusColumn, NodeTableModel::CpuColumn, NodeTableModel::MemoryColumn})
        m_view->setItemDelegateForColumn(c, bars);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("nodesSplitter"));
    splitter->addWidget(m_view);
    splitter->addWidget(m_detail);
    connect(m_detail, &NodeDetailPanel::logsRequested, this, &NodesPane::logsRequested);
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
                m_detail->showNode(row.cluster, row.name);
            });
    // Refresh the detail panel only when its own node's row changed (a busy cluster changes
    // many rows per batch; rebuilding the panel for each would waste the GUI thread).
    connect(model, &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
                if (!m_detail->cluster())
                    return;
                const int row = m_model->rowOf(m_detail->cluster(), m_detail->node());
                if (row >= topLeft.row() && row <= bottomRight.row())
                    m_detail->refresh();
            });
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_proxy, signal, this, &NodesPane::updateCount);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &NodesPane::updateCount);
    connect(hub, &models::ClusterHub::clusterStateChanged, this, &NodesPane::updateCount);
    updateCount();
}

void NodesPane::setScope(const QSet<QString> &clusters) {
    m_scope = clusters;
    applyFilter();
}

void NodesPane::setFilterText(const QString &text) {
    m_filter->setText(text);
    applyFilter();
}

void NodesPane::focusFilter() {
    m_filter->setFocus(Qt::ShortcutFocusReason);
    m_filter->selectAll();
}

void NodesPane::applyFilter() {
    m_debounce->stop();
    auto filter = std::make_shared<models::NodeFilter>(models::NodeFilter::parse(m_filter->text()));
    FilterField::setError(m_filter,
                          filter->error().isEmpty()
                              ? QString()
                              : tr("Not a valid label selector: %1").arg(filter->error()));
    const QSet<QString> scope = m_scope;
    m_proxy->setFilter([this, filter, scope](int sourceRow) {
        const auto &row = m_model->row(sourceRow);
        return scope.contains(row.clusterName) && filter->matches(row);
    });
    updateCount();
}

void NodesPane::updateCount() {
    m_count->setText(tr("%1 of %2 nodes").arg(m_proxy->rowCount()).arg(m_model->rowCount()));
    const auto why = models::EmptyReason::forView(
        m_proxy->rowCount(), *m_hub, m_scope, m_filter->text(),
        {tr("The clusters in scope have no nodes."),
         tr("Nodes appear here as soon as they register with the API server.")});
    m_empty->setMessage(why.title, why.hint);
}

void NodesPane::selectNode(const QString &cluster, const QString &node) {
    auto *c = m_hub->cluster(cluster);
    int source = m_model->rowOf(c, node);
    if (source < 0)
        return;
    QModelIndex proxyIndex = m_proxy->mapFromSource(m_model->index(source, 0));
    if (!proxyIndex.isValid()) {
        m_filter->clear();
        m_scope.insert(cluster);
        applyFilter();
        proxyIndex = m_proxy->mapFromSource(m_model->index(source, 0));
    }
    m_view->selectionModel()->setCurrentIndex(proxyIndex, QItemSelectionModel::ClearAndSelect |
                                                              QItemSelectionModel::Rows);
    m_view->scrollTo(proxyIndex, QAbstractItemView::PositionAtCenter);
}

QMap<QString, QStringList> NodesPane::selectedNodes() const {
    QMap<QString, QStringList> out;
    for (const auto &index : m_view->selectionModel()->selectedRows()) {
        const auto &row = m_model->row(m_proxy->mapToSource(index).row());
        out[row.clusterName] << row.name;
    }
    return out;
}

void NodesPane::setWritesEnabled(bool enabled, const QString &why) {
    for (auto *b : {m_labels, m_cordon, m_uncordon, m_taints, m_drain}) {
        b->setEnabled(enabled);
        b->setToolTip(enabled ? QString() : why);
    }
}

void NodesPane::showColumnMenu(const QPoint &pos) {
    QMenu menu(this);
    auto *header = m_view->horizontalHeader();
    for (int c = 0; c < m_model->columnCount(); ++c) {
        QAction *a = menu.addAction(m_model->headerData(c, Qt::Horizontal).toString());
        a->setCheckable(true);
        a->setChecked(!header->isSectionHidden(c));
        a->setEnabled(c != NodeTableModel::NameColumn);
        connect(a, &QAction::toggled, this,
                [header, c](bool on) { header->setSectionHidden(c, !on); });
    }
    menu.exec(header->mapToGlobal(pos));
}

QByteArray NodesPane::saveState() const {
    return m_view->horizontalHeader()->saveState();
}

void NodesPane::restoreState(const QByteArray &state) {
    if (!state.isEmpty())
        m_view->horizontalHeader()->restoreState(state);
}

NodesPane::~NodesPane() {
    // A pane deleted while shown gets no hide event.
    if (m_watchingUsage)
        m_hub->usage()->unwatch();
}

void NodesPane::showEvent(QShowEvent *event) {
    QWidget::showEvent(event);
    if (!m_watchingUsage) {
        m_watchingUsage = true;
        m_hub->usage()->watch();
    }
}

void NodesPane::hideEvent(QHideEvent *event) {
    QWidget::hideEvent(event);
    if (m_watchingUsage) {
        m_watchingUsage = false;
        m_hub->usage()->unwatch();
    }
}

} // namespace cubedesk::ui
