// Tests for ManifestLoader: the real manifests under tests/fixtures/real, the YAML typing rules
// of sigs.k8s.io/yaml, List flattening and error reporting.

#include "k8s/sim/manifestloader.h"
#include "tests/support/fixturefiles.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <string>

namespace fs = std::filesystem;
using cubedesk::sim::LoadResult;
using cubedesk::sim::ManifestLoader;
using nlohmann::json;

namespace {

fs::path fixturesDir() {
    return cubedesk::test::fixturePath();
}

// Never skip: the fixtures are the point of these tests.
#define REQUIRE_FIXTURES()                                                                         \
    do {                                                                                           \
        if (!fs::is_directory(fixturesDir()))                                                      \
            FAIL() << "real fixtures not found at " << fixturesDir();                              \
    } while (false)

std::string fileName(const std::string &origin) {
    const std::string path = origin.substr(0, origin.find('#'));
    return fs::path(path).filename().string();
}

LoadResult loadFixture(const std::string &relative) {
    return ManifestLoader::loadPath(fixturesDir() / relative);
}

/// Why `yaml` does not convert; fails the test when it does.
std::string rejection(std::string_view yaml) {
    const auto j = ManifestLoader::yamlToJson(yaml);
    EXPECT_FALSE(j) << "converted: " << yaml;
    return j ? std::string() : j.error();
}

json one(std::string_view yaml) {
    const auto j = ManifestLoader::yamlToJson(yaml);
    EXPECT_TRUE(j) << j.error() << " for: " << yaml;
    return j.valueOr(json());
}

json value(std::string_view scalarYaml) {
    return one("v: " + std::string(scalarYaml))["v"];
}

class TempDir {
public:
    TempDir() {
        const auto base = fs::temp_directory_path();
        for (int i = 0; i < 1000; ++i) {
            auto candidate =
                base / ("cubedesk-manifests-" + std::to_string(std::rand()) + std::to_string(i));
            if (fs::create_directory(candidate)) {
                m_path = candidate;
                return;
            }
        }
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(m_path, ec);
    }
    TempDir(const TempDir &) = delete;
    TempDir &operator=(const TempDir &) = delete;

    const fs::path &path() const { return m_path; }

    void write(const std::string &relative, const std::string &text) const {
        const fs::path p = m_path / relative;
        fs::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary) << text;
    }

private:
    fs::path m_path;
};

} // namespace

// ------------------------------------------------------------------------------------------------
// Real fixtures

TEST(ManifestLoaderFixtures, LoadsEveryRealFixture) {
    REQUIRE_FIXTURES();
    const LoadResult r = ManifestLoader::loadPath(fixturesDir());

    // 10 cube-studio objects + 42 in k8s/ (11 of them from the PodList).
    EXPECT_EQ(r.objects.size(), 52u);
    for (const auto &m : r.objects) {
        EXPECT_TRUE(m.object.is_object()) << m.origin;
        EXPECT_FALSE(m.object.value("kind", "").empty()) << m.origin;
        EXPECT_FALSE(m.object.value("apiVersion", "").empty()) << m.origin;
        const std::string file = m.origin.substr(0, m.origin.find('#'));
        const std::string ext = fs::path(file).extension().string();
        EXPECT_TRUE(ext == ".yaml" || ext == ".yml" || ext == ".json") << m.origin;
    }

    // Exactly the documents that are not Kubernetes objects are reported, each naming its file.
    std::map<std::string, std::string> errorsByFile;
    for (const auto &e : r.errors) {
        const std::string file = fs::path(e.substr(0, e.find(':'))).filename().string();
        errorsByFile[file] = e;
    }
    ASSERT_EQ(r.errors.size(), 6u) << ::testing::PrintToString(r.errors);
    EXPECT_NE(errorsByFile["argo-workflow-with-status-steps-failed-retries.yaml"].find(
                  "missing apiVersion and kind"),
              std::string::npos);
    EXPECT_NE(errorsByFile["resourcequota-mem-cpu-status-fragment.yaml"].find(
                  "missing apiVersion and kind"),
              std::string::npos);
    EXPECT_EQ(errorsByFile.count("gpu-node-labels-h100-mig-mixed.json"), 1u);
    EXPECT_EQ(errorsByFile.count("gpu-node-labels-h100-mig-single.json"), 1u);
    EXPECT_EQ(errorsByFile.count("gpu-node-labels-dgx-a100-mig-mixed.json"), 1u);
    // This doc snippet has "metadata: ..." (a string), which kube-apiserver would refuse.
    EXPECT_NE(errorsByFile["sparkapplication-with-status.yaml"].find(
                  "metadata is a string, not a mapping"),
              std::string::npos);
    for (const auto &[file, error] : errorsByFile) {
        EXPECT_EQ(error.find(".source"), std::string::npos) << error;
        EXPECT_EQ(error.find(".txt"), std::string::npos) << error;
        EXPECT_EQ(error.find(".tpl"), std::string::npos) << error;
    }

    // Sorted walk: cubestudio/ before k8s/, and file names in order inside k8s/.
    ASSERT_FALSE(r.objects.empty());
    EXPECT_EQ(fileName(r.objects.front().origin), "4paradigm-vgpu-nvidia-device-plugin.yml");
    EXPECT_EQ(fileName(r.objects.back().origin), "xgboostjob.yaml");
    const auto argoFirst = std::find_if(r.objects.begin(), r.objects.end(), [](const auto &m) {
        return fileName(m.origin) == "argo-workflow-dag-diamond.yaml";
    });
    const auto volcano = std::find_if(r.objects.begin(), r.objects.end(), [](const auto &m) {
        return fileName(m.origin) == "volcano-job.yaml";
    });
    EXPECT_LT(argoFirst, volcano);
}

TEST(ManifestLoaderFixtures, PyTorchJobWithStatus) {
    REQUIRE_FIXTURES();
    const LoadResult r = loadFixture("k8s/pytorchjob-with-status.yaml");
    ASSERT_TRUE(r.errors.empty()) << ::testing::PrintToString(r.errors);
    ASSERT_EQ(r.objects.size(), 1u);
    const json &job = r.objects[0].object;
    EXPECT_EQ(fileName(r.objects[0].origin), "pytorchjob-with-status.yaml");
    EXPECT_EQ(r.objects[0].origin.substr(r.objects[0].origin.size() - 2), "#1");
    EXPECT_EQ(job["kind"], "PyTorchJob");
    EXPECT_EQ(job["apiVersion"], "kubeflow.org/v1");
    EXPECT_EQ(job["metadata"]["name"], "pytorch-tcp-dist-mnist");
    EXPECT_EQ(job["metadata"]["namespace"], "default");
    // Unquoted timestamps stay strings, quoted numbers stay strings.
    EXPECT_EQ(job["metadata"]["creationTimestamp"], "2018-12-16T21:39:09Z");
    EXPECT_EQ(job["metadata"]["resourceVersion"], "15532");
    EXPECT_TRUE(job["metadata"]["resourceVersion"].is_string());
    EXPECT_EQ(job["metadata"]["clusterName"], "");
    const json &worker = job["spec"]["pytorchReplicaSpecs"]["Worker"];
    EXPECT_TRUE(worker["replicas"].is_number_integer());
    EXPECT_EQ(worker["replicas"], 3);
    EXPECT_TRUE(worker["template"]["metadata"]["creationTimestamp"].is_null());
    EXPECT_EQ(worker["template"]["spec"]["containers"][0]["ports"][0]["containerPort"], 23456);
    EXPECT_TRUE(worker["template"]["spec"]["containers"][0]["resources"].is_object());
    const json &conditions = job["status"]["conditions"];
    ASSERT_EQ(conditions.size(), 3u);
    EXPECT_EQ(conditions[2]["type"], "Succeeded");
    EXPECT_EQ(conditions[2]["status"], "True");
    EXPECT_TRUE(conditions[2]["status"].is_string());
    EXPECT_TRUE(job["status"]["replicaStatuses"]["Master"].is_object());
}

TEST(ManifestLoaderFixtures, FlowStyleLimitRangeAndQuota) {
    REQUIRE_FIXTURES();
    const LoadResult lr = loadFixture("k8s/limitrange-mem-cpu-per-container.yaml");
    ASSERT_TRUE(lr.errors.empty()) << ::testing::PrintToString(lr.errors);
    ASSERT_EQ(lr.objects.size(), 1u);
    const json &limitRange = lr.objects[0].object;
    EXPECT_EQ(limitRange["kind"], "LimitRange");
    EXPECT_EQ(limitRange["apiVersion"], "v1");
    EXPECT_EQ(limitRange["metadata"]["name"], "limit-mem-cpu-per-container");
    const json &limit = limitRange["spec"]["limits"][0];
    EXPECT_EQ(limit["type"], "Container");
    EXPECT_EQ(limit["max"]["cpu"], "800m");
    EXPECT_EQ(limit["min"]["memory"], "99Mi");
    EXPECT_EQ(limit["defaultRequest"]["cpu"], "110m");

    const LoadResult rq = loadFixture("k8s/resourcequota-mem-cpu.yaml");
    ASSERT_EQ(rq.objects.size(), 1u);
    const json &hard = rq.objects[0].object["spec"]["hard"];
    EXPECT_EQ(hard["requests.cpu"], "1"); // "1" is quoted: a string, not an integer
    EXPECT_TRUE(hard["requests.cpu"].is_string());
    EXPECT_EQ(hard["limits.memory"], "2Gi");
}

TEST(ManifestLoaderFixtures, MultiDocumentFiles) {
    REQUIRE_FIXTURES();
    const LoadResult dcgm = loadFixture("cubestudio/install/kubernetes/gpu/dcgm-exporter.yaml");
    ASSERT_TRUE(dcgm.errors.empty()) << ::testing::PrintToString(dcgm.errors);
    ASSERT_EQ(dcgm.objects.size(), 2u);
    EXPECT_EQ(dcgm.objects[0].object["kind"], "DaemonSet");
    EXPECT_EQ(dcgm.objects[0].object["apiVersion"], "apps/v1");
    EXPECT_EQ(dcgm.objects[1].object["kind"], "Service");
    EXPECT_EQ(dcgm.objects[1].object["metadata"]["name"], "dcgm-exporter");
    EXPECT_NE(dcgm.objects[0].origin.find("dcgm-exporter.yaml#1"), std::string::npos);
    EXPECT_NE(dcgm.objects[1].origin.find("dcgm-exporter.yaml#2"), std::string::npos);
    const json &annotations = dcgm.objects[1].object["metadata"]["annotations"];
    EXPECT_EQ(annotations["prometheus.io/port"], "9400"); // '9400'
    EXPECT_EQ(annotations["prometheus.io/scrape"], "true");
    EXPECT_EQ(dcgm.objects[1].object["spec"]["ports"][0]["port"], 9400);
    const json &container = dcgm.objects[0].object["spec"]["template"]["spec"]["containers"][0];
    // A trailing comment after a quoted scalar is not part of it.
    EXPECT_EQ(container["image"], "nvidia/dcgm-exporter:3.1.7-3.1.4-ubuntu20.04");
    EXPECT_EQ(container["securityContext"]["privileged"], true);
    EXPECT_EQ(container["securityContext"]["runAsUser"], 0);
    EXPECT_EQ(container["env"][0]["value"], ":9400");

    const LoadResult queues = loadFixture("k8s/volcano-queues-hierarchical.yaml");
    ASSERT_EQ(queues.objects.size(), 4u);
    const char *names[] = {"root-eng-prod", "root-eng-dev", "root-sci-prod", "root-sci-dev"};
    for (std::size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(queues.objects[i].object["kind"], "Queue");
        EXPECT_EQ(queues.objects[i].object["metadata"]["name"], names[i]);
        EXPECT_EQ(queues.objects[i].origin.substr(queues.objects[i].origin.size() - 2),
                  "#" + std::to_string(i + 1));
    }
    EXPECT_EQ(queues.objects[2].object["metadata"]["annotations"]["volcano.sh/hierarchy-weights"],
              "1/8/8");

    // Comments, then "---", then the only real document: it is document #1.
    const LoadResult batch = loadFixture("cubestudio/install/kubernetes/kube-batch/demo.yaml");
    ASSERT_TRUE(batch.errors.empty()) << ::testing::PrintToString(batch.errors);
    ASSERT_EQ(batch.objects.size(), 1u);
    EXPECT_EQ(batch.objects[0].object["kind"], "TFJob");
    EXPECT_EQ(batch.objects[0].object["metadata"]["name"], "test-batch");
    EXPECT_NE(batch.objects[0].origin.find("demo.yaml#1"), std::string::npos);
    EXPECT_EQ(batch.objects[0].object["spec"]["tfReplicaSpecs"]["Worker"]["template"]["spec"]
                                     ["containers"][0]["resources"]["requests"]["cpu"],
              "1");
}

TEST(ManifestLoaderFixtures, ScalarTypesInRealManifests) {
    REQUIRE_FIXTURES();
    const LoadResult spark = loadFixture("cubestudio/job-template/job/spark/demo.yaml");
    ASSERT_EQ(spark.objects.size(), 1u);
    const json &app = spark.objects[0].object;
    EXPECT_EQ(app["metadata"]["labels"]["pipeline-id"], "2"); // '2'
    EXPECT_EQ(app["spec"]["sparkVersion"], "3.1.1");          // plain, not a number
    EXPECT_EQ(app["spec"]["pythonVersion"], "3");             // '3'
    EXPECT_EQ(app["spec"]["timeToLiveSeconds"], 172800);      // integer
    EXPECT_EQ(app["spec"]["nodeSelector"]["cpu"], "true");    // 'true'
    EXPECT_EQ(app["spec"]["driver"]["cores"], 2);             // integer
    EXPECT_EQ(app["spec"]["driver"]["coreLimit"], "2");       // '2'
    EXPECT_EQ(app["spec"]["driver"]["memory"], "2G");         // plain string
    EXPECT_EQ(app["spec"]["mainClass"], "");                  // ''
    EXPECT_TRUE(app["spec"]["arguments"].is_array());         // []
    EXPECT_TRUE(app["spec"]["sparkConf"].is_object());        // {}
    EXPECT_EQ(app["spec"]["executor"]["affinity"]["podAntiAffinity"]
                 ["preferredDuringSchedulingIgnoredDuringExecution"][0]["weight"],
              5);

    const LoadResult mx = loadFixture("cubestudio/job-template/job/mxnet/demo.yaml");
    ASSERT_EQ(mx.objects.size(), 1u);
    const json &worker = mx.objects[0].object["spec"]["mxReplicaSpecs"]["Worker"];
    EXPECT_EQ(worker["template"]["spec"]["containers"][0]["resources"]["limits"]["nvidia.com/gpu"],
              1);
    EXPECT_EQ(worker["template"]["spec"]["containers"][0]["args"][8], "0"); // "0" in a flow seq

    const LoadResult argo = loadFixture("k8s/argo-workflow-hello-world.yaml");
    ASSERT_EQ(argo.objects.size(), 1u);
    const json &wf = argo.objects[0].object;
    EXPECT_FALSE(wf["metadata"].contains("name"));
    EXPECT_EQ(wf["metadata"]["generateName"], "hello-world-");
    EXPECT_EQ(wf["metadata"]["labels"]["workflows.argoproj.io/archive-strategy"], "false");
    EXPECT_EQ(wf["metadata"]["annotations"]["workflows.argoproj.io/description"],
              "This is a simple hello world example.\n");

    const LoadResult gke = loadFixture("k8s/kubeconfig-gke-exec.yaml");
    ASSERT_EQ(gke.objects.size(), 1u);
    EXPECT_EQ(gke.objects[0].object["kind"], "Config");
    EXPECT_EQ(gke.objects[0].object["users"][0]["user"]["exec"]["provideClusterInfo"], true);
    // A folded plain scalar over two lines.
    EXPECT_EQ(gke.objects[0].object["users"][0]["user"]["exec"]["installHint"],
              "Install gke-gcloud-auth-plugin for use with kubectl by following "
              "https://cloud.google.com/kubernetes-engine/docs/how-to/"
              "cluster-access-for-kubectl#install_plugin");
}

TEST(ManifestLoaderFixtures, PodListIsFlattened) {
    REQUIRE_FIXTURES();
    const LoadResult r = loadFixture("k8s/podlist-real-kubelet.json");
    ASSERT_TRUE(r.errors.empty()) << ::testing::PrintToString(r.errors);
    ASSERT_EQ(r.objects.size(), 11u);
    for (std::size_t i = 0; i < r.objects.size(); ++i) {
        // The kubelet's list items carry no kind/apiVersion; they come from the PodList.
        EXPECT_EQ(r.objects[i].object["kind"], "Pod");
        EXPECT_EQ(r.objects[i].object["apiVersion"], "v1");
        EXPECT_NE(r.objects[i].origin.find("podlist-real-kubelet.json#1.items[" +
                                           std::to_string(i) + "]"),
                  std::string::npos)
            << r.objects[i].origin;
    }
    EXPECT_EQ(r.objects[0].object["metadata"]["name"], "speaker-cpxhz");
    EXPECT_EQ(r.objects[10].object["metadata"]["name"],
              "nginx-ingress-controller-86cd89648c-dkmjf");
    // JSON numbers are int64 like the YAML path, not nlohmann's unsigned type.
    const json &restarts = r.objects[0].object["status"]["containerStatuses"][0]["restartCount"];
    EXPECT_EQ(restarts.type(), json::value_t::number_integer);
    EXPECT_EQ(restarts, 54);
}

TEST(ManifestLoaderFixtures, RealNodeJson) {
    REQUIRE_FIXTURES();
    const LoadResult r = loadFixture("k8s/node-minikube-real.json");
    ASSERT_EQ(r.objects.size(), 1u);
    const json &node = r.objects[0].object;
    EXPECT_EQ(node["kind"], "Node");
    EXPECT_EQ(node["metadata"]["name"], "minikube");
    EXPECT_EQ(node["metadata"]["labels"]["node-role.kubernetes.io/master"], "");
    EXPECT_EQ(node["status"]["nodeInfo"]["kubeletVersion"], "v1.15.2");
}

// ------------------------------------------------------------------------------------------------
// Typing rules (sigs.k8s.io/yaml on go-yaml v2)

TEST(ManifestLoaderTyping, QuotedScalarsAreAlwaysStrings) {
    EXPECT_EQ(value("\"8\""), json("8"));
    EXPECT_EQ(value("'true'"), json("true"));
    EXPECT_EQ(value("\"null\""), json("null"));
    EXPECT_EQ(value("''"), json(""));
    EXPECT_EQ(value("\"0x1F\""), json("0x1F"));
    EXPECT_EQ(value("'1.5'"), json("1.5"));
    EXPECT_EQ(one("v: |\n  8\n")["v"], json("8\n"));
    EXPECT_EQ(one("v: >-\n  true\n")["v"], json("true"));
}

TEST(ManifestLoaderTyping, Booleans) {
    for (const char *t : {"true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON", "y", "Y"})
        EXPECT_EQ(value(t), json(true)) << t;
    for (const char *f :
         {"false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF", "n", "N"})
        EXPECT_EQ(value(f), json(false)) << f;
    EXPECT_EQ(value("tRUE"), json("tRUE"));
    EXPECT_EQ(value("yess"), json("yess"));
}

TEST(ManifestLoaderTyping, Integers) {
    const json eight = value("8");
    EXPECT_EQ(eight.type(), json::value_t::number_integer);
    EXPECT_EQ(eight, 8);
    EXPECT_EQ(value("0x1F"), 31);
    EXPECT_EQ(value("-0x1F"), -31);
    EXPECT_EQ(value("+12"), 12);
    EXPECT_EQ(value("-7"), -7);
    EXPECT_EQ(value("0"), 0);
    EXPECT_EQ(value("017"), 15); // YAML 1.1 octal
    EXPECT_EQ(value("0o17"), 15);
    EXPECT_EQ(value("0b101"), 5);
    EXPECT_EQ(value("1_000"), 1000);
    EXPECT_EQ(value("9223372036854775807"), INT64_MAX);
    EXPECT_EQ(value("-9223372036854775808"), INT64_MIN);
    // Beyond int64: a float, as JSON-decoded unstructured content has it.
    const json big = value("9223372036854775808");
    EXPECT_TRUE(big.is_number_float());
    EXPECT_DOUBLE_EQ(big.get<double>(), 9223372036854775808.0);
    EXPECT_TRUE(value("123456789012345678901234567890").is_number_float());
    EXPECT_TRUE(value("-9223372036854775809").is_number_float());
    // Not integers.
    EXPECT_EQ(value("0x"), json("0x"));
    EXPECT_EQ(value("0xZZ"), json("0xZZ"));
    EXPECT_EQ(value("1.2.3"), json("1.2.3"));
    EXPECT_EQ(value("12abc"), json("12abc"));
    EXPECT_EQ(value("2018-08-01T10:22:43Z"), json("2018-08-01T10:22:43Z"));
    EXPECT_EQ(value("2018-08-01"), json("2018-08-01"));
    EXPECT_EQ(value("1:30"), json("1:30"));
}

TEST(ManifestLoaderTyping, FloatsAndNull) {
    const json half = value("0.5");
    EXPECT_TRUE(half.is_number_float());
    EXPECT_DOUBLE_EQ(half.get<double>(), 0.5);
    EXPECT_DOUBLE_EQ(value("1.5").get<double>(), 1.5);
    EXPECT_TRUE(value("1e3").is_number_float());
    EXPECT_DOUBLE_EQ(value("1e3").get<double>(), 1000.0);
    EXPECT_DOUBLE_EQ(value(".5").get<double>(), 0.5);
    EXPECT_DOUBLE_EQ(value("-2.5E-1").get<double>(), -0.25);
    EXPECT_DOUBLE_EQ(value("08").get<double>(), 8.0); // not valid octal, but a valid float
    EXPECT_DOUBLE_EQ(value("1.").get<double>(), 1.0);
    EXPECT_TRUE(std::isinf(value(".inf").get<double>()));
    EXPECT_GT(value(".Inf").get<double>(), 0);
    EXPECT_LT(value("-.inf").get<double>(), 0);
    EXPECT_TRUE(std::isnan(value(".nan").get<double>()));
    EXPECT_EQ(value("1e400"), json("1e400")); // overflow: Go keeps the text
    EXPECT_EQ(value("."), json("."));
    for (const char *n : {"~", "null", "Null", "NULL", ""})
        EXPECT_TRUE(value(n).is_null()) << n;
    EXPECT_EQ(value("nULL"), json("nULL"));
}

TEST(ManifestLoaderTyping, ExplicitTags) {
    EXPECT_EQ(value("!!str 8"), json("8"));
    EXPECT_EQ(value("!!str true"), json("true"));
    EXPECT_EQ(value("!!str"), json(""));
    EXPECT_EQ(value("!!int \"8\""), json(8));
    EXPECT_EQ(value("!!float 1").type(), json::value_t::number_float);
    EXPECT_EQ(value("!!bool yes"), json(true));
    EXPECT_TRUE(value("!!null ~").is_null());
    EXPECT_EQ(value("!custom 12"), json("12")); // application tags keep the text
    EXPECT_EQ(value("!!binary aGVsbG8="), json("aGVsbG8="));

    const std::string error = rejection("a: 1\nv: !!int abc\n");
    EXPECT_NE(error.find("cannot decode !!str `abc` as a !!int"), std::string::npos) << error;
    EXPECT_EQ(error.rfind("2:", 0), 0u) << error; // 1-based line of the offending scalar
}

TEST(ManifestLoaderTyping, KeysAreStrings) {
    const json j = one("8: a\nyes: b\n1.5: c\n0x10: d\n\"quoted\": e\nno: f\n");
    EXPECT_EQ(j["8"], "a");
    EXPECT_EQ(j["true"], "b"); // sigs.k8s.io/yaml stringifies the bool key
    EXPECT_EQ(j["1.5"], "c");
    EXPECT_EQ(j["16"], "d");
    EXPECT_EQ(j["quoted"], "e");
    EXPECT_EQ(j["false"], "f");
    EXPECT_EQ(one("1e6: x\n").begin().key(), "1e+06");

    std::string error = rejection("~: x\n");
    EXPECT_NE(error.find("unsupported map key"), std::string::npos) << error;
    error = rejection("? [a, b]\n: x\n");
    EXPECT_NE(error.find("unsupported map key"), std::string::npos) << error;
}

TEST(ManifestLoaderTyping, AnchorsAliasesAndMergeKeys) {
    const json j = one("base: &b {cpu: 1, memory: 2Gi}\n"
                       "copy: *b\n"
                       "merged:\n"
                       "  <<: *b\n"
                       "  cpu: 4\n"
                       "multi:\n"
                       "  <<: [{a: 1, b: 1}, {a: 2, c: 2}]\n");
    EXPECT_EQ(j["copy"], (json{{"cpu", 1}, {"memory", "2Gi"}}));
    EXPECT_EQ(j["merged"], (json{{"cpu", 4}, {"memory", "2Gi"}}));
    EXPECT_EQ(j["multi"], (json{{"a", 1}, {"b", 1}, {"c", 2}})); // the first map wins
    EXPECT_EQ(one("\"<<\": x\n")["<<"], "x");                    // a quoted key is no merge
}

TEST(ManifestLoaderTyping, JsonInput) {
    const LoadResult r = ManifestLoader::loadText(
        "{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", \"metadata\": {\"name\": \"a\"},"
        " \"data\": {\"n\": \"8\"}, \"x\": 8, \"y\": 0.5, \"z\": true, \"big\": "
        "18446744073709551615}\n"
        "{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", \"metadata\": {\"name\": \"b\"}}\n",
        "stream.json");
    ASSERT_TRUE(r.errors.empty()) << ::testing::PrintToString(r.errors);
    ASSERT_EQ(r.objects.size(), 2u);
    const json &a = r.objects[0].object;
    EXPECT_EQ(a["data"]["n"], "8");
    EXPECT_EQ(a["x"].type(), json::value_t::number_integer);
    EXPECT_TRUE(a["y"].is_number_float());
    EXPECT_EQ(a["z"], true);
    EXPECT_TRUE(a["big"].is_number_float());
    EXPECT_EQ(r.objects[1].origin, "stream.json#2");
}

TEST(ManifestLoaderTyping, DeepNestingIsAnErrorNotACrash) {
    std::string deep(5000, '[');
    deep += std::string(5000, ']');
    EXPECT_FALSE(rejection("a: " + deep + "\n").empty());
}

TEST(ManifestLoaderTyping, AliasExpansionIsBounded) {
    std::string yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (int i = 1; i < 9; ++i) {
        yaml += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
        for (int k = 0; k < 10; ++k)
            yaml += std::string(k ? ", " : "") + "*a" + std::to_string(i - 1);
        yaml += "]\n";
    }
    const std::string error = rejection(yaml);
    EXPECT_NE(error.find("alias"), std::string::npos) << error;
}

// ------------------------------------------------------------------------------------------------
// Documents, Lists, errors

TEST(ManifestLoaderDocuments, EmptyDocumentsAreSkippedAndNotCounted) {
    const LoadResult r = ManifestLoader::loadText("---\n# just a comment\n---\n\n---\n"
                                                  "apiVersion: v1\nkind: Namespace\n"
                                                  "metadata: {name: a}\n"
                                                  "--- # trailing comment\n"
                                                  "null\n"
                                                  "---\n"
                                                  "apiVersion: v1\nkind: Namespace\n"
                                                  "metadata: {name: b}\n"
                                                  "...\n",
                                                  "ns.yaml");
    ASSERT_TRUE(r.errors.empty()) << ::testing::PrintToString(r.errors);
    ASSERT_EQ(r.objects.size(), 2u);
    EXPECT_EQ(r.objects[0].origin, "ns.yaml#1");
    EXPECT_EQ(r.objects[1].origin, "ns.yaml#2");
    EXPECT_EQ(r.objects[1].object["metadata"]["name"], "b");
    EXPECT_TRUE(ManifestLoader::loadText("", "empty.yaml").objects.empty());
    EXPECT_TRUE(ManifestLoader::loadText("", "empty.yaml").errors.empty());
}

TEST(ManifestLoaderDocuments, ListsContributeTheirItems) {
    const LoadResult r = ManifestLoader::loadText("apiVersion: v1\n"
                                                  "kind: List\n"
                                                  "items:\n"
                                                  "- apiVersion: v1\n"
                                                  "  kind: ConfigMap\n"
                                                  "  metadata: {name: one}\n"
                                                  "- apiVersion: apps/v1\n"
                                                  "  kind: Deployment\n"
                                                  "  metadata: {name: two}\n"
                                                  "- {metadata: {name: no-kind}}\n"
                                                  "- just a string\n"
                                                  "---\n"
                                                  "apiVersion: v1\n"
                                                  "kind: ConfigMapList\n"
                                                  "metadata: {resourceVersion: \"5\"}\n"
                                                  "items:\n"
                                                  "- metadata: {name: three}\n"
                                                  "  data: {k: v}\n"
                                                  "---\n"
                                                  "apiVersion: v1\n"
                                                  "kind: PodList\n"
                                                  "items: []\n"
                                                  "---\n"
                                                  "apiVersion: v1\n"
                                                  "kind: List\n"
                                                  "items:\n",
                                                  "lists.yaml");
    ASSERT_EQ(r.objects.size(), 3u);
    EXPECT_EQ(r.objects[0].object["kind"], "ConfigMap");
    EXPECT_EQ(r.objects[0].origin, "lists.yaml#1.items[0]");
    EXPECT_EQ(r.objects[1].object["kind"], "Deployment");
    EXPECT_EQ(r.objects[1].object["apiVersion"], "apps/v1");
    // A typed list's item inherits kind and apiVersion.
    EXPECT_EQ(r.objects[2].object["kind"], "ConfigMap");
    EXPECT_EQ(r.objects[2].object["apiVersion"], "v1");
    EXPECT_EQ(r.objects[2].object["metadata"]["name"], "three");
    EXPECT_EQ(r.objects[2].origin, "lists.yaml#2.items[0]");
    ASSERT_EQ(r.errors.size(), 2u) << ::testing::PrintToString(r.errors);
    EXPECT_NE(r.errors[0].find("items[2]: missing kind"), std::string::npos) << r.errors[0];
    EXPECT_NE(r.errors[1].find("items[3] is a string, not a mapping"), std::string::npos)
        << r.errors[1];
    EXPECT_EQ(r.errors[0].rfind("lists.yaml:1:1: document 1", 0), 0u) << r.errors[0];
}

TEST(ManifestLoaderDocuments, ObjectsNeedKindAndApiVersion) {
    const LoadResult r = ManifestLoader::loadText("kind: ConfigMap\nmetadata: {name: a}\n"
                                                  "---\n"
                                                  "apiVersion: v1\nmetadata: {name: b}\n"
                                                  "---\n"
                                                  "- a\n- b\n"
                                                  "---\n"
                                                  "hello\n"
                                                  "---\n"
                                                  "apiVersion: v1\nkind: \"\"\n",
                                                  "bad.yaml");
    EXPECT_TRUE(r.objects.empty());
    ASSERT_EQ(r.errors.size(), 5u) << ::testing::PrintToString(r.errors);
    EXPECT_EQ(r.errors[0], "bad.yaml:1:1: document 1: missing apiVersion");
    EXPECT_EQ(r.errors[1], "bad.yaml:4:1: document 2: missing kind");
    EXPECT_EQ(r.errors[2], "bad.yaml:7:1: document 3 is a sequence, not a mapping");
    EXPECT_EQ(r.errors[3], "bad.yaml:10:1: document 4 is a string, not a mapping");
    EXPECT_EQ(r.errors[4], "bad.yaml:12:1: document 5: missing kind");
}

TEST(ManifestLoaderDocuments, BrokenYamlNamesFileLineAndColumn) {
    TempDir dir;
    ASSERT_FALSE(dir.path().empty());
    dir.write("a-good.yaml", "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: good\n");
    dir.write("b-broken.yaml", "apiVersion: v1\n"
                               "kind: ConfigMap\n"
                               "metadata: {name: first}\n"
                               "---\n"
                               "apiVersion: v1\n"
                               "kind: ConfigMap\n"
                               "data: [1, 2\n"
                               "---\n"
                               "apiVersion: v1\n"
                               "kind: ConfigMap\n"
                               "metadata: {name: third}\n");
    dir.write("c-tabs.yml", "apiVersion: v1\nkind: Namespace\nmetadata:\n\tname: x\n");
    dir.write("notes.txt", "not: yaml: at: all: [\n");
    dir.write("x.yaml.source", "repo: somewhere\n");
    dir.write("t.yaml.tpl", "apiVersion: ${V}\n");
    dir.write("sub/d.json", "{\"apiVersion\": \"v1\", \"kind\": \"Namespace\", "
                            "\"metadata\": {\"name\": \"nested\"}}");

    const LoadResult r = ManifestLoader::loadPath(dir.path());
    std::vector<std::string> names;
    for (const auto &m : r.objects)
        names.push_back(m.object["metadata"]["name"].get<std::string>());
    EXPECT_EQ(names, (std::vector<std::string>{"good", "first", "third", "nested"}));
    ASSERT_EQ(r.objects.size(), 4u);
    EXPECT_EQ(r.objects[2].origin, (dir.path() / "b-broken.yaml").string() + "#3");

    ASSERT_EQ(r.errors.size(), 2u) << ::testing::PrintToString(r.errors);
    // The flow sequence opened on line 7 is never closed; yaml-cpp notices at the next line.
    const std::string broken = (dir.path() / "b-broken.yaml").string() + ":";
    EXPECT_EQ(r.errors[0].rfind(broken, 0), 0u) << r.errors[0];
    EXPECT_TRUE(r.errors[0].find(":7:") != std::string::npos ||
                r.errors[0].find(":8:") != std::string::npos)
        << r.errors[0];
    EXPECT_NE(r.errors[0].find("flow"), std::string::npos) << r.errors[0];
    const std::string tabs = (dir.path() / "c-tabs.yml").string() + ":4:";
    EXPECT_EQ(r.errors[1].rfind(tabs, 0), 0u) << r.errors[1];
}

TEST(ManifestLoaderDocuments, PathErrorsAndSingleFiles) {
    const LoadResult missing = ManifestLoader::loadPath("/nonexistent/cubedesk/manifests");
    EXPECT_TRUE(missing.objects.empty());
    ASSERT_EQ(missing.errors.size(), 1u);
    EXPECT_NE(missing.errors[0].find("/nonexistent/cubedesk/manifests"), std::string::npos);

    TempDir dir;
    // An explicitly named file is loaded whatever its extension.
    dir.write("object.manifest", "apiVersion: v1\nkind: Namespace\nmetadata: {name: x}\n");
    const LoadResult r = ManifestLoader::loadPath(dir.path() / "object.manifest");
    ASSERT_EQ(r.objects.size(), 1u);
    EXPECT_EQ(r.objects[0].origin, (dir.path() / "object.manifest").string() + "#1");
}

TEST(ManifestLoaderDocuments, EncodingEdgeCases) {
    // A UTF-8 BOM and CRLF line endings are fine.
    const LoadResult crlf = ManifestLoader::loadText(
        "\xEF\xBB\xBF"
        "apiVersion: v1\r\nkind: ConfigMap\r\nmetadata:\r\n  name: crlf\r\n"
        "data:\r\n  greeting: \"h\xC3\xA9llo\"\r\n---\r\napiVersion: v1\r\nkind: ConfigMap\r\n"
        "metadata: {name: second}\r\n",
        "crlf.yaml");
    ASSERT_TRUE(crlf.errors.empty()) << ::testing::PrintToString(crlf.errors);
    ASSERT_EQ(crlf.objects.size(), 2u);
    EXPECT_EQ(crlf.objects[0].object["metadata"]["name"], "crlf");
    EXPECT_EQ(crlf.objects[0].object["data"]["greeting"], "h\xC3\xA9llo");

    const LoadResult bad = ManifestLoader::loadText("apiVersion: v1\nkind: \xFF\n", "bad.yaml");
    EXPECT_TRUE(bad.objects.empty());
    ASSERT_EQ(bad.errors.size(), 1u);
    EXPECT_EQ(bad.errors[0].rfind("bad.yaml:2:7: invalid UTF-8", 0), 0u) << bad.errors[0];
}

TEST(ManifestLoaderDocuments, YamlToJsonSingleDocument) {
    const auto empty = ManifestLoader::yamlToJson("# nothing\n");
    ASSERT_TRUE(empty);
    EXPECT_TRUE(empty->is_null());

    std::string error = rejection("a: 1\n---\nb: 2\n");
    EXPECT_NE(error.find("single document"), std::string::npos) << error;

    EXPECT_FALSE(rejection("a: 1\nb: [\n").empty());

    error = rejection("a: b: c\n");
    EXPECT_EQ(error.rfind("1:", 0), 0u) << error;

    const auto seq = ManifestLoader::yamlToJson("[1, two, 3.0]");
    ASSERT_TRUE(seq) << seq.error();
    EXPECT_EQ(*seq, (json{1, "two", 3.0}));
}
