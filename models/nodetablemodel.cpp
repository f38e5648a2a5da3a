#include "models/nodetablemodel.h"

#include "k8s/api/humanduration.h"
#include "k8s/cube/dumprows.h"
#include "k8s/cube/labelrules.h"
#include "k8s/cube/nodestatus.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/modelroles.h"
#include "models/qtstring.h"
#include "models/resourceusage.h"
#include "models/usagemonitor.h"

#include <QDateTime>
#include <QLocale>

#include <algorithm>

namespace cubedesk::models {

namespace {} // namespace

NodeTableModel::NodeTableModel(ClusterHub *hub, QObject *parent)
    : KeyedTableModel<NodeRow, &NodeRow::name>(parent)
    , m_usage(hub->usage()) {
    connect(hub, &ClusterHub::clusterChanged, this, &NodeTableModel::clusterChanged);
    // New samples repaint the CPU and memory bars (their third mark) and tooltips.
    connect(m_usage, &UsageMonitor::updated, this, [this] {
        if (rowCount() > 0)
            Q_EMIT dataChanged(index(0, CpuColumn), index(rowCount() - 1, MemoryColumn),
                               {UsageRole, Qt::ToolTipRole});
    });
    connect(hub, &ClusterHub::clusterAboutToBeRemoved, this,
            [this](ClusterConnection *cluster) { removeClusterRows(cluster); });
    for (auto *c : hub->clusters()) {
        ClusterChange all;
        for (const auto &[name, node] : c->store().nodes())
            all.nodesAdded.push_back(name);
        clusterChanged(c, all);
    }
}

NodeRow NodeTableModel::makeRow(ClusterConnection *cluster, const NodePtr &node) {
    NodeRow r;
    r.cluster = cluster;
    r.node = node;
    r.clusterName = cluster->name();
    r.name = toQString(node->name());
    r.status = toQString(k8s::NodeStatus::text(node->isReady(), node->unschedulable()));
    r.statusRank = k8s::NodeStatus::rank(node->isReady(), node->unschedulable());
    const auto labels = node->labels();
    QStringList roles;
    for (const std::string &role : k8s::LabelRules::roles(labels))
        roles << toQString(role);
    r.roles = roles.join(QLatin1Char(','));
    r.gpuType = toQString(labels.value("gpu-type").value_or(""));
    r.shareable = labels.value("share") != std::optional<std::string_view>("false");
    if (const auto *entry = cluster->store().accounting().node(node->name())) {
        r.org = QString::fromStdString(entry->org);
        r.gpus = ResourceUsage::gpus(entry->requested, entry->allocatable);
        r.cpu = ResourceUsage::cpu(entry->requested, entry->allocatable);
        r.memory = ResourceUsage::memory(entry->requested, entry->allocatable);
        r.pods = entry->pods;
    }
    QStringList taints;
    for (const auto &t : node->taints())
        taints << QString::fromStdString(t.key + (t.value.empty() ? "" : "=" + t.value) + ":" +
                                         t.effect);
    r.taints = taints.join(QStringLiteral(", "));
    r.created = node->creationTimestamp();
    r.internalIp = toQString(node->internalIp());
    r.haystack =
        QStringList{r.name, r.clusterName, r.org, r.roles, r.gpuType, r.status, r.internalIp}
            .join(QLatin1Char(' '))
            .toLower();
    return r;
}

Usage NodeTableModel::withMeasured(const NodeRow &r, Usage usage, bool cpu) const {
    if (const UsageMonitor::Sample *s = m_usage->node(r.clusterName, r.name)) {
        const std::optional<qint64> &value = cpu ? s->milliCpu : s->memoryBytes;
        if (value)
            usage.measured = cpu ? static_cast<double>(*value) / 1000.0
                                 : static_cast<double>(*value) / (1024.0 * 1024.0 * 1024.0);
    }
    return usage;
}

QString NodeTableModel::usageToolTip(const NodeRow &r, bool cpu) const {
    const Usage u = withMeasured(r, cpu ? r.cpu : r.memory, cpu);
    const QString unit = cpu ? tr("cores") : QStringLiteral("GiB");
    QString tip = tr("Requested %1 of %2 %3 allocatable")
                      .arg(QString::number(u.used, 'f', 1), QString::number(u.total, 'f', 1), unit);
    if (u.measured >= 0) {
        tip += QLatin1Char('\n') +
               tr("In use: %1 %2 (metrics-server, %3)")
                   .arg(QString::number(u.measured, 'f', 2), unit,
                        QLocale().toString(m_usage->sampledAt(r.clusterName).toLocalTime().time(),
                                           QLocale::ShortFormat));
    } else if (const QString why = m_usage->reason(r.clusterName); !why.isEmpty()) {
        tip += QLatin1Char('\n') + why;
    } else if (m_usage->state(r.clusterName) == UsageMonitor::State::Measured) {
        tip += QLatin1Char('\n') + tr("In use: not measured (the node has no metrics)");
    }
    return tip;
}

QString NodeTableModel::age(qint64 created, qint64 now) {
    if (created <= 0)
        return {};
    return QString::fromStdString(k8s::humanDuration(std::chrono::seconds(now - created)));
}

int NodeTableModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant NodeTableModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const NodeRow &r = row(index.row());
    const bool usageColumn = index.column() == CpuColumn || index.column() == MemoryColumn;
    if (role == Qt::ToolTipRole && usageColumn)
        return usageToolTip(r, index.column() == CpuColumn);
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
        case ClusterColumn:
            return r.clusterName;
        case NameColumn:
            return r.name;
        case StatusColumn:
            return r.status;
        case RolesColumn:
            return r.roles;
        case OrgColumn:
            return r.org;
        case GpuTypeColumn:
            return r.gpuType;
        case GpusColumn:
            return r.gpus.text;
        case CpuColumn:
            return r.cpu.text;
        case MemoryColumn:
            return r.memory.text;
        case PodsColumn:
            return r.pods;
        case TaintsColumn:
            return r.taints;
        case AgeColumn:
            return role == Qt::ToolTipRole
                       ? QDateTime::fromSecsSinceEpoch(r.created).toString(Qt::ISODate)
                       : age(r.created, QDateTime::currentSecsSinceEpoch());
        case InternalIpColumn:
            return r.internalIp;
        default:
            return {};
        }
    case UsageRole:
        switch (index.column()) {
        case GpusColumn:
            return QVariant::fromValue(r.gpus);
        case CpuColumn:
            return QVariant::fromValue(withMeasured(r, r.cpu, true));
        case MemoryColumn:
            return QVariant::fromValue(withMeasured(r, r.memory, false));
        default:
            return {};
        }
    case Qt::TextAlignmentRole:
        if (index.column() == PodsColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
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

QVariant NodeTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ClusterColumn:
        return tr("Cluster");
    case NameColumn:
        return tr("Name");
    case StatusColumn:
        return tr("Status");
    case RolesColumn:
        return tr("Roles");
    case OrgColumn:
        return tr("Resource group");
    case GpuTypeColumn:
        return tr("GPU type");
    case GpusColumn:
        return tr("GPUs");
    case CpuColumn:
        return tr("CPU (cores)");
    case MemoryColumn:
        return tr("Memory");
    case PodsColumn:
        return tr("Pods");
    case TaintsColumn:
        return tr("Taints");
    case AgeColumn:
        return tr("Age");
    case InternalIpColumn:
        return tr("Internal IP");
    default:
        return {};
    }
}

SortKey NodeTableModel::sortKey(int rowNumber, int column) const {
    const NodeRow &r = row(rowNumber);
    switch (column) {
    case ClusterColumn:
        return SortKey::ofText(r.clusterName.toLower());
    case NameColumn:
        return SortKey::ofText(r.name.toLower());
    case StatusColumn:
        return SortKey::ofNumber(r.statusRank);
    case RolesColumn:
        return SortKey::ofText(r.roles);
    case OrgColumn:
        return SortKey::ofText(r.org.toLower());
    case GpuTypeColumn:
        return SortKey::ofText(r.gpuType.toLower());
    case GpusColumn:
        return SortKey::ofNumber(static_cast<std::int64_t>(r.gpus.used * 1000) * 100000 +
                                 static_cast<std::int64_t>(r.gpus.total));
    case CpuColumn:
        return SortKey::ofNumber(static_cast<std::int64_t>(r.cpu.ratio() * 1e6));
    case MemoryColumn:
        return SortKey::ofNumber(static_cast<std::int64_t>(r.memory.ratio() * 1e6));
    case PodsColumn:
        return SortKey::ofNumber(r.pods);
    case TaintsColumn:
        return SortKey::ofText(r.taints.toLower());
    case AgeColumn:
        return SortKey::ofNumber(-r.created); // youngest first, as "age" ascending
    case InternalIpColumn: {
        // Numeric order for IPv4; others after.
        const auto parts = r.internalIp.split(QLatin1Char('.'));
        if (parts.size() == 4) {
            std::int64_t v = 0;
            for (const auto &p : parts)
                v = v * 256 + p.toInt();
            return SortKey::ofNumber(v);
        }
        return SortKey::ofText(r.internalIp);
    }
    default:
        return SortKey::ofNumber(0);
    }
}

void NodeTableModel::clusterChanged(ClusterConnection *cluster, const ClusterChange &change) {
    std::vector<int> removed;
    for (const auto &name : change.nodesRemoved)
        if (const int r = rowOf(cluster, QString::fromStdString(name)); r >= 0)
            removed.push_back(r);
    removeRowsAt(std::move(removed));

    std::vector<NodeRow> added;
    for (const auto &name : change.nodesAdded)
        if (rowOf(cluster, QString::fromStdString(name)) < 0)
            if (auto node = cluster->store().node(name))
                added.push_back(makeRow(cluster, node));
    appendRows(std::move(added));

    std::vector<std::pair<int, NodeRow>> changed;
    for (const auto &name : change.nodesChanged) {
        const int r = rowOf(cluster, QString::fromStdString(name));
        auto node = cluster->store().node(name);
        if (r >= 0 && node)
            changed.emplace_back(r, makeRow(cluster, node));
    }
    replaceRows(std::move(changed));
}

} // namespace cubedesk::models
