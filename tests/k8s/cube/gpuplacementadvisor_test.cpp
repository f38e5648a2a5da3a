// GpuPlacementAdvisor: the seed's scoring (NVLink pair +100, same NUMA +50, across 0) as score
// ranges over every possible free set, the ranking, and the sentences that explain verdicts.

#include "k8s/cube/gpuplacementadvisor.h"
#include "k8s/cube/gputopologyparser.h"
#include "k8s/cube/nrttopologyparser.h"
#include "tests/k8s/cube/gpufixtures.h"

#include <gtest/gtest.h>

using namespace cubedesk::k8s;
using Verdict = GpuPlacementAdvisor::Verdict;

namespace {

GpuTopology parse(const std::string &text) {
    auto r = GpuTopologyParser::parse(text);
    EXPECT_TRUE(r.ok()) << (r.errors.empty() ? "" : r.errors.front().toString());
    return r.topology.value_or(GpuTopology());
}

GpuTopology a100() {
    return parse(gputest::realFixture("nvidia-smi-topo-a100-8gpu.txt"));
}

GpuTopology bridgePairs() {
    // Two NVLink bridges over four PCIe GPUs: {0,1} on NUMA 0, {2,3} on NUMA 1.
    return parse("\tGPU0\tGPU1\tGPU2\tGPU3\tCPU Affinity\tNUMA Affinity\n"
                 "GPU0\t X \tNV4\tSYS\tSYS\t0-15\t0\n"
                 "GPU1\tNV4\t X \tSYS\tSYS\t0-15\t0\n"
                 "GPU2\tSYS\tSYS\t X \tNV4\t16-31\t1\n"
                 "GPU3\tSYS\tSYS\tNV4\t X \t16-31\t1\n");
}

GpuTopology nrtEightWithFree(const char *free0, const char *free1) {
    const std::string json =
        std::string(R"({"metadata":{"name":"n"},"zones":[)") +
        R"({"name":"node-0","type":"Node","resources":[{"name":"nvidia.com/gpu","capacity":"4","allocatable":"4","available":")" +
        free0 + R"("}]},)" +
        R"({"name":"node-1","type":"Node","resources":[{"name":"nvidia.com/gpu","capacity":"4","allocatable":"4","available":")" +
        free1 + R"("}]}]})";
    auto r = NrtTopologyParser::parse(json, {"nvidia.com/gpu"});
    EXPECT_TRUE(r.topology) << r.error;
    return r.topology.value_or(GpuTopology());
}

struct RangeCase {
    const char *name;
    GpuTopology (*topology)();
    int free;
    int k;
    int best;
    int worst;
    int max;
    bool exact;
    const char *bestSet;
};

class ScoreRangeTest : public ::testing::TestWithParam<RangeCase> {};

TEST_P(ScoreRangeTest, BestAndGuaranteedScore) {
    const RangeCase &c = GetParam();
    const GpuTopology t = c.topology();
    const auto r = GpuPlacementAdvisor::scoreRange(t, c.free, c.k);
    EXPECT_EQ(r.best, c.best) << c.name;
    EXPECT_EQ(r.worst, c.worst) << c.name;
    EXPECT_EQ(r.max, c.max) << c.name;
    EXPECT_EQ(r.exact, c.exact) << c.name;
    EXPECT_EQ(t.describeSet(r.bestSet), c.bestSet) << c.name;
    EXPECT_EQ(t.score(r.bestSet), r.best) << c.name;
}

std::vector<RangeCase> rangeCases() {
    auto pcie = [] { return parse(gputest::pcieBox()); };
    auto islands = [] { return parse(gputest::twoIslands()); };
    auto sixteen = [] { return parse(gputest::sixteen()); };
    auto nrtSkewed = [] { return nrtEightWithFree("1", "4"); };
    auto nrtUnknownFree = [] {
        auto t = nrtEightWithFree("1", "4");
        t.setZoneFree({});
        return t;
    };
    auto nrtStale = [] { return nrtEightWithFree("0", "0"); }; // says 0 free: ignored
    return {
        // name                       topology      free k  best  worst max   exact set
        {"a100_all_free_8", a100, 8, 8, 2800, 2800, 2800, true, "GPU0-7"},
        {"a100_all_free_4", a100, 8, 4, 600, 600, 600, true, "GPU0-3"},
        {"a100_half_free_4", a100, 4, 4, 600, 600, 600, true, "GPU0-3"},
        {"a100_one_gpu", a100, 3, 1, 0, 0, 0, true, "GPU0"},
        {"pcie_all_free_4", pcie, 8, 4, 300, 300, 600, true, "GPU0-3"},
        {"pcie_all_free_8", pcie, 8, 8, 600, 600, 2800, true, "GPU0-7"},
        {"pcie_4_free_4", pcie, 4, 4, 300, 100, 600, true, "GPU0-3"},
        {"pcie_5_free_4", pcie, 5, 4, 300, 150, 600, true, "GPU0-3"},
        {"pcie_6_free_2", pcie, 6, 2, 50, 50, 100, true, "GPU0,GPU1"},
        {"islands_8_free_8", islands, 8, 8, 1200, 1200, 2800, true, "GPU0-7"},
        {"islands_6_free_4", islands, 6, 4, 600, 300, 600, true, "GPU0-3"},
        {"bridges_4_free_2", bridgePairs, 4, 2, 100, 100, 100, true, "GPU0,GPU1"},
        {"bridges_3_free_2", bridgePairs, 3, 2, 100, 100, 100, true, "GPU0,GPU1"},
        {"bridges_2_free_2", bridgePairs, 2, 2, 100, 0, 100, true, "GPU0,GPU1"},
        {"nrt_zone_free_known", nrtSkewed, 5, 4, 300, 300, 600, true, "N1.0,N1.1,N1.2,N1.3"},
        {"nrt_zone_free_unknown", nrtUnknownFree, 5, 4, 300, 150, 600, true, "N0.0,N0.1,N0.2,N0.3"},
        {"nrt_zone_free_stale", nrtStale, 5, 4, 300, 150, 600, true, "N0.0,N0.1,N0.2,N0.3"},
        {"sixteen_greedy", sixteen, 8, 4, 300, 0, 600, false, "GPU0-3"},
        {"not_enough_free", a100, 3, 4, 0, 0, 600, true, ""},
    };
}

INSTANTIATE_TEST_SUITE_P(Seed001, ScoreRangeTest, ::testing::ValuesIn(rangeCases()),
                         [](const auto &info) { return std::string(info.param.name); });

GpuInventory::NodeGpus gpuNode(const std::string &name, int allocatable, int requested,
                               const std::string &type = "A100",
                               const std::string &org = "vision") {
    GpuInventory::NodeGpus n;
    n.name = name;
    n.org = org;
    n.gpuType = type;
    n.ready = true;
    n.count = allocatable;
    n.resources.push_back(
        {"nvidia.com/gpu", GpuInventory::ResourceKind::Whole, allocatable, allocatable, requested});
    n.cpuAllocatableMilli = 64000;
    n.memoryAllocatable = 512LL << 30;
    return n;
}

GpuPlacementAdvisor::Candidate candidate(GpuInventory::NodeGpus n,
                                         std::optional<GpuTopology> t = std::nullopt) {
    return {"dev", std::move(n), std::move(t)};
}

std::vector<GpuPlacementAdvisor::Candidate> cluster() {
    std::vector<GpuPlacementAdvisor::Candidate> c;
    c.push_back(candidate(gpuNode("a100-full", 8, 0), a100()));
    c.push_back(candidate(gpuNode("pcie-full", 8, 0), parse(gputest::pcieBox())));
    c.push_back(candidate(gpuNode("a100-half", 8, 4), a100()));
    c.push_back(candidate(gpuNode("unknown", 8, 0)));
    c.push_back(candidate(gpuNode("busy", 8, 5), a100()));
    auto down = gpuNode("down", 8, 0);
    down.ready = false;
    c.push_back(candidate(down, a100()));
    auto cordoned = gpuNode("cordoned", 8, 0);
    cordoned.unschedulable = true;
    c.push_back(candidate(cordoned));
    auto shared = gpuNode("t4-shared", 0, 0, "T4", "public");
    shared.resources = {{"nvidia.com/gpu", GpuInventory::ResourceKind::Replica, 16, 16, 3}};
    shared.sharing = GpuInventory::Sharing::TimeSlicing;
    shared.replicas = 4;
    c.push_back(candidate(shared));
    c.push_back(candidate(gpuNode("v100", 8, 0, "V100", "speech")));
    return c;
}

std::vector<std::string> names(const std::vector<GpuPlacementAdvisor::Placement> &p) {
    std::vector<std::string> out;
    for (const auto &x : p)
        out.push_back(x.node);
    return out;
}

TEST(GpuPlacementAdvisorTest, RankingGuaranteedScoreThenBestFit) {
    GpuPlacementAdvisor::Request r;
    r.gpus = 4;
    const auto ranked = GpuPlacementAdvisor::rank(r, cluster());
    EXPECT_EQ(names(ranked),
              (std::vector<std::string>{"a100-half", "a100-full", "pcie-full", "unknown", "v100",
                                        "down", "cordoned", "busy", "t4-shared"}));
    EXPECT_EQ(ranked[4].verdict, Verdict::Fits); // no type asked: the V100 fits (unknown topo)
    EXPECT_EQ(ranked[5].verdict, Verdict::NotReady);
    EXPECT_EQ(ranked[6].verdict, Verdict::Cordoned);
    EXPECT_EQ(ranked[7].verdict, Verdict::NotEnoughGpus);
    EXPECT_EQ(ranked[8].verdict, Verdict::SharedGpus);
    EXPECT_DOUBLE_EQ(ranked[2].guaranteedRatio(), 0.5);
    EXPECT_EQ(ranked[2].bestSet, "GPU0-3");
    EXPECT_EQ(ranked[2].numaSpan, 1);
    EXPECT_EQ(ranked[2].islandSpan, 4);

    r.gpuType = "a100";
    r.org = "vision";
    const auto typed = GpuPlacementAdvisor::rank(r, cluster());
    std::map<std::string, Verdict> verdicts;
    for (const auto &p : typed)
        verdicts[p.node] = p.verdict;
    EXPECT_EQ(verdicts["v100"], Verdict::WrongType);
    EXPECT_EQ(verdicts["t4-shared"], Verdict::WrongType);
    EXPECT_EQ(verdicts["unknown"], Verdict::Fits);

    r.gpuType.clear();
    r.org = "speech";
    for (const auto &p : GpuPlacementAdvisor::rank(r, cluster()))
        EXPECT_EQ(p.verdict == Verdict::WrongOrg, p.node != "v100") << p.node;
}

TEST(GpuPlacementAdvisorTest, CpuMemoryTypeMatchingAndNoGpus) {
    auto n = gpuNode("a", 8, 0, "", "vision");
    n.product = "NVIDIA-A100-SXM4-80GB";
    n.cpuRequestedMilli = 60000;
    EXPECT_TRUE(GpuPlacementAdvisor::typeMatches(n, "A100"));
    EXPECT_TRUE(GpuPlacementAdvisor::typeMatches(n, ""));
    EXPECT_FALSE(GpuPlacementAdvisor::typeMatches(n, "H100"));
    GpuPlacementAdvisor::Request r;
    r.gpus = 2;
    r.milliCpu = 8000;
    auto p = GpuPlacementAdvisor::evaluate(r, candidate(n));
    EXPECT_EQ(p.verdict, Verdict::NotEnoughCpu);
    EXPECT_EQ(GpuPlacementAdvisor::explain(p),
              "a: 8 GPUs free but only 4 CPU cores free, fewer than asked.");
    r.milliCpu = 0;
    r.memoryBytes = 600LL << 30;
    p = GpuPlacementAdvisor::evaluate(r, candidate(n));
    EXPECT_EQ(p.verdict, Verdict::NotEnoughMemory);
    EXPECT_EQ(GpuPlacementAdvisor::explain(p),
              "a: 8 GPUs free but only 512 GiB of memory free, less than asked.");

    auto none = gpuNode("none", 0, 0);
    none.resources.clear();
    EXPECT_EQ(GpuPlacementAdvisor::evaluate(r, candidate(none)).verdict, Verdict::NoGpus);
}

TEST(GpuPlacementAdvisorTest, ExplanationsAPersonCanActOn) {
    GpuPlacementAdvisor::Request r;
    r.gpus = 8;
    auto explain = [&](const GpuPlacementAdvisor::Candidate &c) {
        return GpuPlacementAdvisor::explain(GpuPlacementAdvisor::evaluate(r, c));
    };
    EXPECT_EQ(explain(candidate(gpuNode("gpu-a100-1", 8, 0), a100())),
              "gpu-a100-1: fits — 8 of 8 A100 GPUs free; best set GPU0-7 (1 NVLink island, 2 "
              "NUMA nodes): score 2,800 of 2,800.");
    EXPECT_EQ(explain(candidate(gpuNode("gpu-a100-3", 8, 0), parse(gputest::twoIslands()))),
              "gpu-a100-3: fits — 8 of 8 A100 GPUs free; best set GPU0-7 (2 NVLink islands, 2 "
              "NUMA nodes): score 1,200 of 2,800.");
    EXPECT_EQ(explain(candidate(gpuNode("node-x", 8, 5))),
              "node-x: only 3 of 8 A100 GPUs free, needs 8.");
    EXPECT_EQ(explain(candidate(gpuNode("full", 8, 8))),
              "full: all 8 A100 GPUs are in use, needs 8.");
    EXPECT_EQ(explain(candidate(gpuNode("plain", 8, 0))),
              "plain: fits — 8 of 8 A100 GPUs free; topology unknown, NVLink and NUMA placement "
              "cannot be judged (publish the cubedesk.io/gpu-topology annotation or import the "
              "node's nvidia-smi topo -m).");
    auto mismatch = candidate(gpuNode("mismatch", 8, 0), bridgePairs());
    EXPECT_EQ(explain(mismatch),
              "mismatch: fits — 8 of 8 A100 GPUs free; its topology lists 4 GPUs, fewer than "
              "the node offers, so it is ignored; topology unknown, NVLink and NUMA placement "
              "cannot be judged (publish the cubedesk.io/gpu-topology annotation or import the "
              "node's nvidia-smi topo -m).");

    r.gpus = 4;
    EXPECT_EQ(explain(candidate(gpuNode("half", 8, 4), parse(gputest::pcieBox()))),
              "half: fits — 4 of 8 A100 GPUs free, but which ones is not visible to Kubernetes: "
              "score 100 guaranteed, up to 300 of 600; best if GPU0-3 are free (no NVLink, 1 NUMA "
              "node).");
    EXPECT_EQ(explain(candidate(gpuNode("nv", 8, 4), a100())),
              "nv: fits — 4 of 8 A100 GPUs free; whichever they are, score 600 of 600 (e.g. "
              "GPU0-3: 1 NVLink island, 1 NUMA node).");
    auto tainted = gpuNode("tainted", 8, 0);
    tainted.taints = {"dedicated=train:NoSchedule"};
    EXPECT_EQ(explain(candidate(tainted, a100())),
              "tainted: fits — 8 of 8 A100 GPUs free; best set GPU0-3 (1 NVLink island, 1 NUMA "
              "node): score 600 of 600. Tainted dedicated=train:NoSchedule: the pod needs a "
              "toleration.");
    EXPECT_EQ(explain(candidate(gpuNode("nrt", 8, 3), nrtEightWithFree("1", "4"))),
              "nrt: fits — 5 of 8 A100 GPUs free; whichever they are, score 300 of 600 (e.g. "
              "N1.0,N1.1,N1.2,N1.3: 1 NUMA node). NVLink is not known from "
              "a NodeResourceTopology; only NUMA counts.");
    r.gpus = 1;
    EXPECT_EQ(explain(candidate(gpuNode("one", 8, 7), a100())),
              "one: fits — 1 of 8 A100 GPUs free; one GPU needs no interconnect.");

    auto down = gpuNode("down", 8, 2);
    down.ready = false;
    EXPECT_EQ(explain(candidate(down)),
              "down: NotReady — its 6 free GPUs take no pods until the kubelet reports Ready "
              "again.");
    auto cordoned = gpuNode("cordoned", 8, 7);
    cordoned.unschedulable = true;
    EXPECT_EQ(explain(candidate(cordoned)),
              "cordoned: cordoned — uncordon it to use its 1 free GPU.");
    r.org = "nlp";
    EXPECT_EQ(explain(candidate(gpuNode("v", 8, 0))),
              "v: in resource group vision, not the one asked for — move it to that group on the "
              "Resource groups board, or ask for vision.");
    r.org.clear();
    r.gpuType = "H100";
    EXPECT_EQ(explain(candidate(gpuNode("v", 8, 0))),
              "v: gpu-type is A100, not the type asked for.");
    r.gpuType.clear();
    auto shared = gpuNode("t4", 0, 0, "T4");
    shared.resources = {{"nvidia.com/gpu", GpuInventory::ResourceKind::Replica, 16, 16, 3}};
    shared.sharing = GpuInventory::Sharing::TimeSlicing;
    shared.replicas = 4;
    EXPECT_EQ(explain(candidate(shared)),
              "t4: its GPUs are shared (time-slicing, 4 replicas each): its nvidia.com/gpu units "
              "are replicas, not whole GPUs.");
    shared.sharing = GpuInventory::Sharing::Vgpu;
    EXPECT_EQ(explain(candidate(shared)),
              "t4: its GPUs are HAMi vGPU slices, not whole GPUs — use a whole-GPU node for a "
              "gang.");
    EXPECT_EQ(GpuPlacementAdvisor::thousands(1234567), "1,234,567");
    EXPECT_EQ(GpuPlacementAdvisor::thousands(600), "600");
}

} // namespace
