#pragma once
// BalanceAuditModel: the audit of resource-group moves made from CubeDesk — one row per move
// (time, cluster, node, from, to, how it was started: drag and drop / Move to…, an applied
// suggestion, or auto-balance; the reason; the result once the cluster answered). Newest rows
// last; rows are only appended and their Result cell updated (no resets).
//
// Threads: GUI thread only.

#include <QAbstractTableModel>
#include <QDateTime>

#include <vector>

namespace cubedesk::models {

class BalanceAuditModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        TimeColumn,
        ClusterColumn,
        NodeColumn,
        FromColumn,
        ToColumn,
        ModeColumn,
        ResultColumn,
        ReasonColumn,
        ColumnCount
    };
    enum class Mode { Manual, Suggestion, Auto };
    struct Entry {
        QDateTime time;
        QString cluster;
        QString node;
        QString fromOrg;
        QString toOrg;
        Mode mode = Mode::Manual;
        QString reason;
        QString result; ///< "" while the write is in flight
    };

    explicit BalanceAuditModel(QObject *parent = nullptr);

    /// Appends a move; returns its row.
    int record(Entry entry);
    /// Sets the Result cell of `row`.
    void setResult(int row, const QString &result);
    const Entry &entry(int row) const { return m_entries.at(static_cast<std::size_t>(row)); }
    static QString modeText(Mode mode);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::vector<Entry> m_entries;
};

} // namespace cubedesk::models
