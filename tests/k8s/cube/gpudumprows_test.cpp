// GpuDumpRows (`cubedesk --dump gpus`) over a snapshot of decoded objects: one row per GPU node
// and resource, holders, idle GPUs, and the topology fields from each source (annotation, NRT
// list, imported file, broken annotation); plus GpuTopologyFiles, where imported files live.

#include "k8s/cube/gpudumprows.h"
#include "k8s/cube/gputopologyfiles.h"
#include "k8s/cube/gputopologyresolver.h"
#include "tests/k8s/cube/gpufixtures.h"

#include <QCoreApplication>
#include <QTemporaryDir>

#include <cstdlib>
#include <gtest/gtest.h>

using namespace cubedesk::k8s;
using nlohmann::json;

namespace {

/// A private application data directory for the imported files.
class DataHome {
public:
    DataHome() {
        QCoreApplication::setOrganizationName(QStringLiteral("CubeDesk"));
        QCoreApplication::setApplicationName(QStringLiteral("cubedesk-test"));
        ::setenv("XDG_DATA_HOME", m_dir.path().toUtf8().constData(), 1);
    }
    ~DataHome() { ::unsetenv("XDG_DATA_HOME"); }
    std::string path() const { return m_dir.path().toStdString(); }

private:
    QTemporaryDir m_dir;
};

std::string field(const DumpRow &row, const std::string &name) {
    EXPECT_NE(row.value(name), nullptr) << "no field " << name;
    return row.text(name);
}

const DumpRow *find(const std::vector<DumpRow> &rows, const std::string &node,
                    const std::string &resource) {
    for (const auto &r : rows)
        if (field(r, "node") == node && field(r, "resource") == resource)
            return &r;
    ADD_FAILURE() << "no row " << node << " " << resource;
    return nullptr;
}

TEST(GpuDumpRowsTest, RowsPerNodeAndResourceWithTopology) {
    DataHome home;
    gputest::Objects o;
    const std::string a100 = gputest::realFixture("nvidia-smi-topo-a100-8gpu.txt");
    const json a100Labels = {{"gpu", "true"},
                             {"org", "vision"},
                             {"gpu-type", "A100"},
                             {"nvidia.com/gpu.product", "NVIDIA-A100-SXM4-80GB"},
                             {"nvidia.com/gpu.memory", "81920"},
                             {"nvidia.com/gpu.count", "8"},
                             {"nvidia.com/mig.strategy", "none"}};
    ClusterSnapshot c;
    c.name = "dev";
    c.nodes = {
        o.node("gpu-a100-1", a100Labels, {{"nvidia.com/gpu", "8"}}, true, a100),
        o.node("gpu-broken", a100Labels, {{"nvidia.com/gpu", "8"}}, false, "GPU0 X NV12\nnonsense"),
        o.node("gpu-nrt", a100Labels, {{"nvidia.com/gpu", "8"}}),
        o.node("t4-shared",
               {{"gpu", "true"},
                {"gpu-type", "T4"},
                {"nvidia.com/gpu.replicas", "4"},
                {"nvidia.com/gpu.sharing-strategy", "time-slicing"}},
               {{"nvidia.com/gpu", "16"}}),
        o.node("cpu-1", {{"cpu", "true"}}, json::object())};
    c.pods = {o.pod("pipeline", "b-train", "gpu-a100-1", {{"nvidia.com/gpu", "4"}}),
              o.pod("pipeline", "a-train", "gpu-a100-1", {{"nvidia.com/gpu", "2"}}),
              o.pod("service", "infer", "t4-shared", {{"nvidia.com/gpu", "1"}}),
              o.pod("pipeline", "waiting", "", {{"nvidia.com/gpu", "8"}}, "Pending")};
    ASSERT_EQ(GpuTopologyFiles::store("dev", "gpu-broken", gputest::pcieBox()), "");

    GpuDumpRows::Options options;
    options.config = GpuInventory::Config::defaults();
    options.nrtLists["dev"] =
        R"({"items":[{"metadata":{"name":"gpu-nrt"},"zones":[
            {"name":"node-0","type":"Node","resources":[{"name":"nvidia.com/gpu","capacity":"4","allocatable":"4","available":"4"}]},
            {"name":"node-1","type":"Node","resources":[{"name":"nvidia.com/gpu","capacity":"4","allocatable":"4","available":"2"}]}]}]})";
    const auto rows = GpuDumpRows::rows({c}, options);
    ASSERT_EQ(rows.size(), 4u); // the CPU node has no row
    std::vector<std::string> names;
    names.reserve(rows.size());
    for (const auto &r : rows)
        names.push_back(field(r, "node"));
    EXPECT_EQ(names,
              (std::vector<std::string>{"gpu-a100-1", "gpu-broken", "gpu-nrt", "t4-shared"}));
    // Every row has the same fields in the same order (TSV).
    for (const auto &r : rows) {
        ASSERT_EQ(r.fields.size(), rows.front().fields.size());
        for (std::size_t i = 0; i < r.fields.size(); ++i)
            EXPECT_EQ(r.fields[i].first, rows.front().fields[i].first);
    }

    const DumpRow *a = find(rows, "gpu-a100-1", "nvidia.com/gpu");
    ASSERT_TRUE(a);
    EXPECT_EQ(field(*a, "cluster"), "dev");
    EXPECT_EQ(field(*a, "org"), "vision");
    EXPECT_EQ(field(*a, "status"), "Ready");
    EXPECT_EQ(field(*a, "product"), "NVIDIA-A100-SXM4-80GB");
    EXPECT_EQ(field(*a, "kind"), "whole");
    EXPECT_EQ(field(*a, "total"), "8");
    EXPECT_EQ(field(*a, "used"), "6");
    EXPECT_EQ(field(*a, "free"), "2");
    EXPECT_EQ(field(*a, "idle"), "2");
    EXPECT_EQ(field(*a, "memory_mib"), "81920");
    EXPECT_EQ(field(*a, "pods"), "pipeline/a-train=2,pipeline/b-train=4");
    EXPECT_EQ(field(*a, "topology_source"), "annotation");
    EXPECT_EQ(field(*a, "gpus"), "GPU0,GPU1,GPU2,GPU3,GPU4,GPU5,GPU6,GPU7");
    EXPECT_EQ(field(*a, "nvlink_islands"), "GPU0-7");
    EXPECT_EQ(field(*a, "numa_affinity"),
              "GPU0=0,GPU1=0,GPU2=0,GPU3=0,GPU4=1,GPU5=1,GPU6=1,GPU7=1");
    EXPECT_EQ(field(*a, "cpu_affinity").substr(0, 24), "GPU0=0-23,GPU1=0-23,GPU2");
    EXPECT_EQ(field(*a, "links").substr(0, 44), "GPU0:X,NV12,NV12,NV12,NV12,NV12,NV12,NV12;GP");
    EXPECT_EQ(field(*a, "topology_error"), "");

    const DumpRow *b = find(rows, "gpu-broken", "nvidia.com/gpu");
    ASSERT_TRUE(b);
    EXPECT_EQ(field(*b, "status"), "NotReady");
    EXPECT_EQ(field(*b, "idle"), "0");
    EXPECT_EQ(field(*b, "topology_source"), "imported");
    EXPECT_EQ(field(*b, "nvlink_islands"), "");
    EXPECT_NE(field(*b, "topology_error").find("annotation cubedesk.io/gpu-topology: line 1:"),
              std::string::npos)
        << field(*b, "topology_error");

    const DumpRow *n = find(rows, "gpu-nrt", "nvidia.com/gpu");
    ASSERT_TRUE(n);
    EXPECT_EQ(field(*n, "topology_source"), "noderesourcetopology");
    EXPECT_EQ(field(*n, "gpus"), "N0.0,N0.1,N0.2,N0.3,N1.0,N1.1,N1.2,N1.3");
    EXPECT_EQ(field(*n, "links"), "");
    EXPECT_EQ(field(*n, "numa_free"), "0=4,1=2");

    const DumpRow *t = find(rows, "t4-shared", "nvidia.com/gpu");
    ASSERT_TRUE(t);
    EXPECT_EQ(field(*t, "kind"), "replica");
    EXPECT_EQ(field(*t, "sharing"), "time-slicing");
    EXPECT_EQ(field(*t, "replicas"), "4");
    EXPECT_EQ(field(*t, "used"), "1");
    EXPECT_EQ(field(*t, "free"), "15");
    EXPECT_EQ(field(*t, "idle"), "0");
    EXPECT_EQ(field(*t, "physical_gpus"), "4");
    EXPECT_EQ(field(*t, "topology_source"), "");
}

TEST(GpuTopologyFilesTest, StoredPerClusterAndNodeChecked) {
    DataHome home;
    const std::string cluster = "arn:aws:eks:us-east-1:1234:cluster/prod";
    EXPECT_EQ(GpuTopologyFiles::read(cluster, "n1"), std::nullopt);
    const std::string text = gputest::realFixture("nvidia-smi-topo-h100-8gpu.txt");
    EXPECT_EQ(GpuTopologyFiles::store(cluster, "n1", text), "");
    EXPECT_EQ(GpuTopologyFiles::read(cluster, "n1"), text);
    EXPECT_EQ(GpuTopologyFiles::read("other", "n1"), std::nullopt);
    const std::string path = GpuTopologyFiles::path(cluster, "n1");
    EXPECT_EQ(path.rfind(home.path(), 0), 0u) << path;
    EXPECT_EQ(path.substr(home.path().size()),
              "/CubeDesk/cubedesk-test/gpu-topology/arn%3Aaws%3Aeks%3Aus-east-1%3A1234%3Acluster%"
              "2Fprod/n1.txt");
    EXPECT_EQ(GpuTopologyFiles::readAll(cluster),
              (std::map<std::string, std::string>{{"n1", text}}));
    const std::string broken =
        GpuTopologyFiles::store(cluster, "n2", "\tGPU0\tGPU1\nGPU0\t X \tNV4\n");
    EXPECT_EQ(broken, "line 2: GPU1 has no row (the table ends after line 2)");
    EXPECT_EQ(GpuTopologyFiles::read(cluster, "n2"), std::nullopt);
    EXPECT_TRUE(GpuTopologyFiles::remove(cluster, "n1"));
    EXPECT_FALSE(GpuTopologyFiles::remove(cluster, "n1"));
    EXPECT_TRUE(GpuTopologyFiles::readAll(cluster).empty());
}

TEST(GpuTopologyResolverTest, SourcesInOrderAndBrokenOnesReported) {
    gputest::Objects o;
    const std::string annotation = gputest::realFixture("nvidia-smi-topo-h100-8gpu.txt");
    const std::string imported = gputest::pcieBox();
    GpuTopology nrt(
        {{"N0.0", true, "", 0, std::nullopt, ""}, {"N1.0", true, "", 1, std::nullopt, ""}}, {},
        GpuTopology::Source::NodeResourceTopology);
    nrt.setZoneFree({{0, 1}, {1, 0}});

    auto r = GpuTopologyResolver::resolve(annotation, &nrt, imported);
    ASSERT_TRUE(r.topology);
    EXPECT_EQ(r.topology->source(), GpuTopology::Source::Annotation);
    EXPECT_EQ(r.topology->zoneFree(), nrt.zoneFree()); // free counts come from the NRT object
    EXPECT_TRUE(r.problems.empty());

    r = GpuTopologyResolver::resolve("", &nrt, imported);
    EXPECT_EQ(r.topology->source(), GpuTopology::Source::ImportedFile);
    r = GpuTopologyResolver::resolve("", &nrt, "");
    EXPECT_EQ(r.topology->source(), GpuTopology::Source::NodeResourceTopology);
    r = GpuTopologyResolver::resolve("garbage", nullptr, "also garbage");
    EXPECT_FALSE(r.topology);
    ASSERT_EQ(r.problems.size(), 2u);
    EXPECT_EQ(r.problems[0], "annotation cubedesk.io/gpu-topology: no header line naming the "
                             "devices (GPU0 GPU1 ...) was found");
    EXPECT_EQ(r.problems[1].rfind("imported file: ", 0), 0u);
    EXPECT_FALSE(GpuTopologyResolver::resolve("", nullptr, "").topology);
}

} // namespace
