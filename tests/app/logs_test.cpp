// `cubedesk --logs` end to end: the real binary against the simulator over TLS, byte for byte
// what kubectl logs writes for the same options; a training job's aggregated log; errors.

#include "tests/support/demologpods.h"
#include "tests/support/simprocess.h"

#include <gtest/gtest.h>
#include <sstream>

using cubedesk::test::Process;
using cubedesk::test::SimProcess;

namespace {

const std::string &kInference = cubedesk::test::kDemoInferencePod;
const std::string &kMaster = cubedesk::test::kDemoMasterPod;
const std::string &kWorker = cubedesk::test::kDemoWorkerPod;

class LogsCommandTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() { s_sim = new SimProcess({"--scenario", "demo", "--seed", "5"}); }
    static void TearDownTestSuite() {
        delete s_sim;
        s_sim = nullptr;
    }
    void SetUp() override { ASSERT_TRUE(s_sim->ready()) << s_sim->error(); }

    static Process::Result cubedesk(const std::vector<std::string> &args) {
        std::vector<std::string> argv = {SimProcess::appBinary(), "--kubeconfig",
                                         s_sim->kubeconfig()};
        argv.insert(argv.end(), args.begin(), args.end());
        return Process::run(argv, std::chrono::seconds(60), {{"KUBECONFIG", "/nonexistent"}});
    }
    /// `cubedesk --logs NS/POD ARGS` and `kubectl logs -n NS POD ARGS` write the same bytes.
    static void expectSame(const std::string &ns, const std::string &pod,
                           const std::vector<std::string> &args) {
        std::vector<std::string> k = {"logs", "-n", ns, pod};
        k.insert(k.end(), args.begin(), args.end());
        const auto kube = s_sim->kubectl(k);
        std::vector<std::string> c = {"--logs", ns + '/' + pod};
        c.insert(c.end(), args.begin(), args.end());
        const auto ours = cubedesk(c);
        ASSERT_EQ(kube.exitCode, 0) << kube.err;
        ASSERT_EQ(ours.exitCode, 0) << ours.err;
        EXPECT_FALSE(ours.out.empty());
        EXPECT_EQ(ours.out, kube.out) << pod;
        EXPECT_EQ(ours.err, kube.err) << "the same notices on stderr";
    }
    static SimProcess *s_sim;
};

SimProcess *LogsCommandTest::s_sim = nullptr;

// Runs that ended (a previous run, an init container) and the first bytes of a running one do
// not change between the two reads.
TEST_F(LogsCommandTest, ByteForByteWhatKubectlWrites) {
    expectSame("pipeline", kWorker, {"--previous"});
    expectSame("pipeline", kWorker, {"--previous", "--timestamps", "--tail", "7"});
    expectSame("service", kInference, {"--container", "istio-init", "--timestamps"});
    expectSame("service", kInference, {"--container", "istio-init", "--tail", "3"});
    expectSame("pipeline", kMaster, {"--limit-bytes", "3000"});
    expectSame("pipeline", kMaster, {"--limit-bytes", "5000", "--timestamps"});
    expectSame("pipeline", kWorker,
               {"--previous", "--since-time", "2000-01-01T00:00:00Z", "--limit-bytes", "9000"});
}

TEST_F(LogsCommandTest, FollowEndsAfterTheTimeAsked) {
    const auto followed =
        cubedesk({"--logs", "pipeline/" + kMaster, "--tail", "1", "--follow", "9"});
    EXPECT_EQ(followed.exitCode, 0) << followed.err;
    std::istringstream in(followed.out);
    int lines = 0;
    for (std::string line; std::getline(in, line);)
        lines += line.rfind("Epoch ", 0) == 0 ? 1 : 0;
    EXPECT_GE(lines, 2) << "the last line, then at least one new one (a line every 5 to 6.25 s)";
}

TEST_F(LogsCommandTest, AJobsPodsInterleavedAndPrefixed) {
    const auto job = cubedesk({"--logs", "job:pipeline/PyTorchJob/pytorch-resnet50-vision",
                               "--previous", "--tail", "40"});
    // Only the worker ran before: its previous run, prefixed; the master has none (stderr).
    ASSERT_EQ(job.exitCode, 0) << job.err;
    std::istringstream in(job.out);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    ASSERT_EQ(lines.size(), 40U) << job.out;
    for (const auto &l : lines)
        EXPECT_EQ(l.rfind("[pod/" + kWorker + "/main] ", 0), 0U) << l;
    EXPECT_NE(job.err.find("[pod/" + kMaster + "/main] previous terminated container"),
              std::string::npos)
        << job.err;

    const auto current = cubedesk({"--logs", "job:pipeline/PyTorchJob/pytorch-resnet50-vision",
                                   "--tail", "4", "--timestamps"});
    ASSERT_EQ(current.exitCode, 0) << current.err;
    std::istringstream cin(current.out);
    std::vector<std::string> times;
    bool master = false;
    bool worker = false;
    for (std::string line; std::getline(cin, line);) {
        const auto close = line.find("] ");
        ASSERT_NE(close, std::string::npos) << line;
        master = master || line.rfind("[pod/" + kMaster + "/", 0) == 0;
        worker = worker || line.rfind("[pod/" + kWorker + "/", 0) == 0;
        times.push_back(line.substr(close + 2, 30));
    }
    EXPECT_TRUE(master && worker) << current.out;
    EXPECT_EQ(times.size(), 8U);
    EXPECT_TRUE(std::is_sorted(times.begin(), times.end())) << "interleaved by time";
}

TEST_F(LogsCommandTest, AJobsLogIsFollowedAcrossItsPods) {
    // The last line of each pod, then new ones from both as they come (a line every ~5 s each).
    const auto job = cubedesk({"--logs", "job:pipeline/PyTorchJob/pytorch-resnet50-vision",
                               "--tail", "1", "--timestamps", "--follow", "12"});
    ASSERT_EQ(job.exitCode, 0) << job.err;
    std::istringstream in(job.out);
    std::vector<std::string> times;
    int master = 0;
    int worker = 0;
    for (std::string line; std::getline(in, line);) {
        const auto close = line.find("] ");
        ASSERT_NE(close, std::string::npos) << line;
        master += line.rfind("[pod/" + kMaster + "/", 0) == 0 ? 1 : 0;
        worker += line.rfind("[pod/" + kWorker + "/", 0) == 0 ? 1 : 0;
        times.push_back(line.substr(close + 2, 30));
    }
    EXPECT_GE(master, 2) << job.out;
    EXPECT_GE(worker, 2) << job.out;
    EXPECT_TRUE(std::is_sorted(times.begin(), times.end())) << job.out;
}

TEST_F(LogsCommandTest, ErrorsAreOneLineAndNonZero) {
    const auto missing = cubedesk({"--logs", "service/no-such-pod"});
    EXPECT_NE(missing.exitCode, 0);
    EXPECT_EQ(missing.err, "cubedesk: pods \"no-such-pod\" not found in namespace \"service\"\n");
    const auto container = cubedesk({"--logs", "service/" + kInference, "--container", "nope"});
    EXPECT_NE(container.exitCode, 0);
    EXPECT_EQ(container.err, "cubedesk: container nope is not valid for pod " + kInference + "\n");
    const auto bad = cubedesk({"--logs", "just-a-name"});
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1);
    const auto since = cubedesk({"--logs", "service/" + kInference, "--since", "soon"});
    EXPECT_EQ(since.exitCode, 2);
}

} // namespace
