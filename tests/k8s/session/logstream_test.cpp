// LogStream against the in-process simulator: a follow that survives dropped connections without
// losing or repeating a line, a finished run read whole, refusals with the server's message, a
// consumer that falls behind losing the oldest lines (counted) rather than memory, stop at once.

#include "k8s/api/rfc3339.h"
#include "k8s/session/clustersession.h"
#include "k8s/session/logstream.h"
#include "k8s/sim/simulator.h"
#include "tests/support/demologpods.h"
#include "tests/support/simcluster.h"

#include <gtest/gtest.h>
#include <regex>
#include <thread>

using namespace cubedesk::k8s;
using cubedesk::sim::Simulator;
using cubedesk::sim::SimulatorOptions;

namespace {

const std::string &kMaster = cubedesk::test::kDemoMasterPod;
const std::string &kWorker = cubedesk::test::kDemoWorkerPod;

using Cluster = cubedesk::test::SimCluster;

/// Drains `stream` until `done` says so or `limit` passes; returns every line.
std::vector<LogLine>
collect(LogStream &stream, LogStream::Batch &last,
        const std::function<bool(const std::vector<LogLine> &, const LogStream::Batch &)> &done,
        std::chrono::seconds limit) {
    std::vector<LogLine> lines;
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        last = stream.drain();
        for (auto &l : last.lines)
            lines.push_back(std::move(l));
        if (done(lines, last))
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return lines;
}

LogStream::Options optionsFor(const std::string &pod) {
    LogStream::Options o;
    o.ns = "pipeline";
    o.pod = pod;
    return o;
}

} // namespace

TEST(LogStream, AFollowSurvivesDroppedConnectionsWithoutLossOrRepetition) {
    auto c = Cluster::start("drop-watch:every=2s");
    auto o = optionsFor(kMaster);
    o.log.follow = true;
    o.log.tailLines = 4;
    LogStream stream(*c->session, o);
    stream.start();
    LogStream::Batch last;
    // A line every 5 s, the stream cut every 2 s: 16 s see several resumes and new lines.
    const auto lines = collect(
        stream, last, [](const auto &, const auto &) { return false; }, std::chrono::seconds(16));
    EXPECT_GE(last.reconnects, 3) << last.message;
    ASSERT_GE(lines.size(), 6U);
    const std::regex step(R"(\| step (\d+)/5005 \|)");
    long previous = -1;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        ASSERT_TRUE(lines[i].time.has_value());
        if (i > 0) {
            const auto &a = *lines[i - 1].time;
            const auto &b = *lines[i].time;
            EXPECT_LT(std::tie(a.seconds, a.nanos), std::tie(b.seconds, b.nanos))
                << "repeated: " << lines[i].text;
        }
        std::smatch m;
        if (!std::regex_search(lines[i].text, m, step))
            continue; // an end-of-epoch line
        const long n = std::stol(m[1]);
        if (previous >= 0 && n > previous) {
            EXPECT_EQ(n, previous + 10) << "lost a line before: " << lines[i].text;
        }
        previous = n;
    }
    EXPECT_EQ(last.dropped, 0U);
}

TEST(LogStream, AFinishedRunIsReadWholeAndEnds) {
    auto c = Cluster::start();
    auto o = optionsFor(kWorker);
    o.log.previous = true;
    LogStream stream(*c->session, o);
    stream.start();
    LogStream::Batch last;
    const auto lines = collect(
        stream, last,
        [](const auto &, const auto &b) { return b.state == LogStream::State::Ended; },
        std::chrono::seconds(30));
    ASSERT_EQ(last.state, LogStream::State::Ended) << last.message;
    ASSERT_GT(lines.size(), 100U);
    EXPECT_EQ(lines.back().text.rfind("torch.OutOfMemoryError: CUDA out of memory.", 0), 0U);
    EXPECT_FALSE(lines.back().unterminated);
}

// A pod that is not scheduled yet has no log: a follow waits for it, and reads it once it runs.
TEST(LogStream, AFollowWaitsForAPodThatIsNotScheduledYet) {
    auto c = Cluster::start();
    auto &sim = *c->sim;
    nlohmann::json pod = {{"apiVersion", "v1"},
                          {"kind", "Pod"},
                          {"metadata", {{"name", "late-starter"}, {"namespace", "pipeline"}}},
                          {"spec",
                           {{"nodeSelector", {{"org", "late-org"}}}, // no node has it yet
                            {"containers", {{{"name", "main"}, {"image", "pytorch"}}}}}},
                          {"status", {{"phase", "Pending"}}}};
    ASSERT_TRUE(sim.createObject(pod, true).ok());
    auto o = optionsFor("late-starter");
    o.log.follow = true;
    LogStream stream(*c->session, o);
    stream.start();
    LogStream::Batch last;
    collect(
        stream, last,
        [](const auto &, const auto &b) { return b.state == LogStream::State::Reconnecting; },
        std::chrono::seconds(30));
    ASSERT_EQ(last.state, LogStream::State::Reconnecting) << last.message;
    EXPECT_EQ(last.message, "the pod is not scheduled yet");
    // A node joins the org it asks for: the scheduler binds it and it starts; the follow reads
    // it without being asked again.
    const auto relabel = [](nlohmann::json &d) -> std::optional<cubedesk::sim::ApiError> {
        d["metadata"]["labels"]["org"] = "late-org";
        return std::nullopt;
    };
    ASSERT_TRUE(
        sim.store().update(sim.registry().core("nodes"), "", "gpu-a100-vision-1", relabel).ok());
    const auto lines = collect(
        stream, last, [](const auto &l, const auto &) { return !l.empty(); },
        std::chrono::seconds(40));
    ASSERT_FALSE(lines.empty()) << last.message;
    EXPECT_EQ(last.state, LogStream::State::Streaming);
}

TEST(LogStream, RefusalsFailWithTheServersMessage) {
    auto c = Cluster::start();
    auto o = optionsFor(kMaster);
    o.log.container = "nope";
    LogStream stream(*c->session, o);
    stream.start();
    LogStream::Batch last;
    collect(
        stream, last,
        [](const auto &, const auto &b) { return b.state == LogStream::State::Failed; },
        std::chrono::seconds(30));
    EXPECT_EQ(last.state, LogStream::State::Failed);
    EXPECT_EQ(last.message, "container nope is not valid for pod " + kMaster);
}

TEST(LogStream, AConsumerThatFallsBehindLosesTheOldestLinesNotMemory) {
    auto c = Cluster::start();
    auto o = optionsFor(kWorker);
    o.log.previous = true;
    o.maxPendingLines = 50;
    LogStream stream(*c->session, o);
    stream.start();
    // Nobody drains until the run was read whole.
    LogStream::Batch last;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        last = stream.drain();
        if (last.state == LogStream::State::Ended || !last.lines.empty())
            break;
    }
    // The first drain may come early; drain to the end and count.
    std::size_t kept = last.lines.size();
    std::uint64_t dropped = last.dropped;
    std::string lastText = kept > 0 ? last.lines.back().text : std::string();
    while (last.state != LogStream::State::Ended && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        last = stream.drain();
        kept += last.lines.size();
        dropped += last.dropped;
        if (!last.lines.empty())
            lastText = last.lines.back().text;
        EXPECT_LE(last.lines.size(), 50U);
    }
    ASSERT_EQ(last.state, LogStream::State::Ended);
    EXPECT_GT(dropped, 0U);
    EXPECT_EQ(lastText.rfind("torch.OutOfMemoryError", 0), 0U) << "the newest lines are kept";
}

TEST(LogStream, StopIsImmediate) {
    auto c = Cluster::start();
    auto o = optionsFor(kMaster);
    o.log.follow = true;
    auto stream = std::make_unique<LogStream>(*c->session, o);
    stream->start();
    LogStream::Batch last;
    collect(
        *stream, last, [](const auto &lines, const auto &) { return !lines.empty(); },
        std::chrono::seconds(30));
    const auto begin = std::chrono::steady_clock::now();
    stream->stop();
    stream.reset();
    EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::milliseconds(100));
    c->session->stop();
}
