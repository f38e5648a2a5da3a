// The simulator against stock kubectl, the independent client.
// One demo cluster is shared by the suite; tests that change it use their own objects.

#include "k8s/api/humanduration.h"
#include "k8s/api/rfc3339.h"
#include "k8s/session/processresources.h"
#include "tests/support/fixturefiles.h"
#include "tests/support/simprocess.h"

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include <sched.h>

using cubedesk::test::Process;
using cubedesk::test::SimProcess;
using nlohmann::json;

namespace {

class KubectlTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_sim = new SimProcess(
            {"--scenario", "demo", "--readonly-token", "viewer-token-123", "--seed", "7"});
    }
    static void TearDownTestSuite() {
        delete s_sim;
        s_sim = nullptr;
    }
    void SetUp() override { ASSERT_TRUE(s_sim->ready()) << s_sim->error(); }

    static Process::Result ok(std::vector<std::string> args) {
        auto r = s_sim->kubectl(std::move(args));
        EXPECT_EQ(r.exitCode, 0) << r.err << r.out;
        return r;
    }
    static json getJson(std::vector<std::string> args) {
        args.push_back("-o");
        args.push_back("json");
        auto r = ok(std::move(args));
        return json::parse(r.out);
    }
    static std::vector<std::string> names(std::vector<std::string> args) {
        args.push_back("-o");
        args.push_back("name");
        const auto r = ok(std::move(args));
        std::vector<std::string> out;
        std::istringstream in(r.out);
        for (std::string line; std::getline(in, line);)
            if (!line.empty())
                out.push_back(line);
        return out;
    }

    static SimProcess *s_sim;
};

SimProcess *KubectlTest::s_sim = nullptr;

TEST_F(KubectlTest, VersionAndApiResources) {
    auto v = ok({"version"});
    EXPECT_NE(v.out.find("Server Version: v1.32.0"), std::string::npos) << v.out;
    auto r = ok({"api-resources"});
    for (const char *resource : {"pods",
                                 "nodes",
                                 "namespaces",
                                 "events",
                                 "configmaps",
                                 "resourcequotas",
                                 "limitranges",
                                 "customresourcedefinitions",
                                 "selfsubjectaccessreviews",
                                 "pytorchjobs",
                                 "tfjobs",
                                 "mxjobs",
                                 "mpijobs",
                                 "paddlejobs",
                                 "jaxjobs",
                                 "xgboostjobs",
                                 "sparkapplications",
                                 "workflows",
                                 "queues",
                                 "podgroups",
                                 "virtualservices",
                                 "gateways",
                                 "noderesourcetopologies"})
        EXPECT_NE(r.out.find(std::string(resource) + ' '), std::string::npos) << resource;
    EXPECT_NE(r.out.find("batch.paddlepaddle.org/v1"), std::string::npos);
    EXPECT_NE(r.out.find("xgboostjob.kubeflow.org/v1alpha1"), std::string::npos);
    auto versions = ok({"api-versions"});
    EXPECT_NE(versions.out.find("kubeflow.org/v2beta1"), std::string::npos);
    EXPECT_NE(versions.out.find("scheduling.volcano.sh/v1beta1"), std::string::npos);
}

TEST_F(KubectlTest, GetNodesTableShowsStatusRolesAndLabelColumns) {
    auto r = ok({"get", "nodes", "-L", "org,gpu-type"});
    EXPECT_NE(r.out.find("NAME"), std::string::npos);
    EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(master-1\s+Ready\s+control-plane)")));
    EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(gpu-v100-speech-3\s+NotReady)")));
    EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(cpu-nlp-3\s+Ready,SchedulingDisabled)")));
    EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(gpu-a100-vision-1\s.*vision\s+A100)")));
    auto wide = ok({"get", "node", "master-1", "-o", "wide"});
    EXPECT_NE(wide.out.find("Ubuntu 22.04.5 LTS"), std::string::npos) << wide.out;
    EXPECT_NE(wide.out.find("containerd://1.7.24"), std::string::npos);
}

TEST_F(KubectlTest, LabelSelectorsFilterOnTheServer) {
    const auto gpuVision = names({"get", "nodes", "-l", "gpu=true,org in (vision)"});
    EXPECT_EQ(gpuVision.size(),
              2u + 0u * gpuVision.size() + (gpuVision.size() > 2 ? gpuVision.size() - 2 : 0));
    for (const auto &n : gpuVision)
        EXPECT_NE(n.find("node/gpu-"), std::string::npos) << n;
    EXPECT_NE(std::find(gpuVision.begin(), gpuVision.end(), "node/gpu-a100-vision-1"),
              gpuVision.end());
    const auto notGpu = names({"get", "nodes", "-l", "!gpu,org notin (public,speech)"});
    for (const auto &n : notGpu) {
        EXPECT_EQ(n.find("node/gpu-"), std::string::npos) << n;
        EXPECT_EQ(n.find("public"), std::string::npos) << n;
    }
    EXPECT_NE(std::find(notGpu.begin(), notGpu.end(), "node/cpu-vision-1"), notGpu.end());
    const auto h100 =
        names({"get", "nodes", "-l", "nvidia.com/gpu.product in (NVIDIA-H100-80GB-HBM3),!share"});
    EXPECT_EQ(h100, std::vector<std::string>{"node/gpu-h100-nlp-1"});
    const auto none = names({"get", "nodes", "-l", "org=does-not-exist"});
    EXPECT_TRUE(none.empty());
    auto bad = s_sim->kubectl({"get", "nodes", "-l", "a in (b"});
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_NE(bad.err.find("BadRequest"), std::string::npos) << bad.err;
}

TEST_F(KubectlTest, FieldSelectorsFilterOnTheServer) {
    // The training master, and the device plugin's and dcgm-exporter's DaemonSet pods that every
    // GPU node runs.
    const auto onNode =
        names({"get", "pods", "-A", "--field-selector", "spec.nodeName=gpu-a100-vision-1"});
    ASSERT_EQ(onNode.size(), 3u);
    EXPECT_NE(std::find(onNode.begin(), onNode.end(), "pod/pytorch-resnet50-vision-master-0"),
              onNode.end());
    EXPECT_EQ(std::count_if(onNode.begin(), onNode.end(),
                            [](const std::string &n) {
                                return n.rfind("pod/nvidia-device-plugin-daemonset-", 0) == 0;
                            }),
              1);
    EXPECT_EQ(
        std::count_if(onNode.begin(), onNode.end(),
                      [](const std::string &n) { return n.rfind("pod/dcgm-exporter-", 0) == 0; }),
        1);
    const auto pending = names({"get", "pods", "-A", "--field-selector", "status.phase=Pending"});
    EXPECT_NE(std::find(pending.begin(), pending.end(), "pod/pytorch-detr-vision-master-0"),
              pending.end());
    for (const auto &p : names({"get", "pods", "-n", "pipeline", "--field-selector",
                                "status.phase!=Running,status.phase!=Pending"}))
        EXPECT_TRUE(p.find("tf-mnist") != std::string::npos ||
                    p.find("mpi-horovod") != std::string::npos)
            << p;
    EXPECT_EQ(names({"get", "nodes", "--field-selector", "metadata.name=master-2"}),
              std::vector<std::string>{"node/master-2"});
    auto bad = s_sim->kubectl({"get", "pods", "-A", "--field-selector", "spec.bogus=x"});
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_NE(bad.err.find("field label not supported: spec.bogus"), std::string::npos) << bad.err;
}

TEST_F(KubectlTest, ChunkedListsMatchTheWholeList) {
    const auto whole = names({"get", "pods", "-A"});
    const auto chunked = names({"get", "pods", "-A", "--chunk-size=3"});
    EXPECT_GT(whole.size(), 20u);
    EXPECT_EQ(whole, chunked);
    const json raw = json::parse(ok({"get", "--raw", "/api/v1/pods?limit=4"}).out);
    EXPECT_EQ(raw["items"].size(), 4u);
    EXPECT_FALSE(raw["metadata"]["continue"].get<std::string>().empty());
    EXPECT_EQ(raw["metadata"]["remainingItemCount"].get<std::size_t>(), whole.size() - 4);
    EXPECT_TRUE(raw["metadata"]["resourceVersion"].is_string());
}

TEST_F(KubectlTest, CustomResourcesOfEveryBuiltInKind) {
    auto r = ok({"get", "pytorchjobs", "-A"});
    EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(pytorch-resnet50-vision\s+Running)")));
    EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(pytorch-detr-vision\s+Created)")));
    EXPECT_TRUE(std::regex_search(ok({"get", "tfjobs", "-n", "pipeline"}).out,
                                  std::regex(R"(tf-mnist-speech\s+Succeeded)")));
    EXPECT_TRUE(std::regex_search(ok({"get", "mpijobs.v1.kubeflow.org", "-n", "pipeline"}).out,
                                  std::regex(R"(mpi-horovod-speech\s+Failed)")));
    const json v2 =
        getJson({"get", "mpijobs.v2beta1.kubeflow.org", "-n", "pipeline", "mpi-v2-bert-speech"});
    EXPECT_EQ(v2["apiVersion"], "kubeflow.org/v2beta1");
    EXPECT_TRUE(std::regex_search(ok({"get", "vcjob", "-n", "automl"}).out,
                                  std::regex(R"(nni-hp-search-public\s+Running\s+3\s+3)")));
    EXPECT_EQ(names({"get", "queues"}).size(), 3u);
    EXPECT_NE(ok({"get", "sparkapplications", "-A"}).out.find("COMPLETED"), std::string::npos);
    EXPECT_NE(ok({"get", "workflows", "-A"}).out.find("Failed"), std::string::npos);
    EXPECT_EQ(names({"get", "xgboostjobs.xgboostjob.kubeflow.org", "-A"}).size(), 1u);
    EXPECT_EQ(names({"get", "paddlejobs.batch.paddlepaddle.org", "-A"}).size(), 1u);
    // 17 job, scheduling, mesh and topology kinds, and prometheus-operator's 5.
    EXPECT_EQ(names({"get", "crd"}).size(), 22u);
}

TEST_F(KubectlTest, CreatingACrdServesItsResource) {
    const std::string crdFile = s_sim->dir().file("crd.yaml");
    std::ofstream(crdFile) << R"(apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Cluster
  names: {plural: widgets, singular: widget, kind: Widget, shortNames: [wd]}
  versions:
  - name: v1
    served: true
    storage: true
    schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
    subresources: {status: {}}
    additionalPrinterColumns:
    - {name: Color, type: string, jsonPath: .spec.color}
)";
    ok({"create", "--validate=false", "-f", crdFile});
    const std::string crFile = s_sim->dir().file("widget.yaml");
    std::ofstream(crFile) << "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\n"
                             "spec: {color: teal}\n";
    ok({"create", "--validate=false", "-f", crFile});
    auto r = ok({"get", "widgets"});
    EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(w1\s+teal)"))) << r.out;
    EXPECT_NE(ok({"api-resources", "--api-group=example.com"}).out.find("widgets"),
              std::string::npos);
    const json crd = getJson({"get", "crd", "widgets.example.com"});
    EXPECT_EQ(crd["status"]["conditions"][1]["type"], "Established");
    ok({"delete", "crd", "widgets.example.com"});
    auto gone = s_sim->kubectl({"get", "widgets.example.com"});
    EXPECT_NE(gone.exitCode, 0);
}

TEST_F(KubectlTest, LabelAnnotateAndPatch) {
    ok({"label", "node", "cpu-speech-1", "team=asr"});
    EXPECT_EQ(getJson({"get", "node", "cpu-speech-1"})["metadata"]["labels"]["team"], "asr");
    auto noOverwrite = s_sim->kubectl({"label", "node", "cpu-speech-1", "team=tts"});
    EXPECT_NE(noOverwrite.exitCode, 0);
    EXPECT_NE(noOverwrite.err.find("already has a value"), std::string::npos) << noOverwrite.err;
    ok({"label", "node", "cpu-speech-1", "team=tts", "--overwrite"});
    EXPECT_EQ(getJson({"get", "node", "cpu-speech-1"})["metadata"]["labels"]["team"], "tts");
    ok({"label", "node", "cpu-speech-1", "team-"});
    EXPECT_FALSE(getJson({"get", "node", "cpu-speech-1"})["metadata"]["labels"].contains("team"));

    ok({"annotate", "node", "cpu-speech-2", "cubedesk.io/note=hello world"});
    EXPECT_EQ(
        getJson({"get", "node", "cpu-speech-2"})["metadata"]["annotations"]["cubedesk.io/note"],
        "hello world");

    ok({"patch", "node", "cpu-speech-2", "--type=merge", "-p",
        R"({"metadata":{"labels":{"merged":"yes"}}})"});
    EXPECT_EQ(getJson({"get", "node", "cpu-speech-2"})["metadata"]["labels"]["merged"], "yes");
    ok({"patch", "node", "cpu-speech-2", "--type=json", "-p",
        R"([{"op":"test","path":"/metadata/labels/merged","value":"yes"},{"op":"replace","path":"/metadata/labels/merged","value":"json"}])"});
    EXPECT_EQ(getJson({"get", "node", "cpu-speech-2"})["metadata"]["labels"]["merged"], "json");
    auto failedTest =
        s_sim->kubectl({"patch", "node", "cpu-speech-2", "--type=json", "-p",
                        R"([{"op":"test","path":"/metadata/labels/merged","value":"nope"}])"});
    EXPECT_NE(failedTest.exitCode, 0);
    EXPECT_NE(failedTest.err.find("The request is invalid"), std::string::npos) << failedTest.err;
    // Strategic merge patch (kubectl's default type).
    ok({"patch", "node", "cpu-speech-2", "-p", R"({"metadata":{"labels":{"merged":null}}})"});
    EXPECT_FALSE(getJson({"get", "node", "cpu-speech-2"})["metadata"]["labels"].contains("merged"));
}

TEST_F(KubectlTest, CordonAndUncordon) {
    ok({"cordon", "cpu-vision-2"});
    EXPECT_TRUE(getJson({"get", "node", "cpu-vision-2"})["spec"]["unschedulable"].get<bool>());
    EXPECT_TRUE(std::regex_search(ok({"get", "node", "cpu-vision-2"}).out,
                                  std::regex("SchedulingDisabled")));
    ok({"uncordon", "cpu-vision-2"});
    EXPECT_FALSE(getJson({"get", "node", "cpu-vision-2"})["spec"].value("unschedulable", false));
}

TEST_F(KubectlTest, StaleWritesGetConflict) {
    auto stale = s_sim->kubectl({"label", "node", "cpu-public-2", "x=1", "--resource-version=1"});
    EXPECT_NE(stale.exitCode, 0);
    EXPECT_NE(stale.err.find("Error from server (Conflict)"), std::string::npos) << stale.err;
    EXPECT_NE(stale.err.find("the object has been modified"), std::string::npos);

    json node = getJson({"get", "node", "cpu-public-3"});
    ok({"label", "node", "cpu-public-3", "changed=meanwhile"});
    node["metadata"]["labels"]["mine"] = "1";
    const std::string file = s_sim->dir().file("node.json");
    std::ofstream(file) << node.dump();
    auto replace = s_sim->kubectl({"replace", "--validate=false", "-f", file});
    EXPECT_NE(replace.exitCode, 0);
    EXPECT_NE(replace.err.find("Conflict"), std::string::npos) << replace.err;
    EXPECT_FALSE(getJson({"get", "node", "cpu-public-3"})["metadata"]["labels"].contains("mine"));
}

TEST_F(KubectlTest, WatchReceivesEvents) {
    ok({"create", "namespace", "watch-test"});
    // kubectl lists, then watches from the list's resourceVersion: once the sentinel of the
    // list is printed, every later change reaches the watch.
    ok({"create", "configmap", "-n", "watch-test", "sentinel"});
    auto watch = s_sim->kubectlAsync(
        {"get", "configmaps", "-n", "watch-test", "-w", "--output-watch-events", "-o", "json"});
    ASSERT_TRUE(watch->started());
    ASSERT_TRUE(watch->waitForOutput("sentinel", std::chrono::seconds(15))) << watch->err();
    ok({"create", "configmap", "-n", "watch-test", "cm-one", "--from-literal=a=b"});
    EXPECT_TRUE(watch->waitForOutput("\"ADDED\"", std::chrono::seconds(15)))
        << watch->out() << watch->err();
    ok({"label", "configmap", "-n", "watch-test", "cm-one", "k=v"});
    EXPECT_TRUE(watch->waitForOutput("\"MODIFIED\"", std::chrono::seconds(15))) << watch->out();
    ok({"delete", "configmap", "-n", "watch-test", "cm-one"});
    EXPECT_TRUE(watch->waitForOutput("\"DELETED\"", std::chrono::seconds(15))) << watch->out();
    watch->terminate();

    // The human form: kubectl asks for Table rows in the watch too.
    const auto createPod = [](const std::string &name) {
        const std::string file = s_sim->dir().file(name + ".json");
        std::ofstream(file) << R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":")" << name
                            << R"("},"spec":{"containers":[{"name":"c","image":"busybox"}],)"
                            << R"("nodeSelector":{"nowhere":"x"}}})";
        ok({"create", "-n", "watch-test", "--validate=false", "-f", file});
    };
    createPod("sentinel-pod");
    auto tableWatch = s_sim->kubectlAsync({"get", "pods", "-n", "watch-test", "-w"});
    ASSERT_TRUE(tableWatch->waitForOutput("sentinel-pod", std::chrono::seconds(15)))
        << tableWatch->err();
    createPod("watched");
    EXPECT_TRUE(tableWatch->waitForOutput("watched", std::chrono::seconds(15)))
        << tableWatch->out() << tableWatch->err();
    tableWatch->terminate();
    ok({"delete", "namespace", "watch-test"});
}

TEST_F(KubectlTest, NamespaceCreateAndDeleteTakesContents) {
    ok({"create", "namespace", "scratch"});
    ok({"create", "configmap", "-n", "scratch", "settings", "--from-literal=k=v"});
    EXPECT_EQ(names({"get", "configmaps", "-n", "scratch"}),
              std::vector<std::string>{"configmap/settings"});
    auto dup = s_sim->kubectl({"create", "namespace", "scratch"});
    EXPECT_NE(dup.err.find("AlreadyExists"), std::string::npos) << dup.err;
    ok({"delete", "namespace", "scratch"});
    auto gone = s_sim->kubectl({"get", "namespace", "scratch"});
    EXPECT_NE(gone.err.find("NotFound"), std::string::npos) << gone.err;
    EXPECT_TRUE(names({"get", "configmaps", "-n", "scratch"}).empty());
    auto missingNs = s_sim->kubectl({"create", "configmap", "-n", "nope", "x"});
    EXPECT_NE(missingNs.err.find("namespaces \"nope\" not found"), std::string::npos)
        << missingNs.err;
}

TEST_F(KubectlTest, NotFoundUnauthorizedAndForbidden) {
    auto missing = s_sim->kubectl({"get", "node", "nope"});
    EXPECT_NE(missing.exitCode, 0);
    EXPECT_NE(missing.err.find("Error from server (NotFound): nodes \"nope\" not found"),
              std::string::npos)
        << missing.err;

    auto readonlyGet = s_sim->kubectl({"--context", "cubedesk-sim-readonly", "get", "nodes"});
    EXPECT_EQ(readonlyGet.exitCode, 0) << readonlyGet.err;
    auto readonlyWrite =
        s_sim->kubectl({"--context", "cubedesk-sim-readonly", "label", "node", "master-1", "x=y"});
    EXPECT_NE(readonlyWrite.exitCode, 0);
    EXPECT_NE(readonlyWrite.err.find("Error from server (Forbidden)"), std::string::npos)
        << readonlyWrite.err;
    EXPECT_NE(readonlyWrite.err.find("User \"viewer\" cannot patch resource \"nodes\""),
              std::string::npos)
        << readonlyWrite.err;

    auto wrongToken = s_sim->kubectl({"--token", "not-the-token", "get", "nodes"});
    EXPECT_NE(wrongToken.exitCode, 0);
    EXPECT_NE(wrongToken.err.find("Unauthorized"), std::string::npos) << wrongToken.err;
}

TEST_F(KubectlTest, RelabellingANodeIntoAnOrgSchedulesItsPendingPods) {
    auto before = getJson({"get", "pod", "-n", "pipeline", "pytorch-detr-vision-master-0"});
    EXPECT_EQ(before["status"]["phase"], "Pending");
    const std::string message = before["status"]["conditions"][0]["message"];
    EXPECT_NE(message.find("Insufficient nvidia.com/gpu"), std::string::npos) << message;
    EXPECT_NE(message.find("node(s) didn't match Pod's node affinity/selector"), std::string::npos);
    EXPECT_EQ(message.rfind("0/", 0), 0u) << message;

    ok({"label", "node", "gpu-a100-public-1", "org=vision", "--overwrite"});
    json after;
    for (int i = 0; i < 100; ++i) {
        after = getJson({"get", "pod", "-n", "pipeline", "pytorch-detr-vision-master-0"});
        if (after["status"]["phase"] == "Running")
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    EXPECT_EQ(after["status"]["phase"], "Running");
    EXPECT_EQ(after["spec"]["nodeName"], "gpu-a100-public-1");
    ok({"label", "node", "gpu-a100-public-1", "org=public", "--overwrite"});
}

TEST_F(KubectlTest, AuthCanIAndWhoAmISpeakProtobuf) {
    EXPECT_EQ(ok({"auth", "can-i", "list", "pods", "-n", "pipeline"}).out, "yes\n");
    auto denied =
        s_sim->kubectl({"--context", "cubedesk-sim-readonly", "auth", "can-i", "patch", "nodes"});
    EXPECT_EQ(denied.out, "no\n") << denied.err;
    EXPECT_EQ(
        s_sim->kubectl({"--context", "cubedesk-sim-readonly", "auth", "can-i", "get", "nodes"}).out,
        "yes\n");
    auto who = ok({"auth", "whoami"});
    EXPECT_TRUE(std::regex_search(who.out, std::regex(R"(Username\s+admin)"))) << who.out;
}

TEST(KubectlAuthTest, ClientCertificateAuth) {
    SimProcess sim({"--scenario", "empty", "--auth", "cert"});
    ASSERT_TRUE(sim.ready()) << sim.error();
    std::ifstream in(sim.kubeconfig());
    const std::string config((std::istreambuf_iterator<char>(in)), {});
    EXPECT_NE(config.find("client-certificate-data"), std::string::npos);
    EXPECT_EQ(config.find("token:"), std::string::npos);
    auto r = sim.kubectl({"get", "namespaces", "-o", "name"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("namespace/default"), std::string::npos);
}

TEST(KubectlAuthTest, PlainHttpAndLegacyDiscovery) {
    SimProcess sim({"--scenario", "empty", "--no-tls", "--legacy-discovery"});
    ASSERT_TRUE(sim.ready()) << sim.error();
    EXPECT_EQ(sim.url().rfind("http://127.0.0.1:", 0), 0u) << sim.url();
    auto r = sim.kubectl({"get", "pytorchjobs", "-A"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    auto res = sim.kubectl({"api-resources"});
    EXPECT_NE(res.out.find("sparkapplications"), std::string::npos) << res.err;
}

TEST(KubectlAuthTest, WrongCertificateAuthorityIsRefused) {
    SimProcess sim({"--scenario", "empty"});
    ASSERT_TRUE(sim.ready()) << sim.error();
    // Point kubectl at the server without trusting its CA.
    auto r = Process::run({"kubectl", "--server", sim.url(), "--token", "x", "--cache-dir",
                           sim.dir().file("cache2"), "--kubeconfig", "/dev/null", "get", "nodes"});
    EXPECT_NE(r.exitCode, 0);
    EXPECT_NE(r.err.find("certificate signed by unknown authority"), std::string::npos) << r.err;
}

} // namespace

namespace {

std::string fixturesDir() {
    return cubedesk::test::fixturePath().string();
}

TEST(KubectlLoadTest, RealManifestsLoadWithTheirStatus) {
    const std::string dir = fixturesDir();
    ASSERT_TRUE(std::filesystem::is_directory(dir)) << "the real fixtures are missing: " << dir;
    SimProcess sim({"--scenario", "empty", "--load", dir});
    ASSERT_TRUE(sim.ready()) << sim.error();
    auto jobs = sim.kubectl(
        {"get", "pytorchjobs,tfjobs,mpijobs,jaxjobs,xgboostjobs,paddlejobs", "-A", "-o", "json"});
    ASSERT_EQ(jobs.exitCode, 0) << jobs.err;
    const json list = json::parse(jobs.out);
    std::map<std::string, int> kinds;
    for (const auto &item : list["items"])
        ++kinds[item["kind"].get<std::string>()];
    for (const char *kind : {"PyTorchJob", "TFJob", "MPIJob", "JAXJob", "XGBoostJob", "PaddleJob"})
        EXPECT_GT(kinds[kind], 0) << kind;
    // Status is kept as given: the real TFJob fixture finished.
    bool statusKept = false;
    for (const auto &item : list["items"])
        statusKept =
            statusKept || (item.contains("status") && item["status"].contains("conditions"));
    EXPECT_TRUE(statusKept);
    auto vc = sim.kubectl(
        {"get", "vcjob,queues,podgroups,sparkapplications,workflows", "-A", "-o", "name"});
    EXPECT_EQ(vc.exitCode, 0) << vc.err;
    for (const char *kind : {"job.batch.volcano.sh/", "queue.scheduling.volcano.sh/",
                             "podgroup.scheduling.volcano.sh/",
                             "sparkapplication.sparkoperator.k8s.io/", "workflow.argoproj.io/"})
        EXPECT_NE(vc.out.find(kind), std::string::npos) << kind;
    auto pods = sim.kubectl({"get", "pods", "-A", "-o", "name"});
    EXPECT_NE(pods.out.find("pod/"), std::string::npos);
    EXPECT_NE(sim.stderrText().find("--load:"), std::string::npos)
        << "fragments without kind are reported, not silently dropped";
}

TEST(KubectlChurnTest, ServerSurvivesChurnAndEveryFault) {
    SimProcess sim({"--scenario", "demo", "--churn", "200", "--faults",
                    "drop-watch:every=1s,expire-watch:rate=0.3,http500:rate=0.1,"
                    "http429:rate=0.1,delay:ms=5,malformed:rate=0.05,reset:every=2s"});
    ASSERT_TRUE(sim.ready()) << sim.error();
    auto watch = sim.kubectlAsync({"get", "pods", "-A", "-w", "-o", "name"});
    int succeeded = 0;
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(6);
    while (std::chrono::steady_clock::now() < end) {
        auto r = sim.kubectl({"get", "pods", "-A", "-o", "name", "--request-timeout=10s"});
        succeeded += r.exitCode == 0 ? 1 : 0;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    watch->terminate();
    EXPECT_GT(succeeded, 0) << "some lists get through the injected faults";
    auto churned = sim.kubectl(
        {"get", "pods", "-n", "pipeline", "-l", "cubedesk.io/churn=true", "-o", "name"});
    for (int i = 0; i < 10 && churned.exitCode != 0; ++i)
        churned = sim.kubectl(
            {"get", "pods", "-n", "pipeline", "-l", "cubedesk.io/churn=true", "-o", "name"});
    EXPECT_EQ(churned.exitCode, 0) << churned.err;
    EXPECT_NE(churned.out.find("pod/churn-task-"), std::string::npos) << "churn created pods";
    EXPECT_EQ(sim.stderrText().find("terminate"), std::string::npos) << sim.stderrText();
}

} // namespace

// --background (cubedesk-bench-gui's simulator): every thread of the simulator, the server's and
// the churn's included, runs at the idle priority, so a client on the same machine comes first.
TEST(SimulatorProcessTest, BackgroundRunsEveryThreadAtIdlePriority) {
    cubedesk::test::SimProcess sim({"--scenario", "demo", "--churn", "50", "--background"});
    ASSERT_TRUE(sim.ready()) << sim.error();
    ASSERT_EQ(sim.kubectl({"get", "nodes", "-o", "name"}).exitCode, 0);
    std::size_t threads = 0;
    for (const auto &task :
         std::filesystem::directory_iterator("/proc/" + std::to_string(sim.pid()) + "/task")) {
        const int tid = std::stoi(task.path().filename().string());
        EXPECT_EQ(sched_getscheduler(tid), SCHED_IDLE) << "thread " << tid;
        ++threads;
    }
    EXPECT_GT(threads, 3u); // main, server, churn, scheduler, quota controller, ...
}

TEST(SimulatorProcessTest, CpusKeepsEveryThreadOnThoseCpus) {
    const std::vector<int> allowed = cubedesk::k8s::ProcessResources::allowedCpus();
    ASSERT_FALSE(allowed.empty());
    const int cpu = allowed.back();
    cubedesk::test::SimProcess sim(
        {"--scenario", "demo", "--churn", "50", "--cpus", std::to_string(cpu)});
    ASSERT_TRUE(sim.ready()) << sim.error();
    ASSERT_EQ(sim.kubectl({"get", "nodes", "-o", "name"}).exitCode,
              0); // a connection's threads too
    std::size_t threads = 0;
    for (const auto &task :
         std::filesystem::directory_iterator("/proc/" + std::to_string(sim.pid()) + "/task")) {
        const int tid = std::stoi(task.path().filename().string());
        cpu_set_t set;
        CPU_ZERO(&set);
        ASSERT_EQ(sched_getaffinity(tid, sizeof set, &set), 0) << "thread " << tid;
        EXPECT_EQ(CPU_COUNT(&set), 1) << "thread " << tid;
        EXPECT_TRUE(CPU_ISSET(cpu, &set)) << "thread " << tid;
        ++threads;
    }
    EXPECT_GT(threads, 3u);
}

TEST(SimulatorProcessTest, CpusRejectsAMalformedList) {
    cubedesk::test::SimProcess sim({"--scenario", "demo", "--cpus", "1-"});
    EXPECT_FALSE(sim.ready());
    EXPECT_NE(sim.error().find("invalid value '1-' for --cpus"), std::string::npos) << sim.error();
}

namespace {

// The ages CubeDesk prints (k8s::humanDuration) against the ages kubectl computes itself:
// `--server-print=false` makes kubectl print NAME and AGE from each object's
// creationTimestamp on the client, so the simulator's Table printer is not involved.
TEST(KubectlAgeTest, HumanDurationPrintsWhatKubectlPrints) {
    using namespace std::chrono;
    // One age in each of kubectl's ranges, to the second ("40s", "5m30s") and coarser.
    const std::vector<seconds> ages = {
        seconds(40),     minutes(5) + seconds(30), minutes(95),       hours(5) + minutes(20),
        hours(30),       hours(48) + minutes(30),  hours(24 * 3 + 5), hours(24 * 40 + 3),
        hours(24 * 800), hours(24 * 365 * 12)};
    cubedesk::test::TempDir dir;
    const auto secondsNow = [] {
        return duration_cast<seconds>(system_clock::now().time_since_epoch()).count();
    };
    const std::int64_t now = secondsNow();
    std::vector<std::int64_t> created; // whole seconds, as the timestamps say
    {
        std::ofstream out(dir.file("ages.yaml"));
        for (std::size_t i = 0; i < ages.size(); ++i) {
            created.push_back(now - ages[i].count());
            out << "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: age-" << i
                << "\n  namespace: default\n  creationTimestamp: \""
                << cubedesk::k8s::Rfc3339::format(created.back()) << "\"\n";
        }
    }
    SimProcess sim({"--scenario", "empty", "--load", dir.path()});
    ASSERT_TRUE(sim.ready()) << sim.error();
    const std::int64_t before = secondsNow();
    const auto r =
        sim.kubectl({"get", "configmaps", "-n", "default", "--server-print=false", "--no-headers"});
    const std::int64_t after = secondsNow() + 1;
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::map<std::string, std::string> printed; // name → AGE
    std::istringstream lines(r.out);
    for (std::string name, age; lines >> name >> age;)
        printed[name] = age;
    for (std::size_t i = 0; i < ages.size(); ++i) {
        const std::string name = "age-" + std::to_string(i);
        ASSERT_TRUE(printed.count(name)) << name << " missing from:\n" << r.out;
        // kubectl computed the age at some second while it ran: one of these.
        std::set<std::string> possible;
        for (std::int64_t t = before; t <= after; ++t)
            possible.insert(cubedesk::k8s::humanDuration(seconds(t - created[i])));
        EXPECT_LE(possible.size(), 3u); // the check stays a real one
        EXPECT_TRUE(possible.count(printed[name]))
            << name << " (" << ages[i].count() << " s old) printed " << printed[name]
            << ", CubeDesk says " << *possible.begin();
    }
}

} // namespace
