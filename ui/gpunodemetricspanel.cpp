#include "ui/gpunodemetricspanel.h"

#include "models/clusterhub.h"
#include "models/gpudevicemodel.h"
#include "models/gpumetricsmonitor.h"
#include "models/gpunodehistory.h"
#include "ui/tableviews.h"
#include "widgets/gpuhistorychart.h"
#include "widgets/sparklinedelegate.h"

#include <QComboBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace cubedesk::ui {

using Field = k8s::GpuHistory::Field;

GpuNodeMetricsPanel::GpuNodeMetricsPanel(models::ClusterHub *hub, QWidget *parent)
    : QWidget(parent)
    , m_hub(hub)
    , m_history(new models::GpuNodeHistory(hub, this))
    , m_devices(new models::GpuDeviceModel(hub, m_history, this))
    , m_range(new QComboBox(this))
    , m_field(new QComboBox(this))
    , m_status(new QLabel(this))
    , m_view(new QTableView(this))
    , m_chart(new widgets::GpuHistoryChart(this)) {
    m_range->setObjectName(QStringLiteral("gpuHistoryRange"));
    m_range->setAccessibleName(tr("Chart range"));
    m_range->addItem(tr("Last hour"), 3600);
    m_range->addItem(tr("Last 6 hours"), 6 * 3600);
    m_range->addItem(tr("Last 24 hours"), 24 * 3600);
    m_field->setObjectName(QStringLiteral("gpuHistoryField"));
    m_field->setAccessibleName(tr("Chart field"));
    m_field->addItem(tr("Utilization"), static_cast<int>(Field::Utilization));
    m_field->addItem(tr("Memory used"), static_cast<int>(Field::MemoryUsed));
    m_field->addItem(tr("Power"), static_cast<int>(Field::Power));
    m_field->addItem(tr("Temperature"), static_cast<int>(Field::Temperature));
    m_status->setObjectName(QStringLiteral("gpuMetricsStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    connect(m_range, &QComboBox::currentIndexChanged, this,
            [this] { m_history->setRangeSeconds(m_range->currentData().toLongLong()); });
    connect(m_field, &QComboBox::currentIndexChanged, this,
            [this] { m_history->setField(static_cast<Field>(m_field->currentData().toInt())); });

    m_view->setModel(m_devices);
    TableViews::configure(m_view, QStringLiteral("gpuDeviceView"),
                          {80, 170, 80, 110, 130, 60, 90, 140});
    m_view->setAccessibleName(tr("GPUs of the selected node"));
    m_view->setSortingEnabled(false);
    m_view->setItemDelegateForColumn(models::GpuDeviceModel::TrendColumn,
                                     new widgets::SparklineDelegate(m_view));
    m_chart->setObjectName(QStringLiteral("gpuHistoryChart"));

    auto *controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Chart:"), this));
    controls->addWidget(m_field);
    controls->addWidget(m_range);
    controls->addStretch(1);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_view);
    split->addWidget(m_chart);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({260, 340}); // eight GPUs' rows, then the chart
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(controls);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);

    connect(m_history, &models::GpuNodeHistory::changed, this, &GpuNodeMetricsPanel::showHistory);
    connect(hub->gpuMetrics(), &models::GpuMetricsMonitor::updated, this,
            [this](const QString &cluster) {
                if (cluster == m_history->cluster())
                    updateStatus();
            });
    showHistory();
}

void GpuNodeMetricsPanel::setNode(const QString &cluster, const QString &node) {
    m_history->setNode(cluster, node);
    updateStatus();
}

void GpuNodeMetricsPanel::showEvent(QShowEvent *event) {
    QWidget::showEvent(event);
    m_history->setActive(true);
}

void GpuNodeMetricsPanel::hideEvent(QHideEvent *event) {
    QWidget::hideEvent(event);
    m_history->setActive(false);
}

void GpuNodeMetricsPanel::updateStatus() {
    const QString cluster = m_history->cluster();
    if (m_history->node().isEmpty()) {
        m_status->setText(tr("Select a GPU node to see its GPUs' metrics."));
        return;
    }
    models::GpuMetricsMonitor *metrics = m_hub->gpuMetrics();
    QString text = metrics->describe(cluster);
    if (metrics->state(cluster) == models::GpuMetricsMonitor::State::Measured)
        text += tr(" · sampled %1")
                    .arg(QLocale().toString(metrics->sampledAt(cluster).toLocalTime().time(),
                                            QLocale::ShortFormat));
    if (m_history->state() == models::GpuNodeHistory::State::Failed &&
        m_history->error() != metrics->describe(cluster))
        text += QStringLiteral(" · ") + tr("chart: %1").arg(m_history->error());
    m_status->setText(text);
}

void GpuNodeMetricsPanel::showHistory() {
    using State = models::GpuNodeHistory::State;
    const Field field = m_history->field();
    QList<widgets::GpuHistoryChart::Line> lines;
    for (const k8s::GpuHistory::Device &d : m_history->devices()) {
        widgets::GpuHistoryChart::Line line;
        line.name = models::GpuDeviceModel::deviceName(d.gpu, d.migProfile, d.migInstance);
        for (const auto &v : d.samples)
            line.points.append(
                QPointF(v.time, v.finite ? v.value : std::numeric_limits<double>::quiet_NaN()));
        lines.append(std::move(line));
    }
    switch (m_history->state()) {
    case State::NoNode:
        m_chart->setEmptyText(tr("No GPU node selected."));
        break;
    case State::Loading:
        m_chart->setEmptyText(tr("Loading…"));
        break;
    case State::Failed:
        m_chart->setEmptyText(tr("No history: %1").arg(m_history->error()));
        break;
    case State::Loaded:
        m_chart->setEmptyText(tr("Prometheus has no samples of this node in this range."));
        break;
    }
    const QString unit = field == Field::Utilization  ? tr("Utilization (%)")
                         : field == Field::MemoryUsed ? tr("Memory used (MiB)")
                         : field == Field::Power      ? tr("Power (W)")
                                                      : tr("Temperature (°C)");
    const qint64 end =
        m_history->state() == State::Loaded ? m_history->end() : QDateTime::currentSecsSinceEpoch();
    m_chart->setLines(lines, end - m_history->rangeSeconds(), end, field == Field::Utilization,
                      unit);
    updateStatus();
}

} // namespace cubedesk::ui
