// HelmReleaseHistory: release Secrets grouped into releases, shown as `helm list -A` and
// `helm history` show them — the demo cluster's releases, and lists with broken items.

#include "k8s/api/base64.h"
#include "k8s/api/helmreleasehistory.h"
#include "k8s/sim/demoscenario.h"
#include "k8s/sim/helmrelease.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

using cubedesk::k8s::Base64;
using cubedesk::k8s::HelmRelease;
using cubedesk::k8s::HelmReleaseHistory;
using nlohmann::json;
using ListRow = HelmReleaseHistory::ListRow;
using HistoryRow = HelmReleaseHistory::HistoryRow;

namespace {

/// The SecretList `GET /api/v1/secrets?labelSelector=owner%3Dhelm` returns for the demo cluster.
std::string demoHelmSecrets() {
    json list = {{"kind", "SecretList"}, {"apiVersion", "v1"}, {"items", json::array()}};
    for (const json &o : cubedesk::sim::DemoScenario::generate(1, std::chrono::system_clock::now()))
        if (o.value("kind", "") == "Secret" &&
            o["metadata"].value("labels", json::object()).value("owner", "") == "helm")
            list["items"].push_back(o);
    return list.dump();
}

json revision(const std::string &name, int version, const std::string &status,
              const std::string &deployed) {
    return {
        {"name", name},
        {"namespace", "apps"},
        {"version", version},
        {"info",
         {{"status", status},
          {"first_deployed", "2024-01-01T00:00:00Z"},
          {"last_deployed", deployed},
          {"description", "rev " + std::to_string(version)}}},
        {"chart", {{"metadata", {{"name", "web"}, {"version", "1.0." + std::to_string(version)}}}}},
        {"config", {{"password", "hunter2"}}}};
}

json secretOf(const json &release) {
    auto secret = cubedesk::sim::HelmRelease::storageSecret(release, {}, {});
    EXPECT_TRUE(secret.ok());
    return secret.ok() ? secret.value() : json();
}

std::string listOf(const std::vector<json> &items) {
    return json{{"kind", "SecretList"}, {"items", items}}.dump();
}

} // namespace

TEST(HelmReleaseHistory, ListsTheDemoReleasesAsHelmListDoes) {
    const auto history = HelmReleaseHistory::fromSecretList(demoHelmSecrets());
    ASSERT_TRUE(history.ok()) << history.error();
    EXPECT_TRUE(history.value().errors().empty());
    const auto rows = history.value().listRows();
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[0].name, "gpu-operator");
    EXPECT_EQ(rows[0].ns, "kube-system");
    EXPECT_EQ(rows[0].revision, "1");
    EXPECT_EQ(rows[0].status, "deployed");
    EXPECT_EQ(rows[0].chart, "gpu-operator-v23.9.1");
    EXPECT_EQ(rows[0].appVersion, "v23.9.1");
    EXPECT_EQ(rows[1].name, "prometheus");
    EXPECT_EQ(rows[1].ns, "monitoring");
    EXPECT_EQ(rows[1].revision, "3");
    EXPECT_EQ(rows[1].status, "deployed");
    EXPECT_EQ(rows[1].chart, "kube-prometheus-stack-45.7.1");
    EXPECT_EQ(rows[1].appVersion, "v0.63.0");
    // The demo writes UTC times: Go prints them "2006-01-02 15:04:05 +0000 UTC".
    EXPECT_TRUE(rows[1].updated.size() > 20 &&
                rows[1].updated.substr(rows[1].updated.size() - 10) == " +0000 UTC")
        << rows[1].updated;
    // volcano's upgrade failed: its latest revision is the failed one, which helm list shows.
    EXPECT_EQ(rows[2].name, "volcano");
    EXPECT_EQ(rows[2].revision, "2");
    EXPECT_EQ(rows[2].status, "failed");
}

TEST(HelmReleaseHistory, ShowsTheDemoHistoriesAsHelmHistoryDoes) {
    const auto history = HelmReleaseHistory::fromSecretList(demoHelmSecrets());
    ASSERT_TRUE(history.ok()) << history.error();
    const auto volcano = history.value().historyRows("kube-system", "volcano");
    ASSERT_EQ(volcano.size(), 2u);
    EXPECT_EQ(volcano[0].revision, "1");
    EXPECT_EQ(volcano[0].status, "deployed");
    EXPECT_EQ(volcano[0].description, "Install complete");
    EXPECT_EQ(volcano[1].revision, "2");
    EXPECT_EQ(volcano[1].status, "failed");
    EXPECT_EQ(volcano[1].chart, "volcano-1.9.0");
    EXPECT_EQ(volcano[1].description.rfind("Upgrade \"volcano\" failed: ", 0), 0u)
        << volcano[1].description;

    const auto prometheus = history.value().historyRows("monitoring", "prometheus");
    ASSERT_EQ(prometheus.size(), 3u);
    EXPECT_EQ(prometheus[0].status, "superseded");
    EXPECT_EQ(prometheus[1].status, "superseded");
    EXPECT_EQ(prometheus[2].status, "deployed");
    EXPECT_EQ(prometheus[2].description, "Upgrade complete");
    EXPECT_EQ(history.value().historyRows("monitoring", "prometheus", 2).front().revision, "2");
    EXPECT_TRUE(history.value().historyRows("default", "prometheus").empty());

    // The deployed revision's values: the chart's defaults under the user's upgrade values.
    const HelmRelease &latest = history.value().revisions("monitoring", "prometheus").back();
    EXPECT_EQ(latest.revision, 3);
    EXPECT_EQ(latest.userValuesYaml, "grafana:\n"
                                     "  ingress:\n"
                                     "    enabled: true\n"
                                     "    hosts:\n"
                                     "      - grafana.local.com\n"
                                     "prometheus:\n"
                                     "  prometheusSpec:\n"
                                     "    nodeSelector:\n"
                                     "      monitoring: \"true\"\n"
                                     "    retention: 15d\n");
    EXPECT_EQ(latest.computedValuesYaml, "alertmanager:\n"
                                         "  enabled: true\n"
                                         "grafana:\n"
                                         "  adminPassword: prom-operator\n"
                                         "  enabled: true\n"
                                         "  ingress:\n"
                                         "    enabled: true\n"
                                         "    hosts:\n"
                                         "      - grafana.local.com\n"
                                         "kubeStateMetrics:\n"
                                         "  enabled: true\n"
                                         "prometheus:\n"
                                         "  prometheusSpec:\n"
                                         "    nodeSelector:\n"
                                         "      monitoring: \"true\"\n"
                                         "    replicas: 1\n"
                                         "    retention: 15d\n");
    EXPECT_NE(latest.manifest.find("kind: Prometheus"), std::string::npos);
}

TEST(HelmReleaseHistory, ListsLatestRevisionsByHelmsDefaultStateMask) {
    const auto history = HelmReleaseHistory::fromSecretList(listOf({
        secretOf(revision("gone", 1, "superseded", "2024-01-01T00:00:00Z")),
        secretOf(revision("gone", 2, "uninstalled", "2024-01-02T00:00:00Z")),
        secretOf(revision("stuck", 1, "pending-upgrade", "2024-01-03T00:00:00Z")),
        secretOf(revision("app", 2, "deployed", "2024-03-01T10:20:30.5Z")),
        secretOf(revision("app", 1, "superseded", "2024-02-29T23:00:00-05:00")),
    }));
    ASSERT_TRUE(history.ok()) << history.error();
    EXPECT_EQ(history.value().listRows(),
              (std::vector<ListRow>{{"app", "apps", "2", "2024-03-01 10:20:30.5 +0000 UTC",
                                     "deployed", "web-1.0.2", ""}}));
    std::vector<std::string> all;
    for (const ListRow &row : history.value().listRows(true))
        all.push_back(row.name + ':' + row.revision + ':' + row.status);
    EXPECT_EQ(all, (std::vector<std::string>{"app:2:deployed", "gone:2:uninstalled",
                                             "stuck:1:pending-upgrade"}));
    EXPECT_EQ(history.value().historyRows("apps", "app"),
              (std::vector<HistoryRow>{
                  {"1", "Thu Feb 29 23:00:00 2024", "superseded", "web-1.0.1", "", "rev 1"},
                  {"2", "Fri Mar  1 10:20:30 2024", "deployed", "web-1.0.2", "", "rev 2"}}));
    EXPECT_EQ(history.value().releases().size(), 3u);
}

TEST(HelmReleaseHistory, ReportsBrokenItemsAndKeepsTheOthers) {
    json noData = secretOf(revision("a", 1, "deployed", ""));
    noData["metadata"]["name"] = "sh.helm.release.v1.a.v1";
    noData.erase("data");
    json badBase64 = secretOf(revision("b", 1, "deployed", ""));
    badBase64["data"]["release"] = "aHVudGVyMg=!";
    json notRelease = secretOf(revision("c", 1, "deployed", ""));
    notRelease["data"]["release"] = Base64::encode(Base64::encode(R"({"password":"hunter2"})"));
    // A record without a namespace (the simulator's encoder insists on one: written by hand).
    json noNamespace = revision("d", 1, "deployed", "");
    noNamespace.erase("namespace");
    json withoutNs = secretOf(revision("d", 1, "deployed", ""));
    withoutNs["metadata"]["namespace"] = "team-d";
    const auto compressed = cubedesk::sim::HelmRelease::gzip(noNamespace.dump());
    ASSERT_TRUE(compressed.ok());
    withoutNs["data"]["release"] = Base64::encode(Base64::encode(compressed.value()));
    const auto history = HelmReleaseHistory::fromSecretList(listOf(
        {noData, badBase64, secretOf(revision("ok", 1, "deployed", "")), notRelease, withoutNs}));
    ASSERT_TRUE(history.ok()) << history.error();
    const auto &errors = history.value().errors();
    ASSERT_EQ(errors.size(), 3u);
    EXPECT_EQ(errors[0].secretName, "sh.helm.release.v1.a.v1");
    EXPECT_EQ(errors[0].secretNamespace, "apps");
    EXPECT_EQ(errors[0].reason, "the Secret has no data.release");
    EXPECT_EQ(errors[1].secretName, "sh.helm.release.v1.b.v1");
    EXPECT_EQ(errors[1].reason.rfind("data.release is not base64: ", 0), 0u) << errors[1].reason;
    EXPECT_EQ(errors[2].secretName, "sh.helm.release.v1.c.v1");
    EXPECT_EQ(errors[2].reason, "the release has no name");
    for (const auto &e : errors)
        EXPECT_EQ(e.reason.find("hunter2"), std::string::npos) << e.reason;
    const auto rows = history.value().listRows();
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].name, "d");
    EXPECT_EQ(rows[0].ns, "team-d");
    EXPECT_EQ(rows[0].updated, "-");
    EXPECT_EQ(rows[1].name, "ok");
    EXPECT_EQ(history.value().historyRows("apps", "ok").front().updated,
              "Mon Jan  1 00:00:00 0001");

    EXPECT_EQ(HelmReleaseHistory::fromSecretList("{\"kind\":\"SecretList\"}").error(),
              "the Secret list has no items array");
    EXPECT_FALSE(HelmReleaseHistory::fromSecretList("<html>").ok());
    EXPECT_TRUE(HelmReleaseHistory::fromSecretList("{\"items\":[]}").value().listRows().empty());
}

TEST(HelmReleaseHistory, PrintsTimesAsGoDoes) {
    EXPECT_EQ(HelmReleaseHistory::goTimeString("2024-03-01T10:20:30Z"),
              "2024-03-01 10:20:30 +0000 UTC");
    EXPECT_EQ(HelmReleaseHistory::goTimeString("2024-03-01T10:20:30.123456789+08:00"),
              "2024-03-01 10:20:30.123456789 +0800 +0800");
    EXPECT_EQ(HelmReleaseHistory::goTimeString("2024-03-01T10:20:30.100-05:30"),
              "2024-03-01 10:20:30.1 -0530 -0530");
    EXPECT_EQ(HelmReleaseHistory::goTimeAnsic("2024-03-01T01:00:00-05:00"),
              "Fri Mar  1 01:00:00 2024");
    EXPECT_EQ(HelmReleaseHistory::goTimeAnsic("2023-12-31T23:59:59Z"), "Sun Dec 31 23:59:59 2023");
    EXPECT_EQ(HelmReleaseHistory::goTimeAnsic("1969-12-31T23:00:00Z"), "Wed Dec 31 23:00:00 1969");
    EXPECT_EQ(HelmReleaseHistory::goTimeAnsic("2024-10-15T08:00:00+02:00"),
              "Tue Oct 15 08:00:00 2024");
    EXPECT_EQ(HelmReleaseHistory::goTimeString("yesterday"), "");
}
