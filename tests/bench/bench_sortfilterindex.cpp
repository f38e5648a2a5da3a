// SortFilterIndex at the big-table size (docs/cache.md: a sort of 150,000 rows in at most 50 ms,
// incremental updates above 10,000 changes/s). A flat source of ROWS rows (a shuffled number and a
// folded node name "gpu-a100-node-01234" per row) behind the proxy, 100 persistent indexes held as
// a view's selection would; no view attached, so the figures are the model's own cost.
// Not a test; prints the median and min of REPEAT passes per operation, wall and thread CPU
// time, in ms.
//   cubedesk-bench-sortfilterindex [ROWS] [REPEAT]

#include "models/sortfilterindex.h"
#include "models/sortkey.h"

#include <QAbstractTableModel>
#include <QCoreApplication>
#include <QPersistentModelIndex>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <vector>

#include <time.h>

using cubedesk::models::SortFilterIndex;
using cubedesk::models::SortKey;
using cubedesk::models::SortKeySource;

namespace {

struct Row {
    qint64 number;
    QString name; // already folded, as the real models keep their sort text
};

class BenchModel final : public QAbstractTableModel, public SortKeySource {
public:
    int rowCount(const QModelIndex &parent = QModelIndex()) const override {
        return parent.isValid() ? 0 : int(m_rows.size());
    }
    int columnCount(const QModelIndex &parent = QModelIndex()) const override {
        return parent.isValid() ? 0 : 2;
    }
    QVariant data(const QModelIndex &index, int role) const override {
        if (!index.isValid() || role != Qt::DisplayRole)
            return {};
        const Row &r = m_rows[std::size_t(index.row())];
        return index.column() == 0 ? QVariant(r.number) : QVariant(r.name);
    }
    SortKey sortKey(int row, int column) const override {
        const Row &r = m_rows[std::size_t(row)];
        return column == 0 ? SortKey::ofNumber(r.number) : SortKey::ofText(r.name);
    }

    const Row &row(int r) const { return m_rows[std::size_t(r)]; }
    void load(std::vector<Row> rows) {
        beginInsertRows(QModelIndex(), int(m_rows.size()), int(m_rows.size() + rows.size()) - 1);
        m_rows.insert(m_rows.end(), rows.begin(), rows.end());
        endInsertRows();
    }
    void setNumber(int r, qint64 n) {
        m_rows[std::size_t(r)].number = n;
        Q_EMIT dataChanged(index(r, 0), index(r, 0), {Qt::DisplayRole});
    }
    void setName(int r, const QString &name) {
        m_rows[std::size_t(r)].name = name;
        Q_EMIT dataChanged(index(r, 1), index(r, 1), {Qt::DisplayRole});
    }

private:
    std::vector<Row> m_rows;
};

std::vector<Row> makeRows(int count, std::mt19937 &rng) {
    std::vector<int> ids(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i)
        ids[std::size_t(i)] = i;
    std::shuffle(ids.begin(), ids.end(), rng);
    std::uniform_int_distribution<qint64> millicores(0, 64000);
    std::vector<Row> rows;
    rows.reserve(std::size_t(count));
    for (const int id : ids) {
        rows.push_back(
            {millicores(rng), QStringLiteral("gpu-a100-node-%1").arg(id, 5, 10, QLatin1Char('0'))});
    }
    return rows;
}

// Wall time and this thread's CPU time: the machine is shared, and CPU time shows the proxy's own
// cost when other processes compete for the cores.
struct Sample {
    double wallMs;
    double cpuMs;
};

double threadCpuMs() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

Sample timed(const std::function<void()> &f) {
    const double cpu = threadCpuMs();
    const auto start = std::chrono::steady_clock::now();
    f();
    return {
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count(),
        threadCpuMs() - cpu};
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

double report(const char *what, const std::vector<Sample> &samples) {
    std::vector<double> wall, cpu;
    for (const Sample &s : samples) {
        wall.push_back(s.wallMs);
        cpu.push_back(s.cpuMs);
    }
    std::printf("%-46s wall median %8.2f ms  min %8.2f | cpu median %8.2f ms  min %8.2f\n", what,
                median(wall), *std::min_element(wall.begin(), wall.end()), median(cpu),
                *std::min_element(cpu.begin(), cpu.end()));
    return median(cpu);
}

} // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    const int rows = argc > 1 ? std::atoi(argv[1]) : 150000;
    const int repeat = argc > 2 ? std::max(1, std::atoi(argv[2])) : 9;
    constexpr int kChanges = 10000;
    std::mt19937 rng(42);
    std::printf("SortFilterIndex, %d rows, median of %d passes\n", rows, repeat);

    // Initial load into an empty, sorted proxy: one insert run.
    std::vector<Sample> load;
    for (int i = 0; i < repeat; ++i) {
        std::vector<Row> data = makeRows(rows, rng);
        BenchModel model;
        SortFilterIndex proxy;
        proxy.setSourceModel(&model);
        proxy.sort(1, Qt::AscendingOrder);
        load.push_back(timed([&] { model.load(std::move(data)); }));
    }
    report("initial load (sorted by text, one insert run)", load);

    BenchModel model;
    model.load(makeRows(rows, rng));
    SortFilterIndex proxy;
    proxy.setSourceModel(&model);
    std::vector<QPersistentModelIndex> selection;
    for (int i = 0; i < 100; ++i)
        selection.emplace_back(proxy.index(int(rng() % unsigned(rows)), 0));

    std::vector<Sample> byNumber, byText, byNumberDesc;
    for (int i = 0; i < repeat; ++i) {
        byText.push_back(timed([&] { proxy.sort(1, Qt::AscendingOrder); }));
        byNumber.push_back(timed([&] { proxy.sort(0, Qt::AscendingOrder); }));
        byNumberDesc.push_back(timed([&] { proxy.sort(0, Qt::DescendingOrder); }));
    }
    report("sort by number (from text order)", byNumber);
    report("sort by number, reversed order", byNumberDesc);
    report("sort by text (from number order)", byText);

    // Filter changes while sorted by text: a scattered one (many runs: one reset) and one that
    // keeps a contiguous block of the order (a few runs).
    proxy.sort(1, Qt::AscendingOrder);
    std::vector<Sample> scatteredOn, scatteredOff, blockOn, blockOff;
    for (int i = 0; i < repeat; ++i) {
        scatteredOn.push_back(timed([&] {
            proxy.setFilter([&](int r) { return model.row(r).name.contains(QLatin1Char('7')); });
        }));
        scatteredOff.push_back(timed([&] { proxy.setFilter({}); }));
        blockOn.push_back(timed([&] {
            proxy.setFilter(
                [&](int r) { return model.row(r).name < QStringLiteral("gpu-a100-node-05"); });
        }));
        blockOff.push_back(timed([&] { proxy.setFilter({}); }));
    }
    report("filter on, scattered (name contains '7')", scatteredOn);
    report("filter off, scattered", scatteredOff);
    report("filter on, contiguous block (1 remove run)", blockOn);
    report("filter off, contiguous block (1 insert run)", blockOff);

    // 10,000 single-row changes of the sort column (almost all move: layout change each) and of
    // another column (dataChanged each), sorted by number.
    proxy.sort(0, Qt::AscendingOrder);
    std::uniform_int_distribution<int> anyRow(0, rows - 1);
    std::uniform_int_distribution<qint64> millicores(0, 64000);
    std::vector<Sample> moving, inPlace;
    for (int i = 0; i < repeat; ++i) {
        std::vector<std::pair<int, qint64>> changes;
        for (int c = 0; c < kChanges; ++c)
            changes.emplace_back(anyRow(rng), millicores(rng));
        moving.push_back(timed([&] {
            for (const auto &[r, n] : changes)
                model.setNumber(r, n);
        }));
        inPlace.push_back(timed([&] {
            for (const auto &[r, n] : changes)
                model.setName(r,
                              QStringLiteral("gpu-a100-node-%1").arg(n, 5, 10, QLatin1Char('0')));
        }));
    }
    report("10,000 changes of the sort column (moves)", moving);
    report("10,000 changes of another column (in place)", inPlace);
    std::vector<double> movingWall;
    for (const Sample &s : moving)
        movingWall.push_back(s.wallMs);
    std::printf("sort-column changes per second (wall median): %.0f\n",
                kChanges / (median(movingWall) / 1000.0));

    // The proxy is still consistent with its source after all this.
    for (int p = 1; p < proxy.rowCount(); ++p) {
        const qint64 a = model.row(proxy.mapToSource(proxy.index(p - 1, 0)).row()).number;
        const qint64 b = model.row(proxy.mapToSource(proxy.index(p, 0)).row()).number;
        if (a > b) {
            std::printf("ORDER BROKEN at proxy row %d\n", p);
            return 1;
        }
    }
    return 0;
}
