#include "models/gpudevicemodel.h"

#include "models/clusterhub.h"
#include "models/gpuinventorymodel.h"
#include "models/gpumetricsmonitor.h"
#include "models/gpunodehistory.h"
#include "models/modelroles.h"

#include <QColor>

#include <cmath>
#include <limits>

namespace cubedesk::models {

namespace {

QString number(const std::optional<double> &v, const QString &unit) {
    return v ? QStringLiteral("%1 %2").arg(*v, 0, 'f', 0).arg(unit) : QStringLiteral("–");
}

/// The range a field's sparkline is drawn in: percent 0–100, else 0 to the largest value.
void fitRange(Sparkline &s, k8s::GpuHistory::Field field) {
    s.floor = 0;
    s.ceiling = 100;
    if (field == k8s::GpuHistory::Field::Utilization)
        return;
    double top = 0;
    for (const QPointF &p : s.points)
        if (!std::isnan(p.y()))
            top = std::max(top, p.y());
    s.ceiling = top > 0 ? top * 1.1 : 1;
}

} // namespace

GpuDeviceModel::GpuDeviceModel(ClusterHub *hub, GpuNodeHistory *history, QObject *parent)
    : QAbstractTableModel(parent)
    , m_hub(hub)
    , m_history(history) {
    connect(history, &GpuNodeHistory::changed, this, &GpuDeviceModel::rebuild);
    connect(hub->gpuMetrics(), &GpuMetricsMonitor::updated, this, [this](const QString &cluster) {
        if (cluster == m_history->cluster())
            rebuild();
    });
    rebuild();
}

QString GpuDeviceModel::deviceName(int gpu, const std::string &migProfile,
                                   const std::string &migInstance) {
    QString name = gpu >= 0 ? QStringLiteral("GPU%1").arg(gpu) : tr("GPU");
    if (!migProfile.empty() || !migInstance.empty())
        name += QStringLiteral(" · %1 #%2")
                    .arg(QString::fromStdString(migProfile), QString::fromStdString(migInstance));
    return name;
}

void GpuDeviceModel::rebuild() {
    std::vector<Row> rows;
    const QString cluster = m_history->cluster();
    const QString node = m_history->node();
    if (!node.isEmpty()) {
        for (const k8s::GpuReading &g : m_hub->gpuMetrics()->node(cluster, node)) {
            Row r;
            r.gpu = g.gpu;
            r.migProfile = g.migProfile;
            r.migInstance = g.migInstance;
            if (!g.pod.empty())
                r.pod = QString::fromStdString(g.podNamespace + "/" + g.pod);
            r.now = g;
            rows.push_back(std::move(r));
        }
        for (const k8s::GpuHistory::Device &d : m_history->devices()) {
            const auto same = [&](const Row &r) {
                return r.gpu == d.gpu && r.migInstance == d.migInstance;
            };
            auto it = std::find_if(rows.begin(), rows.end(), same);
            if (it == rows.end()) {
                Row r;
                r.gpu = d.gpu;
                r.migProfile = d.migProfile;
                r.migInstance = d.migInstance;
                r.pod = QString::fromStdString(d.pod);
                rows.push_back(std::move(r));
                it = rows.end() - 1;
            }
            for (const auto &v : d.samples)
                it->trend.points.append(
                    QPointF(v.time, v.finite ? v.value : std::numeric_limits<double>::quiet_NaN()));
            fitRange(it->trend, m_history->field());
        }
    }
    const bool sameRows =
        rows.size() == m_rows.size() &&
        std::equal(rows.begin(), rows.end(), m_rows.begin(), [](const Row &a, const Row &b) {
            return a.gpu == b.gpu && a.migInstance == b.migInstance;
        });
    if (sameRows) {
        m_rows = std::move(rows);
        if (!m_rows.empty())
            Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int GpuDeviceModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int GpuDeviceModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant GpuDeviceModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const Row &r = m_rows[static_cast<std::size_t>(index.row())];
    const std::optional<k8s::GpuReading> &g = r.now;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case DeviceColumn:
            return deviceName(r.gpu, r.migProfile, r.migInstance);
        case PodColumn:
            return r.pod.isEmpty() ? tr("(none)") : r.pod;
        case UtilizationColumn:
            return g ? number(g->utilization, QStringLiteral("%")) : QStringLiteral("–");
        case MemoryColumn:
            if (!g || !g->memoryUsedMiB)
                return QStringLiteral("–");
            if (!g->memoryFreeMiB)
                return tr("%1 MiB").arg(*g->memoryUsedMiB, 0, 'f', 0);
            return tr("%1 / %2 MiB")
                .arg(*g->memoryUsedMiB, 0, 'f', 0)
                .arg(*g->memoryUsedMiB + *g->memoryFreeMiB, 0, 'f', 0);
        case PowerColumn:
            return g ? number(g->powerW, QStringLiteral("W")) : QStringLiteral("–");
        case TemperatureColumn:
            return g ? number(g->temperatureC, QStringLiteral("°C")) : QStringLiteral("–");
        case HealthColumn: {
            if (!g)
                return tr("not reporting");
            const QStringList problems = GpuInventoryModel::healthProblems({&*g, 1});
            return problems.isEmpty() ? tr("OK") : problems.join(QStringLiteral(" · "));
        }
        default:
            return {};
        }
    case Qt::ToolTipRole:
        if (index.column() == TrendColumn && !r.trend.points.isEmpty())
            return tr("The chart's field over the chosen range, %1 samples.")
                .arg(r.trend.points.size());
        if (index.column() == HealthColumn && g && g->xid && *g->xid > 0)
            return tr("DCGM_FI_DEV_XID_ERRORS: the last XID error this GPU reported.");
        return {};
    case Qt::ForegroundRole:
        if (index.column() == HealthColumn &&
            (!g || !GpuInventoryModel::healthProblems({&*g, 1}).isEmpty()))
            return QColor(0xc6, 0x28, 0x28);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() >= UtilizationColumn && index.column() <= TemperatureColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case SparklineRole:
        if (index.column() == TrendColumn)
            return QVariant::fromValue(r.trend);
        return {};
    case RawValueRole:
        if (index.column() == UtilizationColumn && g && g->utilization)
            return *g->utilization;
        return data(index, Qt::DisplayRole);
    default:
        return {};
    }
}

QVariant GpuDeviceModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case DeviceColumn:
        return tr("Device");
    case PodColumn:
        return tr("Pod");
    case UtilizationColumn:
        return tr("Utilization");
    case TrendColumn:
        return tr("Trend");
    case MemoryColumn:
        return tr("Memory used");
    case PowerColumn:
        return tr("Power");
    case TemperatureColumn:
        return tr("Temperature");
    case HealthColumn:
        return tr("Health");
    default:
        return {};
    }
}

} // namespace cubedesk::models
