// Pod logs of the simulator against stock kubectl, the independent client: every PodLogOptions
// field kubectl sends, the API server's and kubelet's errors word for word, follow, previous runs,
// init containers and sidecars, selectors with prefixes.

#include "k8s/api/rfc3339.h"
#include "tests/support/demologpods.h"
#include "tests/support/simprocess.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

using cubedesk::k8s::Rfc3339;
using cubedesk::test::Process;
using cubedesk::test::SimProcess;

namespace {

const std::string &kInference = cubedesk::test::kDemoInferencePod;
const std::string &kMaster = cubedesk::test::kDemoMasterPod;
const std::string &kWorker = cubedesk::test::kDemoWorkerPod;

std::vector<std::string> lines(const std::string &text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

class KubectlLogsTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_sim = new SimProcess({"--scenario", "demo", "--readonly-token", "viewer-token-9",
                                "--readonly-deny", "pods/log", "--seed", "7"});
    }
    static void TearDownTestSuite() {
        delete s_sim;
        s_sim = nullptr;
    }
    void SetUp() override { ASSERT_TRUE(s_sim->ready()) << s_sim->error(); }

    static Process::Result logs(std::vector<std::string> args) {
        args.insert(args.begin(), "logs");
        return s_sim->kubectl(std::move(args));
    }
    static Process::Result ok(std::vector<std::string> args) {
        auto r = logs(std::move(args));
        EXPECT_EQ(r.exitCode, 0) << r.err;
        return r;
    }

    static SimProcess *s_sim;
};

SimProcess *KubectlLogsTest::s_sim = nullptr;

TEST_F(KubectlLogsTest, TheAnnotatedDefaultContainerAndEveryOtherOne) {
    // kubectl follows the kubectl.kubernetes.io/default-container annotation silently.
    const auto main = ok({"-n", "service", kInference});
    EXPECT_EQ(main.err.find("Defaulted container"), std::string::npos) << main.err;
    EXPECT_NE(main.out.find("Application startup complete.") + main.out.find("successfully "
                                                                             "loaded"),
              2 * std::string::npos);
    // Without the annotation kubectl names the choice (a training pod has one container).
    const auto job = ok({"-n", "pipeline", kMaster, "--tail", "1"});
    EXPECT_EQ(job.err, "");
    const auto init = ok({"-n", "service", kInference, "-c", "istio-init"});
    EXPECT_NE(init.out.find("iptables-restore --noflush /tmp/iptables-rules.txt\n"),
              std::string::npos);
    const auto proxy = ok({"-n", "service", kInference, "-c", "istio-proxy"});
    EXPECT_NE(proxy.out.find("Readiness succeeded"), std::string::npos);
}

TEST_F(KubectlLogsTest, ErrorsAreTheApiServers) {
    const auto unknown = logs({"-n", "service", kInference, "-c", "nope"});
    EXPECT_NE(unknown.exitCode, 0);
    EXPECT_NE(unknown.err.find("container nope is not valid for pod " + kInference),
              std::string::npos)
        << unknown.err;
    const auto noPrevious = logs({"-n", "service", kInference, "-c", "main", "-p"});
    EXPECT_NE(noPrevious.exitCode, 0);
    EXPECT_NE(noPrevious.err.find("Error from server (BadRequest): previous terminated container "
                                  "\"main\" in pod \"" +
                                  kInference + "\" not found"),
              std::string::npos)
        << noPrevious.err;
    const auto missing = logs({"-n", "service", "no-such-pod"});
    EXPECT_NE(missing.err.find("pods \"no-such-pod\" not found"), std::string::npos) << missing.err;
    const auto forbidden =
        logs({"--context", "cubedesk-sim-readonly", "-n", "service", kInference, "-c", "main"});
    EXPECT_NE(forbidden.exitCode, 0);
    EXPECT_NE(forbidden.err.find("Error from server (Forbidden): pods \"" + kInference +
                                 "\" is forbidden: User \"viewer\" cannot get resource "
                                 "\"pods/log\" in API group \"\" in the namespace \"service\""),
              std::string::npos)
        << forbidden.err;
    const auto both =
        logs({"-n", "pipeline", kMaster, "--since=1h", "--since-time=2026-01-01T00:00:00Z"});
    EXPECT_NE(both.exitCode, 0);
}

TEST_F(KubectlLogsTest, ThePreviousRunEndsWithItsTraceback) {
    const auto previous = ok({"-n", "pipeline", kWorker, "-p", "--tail", "20"});
    const auto all = lines(previous.out);
    ASSERT_FALSE(all.empty());
    EXPECT_NE(previous.out.find("Traceback (most recent call last):"), std::string::npos);
    EXPECT_EQ(all.back().rfind("torch.OutOfMemoryError: CUDA out of memory.", 0), 0U) << all.back();
    const auto current = ok({"-n", "pipeline", kWorker, "--tail", "20"});
    EXPECT_EQ(current.out.find("Traceback"), std::string::npos);
    EXPECT_NE(current.out.find("[rank 8] step "), std::string::npos);
}

TEST_F(KubectlLogsTest, TailTimestampsSinceAndLimitBytes) {
    // A tail longer than the log is the whole log.
    const auto init = ok({"-n", "service", kInference, "-c", "istio-init"});
    EXPECT_EQ(ok({"-n", "service", kInference, "-c", "istio-init", "--tail", "100000"}).out,
              init.out);
    const auto tail = ok({"-n", "pipeline", kMaster, "--tail", "5", "--timestamps"});
    const auto stamped = lines(tail.out);
    ASSERT_EQ(stamped.size(), 5U) << tail.out;
    const std::regex stamp(R"(^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z) Epoch \d+/300 .*)");
    std::vector<std::string> times;
    for (const auto &l : stamped) {
        std::smatch m;
        ASSERT_TRUE(std::regex_match(l, m, stamp)) << l;
        times.push_back(m[1]);
    }
    EXPECT_TRUE(std::is_sorted(times.begin(), times.end()));
    // --since-time: kubectl sends whole seconds; every line at or after that second comes.
    const std::string since = times[2].substr(0, 19) + "Z";
    const auto after = ok({"-n", "pipeline", kMaster, "--timestamps", "--since-time=" + since});
    const auto afterLines = lines(after.out);
    ASSERT_GE(afterLines.size(), 3U);
    EXPECT_GE(afterLines.front().substr(0, 19), since.substr(0, 19));
    EXPECT_NE(after.out.find(stamped[2]), std::string::npos);
    // --since: only the last hour of a notebook that has run for longer.
    const auto hour = ok({"-n", "jupyter", "alice-notebook-6", "--since=1h", "--timestamps"});
    const auto hourLines = lines(hour.out);
    ASSERT_FALSE(hourLines.empty());
    const auto first = Rfc3339::parseSeconds(hourLines.front().substr(0, 30));
    ASSERT_TRUE(first.has_value()) << hourLines.front();
    EXPECT_GE(*first, std::time(nullptr) - 3600 - 5);
    // --limit-bytes cuts in the middle of a line, timestamps counted.
    const auto limited = ok({"-n", "pipeline", kMaster, "--limit-bytes", "100", "--timestamps"});
    EXPECT_EQ(limited.out.size(), 100U);
    EXPECT_NE(limited.out.back(), '\n');
}

TEST_F(KubectlLogsTest, AllContainersAndSelectorsWithPrefixes) {
    const auto all =
        ok({"-n", "service", kInference, "--all-containers", "--prefix", "--tail", "1"});
    for (const char *c : {"istio-init", "main", "istio-proxy"})
        EXPECT_NE(all.out.find("[pod/" + kInference + "/" + c + "] "), std::string::npos)
            << c << "\n"
            << all.out;
    const auto selected =
        ok({"-n", "pipeline", "-l", "training.kubeflow.org/job-name=pytorch-resnet50-vision",
            "--prefix", "--tail", "2"});
    EXPECT_EQ(lines(selected.out).size(), 4U) << selected.out;
    EXPECT_NE(selected.out.find("[pod/" + kMaster + "/main] "), std::string::npos) << selected.out;
}

TEST_F(KubectlLogsTest, FollowStreamsNewLinesAndEndsWhenThePodGoes) {
    auto follow = s_sim->kubectlAsync(
        {"logs", "-f", "--tail", "0", "--timestamps", "-n", "pipeline", kMaster});
    // A line every five seconds: two arrive within fifteen.
    ASSERT_TRUE(follow->waitForOutput("Epoch", std::chrono::seconds(15))) << follow->err();
    const auto firstLine = follow->out();
    ASSERT_TRUE(follow->waitForOutput(firstLine + "20", std::chrono::seconds(15))) << follow->out();
    // The pod is deleted: the stream ends and kubectl exits 0.
    const auto deleted =
        s_sim->kubectl({"delete", "pod", "-n", "pipeline", kMaster, "--wait=false"});
    ASSERT_EQ(deleted.exitCode, 0) << deleted.err;
    const auto done = follow->wait(std::chrono::seconds(10));
    EXPECT_EQ(done.exitCode, 0) << done.err;
}

} // namespace
