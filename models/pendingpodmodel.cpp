#include "models/pendingpodmodel.h"

#include "k8s/api/humanduration.h"
#include "k8s/cube/dumprows.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/modelroles.h"
#include "models/pendingpodreason.h"
#include "models/qtstring.h"
#include "models/runningpodmodel.h"

#include <QDateTime>
#include <QFont>

#include <algorithm>
#include <tuple>

namespace cubedesk::models {

namespace {

constexpr int kAgeRefreshMs = 30 * 1000;

} // namespace

PendingPodModel::PendingPodModel(ClusterHub *hub, QObject *parent, Clock clock)
    : QAbstractItemModel(parent)
    , m_clock(std::move(clock)) {
    m_crossing.setSingleShot(true);
    connect(&m_crossing, &QTimer::timeout, this, &PendingPodModel::recheck);
    m_ages.setInterval(kAgeRefreshMs);
    connect(&m_ages, &QTimer::timeout, this, &PendingPodModel::refreshAges);
    connect(hub, &ClusterHub::clusterChanged, this, &PendingPodModel::clusterChanged);
    connect(hub, &ClusterHub::clusterAboutToBeRemoved, this, &PendingPodModel::removeCluster);
    for (auto *c : hub->clusters()) {
        ClusterChange all;
        for (const auto &[key, pod] : c->store().pods())
            if (isUnboundPending(*pod))
                all.podsAdded.push_back(key);
        clusterChanged(c, all);
    }
}

PendingPodModel::~PendingPodModel() = default;

qint64 PendingPodModel::now() const {
    return m_clock ? m_clock() : QDateTime::currentSecsSinceEpoch();
}

bool PendingPodModel::isUnboundPending(const k8s::Pod &pod) {
    return pod.phase() == k8s::Pod::Phase::Pending && pod.nodeName().empty();
}

void PendingPodModel::fill(Entry &e, const PodPtr &pod) {
    e.pod = pod;
    e.since = pod->creationTimestamp();
    e.org = pod->org().empty() ? QStringLiteral("public") : toQString(pod->org());
    e.name = toQString(pod->name());
    e.ns = toQString(pod->namespaceName());
    const std::string_view message = pod->podScheduledMessage();
    e.message = toQString(message);
    e.reason = PendingPodReason::parse(message, pod->podScheduledReason()).summary();
    const k8s::ResourceList requests = pod->effectiveRequests();
    e.cpuMilli = requests.milliCpu();
    e.memoryBytes = requests.memoryBytes();
    e.gpus = 0;
    for (const auto &name : k8s::DumpRows::gpuResourceNames())
        e.gpus += requests.get(name);
}

bool PendingPodModel::before(const Entry *a, const Entry *b) {
    return std::tie(a->since, a->name, a->ns) < std::tie(b->since, b->name, b->ns);
}

int PendingPodModel::groupRow(const ClusterConnection *cluster, const QString &org) const {
    for (std::size_t i = 0; i < m_groups.size(); ++i)
        if (m_groups[i].cluster == cluster && m_groups[i].org == org)
            return static_cast<int>(i);
    return -1;
}

int PendingPodModel::groupRowById(quintptr id) const {
    for (std::size_t i = 0; i < m_groups.size(); ++i)
        if (m_groups[i].id == id)
            return static_cast<int>(i);
    return -1;
}

QModelIndex PendingPodModel::groupIndex(const QString &cluster, const QString &org) const {
    for (std::size_t i = 0; i < m_groups.size(); ++i)
        if (m_groups[i].clusterName == cluster && m_groups[i].org == org)
            return index(static_cast<int>(i), 0);
    return {};
}

int PendingPodModel::podCount() const {
    int n = 0;
    for (const auto &g : m_groups)
        n += static_cast<int>(g.pods.size());
    return n;
}

qint64 PendingPodModel::secondsToNextCrossing() const {
    qint64 next = -1;
    const qint64 t = now();
    for (const auto &[key, e] : m_tracked) {
        if (e.shown)
            continue;
        const qint64 in = std::max<qint64>(0, e.since + kThresholdSeconds - t);
        if (next < 0 || in < next)
            next = in;
    }
    return next;
}

void PendingPodModel::schedule() {
    const qint64 next = secondsToNextCrossing();
    if (next < 0)
        m_crossing.stop();
    else // a little after the crossing, so the clock has certainly passed it
        m_crossing.start(static_cast<int>(std::min<qint64>(next, qint64{24} * 3600) * 1000 + 250));
    if (m_groups.empty())
        m_ages.stop();
    else if (!m_ages.isActive())
        m_ages.start();
}

void PendingPodModel::clusterChanged(ClusterConnection *cluster, const ClusterChange &change) {
    if (!change.podSetChanged() && change.podsChanged.empty())
        return;
    const ClusterStore &store = cluster->store();
    std::vector<Entry *> leaving;
    std::vector<TrackKey> forget;
    std::vector<Entry *> updated;
    std::vector<std::string> moved;
    const auto drop = [&](const std::string &key) {
        auto it = m_tracked.find(TrackKey{cluster, key});
        if (it == m_tracked.end())
            return;
        if (it->second.shown)
            leaving.push_back(&it->second);
        forget.push_back(it->first);
    };
    for (const auto &key : change.podsRemoved)
        drop(key);
    const auto upsert = [&](const std::string &key) {
        PodPtr pod = store.pod(key);
        if (!pod || !isUnboundPending(*pod)) {
            drop(key);
            return;
        }
        auto [it, inserted] = m_tracked.try_emplace(TrackKey{cluster, key});
        Entry &e = it->second;
        if (inserted) {
            e.cluster = cluster;
            e.key = key;
            fill(e, pod);
            return;
        }
        const QString org = e.org;
        const qint64 since = e.since;
        if (!e.shown) {
            fill(e, pod);
            return;
        }
        // The row's position depends on org and since: a change there is a move (hide, show).
        Entry next = e;
        fill(next, pod);
        if (next.org != org || next.since != since) {
            leaving.push_back(&e);
            moved.push_back(key);
        } else {
            const bool same = next.reason == e.reason && next.message == e.message &&
                              next.cpuMilli == e.cpuMilli && next.memoryBytes == e.memoryBytes &&
                              next.gpus == e.gpus;
            fill(e, pod);
            if (!same)
                updated.push_back(&e);
        }
    };
    for (const auto &key : change.podsAdded)
        upsert(key);
    for (const auto &key : change.podsChanged)
        upsert(key);

    hide(leaving);
    for (const auto &key : forget)
        m_tracked.erase(key);
    // Entries that moved were hidden with their old org and since: refresh them now.
    for (const auto &key : moved)
        if (auto it = m_tracked.find(TrackKey{cluster, key}); it != m_tracked.end())
            fill(it->second, store.pod(key));

    for (Entry *e : updated) {
        const int g = groupRow(e->cluster, e->org);
        if (g < 0)
            continue;
        const auto &pods = m_groups[static_cast<std::size_t>(g)].pods;
        const auto it = std::find(pods.begin(), pods.end(), e);
        if (it == pods.end())
            continue;
        const QModelIndex parent = index(g, 0);
        const int row = static_cast<int>(it - pods.begin());
        Q_EMIT dataChanged(index(row, 0, parent), index(row, ColumnCount - 1, parent));
        Q_EMIT dataChanged(index(g, 0), index(g, ColumnCount - 1));
    }
    recheck();
}

void PendingPodModel::recheck() {
    const qint64 t = now();
    std::vector<Entry *> crossing;
    for (auto &[key, e] : m_tracked)
        if (!e.shown && t - e.since >= kThresholdSeconds)
            crossing.push_back(&e);
    show(std::move(crossing));
    schedule();
}

void PendingPodModel::hide(const std::vector<Entry *> &entries) {
    if (entries.empty())
        return;
    // group row → child rows to remove
    std::vector<std::vector<int>> rows(m_groups.size());
    for (Entry *e : entries) {
        const int g = groupRow(e->cluster, e->org);
        if (g < 0)
            continue;
        const auto &pods = m_groups[static_cast<std::size_t>(g)].pods;
        const auto it = std::find(pods.begin(), pods.end(), e);
        if (it != pods.end())
            rows[static_cast<std::size_t>(g)].push_back(static_cast<int>(it - pods.begin()));
    }
    std::vector<int> emptied;
    std::vector<int> shrunk;
    for (std::size_t g = 0; g < rows.size(); ++g) {
        auto &r = rows[g];
        if (r.empty())
            continue;
        std::sort(r.begin(), r.end());
        const QModelIndex parent = index(static_cast<int>(g), 0);
        auto &pods = m_groups[g].pods;
        std::size_t end = r.size();
        while (end > 0) {
            std::size_t begin = end - 1;
            while (begin > 0 && r[begin - 1] == r[begin] - 1)
                --begin;
            beginRemoveRows(parent, r[begin], r[end - 1]);
            for (int i = r[begin]; i <= r[end - 1]; ++i)
                pods[static_cast<std::size_t>(i)]->shown = false;
            pods.erase(pods.begin() + r[begin], pods.begin() + r[end - 1] + 1);
            endRemoveRows();
            end = begin;
        }
        (pods.empty() ? emptied : shrunk).push_back(static_cast<int>(g));
    }
    for (std::size_t end = emptied.size(); end > 0;) {
        std::size_t begin = end - 1;
        while (begin > 0 && emptied[begin - 1] == emptied[begin] - 1)
            --begin;
        beginRemoveRows({}, emptied[begin], emptied[end - 1]);
        m_groups.erase(m_groups.begin() + emptied[begin], m_groups.begin() + emptied[end - 1] + 1);
        endRemoveRows();
        // Shrunk groups after the removed ones moved up.
        for (int &g : shrunk)
            if (g > emptied[end - 1])
                g -= emptied[end - 1] - emptied[begin] + 1;
        end = begin;
    }
    for (const int g : shrunk)
        Q_EMIT dataChanged(index(g, 0), index(g, ColumnCount - 1));
}

void PendingPodModel::show(std::vector<Entry *> entries) {
    if (entries.empty())
        return;
    std::sort(entries.begin(), entries.end(), [](const Entry *a, const Entry *b) {
        const QString ca = a->cluster->name();
        const QString cb = b->cluster->name();
        if (ca != cb)
            return ca < cb;
        if (a->org != b->org)
            return a->org < b->org;
        return before(a, b);
    });
    for (std::size_t i = 0; i < entries.size();) {
        std::size_t j = i;
        while (j < entries.size() && entries[j]->cluster == entries[i]->cluster &&
               entries[j]->org == entries[i]->org)
            ++j;
        ClusterConnection *cluster = entries[i]->cluster;
        const QString &org = entries[i]->org;
        for (std::size_t k = i; k < j; ++k)
            entries[k]->shown = true;
        int g = groupRow(cluster, org);
        if (g < 0) {
            const QString clusterName = cluster->name();
            const auto at =
                std::lower_bound(m_groups.begin(), m_groups.end(), std::pair(clusterName, org),
                                 [](const Group &group, const std::pair<QString, QString> &key) {
                                     return std::pair(group.clusterName, group.org) < key;
                                 });
            g = static_cast<int>(at - m_groups.begin());
            beginInsertRows({}, g, g);
            Group group;
            group.id = m_nextGroupId++;
            group.cluster = cluster;
            group.clusterName = clusterName;
            group.org = org;
            m_groups.insert(at, std::move(group));
            endInsertRows();
            beginInsertRows(index(g, 0), 0, static_cast<int>(j - i) - 1);
            m_groups[static_cast<std::size_t>(g)].pods.assign(entries.begin() + long(i),
                                                              entries.begin() + long(j));
            endInsertRows();
        } else {
            const QModelIndex parent = index(g, 0);
            auto &pods = m_groups[static_cast<std::size_t>(g)].pods;
            // Runs of new entries that go before the same existing row.
            for (std::size_t k = i; k < j;) {
                const auto at = std::lower_bound(pods.begin(), pods.end(), entries[k], before);
                const auto position = at - pods.begin();
                std::size_t m = k + 1;
                while (m < j && (at == pods.end() || before(entries[m], *at)))
                    ++m;
                beginInsertRows(parent, static_cast<int>(position),
                                static_cast<int>(position + long(m - k)) - 1);
                pods.insert(at, entries.begin() + long(k), entries.begin() + long(m));
                endInsertRows();
                k = m;
            }
            Q_EMIT dataChanged(index(g, 0), index(g, ColumnCount - 1));
        }
        i = j;
    }
}

void PendingPodModel::refreshAges() {
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        const QModelIndex parent = index(static_cast<int>(g), 0);
        Q_EMIT dataChanged(index(static_cast<int>(g), WaitingColumn),
                           index(static_cast<int>(g), WaitingColumn));
        const int n = static_cast<int>(m_groups[g].pods.size());
        if (n > 0)
            Q_EMIT dataChanged(index(0, WaitingColumn, parent),
                               index(n - 1, WaitingColumn, parent));
    }
}

void PendingPodModel::removeCluster(ClusterConnection *cluster) {
    std::vector<Entry *> shown;
    for (auto &[key, e] : m_tracked)
        if (e.cluster == cluster && e.shown)
            shown.push_back(&e);
    hide(shown);
    for (auto it = m_tracked.begin(); it != m_tracked.end();)
        it = it->second.cluster == cluster ? m_tracked.erase(it) : std::next(it);
    schedule();
}

QString PendingPodModel::waiting(qint64 seconds) {
    return QString::fromStdString(
        k8s::humanDuration(std::chrono::seconds(std::max<qint64>(0, seconds))));
}

QModelIndex PendingPodModel::index(int row, int column, const QModelIndex &parent) const {
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid()) {
        if (row >= static_cast<int>(m_groups.size()))
            return {};
        return createIndex(row, column, quintptr(0));
    }
    if (parent.internalId() != 0 || parent.row() >= static_cast<int>(m_groups.size()))
        return {};
    const Group &g = m_groups[static_cast<std::size_t>(parent.row())];
    if (row >= static_cast<int>(g.pods.size()))
        return {};
    return createIndex(row, column, g.id);
}

QModelIndex PendingPodModel::parent(const QModelIndex &child) const {
    if (!child.isValid() || child.internalId() == 0)
        return {};
    const int g = groupRowById(child.internalId());
    return g < 0 ? QModelIndex() : createIndex(g, 0, quintptr(0));
}

int PendingPodModel::rowCount(const QModelIndex &parent) const {
    if (!parent.isValid())
        return static_cast<int>(m_groups.size());
    if (parent.internalId() != 0 || parent.column() != 0)
        return 0;
    return static_cast<int>(m_groups[static_cast<std::size_t>(parent.row())].pods.size());
}

int PendingPodModel::columnCount(const QModelIndex &) const {
    return ColumnCount;
}

ClusterConnection *PendingPodModel::podCluster(const QModelIndex &index) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || index.internalId() == 0)
        return nullptr;
    const int g = groupRowById(index.internalId());
    return g < 0 ? nullptr
                 : m_groups[static_cast<std::size_t>(g)]
                       .pods[static_cast<std::size_t>(index.row())]
                       ->cluster;
}

QVariant PendingPodModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const int column = index.column();
    if (index.internalId() == 0) {
        const Group &g = m_groups[static_cast<std::size_t>(index.row())];
        std::int64_t cpu = 0;
        std::int64_t memory = 0;
        std::int64_t gpus = 0;
        for (const Entry *e : g.pods) {
            cpu += e->cpuMilli;
            memory += e->memoryBytes;
            gpus += e->gpus;
        }
        switch (role) {
        case Qt::DisplayRole:
        case Qt::ToolTipRole:
            switch (column) {
            case NameColumn:
                return tr("%1 · %2 (%n pod(s))", "", static_cast<int>(g.pods.size()))
                    .arg(g.org, g.clusterName);
            case WaitingColumn:
                return g.pods.empty() ? QString() : waiting(now() - g.pods.front()->since);
            case CpuColumn:
                return RunningPodModel::formatCores(cpu);
            case MemoryColumn:
                return RunningPodModel::formatBytes(memory);
            case GpusColumn:
                return gpus == 0 ? QString() : QString::number(gpus);
            default:
                return {};
            }
        case Qt::FontRole:
            if (column == NameColumn) {
                QFont bold;
                bold.setBold(true);
                return bold;
            }
            return {};
        case Qt::TextAlignmentRole:
            if (column == CpuColumn || column == MemoryColumn || column == GpusColumn)
                return QVariant(Qt::AlignRight | Qt::AlignVCenter);
            return {};
        case ClusterNameRole:
            return g.clusterName;
        case OrgNameRole:
            return g.org;
        default:
            return {};
        }
    }
    const int g = groupRowById(index.internalId());
    if (g < 0)
        return {};
    const Entry &e =
        *m_groups[static_cast<std::size_t>(g)].pods[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn:
            return e.name;
        case NamespaceColumn:
            return e.ns;
        case WaitingColumn:
            return waiting(now() - e.since);
        case CpuColumn:
            return RunningPodModel::formatCores(e.cpuMilli);
        case MemoryColumn:
            return RunningPodModel::formatBytes(e.memoryBytes);
        case GpusColumn:
            return e.gpus == 0 ? QString() : QString::number(e.gpus);
        case ReasonColumn:
            return e.reason;
        case MessageColumn:
            return e.message;
        default:
            return {};
        }
    case Qt::ToolTipRole:
        switch (column) {
        case WaitingColumn:
            return tr("Pending since %1")
                .arg(QDateTime::fromSecsSinceEpoch(e.since).toString(Qt::ISODate));
        case ReasonColumn:
        case MessageColumn:
            return e.message.isEmpty() ? e.reason : e.message;
        default:
            return data(index, Qt::DisplayRole);
        }
    case Qt::TextAlignmentRole:
        if (column == CpuColumn || column == MemoryColumn || column == GpusColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case ClusterNameRole:
        return e.cluster->name();
    case OrgNameRole:
        return e.org;
    case RawValueRole:
        switch (column) {
        case WaitingColumn:
            return now() - e.since;
        case CpuColumn:
            return static_cast<double>(e.cpuMilli) / 1000.0;
        case MemoryColumn:
            return static_cast<qint64>(e.memoryBytes);
        case GpusColumn:
            return static_cast<qint64>(e.gpus);
        default:
            return data(index, Qt::DisplayRole);
        }
    default:
        return {};
    }
}

QVariant PendingPodModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Pod");
    case NamespaceColumn:
        return tr("Namespace");
    case WaitingColumn:
        return tr("Waiting");
    case CpuColumn:
        return tr("CPU (cores)");
    case MemoryColumn:
        return tr("Memory");
    case GpusColumn:
        return tr("GPUs");
    case ReasonColumn:
        return tr("Reason");
    case MessageColumn:
        return tr("Scheduler message");
    default:
        return {};
    }
}

} // namespace cubedesk::models
