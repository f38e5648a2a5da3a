// Node maintenance on the simulator, driven by stock kubectl as the independent client: cordon,
// the eviction subresource and disruption budgets, graceful termination, terminating
// namespaces, and `kubectl drain` with its flags refusing, blocking and evicting exactly as it
// does against a real cluster (docs/simulator.md).

#include "tests/support/simprocess.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <thread>

using cubedesk::test::Process;
using cubedesk::test::SimProcess;
using nlohmann::json;

namespace {

// The demo (seed 1): a vision A100 node holds the device plugin's DaemonSet pod and one worker
// of a two-replica PyTorchJob whose budget keeps both replicas; CoreDNS runs two replicas on the
// masters under a maxUnavailable 1 budget; the masters also hold static (mirror) pods.
const std::string kGpuNode = "gpu-a100-vision-2";
const std::string kWorker = "pytorch-resnet50-vision-worker-0";

class KubectlDrainTest : public ::testing::Test {
protected:
    void SetUp() override {
        m_sim = std::make_unique<SimProcess>(std::vector<std::string>{"--scenario", "demo"});
        ASSERT_TRUE(m_sim->ready()) << m_sim->error();
    }

    Process::Result kubectl(std::vector<std::string> args) const {
        return m_sim->kubectl(std::move(args), std::chrono::seconds(90));
    }
    json get(std::vector<std::string> args) const {
        args.insert(args.begin(), "get");
        args.insert(args.end(), {"-o", "json"});
        const auto r = kubectl(std::move(args));
        EXPECT_EQ(r.exitCode, 0) << r.err;
        return json::parse(r.out, nullptr, false);
    }
    bool exists(const std::string &ns, const std::string &pod) const {
        return kubectl({"get", "pod", "-n", ns, pod}).exitCode == 0;
    }
    bool cordoned(const std::string &node) const {
        return get({"node", node})["spec"].value("unschedulable", false);
    }
    /// The pods on `node` as "ns/name".
    std::vector<std::string> podsOn(const std::string &node) const {
        std::vector<std::string> out;
        const json list = get({"pods", "-A", "--field-selector", "spec.nodeName=" + node});
        for (const auto &p : list["items"])
            out.push_back(p["metadata"].value("namespace", "") + '/' +
                          p["metadata"].value("name", ""));
        return out;
    }
    /// The node a pod runs on.
    std::string nodeOf(const std::string &ns, const std::string &pod) const {
        return get({"pod", "-n", ns, pod})["spec"].value("nodeName", "");
    }
    int allowedDisruptions(const std::string &ns, const std::string &pdb) const {
        return get({"pdb", "-n", ns, pdb})["status"].value("disruptionsAllowed", -1);
    }

    std::unique_ptr<SimProcess> m_sim;
};

TEST_F(KubectlDrainTest, RefusesDaemonSetAndLocalDataPodsButCordonsFirst) {
    const auto r = kubectl({"drain", kGpuNode});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.out.find("node/" + kGpuNode + " cordoned"), std::string::npos) << r.out;
    EXPECT_NE(r.err.find("cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to "
                         "ignore): kube-system/nvidia-device-plugin-daemonset-"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("cannot delete Pods with local storage (use --delete-emptydir-data to "
                         "override): pipeline/" +
                         kWorker),
              std::string::npos)
        << r.err;
    EXPECT_TRUE(cordoned(kGpuNode));
    EXPECT_TRUE(exists("pipeline", kWorker)) << "a refused drain evicts nothing";
}

TEST_F(KubectlDrainTest, ATrainingJobsBudgetBlocksEvictionUntilTheTimeout) {
    ASSERT_EQ(allowedDisruptions("pipeline", "pytorch-resnet50-vision"), 0);
    const auto r = kubectl(
        {"drain", kGpuNode, "--ignore-daemonsets", "--delete-emptydir-data", "--timeout=7s"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("Warning: ignoring DaemonSet-managed Pods: "
                         "kube-system/nvidia-device-plugin-daemonset-"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("error when evicting pods/\"" + kWorker +
                         "\" -n \"pipeline\" (will retry after 5s): Cannot evict pod as it would "
                         "violate the pod's disruption budget."),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("global timeout reached: 7s"), std::string::npos) << r.err;
    EXPECT_TRUE(exists("pipeline", kWorker));
    // The eviction's own answer: a 429 Status whose cause names the budget.
    const std::string body = m_sim->dir().path() + "/eviction.json";
    {
        std::FILE *f = std::fopen(body.c_str(), "w");
        ASSERT_NE(f, nullptr);
        const std::string eviction =
            json{{"apiVersion", "policy/v1"},
                 {"kind", "Eviction"},
                 {"metadata", {{"name", kWorker}, {"namespace", "pipeline"}}}}
                .dump();
        std::fwrite(eviction.data(), 1, eviction.size(), f);
        std::fclose(f);
    }
    const auto raw =
        kubectl({"create", "--raw", "/api/v1/namespaces/pipeline/pods/" + kWorker + "/eviction",
                 "-f", body, "-v=6"});
    EXPECT_NE(raw.exitCode, 0);
    EXPECT_NE(raw.err.find("429"), std::string::npos) << raw.err;
    EXPECT_NE(raw.err.find("Cannot evict pod as it would violate the pod's disruption budget."),
              std::string::npos)
        << raw.err;
}

TEST_F(KubectlDrainTest, EvictsWithinABudgetSkipsMirrorPodsAndCountsTheDisruption) {
    const std::string first =
        get({"pods", "-n", "kube-system", "-l", "k8s-app=kube-dns"})["items"][0]["metadata"].value(
            "name", "");
    const std::string master = nodeOf("kube-system", first);
    ASSERT_EQ(allowedDisruptions("kube-system", "coredns"), 1);
    const auto before = podsOn(master);
    const auto r = kubectl({"drain", master, "--ignore-daemonsets", "--timeout=60s"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("evicting pod kube-system/" + first), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("pod/" + first + " evicted"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("node/" + master + " drained"), std::string::npos) << r.out;
    // Static pods stay, silently: only the kubelet can stop them.
    const auto after = podsOn(master);
    EXPECT_NE(std::find(after.begin(), after.end(), "kube-system/kube-apiserver-" + master),
              after.end());
    EXPECT_EQ(r.out.find("kube-apiserver"), std::string::npos);
    EXPECT_EQ(r.err.find("kube-apiserver"), std::string::npos);
    EXPECT_LT(after.size(), before.size());
    // CoreDNS's ReplicaSet replaces the evicted replica on another, schedulable master; once
    // it is ready the budget allows one disruption again.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    std::vector<std::string> replicas;
    while (std::chrono::steady_clock::now() < deadline) {
        replicas.clear();
        const json dns = get({"pods", "-n", "kube-system", "-l", "k8s-app=kube-dns"});
        for (const auto &p : dns["items"])
            if (!p["metadata"].contains("deletionTimestamp") &&
                p["status"].value("phase", "") == "Running")
                replicas.push_back(p["metadata"].value("name", ""));
        if (replicas.size() == 2 && allowedDisruptions("kube-system", "coredns") == 1)
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    ASSERT_EQ(replicas.size(), 2u);
    EXPECT_EQ(std::find(replicas.begin(), replicas.end(), first), replicas.end());
    for (const auto &name : replicas)
        EXPECT_NE(nodeOf("kube-system", name), master) << name;
    EXPECT_EQ(allowedDisruptions("kube-system", "coredns"), 1);
}

TEST_F(KubectlDrainTest, DryRunsChangeNothing) {
    // Client: nothing is sent.
    const auto before = podsOn(kGpuNode);
    const auto client = kubectl(
        {"drain", kGpuNode, "--ignore-daemonsets", "--delete-emptydir-data", "--dry-run=client"});
    EXPECT_EQ(client.exitCode, 0) << client.err;
    EXPECT_NE(client.out.find("evicting pod pipeline/" + kWorker + " (dry run)"), std::string::npos)
        << client.out;
    EXPECT_FALSE(cordoned(kGpuNode));
    EXPECT_EQ(podsOn(kGpuNode), before);
    // Server: the server checks the cordon and each eviction — budgets included — and keeps
    // nothing, not even the disruption it would have counted.
    const std::string coredns =
        get({"pods", "-n", "kube-system", "-l", "k8s-app=kube-dns"})["items"][0]["metadata"].value(
            "name", "");
    const std::string master = nodeOf("kube-system", coredns);
    const auto onMaster = podsOn(master);
    const auto server = kubectl({"drain", master, "--ignore-daemonsets", "--dry-run=server"});
    EXPECT_EQ(server.exitCode, 0) << server.err;
    EXPECT_NE(server.out.find("evicting pod kube-system/" + coredns + " (server dry run)"),
              std::string::npos)
        << server.out;
    EXPECT_NE(server.out.find("node/" + master + " drained (server dry run)"), std::string::npos);
    EXPECT_FALSE(cordoned(master));
    EXPECT_EQ(podsOn(master), onMaster);
    EXPECT_EQ(allowedDisruptions("kube-system", "coredns"), 1);
    // A budget that says no says so in a server dry run too.
    const auto blocked = kubectl({"drain", kGpuNode, "--ignore-daemonsets",
                                  "--delete-emptydir-data", "--dry-run=server", "--timeout=3s"});
    EXPECT_EQ(blocked.exitCode, 1);
    EXPECT_NE(blocked.err.find("violate the pod's disruption budget"), std::string::npos);
    EXPECT_EQ(podsOn(kGpuNode), before);
}

TEST_F(KubectlDrainTest, BarePodsNeedForceAndThenGoGracefully) {
    // bob-notebook-7's node holds notebooks and an inference pod, all bare, and no job.
    const std::string node = nodeOf("jupyter", "bob-notebook-7");
    ASSERT_FALSE(node.empty());
    const auto refused = kubectl({"drain", node, "--ignore-daemonsets", "--timeout=30s"});
    EXPECT_EQ(refused.exitCode, 1);
    EXPECT_NE(refused.err.find("Pods that declare no controller (use --force to override): "),
              std::string::npos)
        << refused.err;
    EXPECT_NE(refused.err.find("jupyter/bob-notebook-7"), std::string::npos);
    const auto forced = kubectl({"drain", node, "--ignore-daemonsets", "--force",
                                 "--delete-emptydir-data", "--grace-period=1", "--timeout=60s"});
    EXPECT_EQ(forced.exitCode, 0) << forced.err;
    EXPECT_NE(forced.err.find("Warning: deleting Pods that declare no controller: "),
              std::string::npos)
        << forced.err;
    EXPECT_NE(forced.out.find("pod/bob-notebook-7 evicted"), std::string::npos) << forced.out;
    EXPECT_FALSE(exists("jupyter", "bob-notebook-7"));
}

TEST_F(KubectlDrainTest, DisableEvictionDeletesPastTheBudget) {
    const auto r = kubectl({"drain", kGpuNode, "--ignore-daemonsets", "--delete-emptydir-data",
                            "--disable-eviction", "--timeout=60s"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("pod/" + kWorker + " deleted"), std::string::npos) << r.out;
    EXPECT_FALSE(exists("pipeline", kWorker));
    EXPECT_EQ(allowedDisruptions("pipeline", "pytorch-resnet50-vision"), 0);
}

TEST_F(KubectlDrainTest, ADeletedPodTerminatesThenGoes) {
    const auto r = kubectl({"delete", "pod", "-n", "pipeline", kWorker, "--wait=false"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    // Marked at once (its grace period is 30 s; its containers stop within the simulator's
    // shutdown time), then removed by the kubelet's part.
    const json marked = get({"pod", "-n", "pipeline", kWorker});
    EXPECT_TRUE(marked["metadata"].contains("deletionTimestamp")) << marked.dump();
    EXPECT_EQ(marked["metadata"].value("deletionGracePeriodSeconds", 0), 30);
    const auto gone =
        kubectl({"wait", "--for=delete", "pod/" + kWorker, "-n", "pipeline", "--timeout=20s"});
    EXPECT_EQ(gone.exitCode, 0) << gone.err;
    EXPECT_FALSE(exists("pipeline", kWorker));
}

TEST_F(KubectlDrainTest, ATerminatingNamespaceRefusesNewContentAndGoesWithItsLastPod) {
    const auto r = kubectl({"delete", "namespace", "jupyter", "--wait=false"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    const json ns = get({"namespace", "jupyter"});
    EXPECT_EQ(ns["status"].value("phase", ""), "Terminating") << ns.dump();
    const auto create = kubectl({"create", "configmap", "late", "-n", "jupyter"});
    EXPECT_NE(create.exitCode, 0);
    EXPECT_NE(create.err.find("unable to create new content in namespace jupyter because it is "
                              "being terminated"),
              std::string::npos)
        << create.err;
    const auto gone = kubectl({"wait", "--for=delete", "namespace/jupyter", "--timeout=30s"});
    EXPECT_EQ(gone.exitCode, 0) << gone.err;
    EXPECT_FALSE(podsOn(nodeOf("pipeline", kWorker)).empty());
}

} // namespace
