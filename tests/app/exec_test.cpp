// `cubedesk --exec` against stock `kubectl exec`, the independent client, on the simulator:
// the same stdout, stderr where kubectl's words are the server's, and the same exit codes — for
// output, stdin, non-zero exits, a command that does not exist, and the API server's refusals
// (pod not found, container not valid, not scheduled, completed, forbidden).

#include "tests/support/demologpods.h"
#include "tests/support/simprocess.h"

#include <gtest/gtest.h>

using cubedesk::test::Process;
using cubedesk::test::SimProcess;

namespace {

const std::string &kMaster = cubedesk::test::kDemoMasterPod; // namespace pipeline, 4 GPUs

class ExecTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_sim = new SimProcess(
            {"--scenario", "demo", "--readonly-token", "viewer-token-9", "--seed", "7"});
    }
    static void TearDownTestSuite() {
        delete s_sim;
        s_sim = nullptr;
    }
    void SetUp() override { ASSERT_TRUE(s_sim->ready()) << s_sim->error(); }

    /// `kubectl exec ARGS` and `cubedesk --exec TARGET ARGS`, with the same stdin.
    struct Both {
        Process::Result kubectl;
        Process::Result cubedesk;
    };
    static Both both(const std::string &ns, const std::string &pod, std::vector<std::string> flags,
                     std::vector<std::string> command,
                     std::optional<std::string> input = std::nullopt,
                     const std::string &context = "") {
        std::vector<std::string> k = {"exec", "-n", ns, pod};
        std::vector<std::string> c = {SimProcess::appBinary(), "--kubeconfig", s_sim->kubeconfig(),
                                      "--exec",
                                      (context.empty() ? "" : context + '/') + ns + '/' + pod};
        if (!context.empty())
            k.insert(k.begin(), {"--context", context});
        for (const auto &f : flags) {
            k.push_back(f);
            c.push_back(f);
        }
        k.push_back("--");
        c.push_back("--");
        for (const auto &a : command) {
            k.push_back(a);
            c.push_back(a);
        }
        Both b;
        b.kubectl = s_sim->kubectl(k, std::chrono::seconds(60), input);
        b.cubedesk = Process::run(c, std::chrono::seconds(60), {}, input);
        return b;
    }
    /// The first pod (namespace/name) in a phase.
    static std::pair<std::string, std::string> podIn(const std::string &phase) {
        const auto r =
            s_sim->kubectl({"get", "pods", "-A", "--field-selector", "status.phase=" + phase, "-o",
                            "jsonpath={.items[0].metadata.namespace}/"
                            "{.items[0].metadata.name}"});
        const auto slash = r.out.find('/');
        EXPECT_NE(slash, std::string::npos) << r.err;
        return {r.out.substr(0, slash), r.out.substr(slash + 1)};
    }

    static SimProcess *s_sim;
};

SimProcess *ExecTest::s_sim = nullptr;

TEST_F(ExecTest, OutputAndExitCodeOfASimpleCommand) {
    const auto b = both("pipeline", kMaster, {}, {"echo", "hello", "world"});
    EXPECT_EQ(b.kubectl.exitCode, 0) << b.kubectl.err;
    EXPECT_EQ(b.kubectl.out, "hello world\n");
    EXPECT_EQ(b.cubedesk.exitCode, 0) << b.cubedesk.err;
    EXPECT_EQ(b.cubedesk.out, b.kubectl.out);
    EXPECT_EQ(b.cubedesk.err, "");
}

TEST_F(ExecTest, StderrAndANonZeroExit) {
    const auto b = both("pipeline", kMaster, {}, {"cat", "/etc/hostname", "/nope"});
    EXPECT_EQ(b.kubectl.exitCode, 1);
    EXPECT_EQ(b.kubectl.out, kMaster + "\n");
    EXPECT_NE(b.kubectl.err.find("cat: /nope: No such file or directory"), std::string::npos)
        << b.kubectl.err;
    EXPECT_NE(b.kubectl.err.find("command terminated with exit code 1"), std::string::npos);
    EXPECT_EQ(b.cubedesk.exitCode, b.kubectl.exitCode);
    EXPECT_EQ(b.cubedesk.out, b.kubectl.out);
    EXPECT_EQ(b.cubedesk.err, b.kubectl.err);

    const auto three = both("pipeline", kMaster, {}, {"sh", "-c", "echo before; exit 3"});
    EXPECT_EQ(three.kubectl.exitCode, 3) << three.kubectl.err;
    EXPECT_EQ(three.cubedesk.exitCode, 3) << three.cubedesk.err;
    EXPECT_EQ(three.cubedesk.out, "before\n");
    EXPECT_EQ(three.cubedesk.out, three.kubectl.out);
}

TEST_F(ExecTest, StdinIsTheCommandsAndItsEndEndsTheShell) {
    const std::string script = "echo from-stdin\nhostname\nexit 4\n";
    const auto b = both("pipeline", kMaster, {"-i"}, {"sh"}, script);
    EXPECT_EQ(b.kubectl.exitCode, 4) << b.kubectl.err;
    EXPECT_EQ(b.kubectl.out, "from-stdin\n" + kMaster + "\n");
    EXPECT_EQ(b.cubedesk.exitCode, 4) << b.cubedesk.err;
    EXPECT_EQ(b.cubedesk.out, b.kubectl.out);
    // Without exit, the end of stdin ends the shell with its last status (v5's close).
    const auto eof = both("pipeline", kMaster, {"-i"}, {"sh"}, std::string("echo last\n"));
    EXPECT_EQ(eof.kubectl.exitCode, 0) << eof.kubectl.err;
    EXPECT_EQ(eof.cubedesk.exitCode, 0) << eof.cubedesk.err;
    EXPECT_EQ(eof.cubedesk.out, "last\n");
}

TEST_F(ExecTest, NvidiaSmiListsTheContainersGpus) {
    const auto b = both("pipeline", kMaster, {}, {"nvidia-smi", "-L"});
    EXPECT_EQ(b.kubectl.exitCode, 0) << b.kubectl.err;
    EXPECT_EQ(b.kubectl.out.rfind("GPU 0: NVIDIA ", 0), 0u) << b.kubectl.out;
    EXPECT_NE(b.kubectl.out.find("GPU 3: "), std::string::npos) << b.kubectl.out; // 4 GPUs
    EXPECT_EQ(b.cubedesk.out, b.kubectl.out);
}

TEST_F(ExecTest, ACommandThatDoesNotExist) {
    const auto b = both("pipeline", kMaster, {}, {"no-such-binary"});
    EXPECT_EQ(b.kubectl.exitCode, 126) << b.kubectl.err;
    EXPECT_EQ(b.cubedesk.exitCode, 126) << b.cubedesk.err;
    EXPECT_NE(b.cubedesk.err.find("executable file not found in $PATH"), std::string::npos);
}

TEST_F(ExecTest, KubectlWithATerminal) {
    // kubectl exec -it needs a terminal on its stdin: script(1) gives it one (a pty on this
    // machine, nothing in the container). The simulated shell echoes, prompts and resizes.
    const auto args = s_sim->kubectlArgs({"exec", "-it", "-n", "pipeline", kMaster, "--", "sh"});
    std::string line;
    for (const auto &a : args)
        line += (line.empty() ? "" : " ") + a;
    const auto r = Process::run({"script", "-qefc", line, "/dev/null"}, std::chrono::seconds(60),
                                {}, std::string("stty size\recho tty-ok\rexit 5\r"));
    EXPECT_EQ(r.exitCode, 5) << r.out << r.err;
    EXPECT_NE(r.out.find("tty-ok\r\n"), std::string::npos) << r.out; // the terminal's line ends
    EXPECT_NE(r.out.find("# "), std::string::npos) << r.out;         // the prompt
}

TEST_F(ExecTest, TheApiServersRefusals) {
    const auto missing = both("pipeline", "no-such-pod", {}, {"true"});
    EXPECT_NE(missing.kubectl.exitCode, 0);
    EXPECT_NE(missing.kubectl.err.find("pods \"no-such-pod\" not found"), std::string::npos);
    EXPECT_EQ(missing.cubedesk.exitCode, 1);
    EXPECT_NE(missing.cubedesk.err.find("pods \"no-such-pod\" not found"), std::string::npos)
        << missing.cubedesk.err;

    const auto container = both("pipeline", kMaster, {"-c", "nope"}, {"true"});
    EXPECT_NE(container.kubectl.exitCode, 0);
    EXPECT_NE(container.kubectl.err.find("container nope is not valid for pod " + kMaster),
              std::string::npos)
        << container.kubectl.err;
    EXPECT_EQ(container.cubedesk.exitCode, 1);
    EXPECT_NE(container.cubedesk.err.find("container nope is not valid for pod " + kMaster),
              std::string::npos)
        << container.cubedesk.err;

    const auto [pendingNs, pending] = podIn("Pending");
    const auto unscheduled = both(pendingNs, pending, {}, {"true"});
    EXPECT_NE(unscheduled.kubectl.exitCode, 0);
    EXPECT_EQ(unscheduled.cubedesk.exitCode, 1);
    for (const auto *r : {&unscheduled.kubectl, &unscheduled.cubedesk})
        EXPECT_TRUE(r->err.find("does not have a host assigned") != std::string::npos ||
                    r->err.find("container not found") != std::string::npos)
            << r->err;

    const auto [doneNs, done] = podIn("Succeeded");
    const auto completed = both(doneNs, done, {}, {"true"});
    EXPECT_NE(completed.kubectl.exitCode, 0);
    EXPECT_EQ(completed.cubedesk.exitCode, 1);
    for (const auto *r : {&completed.kubectl, &completed.cubedesk})
        EXPECT_NE(r->err.find("cannot exec into a container in a completed pod; current phase is "
                              "Succeeded"),
                  std::string::npos)
            << r->err;

    const auto forbidden =
        both("pipeline", kMaster, {}, {"true"}, std::nullopt, "cubedesk-sim-readonly");
    EXPECT_NE(forbidden.kubectl.exitCode, 0);
    EXPECT_EQ(forbidden.cubedesk.exitCode, 1);
    for (const auto *r : {&forbidden.kubectl, &forbidden.cubedesk})
        EXPECT_NE(r->err.find("User \"viewer\" cannot create resource \"pods/exec\" in API group "
                              "\"\" in the namespace \"pipeline\""),
                  std::string::npos)
            << r->err;
}

} // namespace
