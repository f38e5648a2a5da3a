// HelmRelease: a release JSON read into its fields, values shown as `helm get values` (--all)
// shows them, and every missing or mistyped field refused with an error naming it.

#include "k8s/api/helmrelease.h"
#include "k8s/sim/helmrelease.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <string>

using cubedesk::k8s::HelmRelease;
using nlohmann::json;

namespace {

json release() {
    return {
        {"name", "prometheus"},
        {"namespace", "monitoring"},
        {"version", 3},
        {"info",
         {{"first_deployed", "2026-09-08T11:00:00Z"},
          {"last_deployed", "2026-11-30T11:00:00.250+08:00"},
          {"deleted", ""},
          {"description", "Upgrade complete"},
          {"status", "deployed"},
          {"notes", "Check its status.\n"}}},
        {"chart",
         {{"metadata",
           {{"name", "kube-prometheus-stack"}, {"version", "45.7.1"}, {"appVersion", "v0.63.0"}}},
          {"values",
           {{"grafana", {{"enabled", true}, {"adminPassword", "prom-operator"}}},
            {"prometheus", {{"retention", "10d"}, {"replicas", 1}}}}}}},
        {"config", {{"prometheus", {{"retention", "15d"}}}}},
        {"manifest", "---\nkind: Prometheus\n"}};
}

std::string computed(const json &chartValues, const json &config) {
    json r = release();
    r["chart"]["values"] = chartValues;
    r["config"] = config;
    const auto parsed = HelmRelease::parse(r.dump());
    EXPECT_TRUE(parsed.ok()) << parsed.error();
    return parsed.ok() ? parsed.value().computedValuesYaml : std::string();
}

std::string parseError(const json &doc) {
    const auto parsed = HelmRelease::parse(doc.dump());
    EXPECT_FALSE(parsed.ok()) << doc.dump();
    return parsed.ok() ? std::string() : parsed.error();
}

} // namespace

TEST(HelmRelease, ReadsTheFieldsOfAReleaseFromItsSecret) {
    const auto secret = cubedesk::sim::HelmRelease::storageSecret(release(), {}, {});
    ASSERT_TRUE(secret.ok()) << secret.error();
    const auto parsed =
        HelmRelease::fromSecretData(secret.value()["data"]["release"].get<std::string>());
    ASSERT_TRUE(parsed.ok()) << parsed.error();
    const HelmRelease &r = parsed.value();
    EXPECT_EQ(r.name, "prometheus");
    EXPECT_EQ(r.ns, "monitoring");
    EXPECT_EQ(r.revision, 3);
    EXPECT_EQ(r.status, HelmRelease::Status::Deployed);
    EXPECT_EQ(r.chartName, "kube-prometheus-stack");
    EXPECT_EQ(r.chartVersion, "45.7.1");
    EXPECT_EQ(r.chart(), "kube-prometheus-stack-45.7.1");
    EXPECT_EQ(r.appVersion, "v0.63.0");
    EXPECT_EQ(r.description, "Upgrade complete");
    EXPECT_EQ(r.firstDeployed, "2026-09-08T11:00:00Z");
    EXPECT_EQ(r.lastDeployed, "2026-11-30T11:00:00.250+08:00");
    EXPECT_EQ(r.notes, "Check its status.\n");
    EXPECT_EQ(r.manifest, "---\nkind: Prometheus\n");
    EXPECT_EQ(r.userValuesYaml, "prometheus:\n  retention: 15d\n");
    EXPECT_EQ(r.computedValuesYaml, "grafana:\n"
                                    "  adminPassword: prom-operator\n"
                                    "  enabled: true\n"
                                    "prometheus:\n"
                                    "  replicas: 1\n"
                                    "  retention: 15d\n");
}

TEST(HelmRelease, StatusNamesAreHelms) {
    for (const char *name :
         {"unknown", "deployed", "uninstalled", "superseded", "failed", "uninstalling",
          "pending-install", "pending-upgrade", "pending-rollback"})
        EXPECT_EQ(HelmRelease::statusName(HelmRelease::statusFromName(name)), name);
    EXPECT_EQ(HelmRelease::statusFromName("pending-install"), HelmRelease::Status::PendingInstall);
    EXPECT_EQ(HelmRelease::statusFromName("Deployed"), HelmRelease::Status::Unknown);
}

TEST(HelmRelease, ComputedValuesCoalesceAsHelmGetValuesAll) {
    // Nested maps merge; the user's scalar wins; keys come out sorted.
    EXPECT_EQ(computed({{"b", {{"x", 1}, {"y", {{"deep", "chart"}, {"keep", true}}}}}, {"a", "c"}},
                       {{"b", {{"y", {{"deep", "user"}}}, {"z", 3}}}}),
              "a: c\nb:\n  x: 1\n  \"y\":\n    deep: user\n    keep: true\n  z: 3\n");
    // A user null deletes the chart's key, at the top and nested; a null for a key the chart
    // does not have stays.
    EXPECT_EQ(computed({{"a", 1}, {"b", {{"c", 2}, {"d", 3}}}},
                       {{"a", nullptr}, {"b", {{"c", nullptr}}}, {"e", nullptr}}),
              "b:\n  d: 3\ne: ~\n");
    // Lists are replaced, not merged; a user map over a chart scalar, and a user scalar over a
    // chart map, win.
    EXPECT_EQ(computed({{"l", {1, 2, 3}}, {"m", "scalar"}, {"s", {{"k", 1}}}},
                       {{"l", {9}}, {"m", {{"k", "v"}}}, {"s", "flat"}}),
              "l:\n  - 9\nm:\n  k: v\ns: flat\n");
    // No user values: the chart's defaults; no chart values: the user's.
    EXPECT_EQ(computed({{"a", 1}}, nullptr), "a: 1\n");
    EXPECT_EQ(computed(nullptr, {{"a", 2}}), "a: 2\n");
    EXPECT_EQ(computed(json::object(), json::object()), "{}\n");
}

TEST(HelmRelease, ValuesKeepTheirTypesInYaml) {
    // Strings that go-yaml would read as another type are quoted, as sigs.k8s.io/yaml quotes
    // them for `helm get values` (keys too: "n" is a YAML 1.1 boolean).
    const auto parsed = HelmRelease::parse([] {
        json r = release();
        r["config"] = {{"tag", "1.10"}, {"flag", "true"}, {"empty", ""}, {"n", 1.5}};
        return r.dump();
    }());
    ASSERT_TRUE(parsed.ok()) << parsed.error();
    EXPECT_EQ(parsed.value().userValuesYaml,
              "empty: \"\"\nflag: \"true\"\n\"n\": 1.5\ntag: \"1.10\"\n");
}

TEST(HelmRelease, RefusesDocumentsThatAreNoRelease) {
    EXPECT_EQ(HelmRelease::parse("{\"name\":").error().rfind("the release is not JSON: ", 0), 0u);
    EXPECT_EQ(HelmRelease::parse("[1]").error(), "the release is not a JSON object");
    json r = release();
    r.erase("name");
    EXPECT_EQ(parseError(r), "the release has no name");
    r = release();
    r["name"] = 7;
    EXPECT_EQ(parseError(r), "name is not a string");
    for (const json &version : {json(0), json("3"), json(nullptr), json(2.5)}) {
        r = release();
        r["version"] = version;
        EXPECT_EQ(parseError(r), "the release has no revision (a positive integer version)");
    }
    r = release();
    r.erase("info");
    EXPECT_EQ(parseError(r), "the release has no info object");
    r = release();
    r["info"].erase("status");
    EXPECT_EQ(parseError(r), "the release has no info.status");
    r = release();
    r["info"]["last_deployed"] = "yesterday";
    EXPECT_EQ(parseError(r), "info.last_deployed is not an RFC 3339 time");
    r = release();
    r["chart"].erase("metadata");
    EXPECT_EQ(parseError(r), "the release has no chart.metadata");
    r = release();
    r["chart"]["metadata"].erase("version");
    EXPECT_EQ(parseError(r), "the release's chart.metadata has no name or version");
    r = release();
    r["config"] = json::array({1});
    EXPECT_EQ(parseError(r), "config is not an object");
    r = release();
    r["chart"]["values"] = "x";
    EXPECT_EQ(parseError(r), "chart.values is not an object");
    // Optional fields may be missing; Helm writes an unset time as "".
    r = release();
    r["info"]["first_deployed"] = "";
    r.erase("manifest");
    r["chart"]["metadata"].erase("appVersion");
    const auto lenient = HelmRelease::parse(r.dump());
    ASSERT_TRUE(lenient.ok()) << lenient.error();
    EXPECT_EQ(lenient.value().firstDeployed, "");
    EXPECT_EQ(lenient.value().manifest, "");
    EXPECT_EQ(lenient.value().appVersion, "");
}

TEST(HelmRelease, ErrorsNeverQuoteTheRecord) {
    json r = release();
    r["config"] = {{"password", "hunter2"}};
    r["version"] = "hunter2";
    EXPECT_EQ(parseError(r).find("hunter2"), std::string::npos);
    const auto notJson = HelmRelease::parse("{\"password\": hunter2}");
    ASSERT_FALSE(notJson.ok());
    EXPECT_EQ(notJson.error().find("hunter2"), std::string::npos) << notJson.error();
}
