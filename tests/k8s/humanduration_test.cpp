// humanDuration: kubectl's duration.HumanDuration at each of its boundaries. (tests/sim's
// kubectl test compares it with the ages kubectl itself computes.)

#include "k8s/api/humanduration.h"

#include <gtest/gtest.h>

namespace cubedesk::k8s {
namespace {

using std::chrono::hours;
using std::chrono::minutes;
using std::chrono::seconds;

TEST(HumanDurationTest, MatchesKubectlBoundaries) {
    EXPECT_EQ(humanDuration(seconds(-5)), "<invalid>");
    EXPECT_EQ(humanDuration(seconds(-2)), "<invalid>");
    EXPECT_EQ(humanDuration(seconds(-1)), "0s");
    EXPECT_EQ(humanDuration(seconds(0)), "0s");
    EXPECT_EQ(humanDuration(seconds(45)), "45s");
    EXPECT_EQ(humanDuration(seconds(119)), "119s");
    EXPECT_EQ(humanDuration(seconds(120)), "2m");
    EXPECT_EQ(humanDuration(seconds(121)), "2m1s");
    EXPECT_EQ(humanDuration(minutes(5) + seconds(30)), "5m30s");
    EXPECT_EQ(humanDuration(minutes(5)), "5m");
    EXPECT_EQ(humanDuration(seconds(599)), "9m59s");
    EXPECT_EQ(humanDuration(minutes(10)), "10m");
    EXPECT_EQ(humanDuration(minutes(10) + seconds(59)), "10m");
    EXPECT_EQ(humanDuration(minutes(179) + seconds(59)), "179m");
    EXPECT_EQ(humanDuration(hours(3)), "3h");
    EXPECT_EQ(humanDuration(hours(3) + minutes(30)), "3h30m");
    EXPECT_EQ(humanDuration(hours(7) + minutes(59)), "7h59m");
    EXPECT_EQ(humanDuration(hours(8)), "8h");
    EXPECT_EQ(humanDuration(hours(8) + minutes(30)), "8h");
    EXPECT_EQ(humanDuration(hours(47) + minutes(59)), "47h");
    EXPECT_EQ(humanDuration(hours(48)), "2d");
    EXPECT_EQ(humanDuration(hours(53)), "2d5h");
    EXPECT_EQ(humanDuration(hours(24 * 8 - 1)), "7d23h");
    EXPECT_EQ(humanDuration(hours(24 * 8)), "8d");
    EXPECT_EQ(humanDuration(hours(24 * 729 + 23)), "729d");
    EXPECT_EQ(humanDuration(hours(24 * 730)), "2y");
    EXPECT_EQ(humanDuration(hours(24 * 740)), "2y10d");
    EXPECT_EQ(humanDuration(hours(24 * 365 * 8 - 24)), "7y364d");
    EXPECT_EQ(humanDuration(hours(24 * 365 * 8)), "8y");
    EXPECT_EQ(humanDuration(hours(24 * 365 * 30)), "30y");
}

} // namespace
} // namespace cubedesk::k8s
