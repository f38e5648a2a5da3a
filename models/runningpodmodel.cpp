#include "models/runningpodmodel.h"

#include "k8s/cube/dumprows.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/modelroles.h"
#include "models/qtstring.h"

#include <QDateTime>
#include <QFont>
#include <QTimer>

#include <algorithm>
#include <cmath>

namespace cubedesk::models {

namespace {

std::int64_t wholeGpus(const k8s::ResourceList &list) {
    std::int64_t n = 0;
    for (const auto &name : k8s::DumpRows::gpuResourceNames())
        n += list.get(name);
    return n;
}

/// GPU shares that are not whole devices: MIG slices, HAMi vGPU cores and memory.
QStringList gpuShares(const k8s::ResourceList &list) {
    QStringList out;
    for (const auto entry : list) {
        const std::string_view n = entry.name;
        if (n.starts_with("nvidia.com/mig-"))
            out << QStringLiteral("%1× %2").arg(entry.value).arg(toQString(n.substr(11)));
        else if (n == "nvidia.com/gpucores")
            out << QStringLiteral("vGPU %1%").arg(entry.value);
        else if (n == "nvidia.com/gpumem")
            out << QStringLiteral("vGPU %1 MiB").arg(entry.value);
    }
    return out;
}

} // namespace

std::size_t RunningPodModel::KeyHash::operator()(const Key &k) const {
    const std::size_t h = std::hash<std::string_view>()(k.name);
    return h ^ (std::hash<std::string_view>()(k.ns) * 31) ^
           (std::hash<const void *>()(k.cluster) << 1);
}

RunningPodModel::RunningPodModel(ClusterHub *hub, QObject *parent, InitialLoad load)
    : QAbstractTableModel(parent)
    , m_textOrder([this](std::uint32_t a, std::uint32_t b) { return m_folded[a] < m_folded[b]; })
    , m_podOrder([this](std::uint32_t a, std::uint32_t b) { return nameOf(a) < nameOf(b); }) {
    connect(hub, &ClusterHub::clusterChanged, this, &RunningPodModel::clusterChanged);
    connect(hub, &ClusterHub::clusterAboutToBeRemoved, this, &RunningPodModel::removeCluster);
    std::size_t total = 0;
    for (auto *c : hub->clusters()) {
        PendingLoad pending{c, {}, 0};
        pending.keys.reserve(c->store().pods().size());
        for (const auto &[key, pod] : c->store().pods())
            pending.keys.push_back(key);
        total += pending.keys.size();
        if (!pending.keys.empty())
            m_pendingLoads.push_back(std::move(pending));
    }
    loadSlice(load == InitialLoad::AtOnce ? total : kLoadSlice);
}

void RunningPodModel::loadSlice(std::size_t budget) {
    while (budget > 0 && !m_pendingLoads.empty()) {
        PendingLoad &pending = m_pendingLoads.front();
        const std::size_t n = std::min(budget, pending.keys.size() - pending.next);
        ClusterChange slice;
        slice.podsAdded.assign(
            std::make_move_iterator(pending.keys.begin() +
                                    static_cast<std::ptrdiff_t>(pending.next)),
            std::make_move_iterator(pending.keys.begin() +
                                    static_cast<std::ptrdiff_t>(pending.next + n)));
        pending.next += n;
        budget -= n;
        ClusterConnection *cluster = pending.cluster;
        if (pending.next == pending.keys.size())
            m_pendingLoads.erase(m_pendingLoads.begin());
        clusterChanged(cluster, slice);
    }
    if (m_pendingLoads.empty()) {
        Q_EMIT loaded();
        return;
    }
    QTimer::singleShot(0, this, [this] { loadSlice(kLoadSlice); });
}

RunningPodModel::~RunningPodModel() = default;

bool RunningPodModel::holdsResources(const k8s::Pod &pod) {
    using Phase = k8s::Pod::Phase;
    return pod.phase() == Phase::Running ||
           (pod.phase() == Phase::Pending &&
            (!pod.nodeName().empty() ||
             pod.podScheduledStatus() == k8s::Pod::ConditionStatus::True));
}

QString RunningPodModel::formatCores(std::int64_t milli) {
    if (milli % 1000 == 0)
        return QString::number(milli / 1000);
    QString s = QString::number(static_cast<double>(milli) / 1000.0, 'f', 2);
    while (s.endsWith(QLatin1Char('0')))
        s.chop(1);
    return s;
}

QString RunningPodModel::formatBytes(std::int64_t bytes) {
    constexpr double mi = 1024.0 * 1024.0;
    constexpr double gi = mi * 1024.0;
    const auto number = [](double v) {
        const double rounded = std::round(v * 10.0) / 10.0;
        return QString::number(rounded, 'f', rounded == std::floor(rounded) ? 0 : 1);
    };
    if (bytes == 0)
        return QStringLiteral("0");
    if (static_cast<double>(bytes) < gi)
        return number(static_cast<double>(bytes) / mi) + QStringLiteral(" Mi");
    return number(static_cast<double>(bytes) / gi) + QStringLiteral(" Gi");
}

const RunningPodText *RunningPodModel::intern(std::string_view text) {
    auto it = m_texts.find(text);
    if (it == m_texts.end()) {
        const QString display = toQString(text);
        QString folded = display.toLower();
        auto id = m_foldedIds.find(folded);
        if (id == m_foldedIds.end()) {
            id = m_foldedIds.emplace(folded, static_cast<std::uint32_t>(m_folded.size())).first;
            m_folded.push_back(folded);
            if (m_textOrder.insert({id->second}))
                m_textsRelabelled = true;
        }
        it = m_texts
                 .emplace(std::string(text), RunningPodText{display, std::move(folded), id->second})
                 .first;
    }
    return &it->second;
}

RunningPodModel::Key RunningPodModel::keyOf(const ClusterConnection *cluster,
                                            std::string_view podKey) {
    const auto slash = podKey.find('/');
    if (slash == std::string_view::npos)
        return {cluster, {}, podKey};
    return {cluster, podKey.substr(0, slash), podKey.substr(slash + 1)};
}

RunningPodModel::Key RunningPodModel::keyOf(const RunningPodRow &r) {
    return {r.cluster, r.pod->namespaceName(), r.pod->name()};
}

void RunningPodModel::fill(RunningPodRow &r, ClusterConnection *cluster, const PodPtr &pod) {
    r.cluster = cluster;
    r.pod = pod;
    r.project = intern(pod->project());
    r.org = intern(pod->org());
    r.ns = intern(pod->namespaceName());
    r.user = intern(pod->user());
    r.node = intern(pod->nodeName());
    const k8s::ResourceList requests = pod->effectiveRequests();
    r.cpuMilli = requests.milliCpu();
    r.memoryBytes = requests.memoryBytes();
    r.cpuFromLimit = false;
    r.memoryFromLimit = false;
    if (r.cpuMilli == 0 || r.memoryBytes == 0) {
        const k8s::ResourceList limits = pod->limits();
        if (r.cpuMilli == 0 && limits.milliCpu() > 0) {
            r.cpuMilli = limits.milliCpu();
            r.cpuFromLimit = true;
        }
        if (r.memoryBytes == 0 && limits.memoryBytes() > 0) {
            r.memoryBytes = limits.memoryBytes();
            r.memoryFromLimit = true;
        }
    }
    r.gpus = static_cast<std::int32_t>(wholeGpus(requests));
    r.startTime = pod->startTime().value_or(pod->creationTimestamp());
    r.pending = pod->phase() == k8s::Pod::Phase::Pending;
}

std::uint32_t RunningPodModel::takeSlot() {
    if (!m_freeSlots.empty()) {
        const std::uint32_t slot = m_freeSlots.back();
        m_freeSlots.pop_back();
        return slot;
    }
    m_slotRow.push_back(-1);
    return static_cast<std::uint32_t>(m_slotRow.size() - 1);
}

std::string_view RunningPodModel::nameOf(std::uint32_t slot) const {
    return m_rows[static_cast<std::size_t>(m_slotRow[slot])].pod->name();
}

void RunningPodModel::emitColumnsChanged(int first, int last) {
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, first), index(static_cast<int>(m_rows.size()) - 1, last));
}

int RunningPodModel::rowOf(const ClusterConnection *cluster, std::string_view podKey) const {
    auto it = m_index.find(keyOf(cluster, podKey));
    return it == m_index.end() ? -1 : m_slotRow[it->second];
}

int RunningPodModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int RunningPodModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunningPodModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const RunningPodRow &r = m_rows[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case ClusterColumn:
            return r.clusterName->display;
        case ProjectColumn:
            return r.project->display;
        case OrgColumn:
            return r.org->display;
        case NamespaceColumn:
            return r.ns->display;
        case PodColumn:
            return toQString(r.pod->name());
        case UserColumn:
            return r.user->display;
        case NodeColumn:
            return r.node->display;
        case CpuColumn:
            return formatCores(r.cpuMilli);
        case MemoryColumn:
            return formatBytes(r.memoryBytes);
        case GpusColumn: {
            const QStringList shares = gpuShares(r.pod->effectiveRequests());
            if (shares.isEmpty())
                return r.gpus == 0 ? QString() : QString::number(r.gpus);
            return QString(QString::number(r.gpus) + QStringLiteral(" + ") +
                           shares.join(QStringLiteral(", ")));
        }
        case StartColumn:
            return r.startTime > 0 ? QDateTime::fromSecsSinceEpoch(r.startTime)
                                         .toString(QStringLiteral("yyyy-MM-dd HH:mm"))
                                   : QString();
        default:
            return {};
        }
    case Qt::ToolTipRole:
        switch (column) {
        case PodColumn:
            return r.pending ? tr("%1/%2: Pending, scheduled on %3 — holds its resources, not "
                                  "running yet")
                                   .arg(r.ns->display, toQString(r.pod->name()), r.node->display)
                             : tr("%1/%2: Running on %3")
                                   .arg(r.ns->display, toQString(r.pod->name()), r.node->display);
        case OrgColumn:
            return r.org->display.isEmpty()
                       ? tr("The pod selects no resource group (no org in its node selector)")
                       : tr("Resource group the pod selects: %1").arg(r.org->display);
        case CpuColumn:
            return r.cpuFromLimit ? tr("The pod requests no CPU; its limit is shown, as the "
                                       "platform's page does.")
                                  : tr("%1 cores requested").arg(formatCores(r.cpuMilli));
        case MemoryColumn:
            return r.memoryFromLimit ? tr("The pod requests no memory; its limit is shown, as "
                                          "the platform's page does.")
                                     : tr("%1 requested").arg(formatBytes(r.memoryBytes));
        case StartColumn:
            return r.startTime > 0
                       ? QDateTime::fromSecsSinceEpoch(r.startTime).toString(Qt::ISODate)
                       : QString();
        default:
            return data(index, Qt::DisplayRole);
        }
    case Qt::FontRole:
        if ((column == CpuColumn && r.cpuFromLimit) ||
            (column == MemoryColumn && r.memoryFromLimit) || (column == PodColumn && r.pending)) {
            QFont italic;
            italic.setItalic(true);
            return italic;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column == CpuColumn || column == MemoryColumn || column == GpusColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case ClusterNameRole:
        return r.clusterName->display;
    case OrgNameRole:
        return r.org->display;
    case NodeNameRole:
        return r.node->display;
    case RawValueRole:
        switch (column) {
        case CpuColumn:
            return static_cast<double>(r.cpuMilli) / 1000.0;
        case MemoryColumn:
            return static_cast<qint64>(r.memoryBytes);
        case GpusColumn:
            return r.gpus;
        case StartColumn:
            return static_cast<qint64>(r.startTime);
        default:
            return data(index, Qt::DisplayRole);
        }
    default:
        return {};
    }
}

QVariant RunningPodModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ClusterColumn:
        return tr("Cluster");
    case ProjectColumn:
        return tr("Project");
    case OrgColumn:
        return tr("Resource group");
    case NamespaceColumn:
        return tr("Namespace");
    case PodColumn:
        return tr("Pod");
    case UserColumn:
        return tr("User");
    case NodeColumn:
        return tr("Node");
    case CpuColumn:
        return tr("CPU (cores)");
    case MemoryColumn:
        return tr("Memory");
    case GpusColumn:
        return tr("GPUs");
    case StartColumn:
        return tr("Started");
    default:
        return {};
    }
}

SortKey RunningPodModel::sortKey(int row, int column) const {
    const RunningPodRow &r = m_rows[static_cast<std::size_t>(row)];
    switch (column) {
    // Texts sort by their order labels (the folded texts' order; pod names' byte order, which is
    // their order: object names are lower-case DNS names).
    case ClusterColumn:
        return SortKey::ofNumber(m_textOrder.key(r.clusterName->order));
    case ProjectColumn:
        return SortKey::ofNumber(m_textOrder.key(r.project->order));
    case OrgColumn:
        return SortKey::ofNumber(m_textOrder.key(r.org->order));
    case NamespaceColumn:
        return SortKey::ofNumber(m_textOrder.key(r.ns->order));
    case PodColumn:
        return SortKey::ofNumber(m_podOrder.key(r.slot));
    case UserColumn:
        return SortKey::ofNumber(m_textOrder.key(r.user->order));
    case NodeColumn:
        return SortKey::ofNumber(m_textOrder.key(r.node->order));
    case CpuColumn:
        return SortKey::ofNumber(r.cpuMilli);
    case MemoryColumn:
        return SortKey::ofNumber(r.memoryBytes);
    case GpusColumn:
        return SortKey::ofNumber(r.gpus);
    case StartColumn:
        return SortKey::ofNumber(r.startTime);
    default:
        return SortKey::ofNumber(0);
    }
}

void RunningPodModel::removeRows(std::vector<int> rows) {
    if (rows.empty())
        return;
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    // Out of the name order first, while every slot still maps to its row.
    for (const int r : rows)
        m_podOrder.erase(m_rows[static_cast<std::size_t>(r)].slot);
    // Contiguous runs, last first, so earlier row numbers stay valid; slots are renumbered once
    // at the end (rowOf() is for between batches).
    std::size_t end = rows.size();
    while (end > 0) {
        std::size_t begin = end - 1;
        while (begin > 0 && rows[begin - 1] == rows[begin] - 1)
            --begin;
        const int first = rows[begin];
        const int last = rows[end - 1];
        beginRemoveRows({}, first, last);
        for (int i = first; i <= last; ++i) {
            const RunningPodRow &r = m_rows[static_cast<std::size_t>(i)];
            m_index.erase(keyOf(r));
            m_slotRow[r.slot] = -1;
            m_freeSlots.push_back(r.slot);
        }
        m_rows.erase(m_rows.begin() + first, m_rows.begin() + last + 1);
        endRemoveRows();
        end = begin;
    }
    for (std::size_t i = static_cast<std::size_t>(rows.front()); i < m_rows.size(); ++i)
        m_slotRow[m_rows[i].slot] = static_cast<int>(i);
}

void RunningPodModel::emitChanged(std::vector<int> rows) {
    std::sort(rows.begin(), rows.end());
    // Contiguous runs only: a range spanning unchanged rows would make the sort index re-read
    // their keys, and scattered heartbeats in a 150,000-row table would touch most of it.
    for (std::size_t i = 0; i < rows.size();) {
        std::size_t j = i;
        while (j + 1 < rows.size() && rows[j + 1] == rows[j] + 1)
            ++j;
        Q_EMIT dataChanged(index(rows[i], 0), index(rows[j], ColumnCount - 1));
        i = j + 1;
    }
}

void RunningPodModel::clusterChanged(ClusterConnection *cluster, const ClusterChange &change) {
    if (!change.podSetChanged() && change.podsChanged.empty())
        return;
    const ClusterStore &store = cluster->store();
    std::vector<int> removed;
    std::vector<const std::string *> refill;
    std::vector<PodPtr> added;
    for (const auto &key : change.podsRemoved)
        if (const int r = rowOf(cluster, key); r >= 0)
            removed.push_back(r);
    for (const auto &key : change.podsChanged) {
        PodPtr pod = store.pod(key);
        const bool holds = pod && holdsResources(*pod);
        const int r = rowOf(cluster, key);
        if (r >= 0 && holds)
            refill.push_back(&key);
        else if (r >= 0)
            removed.push_back(r);
        else if (holds)
            added.push_back(std::move(pod));
    }
    for (const auto &key : change.podsAdded)
        if (PodPtr pod = store.pod(key); pod && holdsResources(*pod) && rowOf(cluster, key) < 0)
            added.push_back(std::move(pod));

    removeRows(std::move(removed));

    const RunningPodText *clusterName = intern(cluster->name().toStdString());
    std::vector<int> changed;
    for (const std::string *key : refill) {
        const int r = rowOf(cluster, *key);
        RunningPodRow &row = m_rows[static_cast<std::size_t>(r)];
        // The index key views the row's pod: take the entry out before the pod is replaced.
        auto entry = m_index.extract(keyOf(row));
        const RunningPodRow before = row;
        fill(row, cluster, store.pod(*key));
        row.clusterName = clusterName;
        entry.key() = keyOf(row);
        m_index.insert(std::move(entry));
        // Heartbeats change only the resourceVersion: nothing shown changed, nothing to signal.
        if (before.project != row.project || before.org != row.org || before.user != row.user ||
            before.node != row.node || before.cpuMilli != row.cpuMilli ||
            before.memoryBytes != row.memoryBytes || before.gpus != row.gpus ||
            before.startTime != row.startTime || before.pending != row.pending ||
            before.cpuFromLimit != row.cpuFromLimit ||
            before.memoryFromLimit != row.memoryFromLimit)
            changed.push_back(r);
    }
    emitChanged(std::move(changed));

    // New rows are built (and their texts interned) before they are announced, so a text relabel
    // is signalled for the rows already shown first.
    std::vector<RunningPodRow> rows;
    rows.reserve(added.size());
    for (auto &pod : added) {
        RunningPodRow row;
        fill(row, cluster, pod);
        row.clusterName = clusterName;
        rows.push_back(std::move(row));
    }
    if (m_textsRelabelled) {
        m_textsRelabelled = false;
        emitColumnsChanged(ClusterColumn, NodeColumn);
    }
    if (rows.empty())
        return;
    const int first = static_cast<int>(m_rows.size());
    beginInsertRows({}, first, first + static_cast<int>(rows.size()) - 1);
    // Grows by a quarter, not by push_back's doubling: at 150,000 rows doubling kept up to
    // 75,000 rows (8 MB) of spare room; a quarter still moves each row a bounded number of times
    // (an exact reserve to size()+n per batch moved every row each batch: a 150,000-pod sync in
    // slices was 31 % reallocation).
    if (const std::size_t needed = m_rows.size() + rows.size(); needed > m_rows.capacity())
        m_rows.reserve(std::max(needed, m_rows.capacity() + m_rows.capacity() / 4));
    std::vector<std::uint32_t> slots;
    slots.reserve(rows.size());
    for (auto &row : rows) {
        row.slot = takeSlot();
        m_slotRow[row.slot] = static_cast<int>(m_rows.size());
        m_index.emplace(keyOf(row), row.slot);
        slots.push_back(row.slot);
        m_rows.push_back(std::move(row));
    }
    // Labelled before the proxy asks for the new rows' keys.
    const bool relabelled = m_podOrder.insert(slots);
    endInsertRows();
    if (relabelled)
        emitColumnsChanged(PodColumn, PodColumn);
}

void RunningPodModel::removeCluster(ClusterConnection *cluster) {
    std::erase_if(m_pendingLoads, [cluster](const PendingLoad &p) { return p.cluster == cluster; });
    std::vector<int> rows;
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].cluster == cluster)
            rows.push_back(static_cast<int>(i));
    removeRows(std::move(rows));
}

} // namespace cubedesk::models
