#include "models/gpuinventorymodel.h"

#include "k8s/cube/nodestatus.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/gpumetricsmonitor.h"
#include "models/gputopologysources.h"
#include "models/modelroles.h"
#include "models/qtstring.h"
#include "models/resourceusage.h"

#include <QColor>

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

namespace {

std::optional<double> meanUtilization(std::span<const k8s::GpuReading> devices) {
    double sum = 0;
    int count = 0;
    for (const k8s::GpuReading &g : devices)
        if (g.utilization) {
            sum += *g.utilization;
            ++count;
        }
    return count > 0 ? std::optional<double>(sum / count) : std::nullopt;
}

/// What is wrong with the devices: "XID 79 on GPU5", "GPU2 hot (88 °C)"; empty when nothing.
/// "OK", or the problems joined by " · "; "" without readings.
QString healthText(std::span<const k8s::GpuReading> devices) {
    if (devices.empty())
        return {};
    const QStringList problems = GpuInventoryModel::healthProblems(devices);
    return problems.isEmpty() ? GpuInventoryModel::tr("OK") : problems.join(QStringLiteral(" · "));
}

/// One line per GPU: utilization, memory, temperature, power and its pod.
QString devicesText(std::span<const k8s::GpuReading> devices) {
    QStringList lines;
    for (const k8s::GpuReading &g : devices) {
        const auto number = [](const std::optional<double> &v, const QString &unit) {
            return v ? QStringLiteral("%1 %2").arg(*v, 0, 'f', 0).arg(unit) : QStringLiteral("–");
        };
        QString line = GpuInventoryModel::tr("GPU%1: %2 · %3 / %4 MiB · %5 · %6")
                           .arg(g.gpu)
                           .arg(number(g.utilization, QStringLiteral("%")))
                           .arg(g.memoryUsedMiB ? QString::number(*g.memoryUsedMiB, 'f', 0)
                                                : QStringLiteral("–"))
                           .arg(g.memoryUsedMiB && g.memoryFreeMiB
                                    ? QString::number(*g.memoryUsedMiB + *g.memoryFreeMiB, 'f', 0)
                                    : QStringLiteral("–"))
                           .arg(number(g.temperatureC, QStringLiteral("°C")))
                           .arg(number(g.powerW, QStringLiteral("W")));
        if (!g.pod.empty())
            line += QStringLiteral(" · %1/%2")
                        .arg(QString::fromStdString(g.podNamespace), QString::fromStdString(g.pod));
        lines << line;
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

QStringList GpuInventoryModel::healthProblems(std::span<const k8s::GpuReading> devices) {
    QStringList problems;
    for (const k8s::GpuReading &g : devices) {
        if (g.xid && *g.xid > 0)
            problems << tr("XID %1 on GPU%2").arg(*g.xid).arg(g.gpu);
        if (g.temperatureC && *g.temperatureC >= k8s::GpuReadings::kHotCelsius)
            problems << tr("GPU%1 hot (%2 °C)").arg(g.gpu).arg(*g.temperatureC, 0, 'f', 0);
    }
    return problems;
}

GpuInventoryModel::GpuInventoryModel(ClusterHub *hub, GpuTopologySources *sources, QObject *parent)
    : QAbstractTableModel(parent)
    , m_sources(sources) {
    connect(hub, &ClusterHub::clusterChanged, this, &GpuInventoryModel::clusterChanged);
    connect(hub, &ClusterHub::clusterAboutToBeRemoved, this, &GpuInventoryModel::removeCluster);
    connect(sources, &GpuTopologySources::changed, this, &GpuInventoryModel::topologyChanged);
    m_metrics = hub->gpuMetrics();
    connect(m_metrics, &GpuMetricsMonitor::updated, this, &GpuInventoryModel::metricsChanged);
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
        case UtilizationColumn: {
            const auto util = meanUtilization(readings(r));
            return util ? tr("%1 %").arg(*util, 0, 'f', 0) : QString();
        }
        case HealthColumn:
            return healthText(readings(r));
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
        case UtilizationColumn:
        case HealthColumn: {
            const auto devices = readings(r);
            return devices.empty() ? m_metrics->describe(r.clusterName) : devicesText(devices);
        }
        default:
            return data(index, Qt::DisplayRole);
        }
    case UsageRole: {
        if (index.column() != GpusColumn)
            return {};
        // The in-use strip: the GPUs' utilization in GPU units, on whole-GPU nodes.
        Usage usage = r.usage;
        const auto devices = readings(r);
        if (const auto util = meanUtilization(devices);
            util && r.gpus.sharing == k8s::GpuInventory::Sharing::None)
            usage.measured = *util / 100.0 * static_cast<double>(devices.size());
        return QVariant::fromValue(usage);
    }
    case Qt::ForegroundRole:
        if (index.column() == HealthColumn && !healthProblems(readings(r)).isEmpty())
            return QColor(0xc6, 0x28, 0x28);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == IdleColumn || index.column() == MemoryColumn ||
            index.column() == UtilizationColumn)
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
        case UtilizationColumn: {
            const auto util = meanUtilization(readings(r));
            return util ? QVariant(*util) : QVariant();
        }
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
    case UtilizationColumn:
        return tr("GPU utilization");
    case HealthColumn:
        return tr("Health");
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
    case UtilizationColumn: {
        // Unknown sorts below 0 %.
        const auto util = meanUtilization(readings(r));
        return SortKey::ofNumber(util ? static_cast<std::int64_t>(*util * 100) : -1);
    }
    case HealthColumn:
        return SortKey::ofText(healthText(readings(r)).toLower());
    default:
        return SortKey::ofNumber(0);
    }
}

std::span<const k8s::GpuReading> GpuInventoryModel::readings(const GpuNodeRow &r) const {
    // Whole GPUs come first (GpuMetricsMonitor::node): no copy for every cell and sort key.
    const std::vector<k8s::GpuReading> &devices = m_metrics->node(r.clusterName, r.name);
    const auto mig = std::find_if(devices.begin(), devices.end(),
                                  [](const k8s::GpuReading &g) { return !g.migProfile.empty(); });
    return {devices.data(), static_cast<std::size_t>(mig - devices.begin())};
}

void GpuInventoryModel::metricsChanged(const QString &cluster) {
    int first = -1;
    int last = -1;
    for (int i = 0; i < static_cast<int>(m_rows.size()); ++i)
        if (m_rows[static_cast<std::size_t>(i)].clusterName == cluster) {
            first = first < 0 ? i : first;
            last = i;
        }
    if (first >= 0)
        Q_EMIT dataChanged(index(first, GpusColumn), index(last, ColumnCount - 1));
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
