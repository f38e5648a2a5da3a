// `cubedesk --dump` end to end: the real binary, a real kubeconfig, the simulator over TLS,
// checked against kubectl on the same cluster.

#include "tests/support/fixturefiles.h"
#include "tests/support/simprocess.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <set>

using cubedesk::test::Process;
using cubedesk::test::SimProcess;
using nlohmann::json;

namespace {

Process::Result dump(const std::vector<std::string> &args) {
    std::vector<std::string> argv = {SimProcess::appBinary()};
    argv.insert(argv.end(), args.begin(), args.end());
    return Process::run(argv, std::chrono::seconds(120), {{"KUBECONFIG", "/nonexistent"}});
}

class DumpTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() { s_sim = new SimProcess({"--scenario", "demo", "--seed", "3"}); }
    static void TearDownTestSuite() {
        delete s_sim;
        s_sim = nullptr;
    }
    void SetUp() override { ASSERT_TRUE(s_sim->ready()) << s_sim->error(); }
    static json dumpJson(const std::string &what) {
        auto r = dump({"--dump", what, "--kubeconfig", s_sim->kubeconfig()});
        EXPECT_EQ(r.exitCode, 0) << r.err;
        return json::parse(r.out);
    }
    static SimProcess *s_sim;
};

SimProcess *DumpTest::s_sim = nullptr;

TEST_F(DumpTest, NodesMatchKubectl) {
    const json nodes = dumpJson("nodes");
    auto k = s_sim->kubectl({"get", "nodes", "-o", "json"});
    ASSERT_EQ(k.exitCode, 0) << k.err;
    const json kube = json::parse(k.out);
    ASSERT_EQ(nodes.size(), kube["items"].size());
    std::map<std::string, json> byName;
    for (const auto &n : nodes)
        byName[n["name"]] = n;
    for (const auto &item : kube["items"]) {
        const std::string name = item["metadata"]["name"];
        ASSERT_TRUE(byName.count(name)) << name;
        const json &row = byName[name];
        EXPECT_EQ(row["cluster"], "cubedesk-sim");
        EXPECT_EQ(row["org"], item["metadata"]["labels"].value("org", "public"));
        EXPECT_EQ(row["gpu_type"], item["metadata"]["labels"].value("gpu-type", ""));
        const std::string gpus = item["status"]["allocatable"].value("nvidia.com/gpu", "0");
        EXPECT_EQ(row["gpus_total"], std::stoll(gpus)) << name;
    }
    EXPECT_EQ(byName["gpu-v100-speech-3"]["status"], "NotReady");
    EXPECT_EQ(byName["cpu-nlp-3"]["status"], "Ready,SchedulingDisabled");
    EXPECT_EQ(byName["gpu-a100-vision-1"]["gpus_used"], 8);
    EXPECT_EQ(byName["gpu-a100-public-1"]["gpus_used"], 0);
    EXPECT_EQ(byName["gpu-a100-vision-1"]["roles"], "gpu,train");
}

TEST_F(DumpTest, PodsOrgsAndClusters) {
    const json pods = dumpJson("pods");
    auto k = s_sim->kubectl({"get", "pods", "-A", "-o", "name"});
    std::size_t kubectlPods = 0;
    for (char c : k.out)
        kubectlPods += c == '\n' ? 1 : 0;
    EXPECT_EQ(pods.size(), kubectlPods);
    bool sawPending = false;
    for (const auto &p : pods)
        if (p["name"] == "pytorch-detr-vision-master-0") {
            sawPending = true;
            EXPECT_EQ(p["phase"], "Pending");
            EXPECT_EQ(p["org"], "vision");
            EXPECT_EQ(p["gpus"], 4);
            EXPECT_NE(p["pending_reason"].get<std::string>().find("Insufficient nvidia.com/gpu"),
                      std::string::npos);
        }
    EXPECT_TRUE(sawPending);

    const json orgs = dumpJson("orgs");
    std::map<std::string, json> byOrg;
    for (const auto &o : orgs)
        byOrg[o["org"]] = o;
    ASSERT_TRUE(byOrg.count("vision"));
    EXPECT_EQ(byOrg["vision"]["gpu_requested"], 16);
    EXPECT_GE(byOrg["vision"]["pending_pods"].get<int>(), 2);
    EXPECT_EQ(byOrg["public"]["gpu_allocatable"].get<int>() > 0, true);

    const json clusters = dumpJson("clusters");
    ASSERT_EQ(clusters.size(), 1u);
    EXPECT_EQ(clusters[0]["version"], "v1.32.0");
    EXPECT_EQ(clusters[0]["state"], "synced");
    EXPECT_EQ(clusters[0]["pods"], static_cast<int>(kubectlPods));

    auto followed =
        dump({"--dump", "clusters", "--follow", "0.5", "--kubeconfig", s_sim->kubeconfig()});
    ASSERT_EQ(followed.exitCode, 0) << followed.err;
    EXPECT_EQ(json::parse(followed.out)[0]["state"], "synced");
    auto badFollow =
        dump({"--dump", "clusters", "--follow", "soon", "--kubeconfig", s_sim->kubeconfig()});
    EXPECT_EQ(badFollow.exitCode, 2);

    auto tsv = dump({"--dump", "orgs", "--format", "tsv", "--kubeconfig", s_sim->kubeconfig()});
    EXPECT_EQ(tsv.exitCode, 0);
    EXPECT_EQ(tsv.out.rfind("cluster\torg\tnodes", 0), 0u) << tsv.out;
}

TEST_F(DumpTest, JobsEveryKindWithPhasesAgainstKubectl) {
    const json jobs = dumpJson("jobs");
    // Each kind as kubectl reads it, in the preferred version discovery names.
    const std::vector<std::string> kinds = {"pytorchjobs.kubeflow.org",
                                            "tfjobs.kubeflow.org",
                                            "mpijobs.kubeflow.org",
                                            "xgboostjobs.kubeflow.org",
                                            "mxjobs.kubeflow.org",
                                            "paddlejobs.kubeflow.org",
                                            "jaxjobs.kubeflow.org",
                                            "xgboostjobs.xgboostjob.kubeflow.org",
                                            "paddlejobs.batch.paddlepaddle.org",
                                            "jobs.batch.volcano.sh",
                                            "sparkapplications.sparkoperator.k8s.io",
                                            "workflows.argoproj.io"};
    std::size_t total = 0;
    std::map<std::string, json> byName;
    for (const auto &j : jobs)
        byName[j["kind"].get<std::string>() + "/" + j["name"].get<std::string>()] = j;
    for (const auto &kind : kinds) {
        auto k = s_sim->kubectl({"get", kind, "-A", "-o", "json"});
        ASSERT_EQ(k.exitCode, 0) << kind << ": " << k.err;
        const json list = json::parse(k.out);
        for (const auto &item : list["items"]) {
            ++total;
            const std::string key =
                item["kind"].get<std::string>() + "/" + item["metadata"]["name"].get<std::string>();
            ASSERT_TRUE(byName.count(key)) << key;
            const json &row = byName[key];
            EXPECT_EQ(row["api_version"], item["apiVersion"]) << key;
            EXPECT_EQ(row["namespace"], item["metadata"]["namespace"]) << key;
            const json status = item.value("status", json::object());
            // The raw phase each family reads, as the object has it.
            std::string raw;
            if (kind.rfind("jobs.batch.volcano.sh", 0) == 0)
                raw = status.value("state", json::object()).value("phase", "");
            else if (kind.rfind("sparkapplications", 0) == 0)
                raw = status.value("applicationState", json::object()).value("state", "");
            else
                raw = status.value("phase", "");
            EXPECT_EQ(row["raw_phase"], raw) << key;
            if (kind.find("kubeflow.org") != std::string::npos && raw.empty()) {
                // Kubeflow: the latest true condition (these fixtures list them in time order).
                std::string latest = "Pending";
                for (const auto &c : status.value("conditions", json::array()))
                    if (c.value("status", "") == "True")
                        latest = c.value("type", "");
                EXPECT_EQ(row["phase"], latest) << key;
            }
        }
    }
    EXPECT_EQ(jobs.size(), total);
    EXPECT_GE(total, 15u);
    EXPECT_EQ(byName["SparkApplication/spark-pi"]["phase"], "Succeeded"); // COMPLETED
    EXPECT_EQ(byName["Job/nni-hp-search-public"]["phase"], "Running");    // Volcano
    EXPECT_EQ(byName["PyTorchJob/pytorch-resnet50-vision"]["gpus"], 16);
    EXPECT_EQ(byName["JAXJob/jax-gemma-nlp"]["suspended"], 1);
}

TEST_F(DumpTest, QuotasAndEventsAgainstKubectl) {
    const json quotas = dumpJson("quotas");
    auto k = s_sim->kubectl({"get", "resourcequota", "-A", "-o", "json"});
    ASSERT_EQ(k.exitCode, 0) << k.err;
    std::size_t quotaLines = 0;
    const json list = json::parse(k.out);
    for (const auto &item : list["items"])
        quotaLines += item["status"]["hard"].size();
    std::size_t seen = 0;
    std::set<std::string> kinds;
    for (const auto &q : quotas) {
        kinds.insert(q["kind"]);
        if (q["kind"] == "ResourceQuota")
            ++seen;
    }
    EXPECT_EQ(seen, quotaLines);
    EXPECT_EQ(kinds, (std::set<std::string>{"LimitRange", "Org", "Queue", "ResourceQuota"}));
    for (const auto &q : quotas)
        if (q["kind"] == "ResourceQuota" && q["namespace"] == "pipeline" &&
            q["resource"] == "requests.nvidia.com/gpu") {
            auto used = s_sim->kubectl({"get", "resourcequota", "-n", "pipeline", q["name"], "-o",
                                        "jsonpath={.status.used.requests\\.nvidia\\.com/gpu}"});
            EXPECT_EQ(q["used"], used.out);
        }

    const json events = dumpJson("events");
    auto e = s_sim->kubectl({"get", "events", "-A", "-o", "name"});
    ASSERT_EQ(e.exitCode, 0) << e.err;
    EXPECT_EQ(events.size(),
              static_cast<std::size_t>(std::count(e.out.begin(), e.out.end(), '\n')));
    ASSERT_FALSE(events.empty());
    EXPECT_FALSE(events[0]["reason"].get<std::string>().empty());
}

TEST(DumpFixturesTest, RealManifestsLoadedIntoTheSimulator) {
    // The real job manifests of tests/fixtures (public projects' examples, some with the
    // status their operators wrote) applied to an empty simulator, read back by --dump jobs.
    const std::string fixtures = cubedesk::test::fixturePath().string();
    SimProcess sim({"--scenario", "empty", "--load", fixtures});
    ASSERT_TRUE(sim.ready()) << sim.error();
    auto r = dump({"--dump", "jobs", "--kubeconfig", sim.kubeconfig()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::map<std::string, json> rows;
    for (const auto &j : json::parse(r.out))
        rows[j["namespace"].get<std::string>() + "/" + j["kind"].get<std::string>() + "/" +
             j["name"].get<std::string>()] = j;
    struct Expect {
        const char *key;
        const char *phase;
        const char *replicas;
        int gpus;
    };
    const Expect expected[] = {
        {"default/PyTorchJob/pytorch-tcp-dist-mnist", "Succeeded", "Master 0/1 · Worker 0/3", 0},
        {"kubeflow/TFJob/dist-mnist-for-e2e-test", "Running", "PS 2/2 · Worker 4/4", 0},
        {"default/MPIJob/tensorflow-benchmarks", "Succeeded", "Launcher 0/1 +1✓ · Worker 0/1", 2},
        {"kubeflow/JAXJob/jaxjob-mnist", "Succeeded", "Worker 0/2 +2✓", 0},
        {"default/Job/quickstart-job", "Running", "completion-task 3/3", 0},
        {"default/Job/mindspore-gpu", "Pending", "mpimaster 0/1 · mpiworker 0/2", 2},
        {"default/PyTorchJob/pytorch-dist-mnist-nccl", "Pending", "Master 0/1 · Worker 0/1", 2},
        {"kubeflow/PaddleJob/paddle-simple-gpu", "Pending", "Worker 0/2", 4},
        {"default/Workflow/dag-with-retries-4wkh8", "Failed", "", 0},
        {"pipeline/MXJob/mxnet-job", "Pending", "Scheduler 0/1 · Server 0/1 · Worker 0/1", 1},
    };
    for (const auto &e : expected) {
        SCOPED_TRACE(e.key);
        ASSERT_TRUE(rows.count(e.key));
        EXPECT_EQ(rows[e.key]["phase"], e.phase);
        EXPECT_EQ(rows[e.key]["replicas"], e.replicas);
        EXPECT_EQ(rows[e.key]["gpus"], e.gpus);
    }
    // Every kind in the fixtures is there.
    std::set<std::string> kinds;
    for (const auto &[key, row] : rows)
        kinds.insert(row["kind"].get<std::string>());
    EXPECT_EQ(kinds,
              (std::set<std::string>{"JAXJob", "Job", "MPIJob", "MXJob", "PaddleJob", "PyTorchJob",
                                     "SparkApplication", "TFJob", "Workflow", "XGBoostJob"}));
}

TEST(DumpFailureTest, OneLineSayingWhatAndWhere) {
    auto noConfig = dump({"--dump", "nodes", "--kubeconfig", "/nonexistent/kubeconfig"});
    EXPECT_NE(noConfig.exitCode, 0);
    EXPECT_NE(noConfig.err.find("cubedesk:"), std::string::npos);

    SimProcess sim({"--scenario", "empty"});
    ASSERT_TRUE(sim.ready()) << sim.error();
    std::ifstream in(sim.kubeconfig());
    std::string config((std::istreambuf_iterator<char>(in)), {});
    const auto pos = config.find("token: ");
    ASSERT_NE(pos, std::string::npos);
    config.replace(pos + 7, config.find('\n', pos) - pos - 7, "wrong-token");
    const std::string bad = sim.dir().file("bad-kubeconfig");
    std::ofstream(bad) << config;
    auto denied = dump({"--dump", "nodes", "--kubeconfig", bad, "--timeout", "20"});
    EXPECT_NE(denied.exitCode, 0);
    EXPECT_NE(denied.err.find("cluster \"cubedesk-sim\""), std::string::npos) << denied.err;
    EXPECT_NE(denied.err.find("401"), std::string::npos) << denied.err;
    EXPECT_EQ(denied.err.find("wrong-token"), std::string::npos) << "secrets never in errors";
    EXPECT_EQ(std::count(denied.err.begin(), denied.err.end(), '\n'), 1) << denied.err;
}

TEST(DumpDemoTest, DemoRunsTwoClustersThroughTheRealClient) {
    auto r = dump({"--demo", "--dump", "clusters"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json clusters = json::parse(r.out);
    ASSERT_EQ(clusters.size(), 2u);
    std::set<std::string> names;
    for (const auto &c : clusters) {
        names.insert(c["cluster"]);
        EXPECT_EQ(c["server"].get<std::string>().rfind("https://127.0.0.1:", 0), 0u);
        EXPECT_GT(c["nodes"].get<int>(), 20);
    }
    EXPECT_EQ(names, (std::set<std::string>{"dev", "dev1"}));
}

} // namespace
