// HelmRelease: Helm 3's Secret storage records, encoded as helm/pkg/storage/driver does and
// read back; and ObjectDefaults, the API server's defaulting of the kinds a browser edits.

#include "k8s/sim/base64.h"
#include "k8s/sim/helmrelease.h"
#include "k8s/sim/objectdefaults.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

using cubedesk::sim::Base64;
using cubedesk::sim::HelmRelease;
using cubedesk::sim::ObjectDefaults;
using cubedesk::sim::ResourceType;
using nlohmann::json;

namespace {

json release(int version, const char *status) {
    return {{"name", "volcano"},
            {"namespace", "kube-system"},
            {"version", version},
            {"info", {{"status", status}, {"description", "Install complete"}}},
            {"chart", {{"metadata", {{"name", "volcano"}, {"version", "1.9.0"}}}}},
            {"config", {{"custom", {{"scheduler_replicas", 2}}}}},
            {"manifest", "---\nkind: Deployment\n"}};
}

ResourceType type(const std::string &group, const std::string &kind) {
    ResourceType t;
    t.group = group;
    t.version = "v1";
    t.kind = kind;
    return t;
}

} // namespace

TEST(Base64, RoundTripsAndRejectsBrokenText) {
    const std::vector<std::string> samples = {"",    "a",    "ab",
                                              "abc", "abcd", std::string("\0\xff\x10", 3)};
    for (const std::string &bytes : samples) {
        const auto decoded = Base64::decode(Base64::encode(bytes));
        ASSERT_TRUE(decoded.ok()) << decoded.error();
        EXPECT_EQ(decoded.value(), bytes);
    }
    EXPECT_EQ(Base64::encode("helm"), "aGVsbQ==");
    EXPECT_FALSE(Base64::decode("abc").ok());
    EXPECT_FALSE(Base64::decode("a*c=").ok());
}

TEST(HelmRelease, StorageSecretHasHelmsNameLabelsAndDoubleBase64Gzip) {
    const auto created = std::chrono::system_clock::time_point{} + std::chrono::seconds(1700000000);
    const auto secret = HelmRelease::storageSecret(release(2, "failed"), created,
                                                   created + std::chrono::seconds(60));
    ASSERT_TRUE(secret.ok()) << secret.error();
    const json &s = secret.value();
    EXPECT_EQ(s["metadata"]["name"], "sh.helm.release.v1.volcano.v2");
    EXPECT_EQ(s["metadata"]["namespace"], "kube-system");
    EXPECT_EQ(s["type"], "helm.sh/release.v1");
    EXPECT_EQ(s["metadata"]["labels"], (json{{"name", "volcano"},
                                             {"owner", "helm"},
                                             {"status", "failed"},
                                             {"version", "2"},
                                             {"createdAt", "1700000000"},
                                             {"modifiedAt", "1700000060"}}));
    // data.release is what the API sends: base64 of Helm's base64 text of gzip.
    const auto apiDecoded = Base64::decode(s["data"]["release"].get<std::string>());
    ASSERT_TRUE(apiDecoded.ok());
    const auto helmDecoded = Base64::decode(apiDecoded.value());
    ASSERT_TRUE(helmDecoded.ok());
    ASSERT_GE(helmDecoded.value().size(), 3u);
    EXPECT_EQ(helmDecoded.value().substr(0, 3), std::string("\x1f\x8b\x08", 3));
    const auto back = HelmRelease::decodeRelease(apiDecoded.value());
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(back.value(), release(2, "failed"));
}

TEST(HelmRelease, DecodesPlainJsonAndRejectsDamage) {
    // Helm reads a record without the gzip magic as plain JSON.
    const auto plain = HelmRelease::decodeRelease(Base64::encode(release(1, "deployed").dump()));
    ASSERT_TRUE(plain.ok()) << plain.error();
    EXPECT_EQ(plain.value()["version"], 1);
    const auto gz = HelmRelease::gzip("{\"name\":\"x\"}");
    ASSERT_TRUE(gz.ok());
    EXPECT_FALSE(HelmRelease::decodeRelease(Base64::encode(gz.value().substr(0, 12))).ok());
    EXPECT_FALSE(HelmRelease::decodeRelease("not base64!").ok());
    EXPECT_FALSE(HelmRelease::storageSecret(json{{"name", "x"}}, {}, {}).ok());
}

TEST(ObjectDefaults, DeploymentAndPodTemplate) {
    json d = {
        {"spec",
         {{"template",
           {{"spec",
             {{"containers", json::array({{{"name", "a"}, {"image", "nginx"}},
                                          {{"name", "b"},
                                           {"image", "registry:5000/app:1.2"},
                                           {"ports", json::array({{{"containerPort", 80}}})}},
                                          {{"name", "c"}, {"image", "app:latest"}},
                                          {{"name", "d"}, {"image", "app@sha256:abc"}}})}}}}}}}};
    ObjectDefaults::apply(type("apps", "Deployment"), d);
    EXPECT_EQ(d["spec"]["replicas"], 1);
    EXPECT_EQ(d["spec"]["revisionHistoryLimit"], 10);
    EXPECT_EQ(d["spec"]["progressDeadlineSeconds"], 600);
    EXPECT_EQ(d["spec"]["strategy"],
              (json{{"type", "RollingUpdate"},
                    {"rollingUpdate", {{"maxUnavailable", "25%"}, {"maxSurge", "25%"}}}}));
    const json &pod = d["spec"]["template"]["spec"];
    EXPECT_EQ(pod["restartPolicy"], "Always");
    EXPECT_EQ(pod["dnsPolicy"], "ClusterFirst");
    EXPECT_EQ(pod["schedulerName"], "default-scheduler");
    EXPECT_EQ(pod["terminationGracePeriodSeconds"], 30);
    EXPECT_EQ(pod["securityContext"], json::object());
    EXPECT_EQ(pod["containers"][0]["imagePullPolicy"], "Always");
    EXPECT_EQ(pod["containers"][1]["imagePullPolicy"], "IfNotPresent");
    EXPECT_EQ(pod["containers"][2]["imagePullPolicy"], "Always");
    EXPECT_EQ(pod["containers"][3]["imagePullPolicy"], "IfNotPresent");
    EXPECT_EQ(pod["containers"][1]["ports"][0]["protocol"], "TCP");
    EXPECT_EQ(pod["containers"][0]["terminationMessagePath"], "/dev/termination-log");
    EXPECT_EQ(pod["containers"][0]["terminationMessagePolicy"], "File");
    // Present values stay; defaulting twice changes nothing.
    json again = d;
    again["spec"]["replicas"] = 0;
    ObjectDefaults::apply(type("apps", "Deployment"), again);
    EXPECT_EQ(again["spec"]["replicas"], 0);
    json twice = d;
    ObjectDefaults::apply(type("apps", "Deployment"), twice);
    EXPECT_EQ(twice, d);
}

TEST(ObjectDefaults, ServiceJobAndUntouchedKinds) {
    json s = {
        {"metadata", {{"name", "web"}, {"namespace", "shop"}}},
        {"spec",
         {{"ports", json::array({{{"port", 80}}, {{"port", 443}, {"targetPort", "https"}}})}}}};
    ObjectDefaults::apply(type("", "Service"), s);
    EXPECT_EQ(s["spec"]["type"], "ClusterIP");
    EXPECT_EQ(s["spec"]["sessionAffinity"], "None");
    const std::string ip = s["spec"]["clusterIP"];
    EXPECT_EQ(ip.rfind("10.", 0), 0u) << ip;
    EXPECT_EQ(s["spec"]["clusterIPs"], json::array({ip}));
    EXPECT_EQ(s["spec"]["ports"][0]["protocol"], "TCP");
    EXPECT_EQ(s["spec"]["ports"][0]["targetPort"], 80);
    EXPECT_EQ(s["spec"]["ports"][1]["targetPort"], "https");
    json same = {{"metadata", {{"name", "web"}, {"namespace", "shop"}}}, {"spec", json::object()}};
    ObjectDefaults::apply(type("", "Service"), same);
    EXPECT_EQ(same["spec"]["clusterIP"], ip) << "the address follows from the service's key";

    json job = {{"spec", {{"template", {{"spec", {{"restartPolicy", "Never"}}}}}}}};
    ObjectDefaults::apply(type("batch", "Job"), job);
    EXPECT_EQ(job["spec"]["completions"], 1);
    EXPECT_EQ(job["spec"]["parallelism"], 1);
    EXPECT_EQ(job["spec"]["backoffLimit"], 6);
    EXPECT_EQ(job["spec"]["completionMode"], "NonIndexed");
    EXPECT_EQ(job["spec"]["suspend"], false);
    EXPECT_EQ(job["spec"]["template"]["spec"]["restartPolicy"], "Never");

    json cm = {{"data", {{"a", "b"}}}};
    const json original = cm;
    ObjectDefaults::apply(type("", "ConfigMap"), cm);
    EXPECT_EQ(cm, original);
    ResourceType custom = type("kubeflow.org", "PyTorchJob");
    custom.custom = true;
    json pj = {{"spec", json::object()}};
    ObjectDefaults::apply(custom, pj);
    EXPECT_EQ(pj, (json{{"spec", json::object()}}));
}

TEST(ObjectDefaults, RecordApplyOwnsThePatchedFields) {
    json object = {{"apiVersion", "apps/v1"},
                   {"metadata",
                    {{"name", "x"},
                     {"managedFields", json::array({{{"manager", "kube-controller-manager"},
                                                     {"operation", "Update"}}})}}}};
    const json applied = {
        {"apiVersion", "apps/v1"},
        {"kind", "Deployment"},
        {"metadata", {{"name", "x"}, {"labels", {{"team", "a"}}}}},
        {"spec",
         {{"replicas", 2},
          {"template",
           {{"spec", {{"containers", json::array({{{"name", "app"}, {"image", "nginx"}}})}}}}}}}};
    const auto t0 = std::chrono::system_clock::time_point{} + std::chrono::seconds(1700000000);
    ObjectDefaults::recordApply(object, applied, "kubectl", t0);
    const json &fields = object["metadata"]["managedFields"];
    ASSERT_EQ(fields.size(), 2u);
    EXPECT_EQ(fields[0]["manager"], "kube-controller-manager");
    EXPECT_EQ(fields[1]["manager"], "kubectl");
    EXPECT_EQ(fields[1]["operation"], "Apply");
    EXPECT_EQ(fields[1]["fieldsType"], "FieldsV1");
    EXPECT_EQ(fields[1]["fieldsV1"], json::parse(R"({
        "f:metadata": {"f:labels": {"f:team": {}}},
        "f:spec": {"f:replicas": {},
                   "f:template": {"f:spec": {"f:containers": {
                       "k:{\"name\":\"app\"}": {".": {}, "f:name": {}, "f:image": {}}}}}}})"));
    const std::string firstTime = fields[1]["time"];
    // The same apply later keeps the entry's time; a changed one replaces the entry.
    ObjectDefaults::recordApply(object, applied, "kubectl", t0 + std::chrono::hours(1));
    EXPECT_EQ(object["metadata"]["managedFields"].size(), 2u);
    EXPECT_EQ(object["metadata"]["managedFields"][1]["time"], firstTime);
    json changed = applied;
    changed["spec"].erase("replicas");
    ObjectDefaults::recordApply(object, changed, "kubectl", t0 + std::chrono::hours(1));
    EXPECT_EQ(object["metadata"]["managedFields"].size(), 2u);
    EXPECT_NE(object["metadata"]["managedFields"][1]["time"], firstTime);
    EXPECT_FALSE(
        object["metadata"]["managedFields"][1]["fieldsV1"]["f:spec"].contains("f:replicas"));
}
