// `cubedesk --dump rebalance` end to end: the real binary against the simulator. A cluster
// loaded from manifests has one known answer (the pending-driven move of beta's least-loaded
// node into the full org alpha, with the ratios before and after); on the demo cluster the first
// proposal is checked against kubectl (the pending PyTorchJob pod of vision pulls a node of the
// only eligible GPU org, speech).

#include "tests/support/simprocess.h"

#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using cubedesk::test::Process;
using cubedesk::test::SimProcess;
using cubedesk::test::TempDir;
using nlohmann::json;

namespace {

std::string node(const std::string &name, const std::string &org, int index) {
    return "apiVersion: v1\nkind: Node\nmetadata:\n  name: " + name +
           "\n  labels:\n    org: " + org +
           "\n    cpu: \"true\"\n    train: \"true\"\nstatus:\n  allocatable: {cpu: \"8\", "
           "memory: 32Gi, pods: \"110\"}\n  addresses:\n  - {type: InternalIP, address: "
           "10.0.0." +
           std::to_string(index) + "}\n  conditions:\n  - {type: Ready, status: \"True\"}\n";
}

std::string pod(const std::string &name, const std::string &org, const std::string &cpu,
                const std::string &nodeName) {
    std::string s = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: " + name +
                    "\n  namespace: pipeline\n  creationTimestamp: \"2026-01-01T00:00:00Z\"\n"
                    "spec:\n  nodeSelector: {org: " +
                    org + ", cpu: \"true\"}\n";
    if (!nodeName.empty())
        s += "  nodeName: " + nodeName + "\n";
    s += "  containers:\n  - name: main\n    image: busybox\n    resources:\n      requests: "
         "{cpu: \"" +
         cpu + "\", memory: 1Gi}\n";
    if (!nodeName.empty())
        s += "status:\n  phase: Running\n";
    return s;
}

Process::Result dump(const SimProcess &sim) {
    return Process::run(
        {SimProcess::appBinary(), "--dump", "rebalance", "--kubeconfig", sim.kubeconfig()},
        std::chrono::seconds(120), {{"KUBECONFIG", "/nonexistent"}});
}

} // namespace

TEST(RebalanceDumpTest, LoadedClusterGivesThePendingDrivenMoveWithItsRatios) {
    TempDir dir;
    {
        std::ofstream out(dir.path() + "/cluster.yaml");
        out << "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: pipeline\n---\n";
        int index = 1;
        for (const std::string org : {"alpha", "beta"})
            for (int i = 1; i <= 3; ++i)
                out << node("cpu-" + org + '-' + std::to_string(i), org, index++) << "---\n";
        for (int i = 1; i <= 3; ++i)
            out << pod("train-alpha-" + std::to_string(i), "alpha", "7",
                       "cpu-alpha-" + std::to_string(i))
                << "---\n";
        out << pod("run-beta", "beta", "1", "cpu-beta-2") << "---\n";
        out << pod("waiting", "alpha", "4", "");
    }
    SimProcess sim({"--scenario", "empty", "--load", dir.path()});
    ASSERT_TRUE(sim.ready()) << sim.error();
    const auto r = dump(sim);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json rows = json::parse(r.out, nullptr, false);
    ASSERT_TRUE(rows.is_array()) << r.out;
    ASSERT_EQ(rows.size(), 1u) << r.out;
    const json &m = rows[0];
    EXPECT_EQ(m["run"], 1);
    EXPECT_EQ(m["device"], "cpu");
    EXPECT_EQ(m["reason"], "pending");
    EXPECT_EQ(m["node"], "cpu-beta-1");
    EXPECT_EQ(m["node_ip"], "10.0.0.4");
    EXPECT_EQ(m["from_org"], "beta");
    EXPECT_EQ(m["to_org"], "alpha");
    EXPECT_EQ(m["pod"], "pipeline/waiting");
    EXPECT_EQ(m["pod_fits"], "yes");
    EXPECT_DOUBLE_EQ(m["from_ratio_before"].get<double>(), 0.0417); // 1/24
    EXPECT_DOUBLE_EQ(m["from_ratio_after"].get<double>(), 0.0625);  // 1/16
    EXPECT_DOUBLE_EQ(m["to_ratio_before"].get<double>(), 0.875);    // 21/24
    EXPECT_DOUBLE_EQ(m["to_ratio_after"].get<double>(), 0.7813);    // 25/32: the pod runs
    EXPECT_NE(m["explanation"].get<std::string>().find("pipeline/waiting has been pending"),
              std::string::npos);
    // Then beta has 2 nodes and takes no part: the preview says why it stopped.
    EXPECT_NE(r.err.find("note: cluster"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("the busiest and least-loaded org is the same (alpha)"), std::string::npos)
        << r.err;
}

TEST(RebalanceDumpTest, DemoClusterFirstProposalMatchesKubectl) {
    SimProcess sim({"--scenario", "demo"});
    ASSERT_TRUE(sim.ready()) << sim.error();
    const auto r = dump(sim);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json rows = json::parse(r.out, nullptr, false);
    ASSERT_TRUE(rows.is_array() && !rows.empty()) << r.out;
    const json &first = rows[0];
    EXPECT_EQ(first["run"], 1);
    EXPECT_EQ(first["reason"], "pending");
    EXPECT_EQ(first["device"], "gpu");
    EXPECT_EQ(first["pod"], "pipeline/pytorch-detr-vision-master-0");
    EXPECT_EQ(first["to_org"], "vision");
    EXPECT_EQ(first["from_org"], "speech"); // the only org with 3 GPU nodes
    const std::string node = first["node"];
    const auto labels = sim.kubectl(
        {"get", "node", node, "-o", "jsonpath={.metadata.labels.org} {.metadata.labels.gpu}"});
    EXPECT_EQ(labels.out, "speech true");
    // speech's least-loaded GPU node (gpu-v100-speech-3, no GPU in use) is NotReady: the pod
    // could not start there, so the pending rule takes a Ready one.
    EXPECT_NE(node, "gpu-v100-speech-3");
    const auto ready = sim.kubectl(
        {"get", "node", node, "-o", R"(jsonpath={.status.conditions[?(@.type=="Ready")].status})"});
    EXPECT_EQ(ready.out, "True") << node;
    const auto pending =
        sim.kubectl({"get", "pod", "-n", "pipeline", "pytorch-detr-vision-master-0", "-o",
                     "jsonpath={.status.phase}"});
    EXPECT_EQ(pending.out, "Pending");
    for (const auto &row : rows)
        for (const char *field :
             {"cluster", "run", "device", "reason", "node", "node_ip", "from_org", "to_org", "pod",
              "pod_fits", "from_ratio_before", "from_ratio_after", "to_ratio_before",
              "to_ratio_after", "explanation"})
            EXPECT_TRUE(row.contains(field)) << field << " in " << row.dump();
}
