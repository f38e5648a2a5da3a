// Discovery: aggregated (apidiscovery.k8s.io/v2) and legacy discovery bodies to served
// resources, and the errors of bodies that are not discovery documents.

#include "k8s/api/discovery.h"

#include <gtest/gtest.h>
#include <string>

using cubedesk::k8s::Discovery;

namespace {

// The shape of /apis with aggregated discovery (kube-apiserver 1.30+), trimmed to two groups.
constexpr const char *kAggregated = R"({
  "kind": "APIGroupDiscoveryList", "apiVersion": "apidiscovery.k8s.io/v2",
  "items": [
    {"metadata": {"name": "kubeflow.org"}, "versions": [
      {"version": "v1", "resources": [
        {"resource": "pytorchjobs", "responseKind": {"group": "", "kind": "PyTorchJob",
         "version": ""}, "scope": "Namespaced", "singularResource": "pytorchjob",
         "verbs": ["delete", "get", "list", "patch", "watch"], "shortNames": ["ptj"],
         "subresources": [{"subresource": "status", "verbs": ["get", "patch"]}]}]}]},
    {"metadata": {"name": "scheduling.volcano.sh"}, "versions": [
      {"version": "v1beta1", "resources": [
        {"resource": "queues", "responseKind": {"kind": "Queue"}, "scope": "Cluster",
         "verbs": ["get", "list"]}]},
      {"version": "v1alpha1", "resources": [
        {"resource": "queues", "responseKind": {"kind": "Queue"}, "scope": "Cluster",
         "verbs": ["get", "list", "watch"]}]}]}
  ]})";

TEST(Discovery, AggregatedListNamesEveryResourceAndThePreferredVersion) {
    Discovery d;
    ASSERT_TRUE(d.addAggregated(kAggregated));
    ASSERT_EQ(d.resources().size(), 3u);
    const auto jobs = d.find("kubeflow.org", "pytorchjobs");
    ASSERT_TRUE(jobs);
    EXPECT_EQ(jobs->kind, "PyTorchJob");
    EXPECT_EQ(jobs->groupVersion(), "kubeflow.org/v1");
    EXPECT_TRUE(jobs->namespaced);
    EXPECT_TRUE(jobs->hasStatus);
    EXPECT_TRUE(jobs->can("watch"));
    EXPECT_EQ(jobs->shortNames, (std::vector<std::string>{"ptj"}));
    // Versions come in descending preference: the first one is found, not the watchable one.
    const auto queues = d.findKind("scheduling.volcano.sh", "Queue");
    ASSERT_TRUE(queues);
    EXPECT_EQ(queues->version, "v1beta1");
    EXPECT_FALSE(queues->namespaced);
    EXPECT_FALSE(queues->can("watch"));
    EXPECT_FALSE(d.find("batch", "jobs"));
}

TEST(Discovery, LegacyGroupListThenResourceLists) {
    Discovery d;
    const auto core = d.legacyGroupVersions(R"({"kind":"APIVersions","versions":["v1"]})");
    ASSERT_TRUE(core) << core.error();
    EXPECT_EQ(*core, (std::vector<std::string>{"v1"}));
    const auto groups = d.legacyGroupVersions(R"({"kind":"APIGroupList","groups":[
        {"name":"batch","versions":[{"groupVersion":"batch/v1","version":"v1"}],
         "preferredVersion":{"groupVersion":"batch/v1","version":"v1"}}]})");
    ASSERT_TRUE(groups) << groups.error();
    EXPECT_EQ(*groups, (std::vector<std::string>{"batch/v1"}));

    ASSERT_TRUE(d.addResourceList(R"({"kind":"APIResourceList","groupVersion":"v1","resources":[
        {"name":"pods","namespaced":true,"kind":"Pod","verbs":["get","list","watch"],
         "shortNames":["po"],"categories":["all"]},
        {"name":"pods/status","namespaced":true,"kind":"Pod","verbs":["get","patch"]},
        {"name":"nodes","namespaced":false,"kind":"Node","verbs":["get","list","watch"]}]})"));
    ASSERT_TRUE(d.addResourceList(R"({"kind":"APIResourceList","groupVersion":"batch/v1",
        "resources":[{"name":"jobs","namespaced":true,"kind":"Job","verbs":["list"]}]})"));
    const auto pods = d.find("", "pods");
    ASSERT_TRUE(pods);
    EXPECT_TRUE(pods->hasStatus) << "pods/status marks its parent";
    EXPECT_EQ(pods->categories, (std::vector<std::string>{"all"}));
    EXPECT_FALSE(d.find("", "nodes")->namespaced);
    EXPECT_EQ(d.find("batch", "jobs")->groupVersion(), "batch/v1");
    EXPECT_EQ(d.resources().size(), 3u) << "subresources are not resources";
}

TEST(Discovery, BodiesThatAreNotDiscoveryAreErrorsAndAddNothing) {
    Discovery d;
    const auto notJson = d.addAggregated("<html>proxy error</html>");
    ASSERT_FALSE(notJson);
    EXPECT_EQ(notJson.error(), "discovery document is not a JSON object");
    const auto noItems = d.addAggregated(R"({"kind":"Status","status":"Failure"})");
    ASSERT_FALSE(noItems);
    EXPECT_EQ(noItems.error(), "APIGroupDiscoveryList without items");
    const auto status = d.legacyGroupVersions(R"({"kind":"Status"})");
    ASSERT_FALSE(status);
    EXPECT_EQ(status.error(), "expected APIVersions or APIGroupList, got \"Status\"");
    const auto noResources = d.addResourceList(R"({"groupVersion":"v1"})");
    ASSERT_FALSE(noResources);
    EXPECT_EQ(noResources.error(), "APIResourceList without resources");
    EXPECT_FALSE(d.addResourceList("[]"));
    EXPECT_TRUE(d.resources().empty());
}

} // namespace
