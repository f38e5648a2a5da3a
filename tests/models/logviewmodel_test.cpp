// LogViewModel under QAbstractItemModelTester: batches in, the oldest rows out at the caps,
// display without escapes, severities, local times, aggregated sources, and search — plain
// and regular expression — over 100,000 lines.

#include "models/ansitext.h"
#include "models/logseverity.h"
#include "models/logviewmodel.h"
#include "models/modelroles.h"

#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

using cubedesk::k8s::LogLine;
using namespace cubedesk::models;

class LogViewModelTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void batchesAndCapsKeepTheNewestRows();
    void displayStripsEscapesAndMarksSeverity();
    void timestampsAndSourcesWhenShown();
    void searchPlainAndRegular();
};

namespace {

std::vector<LogLine> numbered(int from, int count) {
    std::vector<LogLine> out;
    for (int i = from; i < from + count; ++i) {
        LogLine l;
        l.text = "line " + std::to_string(i);
        out.push_back(std::move(l));
    }
    return out;
}

} // namespace

void LogViewModelTest::batchesAndCapsKeepTheNewestRows() {
    LogViewModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setCaps(100, std::size_t{1} << 30);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy dropped(&model, &LogViewModel::droppedChanged);
    model.append(numbered(0, 80));
    QCOMPARE(inserted.size(), 1); // one signal per batch, not per line
    model.append(numbered(80, 50));
    QCOMPARE(removed.size(), 1);
    QCOMPARE(removed.last().at(2).toInt(), 29); // rows 0..29 went
    QCOMPARE(model.rowCount(), 100);
    QCOMPARE(model.index(0).data().toString(), QStringLiteral("line 30"));
    QCOMPARE(model.index(0).data(LogNumberRole).toULongLong(), 30ULL);
    QCOMPARE(dropped.last().at(0).toULongLong(), 30ULL);
    model.append(numbered(130, 300)); // larger than the cap alone
    QCOMPARE(model.rowCount(), 100);
    QCOMPARE(model.index(99).data().toString(), QStringLiteral("line 429"));
    QCOMPARE(model.buffer().dropped(), 330ULL);
    model.setCaps(10, std::size_t{1} << 30);
    QCOMPARE(model.rowCount(), 10);
    QCOMPARE(model.index(0).data().toString(), QStringLiteral("line 420"));
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void LogViewModelTest::displayStripsEscapesAndMarksSeverity() {
    QCOMPARE(AnsiText::strip("\x1b[32mINFO\x1b[0m:     ok \x1b]0;title\x07"
                             "done"),
             std::string("INFO:     ok done"));
    QCOMPARE(AnsiText::display("caf\xe9"), QStringLiteral("caf\uFFFD"));
    QCOMPARE(AnsiText::display("  5%|#   |\r 50%|#####|\r"), QStringLiteral(" 50%|#####|"));
    QCOMPARE(LogSeverity::of("Traceback (most recent call last):"), LogSeverity::Error);
    QCOMPARE(LogSeverity::of("torch.OutOfMemoryError: CUDA out of memory. Tried"),
             LogSeverity::Error);
    QCOMPARE(LogSeverity::of("E1205 10:00:00.000000 1 server.cc:1] failed"), LogSeverity::Error);
    QCOMPARE(LogSeverity::of("WARNING | skipping unreadable sample"), LogSeverity::Warning);
    QCOMPARE(LogSeverity::of("[rank 8] step 10 loss 5.1"), LogSeverity::None);

    LogViewModel model;
    std::vector<LogLine> lines(2);
    lines[0].text = "\x1b[31mERROR\x1b[0m: lost connection";
    lines[1].text = "all good";
    model.append(std::move(lines));
    QCOMPARE(model.index(0).data().toString(), QStringLiteral("ERROR: lost connection"));
    QCOMPARE(model.index(0).data(LogSeverityRole).toInt(), int(LogSeverity::Error));
    QCOMPARE(model.index(1).data(LogSeverityRole).toInt(), int(LogSeverity::None));
}

void LogViewModelTest::timestampsAndSourcesWhenShown() {
    LogViewModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const int master = model.addSource(QStringLiteral("[pod/job-master-0/main] "));
    const int worker = model.addSource(QStringLiteral("[pod/job-worker-0/main] "));
    std::vector<LogLine> lines(2);
    lines[0].text = "from the master";
    lines[0].time = cubedesk::k8s::Rfc3339::Instant{1767323045, 120000000};
    lines[1].text = "from a worker";
    model.append(std::move(lines), {master, worker});
    QCOMPARE(model.index(0).data().toString(),
             QStringLiteral("[pod/job-master-0/main] from the master"));
    model.setShowTimestamps(true);
    const QDateTime local = QDateTime::fromMSecsSinceEpoch(1767323045120LL, Qt::UTC).toLocalTime();
    QCOMPARE(model.index(0).data().toString(),
             QStringLiteral("[pod/job-master-0/main] ") +
                 local.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz ")) +
                 QStringLiteral("from the master"));
    QCOMPARE(model.index(0).data(LogTimeRole).toDateTime(), local);
    QCOMPARE(model.index(1).data(LogSourceRole).toString(),
             QStringLiteral("[pod/job-worker-0/main] "));
}

void LogViewModelTest::searchPlainAndRegular() {
    LogViewModel model;
    model.setCaps(200'000, std::size_t{1} << 30);
    std::vector<LogLine> lines;
    for (int i = 0; i < 100'000; ++i) {
        LogLine l;
        l.text = i % 1000 == 7
                     ? "torch.OutOfMemoryError: CUDA out of memory at step " + std::to_string(i)
                     : "Epoch 3/300 | step " + std::to_string(i) + " | loss 0.4821";
        lines.push_back(std::move(l));
    }
    model.append(std::move(lines));
    QElapsedTimer timer;
    timer.start();
    const auto plain = model.find(QStringLiteral("cuda OUT of memory"), false, false);
    const qint64 plainMs = timer.elapsed();
    QCOMPARE(plain.size(), std::size_t{100});
    QCOMPARE(plain.front(), 7);
    QVERIFY(model.find(QStringLiteral("cuda OUT of memory"), false, true).empty());
    const auto regular = model.find(QStringLiteral(R"(step \d+7 \|)"), true, true);
    QCOMPARE(regular.size(), std::size_t{9900}); // steps ending in 7, less the 100 OOM lines
    QVERIFY(model.find(QStringLiteral("("), true, true).empty()); // an invalid expression
    qInfo("plain search over 100,000 lines: %lld ms", plainMs);
}

QTEST_GUILESS_MAIN(LogViewModelTest)
#include "logviewmodel_test.moc"
