#pragma once
// KeyedTableModel<Row>: the shared machinery of CubeDesk's flat tables over many clusters
// (jobs, and the pattern NodeTableModel follows): rows identified by (cluster, key), an index
// from that identity to the row number, and the batch operations of
// docs/threads-and-data-flow.md — removals as contiguous runs, last run first; insertions
// appended as one run; changes as per-run dataChanged, or one covering range when they are many
// and scattered. Never a reset.
//
// Row must have a `cluster` member (a ClusterConnection pointer); `Key` names its QString
// member that identifies it within the cluster (`key` unless said otherwise).
// Threads: GUI thread only (a model). Owns its rows.

#include <QAbstractTableModel>
#include <QHash>

#include <algorithm>
#include <functional>
#include <unordered_map>
#include <vector>

namespace cubedesk::models {

class ClusterConnection;

template <class Row, QString Row::*Key = &Row::key>
class KeyedTableModel : public QAbstractTableModel {
public:
    /// More runs than this in one replaceRows() are announced as one range over all of them.
    static constexpr std::size_t kMaxChangedRuns = 256;

    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex &parent = {}) const override {
        return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
    }
    const Row &row(int i) const { return m_rows[static_cast<std::size_t>(i)]; }
    /// The row of `key` on `cluster`, -1 when unknown.
    int rowOf(const ClusterConnection *cluster, const QString &key) const {
        auto it = m_index.find(Id{cluster, key});
        return it == m_index.end() ? -1 : it->second;
    }

protected:
    /// Removes the rows (any order, duplicates allowed) in contiguous runs, last first.
    void removeRowsAt(std::vector<int> rows) {
        if (rows.empty())
            return;
        std::sort(rows.begin(), rows.end());
        rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
        int end = static_cast<int>(rows.size());
        while (end > 0) {
            int begin = end - 1;
            while (begin > 0 && at(rows, begin - 1) == at(rows, begin) - 1)
                --begin;
            const int first = at(rows, begin);
            const int last = at(rows, end - 1);
            beginRemoveRows({}, first, last);
            for (int i = first; i <= last; ++i)
                m_index.erase(idOf(row(i)));
            m_rows.erase(m_rows.begin() + first, m_rows.begin() + last + 1);
            endRemoveRows();
            end = begin;
        }
        reindexFrom(rows.front());
    }
    /// Appends `rows` as one insertion.
    void appendRows(std::vector<Row> rows) {
        if (rows.empty())
            return;
        const int first = static_cast<int>(m_rows.size());
        beginInsertRows({}, first, first + static_cast<int>(rows.size()) - 1);
        for (auto &r : rows)
            m_rows.push_back(std::move(r));
        reindexFrom(first);
        endInsertRows();
    }
    /// Replaces rows in place (same identity) and says so: one dataChanged per run of
    /// neighbours, or — beyond kMaxChangedRuns runs — one range from the first to the last.
    /// Runs are cheaper than a range while they are few: a sort index re-reads the key of every
    /// row a range covers, changed or not (60 changed nodes scattered over 5,000 rows would cost
    /// 5,000 key reads per batch).
    void replaceRows(std::vector<std::pair<int, Row>> changes) {
        if (changes.empty())
            return;
        std::vector<int> changed;
        for (auto &[i, r] : changes) {
            m_rows[static_cast<std::size_t>(i)] = std::move(r);
            changed.push_back(i);
        }
        std::sort(changed.begin(), changed.end());
        changed.erase(std::unique(changed.begin(), changed.end()), changed.end());
        std::vector<std::pair<int, int>> runs;
        for (std::size_t i = 0; i < changed.size();) {
            std::size_t j = i;
            while (j + 1 < changed.size() && changed[j + 1] == changed[j] + 1)
                ++j;
            runs.emplace_back(changed[i], changed[j]);
            i = j + 1;
        }
        const int lastColumn = columnCount() - 1;
        if (runs.size() > kMaxChangedRuns) {
            Q_EMIT dataChanged(index(changed.front(), 0), index(changed.back(), lastColumn));
            return;
        }
        for (const auto &[first, last] : runs)
            Q_EMIT dataChanged(index(first, 0), index(last, lastColumn));
    }
    /// Removes every row of `cluster`.
    void removeClusterRows(const ClusterConnection *cluster) {
        std::vector<int> rows;
        for (int i = 0; i < static_cast<int>(m_rows.size()); ++i)
            if (row(i).cluster == cluster)
                rows.push_back(i);
        removeRowsAt(std::move(rows));
    }

private:
    struct Id {
        const ClusterConnection *cluster;
        QString key;
        bool operator==(const Id &) const = default;
    };
    struct IdHash {
        std::size_t operator()(const Id &k) const {
            return qHash(k.key) ^ std::hash<const void *>()(k.cluster);
        }
    };
    static Id idOf(const Row &r) { return Id{r.cluster, r.*Key}; }
    static int at(const std::vector<int> &v, int i) { return v[static_cast<std::size_t>(i)]; }
    void reindexFrom(int first) {
        for (int i = first; i < static_cast<int>(m_rows.size()); ++i)
            m_index[idOf(row(i))] = i;
    }

    std::vector<Row> m_rows;
    std::unordered_map<Id, int, IdHash> m_index;
};

} // namespace cubedesk::models
