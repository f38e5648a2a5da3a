#include "ui/overviewpane.h"

#include "models/clusterhub.h"
#include "models/freedmemory.h"
#include "models/overviewaggregator.h"
#include "models/qtstring.h"
#include "models/runningpodfilter.h"
#include "models/runningpodmodel.h"
#include "models/sortfilterindex.h"
#include "ui/filterfield.h"
#include "ui/podactionmenu.h"
#include "ui/tableviews.h"
#include "ui/themecontroller.h"
#include "widgets/overviewbarchart.h"
#include "widgets/overviewdonutchart.h"
#include "widgets/usagebarpainter.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>
#include <memory>
#include <utility>

namespace cubedesk::ui {

using models::RunningPodModel;
using widgets::OverviewBarChart;
using widgets::OverviewDonutChart;
using Amount = k8s::ResourceOverview::Amount;

namespace {

constexpr double kGi = 1024.0 * 1024.0 * 1024.0;

double cores(std::int64_t milli) {
    return static_cast<double>(milli) / 1000.0;
}

double gib(std::int64_t bytes) {
    return static_cast<double>(bytes) / kGi;
}

/// "2,304", "12.5": thousands separated, one decimal only below 100 and when it has one.
QString number(double v) {
    const double rounded = v < 100 ? std::round(v * 10.0) / 10.0 : std::round(v);
    return QLocale().toString(rounded, 'f', rounded == std::floor(rounded) ? 0 : 1);
}

QString percent(double used, double total) {
    return total > 0 ? QStringLiteral("%1 %").arg(std::lround(100.0 * used / total))
                     : QStringLiteral("—");
}

} // namespace

QColor OverviewPane::color(Resource resource) {
    switch (resource) {
    case Resource::Cpu:
        return QColor(0x3c, 0x83, 0xc9);
    case Resource::Memory:
        return QColor(0x2a, 0x9d, 0x8f);
    case Resource::Gpus:
        return QColor(0x7b, 0x5e, 0xa7);
    }
    return {};
}

OverviewPane::OverviewPane(models::ClusterHub *hub, QWidget *parent)
    : QWidget(parent)
    , m_hub(hub)
    , m_aggregator(new models::OverviewAggregator(hub, this))
    , m_pods(nullptr)
    , m_proxy(new models::SortFilterIndex(this))
    , m_summary(new QLabel(this))
    , m_donutRow(new QWidget(this))
    , m_donutLayout(new QHBoxLayout(m_donutRow))
    , m_gpuTypes(new OverviewBarChart(this))
    , m_cpu(new OverviewBarChart(this))
    , m_memory(new OverviewBarChart(this))
    , m_gpus(new OverviewBarChart(this))
    , m_filter(new QLineEdit(this))
    , m_count(new QLabel(this))
    , m_view(new QTableView(this))
    , m_debounce(new QTimer(this))
    , m_release(new QTimer(this)) {
    setObjectName(QStringLiteral("overviewPane"));
    m_aggregator->setActive(false); // until shown
    m_release->setSingleShot(true);
    m_release->setInterval(kReleaseAfterMs);
    connect(m_release, &QTimer::timeout, this, &OverviewPane::releasePodModel);

    m_summary->setObjectName(QStringLiteral("overviewSummary"));
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setWordWrap(true);
    m_summary->setContentsMargins(4, 2, 4, 2);

    m_donutRow->setObjectName(QStringLiteral("overviewDonuts"));
    m_donutLayout->setContentsMargins(0, 0, 0, 0);
    m_donutLayout->setSpacing(12);
    m_donutLayout->addStretch(1);
    auto *donutScroll = new QScrollArea(this);
    donutScroll->setWidget(m_donutRow);
    donutScroll->setWidgetResizable(true);
    donutScroll->setFrameShape(QFrame::NoFrame);
    donutScroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    donutScroll->setBackgroundRole(QPalette::Base);
    donutScroll->setMinimumHeight(180);

    m_gpuTypes->setObjectName(QStringLiteral("gpuTypeChart"));
    m_gpuTypes->setTitle(tr("GPUs by type"));
    m_gpuTypes->setColor(color(Resource::Gpus));
    m_gpuTypes->setEmptyText(tr("No GPUs in scope"));
    m_cpu->setObjectName(QStringLiteral("orgCpuChart"));
    m_cpu->setTitle(tr("CPU by resource group (cores)"));
    m_cpu->setColor(color(Resource::Cpu));
    m_cpu->setEmptyText(tr("No nodes in scope"));
    m_memory->setObjectName(QStringLiteral("orgMemoryChart"));
    m_memory->setTitle(tr("Memory by resource group (GiB)"));
    m_memory->setColor(color(Resource::Memory));
    m_memory->setEmptyText(tr("No nodes in scope"));
    m_gpus->setObjectName(QStringLiteral("orgGpuChart"));
    m_gpus->setTitle(tr("GPUs by resource group"));
    m_gpus->setColor(color(Resource::Gpus));
    m_gpus->setEmptyText(tr("No GPUs in scope"));

    auto *top = new QHBoxLayout;
    top->setSpacing(8);
    top->addWidget(donutScroll, 3);
    top->addWidget(m_gpuTypes, 2);
    auto *orgs = new QHBoxLayout;
    orgs->setSpacing(8);
    orgs->addWidget(m_cpu, 1);
    orgs->addWidget(m_memory, 1);
    orgs->addWidget(m_gpus, 1);
    auto *charts = new QWidget(this);
    charts->setObjectName(QStringLiteral("overviewCharts"));
    charts->setAutoFillBackground(true);
    charts->setBackgroundRole(QPalette::Base);
    auto *chartsLayout = new QVBoxLayout(charts);
    chartsLayout->setContentsMargins(6, 4, 6, 4);
    chartsLayout->setSpacing(6);
    chartsLayout->addWidget(m_summary);
    chartsLayout->addLayout(top, 5);
    chartsLayout->addLayout(orgs, 6);

    m_filter->setObjectName(QStringLiteral("podFilter"));
    m_filter->setAccessibleName(tr("Filter running pods"));
    FilterField::watch(m_filter);
    m_filter->setClearButtonEnabled(true);
    m_filter->setPlaceholderText(
        tr("Filter pods: org=vision, user=alice, gpus>0 or any text (Ctrl+F)"));
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(150);
    connect(m_filter, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_debounce, &QTimer::timeout, this, &OverviewPane::applyFilter);
    m_count->setObjectName(QStringLiteral("podCount"));
    auto *title =
        new QLabel(tr("<b>Running resources</b> — pods holding CPU, memory or GPUs"), this);
    auto *bar = new QHBoxLayout;
    bar->addWidget(title);
    bar->addSpacing(12);
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_count);

    m_view->setObjectName(QStringLiteral("runningPodsView"));
    m_view->setAccessibleName(tr("Running pods"));
    m_view->setModel(m_proxy);
    PodActionMenu::attach(
        m_view,
        [this](const QModelIndex &index) {
            const QModelIndex source = m_proxy->mapToSource(index);
            if (!source.isValid() || !m_pods)
                return PodActionMenu::Target{};
            const auto &row = m_pods->row(source.row());
            return PodActionMenu::Target{row.cluster, models::toQString(row.pod->namespaceName()),
                                         models::toQString(row.pod->name())};
        },
        [this](const PodActionMenu::Target &t) { Q_EMIT logsRequested(t.cluster, t.ns, t.pod); });
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(RunningPodModel::GpusColumn, Qt::DescendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    TableViews::setRowHeight(m_view, 24);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setSectionsMovable(true);
    const int widths[] = {60, 100, 100, 90, 270, 80, 140, 80, 76, 60, 130};
    for (int c = 0; c < static_cast<int>(std::size(widths)); ++c)
        m_view->setColumnWidth(c, widths[c]);
    auto *table = new QWidget(this);
    auto *tableLayout = new QVBoxLayout(table);
    tableLayout->setContentsMargins(0, 4, 0, 0);
    tableLayout->addLayout(bar);
    tableLayout->addWidget(m_view, 1);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("overviewSplitter"));
    splitter->addWidget(charts);
    splitter->addWidget(table);
    splitter->setStretchFactor(0, 5);
    splitter->setStretchFactor(1, 4);
    splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter, 1);

    connect(m_aggregator, &models::OverviewAggregator::changed, this, &OverviewPane::updateCharts);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_proxy, signal, this, &OverviewPane::updateCount);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &OverviewPane::updateCount);
    updateCharts();
    updateCount();
}

OverviewPane::~OverviewPane() {
    // The view and the proxy first: they read the model.
    delete m_view;
    delete m_proxy;
    delete m_pods;
}

widgets::OverviewBarChart *OverviewPane::orgChart(Resource resource) const {
    switch (resource) {
    case Resource::Cpu:
        return m_cpu;
    case Resource::Memory:
        return m_memory;
    case Resource::Gpus:
        return m_gpus;
    }
    return nullptr;
}

widgets::OverviewDonutChart *OverviewPane::donut(const QString &cluster) const {
    for (auto *d : m_donuts)
        if (d->title() == cluster)
            return d;
    return nullptr;
}

QString OverviewPane::summaryText() const {
    return m_summary->text();
}

void OverviewPane::showEvent(QShowEvent *event) {
    QWidget::showEvent(event);
    m_aggregator->setActive(true);
    m_release->stop();
    ensurePodModel();
}

void OverviewPane::hideEvent(QHideEvent *event) {
    QWidget::hideEvent(event);
    m_aggregator->setActive(false);
    m_release->start();
}

void OverviewPane::setReleaseDelay(int ms) {
    m_release->setInterval(ms);
}

void OverviewPane::ensurePodModel() {
    if (m_pods)
        return;
    m_pods = new RunningPodModel(m_hub, this, RunningPodModel::InitialLoad::InSlices);
    // Both: a removal reaches the proxy before the model has dropped the row.
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_pods, signal, this, &OverviewPane::updateCount);
    connect(m_pods, &RunningPodModel::loaded, this, &OverviewPane::updateCount);
    m_proxy->setSourceModel(m_pods);
    applyFilter();
}

void OverviewPane::releasePodModel() {
    if (!m_pods || isVisible())
        return;
    m_proxy->setFilter({}); // it reads the model's rows (applyFilter sets it again when shown)
    m_proxy->setSourceModel(nullptr);
    delete m_pods;
    m_pods = nullptr;
    updateCount();
    models::FreedMemory::returnInBackground();
}

void OverviewPane::setScope(const QSet<QString> &clusters) {
    m_scope = clusters;
    m_aggregator->setScope(clusters);
    applyFilter();
}

void OverviewPane::setFilterText(const QString &text) {
    m_filter->setText(text);
    applyFilter();
}

void OverviewPane::focusFilter() {
    m_filter->setFocus(Qt::ShortcutFocusReason);
    m_filter->selectAll();
}

void OverviewPane::applyFilter() {
    m_debounce->stop();
    auto filter = std::make_shared<models::RunningPodFilter>(
        models::RunningPodFilter::parse(m_filter->text()));
    FilterField::setError(m_filter, filter->error().isEmpty()
                                        ? QString()
                                        : tr("Not a valid filter: %1").arg(filter->error()));
    const std::optional<QSet<QString>> scope = m_scope;
    if (!m_pods || (!scope && filter->isEmpty() && filter->error().isEmpty())) {
        m_proxy->setFilter({});
    } else {
        // Cluster names are interned and rows come in runs per cluster: decide a name once per
        // run, not per row (150,000 rows per change).
        auto last =
            std::make_shared<std::pair<const models::RunningPodText *, bool>>(nullptr, false);
        m_proxy->setFilter([model = m_pods, filter, scope, last](int row) {
            const auto &r = model->row(row);
            if (scope) {
                if (last->first != r.clusterName)
                    *last = {r.clusterName, scope->contains(r.clusterName->display)};
                if (!last->second)
                    return false;
            }
            return filter->matches(r);
        });
    }
    updateCount();
}

void OverviewPane::updateCount() {
    if (!m_pods) {
        m_count->clear();
        return;
    }
    m_count->setText(
        m_pods->loading()
            ? tr("%1 of %2 pods, loading…").arg(m_proxy->rowCount()).arg(m_pods->rowCount())
            : tr("%1 of %2 pods").arg(m_proxy->rowCount()).arg(m_pods->rowCount()));
}

void OverviewPane::updateCharts() {
    const auto &clusters = m_aggregator->clusters();
    const bool many = clusters.size() > 1;

    // One donut per cluster in scope, in the hub's order.
    while (m_donuts.size() > static_cast<qsizetype>(clusters.size()))
        delete m_donuts.takeLast();
    while (m_donuts.size() < static_cast<qsizetype>(clusters.size())) {
        auto *d = new OverviewDonutChart(m_donutRow);
        d->setMaximumWidth(460);
        m_donutLayout->insertWidget(static_cast<int>(m_donuts.size()), d);
        m_donuts.append(d);
    }
    QList<OverviewBarChart::Bar> cpu;
    QList<OverviewBarChart::Bar> memory;
    QList<OverviewBarChart::Bar> gpus;
    for (std::size_t i = 0; i < clusters.size(); ++i) {
        const auto &c = clusters[i];
        const auto &t = c.totals;
        auto *d = m_donuts[static_cast<qsizetype>(i)];
        d->setObjectName(QStringLiteral("donut_") + models::toQString(c.name));
        d->setData(
            models::toQString(c.name),
            tr("%1 of %2 nodes ready\n%3 pods · %4 pending")
                    .arg(t.readyNodes)
                    .arg(t.nodes)
                    .arg(t.pods)
                    .arg(t.pendingPods) +
                busyText(m_aggregator->measured(models::toQString(c.name))),
            {{tr("CPU"), cores(t.cpu.requested), cores(t.cpu.allocatable),
              tr("%1 / %2 cores")
                  .arg(number(cores(t.cpu.requested)), number(cores(t.cpu.allocatable))),
              color(Resource::Cpu)},
             {tr("Memory"), gib(t.memory.requested), gib(t.memory.allocatable),
              tr("%1 / %2 GiB")
                  .arg(number(gib(t.memory.requested)), number(gib(t.memory.allocatable))),
              color(Resource::Memory)},
             {tr("GPUs"), static_cast<double>(t.gpus.requested),
              static_cast<double>(t.gpus.allocatable),
              tr("%1 / %2").arg(t.gpus.requested).arg(t.gpus.allocatable), color(Resource::Gpus)}});
        for (const auto &o : c.orgs) {
            const QString label =
                many ? models::toQString(o.name) + QStringLiteral(" · ") + models::toQString(c.name)
                     : models::toQString(o.name);
            QStringList types;
            for (const auto &g : o.gpuTypes)
                types << QStringLiteral("%1 %2/%3")
                             .arg(g.type.empty() ? tr("(no gpu-type)") : models::toQString(g.type))
                             .arg(g.gpus.requested)
                             .arg(g.gpus.allocatable);
            const auto &ot = o.totals;
            QString tip =
                tr("<b>%1</b> — %2<br>%3 of %4 nodes ready · %5 pods hold resources · %6 pending"
                   "<br>CPU %7 / %8 cores · memory %9 / %10 GiB · GPUs %11 / %12")
                    .arg(models::toQString(o.name), models::toQString(c.name))
                    .arg(ot.readyNodes)
                    .arg(ot.nodes)
                    .arg(ot.pods)
                    .arg(ot.pendingPods)
                    .arg(number(cores(ot.cpu.requested)), number(cores(ot.cpu.allocatable)),
                         number(gib(ot.memory.requested)), number(gib(ot.memory.allocatable)))
                    .arg(ot.gpus.requested)
                    .arg(ot.gpus.allocatable);
            if (!types.isEmpty())
                tip += QStringLiteral("<br>") +
                       tr("GPUs by type: %1").arg(types.join(QStringLiteral(", ")));
            const auto m = m_aggregator->measured(models::toQString(c.name), o.name);
            tip += inUseText(m);
            cpu << OverviewBarChart::Bar{label, cores(ot.cpu.requested), cores(ot.cpu.allocatable),
                                         tip, m.cpuCores};
            memory << OverviewBarChart::Bar{
                label, std::round(gib(ot.memory.requested)), std::round(gib(ot.memory.allocatable)),
                tip,
                m.memoryBytes ? std::optional<double>(std::round(*m.memoryBytes / kGi))
                              : std::nullopt};
            if (ot.gpus.requested > 0 || ot.gpus.allocatable > 0)
                gpus << OverviewBarChart::Bar{label, static_cast<double>(ot.gpus.requested),
                                              static_cast<double>(ot.gpus.allocatable), tip,
                                              m.busyGpus};
        }
    }
    m_cpu->setBars(cpu);
    m_memory->setBars(memory);
    m_gpus->setBars(gpus);

    QList<OverviewBarChart::Bar> types;
    for (const auto &t : m_aggregator->gpuTypes())
        types << OverviewBarChart::Bar{
            t.type.empty() ? tr("(no gpu-type)") : models::toQString(t.type),
            static_cast<double>(t.gpus.requested), static_cast<double>(t.gpus.allocatable),
            tr("%1: %2 of %3 GPUs requested, on %n node(s)", "", t.nodes)
                .arg(t.type.empty() ? tr("GPU nodes without a gpu-type label")
                                    : models::toQString(t.type))
                .arg(t.gpus.requested)
                .arg(t.gpus.allocatable)};
    m_gpuTypes->setBars(types);

    const auto &s = m_aggregator->totals();
    m_summary->setText(summaryText(s, clusters.size()) + inUseText(m_aggregator->measuredTotals()));
}

QString OverviewPane::summaryText(const k8s::ResourceOverview::Totals &s, std::size_t clusters) {
    return (tr("<b>%n cluster(s)</b> · %1 of %2 nodes ready · %3 pods hold resources · "
               "%4 pending · CPU <b>%5</b> / %6 cores (%7) · memory <b>%8</b> / %9 GiB (%10) · "
               "GPUs <b>%11</b> / %12 (%13)",
               "", static_cast<int>(clusters))
                .arg(s.readyNodes)
                .arg(s.nodes)
                .arg(s.pods)
                .arg(s.pendingPods)
                .arg(number(cores(s.cpu.requested)), number(cores(s.cpu.allocatable)),
                     percent(cores(s.cpu.requested), cores(s.cpu.allocatable)),
                     number(gib(s.memory.requested)), number(gib(s.memory.allocatable)),
                     percent(gib(s.memory.requested), gib(s.memory.allocatable)))
                .arg(s.gpus.requested)
                .arg(s.gpus.allocatable)
                .arg(percent(static_cast<double>(s.gpus.requested),
                             static_cast<double>(s.gpus.allocatable))));
}

QString OverviewPane::busyText(const models::OverviewAggregator::Measured &m) {
    QStringList parts;
    if (m.cpuCores)
        parts << tr("%1 cores").arg(number(*m.cpuCores));
    if (m.busyGpus)
        parts << tr("%1 GPUs busy").arg(number(*m.busyGpus));
    return parts.isEmpty()
               ? QString()
               : QLatin1Char('\n') + tr("in use: %1").arg(parts.join(QStringLiteral(" · ")));
}

QString OverviewPane::inUseText(const models::OverviewAggregator::Measured &m) {
    QStringList parts;
    if (m.cpuCores)
        parts << tr("CPU %1 cores").arg(number(*m.cpuCores));
    if (m.memoryBytes)
        parts << tr("memory %1 GiB").arg(number(*m.memoryBytes / kGi));
    if (m.busyGpus)
        parts << tr("GPUs %1 busy of %2 reporting").arg(number(*m.busyGpus)).arg(m.gpusReporting);
    return parts.isEmpty() ? QString()
                           : QStringLiteral("<br>") +
                                 tr("In use now: %1").arg(parts.join(QStringLiteral(" · ")));
}

} // namespace cubedesk::ui
