#include "k8s/sim/strategicmergepatch.h"

#include <gtest/gtest.h>

using cubedesk::sim::applyStrategicMergePatch;
using nlohmann::json;

namespace {

json pod() {
    return json::parse(R"({
        "apiVersion": "v1", "kind": "Pod",
        "metadata": {"name": "web", "namespace": "default",
                     "labels": {"app": "web", "tier": "frontend"},
                     "finalizers": ["a/one", "b/two"]},
        "spec": {
            "containers": [
                {"name": "nginx", "image": "nginx:1.25",
                 "args": ["--port", "80"],
                 "env": [{"name": "A", "value": "1"}, {"name": "B", "value": "2"}],
                 "ports": [{"containerPort": 80, "protocol": "TCP"}]},
                {"name": "sidecar", "image": "busybox:1.36"}
            ],
            "tolerations": [{"key": "k1", "operator": "Exists"}],
            "nodeSelector": {"disk": "ssd", "zone": "a"}
        },
        "status": {
            "phase": "Running",
            "conditions": [
                {"type": "Ready", "status": "True"},
                {"type": "PodScheduled", "status": "True"}
            ]
        }
    })");
}

json patched(const json &original, const json &patch) {
    const auto result = applyStrategicMergePatch(original, patch);
    EXPECT_TRUE(result) << result.error();
    return result.valueOr(json());
}

std::string rejection(const json &original, const json &patch) {
    const auto result = applyStrategicMergePatch(original, patch);
    EXPECT_FALSE(result) << result->dump();
    if (result)
        return {};
    EXPECT_FALSE(result.error().empty());
    return result.error();
}

} // namespace

TEST(StrategicMergePatch, CordonSetsUnschedulable) {
    const json node = json::parse(R"({"apiVersion": "v1", "kind": "Node",
        "metadata": {"name": "gpu-node-1", "labels": {"a": "b"}},
        "spec": {"podCIDR": "10.0.0.0/24"},
        "status": {"addresses": [{"type": "InternalIP", "address": "10.0.0.5"}]}})");
    json expected = node;
    expected["spec"]["unschedulable"] = true;
    EXPECT_EQ(patched(node, json::parse(R"({"spec":{"unschedulable":true}})")), expected);
}

TEST(StrategicMergePatch, LabelsAddChangeAndDeleteWithNull) {
    const json result = patched(pod(), json::parse(R"({"metadata":{"labels":
        {"app": "api", "tier": null, "new": "yes", "absent": null}}})"));
    EXPECT_EQ(result["metadata"]["labels"], json::parse(R"({"app": "api", "new": "yes"})"));
    EXPECT_EQ(result["metadata"]["name"], "web");
    EXPECT_EQ(result["spec"], pod()["spec"]);
}

TEST(StrategicMergePatch, ContainersMergeByName) {
    const json result = patched(
        pod(),
        json::parse(R"({"spec":{"containers":[{"name":"sidecar","image":"busybox:1.37"}]}})"));
    json expected = pod();
    expected["spec"]["containers"][1]["image"] = "busybox:1.37";
    EXPECT_EQ(result, expected);

    const json added =
        patched(pod(), json::parse(R"({"spec":{"containers":[{"name":"log","image":"fluentbit",
                                                      "resources":{"limits":null}}]}})"));
    ASSERT_EQ(added["spec"]["containers"].size(), 3u);
    EXPECT_EQ(added["spec"]["containers"][2], json::parse(R"({"name":"log","image":"fluentbit",
                                                             "resources":{}})"));
}

TEST(StrategicMergePatch, EnvAndPortsMergeByKey) {
    const json result = patched(pod(), json::parse(R"({"spec":{"containers":[{"name":"nginx",
        "env":[{"name":"B","value":"20"},{"name":"C","value":"3"}],
        "ports":[{"containerPort":80,"name":"http"},{"containerPort":443}]}]}})"));
    const json &nginx = result["spec"]["containers"][0];
    EXPECT_EQ(nginx["env"], json::parse(R"([{"name":"A","value":"1"},{"name":"B","value":"20"},
                                            {"name":"C","value":"3"}])"));
    EXPECT_EQ(nginx["ports"], json::parse(R"([{"containerPort":80,"protocol":"TCP","name":"http"},
                                              {"containerPort":443}])"));
    EXPECT_EQ(nginx["image"], "nginx:1.25");
    EXPECT_EQ(result["spec"]["containers"][1], pod()["spec"]["containers"][1]);
}

TEST(StrategicMergePatch, ServicePortsMergeByPort) {
    const json service = json::parse(R"({"kind":"Service","spec":{"ports":[
        {"port":80,"targetPort":8080},{"port":443,"targetPort":8443}]}})");
    const json result =
        patched(service, json::parse(R"({"spec":{"ports":[{"port":443,"targetPort":9443}]}})"));
    EXPECT_EQ(result["spec"]["ports"], json::parse(R"([{"port":80,"targetPort":8080},
                                                       {"port":443,"targetPort":9443}])"));
}

TEST(StrategicMergePatch, DeleteDirectiveRemovesContainer) {
    const json result = patched(
        pod(), json::parse(R"({"spec":{"containers":[{"name":"nginx","$patch":"delete"}]}})"));
    ASSERT_EQ(result["spec"]["containers"].size(), 1u);
    EXPECT_EQ(result["spec"]["containers"][0]["name"], "sidecar");

    const json removedMap =
        patched(pod(), json::parse(R"({"spec":{"nodeSelector":{"$patch":"delete"}}})"));
    EXPECT_FALSE(removedMap["spec"].contains("nodeSelector"));
}

TEST(StrategicMergePatch, ReplaceDirectiveOnMap) {
    const json result =
        patched(pod(), json::parse(R"({"spec":{"nodeSelector":{"$patch":"replace","zone":"b"}}})"));
    EXPECT_EQ(result["spec"]["nodeSelector"], json::parse(R"({"zone":"b"})"));
    EXPECT_EQ(result["spec"]["containers"], pod()["spec"]["containers"]);
}

TEST(StrategicMergePatch, ReplaceDirectiveOnList) {
    const json result = patched(pod(), json::parse(R"({"spec":{"containers":[
        {"$patch":"replace"},{"name":"only","image":"alpine"}]}})"));
    EXPECT_EQ(result["spec"]["containers"], json::parse(R"([{"name":"only","image":"alpine"}])"));
}

TEST(StrategicMergePatch, MergeDirectiveIsTheDefault) {
    const json result =
        patched(pod(), json::parse(R"({"spec":{"nodeSelector":{"$patch":"merge","zone":"b"}}})"));
    EXPECT_EQ(result["spec"]["nodeSelector"], json::parse(R"({"disk":"ssd","zone":"b"})"));
}

TEST(StrategicMergePatch, RetainKeys) {
    const json deployment = json::parse(R"({"kind":"Deployment","spec":{"strategy":
        {"type":"RollingUpdate","rollingUpdate":{"maxSurge":1}}}})");
    const json result = patched(deployment, json::parse(R"({"spec":{"strategy":
        {"$retainKeys":["type"],"type":"Recreate"}}})"));
    EXPECT_EQ(result["spec"]["strategy"], json::parse(R"({"type":"Recreate"})"));

    // A field the patch sets must be retained.
    rejection(deployment,
              json::parse(R"({"spec":{"strategy":{"$retainKeys":["type"],"other":1}}})"));
}

TEST(StrategicMergePatch, DeleteFromPrimitiveList) {
    const json result =
        patched(pod(), json::parse(R"({"metadata":{"$deleteFromPrimitiveList/finalizers":["a/one"],
                                                 "finalizers":["c/three"]}})"));
    EXPECT_EQ(result["metadata"]["finalizers"], json::parse(R"(["b/two","c/three"])"));
    EXPECT_FALSE(result["metadata"].contains("$deleteFromPrimitiveList/finalizers"));
}

TEST(StrategicMergePatch, FinalizersUnionKeepsOrder) {
    const json result =
        patched(pod(), json::parse(R"({"metadata":{"finalizers":["c/three","a/one","c/three"]}})"));
    EXPECT_EQ(result["metadata"]["finalizers"], json::parse(R"(["a/one","b/two","c/three"])"));
}

TEST(StrategicMergePatch, SetElementOrder) {
    const json result = patched(pod(), json::parse(R"({"spec":{
        "$setElementOrder/containers":[{"name":"sidecar"},{"name":"nginx"}],
        "containers":[{"name":"nginx","image":"nginx:1.26"}]}})"));
    ASSERT_EQ(result["spec"]["containers"].size(), 2u);
    EXPECT_EQ(result["spec"]["containers"][0]["name"], "sidecar");
    EXPECT_EQ(result["spec"]["containers"][1]["name"], "nginx");
    EXPECT_EQ(result["spec"]["containers"][1]["image"], "nginx:1.26");
    EXPECT_FALSE(result["spec"].contains("$setElementOrder/containers"));

    // Elements the order does not mention follow, in their merged order.
    const json partial = patched(pod(), json::parse(R"({"spec":{
        "$setElementOrder/containers":[{"name":"extra"}],
        "containers":[{"name":"extra","image":"x"}]}})"));
    ASSERT_EQ(partial["spec"]["containers"].size(), 3u);
    EXPECT_EQ(partial["spec"]["containers"][0]["name"], "extra");
    EXPECT_EQ(partial["spec"]["containers"][1]["name"], "nginx");
    EXPECT_EQ(partial["spec"]["containers"][2]["name"], "sidecar");

    const json finalizers = patched(
        pod(), json::parse(R"({"metadata":{"$setElementOrder/finalizers":["b/two","a/one"]}})"));
    EXPECT_EQ(finalizers["metadata"]["finalizers"], json::parse(R"(["b/two","a/one"])"));
}

TEST(StrategicMergePatch, ConditionsMergeByType) {
    const json result = patched(pod(), json::parse(R"({"status":{"conditions":[
        {"type":"Ready","status":"False","reason":"ContainersNotReady"},
        {"type":"Initialized","status":"True"}]}})"));
    EXPECT_EQ(result["status"]["conditions"], json::parse(R"([
        {"type":"Ready","status":"False","reason":"ContainersNotReady"},
        {"type":"PodScheduled","status":"True"},
        {"type":"Initialized","status":"True"}])"));
    EXPECT_EQ(result["status"]["phase"], "Running");
}

TEST(StrategicMergePatch, ListsWithoutMergeKeyAreReplaced) {
    const json result = patched(pod(), json::parse(R"({"spec":{
        "tolerations":[{"key":"k2","operator":"Equal","value":"v"}],
        "containers":[{"name":"nginx","args":["--port","8080"]}]}})"));
    EXPECT_EQ(result["spec"]["tolerations"],
              json::parse(R"([{"key":"k2","operator":"Equal","value":"v"}])"));
    EXPECT_EQ(result["spec"]["containers"][0]["args"], json::parse(R"(["--port","8080"])"));
}

TEST(StrategicMergePatch, TypeChangeReplacesValue) {
    const json result = patched(pod(), json::parse(R"({"spec":{"nodeSelector":"none"}})"));
    EXPECT_EQ(result["spec"]["nodeSelector"], "none");
}

TEST(StrategicMergePatch, DeleteDirectiveAtRootEmptiesDocument) {
    EXPECT_EQ(patched(pod(), json::parse(R"({"$patch":"delete"})")), json::object());
}

TEST(StrategicMergePatch, Errors) {
    EXPECT_NE(rejection(pod(), json::parse(R"([{"op":"add"}])")).find("JSON object"),
              std::string::npos);
    rejection(pod(), json::parse(R"("text")"));
    // Unknown directive value, in a map and in a list.
    EXPECT_NE(
        rejection(pod(), json::parse(R"({"spec":{"$patch":"frobnicate"}})")).find("frobnicate"),
        std::string::npos);
    rejection(pod(), json::parse(R"({"spec":{"containers":[{"name":"x","$patch":"nope"}]}})"));
    rejection(pod(), json::parse(R"({"spec":{"$patch":true}})"));
    // Merging-list element without its merge key.
    const std::string error =
        rejection(pod(), json::parse(R"({"spec":{"containers":[{"image":"nginx:1.26"}]}})"));
    EXPECT_NE(error.find("name"), std::string::npos) << error;
    EXPECT_NE(error.find("/spec/containers/0"), std::string::npos) << error;
    rejection(pod(), json::parse(R"({"spec":{"containers":[{"$patch":"delete"}]}})"));
    rejection(pod(), json::parse(R"({"spec":{"containers":["nginx"]}})"));
    // Malformed directives.
    rejection(pod(), json::parse(R"({"spec":{"strategy":{"$retainKeys":"type"}}})"));
    rejection(pod(), json::parse(R"({"metadata":{"$deleteFromPrimitiveList/finalizers":"a"}})"));
    rejection(pod(), json::parse(R"({"spec":{"$setElementOrder/containers":[{"image":"x"}]}})"));
    rejection(pod(), json::parse(R"({"spec":{"tolerations":[{"$patch":"delete"}]}})"));
    rejection(json::array(), json::object());
    EXPECT_FALSE(applyStrategicMergePatch(pod(), json::array()));
}

TEST(StrategicMergePatch, OriginalIsNotModifiedAndDirectivesNeverLeak) {
    const json original = pod();
    const json result = patched(original, json::parse(R"({"spec":{"volumes":[
        {"name":"data","emptyDir":{"$patch":"replace","medium":"Memory"},"hostPath":null}]}})"));
    EXPECT_EQ(original, pod());
    EXPECT_EQ(result["spec"]["volumes"],
              json::parse(R"([{"name":"data","emptyDir":{"medium":"Memory"}}])"));
}
