// NrtTopologyParser: NodeResourceTopology objects (topology.node.k8s.io v1alpha2 as NFD's
// topology-updater and KAI publish them; the older v1alpha1 shape with integer quantities; the
// name → quantity map some tools write) into GpuTopology zones with free GPUs per NUMA node.

#include "k8s/cube/nrttopologyparser.h"

#include <gtest/gtest.h>

using namespace cubedesk::k8s;

namespace {

const std::vector<std::string> kGpus = {"nvidia.com/gpu", "amd.com/gpu"};

const char *const kV1alpha2 = R"({
  "apiVersion": "topology.node.k8s.io/v1alpha2",
  "kind": "NodeResourceTopology",
  "metadata": {"name": "gpu-h100-nlp-1"},
  "attributes": [{"name": "topologyManagerPolicy", "value": "single-numa-node"}],
  "topologyPolicies": ["SingleNUMANodeContainerLevel"],
  "zones": [
    {"name": "node-0", "type": "Node",
     "costs": [{"name": "node-0", "value": 10}, {"name": "node-1", "value": 21}],
     "resources": [
       {"name": "nvidia.com/gpu", "capacity": "4", "allocatable": "4", "available": "1"},
       {"name": "cpu", "capacity": "96", "allocatable": "94", "available": "30"},
       {"name": "memory", "capacity": "1Ti", "allocatable": "1000Gi", "available": "500Gi"}]},
    {"name": "node-1", "type": "Node",
     "resources": [
       {"name": "nvidia.com/gpu", "capacity": "4", "allocatable": "4", "available": "4"},
       {"name": "cpu", "capacity": "96", "allocatable": "96", "available": "96"}]},
    {"name": "socket-0", "type": "Socket", "resources": []}
  ]
})";

TEST(NrtTopologyParserTest, ZonesBecomeNumaNodesWithFreeGpus) {
    const auto r = NrtTopologyParser::parse(kV1alpha2, kGpus);
    ASSERT_TRUE(r.topology) << r.error;
    EXPECT_EQ(r.node, "gpu-h100-nlp-1");
    const GpuTopology &t = *r.topology;
    EXPECT_EQ(t.source(), GpuTopology::Source::NodeResourceTopology);
    ASSERT_EQ(t.gpuCount(), 8u);
    EXPECT_FALSE(t.hasLinks());
    EXPECT_EQ(t.device(0).name, "N0.0");
    EXPECT_EQ(t.device(5).name, "N1.1");
    EXPECT_EQ(t.device(5).numa, 1);
    EXPECT_EQ(t.link(0, 0).type, GpuTopology::LinkType::Self);
    EXPECT_EQ(t.link(0, 1).type, GpuTopology::LinkType::Unknown);
    EXPECT_EQ(t.zoneFree(), (std::map<int, int>{{0, 1}, {1, 4}}));
    EXPECT_EQ(t.numaNodes(), (std::vector<int>{0, 1}));
    EXPECT_TRUE(t.islands().empty());
    // Without links only NUMA counts.
    EXPECT_EQ(t.pairScore(0, 1), 50);
    EXPECT_EQ(t.pairScore(0, 4), 0);
}

TEST(NrtTopologyParserTest, OlderShapesAndOtherVendors) {
    // v1alpha1: integer quantities, no "available"; zone names numa-node-N; AMD GPUs.
    const auto a = NrtTopologyParser::parse(
        R"({"metadata":{"name":"mi300"},"zones":[
            {"name":"numa-node-1","type":"Node","resources":[{"name":"amd.com/gpu","capacity":2,"allocatable":2}]},
            {"name":"numa-node-0","type":"Node","resources":[{"name":"amd.com/gpu","capacity":2,"allocatable":2}]}]})",
        kGpus);
    ASSERT_TRUE(a.topology) << a.error;
    EXPECT_EQ(a.topology->gpuCount(), 4u);
    EXPECT_EQ(a.topology->device(0).name, "N0.0"); // zones sorted by NUMA number
    EXPECT_TRUE(a.topology->zoneFree().empty());
    // A name → quantity map, type NUMA, zone names without numbers (their position counts).
    const auto b = NrtTopologyParser::parse(
        R"({"metadata":{"name":"n"},"zones":[
            {"name":"a","type":"NUMA","resources":{"nvidia.com/gpu":"4"}},
            {"name":"b","type":"NUMA","resources":{"nvidia.com/gpu":"4","cpu":"32"}}]})",
        kGpus);
    ASSERT_TRUE(b.topology) << b.error;
    EXPECT_EQ(b.topology->gpuCount(), 8u);
    EXPECT_EQ(b.topology->device(7).numa, 1);
}

TEST(NrtTopologyParserTest, BrokenObjectsAndLists) {
    EXPECT_NE(NrtTopologyParser::parse("not json", kGpus).error.find("not a JSON object"),
              std::string::npos);
    EXPECT_NE(
        NrtTopologyParser::parse(R"({"metadata":{"name":"x"}})", kGpus).error.find("no zones"),
        std::string::npos);
    const auto cpuOnly = NrtTopologyParser::parse(
        R"({"metadata":{"name":"cpu-1"},"zones":[{"name":"node-0","type":"Node","resources":[{"name":"cpu","capacity":"8"}]}]})",
        kGpus);
    EXPECT_FALSE(cpuOnly.topology);
    EXPECT_NE(cpuOnly.error.find("no GPUs"), std::string::npos);
    EXPECT_EQ(cpuOnly.node, "cpu-1");

    const std::string list = std::string(R"({"kind":"NodeResourceTopologyList","items":[)") +
                             kV1alpha2 + R"(,{"metadata":{"name":"cpu-2"},"zones":[]}]})";
    const auto items = NrtTopologyParser::parseList(list, kGpus);
    ASSERT_EQ(items.size(), 2u);
    EXPECT_TRUE(items[0].topology);
    EXPECT_EQ(items[1].node, "cpu-2");
    EXPECT_FALSE(items[1].topology);
    const auto notList = NrtTopologyParser::parseList(R"({"kind":"Status"})", kGpus);
    ASSERT_EQ(notList.size(), 1u);
    EXPECT_FALSE(notList[0].error.empty());
    EXPECT_EQ(NrtTopologyParser::objectPath("n1"),
              "/apis/topology.node.k8s.io/v1alpha2/noderesourcetopologies/n1");
}

// A hostile object with a thousand GPU zones must not make a matrix of a million links.
TEST(NrtTopologyParserTest, AThousandZonesAreRefusedBeforeTheMatrix) {
    std::string zones;
    for (int i = 0; i < 1000; ++i)
        zones += std::string(i ? "," : "") + R"({"name":"node-)" + std::to_string(i) +
                 R"(","type":"Node","resources":[{"name":"nvidia.com/gpu","capacity":"8"}]})";
    const auto r = NrtTopologyParser::parse(
        R"({"metadata":{"name":"hostile"},"zones":[)" + zones + "]}", kGpus);
    EXPECT_FALSE(r.topology.has_value());
    EXPECT_NE(r.error.find("8000 GPUs"), std::string::npos) << r.error;
}

} // namespace
