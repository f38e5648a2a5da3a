// The scale scenario's GPU monitoring (docs/simulator.md, "Scenarios"): a running dcgm-exporter
// DaemonSet pod on every GPU node and on no other, its DaemonSet and Service, Prometheus's
// Service, every GPU node's endpoint served (and no other node's), `--gpu-nodes` spreading that
// many GPU nodes evenly, and the endpoints' exporter index following pod deletions and creations.
// Small clusters: the test runs in well under a second.

#include "k8s/sim/scalescenario.h"
#include "k8s/sim/simulator.h"

#include <gtest/gtest.h>
#include <map>
#include <set>

#include <httplib.h>

using namespace cubedesk::sim;
using nlohmann::json;

namespace {

std::unique_ptr<Simulator> startScale(std::size_t nodes, std::size_t pods,
                                      std::optional<std::size_t> gpuNodes = std::nullopt) {
    SimulatorOptions o;
    o.tls = false;
    o.scenario = "scale";
    o.nodes = nodes;
    o.pods = pods;
    o.gpuNodes = gpuNodes;
    o.metricsServer = false;
    auto sim = std::make_unique<Simulator>(o);
    if (auto error = sim->start()) {
        ADD_FAILURE() << *error;
        return nullptr;
    }
    return sim;
}

std::set<std::string> gpuNodes(Simulator &sim) {
    std::set<std::string> out;
    for (const ObjectPtr &n : sim.store().all(sim.registry().core("nodes")))
        if (n->label("gpu") == std::string_view("true"))
            out.insert(n->name);
    return out;
}

/// Node → the running dcgm-exporter pods bound to it.
std::map<std::string, std::vector<json>> exportersByNode(Simulator &sim) {
    std::map<std::string, std::vector<json>> out;
    for (const ObjectPtr &p : sim.store().all(sim.registry().core("pods")))
        if (p->label("app.kubernetes.io/name") == std::string_view("dcgm-exporter")) {
            const json pod = p->parse();
            out[pod["spec"].value("nodeName", "")].push_back(pod);
        }
    return out;
}

int status(Simulator &sim, const std::string &node) {
    httplib::Client client("http://" + sim.dcgmAddress());
    const auto r = client.Get("/node/" + node + "/metrics");
    return r ? r->status : -1;
}

} // namespace

TEST(ScaleScenarioTest, EveryGpuNodeRunsAnExporterPodAndServesItsEndpoint) {
    auto sim = startScale(30, 300);
    ASSERT_TRUE(sim);
    const std::set<std::string> gpus = gpuNodes(*sim);
    EXPECT_EQ(gpus, (std::set<std::string>{"node-00000", "node-00010", "node-00020"}));
    const auto exporters = exportersByNode(*sim);
    for (const std::string &node : gpus) {
        ASSERT_EQ(exporters.count(node), 1u) << node << " has no exporter pod";
        ASSERT_EQ(exporters.at(node).size(), 1u) << node;
        const json &pod = exporters.at(node).front();
        EXPECT_EQ(pod["metadata"].value("namespace", ""), "monitoring");
        EXPECT_EQ(pod["status"].value("phase", ""), "Running");
        EXPECT_TRUE(pod["spec"].value("hostNetwork", false));
        EXPECT_EQ(pod["status"].value("podIP", ""), pod["status"].value("hostIP", ""));
        EXPECT_EQ(pod["metadata"]["ownerReferences"][0].value("kind", ""), "DaemonSet");
        // The endpoint answers with the node's eight GPUs.
        httplib::Client client("http://" + sim->dcgmAddress());
        const auto r = client.Get("/node/" + node + "/metrics");
        ASSERT_TRUE(r);
        EXPECT_EQ(r->status, 200) << node;
        std::size_t util = 0;
        for (std::size_t at = r->body.find("\nDCGM_FI_DEV_GPU_UTIL{"); at != std::string::npos;
             at = r->body.find("\nDCGM_FI_DEV_GPU_UTIL{", at + 1))
            ++util;
        EXPECT_EQ(util, 8u) << r->body.substr(0, 2000);
    }
    EXPECT_EQ(exporters.size(), gpus.size()) << "exporters run on GPU nodes only";
    EXPECT_EQ(status(*sim, "node-00001"), 503) << "a CPU node has no exporter";
    EXPECT_EQ(sim->dcgmScrapeTargets().size(), gpus.size());

    const auto &store = sim->store();
    const auto &registry = sim->registry();
    EXPECT_TRUE(store.get(registry.core("services"), "monitoring", "prometheus-k8s").ok());
    EXPECT_TRUE(store.get(registry.core("services"), "monitoring", "dcgm-exporter").ok());
    EXPECT_TRUE(store.get(registry.core("pods"), "monitoring", "prometheus-k8s-0").ok());
    const auto daemonSet =
        store.get(*registry.find("apps", "v1", "daemonsets"), "monitoring", "dcgm-exporter");
    ASSERT_TRUE(daemonSet.ok());
    EXPECT_EQ(daemonSet.value()->parse()["status"].value("numberReady", 0), 3);
    // --pods counts the workload pods; the monitoring pods come on top.
    EXPECT_EQ(store.count(registry.core("pods")), 300u + 3u + 1u);
}

TEST(ScaleScenarioTest, GpuNodesSpreadsThatManyGpuNodesEvenly) {
    for (std::size_t i = 0; i < 100; ++i)
        EXPECT_EQ(ScaleScenario::isGpuNode(i, 100, std::nullopt), i % 10 == 0);
    for (const std::size_t wanted : {0u, 1u, 7u, 10u, 33u, 99u, 100u}) {
        std::size_t count = 0;
        for (std::size_t i = 0; i < 100; ++i)
            count += ScaleScenario::isGpuNode(i, 100, wanted) ? 1 : 0;
        EXPECT_EQ(count, wanted);
    }
    for (std::size_t i = 0; i < 100; ++i)
        EXPECT_EQ(ScaleScenario::isGpuNode(i, 100, 10), i % 10 == 0) << "a tenth: every tenth";

    auto sim = startScale(12, 120, 12);
    ASSERT_TRUE(sim);
    EXPECT_EQ(gpuNodes(*sim).size(), 12u);
    EXPECT_EQ(exportersByNode(*sim).size(), 12u);
    EXPECT_EQ(sim->dcgmScrapeTargets().size(), 12u);

    SimulatorOptions tooMany;
    tooMany.tls = false;
    tooMany.scenario = "scale";
    tooMany.nodes = 5;
    tooMany.pods = 10;
    tooMany.gpuNodes = 6;
    Simulator refused(tooMany);
    const auto error = refused.start();
    ASSERT_TRUE(error.has_value());
    EXPECT_NE(error->find("--gpu-nodes 6"), std::string::npos) << *error;
}

TEST(ScaleScenarioTest, TheEndpointsFollowTheExporterPods) {
    auto sim = startScale(20, 100);
    ASSERT_TRUE(sim);
    const auto exporters = exportersByNode(*sim);
    ASSERT_EQ(exporters.count("node-00010"), 1u);
    json pod = exporters.at("node-00010").front();
    const std::string name = pod["metadata"].value("name", "");
    EXPECT_EQ(status(*sim, "node-00010"), 200);
    ASSERT_TRUE(sim->store().remove(sim->registry().core("pods"), "monitoring", name).ok());
    EXPECT_EQ(status(*sim, "node-00010"), 503) << "the exporter pod is gone";
    EXPECT_EQ(sim->dcgmScrapeTargets().size(), 1u);
    pod["metadata"].erase("resourceVersion");
    pod["metadata"].erase("uid");
    ASSERT_TRUE(sim->createObject(pod, true).ok());
    EXPECT_EQ(status(*sim, "node-00010"), 200) << "the exporter pod is back";
    EXPECT_EQ(sim->dcgmScrapeTargets().size(), 2u);
}
