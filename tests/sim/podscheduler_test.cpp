// PodScheduler: fit decisions and kube-scheduler's messages, and binding through the store.

#include "k8s/sim/objectindexer.h"
#include "k8s/sim/objectstore.h"
#include "k8s/sim/podscheduler.h"
#include "k8s/sim/resourceregistry.h"

#include <gtest/gtest.h>

using namespace cubedesk::sim;
using nlohmann::json;

namespace {

json node(const std::string &name, json labels, json allocatable, bool ready = true,
          json taints = json::array(), bool unschedulable = false) {
    json n = {
        {"apiVersion", "v1"},
        {"kind", "Node"},
        {"metadata", {{"name", name}, {"labels", labels}}},
        {"spec", {{"taints", taints}, {"unschedulable", unschedulable}}},
        {"status",
         {{"allocatable", allocatable},
          {"conditions", json::array({{{"type", "Ready"}, {"status", ready ? "True" : "False"}}})},
          {"addresses", json::array({{{"type", "InternalIP"}, {"address", "10.0.0.1"}}})}}}};
    return n;
}

json pod(json selector, json requests, json extraSpec = json::object()) {
    json p = {{"apiVersion", "v1"},
              {"kind", "Pod"},
              {"metadata", {{"name", "p"}, {"namespace", "ml"}}},
              {"spec",
               {{"nodeSelector", selector},
                {"containers",
                 json::array({{{"name", "c"}, {"resources", {{"requests", requests}}}}})}}}};
    for (const auto &[k, v] : extraSpec.items())
        p["spec"][k] = v;
    return p;
}

PodScheduler::Decision decide(const json &p, const std::vector<json> &nodes) {
    std::vector<PodScheduler::NodeView> views;
    for (const auto &n : nodes)
        views.push_back(PodScheduler::nodeView(n));
    return PodScheduler::decide(p, ObjectIndexer::podRequests(p), views);
}

const json kGpu8 = {{"cpu", "64"}, {"memory", "256Gi"}, {"pods", "110"}, {"nvidia.com/gpu", "8"}};

TEST(PodSchedulerTest, BindsToAMatchingNodeWithRoom) {
    auto d = decide(pod({{"org", "vision"}}, {{"cpu", "4"}, {"nvidia.com/gpu", "2"}}),
                    {node("a", {{"org", "speech"}}, kGpu8), node("b", {{"org", "vision"}}, kGpu8)});
    ASSERT_TRUE(d.node.has_value());
    EXPECT_EQ(*d.node, "b");
}

TEST(PodSchedulerTest, ExplainsEveryNodeLikeKubeScheduler) {
    json full = node("full", {{"org", "vision"}}, kGpu8);
    auto views = std::vector<PodScheduler::NodeView>{PodScheduler::nodeView(full)};
    views[0].used["nvidia.com/gpu"] = cubedesk::k8s::Quantity::fromUnits(8);
    std::vector<json> nodes;
    for (int i = 0; i < 9; ++i)
        nodes.push_back(node("o" + std::to_string(i), {{"org", "speech"}}, kGpu8));
    for (const auto &n : nodes)
        views.push_back(PodScheduler::nodeView(n));
    const json p = pod({{"org", "vision"}}, {{"nvidia.com/gpu", "1"}});
    auto d = PodScheduler::decide(p, ObjectIndexer::podRequests(p), views);
    EXPECT_FALSE(d.node.has_value());
    EXPECT_EQ(d.message.substr(0, d.message.find(" preemption")),
              "0/10 nodes are available: 1 Insufficient nvidia.com/gpu, 9 node(s) didn't match "
              "Pod's node affinity/selector.");
}

TEST(PodSchedulerTest, TaintsReadinessCordonsAndTolerations) {
    const json taint =
        json::array({{{"key", "nvidia.com/gpu"}, {"value", "present"}, {"effect", "NoSchedule"}}});
    auto d = decide(pod(json::object(), {{"cpu", "1"}}),
                    {node("t", json::object(), kGpu8, true, taint),
                     node("nr", json::object(), kGpu8, false),
                     node("c", json::object(), kGpu8, true, json::array(), true)});
    EXPECT_FALSE(d.node.has_value());
    EXPECT_NE(d.message.find("1 node(s) had untolerated taint {nvidia.com/gpu: present}"),
              std::string::npos)
        << d.message;
    EXPECT_NE(d.message.find("1 node(s) had untolerated taint {node.kubernetes.io/not-ready: }"),
              std::string::npos);
    EXPECT_NE(d.message.find("1 node(s) were unschedulable"), std::string::npos);

    const json tolerant = pod(json::object(), {{"cpu", "1"}},
                              {{"tolerations", json::array({{{"key", "nvidia.com/gpu"},
                                                             {"operator", "Exists"},
                                                             {"effect", "NoSchedule"}}})}});
    auto ok = decide(tolerant, {node("t", json::object(), kGpu8, true, taint)});
    ASSERT_TRUE(ok.node.has_value());
}

TEST(PodSchedulerTest, RequiredNodeAffinityAndLimitsAsRequests) {
    const json affinity = {
        {"affinity",
         {{"nodeAffinity",
           {{"requiredDuringSchedulingIgnoredDuringExecution",
             {{"nodeSelectorTerms",
               json::array(
                   {{{"matchExpressions",
                      json::array({{{"key", "org"}, {"operator", "In"}, {"values", {"a", "b"}}},
                                   {{"key", "gpu-type"},
                                    {"operator", "NotIn"},
                                    {"values", {"T4"}}}})}}})}}}}}}}};
    auto d = decide(pod(json::object(), {{"cpu", "1"}}, affinity),
                    {node("x", {{"org", "c"}}, kGpu8),
                     node("y", {{"org", "b"}, {"gpu-type", "T4"}}, kGpu8),
                     node("z", {{"org", "a"}, {"gpu-type", "A100"}}, kGpu8)});
    ASSERT_TRUE(d.node.has_value());
    EXPECT_EQ(*d.node, "z");

    json limitsOnly = pod(json::object(), json::object());
    limitsOnly["spec"]["containers"][0]["resources"] = {{"limits", {{"nvidia.com/gpu", "9"}}}};
    auto tooBig = decide(limitsOnly, {node("g", json::object(), kGpu8)});
    EXPECT_FALSE(tooBig.node.has_value());
    EXPECT_NE(tooBig.message.find("1 Insufficient nvidia.com/gpu"), std::string::npos);
}

TEST(PodSchedulerTest, PassBindsPendingPodsAndRecordsUnschedulable) {
    ResourceRegistry registry;
    ObjectStore store;
    const auto nodes = registry.core("nodes");
    const auto pods = registry.core("pods");
    ASSERT_TRUE(store.create(registry.core("namespaces"), {{"metadata", {{"name", "ml"}}}}).ok());
    ASSERT_TRUE(
        store.create(nodes, node("n1", {{"org", "a"}}, kGpu8), WriteOptions{false, false, true})
            .ok());
    json fits = pod({{"org", "a"}}, {{"nvidia.com/gpu", "4"}});
    fits["metadata"]["name"] = "fits";
    json waits = pod({{"org", "b"}}, {{"nvidia.com/gpu", "4"}});
    waits["metadata"]["name"] = "waits";
    ASSERT_TRUE(store.create(pods, fits).ok());
    ASSERT_TRUE(store.create(pods, waits).ok());
    PodScheduler scheduler(store, registry);
    EXPECT_EQ(scheduler.schedulePass(), 1u);
    const json bound = store.get(pods, "ml", "fits").value()->parse();
    EXPECT_EQ(bound["spec"]["nodeName"], "n1");
    EXPECT_EQ(bound["status"]["phase"], "Running");
    const json pending = store.get(pods, "ml", "waits").value()->parse();
    EXPECT_EQ(pending["status"]["conditions"][0]["reason"], "Unschedulable");
    const std::uint64_t rv = store.currentRv();
    EXPECT_EQ(scheduler.schedulePass(), 0u);
    EXPECT_EQ(store.currentRv(), rv) << "an unchanged verdict is not rewritten";

    // Moving the node into org b lets the waiting pod run.
    ASSERT_TRUE(store
                    .update(nodes, "", "n1",
                            [](json &d) -> std::optional<ApiError> {
                                d["metadata"]["labels"]["org"] = "b";
                                return std::nullopt;
                            })
                    .ok());
    EXPECT_EQ(scheduler.schedulePass(), 1u);
    EXPECT_EQ(store.get(pods, "ml", "waits").value()->parse()["spec"]["nodeName"], "n1");
}

} // namespace
