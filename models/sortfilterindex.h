#pragma once

// SortFilterIndex: the incremental sort/filter proxy for big flat tables (docs/cache.md). It
// replaces QSortFilterProxyModel where a table holds 150,000+ rows: a sort of 150,000 rows takes
// 10–20 ms of CPU (tests/bench/bench_sortfilterindex.cpp), and a data change of one row costs
// O(log n) comparisons plus the distance the row moves (one memmove of ints and the renumbering of
// the rows it passes) plus O(persistent indexes) — never a pass over all rows per changed row.
// Inserts and removals cost one O(n) renumbering pass per batch.
//
// Source: a flat table QAbstractItemModel (no children) that also implements SortKeySource;
// setSourceModel() aborts (qFatal) on a model that does not. Sorting compares the source's
// SortKey values (numbers before text, text code-unit-wise), never data() or QVariant. The keys of
// the sort column are cached in a vector parallel to the source rows and refreshed only for rows
// the source reports changed (dataChanged covering the sort column) or inserts.
//
// Order: the rows the filter accepts, by the sort column's key in the sort order, ties broken by
// ascending source row (in both orders), so the order is total and stable. Column -1 (the
// default) is source order. The order is kept up to date as the source changes (a "dynamic"
// sort); sort() and setFilter() are the only ways to change the criteria.
//
// Signals the proxy emits:
//   - source rowsInserted → the accepted new rows are inserted at their sorted positions, one
//     beginInsertRows/endInsertRows per contiguous run (an initial load into an empty proxy is one
//     run: rowsInserted(0, N-1));
//   - source rowsAboutToBeRemoved → the proxy rows of the removed rows are removed as contiguous
//     runs, highest run first;
//   - source dataChanged → rows that the filter now rejects are removed (runs), rows whose key
//     change put them out of order are moved within one layoutAboutToBeChanged/layoutChanged
//     (VerticalSortHint; persistent indexes follow their rows), rows the filter now accepts are
//     inserted (runs), then dataChanged is forwarded for every changed row still in the proxy, at
//     its current proxy row, coalesced into contiguous row ranges (same columns and roles as the
//     source's). A change that moves nothing is therefore dataChanged only;
//   - source layoutChanged and rowsMoved → the order is rebuilt inside one layout change of the
//     proxy (persistent indexes follow their source rows); source modelReset → proxy reset (the
//     only reset a source data change causes). Columns inserted/removed/moved are forwarded 1:1;
//     removing the sort column returns to source order;
//   - sort() → layoutAboutToBeChanged/layoutChanged (row count unchanged), persistent indexes
//     follow their rows;
//   - setFilter()/invalidateFilter() → the rows that leave are removed as runs, then the rows that
//     enter are inserted as runs. When that would take more than kMaxFilterRuns runs the proxy is
//     reset instead (beginResetModel/endResetModel): a filter change is a user action (typing in a
//     filter box), not a data update, and one reset is cheaper for views than thousands of runs.
//     Persistent indexes are invalidated in that case, as with any reset.
//
// Threads: GUI thread only, like its source model. Ownership: the proxy does not own the source
// (Qt's usual proxy contract); the filter predicate is copied and called on the GUI thread with
// source row numbers that are valid at the time of the call, from setFilter(), invalidateFilter()
// and while the proxy handles the source's inserts, data changes, layout changes and resets.

#include "models/sortkey.h"

#include <QAbstractProxyModel>
#include <QList>
#include <QMetaObject>
#include <QPersistentModelIndex>

#include <functional>
#include <vector>

namespace cubedesk::models {

class SortFilterIndex final : public QAbstractProxyModel {
    Q_OBJECT

public:
    /// Decides whether a source row is shown; called with a valid source row number.
    using Filter = std::function<bool(int sourceRow)>;

    /// A filter change needing more insert/remove runs than this resets the proxy instead.
    static constexpr int kMaxFilterRuns = 256;

    explicit SortFilterIndex(QObject *parent = nullptr);
    ~SortFilterIndex() override;

    /// `source` must also implement SortKeySource (checked with dynamic_cast; qFatal otherwise).
    /// Resets the proxy and builds the index with the current sort and filter. nullptr detaches.
    void setSourceModel(QAbstractItemModel *source) override;

    /// Sorts by `column` (-1 or a column the source lacks: source order, in either order).
    /// Fetches the column's key afresh for every source row (a sort doubles as a refresh).
    /// Emits one layout change (VerticalSortHint), also when the order stays the same.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    int sortColumn() const { return m_sortColumn; }
    Qt::SortOrder sortOrder() const { return m_sortOrder; }

    /// Replaces the filter (an empty function accepts every row) and applies it.
    void setFilter(Filter accept);
    /// Re-runs the current filter over every source row, e.g. after state the predicate captured
    /// changed. Emits remove/insert runs for the rows that leave/enter (or a reset, see above).
    void invalidateFilter();
    bool hasFilter() const { return bool(m_filter); }

    QModelIndex mapToSource(const QModelIndex &proxyIndex) const override;
    QModelIndex mapFromSource(const QModelIndex &sourceIndex) const override;

    QModelIndex index(int row, int column,
                      const QModelIndex &parent = QModelIndex()) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    QModelIndex sibling(int row, int column, const QModelIndex &idx) const override;
    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    bool hasChildren(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &proxyIndex, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

private:
    struct InsertRun {
        int position;  // proxy row before which the run goes, in the vector as it was
        int firstItem; // into the sorted list of rows to insert
        int count;
    };

    // Ordering of source rows by cached key, then source row (a strict total order).
    bool lessRow(int a, int b) const;
    // Sorts source rows (any order in, proxy order out); cache-friendly for big lists.
    void sortRows(std::vector<int> &rows) const;
    SortKey fetchKey(int sourceRow) const;
    bool accepts(int sourceRow) const { return !m_filter || m_filter(sourceRow); }

    // Rebuilds keys, acceptance and order from the source without emitting anything.
    void rebuild();
    void ensureReverse() const;

    // Emits one remove run per contiguous block of the given proxy rows, highest first.
    void removeProxyRows(std::vector<int> proxyRows);
    // Where each of `sorted` (sorted source rows not in `target`) goes in `target`, as runs;
    // empty when more than `maxRuns` runs would be needed.
    std::vector<InsertRun> insertRuns(const std::vector<int> &target,
                                      const std::vector<int> &sorted,
                                      std::size_t maxRuns = std::size_t(-1)) const;
    // Emits the runs (computed against the current m_proxyToSource) in ascending order.
    void insertSortedRows(const std::vector<int> &sorted, const std::vector<InsertRun> &runs);
    // Applies the filter to every source row: runs or a reset (see the class comment).
    void applyFilter();

    // Layout change around a re-order that keeps source row numbers.
    void beginLayoutChange();
    void endLayoutChange();
    // Moves the row at proxy position `from` to where it belongs, all else being sorted.
    void moveToSortedPosition(int from);
    // Emits dataChanged for the given source rows that are in the proxy, as contiguous ranges.
    void emitDataChanged(const std::vector<int> &sourceRows, int firstColumn, int lastColumn,
                         const QList<int> &roles);

    void disconnectSource();

    // Source signal handlers.
    void onSourceDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight,
                             const QList<int> &roles);
    void onSourceRowsInserted(const QModelIndex &parent, int first, int last);
    void onSourceRowsAboutToBeRemoved(const QModelIndex &parent, int first, int last);
    void onSourceRowsRemoved(const QModelIndex &parent, int first, int last);
    void onSourceLayoutAboutToBeChanged();
    void onSourceLayoutChanged();
    void onSourceAboutToBeReset();
    void onSourceReset();
    void onSourceColumnsAboutToBeInserted(const QModelIndex &parent, int first, int last);
    void onSourceColumnsInserted(const QModelIndex &parent, int first, int last);
    void onSourceColumnsAboutToBeRemoved(const QModelIndex &parent, int first, int last);
    void onSourceColumnsRemoved(const QModelIndex &parent, int first, int last);
    void onSourceColumnsAboutToBeMoved(const QModelIndex &parent, int first, int last,
                                       const QModelIndex &destination, int column);
    void onSourceColumnsMoved(const QModelIndex &parent, int first, int last,
                              const QModelIndex &destination, int column);
    void onSourceHeaderDataChanged(Qt::Orientation orientation, int first, int last);
    void onSourceDestroyed();

    const SortKeySource *m_keySource = nullptr;
    QList<QMetaObject::Connection> m_connections;

    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    Filter m_filter;

    int m_sourceRows = 0;
    std::vector<SortKey> m_keys;      // per source row, key of m_sortColumn (empty when -1)
    std::vector<int> m_proxyToSource; // proxy row → source row
    // source row → proxy row or -1 (filtered out); rebuilt lazily after insert/remove runs so a
    // batch of runs costs one O(n) pass, not one per run.
    mutable std::vector<int> m_sourceToProxy;
    mutable bool m_reverseDirty = false;

    // Persistent indexes captured at beginLayoutChange(), with the source row each stood for.
    QModelIndexList m_layoutFrom;
    std::vector<int> m_layoutSourceRows;
    // Captured at the source's layoutAboutToBeChanged (source rows are renumbered by it).
    QList<QPersistentModelIndex> m_layoutSourceIndexes;
    bool m_inLayoutChange = false;
};

} // namespace cubedesk::models
