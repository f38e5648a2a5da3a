#include "ui/gpuspane.h"

#include "k8s/objects/node.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/emptyreason.h"
#include "models/gpuadvisormodel.h"
#include "models/gpuinventorymodel.h"
#include "models/gpumetricsmonitor.h"
#include "models/gpusummarymodel.h"
#include "models/gputopologysources.h"
#include "models/modelroles.h"
#include "models/sortfilterindex.h"
#include "ui/gpunodemetricspanel.h"
#include "ui/idlegpuspanel.h"
#include "ui/tableviews.h"
#include "widgets/emptystateoverlay.h"
#include "widgets/flowlayout.h"
#include "widgets/gputopologymatrix.h"
#include "widgets/usagebardelegate.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <set>

namespace cubedesk::ui {

using models::GpuAdvisorModel;
using models::GpuInventoryModel;
using models::GpuSummaryModel;

namespace {

void setUpTable(QTableView *view) {
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    TableViews::setRowHeight(view, 26);
    view->horizontalHeader()->setStretchLastSection(true);
    view->horizontalHeader()->setHighlightSections(false);
}

QString escaped(const QString &s) {
    return s.toHtmlEscaped();
}

} // namespace

GpusPane::GpusPane(models::ClusterHub *hub, QWidget *parent)
    : QWidget(parent)
    , m_hub(hub)
    , m_sources(new models::GpuTopologySources(hub, this))
    , m_inventory(new GpuInventoryModel(hub, m_sources, this))
    , m_summary(new GpuSummaryModel(m_inventory, this))
    , m_advisor(new GpuAdvisorModel(m_inventory, this))
    , m_proxy(new models::SortFilterIndex(this))
    , m_summaryProxy(new QSortFilterProxyModel(this))
    , m_filter(new QLineEdit(this))
    , m_count(new QLabel(this))
    , m_debounce(new QTimer(this))
    , m_refresh(new QToolButton(this))
    , m_import(new QToolButton(this))
    , m_forget(new QToolButton(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_summaryView(new QTableView(this))
    , m_inventoryView(new QTableView(this))
    , m_detailTabs(new QTabWidget(this))
    , m_title(new QLabel(this))
    , m_matrix(new widgets::GpuTopologyMatrix(this))
    , m_note(new QLabel(this))
    , m_pods(new QTableWidget(this))
    , m_metricsPanel(new GpuNodeMetricsPanel(hub, this))
    , m_lowerTabs(new QTabWidget(this))
    , m_idlePanel(new IdleGpusPanel(hub, this))
    , m_gpus(new QSpinBox(this))
    , m_type(new QComboBox(this))
    , m_org(new QComboBox(this))
    , m_cpu(new QDoubleSpinBox(this))
    , m_memory(new QSpinBox(this))
    , m_showAll(new QCheckBox(this))
    , m_rank(new QPushButton(this))
    , m_advisorSummary(new QLabel(this))
    , m_advisorView(new QTableView(this))
    , m_explanation(new QLabel(this)) {
    setObjectName(QStringLiteral("gpusPane"));
    QLayout *bar = buildToolBar();
    buildTables();
    buildDetail();
    QWidget *advisor = buildAdvisor();
    // Tables and the advisor on the left, the selected node on the right, full height (a
    // matrix of 8 GPUs and 2 NICs needs about 650 px each way).
    auto *left = new QSplitter(Qt::Vertical, this);
    left->setObjectName(QStringLiteral("gpuTables"));
    left->addWidget(m_summaryView);
    left->addWidget(m_inventoryView);
    // The advisor and the idle GPUs share the lower part.
    m_lowerTabs->setObjectName(QStringLiteral("gpuLowerTabs"));
    m_lowerTabs->addTab(advisor, tr("Placement advisor"));
    m_lowerTabs->addTab(m_idlePanel, tr("Idle and waste"));
    connect(m_idlePanel, &IdleGpusPanel::nodeActivated, this, &GpusPane::selectNode);
    left->addWidget(m_lowerTabs);
    left->setStretchFactor(0, 1);
    left->setStretchFactor(1, 3);
    left->setStretchFactor(2, 3);
    left->setSizes({130, 340, 360});
    m_splitter->setObjectName(QStringLiteral("gpuSplitter"));
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_detailTabs);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setSizes({840, 660});

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_splitter, 1);

    connectViews();
    applyFilter();
    refreshDetail();
}

QLayout *GpusPane::buildToolBar() {
    m_filter->setObjectName(QStringLiteral("gpuFilter"));
    m_filter->setAccessibleName(tr("Filter GPU nodes"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setPlaceholderText(tr("Filter GPU nodes: name, resource group, GPU type, sharing"));
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(150);
    connect(m_filter, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_debounce, &QTimer::timeout, this, &GpusPane::applyFilter);
    m_refresh->setText(tr("Refresh topology"));
    m_refresh->setToolTip(tr("Read the clusters' NodeResourceTopology objects again."));
    m_import->setText(tr("Import topology file…"));
    m_import->setObjectName(QStringLiteral("importTopologyButton"));
    m_import->setToolTip(tr("Keep a saved `nvidia-smi topo -m` output of the selected node on "
                            "this computer."));
    m_forget->setText(tr("Forget imported file"));
    connect(m_refresh, &QToolButton::clicked, this, [this] {
        for (auto *c : m_hub->clusters())
            if (m_scope.contains(c->name()))
                m_sources->refresh(c);
    });
    connect(m_import, &QToolButton::clicked, this, &GpusPane::importForSelected);
    connect(m_forget, &QToolButton::clicked, this, &GpusPane::forgetForSelected);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_count);
    bar->addWidget(m_refresh);
    bar->addWidget(m_import);
    bar->addWidget(m_forget);
    auto *prometheus = new QToolButton(this);
    prometheus->setObjectName(QStringLiteral("prometheusButton"));
    prometheus->setText(tr("Prometheus…"));
    prometheus->setToolTip(tr("Where each cluster's GPU metrics come from."));
    connect(prometheus, &QToolButton::clicked, this, &GpusPane::prometheusSettingsRequested);
    bar->addWidget(prometheus);
    return bar;
}

void GpusPane::buildTables() {
    auto *bars = new widgets::UsageBarDelegate(this);
    m_summaryProxy->setSourceModel(m_summary);
    m_summaryProxy->setFilterRole(models::ClusterNameRole);
    m_summaryView->setObjectName(QStringLiteral("gpuSummaryView"));
    m_summaryView->setAccessibleName(tr("GPUs by type"));
    m_summaryView->setModel(m_summaryProxy);
    setUpTable(m_summaryView);
    m_summaryView->setSelectionMode(QAbstractItemView::NoSelection);
    m_summaryView->setItemDelegateForColumn(GpuSummaryModel::RequestedColumn, bars);
    const int summaryWidths[] = {70, 110, 105, 50, 140, 50, 95, 110, 90};
    for (int c = 0; c < static_cast<int>(std::size(summaryWidths)); ++c)
        m_summaryView->setColumnWidth(c, summaryWidths[c]);

    m_proxy->setSourceModel(m_inventory);
    m_inventoryView->setObjectName(QStringLiteral("gpuInventoryView"));
    m_inventoryView->setAccessibleName(tr("GPU nodes"));
    m_inventoryView->setModel(m_proxy);
    m_inventoryEmpty = new widgets::EmptyStateOverlay(m_inventoryView);
    setUpTable(m_inventoryView);
    m_inventoryView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_inventoryView->setSortingEnabled(true);
    m_inventoryView->sortByColumn(GpuInventoryModel::NodeColumn, Qt::AscendingOrder);
    m_inventoryView->setItemDelegateForColumn(GpuInventoryModel::GpusColumn, bars);
    const int widths[] = {80, 170, 90, 100, 70, 110, 120, 45, 90, 170, 200};
    for (int c = 0; c < static_cast<int>(std::size(widths)); ++c)
        m_inventoryView->setColumnWidth(c, widths[c]);
}

void GpusPane::buildDetail() {
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setTextFormat(Qt::RichText);
    m_title->setText(tr("Select a GPU node to see its topology."));
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_matrix);
    scroll->setWidgetResizable(false);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_note->setObjectName(QStringLiteral("topologyNote"));
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_matrix->setPlaceholderText(tr("No GPU node selected."));
    auto *topologyPage = new QWidget(this);
    auto *topologyLayout = new QVBoxLayout(topologyPage);
    topologyLayout->setContentsMargins(6, 6, 6, 6);
    topologyLayout->addWidget(m_title);
    topologyLayout->addWidget(scroll, 1);
    topologyLayout->addWidget(m_note);
    m_pods->setObjectName(QStringLiteral("gpuPodsTable"));
    m_pods->setAccessibleName(tr("Pods on the selected GPU node"));
    m_pods->setColumnCount(5);
    m_pods->setHorizontalHeaderLabels(
        {tr("Namespace"), tr("Pod"), tr("Phase"), tr("User"), tr("GPU resources")});
    m_pods->setEditTriggers(QAbstractItemView::NoEditTriggers);
    setUpTable(m_pods);
    m_detailTabs->setObjectName(QStringLiteral("gpuDetailTabs"));
    m_detailTabs->addTab(topologyPage, tr("Topology"));
    m_detailTabs->addTab(m_metricsPanel, tr("Metrics"));
    m_detailTabs->addTab(m_pods, tr("Pods holding GPUs"));
}

QWidget *GpusPane::buildAdvisor() {
    auto *advisor = new QWidget(this);
    advisor->setObjectName(QStringLiteral("gpuAdvisor"));
    m_gpus->setObjectName(QStringLiteral("advisorGpus"));
    m_gpus->setRange(1, 64);
    m_gpus->setValue(8);
    m_type->setObjectName(QStringLiteral("advisorType"));
    m_type->setEditable(true);
    m_type->setMinimumContentsLength(10);
    m_type->lineEdit()->setPlaceholderText(tr("any"));
    m_org->setObjectName(QStringLiteral("advisorOrg"));
    m_org->setEditable(true);
    m_org->setMinimumContentsLength(10);
    m_org->lineEdit()->setPlaceholderText(tr("any"));
    m_cpu->setRange(0, 4096);
    m_cpu->setDecimals(1);
    m_cpu->setSpecialValueText(tr("any"));
    m_memory->setRange(0, 65536);
    m_memory->setSuffix(QStringLiteral(" GiB"));
    m_memory->setSpecialValueText(tr("any"));
    m_showAll->setText(tr("Show other types and groups"));
    m_rank->setObjectName(QStringLiteral("advisorRank"));
    m_rank->setText(tr("Rank nodes"));
    m_rank->setDefault(true);
    connect(m_rank, &QPushButton::clicked, this, &GpusPane::runAdvisor);
    // The request's fields wrap onto more lines in a narrow pane; each label stays with its field.
    auto *form = new widgets::FlowLayout;
    auto label = [&](const QString &text, QWidget *buddy) {
        auto *pair = new QWidget(advisor);
        auto *row = new QHBoxLayout(pair);
        row->setContentsMargins(0, 0, 0, 0);
        auto *l = new QLabel(text, pair);
        l->setBuddy(buddy);
        row->addWidget(l);
        row->addWidget(buddy);
        form->addWidget(pair);
    };
    label(tr("&GPUs:"), m_gpus);
    label(tr("GPU &type:"), m_type);
    label(tr("Resource &group:"), m_org);
    label(tr("CP&U cores:"), m_cpu);
    label(tr("&Memory:"), m_memory);
    auto *actions = new QHBoxLayout;
    actions->addWidget(m_showAll);
    actions->addStretch(1);
    actions->addWidget(m_advisorSummary);
    actions->addWidget(m_rank);
    m_advisorView->setObjectName(QStringLiteral("advisorView"));
    m_advisorView->setAccessibleName(tr("Placement candidates"));
    m_advisorView->setModel(m_advisor);
    setUpTable(m_advisorView);
    m_advisorView->setSelectionMode(QAbstractItemView::SingleSelection);
    const int advisorWidths[] = {32, 120, 70, 150, 70, 110, 90, 400};
    for (int c = 0; c < static_cast<int>(std::size(advisorWidths)); ++c)
        m_advisorView->setColumnWidth(c, advisorWidths[c]);
    m_explanation->setObjectName(QStringLiteral("advisorExplanation"));
    m_explanation->setWordWrap(true);
    m_explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_explanation->setText(tr("Ask for k GPUs: nodes are ranked by the topology score of the GPUs "
                              "they can give (NVLink pair +100, same NUMA node +50, across NUMA "
                              "nodes 0), and every verdict says why."));
    auto *advisorLayout = new QVBoxLayout(advisor);
    advisorLayout->addLayout(form);
    advisorLayout->addLayout(actions);
    advisorLayout->addWidget(m_advisorView, 1);
    advisorLayout->addWidget(m_explanation);
    return advisor;
}

void GpusPane::connectViews() {
    connect(m_inventoryView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    showRow(m_proxy->mapToSource(current).row());
            });
    // Refresh the detail only when its own node's row changed.
    connect(m_inventory, &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
                if (!m_cluster)
                    return;
                const int row = m_inventory->rowOf(m_cluster, m_node);
                if (row >= topLeft.row() && row <= bottomRight.row())
                    refreshDetail();
            });
    connect(m_inventory, &QAbstractItemModel::rowsRemoved, this, [this] {
        if (m_cluster && m_inventory->rowOf(m_cluster, m_node) < 0)
            refreshDetail();
    });
    connect(m_advisorView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (!current.isValid())
                    return;
                const auto &row = m_advisor->row(current.row());
                m_explanation->setText(row.explanation);
                const auto &p = row.placement;
                m_highlight = p.fits() && p.topologyKnown ? p.score.bestSet : std::vector<int>();
                const std::vector<int> keep = m_highlight;
                selectNode(QString::fromStdString(p.cluster), QString::fromStdString(p.node));
                m_highlight = keep;
                refreshDetail();
            });
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_proxy, signal, this, &GpusPane::updateCount);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &GpusPane::updateCount);
    connect(m_hub, &models::ClusterHub::clusterStateChanged, this, &GpusPane::updateCount);
    connect(m_hub->gpuMetrics(), &models::GpuMetricsMonitor::updated, this,
            [this](const QString &cluster) {
                if (m_cluster && m_cluster->name() == cluster)
                    showUtilization();
            });
}

GpusPane::~GpusPane() {
    // A pane deleted while shown gets no hide event.
    if (m_watchingMetrics)
        m_hub->gpuMetrics()->unwatch();
    // Views and proxies before the models they read (QObject would delete the models first).
    delete m_splitter;
    delete m_proxy;
    delete m_summaryProxy;
}

void GpusPane::showEvent(QShowEvent *event) {
    QWidget::showEvent(event);
    if (!m_watchingMetrics) {
        m_watchingMetrics = true;
        m_hub->gpuMetrics()->watch();
    }
    m_sources->refreshStale(60);
    fillChoices();
}

void GpusPane::hideEvent(QHideEvent *event) {
    QWidget::hideEvent(event);
    if (m_watchingMetrics) {
        m_watchingMetrics = false;
        m_hub->gpuMetrics()->unwatch();
    }
}

void GpusPane::setScope(const QSet<QString> &clusters) {
    m_scope = clusters;
    applyFilter();
    fillChoices();
    m_idlePanel->setScope(clusters);
}

void GpusPane::setFilterText(const QString &text) {
    m_filter->setText(text);
    applyFilter();
}

void GpusPane::applyFilter() {
    m_debounce->stop();
    const QStringList terms =
        m_filter->text().toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    const QSet<QString> scope = m_scope;
    m_proxy->setFilter([this, terms, scope](int sourceRow) {
        const auto &row = m_inventory->row(sourceRow);
        if (!scope.contains(row.clusterName))
            return false;
        for (const auto &t : terms)
            if (!row.haystack.contains(t))
                return false;
        return true;
    });
    QStringList names;
    for (const auto &c : scope)
        names << QRegularExpression::escape(c);
    m_summaryProxy->setFilterRegularExpression(QRegularExpression(
        QStringLiteral("^(%1)$").arg(names.isEmpty() ? QStringLiteral("(?!)") : names.join(u'|'))));
    updateCount();
}

void GpusPane::updateCount() {
    m_count->setText(
        tr("%1 of %2 GPU nodes").arg(m_proxy->rowCount()).arg(m_inventory->rowCount()));
    const auto why = models::EmptyReason::forView(
        m_proxy->rowCount(), *m_hub, m_scope, m_filter->text(),
        {tr("The clusters in scope have no GPU nodes."),
         tr("A GPU node advertises a GPU resource (nvidia.com/gpu, amd.com/gpu, MIG slices) "
            "in its capacity; the cluster's device plugin sets it.")});
    m_inventoryEmpty->setMessage(why.title, why.hint);
}

void GpusPane::fillChoices() {
    std::set<QString> types;
    std::set<QString> orgs;
    for (int i = 0; i < m_inventory->rowCount(); ++i) {
        const auto &r = m_inventory->row(i);
        if (!m_scope.contains(r.clusterName))
            continue;
        if (!r.gpus.gpuType.empty())
            types.insert(QString::fromStdString(r.gpus.gpuType));
        orgs.insert(r.org);
    }
    auto refill = [](QComboBox *box, const std::set<QString> &values) {
        const QString current = box->currentText();
        box->blockSignals(true);
        box->clear();
        box->addItem(QString());
        for (const auto &v : values)
            box->addItem(v);
        box->setCurrentText(current);
        box->blockSignals(false);
    };
    refill(m_type, types);
    refill(m_org, orgs);
}

void GpusPane::selectNode(const QString &cluster, const QString &node) {
    auto *c = m_hub->cluster(cluster);
    const int source = m_inventory->rowOf(c, node);
    if (source < 0)
        return;
    QModelIndex proxyIndex = m_proxy->mapFromSource(m_inventory->index(source, 0));
    if (!proxyIndex.isValid()) {
        m_filter->clear();
        m_scope.insert(cluster);
        applyFilter();
        proxyIndex = m_proxy->mapFromSource(m_inventory->index(source, 0));
    }
    m_inventoryView->selectionModel()->setCurrentIndex(
        proxyIndex, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_inventoryView->scrollTo(proxyIndex);
}

void GpusPane::showRow(int sourceRow) {
    const auto &row = m_inventory->row(sourceRow);
    if (row.cluster != m_cluster || row.name != m_node)
        m_highlight.clear();
    m_cluster = row.cluster;
    m_node = row.name;
    refreshDetail();
}

void GpusPane::showUtilization() {
    std::vector<std::optional<double>> byGpu;
    if (m_cluster)
        for (const k8s::GpuReading &g : m_hub->gpuMetrics()->node(m_cluster->name(), m_node)) {
            if (g.gpu < 0 || !g.migInstance.empty())
                continue; // a MIG GPU's utilization is not reported per instance
            if (byGpu.size() <= static_cast<std::size_t>(g.gpu))
                byGpu.resize(static_cast<std::size_t>(g.gpu) + 1);
            byGpu[static_cast<std::size_t>(g.gpu)] = g.utilization;
        }
    m_matrix->setUtilization(byGpu);
    m_matrix->adjustSize(); // in a scroll area: its size is its size hint
}

void GpusPane::refreshDetail() {
    const int sourceRow = m_cluster ? m_inventory->rowOf(m_cluster, m_node) : -1;
    m_import->setEnabled(sourceRow >= 0);
    m_forget->setEnabled(sourceRow >= 0 && m_sources->hasImportedFile(m_cluster, m_node));
    if (sourceRow < 0) {
        m_title->setText(
            m_node.isEmpty()
                ? tr("Select a GPU node to see its topology.")
                : tr("%1 is no longer a GPU node of the clusters shown.").arg(escaped(m_node)));
        m_matrix->setTopology(std::nullopt);
        m_matrix->setPlaceholderText(tr("No GPU node selected."));
        m_matrix->adjustSize();
        m_note->clear();
        m_pods->setRowCount(0);
        m_metricsPanel->setNode({}, {});
        m_matrix->setUtilization({});
        return;
    }
    const auto &row = m_inventory->row(sourceRow);
    m_title->setText(QStringLiteral("%1 <span style='font-weight:normal'>— %2 · %3 · %4</span>")
                         .arg(escaped(row.name), escaped(row.clusterName),
                              escaped(row.model.isEmpty() ? tr("unknown GPU type") : row.model),
                              escaped(row.sharing)));
    const auto &resolved = m_sources->resolve(row.cluster, *row.node);
    m_matrix->setPlaceholderText(
        tr("No topology is known for %1: publish it with packaging/gpu-topology (the "
           "cubedesk.io/gpu-topology annotation), or import its nvidia-smi topo -m output.")
            .arg(row.name));
    if (m_matrix->topology() != resolved.topology)
        m_matrix->setTopology(resolved.topology);
    m_matrix->setHighlight(m_highlight);
    showUtilization();
    m_metricsPanel->setNode(row.clusterName, row.name);

    QStringList notes;
    if (resolved.topology) {
        switch (resolved.topology->source()) {
        case k8s::GpuTopology::Source::Annotation:
            notes << tr("Topology from the node annotation cubedesk.io/gpu-topology.");
            break;
        case k8s::GpuTopology::Source::ImportedFile:
            notes << tr("Topology from a file imported on this computer.");
            break;
        case k8s::GpuTopology::Source::NodeResourceTopology:
            notes << tr("NUMA zones from the node's NodeResourceTopology object, which reports no "
                        "links.");
            break;
        case k8s::GpuTopology::Source::None:
            break;
        }
        if (!resolved.topology->zoneFree().empty()) {
            QStringList free;
            for (const auto &[numa, count] : resolved.topology->zoneFree())
                free << tr("NUMA %1: %2").arg(numa).arg(count);
            notes << tr("Free GPUs per NUMA node: %1.").arg(free.join(QStringLiteral(", ")));
        }
    }
    for (const auto &p : resolved.problems)
        notes << tr("Ignored — %1").arg(QString::fromStdString(p));
    if (const QString status = m_sources->nrtStatus(row.cluster); !status.isEmpty())
        notes << tr("NodeResourceTopology objects could not be read: %1").arg(status);
    if (!m_highlight.empty() && resolved.topology)
        notes << tr("Highlighted: the advisor's best GPU set %1.")
                     .arg(QString::fromStdString(resolved.topology->describeSet(m_highlight)));
    m_note->setText(notes.join(QLatin1Char('\n')));

    const auto holders = m_inventory->holders(sourceRow);
    m_pods->setRowCount(static_cast<int>(holders.size()));
    for (int i = 0; i < static_cast<int>(holders.size()); ++i) {
        const auto &h = holders[static_cast<std::size_t>(i)];
        QStringList resources;
        for (const auto &[name, units] : h.resources)
            resources << QStringLiteral("%1 × %2").arg(QString::fromStdString(name)).arg(units);
        const QStringList cells = {QString::fromStdString(h.ns), QString::fromStdString(h.name),
                                   QString::fromStdString(h.phase), QString::fromStdString(h.user),
                                   resources.join(QStringLiteral(", "))};
        for (int c = 0; c < cells.size(); ++c)
            m_pods->setItem(i, c, new QTableWidgetItem(cells[c]));
    }
    m_detailTabs->setTabText(m_detailTabs->indexOf(m_pods),
                             tr("Pods holding GPUs (%1)").arg(holders.size()));
}

void GpusPane::runAdvisor() {
    k8s::GpuPlacementAdvisor::Request r;
    r.gpus = m_gpus->value();
    r.gpuType = m_type->currentText().trimmed().toStdString();
    r.org = m_org->currentText().trimmed().toStdString();
    r.milliCpu = static_cast<std::int64_t>(m_cpu->value() * 1000);
    r.memoryBytes = static_cast<std::int64_t>(m_memory->value()) << 30;
    m_advisor->run(r, m_scope, m_showAll->isChecked());
    m_advisorSummary->setText(
        tr("%1 of %2 nodes fit").arg(m_advisor->fitting()).arg(m_advisor->rowCount()));
    if (m_advisor->rowCount() > 0)
        m_advisorView->selectionModel()->setCurrentIndex(m_advisor->index(0, 0),
                                                         QItemSelectionModel::ClearAndSelect |
                                                             QItemSelectionModel::Rows);
    else
        m_explanation->setText(tr("No GPU node of the clusters shown matches."));
}

QString GpusPane::importTopology(const QString &path) {
    if (!m_cluster || m_inventory->rowOf(m_cluster, m_node) < 0)
        return tr("Select a GPU node first.");
    QString error = m_sources->importFile(m_cluster, m_node, path);
    refreshDetail();
    return error;
}

void GpusPane::importForSelected() {
    if (!m_cluster)
        return;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import the nvidia-smi topo -m output of %1").arg(m_node), QString(),
        tr("Text files (*.txt *.log);;All files (*)"));
    if (path.isEmpty())
        return;
    const QString error = importTopology(path);
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Import topology file"), error);
}

void GpusPane::forgetForSelected() {
    if (m_cluster && m_sources->forgetImportedFile(m_cluster, m_node))
        refreshDetail();
}

} // namespace cubedesk::ui
