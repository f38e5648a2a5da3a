// SchedulerPolicyView: the demo's scheduler-policy-config (a legacy Policy, seed 000's weights and
// RequestedToCapacityRatio shape) and a KubeSchedulerConfiguration as rows; other shapes are
// errors that say what was expected.

#include "k8s/cube/schedulerpolicy.h"
#include "k8s/sim/platforminstall.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace cubedesk::k8s;
using nlohmann::json;
using Row = SchedulerPolicyView::Row;

namespace {

std::string demoPolicy() {
    cubedesk::sim::PlatformInstall install(std::chrono::system_clock::now(), {"default"},
                                           [](json &, std::chrono::seconds) {});
    for (const auto &o : install.build())
        if (o.value("kind", "") == "ConfigMap" &&
            o["metadata"].value("name", "") == "scheduler-policy-config")
            return o["data"].value("policy.cfg", "");
    ADD_FAILURE() << "no scheduler-policy-config ConfigMap in the demo";
    return {};
}

SchedulerPolicyView parsedPolicy(std::string_view text) {
    auto view = SchedulerPolicyView::parse(text);
    EXPECT_TRUE(view.ok()) << (view.ok() ? "" : view.error());
    return view.ok() ? std::move(view).value() : SchedulerPolicyView();
}

std::string policyFailure(std::string_view text) {
    auto view = SchedulerPolicyView::parse(text);
    EXPECT_FALSE(view.ok());
    return view.ok() ? "parsed" : view.error();
}

} // namespace

TEST(SchedulerPolicyViewTest, DemoPolicyHasTheSeedsPrioritiesAndWeights) {
    const SchedulerPolicyView view = parsedPolicy(demoPolicy());
    EXPECT_EQ(view.format(), SchedulerPolicyView::Format::Policy);
    EXPECT_EQ(view.rows(),
              (std::vector<Row>{
                  {"priority", "SelectorSpreadPriority", 1, ""},
                  {"priority", "InterPodAffinityPriority", 1, ""},
                  {"priority", "NodeAffinityPriority", 1, ""},
                  {"priority", "TaintTolerationPriority", 1, ""},
                  {"priority", "ImageLocalityPriority", 1, ""},
                  {"priority", "BalancedResourceAllocation", 1, ""},
                  {"priority", "RequestedToCapacityRatioPriority", 1,
                   "cpu weight 1, memory weight 1; utilization 0% → score 10, 100% → score 0"},
                  {"priority", "NodePreferAvoidPodsPriority", 10000, ""},
              }));
}

TEST(SchedulerPolicyViewTest, PolicyPredicatesSettingsAndExtenders) {
    // Kubernetes' legacy policy example (kubernetes/examples/scheduler-policy-config.json
    // shape), with the arguments a predicate and a priority can take and an extender.
    const SchedulerPolicyView view = parsedPolicy(R"({
  "kind": "Policy",
  "apiVersion": "v1",
  "predicates": [
    {"name": "PodFitsHostPorts"},
    {"name": "PodFitsResources"},
    {"name": "ZoneAffinity", "argument": {"serviceAffinity": {"labels": ["zone", "rack"]}}},
    {"name": "RequireGpu", "argument": {"labelsPresence": {"labels": ["gpu"], "presence": true}}}
  ],
  "priorities": [
    {"name": "LeastRequestedPriority", "weight": 1},
    {"name": "ZoneSpread", "weight": 2, "argument": {"serviceAntiAffinity": {"label": "zone"}}},
    {"name": "AvoidSpot", "weight": 3,
     "argument": {"labelPreference": {"label": "spot", "presence": false}}}
  ],
  "extenders": [
    {"urlPrefix": "http://127.0.0.1:12346/scheduler", "filterVerb": "filter",
     "prioritizeVerb": "prioritize", "weight": 5, "ignorable": true,
     "managedResources": [{"name": "example.com/foo", "ignoredByScheduler": true}]}
  ],
  "hardPodAffinitySymmetricWeight": 10,
  "alwaysCheckAllPredicates": false
})");
    EXPECT_EQ(
        view.rows(),
        (std::vector<Row>{
            {"setting", "hardPodAffinitySymmetricWeight", 10, ""},
            {"setting", "alwaysCheckAllPredicates", std::nullopt, "false"},
            {"predicate", "PodFitsHostPorts", std::nullopt, ""},
            {"predicate", "PodFitsResources", std::nullopt, ""},
            {"predicate", "ZoneAffinity", std::nullopt, "same zone, rack as the service's pods"},
            {"predicate", "RequireGpu", std::nullopt, "labels gpu must be present"},
            {"priority", "LeastRequestedPriority", 1, ""},
            {"priority", "ZoneSpread", 2, "spread a service's pods over label zone"},
            {"priority", "AvoidSpot", 3, "prefers label spot absent"},
            {"extender", "http://127.0.0.1:12346/scheduler", 5,
             "filter filter, prioritize prioritize, manages example.com/foo, ignorable"},
        }));
}

TEST(SchedulerPolicyViewTest, KubeSchedulerConfigurationProfiles) {
    // The shape of the kube-scheduler configuration docs' examples (kubernetes.io, "Scheduler
    // Configuration" and "Resource Bin Packing"): a bin-packing score and a second profile
    // that scores nothing.
    const SchedulerPolicyView view = parsedPolicy(R"(apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
percentageOfNodesToScore: 50
profiles:
  - schedulerName: default-scheduler
    plugins:
      score:
        disabled:
          - name: NodeResourcesBalancedAllocation
        enabled:
          - name: NodeResourcesFit
            weight: 2
          - name: ImageLocality
    pluginConfig:
      - name: NodeResourcesFit
        args:
          scoringStrategy:
            type: RequestedToCapacityRatio
            resources:
              - name: cpu
                weight: 1
              - name: nvidia.com/gpu
                weight: 3
            requestedToCapacityRatio:
              shape:
                - utilization: 0
                  score: 0
                - utilization: 100
                  score: 10
      - name: InterPodAffinity
        args:
          hardPodAffinityWeight: 1
          ignorePreferredTermsOfExistingPods: false
  - schedulerName: no-scoring-scheduler
    plugins:
      preScore:
        disabled:
          - name: '*'
      score:
        disabled:
          - name: '*'
)");
    EXPECT_EQ(view.format(), SchedulerPolicyView::Format::KubeSchedulerConfiguration);
    EXPECT_EQ(view.rows(),
              (std::vector<Row>{
                  {"setting", "percentageOfNodesToScore", std::nullopt, "50"},
                  {"default-scheduler: score", "NodeResourcesBalancedAllocation", std::nullopt,
                   "disabled"},
                  {"default-scheduler: score", "NodeResourcesFit", 2, "enabled"},
                  {"default-scheduler: score", "ImageLocality", std::nullopt, "enabled"},
                  {"default-scheduler: pluginConfig", "NodeResourcesFit", std::nullopt,
                   "RequestedToCapacityRatio: cpu weight 1, nvidia.com/gpu weight 3; "
                   "utilization 0% → score 0, 100% → score 10"},
                  {"default-scheduler: pluginConfig", "InterPodAffinity", std::nullopt,
                   "hardPodAffinityWeight: 1; ignorePreferredTermsOfExistingPods: false"},
                  {"no-scoring-scheduler: preScore", "*", std::nullopt, "disabled"},
                  {"no-scoring-scheduler: score", "*", std::nullopt, "disabled"},
              }));
}

TEST(SchedulerPolicyViewTest, AConfigurationInJsonReadsTheSame) {
    const SchedulerPolicyView view = parsedPolicy(
        R"({"apiVersion":"kubescheduler.config.k8s.io/v1beta3","kind":"KubeSchedulerConfiguration",
            "profiles":[{"plugins":{"multiPoint":{"enabled":[{"name":"MyPlugin","weight":4}]}}}]})");
    EXPECT_EQ(view.rows(), (std::vector<Row>{
                               {"default-scheduler: multiPoint", "MyPlugin", 4, "enabled"},
                           }));
}

TEST(SchedulerPolicyViewTest, OtherShapesSayWhatWasExpected) {
    const std::string expected =
        "expected a scheduler Policy (JSON with kind: Policy) or a KubeSchedulerConfiguration "
        "(apiVersion kubescheduler.config.k8s.io/…)";
    EXPECT_EQ(policyFailure("[1, 2]"), expected + ", found array");
    EXPECT_EQ(policyFailure(""), expected + ", found nothing");
    EXPECT_EQ(policyFailure("just words"), expected + ", found string");
    EXPECT_EQ(policyFailure(R"({"kind": "Deployment", "apiVersion": "apps/v1"})"),
              expected + ", found kind Deployment (apps/v1)");
    EXPECT_EQ(policyFailure(R"({"metadata": {}})"), expected + ", found an object without kind");
    EXPECT_EQ(policyFailure("kind: KubeSchedulerConfiguration\napiVersion: v1\n"),
              expected + ", found kind KubeSchedulerConfiguration (v1)");
    EXPECT_EQ(policyFailure(R"({"kind": "Policy", "priorities": {"name": "x"}})"),
              "priorities: expected a list");
    EXPECT_EQ(policyFailure(R"({"kind": "Policy", "priorities": [{"weight": 1}]})"),
              "priorities[0]: expected an object with a name");
    EXPECT_EQ(policyFailure("apiVersion: kubescheduler.config.k8s.io/v1\n"
                            "kind: KubeSchedulerConfiguration\nprofiles:\n  - plugins:\n"
                            "      score:\n        enabled: yes\n"),
              "profiles[0].plugins.score.enabled: expected a list");
    EXPECT_EQ(policyFailure("{\"kind\": \"Policy\", [").substr(0, 21), "neither JSON nor YAML");
    EXPECT_EQ(policyFailure(std::string(5000, '[') + std::string(5000, ']')),
              "nested more than 64 deep");
}

TEST(SchedulerPolicyViewTest, AliasBombsAreRefused) {
    std::string yaml = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
    char prev = 'a';
    for (char c = 'b'; c <= 'i'; ++c) {
        yaml += std::string(1, c) + ": &" + c + " [";
        for (int i = 0; i < 10; ++i)
            yaml += std::string(i ? ", *" : "*") + prev;
        yaml += "]\n";
        prev = c;
    }
    EXPECT_EQ(policyFailure(yaml), "more than 100000 values");
}
