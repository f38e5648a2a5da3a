// SortFilterIndex under QAbstractItemModelTester: exact signal sequences for the incremental
// paths, and randomized operation sequences checked after every step against a brute-force order.

#include "models/sortfilterindex.h"
#include "models/sortkey.h"

#include <QAbstractItemModelTester>
#include <QAbstractTableModel>
#include <QPersistentModelIndex>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QStringList>
#include <QTest>

#include <algorithm>
#include <memory>
#include <vector>

using cubedesk::models::SortFilterIndex;
using cubedesk::models::SortKey;
using cubedesk::models::SortKeySource;

namespace {

struct Row {
    qint64 number = 0;
    QString name;  // column 1: sorted folded (lower case), shown as is
    SortKey mixed; // column 2: a number or a text, to test "numbers before text"
};

// Column 0: number, 1: name, 2: mixed (until removeFirstColumn()).
class TableModel final : public QAbstractTableModel, public SortKeySource {
public:
    int rowCount(const QModelIndex &parent = QModelIndex()) const override {
        return parent.isValid() ? 0 : int(m_rows.size());
    }
    int columnCount(const QModelIndex &parent = QModelIndex()) const override {
        return parent.isValid() ? 0 : 3 - m_hiddenColumns;
    }
    QVariant data(const QModelIndex &index, int role) const override {
        if (!checkIndex(index, CheckIndexOption::IndexIsValid) || role != Qt::DisplayRole)
            return {};
        const Row &r = m_rows[std::size_t(index.row())];
        switch (index.column() + m_hiddenColumns) {
        case 0:
            return r.number;
        case 1:
            return r.name;
        default:
            return r.mixed.isText ? QVariant(r.mixed.text) : QVariant(qlonglong(r.mixed.number));
        }
    }
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override {
        if (role != Qt::DisplayRole)
            return {};
        if (orientation == Qt::Vertical)
            return QStringLiteral("source %1").arg(section);
        return QStringList{QStringLiteral("Number"), QStringLiteral("Name"),
                           QStringLiteral("Mixed")}
            .value(section + m_hiddenColumns);
    }
    SortKey sortKey(int row, int column) const override {
        const Row &r = m_rows[std::size_t(row)];
        switch (column + m_hiddenColumns) {
        case 0:
            return SortKey::ofNumber(r.number);
        case 1:
            return SortKey::ofText(r.name.toLower());
        default:
            return r.mixed;
        }
    }

    const Row &row(int r) const { return m_rows[std::size_t(r)]; }
    int size() const { return int(m_rows.size()); }

    void insert(int at, std::vector<Row> rows) {
        if (rows.empty())
            return;
        beginInsertRows(QModelIndex(), at, at + int(rows.size()) - 1);
        m_rows.insert(m_rows.begin() + at, rows.begin(), rows.end());
        endInsertRows();
    }
    void remove(int at, int count) {
        beginRemoveRows(QModelIndex(), at, at + count - 1);
        m_rows.erase(m_rows.begin() + at, m_rows.begin() + at + count);
        endRemoveRows();
    }
    void setNumber(int r, qint64 n) {
        m_rows[std::size_t(r)].number = n;
        Q_EMIT dataChanged(index(r, 0), index(r, 0), {Qt::DisplayRole});
    }
    void setName(int r, const QString &name) {
        m_rows[std::size_t(r)].name = name;
        Q_EMIT dataChanged(index(r, 1), index(r, 1), {Qt::DisplayRole});
    }
    // One dataChanged over all columns of rows [first, first + rows.size()).
    void replace(int first, const std::vector<Row> &rows) {
        std::copy(rows.begin(), rows.end(), m_rows.begin() + first);
        Q_EMIT dataChanged(index(first, 0), index(first + int(rows.size()) - 1, 2));
    }
    // Reorders the rows as a layout change: new row i is old row order[i].
    void permute(const std::vector<int> &order) {
        Q_EMIT layoutAboutToBeChanged();
        std::vector<Row> rows;
        std::vector<int> newRowOf(order.size());
        for (std::size_t i = 0; i < order.size(); ++i) {
            rows.push_back(m_rows[std::size_t(order[i])]);
            newRowOf[std::size_t(order[i])] = int(i);
        }
        m_rows = std::move(rows);
        const QModelIndexList from = persistentIndexList();
        QModelIndexList to;
        for (const QModelIndex &i : from)
            to.append(index(newRowOf[std::size_t(i.row())], i.column()));
        changePersistentIndexList(from, to);
        Q_EMIT layoutChanged();
    }
    // Moves one row to before `destination` (as QAbstractItemModel::beginMoveRows counts).
    void moveRow(int from, int destination) {
        QVERIFY(beginMoveRows(QModelIndex(), from, from, QModelIndex(), destination));
        const Row r = m_rows[std::size_t(from)];
        m_rows.erase(m_rows.begin() + from);
        m_rows.insert(m_rows.begin() + (destination > from ? destination - 1 : destination), r);
        endMoveRows();
    }
    void resetTo(std::vector<Row> rows) {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
    }
    // Drops the first column (number); the others shift left.
    void removeFirstColumn() {
        beginRemoveColumns(QModelIndex(), 0, 0);
        ++m_hiddenColumns;
        endRemoveColumns();
    }

private:
    std::vector<Row> m_rows;
    int m_hiddenColumns = 0;
};

Row numberRow(qint64 n, const QString &name = QString()) {
    Row r;
    r.number = n;
    r.name = name.isEmpty() ? QStringLiteral("row-%1").arg(n) : name;
    r.mixed = SortKey::ofNumber(n);
    return r;
}

std::vector<Row> numberRows(std::initializer_list<qint64> numbers) {
    std::vector<Row> rows;
    for (const qint64 n : numbers)
        rows.push_back(numberRow(n));
    return rows;
}

// Independent reference: filter, then a stable sort of ascending source rows by key.
bool keyLess(const SortKey &a, const SortKey &b) {
    if (a.isText != b.isText)
        return !a.isText;
    if (!a.isText)
        return a.number < b.number;
    return a.text < b.text; // QString's operator< compares UTF-16 code units
}

std::vector<int> expectedOrder(const TableModel &model, int column, Qt::SortOrder order,
                               const std::function<bool(int)> &filter) {
    std::vector<int> rows;
    for (int r = 0; r < model.size(); ++r) {
        if (!filter || filter(r))
            rows.push_back(r);
    }
    if (column >= 0) {
        std::stable_sort(rows.begin(), rows.end(), [&](int a, int b) {
            const SortKey ka = model.sortKey(a, column);
            const SortKey kb = model.sortKey(b, column);
            return order == Qt::AscendingOrder ? keyLess(ka, kb) : keyLess(kb, ka);
        });
    }
    return rows;
}

void checkOrder(const SortFilterIndex &proxy, const TableModel &model,
                const std::vector<int> &expected) {
    QCOMPARE(proxy.rowCount(), int(expected.size()));
    for (int p = 0; p < proxy.rowCount(); ++p) {
        const QModelIndex pi = proxy.index(p, 1);
        const QModelIndex si = proxy.mapToSource(pi);
        QCOMPARE(si.row(), expected[std::size_t(p)]);
        QCOMPARE(si.column(), 1);
        QCOMPARE(pi.data(), si.data());
    }
    std::vector<int> proxyRowOf(std::size_t(model.size()), -1);
    for (std::size_t p = 0; p < expected.size(); ++p)
        proxyRowOf[std::size_t(expected[p])] = int(p);
    for (int r = 0; r < model.size(); ++r) {
        const QModelIndex pi = proxy.mapFromSource(model.index(r, 2));
        QCOMPARE(pi.isValid() ? pi.row() : -1, proxyRowOf[std::size_t(r)]);
        if (pi.isValid())
            QCOMPARE(pi.column(), 2);
    }
}

// Records the structural signals of a model, in order, as text.
class SignalLog {
public:
    explicit SignalLog(QAbstractItemModel *m) {
        using M = QAbstractItemModel;
        QObject::connect(m, &M::rowsAboutToBeInserted, &m_ctx, [this](auto, int a, int b) {
            m_events << QStringLiteral("aboutToInsert %1 %2").arg(a).arg(b);
        });
        QObject::connect(m, &M::rowsInserted, &m_ctx, [this](auto, int a, int b) {
            m_events << QStringLiteral("inserted %1 %2").arg(a).arg(b);
        });
        QObject::connect(m, &M::rowsAboutToBeRemoved, &m_ctx, [this](auto, int a, int b) {
            m_events << QStringLiteral("aboutToRemove %1 %2").arg(a).arg(b);
        });
        QObject::connect(m, &M::rowsRemoved, &m_ctx, [this](auto, int a, int b) {
            m_events << QStringLiteral("removed %1 %2").arg(a).arg(b);
        });
        QObject::connect(m, &M::dataChanged, &m_ctx,
                         [this](const QModelIndex &tl, const QModelIndex &br) {
                             m_events << QStringLiteral("dataChanged %1,%2 %3,%4")
                                             .arg(tl.row())
                                             .arg(tl.column())
                                             .arg(br.row())
                                             .arg(br.column());
                         });
        QObject::connect(m, &M::layoutAboutToBeChanged, &m_ctx,
                         [this](auto, QAbstractItemModel::LayoutChangeHint hint) {
                             m_events << QStringLiteral("aboutToLayout %1").arg(int(hint));
                         });
        QObject::connect(m, &M::layoutChanged, &m_ctx,
                         [this](auto, QAbstractItemModel::LayoutChangeHint hint) {
                             m_events << QStringLiteral("layout %1").arg(int(hint));
                         });
        QObject::connect(m, &M::modelAboutToBeReset, &m_ctx,
                         [this] { m_events << QStringLiteral("aboutToReset"); });
        QObject::connect(m, &M::modelReset, &m_ctx,
                         [this] { m_events << QStringLiteral("reset"); });
    }
    QStringList take() { return std::exchange(m_events, {}); }

private:
    QObject m_ctx;
    QStringList m_events;
};

const QString kSortHint = QString::number(int(QAbstractItemModel::VerticalSortHint));

} // namespace

class SortFilterIndexTest final : public QObject {
    Q_OBJECT

private:
    // Every test's proxy is watched by a tester from creation to the end of the test.
    void attachTester(SortFilterIndex &proxy) {
        m_tester = std::make_unique<QAbstractItemModelTester>(
            &proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    }

    std::unique_ptr<QAbstractItemModelTester> m_tester;

private Q_SLOTS:
    void cleanup() { m_tester.reset(); }

    void initialLoadIsOneInsertRun() {
        TableModel model;
        SortFilterIndex proxy;
        proxy.setSourceModel(&model);
        attachTester(proxy);
        proxy.sort(0, Qt::DescendingOrder);
        proxy.setFilter([&model](int r) { return model.row(r).number % 3 != 0; });
        SignalLog log(&proxy);
        QSignalSpy inserted(&proxy, &QAbstractItemModel::rowsInserted);

        std::vector<Row> rows;
        for (int i = 0; i < 1000; ++i)
            rows.push_back(numberRow((i * 7919) % 1000)); // a permutation of 0..999
        model.insert(0, rows);

        QCOMPARE(log.take(), (QStringList{QStringLiteral("aboutToInsert 0 665"),
                                          QStringLiteral("inserted 0 665")}));
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(inserted.at(0).at(1).toInt(), 0);
        QCOMPARE(inserted.at(0).at(2).toInt(), 665); // 666 of 0..999 are not multiples of 3
        QCOMPARE(proxy.index(0, 0).data().toLongLong(), 998);
        QCOMPARE(proxy.index(665, 0).data().toLongLong(), 1);
        checkOrder(proxy, model, expectedOrder(model, 0, Qt::DescendingOrder, [&model](int r) {
                       return model.row(r).number % 3 != 0;
                   }));
    }

    void insertLandsAtSortedRow() {
        TableModel model;
        model.insert(0, numberRows({50, 10, 40, 20, 30}));
        SortFilterIndex proxy;
        proxy.setSourceModel(&model);
        attachTester(proxy);
        proxy.sort(0, Qt::AscendingOrder);
        SignalLog log(&proxy);

        model.insert(2, numberRows({25})); // proxy: 10 20 [25] 30 40 50
        QCOMPARE(log.take(), (QStringList{QStringLiteral("aboutToInsert 2 2"),
                                          QStringLiteral("inserted 2 2")}));
        QCOMPARE(proxy.index(2, 0).data().toLongLong(), 25);
        QCOMPARE(proxy.mapToSource(proxy.index(2, 0)).row(), 2);

        // Two rows landing in different gaps are two runs, in ascending order.
        model.insert(0, numberRows({45, 5}));
        QCOMPARE(
            log.take(),
            (QStringList{QStringLiteral("aboutToInsert 0 0"), QStringLiteral("inserted 0 0"),
                         QStringLiteral("aboutToInsert 6 6"), QStringLiteral("inserted 6 6")}));
        checkOrder(proxy, model, expectedOrder(model, 0, Qt::AscendingOrder, {}));

        // Equal keys: the row with the lower source row comes first.
        model.insert(0, numberRows({30}));
        QCOMPARE(log.take(), (QStringList{QStringLiteral("aboutToInsert 4 4"),
                                          QStringLiteral("inserted 4 4")}));
        QCOMPARE(proxy.mapToSource(proxy.index(4, 0)).row(), 0);
    }

    void removalIsRunsHighestFirst() {
        TableModel model;
        model.insert(0, numberRows({0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
        SortFilterIndex proxy;
        proxy.setSourceModel(&model);
        attachTester(proxy);
        proxy.sort(0, Qt::DescendingOrder);            // proxy row = 9 - number
        QPersistentModelIndex keep(proxy.index(0, 0)); // number 9
        QPersistentModelIndex gone(proxy.index(6, 0)); // number 3
        SignalLog log(&proxy);

        model.remove(2, 3); // numbers 2, 3, 4 at proxy rows 7, 6, 5: one run
        QCOMPARE(log.take(),
                 (QStringList{QStringLiteral("aboutToRemove 5 7"), QStringLiteral("removed 5 7")}));
        QVERIFY(!gone.isValid());
        QCOMPARE(keep.row(), 0);
        QCOMPARE(keep.data().toLongLong(), 9);

        proxy.sort(0, Qt::AscendingOrder); // 0 1 5 6 7 8 9
        log.take();
        proxy.setFilter([&model](int r) { return model.row(r).number != 6; }); // one row out
        QCOMPARE(log.take(),
                 (QStringList{QStringLiteral("aboutToRemove 3 3"), QStringLiteral("removed 3 3")}));
        checkOrder(proxy, model, expectedOrder(model, 0, Qt::AscendingOrder, [&model](int r) {
                       return model.row(r).number != 6;
                   }));
    }

    void dataChangeInPlaceIsDataChangedOnly() {
        TableModel model;
        model.insert(0, numberRows({10, 20, 30, 40}));
        SortFilterIndex proxy;
        proxy.setSourceModel(&model);
        attachTester(proxy);
        proxy.sort(0, Qt::DescendingOrder); // 40 30 20 10
        SignalLog log(&proxy);
        QSignalSpy changed(&proxy, &QAbstractItemModel::dataChanged);

        model.setNumber(1, 25); // 20 → 25 stays between 30 and 10
        QCOMPARE(log.take(), QStringList{QStringLiteral("dataChanged 2,0 2,0")});
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(2).value<QList<int>>(), QList<int>{Qt::DisplayRole});
        QCOMPARE(proxy.index(2, 0).data().toLongLong(), 25);

        model.setName(3, QStringLiteral("other")); // not the sort column
        QCOMPARE(log.take(), QStringList{QStringLiteral("dataChanged 0,1 0,1")});

        // A range of source rows maps to scattered proxy rows; contiguous ones are coalesced.
        model.replace(0, numberRows({11, 26, 31, 41})); // proxy 3, 2, 1, 0: one range
        QCOMPARE(log.take(), QStringList{QStringLiteral("dataChanged 0,0 3,2")});
        checkOrder(proxy, model, expectedOrder(model, 0, Qt::DescendingOrder, {}));
    }

    void dataChangeThatMovesIsLayoutChange() {
        TableModel model;
        model.insert(0, numberRows({10, 20, 30, 40, 50}));
        SortFilterIndex proxy;
        proxy.setSourceModel(&model);
        attachTester(proxy);
        proxy.sort(0, Qt::AscendingOrder);
        QPersistentModelIndex moving(proxy.index(1, 1));    // number 20
        QPersistentModelIndex neighbour(proxy.index(4, 0)); // number 50
        QPersistentModelIndex first(proxy.index(0, 2));     // number 10, does not move
        SignalLog log(&proxy);
        QSignalSpy layout(&proxy, &QAbstractItemModel::layoutChanged);

        model.setNumber(1, 45); // 10 30 40 45 50
        QCOMPARE(log.take(), (QStringList{QStringLiteral("aboutToLayout ") + kSortHint,
                                          QStringLiteral("layout ") + kSortHint,
                                          QStringLiteral("dataChanged 3,0 3,0")}));
        QCOMPARE(layout.count(), 1);
        QCOMPARE(moving.row(), 3);
        QCOMPARE(moving.column(), 1);
        QCOMPARE(proxy.mapToSource(moving).row(), 1);
        QCOMPARE(neighbour.row(), 4);
        QCOMPARE(first.row(), 0);
        QCOMPARE(first.column(), 2);
        checkOrder(proxy, model, expectedOrder(model, 0, Qt::AscendingOrder, {}));

        // To the front, in descending order too.
        proxy.sort(0, Qt::DescendingOrder); // 50 45 40 30 10
        log.take();
        model.setNumber(0, 99);
        QCOMPARE(log.take(), (QStringList{QStringLiteral("aboutToLayout ") + kSortHint,
                                          QStringLiteral("layout ") + kSortHint,
                                          QStringLiteral("dataChanged 0,0 0,0")}));
        QCOMPARE(first.row(), 0);
        QCOMPARE(proxy.mapToSource(first).row(), 0);
        QCOMPARE(moving.row(), 2);
    }

    void bigDataChangeMovesInOneLayoutChange() {
        // More changed keys than the one-by-one path takes: pulled out, sorted, merged back.
        TableModel model;
        std::vector<Row> rows;
        for (int i = 0; i < 200; ++i)
            rows.push_back(numberRow(i));
        model.insert(0, rows);
        SortFilterIndex proxy;
        proxy.setSourceModel(&model);
        attachTester(proxy);
        proxy.sort(0, Qt::AscendingOrder);
        proxy.setFilter([&model](int r) { return model.row(r).number % 10 != 9; });
        QPersistentModelIndex tracked(
            proxy.index(proxy.mapFromSource(model.index(60, 0)).row(), 0));
        SignalLog log(&proxy);

        std::vector<Row> replacement;
        for (int i = 50; i < 150; ++i)
            replacement.push_back(numberRow(1000 - i)); // reverses the block, ends some in 9
        model.replace(50, replacement);
        const QStringList events = log.take();
        QCOMPARE(events.count(QStringLiteral("layout ") + kSortHint), 1);
        QVERIFY(!events.contains(QStringLiteral("reset")));
        checkOrder(proxy, model, expectedOrder(model, 0, Qt::AscendingOrder, [&model](int r) {
                       return model.row(r).number % 10 != 9;
                   }));
        QVERIFY(tracked.isValid()); // 940 passes the filter
        QCOMPARE(proxy.mapToSource(tracked).row(), 60);
    }

    void dataChangeEntersAndLeavesFilter() {
        TableModel model;
        model.insert(0, numberRows({1, 2, 3, 4, 5, 6}));
        SortFilterIndex proxy;
        proxy.setSourceModel(&model);
        attachTester(proxy);
        proxy.sort(0, Qt::DescendingOrder);
        proxy.setFilter([&model](int r) { return model.row(r).number % 2 == 0; }); // 6 4 2
        SignalLog log(&proxy);

        model.setNumber(3, 7); // 4 leaves
        QCOMPARE(log.take(),
                 (QStringList{QStringLiteral("aboutToRemove 1 1"), QStringLiteral("removed 1 1")}));
        model.setNumber(0, 8); // 1 → 8 enters at the top
        QCOMPARE(log.take(), (QStringList{QStringLiteral("aboutToInsert 0 0"),
                                          QStringLiteral("inserted 0 0")}));
        checkOrder(proxy, model, expectedOrder(model, 0, Qt::DescendingOrder, [&model](int r) {
                       return model.row(r).number % 2 == 0;
                   }));
    }

    void filterChangeIsRemoveAndInsertRuns() {
        TableModel model;
        model.insert(0, numberRows({0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
        SortFilterIndex proxy;
        proxy.setSourceModel(&model);
        attachTester(proxy);
        proxy.sort(0, Qt::AscendingOrder);
        int modulus = 2;
        proxy.setFilter([&model, &modulus](int r) { return model.row(r).number % modulus == 0; });
        QCOMPARE(proxy.rowCount(), 5); // 0 2 4 6 8
        QPersistentModelIndex six(proxy.index(3, 0));
        SignalLog log(&proxy);

        modulus = 3; // 0 3 6 9: 2, 4, 8 leave (highest run first), then 3, 9 enter
        proxy.invalidateFilter();
        QCOMPARE(
            log.take(),
            (QStringList{QStringLiteral("aboutToRemove 4 4"), QStringLiteral("removed 4 4"),
                         QStringLiteral("aboutToRemove 1 2"), QStringLiteral("removed 1 2"),
                         QStringLiteral("aboutToInsert 1 1"), QStringLiteral("inserted 1 1"),
                         QStringLiteral("aboutToInsert 3 3"), QStringLiteral("inserted 3 3")}));
        QCOMPARE(six.row(), 2);
        QCOMPARE(six.data().toLongLong(), 6);

        proxy.invalidateFilter(); // nothing changed: nothing emitted
        QVERIFY(log.take().isEmpty());

        proxy.setFilter({}); // all back: 1 2 | 4 5 | 7 8
        QCOMPARE(
            log.take(),
            (QStringList{QStringLiteral("aboutToInsert 1 2"), QStringLiteral("inserted 1 2"),
                         QStringLiteral("aboutToInsert 4 5"), QStringLiteral("inserted 4 5"),
                         QStringLiteral("aboutToInsert 7 8"), QStringLiteral("inserted 7 8")}));
        QVERIFY(!proxy.hasFilter());
        checkOrder(proxy, model, expectedOrder(model, 0, Qt::AscendingOrder, {}));
    }

    void filterChangeWithManyRunsResets() {
        TableModel model;
        std::vector<Row> rows;
        for (int i = 0; i < 3000; ++i)
            rows.push_back(numberRow(i));
        model.insert(0, rows);
        SortFilterIndex proxy;
        proxy.setSourceModel(&model);
        attachTester(proxy);
        proxy.sort(0, Qt::DescendingOrder);
        SignalLog log(&proxy);

        const auto even = [&model](int r) { return model.row(r).number % 2 == 0; };
        proxy.setFilter(even); // 1500 single-row runs
        QCOMPARE(log.take(),
                 (QStringList{QStringLiteral("aboutToReset"), QStringLiteral("reset")}));
        checkOrder(proxy, model, expectedOrder(model, 0, Qt::DescendingOrder, even));

        // Exactly kMaxFilterRuns runs still go incrementally.
        const auto fewRuns = [&model](int r) {
            const qint64 n = model.row(r).number;
            return n % 2 == 0 || n < 2 * SortFilterIndex::kMaxFilterRuns;
        };
        proxy.setFilter(fewRuns);
        const QStringList events = log.take();
        QCOMPARE(events.count(), 2 * SortFilterIndex::kMaxFilterRuns);
        QVERIFY(!events.contains(QStringLiteral("reset")));
        checkOrder(proxy, model, expectedOrder(model, 0, Qt::DescendingOrder, fewRuns));
    }

    void sortIsLayoutChangeWithPersistentIndexes() {
        TableModel model;
        model.insert(0, numberRows({3, 1, 2}));
        SortFilterIndex proxy;
        proxy.setSourceModel(&model);
        attachTester(proxy);
        QPersistentModelIndex one(proxy.index(1, 1)); // source order: number 1
        SignalLog log(&proxy);

        proxy.sort(0, Qt::AscendingOrder);
        QCOMPARE(log.take(), (QStringList{QStringLiteral("aboutToLayout ") + kSortHint,
                                          QStringLiteral("layout ") + kSortHint}));
        QCOMPARE(proxy.sortColumn(), 0);
        QCOMPARE(proxy.sortOrder(), Qt::AscendingOrder);
        QCOMPARE(one.row(), 0);
        QCOMPARE(one.column(), 1);
        proxy.sort(0, Qt::DescendingOrder);
        QCOMPARE(one.row(), 2);
        proxy.sort(-1, Qt::DescendingOrder); // source order whatever the order
        QCOMPARE(one.row(), 1);
        checkOrder(proxy, model, {0, 1, 2});
        proxy.sort(7); // no such column: source order
        QCOMPARE(proxy.sortColumn(), -1);
    }

    void textSortFoldedNumbersBeforeTextStableTies() {
        TableModel model;
        auto mixed = [](const SortKey &key, const QString &name) {
            Row r;
            r.name = name;
            r.mixed = key;
            return r;
        };
        model.insert(0, {mixed(SortKey::ofText(QStringLiteral("b")), QStringLiteral("Beta")),
                         mixed(SortKey::ofNumber(7), QStringLiteral("alpha")),
                         mixed(SortKey::ofText(QStringLiteral("a")), QStringLiteral("BETA")),
                         mixed(SortKey::ofNumber(-3), QStringLiteral("gamma")),
                         mixed(SortKey::ofText(QStringLiteral("b")), QStringLiteral("Alpha"))});
        SortFilterIndex proxy;
        proxy.setSourceModel(&model);
        attachTester(proxy);

        proxy.sort(2, Qt::AscendingOrder);
        checkOrder(proxy, model, {3, 1, 2, 0, 4});
        proxy.sort(2, Qt::DescendingOrder); // ties (rows 0, 4) stay in source order
        checkOrder(proxy, model, {0, 4, 2, 1, 3});
        proxy.sort(1, Qt::AscendingOrder); // folded: alpha alpha beta beta gamma
        checkOrder(proxy, model, {1, 4, 0, 2, 3});
        proxy.sort(1, Qt::DescendingOrder);
        checkOrder(proxy, model, {3, 0, 2, 1, 4});
    }

    void bigTextSortsMatchCodeUnitOrder() {
        // Enough rows for the flat-entry sort: a long shared prefix, tails that differ inside and
        // beyond the packed code units, texts that are prefixes of others, U+0000, non-ASCII and
        // numbers mixed in; checked against QString's code-unit order in both sort orders.
        QRandomGenerator rng(7);
        const QList<QChar> alphabet{QLatin1Char('0'), QLatin1Char('1'), QLatin1Char('a'),
                                    QChar(0x00e9),    QChar(0),         QChar(0xffff)};
        for (const QString &prefix : {QStringLiteral("gpu-a100-node-"), QString()}) {
            TableModel model;
            std::vector<Row> rows;
            for (int i = 0; i < 400; ++i) {
                Row r = numberRow(i);
                if (rng.bounded(10) == 0) {
                    r.mixed = SortKey::ofNumber(rng.bounded(-5, 5));
                } else {
                    QString text = prefix;
                    if (rng.bounded(2)) // equal beyond the packed units: decided by the rest
                        text += QStringLiteral("a0a0a0a0");
                    const int length = int(rng.bounded(14));
                    for (int c = 0; c < length; ++c)
                        text += alphabet.at(int(rng.bounded(alphabet.size())));
                    r.mixed = SortKey::ofText(text);
                }
                rows.push_back(r);
            }
            model.insert(0, rows);
            SortFilterIndex proxy;
            proxy.setSourceModel(&model);
            attachTester(proxy);
            for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
                proxy.sort(2, order);
                checkOrder(proxy, model, expectedOrder(model, 2, order, {}));
                if (QTest::currentTestFailed())
                    return;
            }
        }
    }

    void sourceLayoutChangeAndMoveFollowRows() {
        TableModel model;
        model.insert(0, numberRows({5, 3, 9, 1, 7}));
        SortFilterIndex proxy;
        proxy.setSourceModel(&model);
        attachTester(proxy);
        proxy.setFilter([&model](int r) { return model.row(r).number != 9; });
        QPersistentModelIndex seven(proxy.index(3, 0)); // source order, 9 filtered: 5 3 1 [7]
        QCOMPARE(seven.data().toLongLong(), 7);
        SignalLog log(&proxy);

        model.permute({4, 3, 2, 1, 0}); // 7 1 9 3 5
        QCOMPARE(log.take(),
                 (QStringList{QStringLiteral("aboutToLayout 0"), QStringLiteral("layout 0")}));
        QCOMPARE(seven.row(), 0);
        QCOMPARE(seven.data().toLongLong(), 7);
        checkOrder(proxy, model, {0, 1, 3, 4});

        proxy.sort(0, Qt::AscendingOrder); // 1 3 5 7
        log.take();
        model.moveRow(0, 5); // 1 9 3 5 7: sorted order unchanged, source rows renumbered
        QCOMPARE(log.take(),
                 (QStringList{QStringLiteral("aboutToLayout 0"), QStringLiteral("layout 0")}));
        QCOMPARE(seven.row(), 3);
        QCOMPARE(proxy.mapToSource(seven).row(), 4);
        checkOrder(proxy, model, expectedOrder(model, 0, Qt::AscendingOrder, [&model](int r) {
                       return model.row(r).number != 9;
                   }));
    }

    void sourceResetResetsAndSortColumnRemovalRestoresSourceOrder() {
        TableModel model;
        model.insert(0, numberRows({2, 1}));
        SortFilterIndex proxy;
        proxy.setSourceModel(&model);
        attachTester(proxy);
        proxy.sort(1, Qt::AscendingOrder);
        SignalLog log(&proxy);

        model.resetTo(numberRows({4, 6, 5}));
        QCOMPARE(log.take(),
                 (QStringList{QStringLiteral("aboutToReset"), QStringLiteral("reset")}));
        checkOrder(proxy, model, {0, 2, 1});

        proxy.sort(0, Qt::DescendingOrder); // 6 5 4
        log.take();
        model.removeFirstColumn();
        QCOMPARE(proxy.sortColumn(), -1);
        QCOMPARE(log.take(), (QStringList{QStringLiteral("aboutToLayout ") + kSortHint,
                                          QStringLiteral("layout ") + kSortHint}));
        QCOMPARE(proxy.mapToSource(proxy.index(0, 0)).row(), 0);
    }

    void headersFlagsAndEmptyFilter() {
        TableModel model;
        model.insert(0, numberRows({2, 1}));
        SortFilterIndex proxy;
        proxy.setSourceModel(&model);
        attachTester(proxy);
        proxy.sort(0);
        QCOMPARE(proxy.headerData(1, Qt::Horizontal).toString(), QStringLiteral("Name"));
        QCOMPARE(proxy.headerData(0, Qt::Vertical).toString(), QStringLiteral("source 1"));
        QVERIFY(!proxy.headerData(5, Qt::Vertical).isValid());
        QCOMPARE(proxy.flags(proxy.index(0, 0)), model.flags(model.index(1, 0)));
        QVERIFY(proxy.hasChildren());

        proxy.setFilter([](int) { return false; });
        QCOMPARE(proxy.rowCount(), 0);
        QVERIFY(!proxy.hasChildren());
        QCOMPARE(proxy.headerData(1, Qt::Horizontal).toString(), QStringLiteral("Name"));
        QVERIFY(!proxy.mapFromSource(model.index(0, 0)).isValid());
    }

    void sourceDestroyedEmptiesProxy() {
        auto model = std::make_unique<TableModel>();
        model->insert(0, numberRows({2, 1}));
        SortFilterIndex proxy;
        proxy.setSourceModel(model.get());
        attachTester(proxy);
        proxy.sort(0);
        model.reset();
        QCOMPARE(proxy.rowCount(), 0);
        QCOMPARE(proxy.columnCount(), 0);
        QVERIFY(proxy.sourceModel() == nullptr);
    }

    void randomizedOperations_data() {
        QTest::addColumn<quint32>("seed");
        for (quint32 seed : {1u, 2u, 3u, 5u, 8u, 13u, 21u, 34u})
            QTest::addRow("seed %u", seed) << seed;
    }

    void randomizedOperations() {
        QFETCH(quint32, seed);
        QRandomGenerator rng(seed);
        const QStringList names{QStringLiteral("gpu-a100-node-01"),
                                QStringLiteral("GPU-A100-node-02"),
                                QStringLiteral("cpu-node"),
                                QStringLiteral("Alpha"),
                                QStringLiteral("alpha"),
                                QStringLiteral("zeta-7"),
                                QStringLiteral("\u00e9clair"),
                                QStringLiteral("beta")};
        const auto randomRow = [&] {
            Row r;
            r.number = rng.bounded(-10, 30); // small range: many ties
            r.name = names.at(int(rng.bounded(names.size())));
            r.mixed = rng.bounded(2) ? SortKey::ofNumber(rng.bounded(6))
                                     : SortKey::ofText(names.at(int(rng.bounded(4))).toLower());
            return r;
        };
        const auto randomRows = [&](int count) {
            std::vector<Row> rows;
            for (int i = 0; i < count; ++i)
                rows.push_back(randomRow());
            return rows;
        };

        TableModel model;
        SortFilterIndex proxy;
        proxy.setSourceModel(&model);
        attachTester(proxy);
        int column = -1;
        Qt::SortOrder order = Qt::AscendingOrder;
        int modulus = 3;
        std::function<bool(int)> filter;
        int resets = 0;
        connect(&proxy, &QAbstractItemModel::modelReset, this, [&resets] { ++resets; });

        model.insert(0, randomRows(40));
        for (int step = 0; step < 600; ++step) {
            // Persistent indexes on a few proxy rows, with the source row each stands for.
            std::vector<std::pair<QPersistentModelIndex, QPersistentModelIndex>> tracked;
            for (int i = 0; i < 4 && proxy.rowCount() > 0; ++i) {
                const QModelIndex pi =
                    proxy.index(int(rng.bounded(proxy.rowCount())), int(rng.bounded(3)));
                tracked.emplace_back(pi, proxy.mapToSource(pi));
            }
            const int resetsBefore = resets;
            bool mayReset = false;
            const int rows = model.size();
            const quint32 op = rng.bounded(100);
            if (op < 18 || rows < 5) {
                model.insert(int(rng.bounded(rows + 1)), randomRows(1 + int(rng.bounded(8))));
            } else if (op < 32 && rows > 20) {
                const int count = 1 + int(rng.bounded(std::min(8, rows)));
                model.remove(int(rng.bounded(rows - count + 1)), count);
            } else if (op < 52) {
                model.setNumber(int(rng.bounded(rows)), rng.bounded(-10, 30));
            } else if (op < 58) {
                model.setName(int(rng.bounded(rows)), names.at(int(rng.bounded(names.size()))));
            } else if (op < 66) {
                const int count = 1 + int(rng.bounded(std::min(rows, 60)));
                model.replace(int(rng.bounded(rows - count + 1)), randomRows(count));
            } else if (op < 74) {
                mayReset = rows > SortFilterIndex::kMaxFilterRuns;
                modulus = 2 + int(rng.bounded(4));
                proxy.invalidateFilter();
            } else if (op < 80) {
                mayReset = rows > SortFilterIndex::kMaxFilterRuns;
                switch (rng.bounded(3)) {
                case 0:
                    filter = {};
                    break;
                case 1:
                    filter = [&model, &modulus](int r) {
                        return (model.row(r).number + 100) % modulus != 0;
                    };
                    break;
                default:
                    filter = [&model](int r) {
                        return model.row(r).name.contains(QLatin1Char('a'), Qt::CaseInsensitive);
                    };
                }
                proxy.setFilter(filter);
            } else if (op < 90) {
                column = int(rng.bounded(4)) - 1;
                order = rng.bounded(2) ? Qt::AscendingOrder : Qt::DescendingOrder;
                proxy.sort(column, order);
            } else if (op < 94) {
                std::vector<int> permutation(static_cast<std::size_t>(rows));
                for (int i = 0; i < rows; ++i)
                    permutation[std::size_t(i)] = i;
                std::shuffle(permutation.begin(), permutation.end(), rng);
                model.permute(permutation);
            } else if (op < 98) {
                const int from = int(rng.bounded(rows));
                int to = int(rng.bounded(rows + 1));
                if (to == from || to == from + 1)
                    to = from == 0 ? rows : 0;
                model.moveRow(from, to);
            } else {
                mayReset = true;
                model.resetTo(randomRows(int(rng.bounded(120))));
            }
            if (QTest::currentTestFailed())
                return;

            const std::vector<int> expected = expectedOrder(model, column, order, filter);
            checkOrder(proxy, model, expected);
            if (QTest::currentTestFailed()) {
                qWarning("step %d, operation %u", step, op);
                return;
            }
            if (!mayReset)
                QCOMPARE(resets, resetsBefore); // data updates never reset the proxy
            for (const auto &[pp, sp] : tracked) {
                const bool shown = sp.isValid() && std::find(expected.begin(), expected.end(),
                                                             sp.row()) != expected.end();
                QCOMPARE(pp.isValid(), shown);
                if (shown) {
                    QCOMPARE(proxy.mapToSource(pp).row(), sp.row());
                    QCOMPARE(pp.column(), sp.column());
                }
            }
        }
    }
};

QTEST_GUILESS_MAIN(SortFilterIndexTest)
#include "sortfilterindex_test.moc"
