// The simulator's GPUs (NodeGpus) and its dcgm-exporter text (DcgmExporter), in process: the
// kubelet's allocation (contiguous blocks, stable while a pod lives, freed when it ends, nothing
// beyond what is free), MIG instances and shared cards, readings that follow the holders, and
// the exporter's exact label order, value formats and blanks (docs/simulator.md, "GPUs").

#include "k8s/sim/dcgmexporter.h"
#include "k8s/sim/nodegpus.h"
#include "k8s/sim/simulator.h"

#include <gtest/gtest.h>
#include <set>
#include <sstream>

#include <httplib.h>

using namespace cubedesk::sim;
using nlohmann::json;

namespace {

class NodeGpusTest : public ::testing::Test {
protected:
    void SetUp() override {
        SimulatorOptions o;
        o.tls = false;
        o.scenario = "empty";
        sim = std::make_unique<Simulator>(o);
        ASSERT_FALSE(sim->start().has_value());
        create({{"apiVersion", "v1"}, {"kind", "Namespace"}, {"metadata", {{"name", "ml"}}}});
    }

    void create(json object) {
        auto r = sim->createObject(std::move(object), true);
        ASSERT_TRUE(r.ok()) << r.error().message;
    }

    void node(const std::string &name, json labels, json allocatable,
              const std::string &health = {}) {
        labels["gpu"] = "true";
        json meta = {{"name", name}, {"labels", labels}};
        if (!health.empty())
            meta["annotations"] = {{"sim.cubedesk.io/gpu-health", health}};
        create({{"apiVersion", "v1"},
                {"kind", "Node"},
                {"metadata", meta},
                {"status",
                 {{"allocatable", allocatable},
                  {"capacity", allocatable},
                  {"conditions", json::array({{{"type", "Ready"}, {"status", "True"}}})}}}});
    }

    /// A dcgm-exporter pod on gpu-1 (Running) and on gpu-2 (Pending).
    void exportersOnGpu1AndGpu2() {
        for (const std::string n : {"gpu-1", "gpu-2"}) {
            json p = {
                {"apiVersion", "v1"},
                {"kind", "Pod"},
                {"metadata",
                 {{"name", "dcgm-exporter-" + n},
                  {"namespace", "ml"},
                  {"labels", {{"app.kubernetes.io/name", "dcgm-exporter"}}}}},
                {"spec",
                 {{"nodeName", n}, {"containers", json::array({{{"name", "dcgm-exporter"}}})}}},
                {"status", {{"phase", n == "gpu-1" ? "Running" : "Pending"}}}};
            create(p);
        }
    }

    void a100(const std::string &name, const std::string &health = {}) {
        node(name,
             {{"nvidia.com/gpu.count", "8"},
              {"nvidia.com/gpu.product", "NVIDIA-A100-SXM4-80GB"},
              {"nvidia.com/gpu.memory", "81920"}},
             {{"cpu", "128"}, {"memory", "1Ti"}, {"nvidia.com/gpu", "8"}}, health);
    }

    /// An A100 node with MIG "mixed": six whole GPUs, the last two split into instances.
    void migA100(const std::string &name) {
        node(name,
             {{"nvidia.com/gpu.count", "8"},
              {"nvidia.com/gpu.product", "NVIDIA-A100-SXM4-80GB"},
              {"nvidia.com/gpu.memory", "81920"},
              {"nvidia.com/mig.strategy", "mixed"}},
             {{"nvidia.com/gpu", "6"},
              {"nvidia.com/mig-1g.10gb", "8"},
              {"nvidia.com/mig-2g.20gb", "3"}});
    }

    /// A running pod on `nodeName` whose one container claims `count` of `resource`.
    void pod(const std::string &name, const std::string &nodeName, const std::string &resource,
             int count, json labels = json::object(), const std::string &created = {}) {
        json meta = {{"name", name}, {"namespace", "ml"}, {"labels", labels}};
        if (!created.empty())
            meta["creationTimestamp"] = created;
        const json resources = {{resource, std::to_string(count)}};
        create(
            {{"apiVersion", "v1"},
             {"kind", "Pod"},
             {"metadata", meta},
             {"spec",
              {{"nodeName", nodeName},
               {"containers",
                json::array({{{"name", "main"},
                              {"image", "pytorch"},
                              {"resources", {{"requests", resources}, {"limits", resources}}}}})}}},
             {"status", {{"phase", "Running"}}}});
    }

    void remove(const std::string &name) {
        auto r = sim->store().remove(sim->registry().core("pods"), "ml", name);
        ASSERT_TRUE(r.ok()) << r.error().message;
    }

    /// The node's GPU indices `podName` holds, in the order its container sees them.
    std::vector<int> held(const std::string &nodeName, const std::string &podName) {
        std::vector<int> out;
        for (const SimGpu &g : devices(nodeName))
            for (const SimGpuHolder &h : g.holders)
                if (h.pod == podName)
                    out.push_back(g.migProfile.empty() ? g.index : 100 + g.migInstanceId);
        return out;
    }

    std::vector<SimGpu> devices(const std::string &nodeName) {
        // A second later each time, so that the snapshot is recomputed.
        tick += std::chrono::seconds(2);
        return sim->gpus().devicesOf(nodeName, tick);
    }

    std::unique_ptr<Simulator> sim;
    std::chrono::system_clock::time_point tick = std::chrono::system_clock::now();
};

TEST_F(NodeGpusTest, PodsGetContiguousDevicesThatStayTheirsWhileTheyLive) {
    a100("gpu-1");
    pod("job-a", "gpu-1", "nvidia.com/gpu", 4, json::object(), "2026-01-01T00:00:00Z");
    pod("job-b", "gpu-1", "nvidia.com/gpu", 2, json::object(), "2026-01-01T00:01:00Z");
    EXPECT_EQ(held("gpu-1", "job-a"), (std::vector<int>{0, 1, 2, 3}));
    EXPECT_EQ(held("gpu-1", "job-b"), (std::vector<int>{4, 5}));
    // job-a ends: its devices are free, job-b keeps its own; a new pod takes the first block.
    remove("job-a");
    pod("job-c", "gpu-1", "nvidia.com/gpu", 3);
    EXPECT_EQ(held("gpu-1", "job-b"), (std::vector<int>{4, 5}));
    EXPECT_EQ(held("gpu-1", "job-c"), (std::vector<int>{0, 1, 2}));
    // Three whole GPUs are free (3, 6, 7) but a claim of four gets nothing, as a kubelet would
    // refuse it; a claim of three takes what is free though not contiguous.
    pod("job-d", "gpu-1", "nvidia.com/gpu", 4);
    EXPECT_TRUE(held("gpu-1", "job-d").empty());
    pod("job-e", "gpu-1", "nvidia.com/gpu", 3);
    EXPECT_EQ(held("gpu-1", "job-e"), (std::vector<int>{3, 6, 7}));
}

TEST_F(NodeGpusTest, AFinishedPodFreesItsDevices) {
    a100("gpu-1");
    pod("job-a", "gpu-1", "nvidia.com/gpu", 8);
    EXPECT_EQ(held("gpu-1", "job-a").size(), 8u);
    WriteOptions status;
    status.statusSubresource = true;
    ASSERT_TRUE(sim->store()
                    .update(
                        sim->registry().core("pods"), "ml", "job-a",
                        [](json &p) -> std::optional<ApiError> {
                            p["status"]["phase"] = "Succeeded";
                            return std::nullopt;
                        },
                        status)
                    .ok());
    EXPECT_TRUE(held("gpu-1", "job-a").empty());
    pod("job-b", "gpu-1", "nvidia.com/gpu", 8);
    EXPECT_EQ(held("gpu-1", "job-b").size(), 8u);
}

TEST_F(NodeGpusTest, ReadingsFollowTheHolders) {
    a100("gpu-1", "6=hot,7=xid-79");
    pod("train-worker-0", "gpu-1", "nvidia.com/gpu", 2,
        {{"training.kubeflow.org/replica-type", "worker"}}, "2026-01-01T00:00:00Z");
    pod("alice-notebook", "gpu-1", "nvidia.com/gpu", 1, {{"pod-type", "notebook"}},
        "2026-01-01T00:01:00Z");
    const std::vector<SimGpu> gpus = devices("gpu-1");
    ASSERT_EQ(gpus.size(), 8u);
    for (int i : {0, 1}) {
        EXPECT_GE(gpus[static_cast<std::size_t>(i)].utilizationPercent, 80) << "training is busy";
        EXPECT_GT(gpus[static_cast<std::size_t>(i)].memoryUsedMiB, 0);
        EXPECT_EQ(gpus[static_cast<std::size_t>(i)].smClockMHz, 1410);
    }
    EXPECT_EQ(gpus[2].utilizationPercent, 0) << "a notebook holds its GPU idle";
    EXPECT_GT(gpus[2].memoryUsedMiB, 0) << "with its model loaded";
    EXPECT_EQ(gpus[3].utilizationPercent, 0);
    EXPECT_EQ(gpus[3].memoryUsedMiB, 0);
    EXPECT_EQ(gpus[3].smClockMHz, 210) << "idle clocks";
    EXPECT_TRUE(gpus[6].throttled);
    EXPECT_GE(gpus[6].temperatureC, 88);
    EXPECT_LT(gpus[6].smClockMHz, 1410);
    EXPECT_EQ(gpus[7].xid, 79);
    EXPECT_EQ(gpus[0].uuid, devices("gpu-1")[0].uuid) << "UUIDs are stable";
    EXPECT_NE(gpus[0].uuid, gpus[1].uuid);
}

TEST_F(NodeGpusTest, MigInstancesAndSharedCards) {
    migA100("mig-1");
    node("shared-1",
         {{"nvidia.com/gpu.count", "4"},
          {"nvidia.com/gpu.product", "Tesla-T4-SHARED"},
          {"nvidia.com/gpu.memory", "15360"},
          {"nvidia.com/gpu.replicas", "4"}},
         {{"nvidia.com/gpu", "16"}});
    // Oldest first: the kubelet admitted them in this order.
    pod("small", "mig-1", "nvidia.com/mig-2g.20gb", 1, json::object(), "2026-01-01T00:00:00Z");
    pod("whole", "mig-1", "nvidia.com/gpu", 6, json::object(), "2026-01-01T00:01:00Z");
    pod("too-many", "mig-1", "nvidia.com/gpu", 1, json::object(), "2026-01-01T00:02:00Z");
    pod("share-a", "shared-1", "nvidia.com/gpu", 1);
    pod("share-b", "shared-1", "nvidia.com/gpu", 1);

    const std::vector<SimGpu> mig = devices("mig-1");
    ASSERT_EQ(mig.size(), 8u + 11u) << "eight GPUs, then eleven MIG instances";
    EXPECT_TRUE(mig[6].migEnabled);
    EXPECT_TRUE(mig[7].migEnabled);
    EXPECT_EQ(mig[6].utilizationPercent, -1);
    EXPECT_EQ(held("mig-1", "small"), (std::vector<int>{103}));
    EXPECT_EQ(held("mig-1", "whole").size(), 6u);
    EXPECT_TRUE(held("mig-1", "too-many").empty()) << "MIG-enabled GPUs are not whole GPUs";
    std::set<std::string> instanceUuids;
    for (std::size_t i = 8; i < mig.size(); ++i) {
        EXPECT_EQ(mig[i].uuid.rfind("MIG-", 0), 0u);
        EXPECT_EQ(mig[i].parentUuid, mig[static_cast<std::size_t>(mig[i].index)].uuid);
        instanceUuids.insert(mig[i].uuid);
    }
    EXPECT_EQ(instanceUuids.size(), 11u);

    const std::vector<SimGpu> shared = devices("shared-1");
    ASSERT_EQ(shared.size(), 4u);
    EXPECT_TRUE(shared[0].shared);
    EXPECT_EQ(shared[0].holders.size(), 2u) << "both replicas of the first card";
}

TEST_F(NodeGpusTest, ExporterTextIsDcgmExporters) {
    a100("gpu-1", "7=xid-79");
    pod("train-worker-0", "gpu-1", "nvidia.com/gpu", 1,
        {{"training.kubeflow.org/replica-type", "worker"}});
    const std::vector<SimGpu> gpus = devices("gpu-1");
    const auto now = tick;
    const std::string text =
        DcgmExporter::exposition("gpu-1", gpus, now, now - std::chrono::hours(1));
    // The block header and the label order of 3.1.7-3.1.4, pod labels for the held GPU...
    EXPECT_NE(text.find("# HELP DCGM_FI_DEV_GPU_UTIL GPU utilization (in %).\n"
                        "# TYPE DCGM_FI_DEV_GPU_UTIL gauge\n"
                        "DCGM_FI_DEV_GPU_UTIL{gpu=\"0\",UUID=\"" +
                        gpus[0].uuid +
                        "\",device=\"nvidia0\",modelName=\"NVIDIA A100-SXM4-80GB\","
                        "Hostname=\"gpu-1\",DCGM_FI_DRIVER_VERSION=\"550.54.15\","
                        "container=\"main\",namespace=\"ml\",pod=\"train-worker-0\"} " +
                        std::to_string(gpus[0].utilizationPercent) + "\n"),
              std::string::npos)
        << text.substr(0, 2000);
    // ...and empty ones for a GPU nobody holds.
    EXPECT_NE(text.find("DCGM_FI_DEV_GPU_UTIL{gpu=\"1\",UUID=\"" + gpus[1].uuid +
                        "\",device=\"nvidia1\",modelName=\"NVIDIA A100-SXM4-80GB\","
                        "Hostname=\"gpu-1\",DCGM_FI_DRIVER_VERSION=\"550.54.15\","
                        "container=\"\",namespace=\"\",pod=\"\"} 0\n"),
              std::string::npos);
    // Doubles as Go's %f; the XID as its number; energy grows.
    EXPECT_NE(text.find("DCGM_FI_DEV_POWER_USAGE{gpu=\"0\""), std::string::npos);
    const std::size_t power = text.find("DCGM_FI_DEV_POWER_USAGE{gpu=\"0\"");
    const std::string powerLine = text.substr(power, text.find('\n', power) - power);
    EXPECT_EQ(powerLine.substr(powerLine.size() - 7, 1), ".") << powerLine;
    EXPECT_NE(text.find("DCGM_FI_DEV_XID_ERRORS{gpu=\"7\""), std::string::npos);
    const std::size_t xid = text.find("DCGM_FI_DEV_XID_ERRORS{gpu=\"7\"");
    EXPECT_EQ(text.substr(text.find('}', xid), 5), "} 79\n");
    // Every one of the 21 default counters has its block; 8 devices each where supported.
    std::size_t blocks = 0;
    for (std::size_t at = text.find("# TYPE "); at != std::string::npos;
         at = text.find("# TYPE ", at + 1))
        ++blocks;
    EXPECT_EQ(blocks, 21u);
}

TEST_F(NodeGpusTest, ExporterLeavesOutWhatDcgmReportsBlank) {
    migA100("mig-1");
    node("t4-1",
         {{"nvidia.com/gpu.count", "1"},
          {"nvidia.com/gpu.product", "Tesla-T4"},
          {"nvidia.com/gpu.memory", "15360"}},
         {{"nvidia.com/gpu", "1"}});
    pod("small", "mig-1", "nvidia.com/mig-1g.10gb", 1);
    const auto now = tick;
    const std::string mig = DcgmExporter::exposition("mig-1", devices("mig-1"), now, now);
    // MIG-enabled GPUs 6 and 7 appear only as their instances, which have no utilization.
    EXPECT_EQ(mig.find("DCGM_FI_DEV_GPU_UTIL{gpu=\"6\""), std::string::npos);
    EXPECT_NE(mig.find("DCGM_FI_DEV_FB_USED{gpu=\"6\""), std::string::npos);
    EXPECT_NE(mig.find(",GPU_I_PROFILE=\"1g.10gb\",GPU_I_ID=\"7\",Hostname=\"mig-1\","),
              std::string::npos);
    EXPECT_NE(mig.find("pod=\"small\""), std::string::npos) << "MIG instances are mapped";
    const std::string t4 = DcgmExporter::exposition("t4-1", devices("t4-1"), now, now);
    EXPECT_EQ(t4.find("DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL{"), std::string::npos);
    EXPECT_EQ(t4.find("DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS{"), std::string::npos);
    EXPECT_NE(t4.find("DCGM_FI_DEV_GPU_UTIL{gpu=\"0\""), std::string::npos);
}

TEST_F(NodeGpusTest, EndpointsServeRunningExportersOnly) {
    a100("gpu-1");
    a100("gpu-2");
    exportersOnGpu1AndGpu2();
    const json targets = sim->dcgmScrapeTargets();
    ASSERT_EQ(targets.size(), 1u) << targets.dump();
    EXPECT_EQ(targets[0]["labels"]["__metrics_path__"], "/node/gpu-1/metrics");
    EXPECT_EQ(targets[0]["labels"]["pod"], "dcgm-exporter-gpu-1");
    EXPECT_EQ(targets[0]["labels"]["job"], "dcgm-exporter");
    const std::string address = sim->dcgmAddress();
    httplib::Client cli("http://" + address);
    auto ok = cli.Get("/node/gpu-1/metrics");
    ASSERT_TRUE(ok);
    EXPECT_EQ(ok->status, 200);
    EXPECT_EQ(ok->get_header_value("Content-Type"), "text/plain; version=0.0.4; charset=utf-8");
    EXPECT_NE(ok->body.find("DCGM_FI_DEV_GPU_TEMP{gpu=\"7\""), std::string::npos);
    auto pending = cli.Get("/node/gpu-2/metrics");
    ASSERT_TRUE(pending);
    EXPECT_EQ(pending->status, 503) << "no running exporter";
    auto unknown = cli.Get("/node/nope/metrics");
    ASSERT_TRUE(unknown);
    EXPECT_EQ(unknown->status, 503);
    auto other = cli.Get("/metrics");
    ASSERT_TRUE(other);
    EXPECT_EQ(other->status, 404);
}

TEST_F(NodeGpusTest, HistoryIsWhatTheScrapesWouldHaveStored) {
    a100("gpu-1");
    a100("gpu-2");
    exportersOnGpu1AndGpu2();
    std::ostringstream out;
    ASSERT_TRUE(sim->writeDcgmHistory(out, std::chrono::system_clock::now(),
                                      std::chrono::minutes(10), std::chrono::minutes(2)));
    const std::string text = out.str();
    // Five scrapes of gpu-1's eight GPUs, seven fields each; nothing of gpu-2 (no exporter runs
    // there, as its endpoint fails) and nothing of the fields CubeDesk does not read.
    std::size_t lines = 0;
    for (std::size_t at = 0; (at = text.find('\n', at)) != std::string::npos; ++at)
        ++lines;
    EXPECT_EQ(lines, 5u * 8 * 7 + 7 + 1) << "samples, a TYPE line per field, # EOF";
    EXPECT_EQ(text.find("gpu-2"), std::string::npos);
    EXPECT_EQ(text.find("DCGM_FI_DEV_PCIE"), std::string::npos);
    EXPECT_NE(text.find(",Hostname=\"gpu-1\",UUID=\"GPU-"), std::string::npos) << text;
    EXPECT_NE(text.find(",pod=\"dcgm-exporter-gpu-1\",service=\"dcgm-exporter\"} "),
              std::string::npos)
        << "the target's labels, sorted";
    EXPECT_EQ(text.substr(text.size() - 6), "# EOF\n");
}

} // namespace
