#include "models/gpusummarymodel.h"

#include "models/clusterconnection.h"
#include "models/gpuinventorymodel.h"
#include "models/modelroles.h"
#include "models/resourceusage.h"

#include <QFont>

#include <algorithm>
#include <map>

namespace cubedesk::models {

using Kind = k8s::GpuInventory::ResourceKind;

namespace {

std::pair<qint64, qint64> sum(const k8s::GpuInventory::Totals &t, Kind kind) {
    qint64 used = 0;
    qint64 total = 0;
    for (const auto &[name, r] : t.byResource)
        if (r.kind == kind) {
            used += r.requested;
            total += r.allocatable;
        }
    return {used, total};
}

} // namespace

GpuSummaryModel::GpuSummaryModel(GpuInventoryModel *inventory, QObject *parent)
    : QAbstractTableModel(parent)
    , m_inventory(inventory) {
    connect(inventory, &GpuInventoryModel::clusterUpdated, this, &GpuSummaryModel::update);
    std::vector<ClusterConnection *> clusters;
    for (int i = 0; i < inventory->rowCount(); ++i)
        if (std::find(clusters.begin(), clusters.end(), inventory->row(i).cluster) ==
            clusters.end())
            clusters.push_back(inventory->row(i).cluster);
    for (auto *c : clusters)
        update(c);
}

std::vector<GpuSummaryModel::Row> GpuSummaryModel::compute(ClusterConnection *cluster) const {
    Row all;
    std::map<QString, Row> orgs;
    for (int i = 0; i < m_inventory->rowCount(); ++i) {
        const GpuNodeRow &r = m_inventory->row(i);
        if (r.cluster != cluster)
            continue;
        all.cluster = cluster;
        all.clusterName = r.clusterName;
        all.totals.add(r.gpus);
        Row &o = orgs[r.org];
        o.cluster = cluster;
        o.clusterName = r.clusterName;
        o.org = r.org;
        o.totals.add(r.gpus);
    }
    std::vector<Row> out;
    if (all.totals.nodes == 0)
        return out;
    out.push_back(std::move(all));
    for (auto &[name, o] : orgs)
        out.push_back(std::move(o));
    for (Row &r : out)
        r.requested = ResourceUsage::of(static_cast<double>(r.totals.requested),
                                        static_cast<double>(r.totals.allocatable));
    return out;
}

void GpuSummaryModel::update(ClusterConnection *cluster) {
    std::vector<Row> next = compute(cluster);
    // The cluster's current block.
    int first = -1;
    int count = 0;
    for (int i = 0; i < static_cast<int>(m_rows.size()); ++i)
        if (m_rows[static_cast<std::size_t>(i)].cluster == cluster) {
            if (first < 0)
                first = i;
            ++count;
        }
    if (first < 0)
        first = static_cast<int>(m_rows.size());
    // Walk old and new (both: cluster row, then orgs by name) and turn the differences into
    // removals, insertions and changes, in place.
    int at = first;
    std::size_t n = 0;
    int oldLeft = count;
    auto key = [](const Row &r) { return std::pair(!r.org.isEmpty(), r.org); };
    while (oldLeft > 0 || n < next.size()) {
        if (oldLeft > 0 && n < next.size() &&
            key(m_rows[static_cast<std::size_t>(at)]) == key(next[n])) {
            if (!(m_rows[static_cast<std::size_t>(at)] == next[n])) {
                m_rows[static_cast<std::size_t>(at)] = std::move(next[n]);
                Q_EMIT dataChanged(index(at, 0), index(at, ColumnCount - 1));
            }
            ++at;
            ++n;
            --oldLeft;
        } else if (oldLeft > 0 &&
                   (n >= next.size() || key(m_rows[static_cast<std::size_t>(at)]) < key(next[n]))) {
            beginRemoveRows({}, at, at);
            m_rows.erase(m_rows.begin() + at);
            endRemoveRows();
            --oldLeft;
        } else {
            beginInsertRows({}, at, at);
            m_rows.insert(m_rows.begin() + at, std::move(next[n]));
            endInsertRows();
            ++at;
            ++n;
        }
    }
}

int GpuSummaryModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int GpuSummaryModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant GpuSummaryModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Row &r = m_rows[static_cast<std::size_t>(index.row())];
    const auto &t = r.totals;
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
        case ClusterColumn:
            return r.clusterName;
        case OrgColumn:
            return r.org.isEmpty() ? tr("all") : r.org;
        case NodesColumn:
            return t.notReadyNodes > 0 ? tr("%1 (%2 NotReady)").arg(t.nodes).arg(t.notReadyNodes)
                                       : QString::number(t.nodes);
        case GpusColumn:
            return static_cast<qint64>(t.physical);
        case RequestedColumn:
            return r.requested.text;
        case IdleColumn:
            return static_cast<qint64>(t.idle);
        case NotReadyColumn:
            return static_cast<qint64>(t.notReadyGpus);
        case SharesColumn:
        case MigColumn: {
            const auto [used, total] =
                sum(t, index.column() == SharesColumn ? Kind::Replica : Kind::Mig);
            return total > 0 ? QStringLiteral("%1 / %2").arg(used).arg(total) : QString();
        }
        default:
            return {};
        }
    case UsageRole:
        return index.column() == RequestedColumn ? QVariant::fromValue(r.requested) : QVariant();
    case Qt::FontRole:
        if (r.org.isEmpty()) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() >= NodesColumn && index.column() != RequestedColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case ClusterNameRole:
        return r.clusterName;
    case OrgNameRole:
        return r.org;
    default:
        return {};
    }
}

QVariant GpuSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section == IdleColumn)
        return tr("Free whole GPUs on Ready, schedulable nodes.");
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ClusterColumn:
        return tr("Cluster");
    case OrgColumn:
        return tr("Resource group");
    case NodesColumn:
        return tr("GPU nodes");
    case GpusColumn:
        return tr("GPUs");
    case RequestedColumn:
        return tr("Requested / allocatable");
    case IdleColumn:
        return tr("Idle");
    case NotReadyColumn:
        return tr("NotReady GPUs");
    case SharesColumn:
        return tr("Shared slices");
    case MigColumn:
        return tr("MIG instances");
    default:
        return {};
    }
}

} // namespace cubedesk::models
