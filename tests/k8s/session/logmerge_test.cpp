// LogMerge: several sources' lines interleaved by time as they arrive, with a quiet or late
// source never holding the others back for longer than the patience.

#include "k8s/session/logmerge.h"

#include <gtest/gtest.h>

using namespace cubedesk::k8s;
using namespace std::chrono_literals;

namespace {

LogLine at(std::int64_t second, std::string text) {
    LogLine l;
    l.time = Rfc3339::Instant{second, 0};
    l.text = std::move(text);
    return l;
}

std::vector<LogLine> lines(std::initializer_list<std::pair<std::int64_t, const char *>> list) {
    std::vector<LogLine> out;
    for (const auto &[s, text] : list)
        out.push_back(at(s, text));
    return out;
}

std::string texts(const std::vector<LogMerge::Released> &released) {
    std::string out;
    for (const auto &r : released)
        out += std::to_string(r.source) + ':' + r.line.text + ' ';
    return out;
}

} // namespace

TEST(LogMergeTest, InterleavesByTimeOnceEverySourceHasSpoken) {
    const auto t0 = LogMerge::Clock::now();
    LogMerge merge;
    const int master = merge.addSource(t0);
    const int worker = merge.addSource(t0);
    merge.push(worker, lines({{1, "w1"}, {3, "w3"}, {5, "w5"}}), t0);
    // The master has said nothing yet: it may still bring earlier lines.
    EXPECT_TRUE(merge.release(t0).empty());
    merge.push(master, lines({{2, "m2"}, {4, "m4"}}), t0);
    // Up to the master's newest line (4); w5 waits for what the master says next.
    EXPECT_EQ(texts(merge.release(t0)), "1:w1 0:m2 1:w3 0:m4 ");
    EXPECT_EQ(merge.held(), 1U);
    merge.finish(master);
    EXPECT_EQ(texts(merge.release(t0)), "1:w5 ");
}

TEST(LogMergeTest, AQuietSourceHoldsNothingBackBeyondThePatience) {
    const auto t0 = LogMerge::Clock::now();
    LogMerge merge(1000ms);
    const int a = merge.addSource(t0);
    const int b = merge.addSource(t0);
    merge.push(a, lines({{10, "a10"}}), t0);
    merge.push(b, lines({{5, "b5"}}), t0);
    EXPECT_EQ(texts(merge.release(t0)), "1:b5 ");
    // b goes quiet; after the patience a's line is shown anyway.
    EXPECT_TRUE(merge.release(t0 + 500ms).empty());
    EXPECT_EQ(texts(merge.release(t0 + 1000ms)), "0:a10 ");
    // A late line from b that is older than what was shown is shown at once.
    merge.push(b, lines({{7, "b7"}}), t0 + 1200ms);
    merge.push(a, lines({{11, "a11"}}), t0 + 1200ms);
    EXPECT_EQ(texts(merge.release(t0 + 1200ms)), "1:b7 ");
}

TEST(LogMergeTest, UntimedLinesStayWithTheirPredecessorAndTiesKeepSourceOrder) {
    const auto t0 = LogMerge::Clock::now();
    LogMerge merge;
    const int a = merge.addSource(t0);
    const int b = merge.addSource(t0);
    std::vector<LogLine> fromA = lines({{3, "a3"}});
    LogLine untimed;
    untimed.text = "a-continued";
    fromA.push_back(untimed);
    merge.push(a, std::move(fromA), t0);
    merge.push(b, lines({{3, "b3"}, {4, "b4"}}), t0);
    merge.finish(a);
    merge.finish(b);
    EXPECT_EQ(texts(merge.release(t0)), "0:a3 0:a-continued 1:b3 1:b4 ");
    EXPECT_EQ(merge.held(), 0U);
}

// A node whose clock runs a minute behind: its lines always look older, so by time alone the
// other pod's lines would wait for as long as it keeps talking. They wait the patience at most.
TEST(LogMergeTest, ASkewedClockHoldsNothingBackBeyondThePatience) {
    const auto t0 = LogMerge::Clock::now();
    LogMerge merge(1000ms);
    const int behind = merge.addSource(t0);
    const int onTime = merge.addSource(t0);
    merge.push(onTime, lines({{100, "on100"}}), t0);
    merge.push(behind, lines({{40, "behind40"}}), t0);
    EXPECT_EQ(texts(merge.release(t0)), "0:behind40 ");
    // The skewed pod keeps talking; "on100" is past its horizon but goes after the patience.
    merge.push(behind, lines({{41, "behind41"}}), t0 + 900ms);
    EXPECT_EQ(texts(merge.release(t0 + 900ms)), "0:behind41 ");
    EXPECT_EQ(texts(merge.release(t0 + 1000ms)), "1:on100 ");
    EXPECT_EQ(merge.held(), 0U);
}
