// The simulator's container logs and log options: instants that only grow and agree with the
// index lookups, the kubelet's and API server's refusals word for word, and the end of a run.

#include "k8s/api/rfc3339.h"
#include "k8s/sim/containerlog.h"
#include "k8s/sim/podlogquery.h"
#include "k8s/sim/rfc3339.h"

#include <gtest/gtest.h>

using namespace cubedesk::sim;
using nlohmann::json;
using Clock = std::chrono::system_clock;

namespace {

json containerLogPod(const json &containerStatus, const json &labels = json::object()) {
    return {{"metadata", {{"name", "p"}, {"namespace", "ns"}, {"labels", labels}}},
            {"spec", {{"nodeName", "n1"}, {"containers", json::array({{{"name", "c"}}})}}},
            {"status", {{"containerStatuses", json::array({containerStatus})}}}};
}

json running(Clock::time_point started) {
    return {{"name", "c"},
            {"restartCount", 0},
            {"state", {{"running", {{"startedAt", formatRfc3339(started)}}}}}};
}

} // namespace

TEST(ContainerLog, InstantsGrowAndAgreeWithTheLookups) {
    const auto start =
        std::chrono::floor<std::chrono::seconds>(Clock::now()) - std::chrono::hours(3);
    for (const json &labels :
         {json{{"training.kubeflow.org/replica-type", "master"}},
          json{{"training.kubeflow.org/replica-type", "worker"}}, json{{"pod-type", "notebook"}},
          json{{"pod-type", "inferenceservice"}}, json::object()}) {
        auto log = ContainerLog::forPod(containerLogPod(running(start), labels), "c", false);
        ASSERT_TRUE(log.ok()) << log.error().message;
        const std::uint64_t n = log->countAt(Clock::now());
        ASSERT_GT(n, 10U) << labels.dump();
        for (std::uint64_t k = 1; k < n; ++k)
            ASSERT_LT(log->timeOf(k - 1), log->timeOf(k)) << labels.dump() << " line " << k;
        for (std::uint64_t k = 0; k < n; k += 1 + n / 200) {
            EXPECT_EQ(log->firstAtOrAfter(log->timeOf(k)), k);
            EXPECT_EQ(log->firstAtOrAfter(log->timeOf(k) + std::chrono::nanoseconds(1)), k + 1);
        }
        EXPECT_LE(log->timeOf(n - 1), Clock::now());
        EXPECT_GT(log->timeOf(n), Clock::now() - std::chrono::seconds(1));
        EXPECT_TRUE(log->running());
    }
}

// Benchmarks ask a pod for a print rate: an hour at 1,000 lines a second is 3.6 million lines.
TEST(ContainerLog, APodCanAskForItsPrintRate) {
    const auto now = Clock::now();
    json chatty = containerLogPod(running(now - std::chrono::hours(1)),
                                  {{"training.kubeflow.org/replica-type", "worker"}});
    chatty["metadata"]["annotations"] = {{"sim.cubedesk.io/log-lines-per-second", "1000"}};
    auto log = ContainerLog::forPod(chatty, "c", false);
    ASSERT_TRUE(log.ok()) << log.error().message;
    const std::uint64_t n = log->countAt(now);
    EXPECT_GT(n, 3'590'000U);
    EXPECT_LT(n, 3'610'000U);
    for (std::uint64_t k = n - 1000; k < n; ++k)
        ASSERT_LT(log->timeOf(k - 1), log->timeOf(k)) << k;
    // An annotation out of range is ignored: the profile's period (a line every 5 s).
    chatty["metadata"]["annotations"]["sim.cubedesk.io/log-lines-per-second"] = "0";
    auto slow = ContainerLog::forPod(chatty, "c", false);
    ASSERT_TRUE(slow.ok());
    EXPECT_LT(slow->countAt(now), 800U);
}

TEST(ContainerLog, AFailedRunEndsWithItsTracebackAndAKilledOneMidLine) {
    const auto start = Clock::now() - std::chrono::hours(2);
    const auto end = Clock::now() - std::chrono::hours(1);
    json cs = {{"name", "c"},
               {"restartCount", 1},
               {"state", {{"running", {{"startedAt", formatRfc3339(end)}}}}},
               {"lastState",
                {{"terminated",
                  {{"exitCode", 1},
                   {"reason", "Error"},
                   {"message", "NCCL error"},
                   {"startedAt", formatRfc3339(start)},
                   {"finishedAt", formatRfc3339(end)}}}}}};
    const json labels = {{"training.kubeflow.org/replica-type", "worker"}};
    auto failed = ContainerLog::forPod(containerLogPod(cs, labels), "c", true);
    ASSERT_TRUE(failed.ok());
    EXPECT_FALSE(failed->running());
    const std::uint64_t n = failed->total();
    EXPECT_EQ(failed->countAt(Clock::now()), n);
    EXPECT_EQ(failed->textOf(n - 1),
              "Last error: socketProgress: Connection closed by remote peer");
    EXPECT_TRUE(failed->terminated(n - 1));
    EXPECT_LE(failed->timeOf(n - 1),
              std::chrono::floor<std::chrono::seconds>(end) + std::chrono::seconds(1));

    cs["lastState"]["terminated"]["reason"] = "OOMKilled";
    cs["lastState"]["terminated"]["exitCode"] = 137;
    auto killed = ContainerLog::forPod(containerLogPod(cs, labels), "c", true);
    ASSERT_TRUE(killed.ok());
    EXPECT_FALSE(killed->terminated(killed->total() - 1)) << "cut in the middle of a line";
}

TEST(ContainerLog, TheKubeletsRefusals) {
    json waiting = {{"name", "c"}, {"state", {{"waiting", {{"reason", "ContainerCreating"}}}}}};
    auto r = ContainerLog::forPod(containerLogPod(waiting), "c", false);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, 400);
    EXPECT_EQ(r.error().message,
              "container \"c\" in pod \"p\" is waiting to start: ContainerCreating");
    waiting["state"]["waiting"]["reason"] = "ImagePullBackOff";
    EXPECT_EQ(ContainerLog::forPod(containerLogPod(waiting), "c", false).error().message,
              "container \"c\" in pod \"p\" is waiting to start: trying and failing to pull "
              "image");
    EXPECT_EQ(
        ContainerLog::forPod(containerLogPod(running(Clock::now())), "c", true).error().message,
        "previous terminated container \"c\" in pod \"p\" not found");
    EXPECT_EQ(
        ContainerLog::forPod(containerLogPod(running(Clock::now())), "d", false).error().message,
        "container \"d\" in pod \"p\" is not available");
    EXPECT_EQ(ContainerLog::forPod(containerLogPod({{"name", "c"}}), "c", false).error().message,
              "container \"c\" in pod \"p\" is waiting to start - no logs yet");
}

TEST(PodLogQuery, ParsesAndValidatesAsTheApiServer) {
    using Params = std::multimap<std::string, std::string>;
    auto q = PodLogQuery::parse(Params{{"container", "c"},
                                       {"follow", "yes"},
                                       {"previous", "0"},
                                       {"timestamps", "TRUE"},
                                       {"tailLines", "10"},
                                       {"sinceTime", "2026-01-02T03:04:05.9Z"}},
                                "p");
    ASSERT_TRUE(q.ok());
    EXPECT_EQ(q->container, "c");
    EXPECT_TRUE(q->follow);
    EXPECT_FALSE(q->previous);
    EXPECT_TRUE(q->timestamps);
    EXPECT_EQ(q->tailLines, 10);
    ASSERT_TRUE(q->sinceTime.has_value());
    EXPECT_EQ(formatRfc3339(*q->sinceTime), "2026-01-02T03:04:05Z") << "floored to the second";

    const auto bad = PodLogQuery::parse(Params{{"tailLines", "abc"}}, "p");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code, 400);
    EXPECT_EQ(bad.error().message, "strconv.ParseInt: parsing \"abc\": invalid syntax");

    const auto negative = PodLogQuery::parse(Params{{"tailLines", "-1"}}, "p");
    ASSERT_FALSE(negative.ok());
    EXPECT_EQ(negative.error().code, 422);
    EXPECT_EQ(negative.error().message, "PodLogOptions \"p\" is invalid: tailLines: Invalid value: "
                                        "-1: must be greater than or equal to 0");
    const auto two = PodLogQuery::parse(
        Params{{"limitBytes", "0"}, {"sinceSeconds", "5"}, {"sinceTime", "2026-01-02T03:04:05Z"}},
        "p");
    ASSERT_FALSE(two.ok());
    EXPECT_EQ(two.error().message,
              "PodLogOptions \"p\" is invalid: [limitBytes: Invalid value: 0: must be greater "
              "than 0, []: Forbidden: at most one of `sinceTime` or `sinceSeconds` may be "
              "specified]");
    EXPECT_EQ(two.error().details["causes"].size(), 2U);
}

TEST(Rfc3339, NanosFixedKeepsNineDigits) {
    using cubedesk::k8s::Rfc3339;
    EXPECT_EQ(Rfc3339::formatNanosFixed({1767323045, 120000000}), "2026-01-02T03:04:05.120000000Z");
    EXPECT_EQ(Rfc3339::formatNanosFixed({0, 0}), "1970-01-01T00:00:00.000000000Z");
}
