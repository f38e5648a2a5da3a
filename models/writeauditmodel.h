#pragma once
// WriteAuditModel: the audit of every write made from CubeDesk — one row per resource-group
// move (time, cluster, target node, from, to, how it was started: drag and drop / Move to…, an
// applied suggestion, or auto-balance; the reason; the result once the cluster answered), one per
// drain, uncordon after a drain or taint edit, and one per action on an object of the resource
// browser (scale, restart, suspend, run now, delete, apply, create: the action says which, the
// target names the object; from and to stay empty). Newest rows last; rows are appended and
// their Result cell updated (no resets). It keeps the newest kMaxRows rows: beyond that the
// oldest row is removed, so hours of auto-balance cannot grow it without bound. Rows are
// addressed by an Id that stays valid while rows come and go.
//
// Threads: GUI thread only.

#include <QAbstractTableModel>
#include <QDateTime>

#include <deque>

namespace cubedesk::models {

class WriteAuditModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        TimeColumn,
        ClusterColumn,
        TargetColumn,
        FromColumn,
        ToColumn,
        ModeColumn,
        ResultColumn,
        ReasonColumn,
        ActionColumn,
        ColumnCount
    };
    enum class Mode { Manual, Suggestion, Auto };
    struct Entry {
        QDateTime time;
        QString cluster;
        QString target; ///< the node(s), or the object ("Deployment infra/mysql")
        QString fromOrg;
        QString toOrg;
        Mode mode = Mode::Manual;
        QString reason;
        QString result;      ///< "" while the write is in flight
        QString action = {}; ///< "" for a move; "Drain", "Uncordon" (translated) otherwise
    };

    using Id = quint64;
    static constexpr std::size_t kMaxRows = 10000;

    explicit WriteAuditModel(QObject *parent = nullptr, std::size_t maxRows = kMaxRows);

    /// Appends a move (dropping the oldest beyond maxRows); returns its id.
    Id record(Entry entry);
    /// Sets the Result cell of move `id` (nothing when it was dropped meanwhile).
    void setResult(Id id, const QString &result);
    /// The move `id`, or null when it was dropped.
    const Entry *find(Id id) const;
    const Entry &entry(int row) const { return m_entries.at(static_cast<std::size_t>(row)); }
    static QString modeText(Mode mode);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::deque<Entry> m_entries;
    std::size_t m_maxRows;
    Id m_firstId = 1; ///< the id of row 0
};

} // namespace cubedesk::models
