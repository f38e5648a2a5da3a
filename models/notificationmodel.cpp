#include "models/notificationmodel.h"

#include "k8s/cube/jobphase.h"
#include "models/clusterchange.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/gpumetricsmonitor.h"
#include "models/qtstring.h"

#include <QTimer>

#include <map>

namespace cubedesk::models {

namespace {} // namespace

NotificationModel::NotificationModel(ClusterHub *hub, QObject *parent)
    : QAbstractListModel(parent)
    , m_hub(hub)
    , m_clock([] { return QDateTime::currentSecsSinceEpoch(); })
    , m_timer(new QTimer(this)) {
    connect(hub, &ClusterHub::clusterChanged, this, &NotificationModel::clusterChanged);
    connect(hub, &ClusterHub::clusterAboutToBeRemoved, this, [this](ClusterConnection *c) {
        m_notReady.remove(c->name());
        m_failedJobs.remove(c->name());
    });
    connect(m_timer, &QTimer::timeout, this, &NotificationModel::checkPending);
    m_timer->start(30 * 1000);
    connect(hub->gpuMetrics(), &GpuMetricsMonitor::updated, this,
            &NotificationModel::gpuMetricsChanged);
    hub->gpuMetrics()->watch();
}

NotificationModel::~NotificationModel() {
    m_hub->gpuMetrics()->unwatch();
}

QString NotificationModel::xidMeaning(int xid) {
    switch (xid) {
    case 13:
        return tr("graphics engine exception");
    case 31:
        return tr("GPU memory page fault");
    case 43:
        return tr("GPU stopped processing");
    case 48:
        return tr("double-bit ECC error");
    case 63:
    case 64:
        return tr("ECC page retirement or row remapping");
    case 74:
        return tr("NVLink error");
    case 79:
        return tr("fell off the bus");
    case 92:
        return tr("high single-bit ECC error rate");
    case 94:
    case 95:
        return tr("ECC error (contained or uncontained)");
    default:
        return {};
    }
}

void NotificationModel::gpuMetricsChanged(const QString &cluster) {
    GpuMetricsMonitor *metrics = m_hub->gpuMetrics();
    if (metrics->state(cluster) != GpuMetricsMonitor::State::Measured)
        return;
    const bool first = !m_gpuFaults.contains(cluster);
    QSet<QString> &reported = m_gpuFaults[cluster];
    const int rounds = ++m_gpuReadingRounds[cluster];
    QSet<QString> now;
    const QDateTime time = QDateTime::fromSecsSinceEpoch(m_clock());
    for (const QString &node : metrics->nodes(cluster))
        for (const k8s::GpuReading &g : metrics->node(cluster, node)) {
            const QString gpu = QStringLiteral("GPU%1").arg(g.gpu);
            if (g.xid && *g.xid > 0) {
                const QString key = node + QLatin1Char('/') + gpu + QStringLiteral("/xid") +
                                    QString::number(*g.xid);
                now.insert(key);
                if (!reported.contains(key)) {
                    const QString meaning = xidMeaning(*g.xid);
                    upsert({Kind::GpuFault, cluster, node,
                            tr("XID %1 on %2 of %3").arg(*g.xid).arg(gpu, node),
                            meaning.isEmpty()
                                ? tr("%1: DCGM reports XID error %2.").arg(cluster).arg(*g.xid)
                                : tr("%1: DCGM reports XID error %2 (%3).")
                                      .arg(cluster)
                                      .arg(*g.xid)
                                      .arg(meaning),
                            time, 1},
                           !first);
                }
            }
            // Sustained throttling: hot in kHotReadings readings in a row.
            int &hot = m_hotReadings[cluster + QLatin1Char('/') + node + QLatin1Char('/') + gpu];
            hot = g.temperatureC && *g.temperatureC >= k8s::GpuReadings::kHotCelsius ? hot + 1 : 0;
            if (hot >= kHotReadings) {
                const QString key = node + QLatin1Char('/') + gpu + QStringLiteral("/hot");
                now.insert(key);
                if (!reported.contains(key))
                    upsert({Kind::GpuFault, cluster, node, tr("%1 of %2 runs hot").arg(gpu, node),
                            tr("%1: %2 °C in %3 readings in a row; a GPU this hot throttles its "
                               "clocks.")
                                .arg(cluster)
                                .arg(*g.temperatureC, 0, 'f', 0)
                                .arg(hot),
                            time, 1},
                           hot < rounds); // hot since the first reading: listed, not announced
            }
        }
    // A fault that cleared may be reported again when it comes back.
    reported = now;
}

int NotificationModel::rowOf(Kind kind, const QString &cluster, const QString &subject) const {
    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        const Entry &e = m_entries[i];
        if (e.kind == kind && e.cluster == cluster && e.subject == subject)
            return static_cast<int>(i);
    }
    return -1;
}

void NotificationModel::upsert(Entry entry, bool post) {
    if (post)
        Q_EMIT posted(entry.title, entry.text);
    const int row = entry.kind == Kind::MoveApplied || entry.kind == Kind::GpuFault
                        ? -1 // every move and every GPU fault is its own row
                        : rowOf(entry.kind, entry.cluster, entry.subject);
    if (row >= 0) {
        m_entries[static_cast<std::size_t>(row)] = std::move(entry);
        Q_EMIT dataChanged(index(row), index(row));
        return;
    }
    if (m_entries.size() >= kMaxEntries) {
        const int last = static_cast<int>(m_entries.size()) - 1;
        beginRemoveRows({}, last, last);
        m_entries.pop_back();
        endRemoveRows();
    }
    beginInsertRows({}, 0, 0);
    m_entries.insert(m_entries.begin(), std::move(entry));
    endInsertRows();
}

void NotificationModel::clusterChanged(ClusterConnection *cluster, const ClusterChange &change) {
    const QString &name = cluster->name();
    const bool live = cluster->synced();
    const QDateTime now = QDateTime::fromSecsSinceEpoch(m_clock());
    auto &down = m_notReady[name];
    for (const auto &n : change.nodesRemoved)
        down.remove(QString::fromStdString(n));
    std::vector<std::string> nodes(change.nodesAdded);
    nodes.insert(nodes.end(), change.nodesChanged.begin(), change.nodesChanged.end());
    for (const auto &n : nodes) {
        const auto node = cluster->store().node(n);
        if (!node)
            continue;
        const QString nodeName = QString::fromStdString(n);
        if (node->isReady()) {
            down.remove(nodeName);
            continue;
        }
        if (down.contains(nodeName))
            continue;
        down.insert(nodeName);
        const auto &ready = node->readyCondition();
        Entry e{Kind::NodeNotReady,
                name,
                nodeName,
                tr("Node %1 is NotReady").arg(nodeName),
                tr("%1: %2").arg(name, ready.message.empty()
                                           ? tr("the node reports no Ready condition")
                                           : QString::fromStdString(ready.message)),
                now,
                1};
        upsert(std::move(e), live);
    }

    auto &failed = m_failedJobs[name];
    for (const auto &key : change.jobsRemoved)
        failed.remove(QString::fromStdString(key));
    std::vector<std::string> jobs(change.jobsAdded);
    jobs.insert(jobs.end(), change.jobsChanged.begin(), change.jobsChanged.end());
    for (const auto &key : jobs) {
        const auto job = cluster->store().job(key);
        const QString k = QString::fromStdString(key);
        if (!job || k8s::JobPhase::of(*job) != k8s::JobPhase::Value::Failed || failed.contains(k))
            continue;
        failed.insert(k);
        Entry e{Kind::FailedJob,
                name,
                toQString(job->name()),
                tr("Job %1 failed").arg(toQString(job->name())),
                tr("%1: %2 %3/%4 failed")
                    .arg(name, QString::fromStdString(job->kindName()),
                         toQString(job->namespaceName()), toQString(job->name())),
                now,
                1};
        upsert(std::move(e), live);
    }
}

void NotificationModel::checkPending() {
    const qint64 nowSecs = m_clock();
    const QDateTime now = QDateTime::fromSecsSinceEpoch(nowSecs);
    for (auto *cluster : m_hub->clusters()) {
        const QString name = cluster->name();
        std::map<QString, QStringList> byOrg; // oldest first within an org
        for (const auto &pod : cluster->store().pendingPods()) {
            if (pod->deletionTimestamp() || nowSecs - pod->creationTimestamp() <= kPendingSeconds)
                continue;
            const QString org =
                pod->org().empty() ? QStringLiteral("public") : toQString(pod->org());
            byOrg[org] << toQString(pod->namespaceName()) + QLatin1Char('/') +
                              toQString(pod->name());
        }
        // Groups that emptied keep their row; their count drops to what is still pending.
        for (auto it = m_pendingSeen.begin(); it != m_pendingSeen.end(); ++it) {
            const auto parts = it.key().split(QLatin1Char('\n'));
            if (parts.size() != 2 || parts[0] != name || byOrg.count(parts[1]) != 0)
                continue;
            it->clear();
            const int row = rowOf(Kind::PendingPods, name, parts[1]);
            if (row >= 0 && m_entries[static_cast<std::size_t>(row)].count != 0) {
                m_entries[static_cast<std::size_t>(row)].count = 0;
                m_entries[static_cast<std::size_t>(row)].text =
                    tr("%1: no pod of %2 is pending any more").arg(name, parts[1]);
                Q_EMIT dataChanged(index(row), index(row));
            }
        }
        for (const auto &[org, pods] : byOrg) {
            auto &seen = m_pendingSeen[name + QLatin1Char('\n') + org];
            QSet<QString> added(pods.begin(), pods.end());
            added.subtract(seen);
            const bool grew = !added.isEmpty();
            const int row = rowOf(Kind::PendingPods, name, org);
            const bool changed = row < 0 || m_entries[static_cast<std::size_t>(row)].count !=
                                                static_cast<int>(pods.size());
            seen = QSet<QString>(pods.begin(), pods.end());
            if (!grew && !changed)
                continue;
            QStringList shown = pods.mid(0, 3);
            if (pods.size() > 3)
                shown << tr("and %n more", "", static_cast<int>(pods.size() - 3));
            Entry e{Kind::PendingPods,
                    name,
                    org,
                    tr("%n pod(s) pending over 5 minutes in %1", "", static_cast<int>(pods.size()))
                        .arg(org),
                    tr("%1: %2").arg(name, shown.join(QStringLiteral(", "))),
                    grew || row < 0 ? now : m_entries[static_cast<std::size_t>(row)].time,
                    static_cast<int>(pods.size())};
            upsert(std::move(e), grew);
        }
    }
}

void NotificationModel::addMoveApplied(const QString &cluster, const QString &node,
                                       const QString &fromOrg, const QString &toOrg,
                                       const QString &how) {
    Entry e{Kind::MoveApplied,
            cluster,
            toOrg,
            tr("Node %1 moved to %2").arg(node, toOrg),
            tr("%1: %2 → %3 (%4)").arg(cluster, fromOrg, toOrg, how),
            QDateTime::fromSecsSinceEpoch(m_clock()),
            1};
    upsert(std::move(e), true);
}

int NotificationModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_entries.size());
}

QVariant NotificationModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Entry &e = m_entries[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return e.title;
    case Qt::ToolTipRole:
    case TextRole:
        return e.text;
    case TimeRole:
        return e.time;
    case CountRole:
        return e.count;
    case KindRole:
        return static_cast<int>(e.kind);
    case ClusterRole:
        return e.cluster;
    case SubjectRole:
        return e.subject;
    default:
        return {};
    }
}

} // namespace cubedesk::models
