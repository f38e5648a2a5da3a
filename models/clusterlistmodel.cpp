#include "models/clusterlistmodel.h"

#include "k8s/cube/dumprows.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/modelroles.h"
#include "models/resourceusage.h"
#include "models/usage.h"

#include <cmath>

namespace cubedesk::models {

ClusterListModel::ClusterListModel(ClusterHub *hub, QObject *parent)
    : QAbstractTableModel(parent)
    , m_hub(hub) {
    m_rows = hub->clusters();
    connect(hub, &ClusterHub::clusterAdded, this, [this](ClusterConnection *c) {
        const int row = static_cast<int>(m_rows.size());
        beginInsertRows({}, row, row);
        m_rows.append(c);
        endInsertRows();
    });
    connect(hub, &ClusterHub::clusterAboutToBeRemoved, this, [this](ClusterConnection *c) {
        const int row = static_cast<int>(m_rows.indexOf(c));
        if (row < 0)
            return;
        beginRemoveRows({}, row, row);
        m_rows.removeAt(row);
        endRemoveRows();
    });
    connect(hub, &ClusterHub::clusterChanged, this,
            [this](ClusterConnection *c, const ClusterChange &) { rowChanged(c); });
    connect(hub, &ClusterHub::clusterStateChanged, this, &ClusterListModel::rowChanged);
}

ClusterConnection *ClusterListModel::cluster(int row) const {
    return row >= 0 && row < m_rows.size() ? m_rows[row] : nullptr;
}

void ClusterListModel::rowChanged(ClusterConnection *cluster) {
    const int row = static_cast<int>(m_rows.indexOf(cluster));
    if (row >= 0)
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int ClusterListModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ClusterListModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ClusterListModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const ClusterConnection *c = m_rows[index.row()];
    const auto &totals = c->store().accounting().totals();
    const auto cpu = [&] { return ResourceUsage::cpu(totals.requested, totals.allocatable); };
    const auto memory = [&] { return ResourceUsage::memory(totals.requested, totals.allocatable); };
    const auto gpus = [&] { return ResourceUsage::gpus(totals.requested, totals.allocatable); };
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return c->name();
        case StateColumn:
            return c->freshness().text;
        case ServerColumn:
            return c->server();
        case VersionColumn:
            return c->version();
        case NodesColumn:
            return QStringLiteral("%1 / %2").arg(totals.readyNodes).arg(totals.nodes);
        case PodsColumn:
            return totals.pods;
        case CpuColumn:
            return cpu().text;
        case MemoryColumn:
            return memory().text;
        case GpuColumn:
            return gpus().text;
        case ErrorColumn:
            return c->freshness().error;
        default:
            return {};
        }
    case Qt::ToolTipRole:
        if (index.column() == StateColumn || index.column() == ErrorColumn)
            return c->freshness().details;
        if (index.column() == NameColumn)
            return c->source();
        return {};
    case UsageRole:
        switch (index.column()) {
        case CpuColumn:
            return QVariant::fromValue(cpu());
        case MemoryColumn:
            return QVariant::fromValue(memory());
        case GpuColumn:
            return QVariant::fromValue(gpus());
        default:
            return {};
        }
    case FreshnessRole:
        return static_cast<int>(c->freshness().level);
    case ClusterNameRole:
        return c->name();
    default:
        return {};
    }
}

QVariant ClusterListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Cluster");
    case StateColumn:
        return tr("Data");
    case ServerColumn:
        return tr("Server");
    case VersionColumn:
        return tr("Version");
    case NodesColumn:
        return tr("Nodes ready");
    case PodsColumn:
        return tr("Pods");
    case CpuColumn:
        return tr("CPU requested (cores)");
    case MemoryColumn:
        return tr("Memory requested");
    case GpuColumn:
        return tr("GPUs requested");
    case ErrorColumn:
        return tr("Last error");
    default:
        return {};
    }
}

} // namespace cubedesk::models
