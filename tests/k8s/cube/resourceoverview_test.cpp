// ResourceOverview: the overall-resources numbers (docs/platform.md) per cluster, per org and
// per GPU type, from ClusterAccounting — which pods count, how quantities parse, what a GPU is.

#include "k8s/cube/resourceoverview.h"
#include "k8s/objects/node.h"
#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/pod.h"
#include "k8s/objects/stringpool.h"
#include "tests/support/decodeas.h"

#include <gtest/gtest.h>
#include <map>
#include <string>

using namespace cubedesk::k8s;
using cubedesk::k8s::testing::decodeAs;

namespace {

constexpr std::int64_t kGi = 1024LL * 1024 * 1024;

class OverviewTest : public ::testing::Test {
protected:
    ObjectDecoder decoder{StringPool::create()};
    ClusterAccounting accounting;
    std::map<std::string, std::shared_ptr<const KubeObject>, std::less<>> nodes;

    /// `labels` is a JSON object body (without braces); `allocatable` likewise.
    void node(const std::string &name, const std::string &labels, const std::string &allocatable,
              bool ready = true) {
        const std::string json = R"({"metadata":{"name":")" + name +
                                 R"(","resourceVersion":"1","labels":{)" + labels +
                                 R"(}},"status":{"allocatable":{)" + allocatable +
                                 R"(},"conditions":[{"type":"Ready","status":")" +
                                 (ready ? "True" : "False") + R"("}]}})";
        auto n = decodeAs(decoder, ObjectKind::Node, json);
        ASSERT_TRUE(n);
        accounting.upsertNode(static_cast<const Node &>(*n));
        nodes[name] = n;
    }
    /// `requests` is a JSON object body; `extraStatus` adds status fields.
    void pod(const std::string &name, const std::string &nodeName, const std::string &phase,
             const std::string &requests, const std::string &org = "",
             const std::string &extraStatus = "") {
        std::string spec = "{";
        if (!org.empty())
            spec += R"("nodeSelector":{"org":")" + org + R"("},)";
        if (!nodeName.empty())
            spec += R"("nodeName":")" + nodeName + R"(",)";
        spec += R"("containers":[{"name":"c","resources":{"requests":{)" + requests + "}}}]}";
        const std::string json = R"({"metadata":{"name":")" + name +
                                 R"(","namespace":"pipeline","resourceVersion":"2"},"spec":)" +
                                 spec + R"(,"status":{"phase":")" + phase + '"' + extraStatus +
                                 "}}";
        auto p = decodeAs(decoder, ObjectKind::Pod, json);
        ASSERT_TRUE(p);
        accounting.upsertPod("pipeline/" + name, static_cast<const Pod &>(*p));
    }
    ResourceOverview::Cluster compute(const std::string &name = "dev") {
        return ResourceOverview::compute(name, accounting, [this](std::string_view n) {
            auto it = nodes.find(n);
            if (it == nodes.end())
                return std::string_view();
            return it->second->labels().value("gpu-type").value_or(std::string_view());
        });
    }
    static const ResourceOverview::Org *org(const ResourceOverview::Cluster &c,
                                            const std::string &name) {
        for (const auto &o : c.orgs)
            if (o.name == name)
                return &o;
        return nullptr;
    }
};

TEST_F(OverviewTest, WhichPodsHoldResources) {
    // The platform's exist_hold_resource: Running, or Pending and already scheduled.
    struct Case {
        const char *phase;
        bool bound;
        const char *scheduled; // PodScheduled condition status, "" = none
        bool holds;
    };
    const Case cases[] = {
        {"Running", true, "True", true},    {"Pending", true, "True", true},
        {"Pending", true, "", true},        {"Pending", false, "True", true},
        {"Pending", false, "False", false}, {"Pending", false, "", false},
        {"Succeeded", true, "True", false}, {"Failed", true, "True", false},
        {"Unknown", true, "True", false},
    };
    for (const Case &c : cases) {
        SCOPED_TRACE(std::string(c.phase) + (c.bound ? " bound " : " unbound ") + c.scheduled);
        accounting = ClusterAccounting();
        nodes.clear();
        node("n1", R"("org":"vision","gpu-type":"A100")",
             R"("cpu":"8","memory":"32Gi","nvidia.com/gpu":"8")");
        std::string status;
        if (*c.scheduled)
            status = std::string(R"(,"conditions":[{"type":"PodScheduled","status":")") +
                     c.scheduled + R"("}])";
        // An unbound "scheduled" pod counts cluster-wide (it holds) but on no node.
        pod("p", c.bound ? "n1" : "", c.phase, R"("cpu":"2","nvidia.com/gpu":"2")", "vision",
            status);
        const auto overview = compute();
        EXPECT_EQ(overview.totals.cpu.requested, c.holds && c.bound ? 2000 : 0);
        EXPECT_EQ(overview.totals.gpus.requested, c.holds && c.bound ? 2 : 0);
        EXPECT_EQ(overview.totals.pods, c.holds && c.bound ? 1 : 0);
        const bool pending = std::string(c.phase) == "Pending" && !c.bound;
        EXPECT_EQ(overview.totals.pendingPods, pending ? 1 : 0);
        ASSERT_NE(org(overview, "vision"), nullptr);
        EXPECT_EQ(org(overview, "vision")->totals.gpus.requested, c.holds && c.bound ? 2 : 0);
        EXPECT_EQ(org(overview, "vision")->totals.pendingPods, pending ? 1 : 0);
    }
}

TEST_F(OverviewTest, PerOrgAndPerGpuType) {
    node("a100-1", R"("org":"vision","gpu-type":"A100")",
         R"("cpu":"128","memory":"1Ti","nvidia.com/gpu":"8")");
    node("a100-2", R"("org":"public","gpu-type":"A100")",
         R"("cpu":"128","memory":"1Ti","nvidia.com/gpu":"8")");
    node("t4-1", R"("org":"vision","gpu-type":"T4")",
         R"("cpu":"48","memory":"192Gi","nvidia.com/gpu":"4")", false);
    node("cpu-1", R"("cpu":"true")", R"("cpu":"64","memory":"256Gi")"); // no org: public
    node("gpu-x", R"("org":"nlp")", R"("cpu":"32","memory":"128Gi","nvidia.com/gpu":"2")");
    pod("train-0", "a100-1", "Running", R"("cpu":"32","memory":"256Gi","nvidia.com/gpu":"8")",
        "vision");
    pod("infer-0", "t4-1", "Running", R"("cpu":"4","memory":"16Gi","nvidia.com/gpu":"1")",
        "vision");
    pod("etl-0", "cpu-1", "Running", R"("cpu":"10","memory":"20Gi")");
    pod("wait-0", "", "Pending", R"("cpu":"16","nvidia.com/gpu":"4")", "vision");
    pod("wait-1", "", "Pending", R"("cpu":"1")"); // asks for no org: public

    const auto c = compute();
    EXPECT_EQ(c.name, "dev");
    EXPECT_EQ(c.totals.nodes, 5);
    EXPECT_EQ(c.totals.readyNodes, 4);
    EXPECT_EQ(c.totals.pods, 3);
    EXPECT_EQ(c.totals.pendingPods, 2);
    EXPECT_EQ(c.totals.cpu, (ResourceOverview::Amount{46000, 400000}));
    EXPECT_EQ(c.totals.gpus, (ResourceOverview::Amount{9, 22}));

    ASSERT_EQ(c.orgs.size(), 3U);
    EXPECT_EQ(c.orgs[0].name, "nlp");
    EXPECT_EQ(c.orgs[1].name, "public");
    EXPECT_EQ(c.orgs[2].name, "vision");
    const auto &vision = c.orgs[2].totals;
    EXPECT_EQ(vision.nodes, 2);
    EXPECT_EQ(vision.readyNodes, 1);
    EXPECT_EQ(vision.pods, 2);
    EXPECT_EQ(vision.pendingPods, 1);
    EXPECT_EQ(vision.cpu, (ResourceOverview::Amount{36000, 176000}));
    EXPECT_EQ(vision.memory, (ResourceOverview::Amount{272 * kGi, 1024 * kGi + 192 * kGi}));
    EXPECT_EQ(vision.gpus, (ResourceOverview::Amount{9, 12}));
    const auto &pub = c.orgs[1].totals;
    EXPECT_EQ(pub.nodes, 2);
    EXPECT_EQ(pub.pendingPods, 1);
    EXPECT_EQ(pub.cpu, (ResourceOverview::Amount{10000, 192000}));

    // Cluster-wide by type: A100 (2 nodes), T4, then the unlabelled GPU node last.
    ASSERT_EQ(c.gpuTypes.size(), 3U);
    EXPECT_EQ(c.gpuTypes[0], (ResourceOverview::GpuType{"A100", {8, 16}, 2}));
    EXPECT_EQ(c.gpuTypes[1], (ResourceOverview::GpuType{"T4", {1, 4}, 1}));
    EXPECT_EQ(c.gpuTypes[2], (ResourceOverview::GpuType{"", {0, 2}, 1}));
    // Per org by type.
    ASSERT_EQ(c.orgs[2].gpuTypes.size(), 2U);
    EXPECT_EQ(c.orgs[2].gpuTypes[0], (ResourceOverview::GpuType{"A100", {8, 8}, 1}));
    EXPECT_EQ(c.orgs[2].gpuTypes[1], (ResourceOverview::GpuType{"T4", {1, 4}, 1}));
    EXPECT_TRUE(c.orgs[1].gpuTypes.size() == 1 && c.orgs[1].gpuTypes[0].type == "A100");
}

TEST_F(OverviewTest, QuantitiesAreExactDecimalSiIsDecimal) {
    struct Case {
        const char *memory;
        std::int64_t bytes;
    };
    // The platform reads G as Gi; we do not (README, "Overview").
    const Case cases[] = {{"1G", 1000000000LL},    {"1Gi", kGi},
                          {"1500M", 1500000000LL}, {"512Mi", kGi / 2},
                          {"2T", 2000000000000LL}, {"1.5Gi", kGi * 3 / 2},
                          {"129e6", 129000000LL}};
    for (const Case &c : cases) {
        SCOPED_TRACE(c.memory);
        accounting = ClusterAccounting();
        nodes.clear();
        node("n", R"("org":"public")", R"("cpu":"8","memory":"64G")");
        pod("p", "n", "Running", std::string(R"("cpu":"250m","memory":")") + c.memory + '"');
        const auto o = compute();
        EXPECT_EQ(o.totals.memory.requested, c.bytes);
        EXPECT_EQ(o.totals.memory.allocatable, 64000000000LL);
        EXPECT_EQ(o.totals.cpu.requested, 250);
    }
}

TEST_F(OverviewTest, MigSlicesAndVgpuSharesAreNotCards) {
    node("mig", R"("org":"nlp","gpu-type":"A100")",
         R"("cpu":"128","memory":"1Ti","nvidia.com/gpu":"6","nvidia.com/mig-1g.10gb":"8")");
    node("vgpu", R"("org":"public","gpu-type":"T4")",
         R"("cpu":"48","memory":"192Gi","nvidia.com/gpu":"16","nvidia.com/gpucores":"400")");
    pod("slice", "mig", "Running", R"("cpu":"1","nvidia.com/mig-1g.10gb":"1")", "nlp");
    pod("share", "vgpu", "Running", R"("cpu":"1","nvidia.com/gpu":"1","nvidia.com/gpucores":"25")",
        "public");
    const auto c = compute();
    EXPECT_EQ(c.totals.gpus, (ResourceOverview::Amount{1, 22}));
    ASSERT_NE(org(c, "nlp"), nullptr);
    EXPECT_EQ(org(c, "nlp")->totals.gpus, (ResourceOverview::Amount{0, 6}));
    EXPECT_EQ(org(c, "public")->totals.gpus, (ResourceOverview::Amount{1, 16}));
}

TEST_F(OverviewTest, PodsOnAnUnknownNodeCountInPublicUntilTheNodeArrives) {
    pod("early", "later", "Running", R"("cpu":"2","nvidia.com/gpu":"1")", "vision");
    auto c = compute();
    ASSERT_NE(org(c, "public"), nullptr);
    EXPECT_EQ(org(c, "public")->totals.pods, 1);
    EXPECT_EQ(org(c, "public")->totals.nodes, 0);
    ASSERT_EQ(c.gpuTypes.size(), 1U);
    EXPECT_EQ(c.gpuTypes[0], (ResourceOverview::GpuType{"", {1, 0}, 0}));
    node("later", R"("org":"vision","gpu-type":"H100")", R"("cpu":"8","nvidia.com/gpu":"8")");
    c = compute();
    EXPECT_EQ(org(c, "public"), nullptr) << "nothing left in public";
    ASSERT_NE(org(c, "vision"), nullptr);
    EXPECT_EQ(org(c, "vision")->totals.pods, 1);
    EXPECT_EQ(c.gpuTypes[0], (ResourceOverview::GpuType{"H100", {1, 8}, 1}));
}

TEST_F(OverviewTest, MergesClusters) {
    node("a", R"("org":"vision","gpu-type":"A100")", R"("cpu":"8","nvidia.com/gpu":"8")");
    node("t", R"("org":"vision","gpu-type":"T4")", R"("cpu":"8","nvidia.com/gpu":"4")");
    pod("p", "a", "Running", R"("cpu":"1","nvidia.com/gpu":"3")", "vision");
    const auto dev = compute("dev");
    accounting = ClusterAccounting();
    nodes.clear();
    node("a2", R"("org":"speech","gpu-type":"A100")", R"("cpu":"16","nvidia.com/gpu":"8")");
    pod("q", "a2", "Running", R"("cpu":"2","nvidia.com/gpu":"2")", "speech");
    const auto dev1 = compute("dev1");
    const auto types = ResourceOverview::mergeGpuTypes({dev, dev1});
    ASSERT_EQ(types.size(), 2U);
    EXPECT_EQ(types[0], (ResourceOverview::GpuType{"A100", {5, 16}, 2}));
    EXPECT_EQ(types[1], (ResourceOverview::GpuType{"T4", {0, 4}, 1}));
    const auto total = ResourceOverview::sum({dev, dev1});
    EXPECT_EQ(total.nodes, 3);
    EXPECT_EQ(total.pods, 2);
    EXPECT_EQ(total.cpu, (ResourceOverview::Amount{3000, 32000}));
    EXPECT_EQ(total.gpus, (ResourceOverview::Amount{5, 20}));
}

} // namespace
