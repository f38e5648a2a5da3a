#include "models/sortfilterindex.h"

#include <QtGlobal>

#include <algorithm>
#include <cstdint>
#include <iterator>

namespace cubedesk::models {

namespace {

// A data change of at most this many rows whose keys changed moves them one by one (O(log n +
// distance) each); more are pulled out, sorted and merged back in one O(n + k log k) pass.
constexpr std::size_t kSmallMoveBatch = 32;
// Below this many rows a full sort compares through the key vector directly.
constexpr std::size_t kFlatSortThreshold = 64;

int compareNumbers(std::int64_t a, std::int64_t b) {
    return a < b ? -1 : (a > b ? 1 : 0);
}

// Code-unit compare, inline: keys are short (names), so a call into the library per comparison
// would cost more than the loop.
Q_ALWAYS_INLINE int compareText(const QChar *a, qsizetype na, const QChar *b, qsizetype nb) {
    const qsizetype n = std::min(na, nb);
    for (qsizetype i = 0; i < n; ++i) {
        const char16_t ca = a[i].unicode();
        const char16_t cb = b[i].unicode();
        if (ca != cb)
            return ca < cb ? -1 : 1;
    }
    return na < nb ? -1 : (na > nb ? 1 : 0);
}

Q_ALWAYS_INLINE int compareKeys(const SortKey &a, const SortKey &b) {
    if (a.isText != b.isText)
        return a.isText ? 1 : -1; // numbers before text
    if (!a.isText)
        return compareNumbers(a.number, b.number);
    return compareText(a.text.constData(), a.text.size(), b.text.constData(), b.text.size());
}

// A key copied flat next to its row for full sorts: the sort streams through one contiguous array
// instead of chasing row → key → text for most comparisons. A number is `high` with its sign bit
// flipped (so unsigned order is signed order). A text is the eight code units that follow the
// prefix all texts of the sort share ("gpu-a100-node-…"), packed high to low into `high` and `low`,
// 0 where the text has ended; only texts equal in those units are compared in full.
struct SortEntry {
    std::uint64_t high;
    std::uint64_t low;
    int row;
    bool isText;
};

constexpr qsizetype kUnitsPerWord = 4;

std::uint64_t packUnits(const QChar *text, qsizetype size, qsizetype from) {
    std::uint64_t word = 0;
    for (qsizetype i = from; i < from + kUnitsPerWord; ++i)
        word = (word << 16) | (i < size ? text[i].unicode() : 0u);
    return word;
}

} // namespace

SortFilterIndex::SortFilterIndex(QObject *parent)
    : QAbstractProxyModel(parent) {}

SortFilterIndex::~SortFilterIndex() = default;

// --- ordering ---------------------------------------------------------------------------------

bool SortFilterIndex::lessRow(int a, int b) const {
    if (m_sortColumn >= 0) {
        const int c = compareKeys(m_keys[std::size_t(a)], m_keys[std::size_t(b)]);
        if (c != 0)
            return m_sortOrder == Qt::AscendingOrder ? c < 0 : c > 0;
    }
    return a < b;
}

void SortFilterIndex::sortRows(std::vector<int> &rows) const {
    if (m_sortColumn < 0) {
        std::sort(rows.begin(), rows.end());
        return;
    }
    if (rows.size() < kFlatSortThreshold) {
        std::sort(rows.begin(), rows.end(), [this](int a, int b) { return lessRow(a, b); });
        return;
    }
    // Visit the keys in source row order when the rows are many: the key vector and (usually) the
    // texts are then read front to back instead of at random.
    std::vector<int> visit;
    if (rows.size() * 4 >= std::size_t(m_sourceRows)) {
        std::vector<char> present(std::size_t(m_sourceRows), 0);
        for (const int row : rows)
            present[std::size_t(row)] = 1;
        visit.reserve(rows.size());
        for (int r = 0; r < m_sourceRows; ++r) {
            if (present[std::size_t(r)])
                visit.push_back(r);
        }
    } else {
        visit = rows;
    }
    // The prefix every text key shares: comparing it again and again would be most of the work.
    const QChar *prefix = nullptr;
    qsizetype prefixSize = 0;
    for (const int row : visit) {
        const SortKey &k = m_keys[std::size_t(row)];
        if (!k.isText)
            continue;
        if (!prefix) {
            prefix = k.text.constData();
            prefixSize = k.text.size();
            continue;
        }
        prefixSize = std::min(prefixSize, k.text.size());
        if (std::equal(prefix, prefix + prefixSize, k.text.constData()))
            continue;
        qsizetype same = 0;
        while (prefix[same] == k.text.at(same))
            ++same;
        prefixSize = same;
    }
    std::vector<SortEntry> entries;
    entries.reserve(visit.size());
    for (const int row : visit) {
        const SortKey &k = m_keys[std::size_t(row)];
        if (k.isText) {
            const QChar *text = k.text.constData();
            const qsizetype size = k.text.size();
            entries.push_back({packUnits(text, size, prefixSize),
                               packUnits(text, size, prefixSize + kUnitsPerWord), row, true});
        } else {
            entries.push_back({std::uint64_t(k.number) ^ (std::uint64_t(1) << 63), 0, row, false});
        }
    }
    // Code units before `skip` are equal when the words are: both texts have them and they match,
    // or the shorter text has ended (then its length decides).
    const qsizetype skip = prefixSize + 2 * kUnitsPerWord;
    const SortKey *keys = m_keys.data();
    const auto compare = [keys, skip](const SortEntry &a, const SortEntry &b) {
        if (a.isText != b.isText)
            return a.isText ? 1 : -1;
        if (a.high != b.high)
            return a.high < b.high ? -1 : 1;
        if (a.low != b.low)
            return a.low < b.low ? -1 : 1;
        if (!a.isText)
            return 0;
        const QString &ta = keys[a.row].text;
        const QString &tb = keys[b.row].text;
        const qsizetype from = std::min({skip, ta.size(), tb.size()});
        return compareText(ta.constData() + from, ta.size() - from, tb.constData() + from,
                           tb.size() - from);
    };
    if (m_sortOrder == Qt::AscendingOrder) {
        std::sort(entries.begin(), entries.end(),
                  [&compare](const SortEntry &a, const SortEntry &b) {
                      const int c = compare(a, b);
                      return c != 0 ? c < 0 : a.row < b.row;
                  });
    } else {
        std::sort(entries.begin(), entries.end(),
                  [&compare](const SortEntry &a, const SortEntry &b) {
                      const int c = compare(a, b);
                      return c != 0 ? c > 0 : a.row < b.row;
                  });
    }
    for (std::size_t i = 0; i < entries.size(); ++i)
        rows[i] = entries[i].row;
}

SortKey SortFilterIndex::fetchKey(int sourceRow) const {
    return m_keySource->sortKey(sourceRow, m_sortColumn);
}

// --- building ---------------------------------------------------------------------------------

void SortFilterIndex::rebuild() {
    m_keys.clear();
    m_proxyToSource.clear();
    m_sourceToProxy.clear();
    m_reverseDirty = true;
    const QAbstractItemModel *source = sourceModel();
    m_sourceRows = source ? source->rowCount() : 0;
    if (!source) {
        // Nothing to index: give the room back (a released 150,000-row model's index is ~6 MB).
        m_keys.shrink_to_fit();
        m_proxyToSource.shrink_to_fit();
        m_sourceToProxy.shrink_to_fit();
        return;
    }
    if (m_sortColumn >= source->columnCount())
        m_sortColumn = -1;
    if (m_sortColumn >= 0) {
        m_keys.reserve(std::size_t(m_sourceRows));
        for (int r = 0; r < m_sourceRows; ++r)
            m_keys.push_back(fetchKey(r));
    }
    m_proxyToSource.reserve(std::size_t(m_sourceRows));
    for (int r = 0; r < m_sourceRows; ++r) {
        if (accepts(r))
            m_proxyToSource.push_back(r);
    }
    sortRows(m_proxyToSource);
}

void SortFilterIndex::ensureReverse() const {
    if (!m_reverseDirty)
        return;
    m_sourceToProxy.assign(std::size_t(m_sourceRows), -1);
    for (std::size_t p = 0; p < m_proxyToSource.size(); ++p)
        m_sourceToProxy[std::size_t(m_proxyToSource[p])] = int(p);
    m_reverseDirty = false;
}

// --- runs -------------------------------------------------------------------------------------

void SortFilterIndex::removeProxyRows(std::vector<int> proxyRows) {
    if (proxyRows.empty())
        return;
    std::sort(proxyRows.begin(), proxyRows.end(), std::greater<int>());
    std::size_t i = 0;
    while (i < proxyRows.size()) {
        const int last = proxyRows[i];
        int first = last;
        ++i;
        while (i < proxyRows.size() && proxyRows[i] == first - 1) {
            first = proxyRows[i];
            ++i;
        }
        beginRemoveRows(QModelIndex(), first, last);
        m_proxyToSource.erase(m_proxyToSource.begin() + first, m_proxyToSource.begin() + last + 1);
        m_reverseDirty = true;
        endRemoveRows();
    }
}

std::vector<SortFilterIndex::InsertRun> SortFilterIndex::insertRuns(const std::vector<int> &target,
                                                                    const std::vector<int> &sorted,
                                                                    std::size_t maxRuns) const {
    std::vector<InsertRun> runs;
    // A binary search per row costs k·log n comparisons, a merge walk n + k: take the cheaper.
    const bool walk = sorted.size() * 16 > target.size();
    auto from = target.begin();
    const auto less = [this](int a, int b) { return lessRow(a, b); };
    for (std::size_t i = 0; i < sorted.size(); ++i) {
        if (walk) {
            while (from != target.end() && lessRow(*from, sorted[i]))
                ++from;
        } else {
            from = std::lower_bound(from, target.end(), sorted[i], less);
        }
        const int position = int(from - target.begin());
        if (!runs.empty() && runs.back().position == position) {
            ++runs.back().count;
        } else {
            if (runs.size() == maxRuns)
                return {};
            runs.push_back({position, int(i), 1});
        }
    }
    return runs;
}

void SortFilterIndex::insertSortedRows(const std::vector<int> &sorted,
                                       const std::vector<InsertRun> &runs) {
    int offset = 0;
    for (const InsertRun &run : runs) {
        const int at = run.position + offset;
        beginInsertRows(QModelIndex(), at, at + run.count - 1);
        const auto items = sorted.begin() + run.firstItem;
        m_proxyToSource.insert(m_proxyToSource.begin() + at, items, items + run.count);
        m_reverseDirty = true;
        endInsertRows();
        offset += run.count;
    }
}

void SortFilterIndex::applyFilter() {
    if (!sourceModel())
        return;
    ensureReverse();
    // Each row is asked once: the proxy's rows in proxy order, then the others.
    std::vector<int> kept;
    std::vector<int> leaving; // proxy rows, ascending
    kept.reserve(m_proxyToSource.size());
    for (std::size_t p = 0; p < m_proxyToSource.size(); ++p) {
        if (accepts(m_proxyToSource[p]))
            kept.push_back(m_proxyToSource[p]);
        else
            leaving.push_back(int(p));
    }
    std::vector<int> entering;
    for (int r = 0; r < m_sourceRows; ++r) {
        if (m_sourceToProxy[std::size_t(r)] < 0 && accepts(r))
            entering.push_back(r);
    }
    if (leaving.empty() && entering.empty())
        return;

    std::size_t removeRuns = 0;
    for (std::size_t i = 0; i < leaving.size(); ++i) {
        if (i == 0 || leaving[i] != leaving[i - 1] + 1)
            ++removeRuns;
    }
    std::vector<InsertRun> runs;
    bool reset = removeRuns > std::size_t(kMaxFilterRuns);
    if (!reset && !entering.empty()) {
        sortRows(entering);
        // Stops counting once over budget: a scattered change is found out cheaply.
        const std::size_t budget = std::size_t(kMaxFilterRuns) - removeRuns;
        runs = insertRuns(kept, entering, budget);
        reset = runs.empty();
    }
    if (reset) {
        beginResetModel();
        if (!entering.empty()) { // `kept` alone is in order already
            kept.insert(kept.end(), entering.begin(), entering.end());
            sortRows(kept);
        }
        m_proxyToSource = std::move(kept);
        m_reverseDirty = true;
        endResetModel();
        return;
    }
    removeProxyRows(std::move(leaving)); // leaves exactly `kept`, which the runs refer to
    insertSortedRows(entering, runs);
}

// --- layout changes ---------------------------------------------------------------------------

void SortFilterIndex::beginLayoutChange() {
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    m_inLayoutChange = true;
    // Listeners create their persistent indexes in response to the signal: capture after it.
    m_layoutFrom = persistentIndexList();
    m_layoutSourceRows.resize(std::size_t(m_layoutFrom.size()));
    for (qsizetype i = 0; i < m_layoutFrom.size(); ++i)
        m_layoutSourceRows[std::size_t(i)] = m_proxyToSource[std::size_t(m_layoutFrom[i].row())];
}

void SortFilterIndex::endLayoutChange() {
    ensureReverse();
    QModelIndexList to;
    to.reserve(m_layoutFrom.size());
    for (qsizetype i = 0; i < m_layoutFrom.size(); ++i) {
        const int p = m_sourceToProxy[std::size_t(m_layoutSourceRows[std::size_t(i)])];
        to.append(p >= 0 ? createIndex(p, m_layoutFrom[i].column()) : QModelIndex());
    }
    changePersistentIndexList(m_layoutFrom, to);
    m_layoutFrom.clear();
    m_layoutSourceRows.clear();
    m_inLayoutChange = false;
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

void SortFilterIndex::moveToSortedPosition(int from) {
    std::vector<int> &v = m_proxyToSource;
    const int row = v[std::size_t(from)];
    const auto less = [this](int a, int b) { return lessRow(a, b); };
    int lo = 0;
    int hi = 0;
    if (from > 0 && lessRow(row, v[std::size_t(from - 1)])) {
        const auto to = std::lower_bound(v.begin(), v.begin() + from, row, less);
        std::rotate(to, v.begin() + from, v.begin() + from + 1);
        lo = int(to - v.begin());
        hi = from;
    } else if (from + 1 < int(v.size()) && lessRow(v[std::size_t(from + 1)], row)) {
        const auto end = std::lower_bound(v.begin() + from + 1, v.end(), row, less);
        std::rotate(v.begin() + from, v.begin() + from + 1, end);
        lo = from;
        hi = int(end - v.begin()) - 1;
    } else {
        return;
    }
    if (!m_reverseDirty) {
        for (int p = lo; p <= hi; ++p)
            m_sourceToProxy[std::size_t(v[std::size_t(p)])] = p;
    }
}

void SortFilterIndex::emitDataChanged(const std::vector<int> &sourceRows, int firstColumn,
                                      int lastColumn, const QList<int> &roles) {
    ensureReverse();
    std::vector<int> rows;
    rows.reserve(sourceRows.size());
    for (const int r : sourceRows) {
        const int p = m_sourceToProxy[std::size_t(r)];
        if (p >= 0)
            rows.push_back(p);
    }
    if (rows.empty())
        return;
    const std::size_t proxyRows = m_proxyToSource.size();
    if (rows.size() * 16 > proxyRows) {
        // Many rows: a bitmap over the proxy is cheaper than sorting them.
        std::vector<char> marked(proxyRows, 0);
        for (const int p : rows)
            marked[std::size_t(p)] = 1;
        rows.clear();
        for (std::size_t p = 0; p < proxyRows; ++p) {
            if (marked[p])
                rows.push_back(int(p));
        }
    } else {
        std::sort(rows.begin(), rows.end());
    }
    std::size_t i = 0;
    while (i < rows.size()) {
        const int first = rows[i];
        int last = first;
        ++i;
        while (i < rows.size() && rows[i] == last + 1) {
            last = rows[i];
            ++i;
        }
        Q_EMIT dataChanged(createIndex(first, firstColumn), createIndex(last, lastColumn), roles);
    }
}

// --- public API -------------------------------------------------------------------------------

void SortFilterIndex::setSourceModel(QAbstractItemModel *source) {
    const SortKeySource *keySource = nullptr;
    if (source) {
        keySource = dynamic_cast<const SortKeySource *>(source);
        if (!keySource) {
            qFatal("SortFilterIndex::setSourceModel: %s does not implement "
                   "cubedesk::models::SortKeySource",
                   source->metaObject()->className());
        }
    }
    beginResetModel();
    disconnectSource();
    QAbstractProxyModel::setSourceModel(source);
    m_keySource = keySource;
    if (source) {
        using M = QAbstractItemModel;
        using S = SortFilterIndex;
        m_connections = {
            connect(source, &M::dataChanged, this, &S::onSourceDataChanged),
            connect(source, &M::rowsInserted, this, &S::onSourceRowsInserted),
            connect(source, &M::rowsAboutToBeRemoved, this, &S::onSourceRowsAboutToBeRemoved),
            connect(source, &M::rowsRemoved, this, &S::onSourceRowsRemoved),
            connect(source, &M::layoutAboutToBeChanged, this, &S::onSourceLayoutAboutToBeChanged),
            connect(source, &M::layoutChanged, this, &S::onSourceLayoutChanged),
            connect(source, &M::rowsAboutToBeMoved, this, &S::onSourceLayoutAboutToBeChanged),
            connect(source, &M::rowsMoved, this, &S::onSourceLayoutChanged),
            connect(source, &M::modelAboutToBeReset, this, &S::onSourceAboutToBeReset),
            connect(source, &M::modelReset, this, &S::onSourceReset),
            connect(source, &M::columnsAboutToBeInserted, this,
                    &S::onSourceColumnsAboutToBeInserted),
            connect(source, &M::columnsInserted, this, &S::onSourceColumnsInserted),
            connect(source, &M::columnsAboutToBeRemoved, this, &S::onSourceColumnsAboutToBeRemoved),
            connect(source, &M::columnsRemoved, this, &S::onSourceColumnsRemoved),
            connect(source, &M::columnsAboutToBeMoved, this, &S::onSourceColumnsAboutToBeMoved),
            connect(source, &M::columnsMoved, this, &S::onSourceColumnsMoved),
            connect(source, &M::headerDataChanged, this, &S::onSourceHeaderDataChanged),
            connect(source, &QObject::destroyed, this, &S::onSourceDestroyed),
        };
    }
    rebuild();
    endResetModel();
}

void SortFilterIndex::sort(int column, Qt::SortOrder order) {
    const QAbstractItemModel *source = sourceModel();
    if (column < 0 || (source && column >= source->columnCount()))
        column = -1;
    if (!source) {
        m_sortColumn = column;
        m_sortOrder = order;
        return;
    }
    beginLayoutChange();
    // Keys are fetched afresh: a sort is a user action and doubles as a refresh.
    m_sortColumn = column;
    m_sortOrder = order;
    m_keys.clear();
    if (m_sortColumn >= 0) {
        m_keys.reserve(std::size_t(m_sourceRows));
        for (int r = 0; r < m_sourceRows; ++r)
            m_keys.push_back(fetchKey(r));
    }
    sortRows(m_proxyToSource);
    m_reverseDirty = true;
    endLayoutChange();
}

void SortFilterIndex::setFilter(Filter accept) {
    m_filter = std::move(accept);
    applyFilter();
}

void SortFilterIndex::invalidateFilter() {
    applyFilter();
}

QModelIndex SortFilterIndex::mapToSource(const QModelIndex &proxyIndex) const {
    const QAbstractItemModel *source = sourceModel();
    if (!source || !proxyIndex.isValid())
        return {};
    Q_ASSERT(proxyIndex.model() == this);
    const int row = proxyIndex.row();
    if (row < 0 || std::size_t(row) >= m_proxyToSource.size())
        return {};
    return source->index(m_proxyToSource[std::size_t(row)], proxyIndex.column());
}

QModelIndex SortFilterIndex::mapFromSource(const QModelIndex &sourceIndex) const {
    if (!sourceIndex.isValid() || sourceIndex.model() != sourceModel())
        return {};
    ensureReverse();
    const int row = sourceIndex.row();
    if (row < 0 || std::size_t(row) >= m_sourceToProxy.size())
        return {};
    const int p = m_sourceToProxy[std::size_t(row)];
    return p >= 0 ? createIndex(p, sourceIndex.column()) : QModelIndex();
}

QModelIndex SortFilterIndex::index(int row, int column, const QModelIndex &parent) const {
    if (parent.isValid() || row < 0 || column < 0 || row >= rowCount() || column >= columnCount())
        return {};
    return createIndex(row, column);
}

QModelIndex SortFilterIndex::parent(const QModelIndex &) const {
    return {};
}

QModelIndex SortFilterIndex::sibling(int row, int column, const QModelIndex &idx) const {
    return idx.isValid() ? index(row, column) : QModelIndex();
}

int SortFilterIndex::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_proxyToSource.size());
}

int SortFilterIndex::columnCount(const QModelIndex &parent) const {
    const QAbstractItemModel *source = sourceModel();
    return parent.isValid() || !source ? 0 : source->columnCount();
}

bool SortFilterIndex::hasChildren(const QModelIndex &parent) const {
    return !parent.isValid() && rowCount() > 0 && columnCount() > 0;
}

QVariant SortFilterIndex::data(const QModelIndex &proxyIndex, int role) const {
    const QModelIndex s = mapToSource(proxyIndex);
    return s.isValid() ? s.data(role) : QVariant();
}

QVariant SortFilterIndex::headerData(int section, Qt::Orientation orientation, int role) const {
    const QAbstractItemModel *source = sourceModel();
    if (!source)
        return {};
    if (orientation == Qt::Horizontal)
        return source->headerData(section, orientation, role);
    if (section < 0 || std::size_t(section) >= m_proxyToSource.size())
        return {};
    return source->headerData(m_proxyToSource[std::size_t(section)], orientation, role);
}

Qt::ItemFlags SortFilterIndex::flags(const QModelIndex &index) const {
    const QModelIndex s = mapToSource(index);
    return s.isValid() ? s.flags() : Qt::NoItemFlags;
}

// --- source signals ---------------------------------------------------------------------------

void SortFilterIndex::disconnectSource() {
    for (const QMetaObject::Connection &c : std::as_const(m_connections))
        disconnect(c);
    m_connections.clear();
}

void SortFilterIndex::onSourceDataChanged(const QModelIndex &topLeft,
                                          const QModelIndex &bottomRight, const QList<int> &roles) {
    if (!topLeft.isValid() || !bottomRight.isValid() || topLeft.parent().isValid())
        return;
    const int first = topLeft.row();
    const int last = bottomRight.row();
    const bool keysChange =
        m_sortColumn >= topLeft.column() && m_sortColumn <= bottomRight.column();
    ensureReverse();

    std::vector<int> leaving;       // proxy rows of rows the filter now rejects
    std::vector<int> entering;      // source rows the filter now accepts
    std::vector<int> staying;       // source rows in the proxy before and after
    std::vector<int> moved;         // of those, the ones whose key changed…
    std::vector<SortKey> movedKeys; // …and their new keys, applied one by one below
    for (int r = first; r <= last; ++r) {
        const int p = m_sourceToProxy[std::size_t(r)];
        const bool was = p >= 0;
        const bool now = accepts(r);
        if (keysChange) {
            SortKey key = fetchKey(r);
            if (was && now) {
                if (compareKeys(key, m_keys[std::size_t(r)]) != 0) {
                    moved.push_back(r);
                    movedKeys.push_back(std::move(key));
                }
            } else {
                // Not part of the order that stays: removal does not compare keys.
                m_keys[std::size_t(r)] = std::move(key);
            }
        }
        if (was && now)
            staying.push_back(r);
        else if (was)
            leaving.push_back(p);
        else if (now)
            entering.push_back(r);
    }

    removeProxyRows(std::move(leaving));

    if (!moved.empty()) {
        ensureReverse();
        const auto misplaced = [this](int p) {
            const std::vector<int> &v = m_proxyToSource;
            const int row = v[std::size_t(p)];
            return (p > 0 && lessRow(row, v[std::size_t(p - 1)])) ||
                   (std::size_t(p) + 1 < v.size() && lessRow(v[std::size_t(p) + 1], row));
        };
        if (moved.size() <= kSmallMoveBatch) {
            // One key at a time, so that everything but the row being placed is sorted and a
            // binary search finds its place.
            for (std::size_t i = 0; i < moved.size(); ++i) {
                const int r = moved[i];
                m_keys[std::size_t(r)] = std::move(movedKeys[i]);
                const int p = m_sourceToProxy[std::size_t(r)];
                if (!misplaced(p))
                    continue;
                if (!m_inLayoutChange)
                    beginLayoutChange();
                moveToSortedPosition(p);
            }
        } else {
            for (std::size_t i = 0; i < moved.size(); ++i)
                m_keys[std::size_t(moved[i])] = std::move(movedKeys[i]);
            // Only pairs next to a changed row can be out of order.
            const bool anyMisplaced = std::any_of(moved.begin(), moved.end(), [&](int r) {
                return misplaced(m_sourceToProxy[std::size_t(r)]);
            });
            if (anyMisplaced) {
                beginLayoutChange();
                std::vector<char> isMoved(std::size_t(m_sourceRows), 0);
                for (const int r : moved)
                    isMoved[std::size_t(r)] = 1;
                std::vector<int> rest;
                rest.reserve(m_proxyToSource.size() - moved.size());
                for (const int r : m_proxyToSource) {
                    if (!isMoved[std::size_t(r)])
                        rest.push_back(r);
                }
                sortRows(moved);
                std::merge(rest.begin(), rest.end(), moved.begin(), moved.end(),
                           m_proxyToSource.begin(), [this](int a, int b) { return lessRow(a, b); });
                m_reverseDirty = true;
            }
        }
        if (m_inLayoutChange)
            endLayoutChange();
    }

    if (!entering.empty()) {
        sortRows(entering);
        insertSortedRows(entering, insertRuns(m_proxyToSource, entering));
    }

    emitDataChanged(staying, topLeft.column(), bottomRight.column(), roles);
}

void SortFilterIndex::onSourceRowsInserted(const QModelIndex &parent, int first, int last) {
    if (parent.isValid())
        return;
    const int count = last - first + 1;
    for (int &r : m_proxyToSource) {
        if (r >= first)
            r += count;
    }
    m_sourceRows += count;
    if (m_sortColumn >= 0) {
        std::vector<SortKey> fresh;
        fresh.reserve(std::size_t(count));
        for (int r = first; r <= last; ++r)
            fresh.push_back(fetchKey(r));
        m_keys.insert(m_keys.begin() + first, std::make_move_iterator(fresh.begin()),
                      std::make_move_iterator(fresh.end()));
    }
    m_reverseDirty = true;
    std::vector<int> added;
    for (int r = first; r <= last; ++r) {
        if (accepts(r))
            added.push_back(r);
    }
    if (added.empty())
        return;
    sortRows(added);
    insertSortedRows(added, insertRuns(m_proxyToSource, added));
}

void SortFilterIndex::onSourceRowsAboutToBeRemoved(const QModelIndex &parent, int first, int last) {
    if (parent.isValid())
        return;
    ensureReverse();
    std::vector<int> rows;
    for (int r = first; r <= last; ++r) {
        const int p = m_sourceToProxy[std::size_t(r)];
        if (p >= 0)
            rows.push_back(p);
    }
    removeProxyRows(std::move(rows));
}

void SortFilterIndex::onSourceRowsRemoved(const QModelIndex &parent, int first, int last) {
    if (parent.isValid())
        return;
    const int count = last - first + 1;
    for (int &r : m_proxyToSource) {
        if (r > last)
            r -= count;
    }
    m_sourceRows -= count;
    if (m_sortColumn >= 0)
        m_keys.erase(m_keys.begin() + first, m_keys.begin() + last + 1);
    m_reverseDirty = true;
}

void SortFilterIndex::onSourceLayoutAboutToBeChanged() {
    Q_EMIT layoutAboutToBeChanged();
    // The source renumbers its rows: follow them through source persistent indexes.
    m_layoutFrom = persistentIndexList();
    m_layoutSourceIndexes.clear();
    m_layoutSourceIndexes.reserve(m_layoutFrom.size());
    for (const QModelIndex &idx : std::as_const(m_layoutFrom))
        m_layoutSourceIndexes.append(QPersistentModelIndex(mapToSource(idx)));
}

void SortFilterIndex::onSourceLayoutChanged() {
    // The filter sees the same rows' data, renumbered: the row count stays (the predicate must
    // depend only on the row's data and state changed through invalidateFilter()).
    rebuild();
    QModelIndexList to;
    to.reserve(m_layoutFrom.size());
    for (const QPersistentModelIndex &s : std::as_const(m_layoutSourceIndexes))
        to.append(mapFromSource(s));
    changePersistentIndexList(m_layoutFrom, to);
    m_layoutFrom.clear();
    m_layoutSourceIndexes.clear();
    Q_EMIT layoutChanged();
}

void SortFilterIndex::onSourceAboutToBeReset() {
    beginResetModel();
}

void SortFilterIndex::onSourceReset() {
    rebuild();
    endResetModel();
}

void SortFilterIndex::onSourceColumnsAboutToBeInserted(const QModelIndex &parent, int first,
                                                       int last) {
    if (!parent.isValid())
        beginInsertColumns(QModelIndex(), first, last);
}

void SortFilterIndex::onSourceColumnsInserted(const QModelIndex &parent, int first, int last) {
    if (parent.isValid())
        return;
    if (m_sortColumn >= first)
        m_sortColumn += last - first + 1;
    endInsertColumns();
}

void SortFilterIndex::onSourceColumnsAboutToBeRemoved(const QModelIndex &parent, int first,
                                                      int last) {
    if (!parent.isValid())
        beginRemoveColumns(QModelIndex(), first, last);
}

void SortFilterIndex::onSourceColumnsRemoved(const QModelIndex &parent, int first, int last) {
    if (parent.isValid())
        return;
    const bool sortColumnGone = m_sortColumn >= first && m_sortColumn <= last;
    if (m_sortColumn > last)
        m_sortColumn -= last - first + 1;
    endRemoveColumns();
    if (sortColumnGone)
        sort(-1, m_sortOrder);
}

void SortFilterIndex::onSourceColumnsAboutToBeMoved(const QModelIndex &parent, int first, int last,
                                                    const QModelIndex &destination, int column) {
    if (parent.isValid() || destination.isValid())
        return;
    if (!beginMoveColumns(QModelIndex(), first, last, QModelIndex(), column))
        qFatal("SortFilterIndex: the source announced an invalid column move");
}

void SortFilterIndex::onSourceColumnsMoved(const QModelIndex &parent, int first, int last,
                                           const QModelIndex &destination, int column) {
    if (parent.isValid() || destination.isValid())
        return;
    const int count = last - first + 1;
    int &c = m_sortColumn;
    if (c >= first && c <= last)
        c += column > last ? column - last - 1 : column - first;
    else if (column > last && c > last && c < column)
        c -= count;
    else if (column < first && c >= column && c < first)
        c += count;
    endMoveColumns();
}

void SortFilterIndex::onSourceHeaderDataChanged(Qt::Orientation orientation, int first, int last) {
    if (orientation == Qt::Horizontal)
        Q_EMIT headerDataChanged(orientation, first, last);
    else if (rowCount() > 0)
        Q_EMIT headerDataChanged(orientation, 0, rowCount() - 1); // rows are scattered
}

void SortFilterIndex::onSourceDestroyed() {
    // QAbstractProxyModel already let go of the source; the key source pointer dangles now.
    beginResetModel();
    m_connections.clear();
    m_keySource = nullptr;
    rebuild();
    endResetModel();
}

} // namespace cubedesk::models
