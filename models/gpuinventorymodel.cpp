#include "models/gpuinventorymodel.h"

#include "k8s/cube/nodestatus.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/gputopologysources.h"
#include "models/modelroles.h"
#include "models/qtstring.h"
#include "models/resourceusage.h"

#include <algorithm>

namespace cubedesk::models {

using k8s::GpuInventory;
using Kind = k8s::GpuInventory::ResourceKind;

namespace {

QString number(qint64 v) {
    return QString::number(v);
}

QString gib(qint64 mib) {
    const double g = static_cast<double>(mib) / 1024.0;
    return QStringLiteral("%1 GiB").arg(g >= 10 ? QString::number(qRound(g))
                                                : QString::number(g, 'f', 1));
}

} // namespace

GpuInventoryModel::GpuInventoryModel(ClusterHub *hub, GpuTopologySources *sources, QObject *parent)
    : QAbstractTableModel(parent)
    , m_sources(sources) {
    connect(hub, &ClusterHub::clusterChanged, this, &GpuInventoryModel::clusterChanged);
    connect(hub, &ClusterHub::clusterAboutToBeRemoved, this, &GpuInventoryModel::removeCluster);
    connect(sources, &GpuTopologySources::changed, this, &GpuInventoryModel::topologyChanged);
    for (auto *c : hub->clusters()) {
        ClusterChange all;
        for (const auto &[name, node] : c->store().nodes())
            all.nodesAdded.push_back(name);
        clusterChanged(c, all);
    }
}

std::optional<GpuNodeRow> GpuInventoryModel::makeRow(ClusterConnection *cluster,
                                                     const NodePtr &node) const {
    auto gpus = GpuInventory::node(*node, cluster->store().accounting().node(node->name()),
                                   m_sources->config());
    if (!gpus)
        return std::nullopt;
    GpuNodeRow r;
    r.cluster = cluster;
    r.node = node;
    r.clusterName = cluster->name();
    r.name = toQString(gpus->name);
    r.status = toQString(k8s::NodeStatus::text(gpus->ready, gpus->unschedulable));
    r.statusRank = k8s::NodeStatus::rank(gpus->ready, gpus->unschedulable);
    r.org = toQString(gpus->org);
    r.model = toQString(gpus->model());
    r.product = toQString(gpus->product);
    switch (gpus->sharing) {
    case GpuInventory::Sharing::None:
        r.sharing = tr("whole GPUs");
        break;
    case GpuInventory::Sharing::TimeSlicing:
        r.sharing = tr("time-slicing ×%1").arg(gpus->replicas);
        break;
    case GpuInventory::Sharing::Mps:
        r.sharing = tr("MPS ×%1").arg(gpus->replicas);
        break;
    case GpuInventory::Sharing::Mig:
        r.sharing = tr("MIG %1").arg(toQString(gpus->migStrategy));
        break;
    case GpuInventory::Sharing::Vgpu:
        r.sharing = tr("HAMi vGPU");
        break;
    }
    const qint64 whole = gpus->wholeAllocatable();
    const qint64 shares = gpus->total(Kind::Replica, &GpuInventory::Resource::allocatable);
    const qint64 mig = gpus->total(Kind::Mig, &GpuInventory::Resource::allocatable);
    if (whole > 0 || (shares == 0 && mig == 0)) {
        r.usage = ResourceUsage::of(static_cast<double>(gpus->wholeRequested()),
                                    static_cast<double>(whole));
    } else if (shares > 0) {
        const qint64 used = gpus->total(Kind::Replica, &GpuInventory::Resource::requested);
        r.usage = {static_cast<double>(used), static_cast<double>(shares),
                   tr("%1 / %2 shares").arg(used).arg(shares)};
    } else {
        const qint64 used = gpus->total(Kind::Mig, &GpuInventory::Resource::requested);
        r.usage = {static_cast<double>(used), static_cast<double>(mig),
                   tr("%1 / %2 MIG").arg(used).arg(mig)};
    }
    r.idle = gpus->idle();
    r.memoryMiB = gpus->memoryMiB;
    r.memory = gpus->memoryMiB > 0 ? gib(gpus->memoryMiB) : QString();
    QStringList slices;
    for (const auto &res : gpus->resources) {
        const QString used = number(res.requested) + QLatin1Char('/') + number(res.allocatable);
        if (res.kind == Kind::Mig && res.name.rfind("nvidia.com/mig-", 0) == 0)
            slices << toQString(res.name.substr(15)) + QLatin1Char(' ') + used;
        else if (res.kind == Kind::VgpuCores)
            slices << tr("cores %1 %").arg(used);
        else if (res.kind == Kind::VgpuMemory && res.name == "nvidia.com/gpumem")
            slices << tr("memory %1 / %2").arg(gib(res.requested), gib(res.allocatable));
    }
    r.slices = slices.join(QStringLiteral(" · "));

    const auto &resolved = m_sources->resolve(cluster, *node);
    if (!resolved.problems.empty())
        r.topologyProblem = toQString(resolved.problems.front());
    if (resolved.topology) {
        const k8s::GpuTopology &t = *resolved.topology;
        r.topologySource = t.source();
        QStringList parts;
        if (t.hasLinks()) {
            const int islands = static_cast<int>(t.islands().size());
            parts << (islands > 0 ? tr("%n NVLink island(s)", "", islands) : tr("no NVLink"));
        } else {
            parts << tr("NUMA only");
        }
        if (!t.numaNodes().empty())
            parts << tr("%n NUMA node(s)", "", static_cast<int>(t.numaNodes().size()));
        if (t.source() == k8s::GpuTopology::Source::ImportedFile)
            parts << tr("imported");
        else if (t.source() == k8s::GpuTopology::Source::NodeResourceTopology)
            parts << tr("from NodeResourceTopology");
        r.topology = parts.join(QStringLiteral(" · "));
    } else if (!r.topologyProblem.isEmpty()) {
        r.topology = tr("unreadable");
    }
    r.gpus = std::move(*gpus);
    r.haystack = QStringList{r.name, r.clusterName, r.org, r.model, r.product, r.sharing, r.status}
                     .join(QLatin1Char(' '))
                     .toLower();
    return r;
}

int GpuInventoryModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int GpuInventoryModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant GpuInventoryModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const GpuNodeRow &r = m_rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case ClusterColumn:
            return r.clusterName;
        case NodeColumn:
            return r.name;
        case StatusColumn:
            return r.status;
        case OrgColumn:
            return r.org;
        case ModelColumn:
            return r.model;
        case SharingColumn:
            return r.sharing;
        case GpusColumn:
            return r.usage.text;
        case IdleColumn:
            return r.idle;
        case MemoryColumn:
            return r.memory;
        case SlicesColumn:
            return r.slices;
        case TopologyColumn:
            return r.topology;
        default:
            return {};
        }
    case Qt::ToolTipRole:
        switch (index.column()) {
        case ModelColumn:
            return r.product.isEmpty() ? r.model : r.product;
        case IdleColumn:
            return tr("Free whole GPUs a new pod can get now (the node is Ready and "
                      "schedulable).");
        case TopologyColumn:
            return r.topologyProblem.isEmpty() ? r.topology : r.topologyProblem;
        default:
            return data(index, Qt::DisplayRole);
        }
    case UsageRole:
        return index.column() == GpusColumn ? QVariant::fromValue(r.usage) : QVariant();
    case Qt::TextAlignmentRole:
        if (index.column() == IdleColumn || index.column() == MemoryColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case RawValueRole:
        switch (index.column()) {
        case GpusColumn:
            return r.usage.used;
        case IdleColumn:
            return r.idle;
        case MemoryColumn:
            return r.memoryMiB;
        default:
            return data(index, Qt::DisplayRole);
        }
    case ClusterNameRole:
        return r.clusterName;
    case NodeNameRole:
        return r.name;
    case OrgNameRole:
        return r.org;
    default:
        return {};
    }
}

QVariant GpuInventoryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ClusterColumn:
        return tr("Cluster");
    case NodeColumn:
        return tr("Node");
    case StatusColumn:
        return tr("Status");
    case OrgColumn:
        return tr("Resource group");
    case ModelColumn:
        return tr("GPU type");
    case SharingColumn:
        return tr("Sharing");
    case GpusColumn:
        return tr("GPUs requested");
    case IdleColumn:
        return tr("Idle");
    case MemoryColumn:
        return tr("Memory / GPU");
    case SlicesColumn:
        return tr("MIG / vGPU");
    case TopologyColumn:
        return tr("Topology");
    default:
        return {};
    }
}

SortKey GpuInventoryModel::sortKey(int row, int column) const {
    const GpuNodeRow &r = m_rows[static_cast<std::size_t>(row)];
    switch (column) {
    case ClusterColumn:
        return SortKey::ofText(r.clusterName.toLower());
    case NodeColumn:
        return SortKey::ofText(r.name.toLower());
    case StatusColumn:
        return SortKey::ofNumber(r.statusRank);
    case OrgColumn:
        return SortKey::ofText(r.org.toLower());
    case ModelColumn:
        return SortKey::ofText(r.model.toLower());
    case SharingColumn:
        return SortKey::ofNumber(static_cast<std::int64_t>(r.gpus.sharing));
    case GpusColumn:
        return SortKey::ofNumber(static_cast<std::int64_t>(r.usage.ratio() * 1e6) * 1000 +
                                 static_cast<std::int64_t>(r.usage.total));
    case IdleColumn:
        return SortKey::ofNumber(r.idle);
    case MemoryColumn:
        return SortKey::ofNumber(r.memoryMiB);
    case SlicesColumn:
        return SortKey::ofText(r.slices.toLower());
    case TopologyColumn:
        return SortKey::ofNumber(static_cast<std::int64_t>(r.topologySource));
    default:
        return SortKey::ofNumber(0);
    }
}

int GpuInventoryModel::rowOf(const ClusterConnection *cluster, const QString &node) const {
    auto it = m_index.find(Key{cluster, node});
    return it == m_index.end() ? -1 : it->second;
}

std::vector<GpuInventory::Holder> GpuInventoryModel::holders(int row) const {
    const GpuNodeRow &r = m_rows[static_cast<std::size_t>(row)];
    std::vector<GpuInventory::Holder> out;
    for (const auto &pod : r.cluster->store().podsOnNode(r.node->name()))
        if (auto h = GpuInventory::holder(*pod, m_sources->config()))
            out.push_back(std::move(*h));
    std::sort(out.begin(), out.end(), [](const auto &a, const auto &b) {
        return std::tie(a.ns, a.name) < std::tie(b.ns, b.name);
    });
    return out;
}

void GpuInventoryModel::reindexFrom(int first) {
    for (int i = first; i < static_cast<int>(m_rows.size()); ++i)
        m_index[Key{m_rows[static_cast<std::size_t>(i)].cluster,
                    m_rows[static_cast<std::size_t>(i)].name}] = i;
}

void GpuInventoryModel::removeRows(std::vector<int> rows) {
    if (rows.empty())
        return;
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    // Contiguous runs, last first, so earlier row numbers stay valid.
    int end = static_cast<int>(rows.size());
    while (end > 0) {
        int begin = end - 1;
        while (begin > 0 && rows[static_cast<std::size_t>(begin - 1)] ==
                                rows[static_cast<std::size_t>(begin)] - 1)
            --begin;
        const int first = rows[static_cast<std::size_t>(begin)];
        const int last = rows[static_cast<std::size_t>(end - 1)];
        beginRemoveRows({}, first, last);
        for (int i = first; i <= last; ++i)
            m_index.erase(Key{m_rows[static_cast<std::size_t>(i)].cluster,
                              m_rows[static_cast<std::size_t>(i)].name});
        m_rows.erase(m_rows.begin() + first, m_rows.begin() + last + 1);
        endRemoveRows();
        end = begin;
    }
    reindexFrom(rows.front());
}

void GpuInventoryModel::emitChanged(std::vector<int> rows) {
    std::sort(rows.begin(), rows.end());
    for (std::size_t i = 0; i < rows.size();) {
        std::size_t j = i;
        while (j + 1 < rows.size() && rows[j + 1] == rows[j] + 1)
            ++j;
        Q_EMIT dataChanged(index(rows[i], 0), index(rows[j], ColumnCount - 1));
        i = j + 1;
    }
}

void GpuInventoryModel::clusterChanged(ClusterConnection *cluster, const ClusterChange &change) {
    std::vector<int> removed;
    for (const auto &name : change.nodesRemoved)
        if (const int r = rowOf(cluster, QString::fromStdString(name)); r >= 0)
            removed.push_back(r);

    // Changed nodes: updated in place, or they stop (start) being GPU nodes.
    std::vector<GpuNodeRow> added;
    std::vector<std::pair<int, GpuNodeRow>> updated;
    auto consider = [&](const std::string &name, bool isNew) {
        const int r = rowOf(cluster, QString::fromStdString(name));
        auto node = cluster->store().node(name);
        auto row = node ? makeRow(cluster, node) : std::nullopt;
        if (r >= 0 && !isNew) {
            if (row)
                updated.emplace_back(r, std::move(*row));
            else
                removed.push_back(r);
        } else if (r < 0 && row) {
            added.push_back(std::move(*row));
        }
    };
    for (const auto &name : change.nodesChanged)
        consider(name, false);
    for (const auto &name : change.nodesAdded)
        consider(name, true);

    std::vector<int> changed;
    for (auto &[r, row] : updated) {
        m_rows[static_cast<std::size_t>(r)] = std::move(row);
        changed.push_back(r);
    }
    emitChanged(std::move(changed));
    removeRows(std::move(removed));
    if (!added.empty()) {
        const int first = static_cast<int>(m_rows.size());
        beginInsertRows({}, first, first + static_cast<int>(added.size()) - 1);
        for (auto &r : added)
            m_rows.push_back(std::move(r));
        reindexFrom(first);
        endInsertRows();
    }
    if (!change.nodesAdded.empty() || !change.nodesRemoved.empty() || !change.nodesChanged.empty())
        Q_EMIT clusterUpdated(cluster);
}

void GpuInventoryModel::topologyChanged(ClusterConnection *cluster) {
    std::vector<int> changed;
    for (int i = 0; i < static_cast<int>(m_rows.size()); ++i) {
        GpuNodeRow &r = m_rows[static_cast<std::size_t>(i)];
        if (r.cluster != cluster)
            continue;
        if (auto row = makeRow(cluster, r.node)) {
            r = std::move(*row);
            changed.push_back(i);
        }
    }
    emitChanged(std::move(changed));
    Q_EMIT clusterUpdated(cluster);
}

void GpuInventoryModel::removeCluster(ClusterConnection *cluster) {
    std::vector<int> rows;
    for (int i = 0; i < static_cast<int>(m_rows.size()); ++i)
        if (m_rows[static_cast<std::size_t>(i)].cluster == cluster)
            rows.push_back(i);
    removeRows(std::move(rows));
    Q_EMIT clusterUpdated(cluster);
}

} // namespace cubedesk::models
