#pragma once
// NotificationModel: the notifications panel's list, newest first — pods pending over 5 minutes
// (grouped per cluster and resource group: one row that counts them), nodes going NotReady,
// failed jobs, GPU faults (an XID error — 79: fallen off the bus —, or sustained throttling: a
// GPU at 85 °C or more in kHotReadings readings in a row; from the hub's GpuMetricsMonitor,
// which this model keeps watched so that faults are heard while no GPU view is open) and
// resource-group moves applied from CubeDesk. Each row has a time, a title, a
// text, a count and a target for "go to" (kind + cluster + subject: the org, node or job name).
//
// Sources: ClusterHub::clusterChanged (nodes, jobs), checkPending() (a 30 s timer: pods cross
// the 5-minute mark without any event), addMoveApplied() (the UI, once a move's write
// succeeded). posted() fires for what deserves a desktop notification: not for what was
// already true while a cluster was first syncing (old failed jobs, nodes already down), which
// only appears in the list.
//
// Threads: GUI thread only. Does not own the hub.

#include <QAbstractListModel>
#include <QDateTime>
#include <QHash>
#include <QSet>

#include <functional>
#include <vector>

class QTimer;

namespace cubedesk::models {

class ClusterHub;
class ClusterConnection;
struct ClusterChange;

class NotificationModel final : public QAbstractListModel {
    Q_OBJECT
public:
    static constexpr qint64 kPendingSeconds = 300;
    /// The newest this many notifications are kept; the oldest row goes beyond it.
    static constexpr std::size_t kMaxEntries = 500;

    enum class Kind { PendingPods, NodeNotReady, FailedJob, MoveApplied, GpuFault };
    /// A GPU hot in this many readings in a row throttles (one reading: a passing peak).
    static constexpr int kHotReadings = 3;
    enum Role {
        TextRole = Qt::UserRole + 400, ///< QString, the body
        TimeRole,                      ///< QDateTime, last update
        CountRole,                     ///< int, items in the group
        KindRole,                      ///< int (Kind)
        ClusterRole,                   ///< QString
        SubjectRole,                   ///< QString: org, node or job name
    };
    struct Entry {
        Kind kind = Kind::PendingPods;
        QString cluster;
        QString subject;
        QString title;
        QString text;
        QDateTime time;
        int count = 1;
    };

    explicit NotificationModel(ClusterHub *hub, QObject *parent = nullptr);
    ~NotificationModel() override;
    /// What an XID error means, in a few words ("fell off the bus" for 79); "" when unknown.
    static QString xidMeaning(int xid);

    /// Seconds since the epoch; tests replace it.
    void setClock(std::function<qint64()> clock) { m_clock = std::move(clock); }
    /// Scans every cluster's pending pods (the timer calls it every 30 s).
    void checkPending();
    void addMoveApplied(const QString &cluster, const QString &node, const QString &fromOrg,
                        const QString &toOrg, const QString &how);
    const Entry &entry(int row) const { return m_entries.at(static_cast<std::size_t>(row)); }

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    /// A notification worth a desktop message.
    void posted(const QString &title, const QString &text);

private:
    void clusterChanged(ClusterConnection *cluster, const ClusterChange &change);
    /// New XID errors and GPUs turning hot in `cluster`'s readings; the first readings of a
    /// cluster are listed without a desktop message (they were true before CubeDesk looked).
    void gpuMetricsChanged(const QString &cluster);
    /// Updates the row (kind, cluster, subject) or inserts it at the top; posts when `post`.
    void upsert(Entry entry, bool post);
    int rowOf(Kind kind, const QString &cluster, const QString &subject) const;

    ClusterHub *m_hub;
    std::function<qint64()> m_clock;
    QTimer *m_timer;
    std::vector<Entry> m_entries;                ///< newest first
    QHash<QString, QSet<QString>> m_notReady;    ///< cluster → nodes reported NotReady
    QHash<QString, QSet<QString>> m_failedJobs;  ///< cluster → job keys reported
    QHash<QString, QSet<QString>> m_pendingSeen; ///< "cluster\norg" → pod keys reported
    QHash<QString, QSet<QString>> m_gpuFaults;   ///< cluster → "node/gpu/fault" reported
    QHash<QString, int> m_hotReadings;           ///< "cluster/node/gpu" → hot readings in a row
    QHash<QString, int> m_gpuReadingRounds;      ///< cluster → readings heard so far
};

} // namespace cubedesk::models
