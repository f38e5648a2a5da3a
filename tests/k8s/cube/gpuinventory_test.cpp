// GpuInventory: capacity → allocatable → requested → free → idle per node, org and cluster, with
// the real GPU Feature Discovery label maps of tests/fixtures/real/k8s (H100 MIG mixed and
// single, DGX A100 MIG mixed) and time-slicing, MPS, HAMi vGPU, Ascend and configured vendors.

#include "k8s/cube/gpuinventory.h"
#include "tests/k8s/cube/gpufixtures.h"

#include <cstdlib>
#include <gtest/gtest.h>

using namespace cubedesk::k8s;
using nlohmann::json;
using Kind = GpuInventory::ResourceKind;
using Sharing = GpuInventory::Sharing;

namespace {

class GpuInventoryTest : public ::testing::Test {
protected:
    gputest::Objects objects;
    ClusterAccounting accounting;
    GpuInventory::Config config = GpuInventory::Config::defaults();

    std::shared_ptr<const Node> add(std::shared_ptr<const Node> n) {
        accounting.upsertNode(*n);
        return n;
    }
    void add(const std::shared_ptr<const Pod> &p) {
        accounting.upsertPod(std::string(p->namespaceName()) + '/' + std::string(p->name()), *p);
    }
    GpuInventory::NodeGpus inventory(const std::shared_ptr<const Node> &n) {
        auto g = GpuInventory::node(*n, accounting.node(n->name()), config);
        EXPECT_TRUE(g.has_value()) << n->name();
        return g.value_or(GpuInventory::NodeGpus{});
    }
    static const GpuInventory::Resource &resource(const GpuInventory::NodeGpus &g,
                                                  const std::string &name) {
        static const GpuInventory::Resource none;
        const auto *r = g.resource(name);
        EXPECT_NE(r, nullptr) << name;
        return r != nullptr ? *r : none;
    }
};

TEST_F(GpuInventoryTest, MigMixedH100FromRealLabels) {
    json labels = gputest::labelsFixture("gpu-node-labels-h100-mig-mixed.json");
    labels["org"] = "nlp";
    auto node = add(objects.node("h100-mig", labels,
                                 {{"nvidia.com/gpu", "0"},
                                  {"nvidia.com/mig-1g.10gb", "2"},
                                  {"nvidia.com/mig-2g.20gb", "1"},
                                  {"nvidia.com/mig-3g.40gb", "1"}}));
    add(objects.pod("pipeline", "small", "h100-mig", {{"nvidia.com/mig-1g.10gb", "1"}}));
    add(objects.pod("pipeline", "big", "h100-mig", {{"nvidia.com/mig-3g.40gb", "1"}}, "Pending"));
    add(objects.pod("pipeline", "waiting", "", {{"nvidia.com/mig-2g.20gb", "1"}}, "Pending"));
    add(objects.pod("pipeline", "done", "h100-mig", {{"nvidia.com/mig-2g.20gb", "1"}},
                    "Succeeded"));
    const auto g = inventory(node);
    EXPECT_EQ(g.org, "nlp");
    EXPECT_EQ(g.product, "NVIDIA-H100-80GB-HBM3");
    EXPECT_EQ(g.family, "hopper");
    EXPECT_EQ(g.memoryMiB, 81559);
    EXPECT_EQ(g.count, 1);
    EXPECT_EQ(g.migStrategy, "mixed");
    EXPECT_EQ(g.sharingStrategy, "none");
    EXPECT_EQ(g.sharing, Sharing::Mig);
    EXPECT_EQ(g.physicalGpus(), 1);
    ASSERT_EQ(g.resources.size(), 4u);
    EXPECT_EQ(g.resources[0].name, "nvidia.com/gpu"); // whole first, then MIG by name
    EXPECT_EQ(g.resources[0].kind, Kind::Whole);
    EXPECT_EQ(g.resources[1].name, "nvidia.com/mig-1g.10gb");
    EXPECT_EQ(resource(g, "nvidia.com/mig-1g.10gb"),
              (GpuInventory::Resource{"nvidia.com/mig-1g.10gb", Kind::Mig, 2, 2, 1}));
    EXPECT_EQ(resource(g, "nvidia.com/mig-3g.40gb").requested, 1); // Pending but bound holds
    EXPECT_EQ(resource(g, "nvidia.com/mig-3g.40gb").free(), 0);
    EXPECT_EQ(resource(g, "nvidia.com/mig-2g.20gb").requested, 0); // unbound and finished don't
    EXPECT_EQ(g.wholeAllocatable(), 0);
    EXPECT_EQ(g.idle(), 0);
}

TEST_F(GpuInventoryTest, DgxA100MigMixedAndH100MigSingle) {
    auto dgx =
        add(objects.node("dgx", gputest::labelsFixture("gpu-node-labels-dgx-a100-mig-mixed.json"),
                         {{"nvidia.com/mig-1g.5gb", "1"},
                          {"nvidia.com/mig-2g.10gb", "1"},
                          {"nvidia.com/mig-3g.21gb", "1"}}));
    const auto a = inventory(dgx);
    EXPECT_EQ(a.product, "A100-SXM4-40GB");
    EXPECT_EQ(a.sharing, Sharing::Mig);
    EXPECT_EQ(a.total(Kind::Mig, &GpuInventory::Resource::allocatable), 3);
    EXPECT_EQ(a.primaryResource(), "nvidia.com/mig-1g.5gb");
    EXPECT_EQ(a.org, "public");

    // The real single-strategy labels with MIG disabled (mig.config all-disabled): whole GPUs.
    auto single =
        add(objects.node("h100", gputest::labelsFixture("gpu-node-labels-h100-mig-single.json"),
                         {{"nvidia.com/gpu", "1"}}));
    const auto s = inventory(single);
    EXPECT_EQ(s.migStrategy, "single");
    EXPECT_EQ(s.sharing, Sharing::None);
    EXPECT_EQ(resource(s, "nvidia.com/gpu").kind, Kind::Whole);
    EXPECT_EQ(s.idle(), 1);

    // Single strategy with MIG on: GFD renames the product and nvidia.com/gpu are instances.
    json labels = gputest::labelsFixture("gpu-node-labels-h100-mig-single.json");
    labels["nvidia.com/gpu.product"] = "NVIDIA-H100-80GB-HBM3-MIG-1g.10gb";
    labels["nvidia.com/gpu.count"] = "7";
    auto migOn = add(objects.node("h100-mig-single", labels, {{"nvidia.com/gpu", "7"}}));
    const auto m = inventory(migOn);
    EXPECT_EQ(m.sharing, Sharing::Mig);
    EXPECT_EQ(resource(m, "nvidia.com/gpu").kind, Kind::Mig);
    EXPECT_EQ(m.wholeAllocatable(), 0);
}

TEST_F(GpuInventoryTest, TimeSlicingMpsAndRenamedSharedResources) {
    json labels = {{"gpu", "true"},
                   {"gpu-type", "T4"},
                   {"nvidia.com/gpu.product", "Tesla-T4-SHARED"},
                   {"nvidia.com/gpu.count", "4"},
                   {"nvidia.com/gpu.replicas", "4"},
                   {"nvidia.com/gpu.sharing-strategy", "time-slicing"}};
    auto t4 = add(objects.node("t4", labels, {{"nvidia.com/gpu", "16"}}));
    for (int i = 0; i < 3; ++i)
        add(objects.pod("service", "infer-" + std::to_string(i), "t4", {{"nvidia.com/gpu", "1"}}));
    const auto g = inventory(t4);
    EXPECT_EQ(g.sharing, Sharing::TimeSlicing);
    EXPECT_EQ(g.replicas, 4);
    EXPECT_EQ(resource(g, "nvidia.com/gpu"),
              (GpuInventory::Resource{"nvidia.com/gpu", Kind::Replica, 16, 16, 3}));
    EXPECT_EQ(g.physicalGpus(), 4);
    EXPECT_EQ(g.wholeAllocatable(), 0);
    EXPECT_EQ(g.idle(), 0);
    EXPECT_EQ(g.model(), "T4");

    labels["nvidia.com/gpu.sharing-strategy"] = "mps";
    labels.erase("nvidia.com/gpu.count");
    auto mps = add(objects.node("mps", labels, {{"nvidia.com/gpu", "8"}}));
    const auto m = inventory(mps);
    EXPECT_EQ(m.sharing, Sharing::Mps);
    EXPECT_EQ(m.physicalGpus(), 2); // 8 replicas ÷ 4

    // renameByDefault: the shares are nvidia.com/gpu.shared, whatever the labels say.
    auto renamed =
        add(objects.node("renamed", {{"gpu", "true"}}, {{"nvidia.com/gpu.shared", "8"}}));
    EXPECT_EQ(resource(inventory(renamed), "nvidia.com/gpu.shared").kind, Kind::Replica);
}

TEST_F(GpuInventoryTest, HamiVgpuCoresAndMemory) {
    json labels = {{"vgpu", "true"},
                   {"gpu-type", "T4"},
                   {"nvidia.com/gpu.product", "Tesla-T4"},
                   {"nvidia.com/gpu.count", "4"},
                   {"nvidia.com/gpu.memory", "15360"},
                   {"hami.io/node-nvidia-register", "true"}};
    auto node = add(objects.node("vgpu-t4", labels,
                                 {{"nvidia.com/gpu", "16"},
                                  {"nvidia.com/gpucores", "400"},
                                  {"nvidia.com/gpumem", "61440"}}));
    add(objects.pod(
        "jupyter", "nb", "vgpu-t4",
        {{"nvidia.com/gpu", "1"}, {"nvidia.com/gpucores", "25"}, {"nvidia.com/gpumem", "4096"}}));
    const auto g = inventory(node);
    EXPECT_EQ(g.sharing, Sharing::Vgpu);
    ASSERT_EQ(g.resources.size(), 3u);
    EXPECT_EQ(g.resources[0], (GpuInventory::Resource{"nvidia.com/gpu", Kind::Replica, 16, 16, 1}));
    EXPECT_EQ(g.resources[1],
              (GpuInventory::Resource{"nvidia.com/gpucores", Kind::VgpuCores, 400, 400, 25}));
    EXPECT_EQ(g.resources[2],
              (GpuInventory::Resource{"nvidia.com/gpumem", Kind::VgpuMemory, 61440, 61440, 4096}));
    EXPECT_EQ(g.physicalGpus(), 4);
    EXPECT_EQ(g.memoryMiB, 15360);

    const auto h = GpuInventory::holder(
        *objects.pod("jupyter", "nb2", "vgpu-t4", {{"cpu", "2"}, {"nvidia.com/gpucores", "50"}}),
        config);
    ASSERT_TRUE(h);
    EXPECT_EQ(h->resources,
              (std::vector<std::pair<std::string, std::int64_t>>{{"nvidia.com/gpucores", 50}}));
    EXPECT_EQ(h->whole, 0);
    EXPECT_EQ(h->user, "alice");
}

TEST_F(GpuInventoryTest, OtherVendorsAndTheConfiguredList) {
    auto ascend = add(objects.node("npu-1", {{"org", "speech"}}, {{"huawei.com/Ascend910", "8"}}));
    add(objects.pod("pipeline", "mindspore", "npu-1", {{"huawei.com/Ascend910", "8"}}));
    const auto a = inventory(ascend);
    EXPECT_EQ(resource(a, "huawei.com/Ascend910"),
              (GpuInventory::Resource{"huawei.com/Ascend910", Kind::Whole, 8, 8, 8}));
    EXPECT_EQ(a.idle(), 0);
    auto amd = add(objects.node("mi250", {}, {{"amd.com/gpu", "4"}}));
    EXPECT_EQ(inventory(amd).idle(), 4);

    auto mlu = add(objects.node("mlu-1", {}, {{"cambricon.com/mlu", "8"}}));
    EXPECT_FALSE(GpuInventory::node(*mlu, nullptr, config).has_value());
    config = GpuInventory::Config::with({" cambricon.com/mlu ", "nvidia.com/gpu"});
    EXPECT_EQ(config.wholeResources.size(), 5u); // trimmed, duplicates dropped
    EXPECT_EQ(resource(inventory(mlu), "cambricon.com/mlu").kind, Kind::Whole);

    ::setenv("CUBEDESK_GPU_RESOURCES", "cambricon.com/mlu,example.com/tpu", 1);
    const auto env = GpuInventory::Config::fromEnvironment();
    ::unsetenv("CUBEDESK_GPU_RESOURCES");
    EXPECT_TRUE(env.isWhole("example.com/tpu"));
    EXPECT_TRUE(env.isWhole("huawei.com/Ascend310"));
    EXPECT_FALSE(GpuInventory::Config::defaults().isWhole("example.com/tpu"));
}

TEST_F(GpuInventoryTest, ReadinessIdleAndOrgAndClusterTotals) {
    const json a100 = {
        {"gpu", "true"}, {"gpu-type", "A100"}, {"org", "vision"}, {"nvidia.com/gpu.count", "8"}};
    auto busy = add(objects.node("a100-1", a100, {{"nvidia.com/gpu", "8"}}));
    auto down = add(objects.node("a100-2", a100, {{"nvidia.com/gpu", "8"}}, false));
    auto cordoned = add(objects.node(
        "a100-3", a100, {{"nvidia.com/gpu", "8"}}, true, "", true,
        json::array({{{"key", "dedicated"}, {"value", "train"}, {"effect", "NoSchedule"}},
                     {{"key", "nvidia.com/gpu"}, {"effect", "NoSchedule"}},
                     {{"key", "soft"}, {"effect", "PreferNoSchedule"}}})));
    auto noPlugin =
        add(objects.node("a100-4", {{"gpu", "true"}, {"org", "vision"}}, json::object()));
    auto cpu = add(objects.node("cpu-1", {{"cpu", "true"}, {"org", "vision"}}, json::object()));
    add(objects.pod("pipeline", "train", "a100-1", {{"nvidia.com/gpu", "6"}, {"cpu", "16"}}));

    EXPECT_FALSE(GpuInventory::node(*cpu, accounting.node("cpu-1"), config).has_value());
    const auto b = inventory(busy);
    EXPECT_EQ(b.wholeFree(), 2);
    EXPECT_EQ(b.idle(), 2);
    EXPECT_EQ(b.cpuRequestedMilli, 16000);
    EXPECT_EQ(b.cpuAllocatableMilli, 64000);
    const auto d = inventory(down);
    EXPECT_FALSE(d.ready);
    EXPECT_EQ(d.wholeFree(), 8);
    EXPECT_EQ(d.idle(), 0);
    const auto c = inventory(cordoned);
    EXPECT_TRUE(c.unschedulable);
    EXPECT_EQ(c.idle(), 0);
    EXPECT_EQ(c.taints, (std::vector<std::string>{"dedicated=train:NoSchedule"}));
    const auto p = inventory(noPlugin);
    EXPECT_TRUE(p.resources.empty());
    EXPECT_EQ(p.primaryResource(), "nvidia.com/gpu");
    EXPECT_EQ(p.physicalGpus(), 0);

    GpuInventory::Totals org;
    for (const auto &n : {b, d, c, p})
        org.add(n);
    EXPECT_EQ(org.nodes, 4);
    EXPECT_EQ(org.readyNodes, 3);
    EXPECT_EQ(org.notReadyNodes, 1);
    EXPECT_EQ(org.physical, 24);
    EXPECT_EQ(org.capacity, 24);
    EXPECT_EQ(org.allocatable, 24);
    EXPECT_EQ(org.requested, 6);
    EXPECT_EQ(org.free, 18);
    EXPECT_EQ(org.idle, 2);
    EXPECT_EQ(org.notReadyGpus, 8);
    EXPECT_EQ(org.byResource.at("nvidia.com/gpu").requested, 6);

    const auto holder = GpuInventory::holder(
        *objects.pod("pipeline", "x", "a100-1", {{"nvidia.com/gpu", "2"}}), config);
    ASSERT_TRUE(holder);
    EXPECT_EQ(holder->whole, 2);
    EXPECT_EQ(holder->phase, "Running");
    EXPECT_FALSE(
        GpuInventory::holder(*objects.pod("pipeline", "y", "a100-1", {{"cpu", "2"}}), config));
    EXPECT_FALSE(GpuInventory::holder(
        *objects.pod("pipeline", "z", "a100-1", {{"nvidia.com/gpu", "2"}}, "Failed"), config));
}

} // namespace
