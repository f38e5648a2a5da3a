// `cubedesk --dump gpus` end to end: the real binary against the simulator's demo cluster over
// TLS, checked against kubectl and `--dump nodes` on the same cluster; the topology sources
// (the node annotation, NodeResourceTopology objects, imported files, broken annotations); and
// packaging/gpu-topology: its script publishing a node's `nvidia-smi topo -m` (a stand-in
// nvidia-smi printing a real fixture) through real kubectl, which the dump then reads, and its
// manifest (least privilege, the script embedded verbatim).

#include "tests/support/fixturefiles.h"
#include "tests/support/simprocess.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <sys/stat.h>
#include <yaml-cpp/yaml.h>

using cubedesk::test::Process;
using cubedesk::test::SimProcess;
using cubedesk::test::TempDir;
using nlohmann::json;

namespace {

std::string sourceDir() {
    const char *s = std::getenv("CUBEDESK_SOURCE_DIR");
    EXPECT_TRUE(s != nullptr && *s != '\0') << "CUBEDESK_SOURCE_DIR is not set";
    return s != nullptr ? s : ".";
}

std::string readFile(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    EXPECT_TRUE(in.good()) << "cannot read " << path;
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

std::string fixture(const std::string &name) {
    return cubedesk::test::fixturePath("k8s/" + name).string();
}

std::string script() {
    return sourceDir() + "/packaging/gpu-topology/publish-gpu-topology.sh";
}

json dump(const SimProcess &sim, const std::string &what,
          std::map<std::string, std::string> env = {}) {
    env["KUBECONFIG"] = "/nonexistent";
    auto r =
        Process::run({SimProcess::appBinary(), "--dump", what, "--kubeconfig", sim.kubeconfig()},
                     std::chrono::seconds(120), env);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    // These clusters run no Prometheus: the GPU metrics' absence is the one warning (its rows'
    // metric columns are empty; tests/app/gpumetricsdump_test.cpp has the metrics).
    const std::string absent = "cubedesk: warning: cluster \"cubedesk-sim\": GPU metrics: no "
                               "Prometheus found (";
    std::string err = r.err;
    if (what == "gpus" && err.rfind(absent, 0) == 0 && err.find('\n') == err.size() - 1)
        err.clear();
    EXPECT_EQ(err, "");
    auto j = json::parse(r.out, nullptr, false);
    EXPECT_TRUE(j.is_array()) << r.out;
    return j.is_array() ? j : json::array();
}

/// Rows by "node resource".
std::map<std::string, json> byNodeAndResource(const json &rows) {
    std::map<std::string, json> out;
    for (const auto &r : rows)
        out[r["node"].get<std::string>() + ' ' + r["resource"].get<std::string>()] = r;
    return out;
}

TEST(GpuDumpTest, DemoClusterRowsMatchKubectlAndTheNodesDump) {
    SimProcess sim({"--scenario", "demo", "--seed", "3"});
    ASSERT_TRUE(sim.ready()) << sim.error();
    const json rows = dump(sim, "gpus");
    ASSERT_FALSE(rows.empty());
    // Every row has the same fields, in the same order.
    std::vector<std::string> keys;
    for (auto it = rows[0].begin(); it != rows[0].end(); ++it)
        keys.push_back(it.key());
    for (const auto &r : rows) {
        std::vector<std::string> k;
        for (auto it = r.begin(); it != r.end(); ++it)
            k.push_back(it.key());
        EXPECT_EQ(k, keys);
    }
    auto rowsBy = byNodeAndResource(rows);

    auto k = sim.kubectl({"get", "nodes", "-o", "json"});
    ASSERT_EQ(k.exitCode, 0) << k.err;
    std::map<std::string, json> nodesDump;
    for (const auto &n : dump(sim, "nodes"))
        nodesDump[n["name"]] = n;
    int gpuNodes = 0;
    const json kube = json::parse(k.out);
    for (const auto &item : kube["items"]) {
        const std::string name = item["metadata"]["name"];
        const json &alloc = item["status"]["allocatable"];
        if (!alloc.contains("nvidia.com/gpu")) {
            for (const auto &r : rows)
                EXPECT_NE(r["node"], name) << "a node without GPUs has a row";
            continue;
        }
        ++gpuNodes;
        const std::string key = name + " nvidia.com/gpu";
        ASSERT_TRUE(rowsBy.count(key)) << key;
        const json &r = rowsBy[key];
        EXPECT_EQ(r["cluster"], "cubedesk-sim");
        EXPECT_EQ(r["total"], std::stoll(alloc["nvidia.com/gpu"].get<std::string>())) << name;
        EXPECT_EQ(r["org"], item["metadata"]["labels"].value("org", "public"));
        EXPECT_EQ(r["gpu_type"], item["metadata"]["labels"].value("gpu-type", ""));
        // The same requested GPUs as the Nodes pane and `--dump nodes`.
        EXPECT_EQ(r["used"], nodesDump[name]["gpus_used"]) << name;
        EXPECT_EQ(r["free"].get<long long>(),
                  r["total"].get<long long>() - r["used"].get<long long>());
        const bool annotated = item["metadata"].contains("annotations") &&
                               item["metadata"]["annotations"].contains("cubedesk.io/gpu-topology");
        EXPECT_EQ(r["topology_source"], annotated ? "annotation" : "") << name;
    }
    EXPECT_GE(gpuNodes, 11);

    // A100 nodes publish a topology (NV12, NICs, two NUMA nodes): one NVLink island.
    const json &a100 = rowsBy["gpu-a100-vision-1 nvidia.com/gpu"];
    EXPECT_EQ(a100["used"], 8);
    EXPECT_EQ(a100["idle"], 0);
    EXPECT_EQ(a100["kind"], "whole");
    EXPECT_EQ(a100["product"], "NVIDIA-A100-SXM4-80GB");
    EXPECT_EQ(a100["memory_mib"], 81920);
    EXPECT_EQ(a100["devices"], "GPU0,GPU1,GPU2,GPU3,GPU4,GPU5,GPU6,GPU7,NIC0,NIC1");
    EXPECT_EQ(a100["nvlink_islands"], "GPU0-7");
    EXPECT_EQ(a100["numa_affinity"], "GPU0=0,GPU1=0,GPU2=0,GPU3=0,GPU4=1,GPU5=1,GPU6=1,GPU7=1");
    EXPECT_EQ(a100["links"].get<std::string>().rfind("GPU0:X,NV12,", 0), 0u) << a100["links"];
    EXPECT_NE(a100["pods"].get<std::string>(), "");
    EXPECT_EQ(rowsBy["gpu-a100-public-1 nvidia.com/gpu"]["idle"], 8);

    // MIG mixed: six whole GPUs and two partitioned ones.
    EXPECT_EQ(rowsBy["gpu-a100-mig-nlp-1 nvidia.com/gpu"]["sharing"], "mig");
    EXPECT_EQ(rowsBy["gpu-a100-mig-nlp-1 nvidia.com/mig-1g.10gb"]["total"], 8);
    EXPECT_EQ(rowsBy["gpu-a100-mig-nlp-1 nvidia.com/mig-1g.10gb"]["kind"], "mig");
    EXPECT_EQ(rowsBy["gpu-a100-mig-nlp-1 nvidia.com/mig-2g.20gb"]["total"], 3);
    EXPECT_EQ(rowsBy["gpu-a100-mig-nlp-1 nvidia.com/gpu"]["physical_gpus"], 8);
    // Time-slicing: 16 replicas of 4 T4s; no whole GPU is idle.
    const json &t4 = rowsBy["gpu-t4-public-1 nvidia.com/gpu"];
    EXPECT_EQ(t4["kind"], "replica");
    EXPECT_EQ(t4["sharing"], "time-slicing");
    EXPECT_EQ(t4["replicas"], 4);
    EXPECT_EQ(t4["physical_gpus"], 4);
    EXPECT_EQ(t4["idle"], 0);
    // HAMi vGPU: replicas, cores and memory.
    EXPECT_EQ(rowsBy["vgpu-t4-public-1 nvidia.com/gpu"]["sharing"], "vgpu");
    EXPECT_EQ(rowsBy["vgpu-t4-public-1 nvidia.com/gpucores"]["kind"], "vgpu-cores");
    EXPECT_EQ(rowsBy["vgpu-t4-public-1 nvidia.com/gpucores"]["total"], 400);
    EXPECT_EQ(rowsBy["vgpu-t4-public-1 nvidia.com/gpucores"]["used"].get<long long>() % 25, 0);
    EXPECT_EQ(rowsBy["vgpu-t4-public-1 nvidia.com/gpumem"]["kind"], "vgpu-memory");
    // A NotReady node's free GPUs are not idle.
    EXPECT_EQ(rowsBy["gpu-v100-speech-3 nvidia.com/gpu"]["status"], "NotReady");
    EXPECT_EQ(rowsBy["gpu-v100-speech-3 nvidia.com/gpu"]["idle"], 0);

    auto tsv = Process::run({SimProcess::appBinary(), "--dump", "gpus", "--format", "tsv",
                             "--kubeconfig", sim.kubeconfig()},
                            std::chrono::seconds(120), {{"KUBECONFIG", "/nonexistent"}});
    ASSERT_EQ(tsv.exitCode, 0) << tsv.err;
    EXPECT_EQ(tsv.out.rfind("cluster\tnode\torg\tstatus\tgpu_type\tproduct\tresource\t", 0), 0u)
        << tsv.out.substr(0, 200);
}

TEST(GpuDumpTest, NodeResourceTopologyImportedFilesAndBrokenAnnotations) {
    SimProcess sim({"--scenario", "demo", "--seed", "3"});
    ASSERT_TRUE(sim.ready()) << sim.error();
    const json nrt = {{"apiVersion", "topology.node.k8s.io/v1alpha2"},
                      {"kind", "NodeResourceTopology"},
                      {"metadata", {{"name", "gpu-v100-speech-1"}}},
                      {"topologyPolicies", {"SingleNUMANodeContainerLevel"}},
                      {"zones",
                       {{{"name", "node-0"},
                         {"type", "Node"},
                         {"resources",
                          {{{"name", "nvidia.com/gpu"},
                            {"capacity", "4"},
                            {"allocatable", "4"},
                            {"available", "1"}}}}},
                        {{"name", "node-1"},
                         {"type", "Node"},
                         {"resources",
                          {{{"name", "nvidia.com/gpu"},
                            {"capacity", "4"},
                            {"allocatable", "4"},
                            {"available", "3"}}}}}}}};
    const std::string nrtFile = sim.dir().file("nrt.json");
    std::ofstream(nrtFile) << nrt.dump();
    auto applied = sim.kubectl({"apply", "--validate=false", "-f", nrtFile});
    ASSERT_EQ(applied.exitCode, 0) << applied.err;
    auto annotated = sim.kubectl({"annotate", "node", "gpu-v100-speech-2",
                                  "cubedesk.io/gpu-topology=GPU0 GPU1 nonsense", "--overwrite"});
    ASSERT_EQ(annotated.exitCode, 0) << annotated.err;

    // An imported file for the T4 node, where the window keeps it (XDG_DATA_HOME on Linux).
    TempDir data;
    const std::string dir = data.path() + "/CubeDesk/cubedesk/gpu-topology/cubedesk-sim";
    std::filesystem::create_directories(dir);
    std::ofstream(dir + "/gpu-t4-public-1.txt")
        << readFile(fixture("nvidia-smi-topo-h100-8gpu-ht.txt"));

    auto rowsBy = byNodeAndResource(dump(sim, "gpus", {{"XDG_DATA_HOME", data.path()}}));
    const json &fromNrt = rowsBy["gpu-v100-speech-1 nvidia.com/gpu"];
    EXPECT_EQ(fromNrt["topology_source"], "noderesourcetopology");
    EXPECT_EQ(fromNrt["gpus"], "N0.0,N0.1,N0.2,N0.3,N1.0,N1.1,N1.2,N1.3");
    EXPECT_EQ(fromNrt["numa_free"], "0=1,1=3");
    const json &broken = rowsBy["gpu-v100-speech-2 nvidia.com/gpu"];
    EXPECT_EQ(broken["topology_source"], "");
    EXPECT_NE(
        broken["topology_error"].get<std::string>().find("annotation cubedesk.io/gpu-topology"),
        std::string::npos)
        << broken["topology_error"];
    const json &imported = rowsBy["gpu-t4-public-1 nvidia.com/gpu"];
    EXPECT_EQ(imported["topology_source"], "imported");
    EXPECT_EQ(imported["cpu_affinity"].get<std::string>().rfind("GPU0=0-51,104-155,", 0), 0u);
}

TEST(GpuTopologyPublisherTest, ScriptAnnotatesTheNodeAndTheDumpReadsIt) {
    SimProcess sim({"--scenario", "demo", "--seed", "3"});
    ASSERT_TRUE(sim.ready()) << sim.error();
    TempDir bin;
    const std::string smi = bin.file("nvidia-smi");
    std::ofstream(smi) << "#!/bin/sh\n[ \"$1 $2\" = \"topo -m\" ] || exit 3\ncat '"
                       << fixture("nvidia-smi-topo-h100-8gpu.txt") << "'\n";
    const std::string broken = bin.file("broken-smi");
    std::ofstream(broken) << "#!/bin/sh\necho 'NVIDIA-SMI has failed because it could not "
                             "communicate with the NVIDIA driver.'\nexit 9\n";
    ::chmod(smi.c_str(), 0755);
    ::chmod(broken.c_str(), 0755);
    const std::map<std::string, std::string> env = {{"KUBECONFIG", sim.kubeconfig()},
                                                    {"NODE_NAME", "gpu-v100-speech-1"},
                                                    {"NVIDIA_SMI", smi},
                                                    {"HOME", bin.path()}};

    auto published = Process::run({"sh", script(), "--once"}, std::chrono::seconds(60), env);
    ASSERT_EQ(published.exitCode, 0) << published.err;
    EXPECT_NE(published.out.find("published the topology of gpu-v100-speech-1 (8 GPUs)"),
              std::string::npos)
        << published.out;
    auto k = sim.kubectl({"get", "node", "gpu-v100-speech-1", "-o",
                          "jsonpath={.metadata.annotations.cubedesk\\.io/gpu-topology}"});
    ASSERT_EQ(k.exitCode, 0) << k.err;
    std::string expected = readFile(fixture("nvidia-smi-topo-h100-8gpu.txt"));
    while (!expected.empty() && expected.back() == '\n')
        expected.pop_back(); // $(...) drops trailing newlines
    EXPECT_EQ(k.out, expected);

    const auto rowsBy = byNodeAndResource(dump(sim, "gpus"));
    const json &r = rowsBy.at("gpu-v100-speech-1 nvidia.com/gpu");
    EXPECT_EQ(r["topology_source"], "annotation");
    EXPECT_EQ(r["nvlink_islands"], "GPU0-7");
    EXPECT_EQ(r["links"].get<std::string>().rfind("GPU0:X,NV18,", 0), 0u);

    auto env2 = env;
    env2["NVIDIA_SMI"] = broken;
    auto failed = Process::run({"sh", script(), "--once"}, std::chrono::seconds(60), env2);
    EXPECT_EQ(failed.exitCode, 1);
    EXPECT_NE(failed.err.find("topo -m failed: NVIDIA-SMI has failed"), std::string::npos)
        << failed.err;
    env2 = env;
    env2["NODE_NAME"] = "no-such-node";
    auto missing = Process::run({"sh", script(), "--once"}, std::chrono::seconds(60), env2);
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("kubectl annotate node no-such-node failed"), std::string::npos)
        << missing.err;
    env2["NODE_NAME"] = "";
    EXPECT_EQ(Process::run({"sh", script(), "--once"}, std::chrono::seconds(60), env2).exitCode, 2);
}

TEST(GpuTopologyPublisherTest, ManifestShipsTheScriptWithLeastPrivilege) {
    const auto docs =
        YAML::LoadAllFromFile(sourceDir() + "/packaging/gpu-topology/gpu-topology-daemonset.yaml");
    std::map<std::string, YAML::Node> byKind;
    for (const auto &d : docs)
        byKind[d["kind"].as<std::string>()] = d;
    ASSERT_EQ(byKind.size(), 6u);
    EXPECT_EQ(byKind["ConfigMap"]["data"]["publish-gpu-topology.sh"].as<std::string>(),
              readFile(script()));

    const YAML::Node rules = byKind["ClusterRole"]["rules"];
    ASSERT_EQ(rules.size(), 1u);
    EXPECT_EQ(rules[0]["resources"].size(), 1u);
    EXPECT_EQ(rules[0]["resources"][0].as<std::string>(), "nodes");
    std::set<std::string> verbs;
    for (const auto &v : rules[0]["verbs"])
        verbs.insert(v.as<std::string>());
    EXPECT_EQ(verbs, (std::set<std::string>{"get", "patch"}));
    EXPECT_EQ(byKind["ClusterRoleBinding"]["subjects"][0]["name"].as<std::string>(),
              byKind["ServiceAccount"]["metadata"]["name"].as<std::string>());

    const YAML::Node pod = byKind["DaemonSet"]["spec"]["template"]["spec"];
    EXPECT_EQ(pod["nodeSelector"]["nvidia.com/gpu.present"].as<std::string>(), "true");
    EXPECT_EQ(pod["serviceAccountName"].as<std::string>(),
              byKind["ServiceAccount"]["metadata"]["name"].as<std::string>());
    const YAML::Node c = pod["containers"][0];
    EXPECT_FALSE(c["resources"]["requests"]["nvidia.com/gpu"].IsDefined()) << "takes no GPU";
    EXPECT_FALSE(c["resources"]["limits"]["nvidia.com/gpu"].IsDefined()) << "takes no GPU";
    std::map<std::string, YAML::Node> env;
    for (const auto &e : c["env"])
        env[e["name"].as<std::string>()] = static_cast<const YAML::Node &>(e);
    EXPECT_EQ(env["NODE_NAME"]["valueFrom"]["fieldRef"]["fieldPath"].as<std::string>(),
              "spec.nodeName");
    EXPECT_EQ(env["NVIDIA_VISIBLE_DEVICES"]["value"].as<std::string>(), "all");
    EXPECT_EQ(c["command"][1].as<std::string>(), "/opt/cubedesk/publish-gpu-topology.sh");
}

} // namespace
