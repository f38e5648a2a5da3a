#include "ui/idlegpuspanel.h"

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/idlegpureport.h"
#include "models/idlegputablemodel.h"
#include "models/modelroles.h"
#include "models/sortfilterindex.h"
#include "ui/tableviews.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace cubedesk::ui {

using models::IdleGpuTableModel;

IdleGpusPanel::IdleGpusPanel(models::ClusterHub *hub, QWidget *parent)
    : QWidget(parent)
    , m_hub(hub)
    , m_pods(new IdleGpuTableModel(hub, IdleGpuTableModel::Kind::Pods, this))
    , m_orgs(new IdleGpuTableModel(hub, IdleGpuTableModel::Kind::Orgs, this))
    , m_podProxy(new models::SortFilterIndex(this))
    , m_orgProxy(new models::SortFilterIndex(this))
    , m_threshold(new QDoubleSpinBox(this))
    , m_window(new QComboBox(this))
    , m_filter(new QLineEdit(this))
    , m_refresh(new QToolButton(this))
    , m_status(new QLabel(this))
    , m_orgView(new QTableView(this))
    , m_podView(new QTableView(this)) {
    models::IdleGpuReport *report = hub->idleGpus();
    m_threshold->setObjectName(QStringLiteral("idleThreshold"));
    m_threshold->setAccessibleName(tr("Idle below"));
    m_threshold->setRange(0.5, 100);
    m_threshold->setDecimals(1);
    m_threshold->setSuffix(QStringLiteral(" %"));
    m_threshold->setValue(report->thresholdPercent());
    m_window->setObjectName(QStringLiteral("idleWindow"));
    m_window->setAccessibleName(tr("Idle for at least"));
    for (const qint64 minutes : {10, 30, 60, 120, 360, 720, 1440})
        m_window->addItem(models::IdleGpuReport::duration(minutes * 60), minutes * 60);
    m_window->setCurrentIndex(std::max(0, m_window->findData(report->windowSeconds())));
    m_filter->setObjectName(QStringLiteral("idleFilter"));
    m_filter->setAccessibleName(tr("Filter idle GPUs"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setPlaceholderText(tr("Filter: resource group, user, namespace, pod, node"));
    m_refresh->setText(tr("Refresh"));
    m_refresh->setToolTip(tr("Read the last day of GPU utilization again."));
    m_status->setObjectName(QStringLiteral("idleStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    connect(m_threshold, &QDoubleSpinBox::editingFinished, this, &IdleGpusPanel::applyCriteria);
    connect(m_window, &QComboBox::currentIndexChanged, this, &IdleGpusPanel::applyCriteria);
    connect(m_filter, &QLineEdit::textChanged, this, &IdleGpusPanel::applyFilter);
    connect(m_refresh, &QToolButton::clicked, report, &models::IdleGpuReport::refresh);
    connect(report, &models::IdleGpuReport::updated, this, &IdleGpusPanel::updateStatus);

    const auto setUp = [](QTableView *view, models::SortFilterIndex *proxy,
                          IdleGpuTableModel *model, const QString &name,
                          std::initializer_list<int> widths) {
        proxy->setSourceModel(model);
        view->setModel(proxy);
        TableViews::configure(view, name, widths);
        view->setSortingEnabled(true);
        view->sortByColumn(model->columnOf("gpu_hours_wasted"), Qt::DescendingOrder);
    };
    setUp(m_orgView, m_orgProxy, m_orgs, QStringLiteral("idleOrgView"),
          {110, 130, 80, 120, 80, 150, 120, 130});
    setUp(m_podView, m_podProxy, m_pods, QStringLiteral("idlePodView"),
          {110, 110, 100, 110, 220, 150, 60, 90, 120, 120, 150, 120, 130});
    m_orgView->setAccessibleName(tr("GPU use per resource group"));
    m_podView->setAccessibleName(tr("Pods holding idle GPUs"));
    connect(m_podView, &QTableView::activated, this, [this](const QModelIndex &index) {
        Q_EMIT nodeActivated(index.data(models::ClusterNameRole).toString(),
                             index.data(models::NodeNameRole).toString());
    });

    auto *controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Idle below"), this));
    controls->addWidget(m_threshold);
    controls->addWidget(new QLabel(tr("for at least"), this));
    controls->addWidget(m_window);
    controls->addWidget(m_filter, 1);
    controls->addWidget(m_refresh);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_orgView);
    split->addWidget(m_podView);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(controls);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);
    for (auto *c : hub->clusters())
        m_scope.insert(c->name());
    applyFilter();
    updateStatus();
}

IdleGpusPanel::~IdleGpusPanel() {
    if (m_watching)
        m_hub->idleGpus()->unwatch();
    // Views before their proxies, proxies before the models they read.
    delete m_podView;
    delete m_orgView;
    delete m_podProxy;
    delete m_orgProxy;
}

void IdleGpusPanel::setScope(const QSet<QString> &clusters) {
    m_scope = clusters;
    applyFilter();
    updateStatus();
}

void IdleGpusPanel::showEvent(QShowEvent *event) {
    QWidget::showEvent(event);
    if (!m_watching) {
        m_watching = true;
        m_hub->idleGpus()->watch();
    }
}

void IdleGpusPanel::hideEvent(QHideEvent *event) {
    QWidget::hideEvent(event);
    if (m_watching) {
        m_watching = false;
        m_hub->idleGpus()->unwatch();
    }
}

void IdleGpusPanel::applyCriteria() {
    m_hub->idleGpus()->setCriteria(m_threshold->value(), m_window->currentData().toLongLong());
}

void IdleGpusPanel::applyFilter() {
    const QStringList terms =
        m_filter->text().toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    const QSet<QString> scope = m_scope;
    const auto filterOf = [terms, scope](IdleGpuTableModel *model) {
        return [model, terms, scope](int sourceRow) {
            const k8s::DumpRow &row = model->row(sourceRow);
            if (!scope.contains(models::IdleGpuReport::text(row, "cluster")))
                return false;
            QString text;
            for (const char *field : {"org", "user", "namespace", "pod", "node", "cluster"})
                text += models::IdleGpuReport::text(row, field).toLower() + QLatin1Char(' ');
            return std::all_of(terms.begin(), terms.end(),
                               [&](const QString &t) { return text.contains(t); });
        };
    };
    m_podProxy->setFilter(filterOf(m_pods));
    m_orgProxy->setFilter(filterOf(m_orgs));
}

void IdleGpusPanel::updateStatus() {
    QStringList lines;
    for (auto *c : m_hub->clusters())
        if (m_scope.contains(c->name()))
            if (const QString line = m_hub->idleGpus()->describe(c->name()); !line.isEmpty())
                lines << line;
    if (lines.isEmpty())
        lines << tr("Idle GPUs are read from each cluster's Prometheus (DCGM utilization) while "
                    "this tab is shown.");
    m_status->setText(lines.join(QLatin1Char('\n')));
}

} // namespace cubedesk::ui
