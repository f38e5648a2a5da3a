// LogBuffer: a ring capped by lines and bytes, oldest first out and counted, stable line
// numbers, new caps applied at once, and clearing that is not counted as loss.

#include "models/logbuffer.h"

#include <QTest>

using cubedesk::k8s::LogLine;
using cubedesk::models::LogBuffer;

class LogBufferTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void keepsTheNewestWithinTheLineCap();
    void theByteCapHoldsWhateverTheLineLengths();
    void newCapsApplyAtOnceAndClearingIsNotLoss();
};

namespace {

std::vector<LogLine> lines(int from, int count, std::size_t length = 10) {
    std::vector<LogLine> out;
    for (int i = from; i < from + count; ++i) {
        LogLine l;
        l.text = std::to_string(i);
        l.text.resize(std::max(length, l.text.size()), ' ');
        out.push_back(std::move(l));
    }
    return out;
}

} // namespace

void LogBufferTest::keepsTheNewestWithinTheLineCap() {
    LogBuffer buffer(100, std::size_t{1} << 30);
    QCOMPARE(buffer.append(lines(0, 60)), std::size_t{0});
    QCOMPARE(buffer.append(lines(60, 60)), std::size_t{20});
    QCOMPARE(buffer.size(), std::size_t{100});
    QCOMPARE(buffer.firstNumber(), std::uint64_t{20});
    QCOMPARE(buffer.at(0).text.substr(0, 2), std::string("20"));
    QCOMPARE(buffer.at(99).text.substr(0, 3), std::string("119"));
    // One batch larger than the cap keeps its own newest lines.
    QCOMPARE(buffer.append(lines(120, 250)), std::size_t{250});
    QCOMPARE(buffer.at(0).text.substr(0, 3), std::string("270"));
    QCOMPARE(buffer.dropped(), std::uint64_t{270});
    buffer.addUpstreamDropped(5);
    QCOMPARE(buffer.dropped(), std::uint64_t{275});
}

void LogBufferTest::theByteCapHoldsWhateverTheLineLengths() {
    const std::size_t cap = std::size_t{1} << 20;
    LogBuffer buffer(1'000'000, cap);
    for (int round = 0; round < 50; ++round) {
        buffer.append(lines(round * 100, 100, 1000 + static_cast<std::size_t>(round) * 97));
        QVERIFY(buffer.bytes() <= cap);
    }
    QVERIFY(buffer.size() > 0);
    QCOMPARE(buffer.firstNumber() + buffer.size(), std::uint64_t{5000});
}

void LogBufferTest::newCapsApplyAtOnceAndClearingIsNotLoss() {
    LogBuffer buffer(1000, std::size_t{1} << 30);
    buffer.append(lines(0, 500));
    QCOMPARE(buffer.setCaps(100, std::size_t{1} << 30), std::size_t{400});
    QCOMPARE(buffer.size(), std::size_t{100});
    QCOMPARE(buffer.dropped(), std::uint64_t{400});
    buffer.clear();
    QCOMPARE(buffer.size(), std::size_t{0});
    QCOMPARE(buffer.dropped(), std::uint64_t{400});
    buffer.append(lines(500, 3));
    QCOMPARE(buffer.firstNumber(), std::uint64_t{500});
    QCOMPARE(buffer.at(2).text.substr(0, 3), std::string("502"));
}

QTEST_GUILESS_MAIN(LogBufferTest)
#include "logbuffer_test.moc"
