#include "models/idlegputablemodel.h"

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/idlegpureport.h"
#include "models/modelroles.h"

#include <cmath>

namespace cubedesk::models {

using Format = IdleGpuTableModel::Column::Format;

IdleGpuTableModel::IdleGpuTableModel(ClusterHub *hub, Kind kind, QObject *parent)
    : QAbstractTableModel(parent)
    , m_hub(hub)
    , m_kind(kind) {
    m_columns.push_back({"cluster", tr("Cluster"), Format::Text});
    m_columns.push_back({"org", tr("Resource group"), Format::Text});
    if (kind == Kind::Pods) {
        m_columns.push_back({"user", tr("User"), Format::Text});
        m_columns.push_back({"namespace", tr("Namespace"), Format::Text});
        m_columns.push_back({"pod", tr("Pod"), Format::Text});
        m_columns.push_back({"node", tr("Node"), Format::Text});
        m_columns.push_back({"gpus", tr("GPUs"), Format::Whole});
        m_columns.push_back({"idle_for_s", tr("Idle for"), Format::Duration});
        m_columns.push_back({"util_avg_percent", tr("Mean utilization"), Format::Percent});
        m_columns.push_back({"util_max_percent", tr("Peak utilization"), Format::Percent});
    } else {
        m_columns.push_back({"gpus", tr("GPUs held"), Format::Whole});
        m_columns.push_back({"util_avg_percent", tr("Mean utilization"), Format::Percent});
        m_columns.push_back({"idle_pods", tr("Idle pods"), Format::Whole});
    }
    m_columns.push_back({"gpu_hours_held", tr("GPU-hours held (24 h)"), Format::Hours});
    m_columns.push_back({"gpu_hours_used", tr("GPU-hours used"), Format::Hours});
    m_columns.push_back({"gpu_hours_wasted", tr("GPU-hours wasted"), Format::Hours});
    connect(hub->idleGpus(), &IdleGpuReport::updated, this, &IdleGpuTableModel::reload);
    reload();
}

void IdleGpuTableModel::reload() {
    std::vector<k8s::DumpRow> rows;
    const QString kind = m_kind == Kind::Pods ? QStringLiteral("pod") : QStringLiteral("org");
    for (ClusterConnection *c : m_hub->clusters())
        for (k8s::DumpRow &row : m_hub->idleGpus()->rows(c->name()))
            if (IdleGpuReport::text(row, "kind") == kind)
                rows.push_back(std::move(row));
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

std::string IdleGpuTableModel::field(int column) const {
    return column >= 0 && column < columnCount() ? m_columns[static_cast<std::size_t>(column)].field
                                                 : std::string();
}

int IdleGpuTableModel::columnOf(std::string_view field) const {
    for (std::size_t i = 0; i < m_columns.size(); ++i)
        if (m_columns[i].field == field)
            return static_cast<int>(i);
    return -1;
}

int IdleGpuTableModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int IdleGpuTableModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_columns.size());
}

QVariant IdleGpuTableModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const k8s::DumpRow &r = m_rows[static_cast<std::size_t>(index.row())];
    const Column &col = m_columns[static_cast<std::size_t>(index.column())];
    switch (role) {
    case Qt::DisplayRole: {
        if (col.format == Format::Text)
            return IdleGpuReport::text(r, col.field);
        const std::optional<double> v = IdleGpuReport::number(r, col.field);
        if (!v)
            return QStringLiteral("–");
        switch (col.format) {
        case Format::Whole:
            return QString::number(static_cast<qint64>(*v));
        case Format::Percent:
            return QStringLiteral("%1 %").arg(*v, 0, 'f', 1);
        case Format::Hours:
            return QString::number(*v, 'f', 1);
        case Format::Duration:
            return IdleGpuReport::duration(static_cast<qint64>(*v));
        case Format::Text:
            break;
        }
        return {};
    }
    case Qt::TextAlignmentRole:
        return col.format == Format::Text ? QVariant()
                                          : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case RawValueRole:
        if (col.format == Format::Text)
            return IdleGpuReport::text(r, col.field);
        if (const std::optional<double> v = IdleGpuReport::number(r, col.field))
            return *v;
        return QVariant(-1.0); // unknown sorts below every number
    case ClusterNameRole:
        return IdleGpuReport::text(r, "cluster");
    case NodeNameRole:
        return IdleGpuReport::text(r, "node");
    case OrgNameRole:
        return IdleGpuReport::text(r, "org");
    case Qt::ToolTipRole:
        if (col.field == "gpu_hours_wasted")
            return tr("GPU-hours held minus GPU-hours used (utilization × time) over the last "
                      "24 h.");
        return {};
    default:
        return {};
    }
}

SortKey IdleGpuTableModel::sortKey(int row, int column) const {
    const k8s::DumpRow &r = m_rows[static_cast<std::size_t>(row)];
    const Column &col = m_columns[static_cast<std::size_t>(column)];
    if (col.format == Format::Text)
        return SortKey::ofText(IdleGpuReport::text(r, col.field).toLower());
    const std::optional<double> v = IdleGpuReport::number(r, col.field);
    return SortKey::ofNumber(v ? static_cast<std::int64_t>(std::llround(*v * 100)) : -1);
}

QVariant IdleGpuTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
        section >= columnCount())
        return {};
    return m_columns[static_cast<std::size_t>(section)].header;
}

} // namespace cubedesk::models
