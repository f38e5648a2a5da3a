#pragma once
// PendingPodModel: pods the scheduler has left pending for longer than 5 minutes, with its
// reason, grouped by cluster and resource group — a two-level tree: one top-level row per
// (cluster, org) with at least one such pod (sorted by cluster, then org), the pods as its
// children (longest waiting first, then by name).
//
// Which pods: Pending and not bound to a node (as ClusterAccounting counts pending pods), pending
// since their creation for at least kThresholdSeconds. Their org is the one their node selector /
// affinity asks for, "public" when none (the board's rule). The reason is the PodScheduled
// condition's message, summarised by PendingPodReason; the full message is a column too.
//
// Updates: every unbound pending pod is tracked from ClusterChange's pod key lists; the 5-minute
// threshold is re-evaluated by recheck(), which a single-shot timer calls at the moment the next
// tracked pod crosses it (so a pod appears when it crosses, not at the next batch), and after
// every batch. Signals: a pod that leaves (bound, deleted, no longer Pending) → its child row is
// removed (contiguous runs per group, highest first), then empty groups (runs, highest first);
// pods that cross → new groups are inserted one top-level row at a time, empty, followed by
// their children as one run; children of existing groups are inserted at their sorted positions
// as contiguous runs; a shown pod whose data changed → dataChanged over its row, and its group's
// row (totals). refreshAges() (every 30 s) emits dataChanged for the Waiting column only.
// Never a reset.
//
// Threads: GUI thread only. Reads the hub's connections; owns its rows. The clock is injectable
// (tests); it returns seconds since the epoch.

#include "models/clusterstore.h"

#include <QAbstractItemModel>
#include <QTimer>

#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

namespace cubedesk::models {

class ClusterHub;
class ClusterConnection;
struct ClusterChange;

class PendingPodModel final : public QAbstractItemModel {
    Q_OBJECT
public:
    static constexpr qint64 kThresholdSeconds = qint64{5} * 60;
    using Clock = std::function<qint64()>;

    enum Column {
        NameColumn, ///< group rows: "org — cluster"
        NamespaceColumn,
        WaitingColumn,
        CpuColumn,
        MemoryColumn,
        GpusColumn,
        ReasonColumn,
        MessageColumn,
        ColumnCount
    };

    /// `clock` defaults to the system clock.
    explicit PendingPodModel(ClusterHub *hub, QObject *parent = nullptr, Clock clock = {});
    ~PendingPodModel() override;

    /// Shows the tracked pods that crossed the threshold by now and re-arms the timer.
    void recheck();
    /// dataChanged for the Waiting column of every shown pod and group.
    void refreshAges();

    /// The group row of (cluster, org), invalid when it has no pod shown.
    QModelIndex groupIndex(const QString &cluster, const QString &org) const;
    /// Pods shown (children of all groups).
    int podCount() const;
    /// The cluster of the pod at `index` (a child row, any column); null for a group row.
    ClusterConnection *podCluster(const QModelIndex &index) const;
    /// Unbound pending pods tracked, shown or not yet.
    int trackedCount() const { return static_cast<int>(m_tracked.size()); }
    /// Seconds until the next tracked pod crosses the threshold; -1 when none will.
    qint64 secondsToNextCrossing() const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    /// "42m", "3h5m", "2d4h".
    static QString waiting(qint64 seconds);

private:
    struct Entry {
        ClusterConnection *cluster = nullptr;
        std::string key; ///< "namespace/name"
        PodPtr pod;
        qint64 since = 0;
        QString org;
        QString name;
        QString ns;
        QString reason;  ///< PendingPodReason summary
        QString message; ///< the scheduler's message
        std::int64_t cpuMilli = 0;
        std::int64_t memoryBytes = 0;
        std::int64_t gpus = 0;
        bool shown = false;
    };
    struct Group {
        quintptr id = 0;
        ClusterConnection *cluster = nullptr;
        QString clusterName;
        QString org;
        std::vector<Entry *> pods; ///< sorted: since, then name (entries live in m_tracked)
    };
    struct TrackKey {
        const ClusterConnection *cluster;
        std::string key;
        bool operator==(const TrackKey &) const = default;
    };
    struct TrackHash {
        std::size_t operator()(const TrackKey &k) const {
            return std::hash<std::string>()(k.key) ^ std::hash<const void *>()(k.cluster);
        }
    };

    void clusterChanged(ClusterConnection *cluster, const ClusterChange &change);
    void removeCluster(ClusterConnection *cluster);
    static bool isUnboundPending(const k8s::Pod &pod);
    static void fill(Entry &e, const PodPtr &pod);
    static bool before(const Entry *a, const Entry *b);
    qint64 now() const;
    int groupRow(const ClusterConnection *cluster, const QString &org) const;
    int groupRowById(quintptr id) const;
    /// Removes shown entries' rows (runs per group, then empty groups); the entries stay
    /// tracked, marked not shown.
    void hide(const std::vector<Entry *> &entries);
    /// Inserts entries not shown yet (new groups first, then children as runs).
    void show(std::vector<Entry *> entries);
    void schedule();

    Clock m_clock;
    std::unordered_map<TrackKey, Entry, TrackHash> m_tracked;
    std::vector<Group> m_groups; ///< sorted: cluster name, then org
    quintptr m_nextGroupId = 1;
    QTimer m_crossing;
    QTimer m_ages;
};

} // namespace cubedesk::models
