// `cubedesk --drain` end to end, beside stock `kubectl drain` on an identical simulated cluster
// (two simulators, same scenario and seed): with the same flags both refuse the same pods, block
// on the same budget, evict the same pods and leave the same pods behind.

#include "tests/support/simprocess.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

using cubedesk::test::Process;
using cubedesk::test::SimProcess;
using nlohmann::json;

namespace {

const std::string kGpuNode = "gpu-a100-vision-2";

class DrainTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ours = new SimProcess({"--scenario", "demo", "--seed", "3"});
        s_theirs = new SimProcess({"--scenario", "demo", "--seed", "3"});
    }
    static void TearDownTestSuite() {
        delete s_ours;
        delete s_theirs;
        s_ours = s_theirs = nullptr;
    }
    void SetUp() override {
        ASSERT_TRUE(s_ours->ready()) << s_ours->error();
        ASSERT_TRUE(s_theirs->ready()) << s_theirs->error();
    }

    /// cubedesk --drain on our simulator; the rows it printed.
    static std::pair<Process::Result, json> cubedesk(std::vector<std::string> args) {
        std::vector<std::string> argv = {SimProcess::appBinary(), "--kubeconfig",
                                         s_ours->kubeconfig(), "--drain"};
        argv.insert(argv.end(), args.begin(), args.end());
        auto r = Process::run(argv, std::chrono::seconds(120), {{"KUBECONFIG", "/nonexistent"}});
        return {r, json::parse(r.out, nullptr, false)};
    }
    static Process::Result kubectl(std::vector<std::string> args) {
        args.insert(args.begin(), "drain");
        return s_theirs->kubectl(std::move(args), std::chrono::seconds(120));
    }
    /// The pods on `node` as "ns/name", sorted.
    static std::vector<std::string> podsOn(const SimProcess &sim, const std::string &node) {
        const auto r = sim.kubectl(
            {"get", "pods", "-A", "--field-selector", "spec.nodeName=" + node, "-o", "json"});
        EXPECT_EQ(r.exitCode, 0) << r.err;
        std::vector<std::string> out;
        const json list = json::parse(r.out);
        for (const auto &p : list["items"])
            if (!p["metadata"].contains("deletionTimestamp"))
                out.push_back(p["metadata"].value("namespace", "") + '/' +
                              p["metadata"].value("name", ""));
        std::sort(out.begin(), out.end());
        return out;
    }
    /// A node with a notebook and no training job (only bare pods, no budget).
    static std::string notebookNode(const SimProcess &sim) {
        const auto r = sim.kubectl({"get", "pods", "-n", "jupyter", "-o", "json"});
        const json list = json::parse(r.out);
        for (const auto &p : list["items"]) {
            const std::string node = p["spec"].value("nodeName", "");
            const auto pods = podsOn(sim, node);
            if (!node.empty() && std::none_of(pods.begin(), pods.end(), [](const std::string &n) {
                    return n.rfind("pipeline/", 0) == 0 || n.rfind("automl/", 0) == 0;
                }))
                return node;
        }
        return {};
    }
    static std::string nodeOf(const SimProcess &sim, const std::string &ns,
                              const std::string &pod) {
        const auto r =
            sim.kubectl({"get", "pod", "-n", ns, pod, "-o", "jsonpath={.spec.nodeName}"});
        return r.out;
    }
    /// Rows with `outcome`, as "ns/name", sorted.
    static std::set<std::string> rows(const json &rows, const std::string &outcome) {
        std::set<std::string> out;
        for (const auto &r : rows)
            if (r.value("outcome", "") == outcome)
                out.insert(r.value("namespace", "") + '/' + r.value("pod", ""));
        return out;
    }
    /// The "ns/name" that kubectl names after `prefix` in its output.
    static std::set<std::string> named(const std::string &text, const std::string &prefix) {
        std::set<std::string> out;
        const std::regex line(prefix + "([a-z0-9.-]+/[a-z0-9.-]+)");
        for (auto it = std::sregex_iterator(text.begin(), text.end(), line);
             it != std::sregex_iterator(); ++it)
            out.insert((*it)[1]);
        return out;
    }

    static SimProcess *s_ours;
    static SimProcess *s_theirs;
};

SimProcess *DrainTest::s_ours = nullptr;
SimProcess *DrainTest::s_theirs = nullptr;

TEST_F(DrainTest, T1_BothRefuseTheSamePodsAndBothCordon) {
    const auto [ours, oursRows] = cubedesk({kGpuNode});
    const auto theirs = kubectl({kGpuNode});
    EXPECT_EQ(ours.exitCode, 1) << ours.err;
    EXPECT_EQ(theirs.exitCode, 1) << theirs.err;
    ASSERT_TRUE(oursRows.is_array()) << ours.out;
    // kubectl's lines: "cannot delete <why>: ns/a, ns/b".
    std::set<std::string> refusedByKubectl;
    std::istringstream lines(theirs.err);
    for (std::string line; std::getline(lines, line);) {
        const auto colon = line.find("): ");
        if (line.rfind("cannot delete ", 0) != 0 || colon == std::string::npos)
            continue;
        std::string pods = line.substr(colon + 3);
        pods.erase(std::remove(pods.begin(), pods.end(), ','), pods.end());
        std::istringstream in(pods);
        for (std::string p; in >> p;)
            refusedByKubectl.insert(p);
    }
    EXPECT_EQ(rows(oursRows, "refused"), refusedByKubectl) << theirs.err;
    EXPECT_FALSE(refusedByKubectl.empty());
    EXPECT_EQ(podsOn(*s_ours, kGpuNode), podsOn(*s_theirs, kGpuNode));
    for (const auto *sim : {s_ours, s_theirs})
        EXPECT_EQ(
            sim->kubectl({"get", "node", kGpuNode, "-o", "jsonpath={.spec.unschedulable}"}).out,
            "true");
}

TEST_F(DrainTest, T2_BothBlockOnTheTrainingJobsBudget) {
    const std::vector<std::string> flags = {kGpuNode, "--ignore-daemonsets",
                                            "--delete-emptydir-data", "--timeout=7"};
    const auto [ours, oursRows] = cubedesk(flags);
    const auto theirs =
        kubectl({kGpuNode, "--ignore-daemonsets", "--delete-emptydir-data", "--timeout=7s"});
    EXPECT_EQ(ours.exitCode, 1);
    EXPECT_EQ(theirs.exitCode, 1);
    ASSERT_TRUE(oursRows.is_array()) << ours.out;
    std::set<std::string> kubectlBlocked;
    const std::regex evicting(
        "error when evicting pods/\"([^\"]+)\" -n \"([^\"]+)\" \\(will retry");
    for (auto it = std::sregex_iterator(theirs.err.begin(), theirs.err.end(), evicting);
         it != std::sregex_iterator(); ++it)
        kubectlBlocked.insert(std::string((*it)[2]) + '/' + std::string((*it)[1]));
    EXPECT_EQ(rows(oursRows, "timed-out"), kubectlBlocked) << theirs.err;
    EXPECT_FALSE(kubectlBlocked.empty());
    for (const auto &r : oursRows)
        if (r.value("outcome", "") == "timed-out") {
            EXPECT_EQ(r.value("budget", ""), "pytorch-resnet50-vision");
            EXPECT_EQ(r.value("job", ""), "PyTorchJob/pytorch-resnet50-vision");
        }
    EXPECT_NE(ours.err.find("The disruption budget pytorch-resnet50-vision needs 2 healthy pods "
                            "and has 2 currently"),
              std::string::npos)
        << ours.err;
    EXPECT_EQ(podsOn(*s_ours, kGpuNode), podsOn(*s_theirs, kGpuNode));
}

TEST_F(DrainTest, T3_BothEvictTheSamePodsWithinABudget) {
    const std::string master = nodeOf(*s_ours, "kube-system", "coredns-7db6d8ff4d-8xk2p");
    ASSERT_EQ(master, nodeOf(*s_theirs, "kube-system", "coredns-7db6d8ff4d-8xk2p"));
    const auto [ours, oursRows] = cubedesk({master, "--ignore-daemonsets", "--timeout=60"});
    const auto theirs = kubectl({master, "--ignore-daemonsets", "--timeout=60s"});
    EXPECT_EQ(ours.exitCode, 0) << ours.err;
    EXPECT_EQ(theirs.exitCode, 0) << theirs.err;
    ASSERT_TRUE(oursRows.is_array()) << ours.out;
    EXPECT_EQ(rows(oursRows, "evicted"), named(theirs.out, "evicting pod "));
    EXPECT_FALSE(rows(oursRows, "evicted").empty());
    EXPECT_EQ(podsOn(*s_ours, master), podsOn(*s_theirs, master));
    EXPECT_FALSE(rows(oursRows, "skipped").empty()) << "the control plane's mirror pods stay";
}

TEST_F(DrainTest, T4_DryRunsAgreeAndChangeNothing) {
    const std::string node = notebookNode(*s_ours);
    ASSERT_FALSE(node.empty());
    ASSERT_EQ(node, notebookNode(*s_theirs));
    const auto before = podsOn(*s_ours, node);
    const auto [ours, oursRows] =
        cubedesk({node, "--ignore-daemonsets", "--force", "--delete-emptydir-data", "--dry-run"});
    const auto theirs = kubectl(
        {node, "--ignore-daemonsets", "--force", "--delete-emptydir-data", "--dry-run=client"});
    EXPECT_EQ(ours.exitCode, 0) << ours.err;
    EXPECT_EQ(theirs.exitCode, 0) << theirs.err;
    ASSERT_TRUE(oursRows.is_array()) << ours.out;
    EXPECT_EQ(rows(oursRows, "dry-run"), named(theirs.out, "evicting pod "));
    EXPECT_EQ(podsOn(*s_ours, node), before);
    EXPECT_EQ(s_ours->kubectl({"get", "node", node, "-o", "jsonpath={.spec.unschedulable}"}).out,
              "");
}

TEST_F(DrainTest, T5_ForceEvictsBarePodsOnBothSides) {
    const std::string node = notebookNode(*s_ours);
    ASSERT_FALSE(node.empty());
    const auto [ours, oursRows] =
        cubedesk({node, "--ignore-daemonsets", "--force", "--delete-emptydir-data",
                  "--grace-period", "1", "--format", "tsv"});
    const auto theirs = kubectl({node, "--ignore-daemonsets", "--force", "--delete-emptydir-data",
                                 "--grace-period=1", "--timeout=60s"});
    EXPECT_EQ(ours.exitCode, 0) << ours.err;
    EXPECT_EQ(theirs.exitCode, 0) << theirs.err;
    EXPECT_EQ(ours.out.rfind("context\tnode\tnamespace\tpod\taction\toutcome", 0), 0u) << ours.out;
    EXPECT_NE(ours.out.find("\tevict\tevicted"), std::string::npos) << ours.out;
    EXPECT_EQ(podsOn(*s_ours, node), podsOn(*s_theirs, node));
}

TEST_F(DrainTest, T6_AnUnknownNodeIsAClearError) {
    const auto [r, rows] = cubedesk({"no-such-node"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("nodes \"no-such-node\" not found"), std::string::npos) << r.err;
}

} // namespace
