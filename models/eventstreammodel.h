#pragma once
// EventStreamModel: the cluster events of every cluster the hub knows as one stream, newest
// first (by last occurrence), bounded to the newest `capacity` events (5,000 by default) — the
// Pending & events pane's lower half. Columns: last seen, type, reason, object, namespace,
// cluster, count, source, message.
//
// Updates: ClusterChange's event key lists, per batch. Removed events → removal runs (highest
// first); an upserted event already shown whose time did not change → dataChanged over its row;
// one whose time changed is taken out (removal run) and placed again. Placement: the batch's
// events are merged into the stream; rows that the merge pushes past `capacity` are removed first
// as one run at the end, then the batch's events that stay are inserted as contiguous runs (a
// batch of new events is usually one run at row 0). Events older than everything in a full stream
// are not inserted at all. A cluster removed drops its rows as runs. Never a reset.
//
// Order: last timestamp descending; among equal times, the later arrival first.
//
// Threads: GUI thread only. Reads the hub's connections and shares their immutable events; owns
// its rows.

#include "models/clusterstore.h"
#include "models/sortkey.h"

#include <QAbstractTableModel>

#include <string>
#include <unordered_map>
#include <vector>

namespace cubedesk::models {

class ClusterHub;
class ClusterConnection;
struct ClusterChange;

class EventStreamModel final : public QAbstractTableModel, public SortKeySource {
    Q_OBJECT
public:
    static constexpr int kDefaultCapacity = 5000;

    enum Column {
        LastSeenColumn,
        TypeColumn,
        ReasonColumn,
        ObjectColumn,
        NamespaceColumn,
        ClusterColumn,
        CountColumn,
        SourceColumn,
        MessageColumn,
        ColumnCount
    };

    /// One shown event; texts precomputed for painting and filtering.
    struct Row {
        ClusterConnection *cluster = nullptr;
        std::string key; ///< "namespace/name" of the Event object
        EventPtr event;
        qint64 time = 0; ///< last timestamp (else first, else creation), seconds since the epoch
        quint64 seq = 0; ///< arrival order, breaks ties
        bool warning = false;
        QString clusterName;
        QString type;
        QString reason;
        QString kind;
        QString name;
        QString ns; ///< the involved object's namespace
        QString message;
        QString source;
    };

    explicit EventStreamModel(ClusterHub *hub, QObject *parent = nullptr,
                              int capacity = kDefaultCapacity);

    int capacity() const { return m_capacity; }
    const Row &row(int row) const { return m_rows[static_cast<std::size_t>(row)]; }
    /// The row of the event "namespace/name" of `cluster`, -1 when not shown.
    int rowOf(const ClusterConnection *cluster, const std::string &key) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    SortKey sortKey(int row, int column) const override;

private:
    void clusterChanged(ClusterConnection *cluster, const ClusterChange &change);
    void removeCluster(ClusterConnection *cluster);
    Row makeRow(ClusterConnection *cluster, const std::string &key, const EventPtr &event);
    /// True when `a` is shown above `b`.
    static bool above(const Row &a, const Row &b);
    void removeRows(std::vector<int> rows);
    /// Merges `rows` (any order) into the stream, bounded by the capacity.
    void place(std::vector<Row> rows);

    struct Key {
        const ClusterConnection *cluster;
        std::string key;
        bool operator==(const Key &) const = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key &k) const {
            return std::hash<std::string>()(k.key) ^ std::hash<const void *>()(k.cluster);
        }
    };
    /// Where a shown event sits in the order (time, seq): rows are found by binary search, so
    /// inserting at the top renumbers nothing.
    struct Position {
        qint64 time;
        quint64 seq;
    };

    std::vector<Row> m_rows;
    std::unordered_map<Key, Position, KeyHash> m_index;
    int m_capacity;
    quint64 m_seq = 0;
};

} // namespace cubedesk::models
