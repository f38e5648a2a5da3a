// Tests for TablePrinter: the server-side Table columns and cells kubectl 1.32 prints, on real
// fixtures (tests/fixtures/real) where they exist and on synthetic objects for the corner cases.

#include "k8s/sim/jsonpath.h"
#include "k8s/sim/manifestloader.h"
#include "k8s/sim/tableprinter.h"
#include "tests/support/fixturefiles.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <iterator>

namespace fs = std::filesystem;
using cubedesk::sim::JsonPath;
using cubedesk::sim::ManifestLoader;
using cubedesk::sim::ResourceType;
using cubedesk::sim::TablePrinter;
using nlohmann::json;
using std::chrono::hours;
using std::chrono::minutes;
using std::chrono::seconds;

namespace {

// Loads one real fixture object; fails the test loudly when the fixtures are missing.
json fixture(const std::string &relative, std::size_t index = 0) {
    const fs::path path = cubedesk::test::fixturePath() / relative;
    if (!fs::exists(path)) {
        ADD_FAILURE() << "real fixture not found: " << path;
        return json::object();
    }
    const auto result = ManifestLoader::loadPath(path);
    if (index >= result.objects.size()) {
        ADD_FAILURE() << "fixture " << path << " has no object #" << index;
        return json::object();
    }
    return result.objects[index].object;
}

std::chrono::system_clock::time_point at(const std::string &rfc3339) {
    const auto tp = TablePrinter::parseTimestamp(rfc3339);
    EXPECT_TRUE(tp.has_value()) << rfc3339;
    return tp.value_or(std::chrono::system_clock::time_point{});
}

ResourceType coreType(const std::string &kind, const std::string &plural, bool namespaced = true) {
    ResourceType t;
    t.version = "v1";
    t.kind = kind;
    t.listKind = kind + "List";
    t.plural = plural;
    t.namespaced = namespaced;
    return t;
}

std::vector<std::string> columnNames(const json &defs) {
    std::vector<std::string> names;
    for (const json &d : defs)
        names.push_back(d.at("name").get<std::string>());
    return names;
}

json podCells(const json &pod, std::chrono::system_clock::time_point now) {
    return TablePrinter::cells(coreType("Pod", "pods"), pod, now);
}

// A minimal pod: containers named c0..cN-1, statuses as given.
json pod(const std::string &name, int containers, json status,
         const json &metaExtra = json::object()) {
    json spec = {{"containers", json::array()}, {"nodeName", "node-1"}};
    for (int i = 0; i < containers; ++i)
        spec["containers"].push_back({{"name", "c" + std::to_string(i)}, {"image", "busybox"}});
    json metadata = {
        {"name", name}, {"namespace", "default"}, {"creationTimestamp", "2024-05-01T10:00:00Z"}};
    metadata.update(metaExtra);
    return {{"apiVersion", "v1"},
            {"kind", "Pod"},
            {"metadata", metadata},
            {"spec", spec},
            {"status", std::move(status)}};
}

json running(const std::string &name, bool ready, int restarts = 0) {
    return {{"name", name},
            {"ready", ready},
            {"restartCount", restarts},
            {"state", {{"running", {{"startedAt", "2024-05-01T10:00:05Z"}}}}}};
}

json waiting(const std::string &name, const std::string &reason, int restarts = 0) {
    return {{"name", name},
            {"ready", false},
            {"restartCount", restarts},
            {"state", {{"waiting", {{"reason", reason}}}}}};
}

json terminated(const std::string &name, int exitCode, const std::string &reason) {
    json t = {{"exitCode", exitCode}, {"finishedAt", "2024-05-01T10:01:00Z"}};
    if (!reason.empty())
        t["reason"] = reason;
    return {{"name", name}, {"ready", false}, {"restartCount", 0}, {"state", {{"terminated", t}}}};
}

} // namespace

// ------------------------------------------------------------------------------------------------
// timestamps, JSONPath

TEST(TablePrinterTimestamps, ParsesRfc3339) {
    const auto base = at("2018-12-16T21:39:09Z");
    EXPECT_EQ(std::chrono::duration_cast<seconds>(base.time_since_epoch()).count(), 1544996349);
    EXPECT_EQ(at("2018-12-16T22:39:09+01:00"), base);
    EXPECT_EQ(at("2018-12-16T21:09:09-00:30"), base);
    EXPECT_EQ(std::chrono::duration_cast<std::chrono::microseconds>(
                  at("2018-12-16T21:39:09.250000Z") - base)
                  .count(),
              250000);
    EXPECT_EQ(
        std::chrono::duration_cast<seconds>(at("1970-01-01T00:00:00Z").time_since_epoch()).count(),
        0);
    EXPECT_EQ(
        std::chrono::duration_cast<seconds>(at("2024-02-29T00:00:00Z").time_since_epoch()).count(),
        1709164800);
    for (const char *bad : {"", "2018-12-16", "2018-12-16T21:39:09", "2018-13-16T21:39:09Z",
                            "2023-02-29T00:00:00Z", "2018-12-16T24:00:00Z", "2018-12-16 21:39:09Z",
                            "2018-12-16T21:39:09Zjunk", "2018-12-16T21:39:09.Z"})
        EXPECT_FALSE(TablePrinter::parseTimestamp(bad).has_value()) << bad;
}

TEST(TablePrinterJsonPath, SimpleForms) {
    const json obj = {{"metadata", {{"name", "x"}, {"labels", {{"kubernetes.io/role", "gpu"}}}}},
                      {"spec", {{"replicas", 3}}},
                      {"status",
                       {{"phase", "Running"},
                        {"conditions",
                         {{{"type", "Created"}, {"status", "True"}},
                          {{"type", "Ready"}, {"status", "False"}},
                          {{"type", "Running"}, {"status", "True"}}}},
                        {"replicaStatuses", {{"Worker", {{"active", 2}}}}}}}};
    const auto eval = [&obj](const char *path) {
        auto r = JsonPath::evaluate(obj, path);
        EXPECT_TRUE(r.has_value()) << path;
        return r.value_or(std::vector<json>{});
    };
    EXPECT_EQ(eval(".status.phase"), std::vector<json>{"Running"});
    EXPECT_EQ(eval("{.status.phase}"), std::vector<json>{"Running"});
    EXPECT_EQ(eval("$.status.phase"), std::vector<json>{"Running"});
    EXPECT_EQ(eval(".spec.replicas"), std::vector<json>{3});
    EXPECT_EQ(eval(".status.replicaStatuses.Worker.active"), std::vector<json>{2});
    EXPECT_EQ(eval(".status.conditions[-1:].type"), std::vector<json>{"Running"});
    EXPECT_EQ(eval(".status.conditions[0].type"), std::vector<json>{"Created"});
    EXPECT_EQ(eval(".status.conditions[-2].type"), std::vector<json>{"Ready"});
    EXPECT_EQ(eval(".status.conditions[?(@.type==\"Ready\")].status"), std::vector<json>{"False"});
    EXPECT_EQ(eval(".status.conditions[?(@.type == 'Running')].status"), std::vector<json>{"True"});
    EXPECT_EQ(eval(".status.conditions[?(@.status!=\"True\")].type"), std::vector<json>{"Ready"});
    EXPECT_EQ(eval(".status.conditions[*].type"),
              (std::vector<json>{"Created", "Ready", "Running"}));
    EXPECT_EQ(eval(".status.conditions[0:2].type"), (std::vector<json>{"Created", "Ready"}));
    EXPECT_EQ(eval(".metadata.labels.kubernetes\\.io/role"), std::vector<json>{"gpu"});
    EXPECT_EQ(eval(".metadata.labels['kubernetes.io/role']"), std::vector<json>{"gpu"});
    EXPECT_TRUE(eval(".status.missing").empty());
    EXPECT_TRUE(eval(".status.conditions[7].type").empty());
    EXPECT_TRUE(eval(".status.conditions[?(@.type==\"Nope\")].status").empty());
    EXPECT_TRUE(eval(".spec.replicas.deeper").empty());

    EXPECT_FALSE(JsonPath::evaluate(obj, ".status[").has_value());
    EXPECT_FALSE(JsonPath::evaluate(obj, "..phase").has_value());
    EXPECT_FALSE(JsonPath::evaluate(obj, ".a[?(@.x==)]").has_value());

    // An empty list: [-1:] yields nothing rather than failing.
    EXPECT_TRUE(JsonPath::evaluate(json{{"status", {{"conditions", json::array()}}}},
                                   ".status.conditions[-1:].type")
                    ->empty());
}

// ------------------------------------------------------------------------------------------------
// Pods

TEST(TablePrinterPods, ColumnDefinitions) {
    const json defs = TablePrinter::columnDefinitions(coreType("Pod", "pods"));
    EXPECT_EQ(columnNames(defs),
              (std::vector<std::string>{"Name", "Ready", "Status", "Restarts", "Age", "IP", "Node",
                                        "Nominated Node", "Readiness Gates"}));
    for (std::size_t i = 0; i < defs.size(); ++i) {
        const json &d = defs[i];
        for (const char *key : {"name", "type", "format", "description", "priority"})
            EXPECT_TRUE(d.contains(key)) << i << " " << key;
        EXPECT_EQ(d["priority"], i < 5 ? 0 : 1) << d["name"];
    }
    EXPECT_EQ(defs[0]["format"], "name");
    EXPECT_EQ(defs[3]["type"], "integer");
    EXPECT_EQ(defs[4]["type"], "string");
}

TEST(TablePrinterPods, RunningPodFromRealFixture) {
    const json nginx = fixture("k8s/pod-real.json");
    const auto now = at("2019-08-09T05:12:19Z") + seconds(45);
    EXPECT_EQ(podCells(nginx, now), (json{"nginx", "1/1", "Running", 0, "45s", "172.17.0.6",
                                          "minikube", "<none>", "<none>"}));
    EXPECT_EQ(podCells(nginx, now + hours(24 * 3)).at(4), "3d");
}

TEST(TablePrinterPods, SidecarCountsAsContainer) {
    // One regular container plus a restartable init container (sidecar): kubectl shows 2/2.
    const json sleep = fixture("k8s/pod-with-sidecar-real.json");
    const json cells = podCells(sleep, at("2024-08-24T01:54:32Z") + minutes(5) + seconds(30));
    EXPECT_EQ(cells, (json{"sleep", "2/2", "Running", 0, "5m30s", "10.244.0.8",
                           "kind-control-plane", "<none>", "<none>"}));
}

TEST(TablePrinterPods, RealPodList) {
    const auto result =
        ManifestLoader::loadPath(cubedesk::test::fixturePath() / "k8s/podlist-real-kubelet.json");
    ASSERT_EQ(result.objects.size(), 11u) << "fixtures missing?";
    const auto now = at("2020-04-01T00:00:00Z");
    const json grafana = podCells(result.objects[5].object, now);
    EXPECT_EQ(grafana[0], "grafana-7db5dff8ff-vwrnf");
    EXPECT_EQ(grafana[1], "2/2");
    EXPECT_EQ(grafana[2], "Running");
    EXPECT_EQ(grafana[3], 36); // 18 + 18
    EXPECT_EQ(grafana[6], "duckboat-01");
    for (const auto &m : result.objects) {
        const json cells = podCells(m.object, now);
        ASSERT_EQ(cells.size(), 9u);
        EXPECT_EQ(cells[2], "Running") << m.origin;
        EXPECT_TRUE(cells[3].is_number_integer()) << m.origin;
    }
}

TEST(TablePrinterPods, CrashLoopBackOff) {
    const json p = pod(
        "web-1", 2,
        {{"phase", "Running"},
         {"podIP", "10.0.0.7"},
         {"containerStatuses", {running("c0", true, 1), waiting("c1", "CrashLoopBackOff", 5)}}});
    const json cells = podCells(p, at("2024-05-01T10:00:00Z") + minutes(12));
    EXPECT_EQ(cells, (json{"web-1", "1/2", "CrashLoopBackOff", 6, "12m", "10.0.0.7", "node-1",
                           "<none>", "<none>"}));
}

TEST(TablePrinterPods, CompletedPodAndRowConditions) {
    const json p =
        pod("job-abc", 1,
            {{"phase", "Succeeded"}, {"containerStatuses", {terminated("c0", 0, "Completed")}}});
    const auto now = at("2024-05-01T11:00:00Z");
    EXPECT_EQ(podCells(p, now), (json{"job-abc", "0/1", "Completed", 0, "60m", "<none>", "node-1",
                                      "<none>", "<none>"}));
    const json row = TablePrinter::rowFor(coreType("Pod", "pods"), p, now);
    ASSERT_TRUE(row.contains("conditions"));
    EXPECT_EQ(row["conditions"][0]["type"], "Completed");
    EXPECT_EQ(row["conditions"][0]["status"], "True");
    EXPECT_EQ(row["conditions"][0]["reason"], "Succeeded");

    const json failed = pod(
        "job-def", 1, {{"phase", "Failed"}, {"containerStatuses", {terminated("c0", 2, "Error")}}});
    EXPECT_EQ(podCells(failed, now)[2], "Error");
    EXPECT_EQ(TablePrinter::rowFor(coreType("Pod", "pods"), failed, now)["conditions"][0]["reason"],
              "Failed");

    // Terminated without a reason: ExitCode/Signal.
    json noReason =
        pod("x", 1, {{"phase", "Failed"}, {"containerStatuses", {terminated("c0", 137, "")}}});
    EXPECT_EQ(podCells(noReason, now)[2], "ExitCode:137");
    noReason["status"]["containerStatuses"][0]["state"]["terminated"]["signal"] = 9;
    EXPECT_EQ(podCells(noReason, now)[2], "Signal:9");

    // A completed sidecar-style container while another still runs: back to Running/NotReady.
    json mixed =
        pod("mixed", 2,
            {{"phase", "Running"},
             {"conditions", {{{"type", "Ready"}, {"status", "True"}}}},
             {"containerStatuses", {terminated("c0", 0, "Completed"), running("c1", true)}}});
    EXPECT_EQ(podCells(mixed, now)[2], "Running");
    mixed["status"]["conditions"][0]["status"] = "False";
    EXPECT_EQ(podCells(mixed, now)[2], "NotReady");
}

TEST(TablePrinterPods, TerminatingAndUnknown) {
    const json meta = {{"deletionTimestamp", "2024-05-01T10:05:00Z"}};
    const json p =
        pod("web-2", 1, {{"phase", "Running"}, {"containerStatuses", {running("c0", true)}}}, meta);
    EXPECT_EQ(podCells(p, at("2024-05-01T10:06:00Z"))[2], "Terminating");

    json lost = p;
    lost["status"]["reason"] = "NodeLost";
    EXPECT_EQ(podCells(lost, at("2024-05-01T10:06:00Z"))[2], "Unknown");

    // A finished pod being deleted keeps its terminal status.
    const json done = pod(
        "web-3", 1,
        {{"phase", "Succeeded"}, {"containerStatuses", {terminated("c0", 0, "Completed")}}}, meta);
    EXPECT_EQ(podCells(done, at("2024-05-01T10:06:00Z"))[2], "Completed");
}

TEST(TablePrinterPods, WaitingAndInitReasons) {
    const auto now = at("2024-05-01T10:00:30Z");
    EXPECT_EQ(podCells(pod("a", 1,
                           {{"phase", "Pending"},
                            {"containerStatuses", {waiting("c0", "ContainerCreating")}}}),
                       now)[2],
              "ContainerCreating");
    EXPECT_EQ(podCells(pod("b", 1,
                           {{"phase", "Pending"},
                            {"containerStatuses", {waiting("c0", "ImagePullBackOff")}}}),
                       now)[2],
              "ImagePullBackOff");
    // No status at all yet.
    EXPECT_EQ(podCells(pod("c", 1, {{"phase", "Pending"}}), now),
              (json{"c", "0/1", "Pending", 0, "30s", "<none>", "node-1", "<none>", "<none>"}));
    // status.reason wins over the phase (e.g. Evicted).
    EXPECT_EQ(podCells(pod("d", 1, {{"phase", "Failed"}, {"reason", "Evicted"}}), now)[2],
              "Evicted");
    // Scheduling gates.
    EXPECT_EQ(podCells(pod("e", 1,
                           {{"phase", "Pending"},
                            {"conditions",
                             {{{"type", "PodScheduled"},
                               {"status", "False"},
                               {"reason", "SchedulingGated"}}}}}),
                       now)[2],
              "SchedulingGated");

    // Init containers.
    json init = pod("f", 1,
                    {{"phase", "Pending"},
                     {"initContainerStatuses",
                      {waiting("init-a", "PodInitializing"), waiting("init-b", "PodInitializing")}},
                     {"containerStatuses", {waiting("c0", "PodInitializing")}}});
    init["spec"]["initContainers"] = {{{"name", "init-a"}}, {{"name", "init-b"}}};
    EXPECT_EQ(podCells(init, now)[2], "Init:0/2");
    init["status"]["initContainerStatuses"][0] = terminated("init-a", 0, "Completed");
    EXPECT_EQ(podCells(init, now)[2], "Init:1/2");
    init["status"]["initContainerStatuses"][1] = waiting("init-b", "ImagePullBackOff", 2);
    EXPECT_EQ(podCells(init, now)[2], "Init:ImagePullBackOff");
    EXPECT_EQ(podCells(init, now)[3], 2);
    init["status"]["initContainerStatuses"][1] = terminated("init-b", 1, "");
    EXPECT_EQ(podCells(init, now)[2], "Init:ExitCode:1");
    init["status"]["initContainerStatuses"][1] = terminated("init-b", 1, "Error");
    EXPECT_EQ(podCells(init, now)[2], "Init:Error");
}

TEST(TablePrinterPods, WideColumns) {
    json p = pod("g", 1,
                 {{"phase", "Running"},
                  {"podIPs", {{{"ip", "10.1.2.3"}}, {{"ip", "fd00::3"}}}},
                  {"podIP", "10.9.9.9"},
                  {"nominatedNodeName", "node-9"},
                  {"conditions",
                   {{{"type", "example.com/gate-a"}, {"status", "True"}},
                    {{"type", "example.com/gate-b"}, {"status", "False"}}}},
                  {"containerStatuses", {running("c0", true)}}});
    p["spec"]["readinessGates"] = {{{"conditionType", "example.com/gate-a"}},
                                   {{"conditionType", "example.com/gate-b"}},
                                   {{"conditionType", "example.com/gate-c"}}};
    p["spec"].erase("nodeName");
    const json cells = podCells(p, at("2024-05-01T10:00:00Z"));
    EXPECT_EQ(cells[5], "10.1.2.3"); // podIPs[0] first, like upstream
    EXPECT_EQ(cells[6], "<none>");
    EXPECT_EQ(cells[7], "node-9");
    EXPECT_EQ(cells[8], "1/3");
}

TEST(TablePrinterPods, RowCarriesPartialObjectMetadata) {
    json p = pod("h", 1, {{"phase", "Running"}, {"containerStatuses", {running("c0", true)}}},
                 {{"labels", {{"app", "web"}}},
                  {"managedFields", {{{"manager", "kubectl"}}}},
                  {"resourceVersion", "42"}});
    const json row = TablePrinter::rowFor(coreType("Pod", "pods"), p, at("2024-05-01T10:00:10Z"));
    EXPECT_EQ(row["cells"][0], "h");
    EXPECT_EQ(row["object"]["kind"], "PartialObjectMetadata");
    EXPECT_EQ(row["object"]["apiVersion"], "meta.k8s.io/v1");
    EXPECT_EQ(row["object"]["metadata"]["labels"]["app"], "web");
    EXPECT_EQ(row["object"]["metadata"]["resourceVersion"], "42");
    EXPECT_FALSE(row["object"]["metadata"].contains("managedFields"));
    EXPECT_FALSE(row.contains("conditions"));
    EXPECT_FALSE(row["object"].contains("spec"));
}

// ------------------------------------------------------------------------------------------------
// Nodes

TEST(TablePrinterNodes, RealMinikubeNode) {
    const ResourceType nodes = coreType("Node", "nodes", false);
    EXPECT_EQ(columnNames(TablePrinter::columnDefinitions(nodes)),
              (std::vector<std::string>{"Name", "Status", "Roles", "Age", "Version", "Internal-IP",
                                        "External-IP", "OS-Image", "Kernel-Version",
                                        "Container-Runtime"}));
    const json node = fixture("k8s/node-minikube-real.json");
    EXPECT_EQ(TablePrinter::cells(nodes, node, at("2019-08-31T04:43:11Z")),
              (json{"minikube", "Ready", "master", "4d6h", "v1.15.2", "192.168.64.107", "<none>",
                    "Buildroot 2018.05.3", "4.15.0", "docker://18.9.8"}));
}

TEST(TablePrinterNodes, NotReadyCordonedAndRoles) {
    const ResourceType nodes = coreType("Node", "nodes", false);
    json node = {{"apiVersion", "v1"},
                 {"kind", "Node"},
                 {"metadata",
                  {{"name", "gpu-node-1"},
                   {"creationTimestamp", "2024-01-01T00:00:00Z"},
                   {"labels",
                    {{"node-role.kubernetes.io/worker", ""},
                     {"node-role.kubernetes.io/control-plane", ""},
                     {"node-role.kubernetes.io/", ""},
                     {"kubernetes.io/role", "gpu"},
                     {"nvidia.com/gpu.product", "H100"}}}}},
                 {"spec", json::object()},
                 {"status",
                  {{"conditions",
                    {{{"type", "MemoryPressure"}, {"status", "False"}},
                     {{"type", "Ready"}, {"status", "Unknown"}}}},
                   {"addresses",
                    {{{"type", "Hostname"}, {"address", "gpu-node-1"}},
                     {{"type", "ExternalIP"}, {"address", "203.0.113.5"}},
                     {{"type", "InternalIP"}, {"address", "10.0.0.5"}}}},
                   {"nodeInfo", {{"kubeletVersion", "v1.32.1"}}}}}};
    const auto now = at("2024-01-01T06:30:00Z");
    EXPECT_EQ(TablePrinter::cells(nodes, node, now),
              (json{"gpu-node-1", "NotReady", "control-plane,gpu,worker", "6h30m", "v1.32.1",
                    "10.0.0.5", "203.0.113.5", "<unknown>", "<unknown>", "<unknown>"}));

    node["status"]["conditions"][1]["status"] = "True";
    node["spec"]["unschedulable"] = true;
    EXPECT_EQ(TablePrinter::cells(nodes, node, now)[1], "Ready,SchedulingDisabled");

    node["status"]["conditions"][1]["status"] = "False";
    EXPECT_EQ(TablePrinter::cells(nodes, node, now)[1], "NotReady,SchedulingDisabled");

    node["status"].erase("conditions");
    node["spec"]["unschedulable"] = false;
    node["metadata"].erase("labels");
    const json cells = TablePrinter::cells(nodes, node, now);
    EXPECT_EQ(cells[1], "Unknown");
    EXPECT_EQ(cells[2], "<none>");
}

// ------------------------------------------------------------------------------------------------
// Custom resources, default table, other built-ins

TEST(TablePrinterCustom, PrinterColumnsOnRealPyTorchJob) {
    ResourceType t;
    t.group = "kubeflow.org";
    t.version = "v1";
    t.kind = "PyTorchJob";
    t.plural = "pytorchjobs";
    t.custom = true;
    // The training-operator CRD's columns (State, Age) plus a few more forms real CRDs use.
    t.printerColumns = {
        {"State", "string", "", "", ".status.conditions[-1:].type", 0},
        {"Age", "date", "", "", ".metadata.creationTimestamp", 0},
        {"Succeeded", "string", "", "", ".status.conditions[?(@.type==\"Succeeded\")].status", 0},
        {"Workers", "integer", "", "Worker replicas", ".spec.pytorchReplicaSpecs.Worker.replicas",
         1},
        {"Active", "integer", "", "", ".status.replicaStatuses.Worker.active", 1},
        {"Finished", "date", "", "", ".status.completionTime", 1},
        {"Ratio", "number", "", "", ".spec.pytorchReplicaSpecs.Worker.replicas", 1},
        {"Suspended", "boolean", "", "", ".spec.runPolicy.suspend", 1},
        {"Policy", "string", "", "", ".spec.cleanPodPolicy", 1},
    };

    const json defs = TablePrinter::columnDefinitions(t);
    EXPECT_EQ(columnNames(defs),
              (std::vector<std::string>{"Name", "State", "Age", "Succeeded", "Workers", "Active",
                                        "Finished", "Ratio", "Suspended", "Policy"}));
    EXPECT_EQ(defs[2]["type"], "date");
    EXPECT_EQ(defs[4]["priority"], 1);
    EXPECT_EQ(defs[4]["description"], "Worker replicas");
    EXPECT_EQ(defs[1]["description"], "Custom resource definition column (in JSONPath format): "
                                      ".status.conditions[-1:].type");

    const json job = fixture("k8s/pytorchjob-with-status.yaml");
    const auto now = at("2018-12-16T21:39:09Z") + hours(24 * 5 + 3);
    const json cells = TablePrinter::cells(t, job, now);
    // Date cells are ages, computed by the server as apiextensions-apiserver does.
    EXPECT_EQ(cells, (json{"pytorch-tcp-dist-mnist", "Succeeded", "5d3h", "True", 3, nullptr,
                           "5d2h", 3.0, nullptr, "None"}));

    // The spec-only fixture: no status, so the status columns are null.
    const json simple = fixture("k8s/pytorchjob-simple.yaml");
    const json simpleCells = TablePrinter::cells(t, simple, now);
    EXPECT_EQ(simpleCells[0], "pytorch-simple");
    EXPECT_TRUE(simpleCells[1].is_null());
    EXPECT_TRUE(simpleCells[2].is_null()); // no creationTimestamp in the manifest
    EXPECT_EQ(simpleCells[4], 1);

    const json row = TablePrinter::rowFor(t, job, now);
    EXPECT_EQ(row["object"]["metadata"]["uid"], "059391e8-017b-11e9-bf13-06afd8f55a5c");
}

TEST(TablePrinterCustom, CellTypesFollowTheColumnType) {
    ResourceType t;
    t.group = "example.com";
    t.version = "v1";
    t.kind = "Widget";
    t.custom = true;
    t.printerColumns = {{"AsString", "string", "", "", ".spec.n", 0},
                        {"FloatAsInt", "integer", "", "", ".spec.f", 0},
                        {"StringAsInt", "integer", "", "", ".spec.s", 0},
                        {"Flag", "boolean", "", "", ".spec.b", 0},
                        {"FlagText", "string", "", "", ".spec.b", 0},
                        {"Obj", "string", "", "", ".spec.o", 0},
                        {"BadDate", "date", "", "", ".spec.s", 0},
                        {"Float", "string", "", "", ".spec.f", 0}};
    const json w = {
        {"metadata", {{"name", "w"}}},
        {"spec", {{"n", 7}, {"f", 2.75}, {"s", "seven"}, {"b", false}, {"o", {{"k", "v"}}}}}};
    EXPECT_EQ(TablePrinter::cells(t, w, std::chrono::system_clock::now()),
              (json{"w", "7", 2, nullptr, false, "false", "{\"k\":\"v\"}", "<invalid>", "2.75"}));
}

TEST(TablePrinterCustom, DefaultTables) {
    // LimitRange has no printer upstream: the default convertor's Name / Created At.
    const ResourceType limitRanges = coreType("LimitRange", "limitranges");
    const json defs = TablePrinter::columnDefinitions(limitRanges);
    ASSERT_EQ(defs.size(), 2u);
    EXPECT_EQ(defs[0]["name"], "Name");
    EXPECT_EQ(defs[0]["format"], "name");
    EXPECT_EQ(defs[1]["name"], "Created At");
    EXPECT_EQ(defs[1]["type"], "date");
    EXPECT_EQ(defs[1]["format"], "");
    EXPECT_EQ(defs[1]["priority"], 0);

    json lr = fixture("k8s/limitrange-mem-cpu-per-container.yaml");
    EXPECT_EQ(TablePrinter::cells(limitRanges, lr, std::chrono::system_clock::now()),
              (json{"limit-mem-cpu-per-container", "0001-01-01T00:00:00Z"}));
    lr["metadata"]["creationTimestamp"] = "2024-03-04T07:08:09.123+02:00";
    EXPECT_EQ(TablePrinter::cells(limitRanges, lr, std::chrono::system_clock::now()),
              (json{"limit-mem-cpu-per-container", "2024-03-04T05:08:09Z"}));

    ResourceType crds;
    crds.group = "apiextensions.k8s.io";
    crds.version = "v1";
    crds.kind = "CustomResourceDefinition";
    crds.plural = "customresourcedefinitions";
    crds.namespaced = false;
    EXPECT_EQ(columnNames(TablePrinter::columnDefinitions(crds)),
              (std::vector<std::string>{"Name", "Created At"}));
    const json crd = {
        {"metadata",
         {{"name", "pytorchjobs.kubeflow.org"}, {"creationTimestamp", "2024-01-01T00:00:00Z"}}}};
    EXPECT_EQ(TablePrinter::cells(crds, crd, std::chrono::system_clock::now()),
              (json{"pytorchjobs.kubeflow.org", "2024-01-01T00:00:00Z"}));

    // A custom resource whose CRD declares no columns gets apiextensions' Name / Age.
    ResourceType queue;
    queue.group = "scheduling.volcano.sh";
    queue.version = "v1beta1";
    queue.kind = "Queue";
    queue.custom = true;
    const json queueDefs = TablePrinter::columnDefinitions(queue);
    EXPECT_EQ(columnNames(queueDefs), (std::vector<std::string>{"Name", "Age"}));
    EXPECT_EQ(queueDefs[1]["type"], "date");
    json q = fixture("k8s/volcano-queues-hierarchical.yaml", 1);
    q["metadata"]["creationTimestamp"] = "2024-01-01T00:00:00Z";
    EXPECT_EQ(TablePrinter::cells(queue, q, at("2024-01-01T00:02:05Z")),
              (json{"root-eng-dev", "2m5s"}));
}

TEST(TablePrinterBuiltins, ResourceQuotaRequestAndLimit) {
    const ResourceType quotas = coreType("ResourceQuota", "resourcequotas");
    EXPECT_EQ(columnNames(TablePrinter::columnDefinitions(quotas)),
              (std::vector<std::string>{"Name", "Age", "Request", "Limit"}));

    json quota = fixture("k8s/resourcequota-mem-cpu.yaml");
    quota["metadata"]["creationTimestamp"] = "2024-01-01T00:00:00Z";
    const auto now = at("2024-01-01T00:00:10Z");
    // Before the quota controller ran: the spec, nothing used.
    EXPECT_EQ(TablePrinter::cells(quotas, quota, now),
              (json{"mem-cpu-demo", "10s", "requests.cpu: 0/1, requests.memory: 0/1Gi",
                    "limits.cpu: 0/2, limits.memory: 0/2Gi"}));

    // With the real status fragment from the same documentation page. It has no kind, so it is
    // read as a plain YAML document rather than as a manifest.
    const fs::path fragmentPath =
        cubedesk::test::fixturePath() / "k8s/resourcequota-mem-cpu-status-fragment.yaml";
    std::ifstream in(fragmentPath, std::ios::binary);
    ASSERT_TRUE(in) << "real fixture not found: " << fragmentPath;
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto fragment = ManifestLoader::yamlToJson(text);
    ASSERT_TRUE(fragment) << fragment.error();
    quota["status"] = (*fragment)["status"];
    EXPECT_EQ(TablePrinter::cells(quotas, quota, now),
              (json{"mem-cpu-demo", "10s", "requests.cpu: 400m/1, requests.memory: 600Mi/1Gi",
                    "limits.cpu: 800m/2, limits.memory: 800Mi/2Gi"}));
}

TEST(TablePrinterBuiltins, NamespaceConfigMapAndEvent) {
    const auto now = at("2024-06-01T12:00:00Z");
    const json ns = {
        {"metadata", {{"name", "team-a"}, {"creationTimestamp", "2024-06-01T11:00:00Z"}}},
        {"status", {{"phase", "Active"}}}};
    EXPECT_EQ(
        columnNames(TablePrinter::columnDefinitions(coreType("Namespace", "namespaces", false))),
        (std::vector<std::string>{"Name", "Status", "Age"}));
    EXPECT_EQ(TablePrinter::cells(coreType("Namespace", "namespaces", false), ns, now),
              (json{"team-a", "Active", "60m"}));

    const json cm = {{"metadata", {{"name", "cfg"}, {"creationTimestamp", "2024-06-01T11:59:00Z"}}},
                     {"data", {{"a", "1"}, {"b", "2"}}},
                     {"binaryData", {{"c", "AAE="}}}};
    EXPECT_EQ(columnNames(TablePrinter::columnDefinitions(coreType("ConfigMap", "configmaps"))),
              (std::vector<std::string>{"Name", "Data", "Age"}));
    EXPECT_EQ(TablePrinter::cells(coreType("ConfigMap", "configmaps"), cm, now),
              (json{"cfg", 3, "60s"}));

    const ResourceType events = coreType("Event", "events");
    const json eventDefs = TablePrinter::columnDefinitions(events);
    EXPECT_EQ(columnNames(eventDefs),
              (std::vector<std::string>{"Last Seen", "Type", "Reason", "Object", "Subobject",
                                        "Source", "Message", "First Seen", "Count", "Name"}));
    std::vector<std::string> narrow;
    for (const json &d : eventDefs) {
        if (d["priority"] == 0)
            narrow.push_back(d["name"]);
    }
    EXPECT_EQ(narrow,
              (std::vector<std::string>{"Last Seen", "Type", "Reason", "Object", "Message"}));

    const json ev = {{"metadata", {{"name", "web-1.17a2b"}, {"namespace", "default"}}},
                     {"involvedObject",
                      {{"kind", "Pod"}, {"name", "web-1"}, {"fieldPath", "spec.containers{app}"}}},
                     {"type", "Warning"},
                     {"reason", "BackOff"},
                     {"message", "Back-off restarting failed container\n"},
                     {"source", {{"component", "kubelet"}, {"host", "node-1"}}},
                     {"firstTimestamp", "2024-06-01T11:50:00Z"},
                     {"lastTimestamp", "2024-06-01T11:55:00Z"},
                     {"count", 7}};
    EXPECT_EQ(
        TablePrinter::cells(events, ev, now),
        (json{"5m", "Warning", "BackOff", "pod/web-1", "spec.containers{app}", "kubelet, node-1",
              "Back-off restarting failed container", "10m", 7, "web-1.17a2b"}));

    // events.k8s.io-style singleton: only eventTime, reporting fields, no count.
    const json single = {{"metadata", {{"name", "n.1"}}},
                         {"involvedObject", {{"kind", "Node"}, {"name", "gpu-node-1"}}},
                         {"type", "Normal"},
                         {"reason", "Starting"},
                         {"eventTime", "2024-06-01T11:59:30.000000Z"},
                         {"reportingComponent", "kube-proxy"},
                         {"reportingInstance", ""}};
    EXPECT_EQ(TablePrinter::cells(events, single, now),
              (json{"30s", "Normal", "Starting", "node/gpu-node-1", "", "kube-proxy", "", "30s", 1,
                    "n.1"}));

    // A series overrides last-seen and count.
    json series = ev;
    series["series"] = {{"count", 12}, {"lastObservedTime", "2024-06-01T11:59:00.000000Z"}};
    const json seriesCells = TablePrinter::cells(events, series, now);
    EXPECT_EQ(seriesCells[0], "60s");
    EXPECT_EQ(seriesCells[8], 12);
}

TEST(TablePrinterBuiltins, MalformedObjectsDoNotThrow) {
    const auto now = std::chrono::system_clock::now();
    for (const char *kind : {"Pod", "Node", "Namespace", "ConfigMap", "Event", "ResourceQuota"}) {
        const ResourceType t = coreType(kind, "x");
        const std::size_t columns = TablePrinter::columnDefinitions(t).size();
        for (const json &obj :
             {json::object(), json("string"), json{{"metadata", 5}},
              json{{"status", {{"containerStatuses", "nope"}}}, {"spec", {{"containers", 3}}}}}) {
            const json cells = TablePrinter::cells(t, obj, now);
            EXPECT_EQ(cells.size(), columns) << kind << " " << obj.dump();
        }
    }
    EXPECT_EQ(TablePrinter::cells(coreType("Pod", "pods"), json::object(), now)[4], "<unknown>");
}

// ------------------------------------------------------------------------------------------------
// workloads, batch, networking, storage, RBAC (printers.go of kube-apiserver 1.32)

namespace {

ResourceType groupType(const std::string &group, const std::string &kind, bool namespaced = true) {
    ResourceType t = coreType(kind, "", namespaced);
    t.group = group;
    return t;
}

json objectMeta(const std::string &name, const std::string &created = "2024-05-01T10:00:00Z") {
    return {{"name", name}, {"namespace", "ns"}, {"creationTimestamp", created}};
}

json templateSpec() {
    return {{"containers", json::array({{{"name", "app"}, {"image", "nginx:1.25"}},
                                        {{"name", "sidecar"}, {"image", "envoy:v1"}}})}};
}

const std::chrono::system_clock::time_point kNow = std::chrono::system_clock::time_point{} +
                                                   hours(24 * 365 * 54) + hours(24 * 121) +
                                                   hours(10) + minutes(5);

} // namespace

TEST(TablePrinterWorkloads, DeploymentReplicaSetStatefulSetDaemonSetWideCells) {
    const json selector = {
        {"matchLabels", {{"tier", "web"}, {"app", "shop"}}},
        {"matchExpressions",
         json::array({{{"key", "env"}, {"operator", "In"}, {"values", {"prod", "canary"}}},
                      {{"key", "legacy"}, {"operator", "DoesNotExist"}}})}};
    const json deployment = {
        {"metadata", objectMeta("shop")},
        {"spec",
         {{"replicas", 3}, {"selector", selector}, {"template", {{"spec", templateSpec()}}}}},
        {"status", {{"readyReplicas", 2}, {"updatedReplicas", 3}, {"availableReplicas", 2}}}};
    const ResourceType deployments = groupType("apps", "Deployment");
    EXPECT_EQ(columnNames(TablePrinter::columnDefinitions(deployments)),
              (std::vector<std::string>{"Name", "Ready", "Up-to-date", "Available", "Age",
                                        "Containers", "Images", "Selector"}));
    const json cells = TablePrinter::cells(deployments, deployment, at("2024-05-01T10:05:00Z"));
    EXPECT_EQ(cells, (json{"shop", "2/3", 3, 2, "5m", "app,sidecar", "nginx:1.25,envoy:v1",
                           "app=shop,env in (canary,prod),!legacy,tier=web"}));
    // printDeployment prints an empty selector as it is; FormatLabelSelector says <none>.
    json bare = deployment;
    bare["spec"].erase("selector");
    EXPECT_EQ(TablePrinter::cells(deployments, bare, kNow)[7], "");
    const ResourceType replicaSets = groupType("apps", "ReplicaSet");
    EXPECT_EQ(TablePrinter::cells(replicaSets, bare, at("2024-05-01T10:00:30Z")),
              (json{"shop", 3, 0, 2, "30s", "app,sidecar", "nginx:1.25,envoy:v1", "<none>"}));
    const ResourceType statefulSets = groupType("apps", "StatefulSet");
    EXPECT_EQ(columnNames(TablePrinter::columnDefinitions(statefulSets)),
              (std::vector<std::string>{"Name", "Ready", "Age", "Containers", "Images"}));
    EXPECT_EQ(TablePrinter::cells(statefulSets, deployment, at("2024-05-03T10:00:00Z")),
              (json{"shop", "2/3", "2d", "app,sidecar", "nginx:1.25,envoy:v1"}));
    const ResourceType daemonSets = groupType("apps", "DaemonSet");
    json ds = deployment;
    ds["spec"]["template"]["spec"]["nodeSelector"] = {{"gpu", "true"}};
    ds["status"] = {{"desiredNumberScheduled", 4},
                    {"currentNumberScheduled", 4},
                    {"numberReady", 3},
                    {"updatedNumberScheduled", 4},
                    {"numberAvailable", 3}};
    EXPECT_EQ(TablePrinter::cells(daemonSets, ds, at("2024-05-01T11:00:00Z")),
              (json{"shop", 4, 4, 3, 4, 3, "gpu=true", "60m", "app,sidecar", "nginx:1.25,envoy:v1",
                    "app=shop,env in (canary,prod),!legacy,tier=web"}));
    const auto defs = TablePrinter::columnDefinitions(daemonSets);
    EXPECT_EQ(defs.size(), 11u);
    EXPECT_EQ(defs[8]["priority"], 1);
    EXPECT_EQ(defs[7]["priority"], 0);
}

TEST(TablePrinterBatch, JobStatusCompletionsAndDuration) {
    const ResourceType jobs = groupType("batch", "Job");
    EXPECT_EQ(columnNames(TablePrinter::columnDefinitions(jobs)),
              (std::vector<std::string>{"Name", "Status", "Completions", "Duration", "Age",
                                        "Containers", "Images", "Selector"}));
    const auto condition = [](const char *type, const char *status = "True") {
        return json{{"type", type}, {"status", status}};
    };
    json job = {
        {"metadata", objectMeta("train")},
        {"spec",
         {{"completions", 4},
          {"parallelism", 2},
          {"selector", {{"matchLabels", {{"job-name", "train"}}}}},
          {"template", {{"spec", templateSpec()}}}}},
        {"status",
         {{"succeeded", 4},
          {"startTime", "2024-05-01T10:00:10Z"},
          {"completionTime", "2024-05-01T10:47:20Z"},
          {"conditions", json::array({condition("SuccessCriteriaMet"), condition("Complete")})}}}};
    EXPECT_EQ(TablePrinter::cells(jobs, job, at("2024-05-02T10:00:00Z")),
              (json{"train", "Complete", "4/4", "47m", "24h", "app,sidecar", "nginx:1.25,envoy:v1",
                    "job-name=train"}));
    // Running: the duration runs until now; no completions: succeeded/1 and the parallelism.
    json running = job;
    running["spec"].erase("completions");
    running["spec"]["parallelism"] = 3;
    running["status"] = {{"succeeded", 1}, {"active", 2}, {"startTime", "2024-05-01T10:00:00Z"}};
    const json runningCells = TablePrinter::cells(jobs, running, at("2024-05-01T10:02:30Z"));
    EXPECT_EQ(runningCells[1], "Running");
    EXPECT_EQ(runningCells[2], "1/1 of 3");
    EXPECT_EQ(runningCells[3], "2m30s");
    // Not started: no duration. The conditions decide in upstream's order.
    json fresh = job;
    fresh["status"] = json::object();
    fresh["spec"]["completions"] = 1;
    EXPECT_EQ(TablePrinter::cells(jobs, fresh, kNow)[3], "");
    EXPECT_EQ(TablePrinter::cells(jobs, fresh, kNow)[2], "0/1");
    for (const auto &[type, shown] :
         {std::pair{"Failed", "Failed"}, std::pair{"Suspended", "Suspended"},
          std::pair{"FailureTarget", "FailureTarget"},
          std::pair{"SuccessCriteriaMet", "SuccessCriteriaMet"}}) {
        json j = fresh;
        j["status"]["conditions"] = json::array({condition(type)});
        EXPECT_EQ(TablePrinter::cells(jobs, j, kNow)[1], shown) << type;
        j["status"]["conditions"] = json::array({condition(type, "False")});
        EXPECT_EQ(TablePrinter::cells(jobs, j, kNow)[1], "Running") << type;
    }
    json failedAndDeleted = fresh;
    failedAndDeleted["metadata"]["deletionTimestamp"] = "2024-05-01T10:00:00Z";
    EXPECT_EQ(TablePrinter::cells(jobs, failedAndDeleted, kNow)[1], "Terminating");
    failedAndDeleted["status"]["conditions"] = json::array({condition("Failed")});
    EXPECT_EQ(TablePrinter::cells(jobs, failedAndDeleted, kNow)[1], "Failed");
}

TEST(TablePrinterBatch, CronJobScheduleTimezoneSuspendAndLastSchedule) {
    const ResourceType cronJobs = groupType("batch", "CronJob");
    EXPECT_EQ(
        columnNames(TablePrinter::columnDefinitions(cronJobs)),
        (std::vector<std::string>{"Name", "Schedule", "Timezone", "Suspend", "Active",
                                  "Last Schedule", "Age", "Containers", "Images", "Selector"}));
    json cron = {{"metadata", objectMeta("backup")},
                 {"spec",
                  {{"schedule", "0 2 * * *"},
                   {"timeZone", "Asia/Shanghai"},
                   {"suspend", true},
                   {"jobTemplate", {{"spec", {{"template", {{"spec", templateSpec()}}}}}}}}},
                 {"status",
                  {{"active", json::array({{{"name", "backup-1"}}, {{"name", "backup-2"}}})},
                   {"lastScheduleTime", "2024-05-01T11:00:00Z"}}}};
    EXPECT_EQ(TablePrinter::cells(cronJobs, cron, at("2024-05-01T11:03:00Z")),
              (json{"backup", "0 2 * * *", "Asia/Shanghai", "True", 2, "3m", "63m", "app,sidecar",
                    "nginx:1.25,envoy:v1", "<none>"}));
    cron["spec"].erase("timeZone");
    cron["spec"].erase("suspend");
    cron["status"] = json::object();
    const json cells = TablePrinter::cells(cronJobs, cron, kNow);
    EXPECT_EQ(cells[2], "<none>");
    EXPECT_EQ(cells[3], "<unset>");
    EXPECT_EQ(cells[4], 0);
    EXPECT_EQ(cells[5], "<none>");
}

TEST(TablePrinterNetworking, IngressAndIngressClass) {
    const ResourceType ingresses = groupType("networking.k8s.io", "Ingress");
    EXPECT_EQ(columnNames(TablePrinter::columnDefinitions(ingresses)),
              (std::vector<std::string>{"Name", "Class", "Hosts", "Address", "Ports", "Age"}));
    json rules = json::array();
    for (const char *host :
         {"a.example.com", "", "b.example.com", "c.example.com", "d.example.com"})
        rules.push_back({{"host", host}});
    json ingress = {
        {"metadata", objectMeta("web")},
        {"spec",
         {{"ingressClassName", "nginx"},
          {"rules", rules},
          {"tls", json::array({{{"hosts", {"a.example.com"}}}})}}},
        {"status",
         {{"loadBalancer",
           {{"ingress", json::array({{{"ip", "10.0.0.1"}}, {{"hostname", "lb.example"}}})}}}}}};
    EXPECT_EQ(TablePrinter::cells(ingresses, ingress, at("2024-05-01T10:00:09Z")),
              (json{"web", "nginx", "a.example.com,b.example.com,c.example.com + 2 more...",
                    "10.0.0.1,lb.example", "80, 443", "9s"}));
    json plain = {{"metadata", objectMeta("default-backend")},
                  {"spec", {{"defaultBackend", {{"service", {{"name", "x"}}}}}}}};
    EXPECT_EQ(TablePrinter::cells(ingresses, plain, at("2024-05-01T10:00:09Z")),
              (json{"default-backend", "<none>", "*", "", "80", "9s"}));

    const ResourceType classes = groupType("networking.k8s.io", "IngressClass", false);
    EXPECT_EQ(columnNames(TablePrinter::columnDefinitions(classes)),
              (std::vector<std::string>{"Name", "Controller", "Parameters", "Age"}));
    json ingressClass = {{"metadata", objectMeta("nginx")},
                         {"spec",
                          {{"controller", "k8s.io/ingress-nginx"},
                           {"parameters",
                            {{"apiGroup", "k8s.example.com"},
                             {"kind", "IngressParameters"},
                             {"name", "external-lb"}}}}}};
    EXPECT_EQ(TablePrinter::cells(classes, ingressClass, at("2024-05-01T10:00:09Z")),
              (json{"nginx", "k8s.io/ingress-nginx",
                    "IngressParameters.k8s.example.com/external-lb", "9s"}));
    ingressClass["spec"].erase("parameters");
    EXPECT_EQ(TablePrinter::cells(classes, ingressClass, kNow)[2], "<none>");
}

TEST(TablePrinterStorage, ClaimsVolumesAndClasses) {
    const ResourceType claims = coreType("PersistentVolumeClaim", "persistentvolumeclaims");
    EXPECT_EQ(
        columnNames(TablePrinter::columnDefinitions(claims)),
        (std::vector<std::string>{"Name", "Status", "Volume", "Capacity", "Access Modes",
                                  "StorageClass", "VolumeAttributesClass", "Age", "VolumeMode"}));
    json claim = {{"metadata", objectMeta("data")},
                  {"spec",
                   {{"accessModes", {"ReadWriteOnce"}},
                    {"resources", {{"requests", {{"storage", "10Gi"}}}}},
                    {"storageClassName", "fast"},
                    {"volumeMode", "Filesystem"},
                    {"volumeName", "pvc-1"}}},
                  {"status",
                   {{"phase", "Bound"},
                    {"accessModes", {"ReadWriteMany", "ReadWriteOnce", "ReadWriteOnce"}},
                    {"capacity", {{"storage", "12Gi"}}}}}};
    EXPECT_EQ(TablePrinter::cells(claims, claim, at("2024-05-01T10:01:00Z")),
              (json{"data", "Bound", "pvc-1", "12Gi", "RWO,RWX", "fast", "<unset>", "60s",
                    "Filesystem"}));
    // Unbound: no capacity, no modes; the beta annotation names the class; deletion wins.
    json pending = claim;
    pending["spec"].erase("volumeName");
    pending["spec"].erase("volumeMode");
    pending["spec"]["volumeAttributesClassName"] = "gold";
    pending["metadata"]["annotations"] = {{"volume.beta.kubernetes.io/storage-class", "slow"}};
    pending["metadata"]["deletionTimestamp"] = "2024-05-01T10:00:30Z";
    pending["status"] = {{"phase", "Pending"}};
    EXPECT_EQ(TablePrinter::cells(claims, pending, at("2024-05-01T10:01:00Z")),
              (json{"data", "Terminating", "", "", "", "slow", "gold", "60s", "<unset>"}));

    const ResourceType volumes = coreType("PersistentVolume", "persistentvolumes", false);
    EXPECT_EQ(columnNames(TablePrinter::columnDefinitions(volumes)),
              (std::vector<std::string>{"Name", "Capacity", "Access Modes", "Reclaim Policy",
                                        "Status", "Claim", "StorageClass", "VolumeAttributesClass",
                                        "Reason", "Age", "VolumeMode"}));
    json volume = {{"metadata", objectMeta("pvc-1")},
                   {"spec",
                    {{"capacity", {{"storage", "12Gi"}}},
                     {"accessModes", {"ReadWriteOncePod", "ReadOnlyMany"}},
                     {"persistentVolumeReclaimPolicy", "Retain"},
                     {"storageClassName", "fast"},
                     {"claimRef", {{"namespace", "ns"}, {"name", "data"}}}}},
                   {"status", {{"phase", "Released"}, {"reason", "Reclaimed"}}}};
    EXPECT_EQ(TablePrinter::cells(volumes, volume, at("2024-05-01T10:01:00Z")),
              (json{"pvc-1", "12Gi", "ROX,RWOP", "Retain", "Released", "ns/data", "fast", "<unset>",
                    "Reclaimed", "60s", "<unset>"}));

    const ResourceType classes = groupType("storage.k8s.io", "StorageClass", false);
    EXPECT_EQ(columnNames(TablePrinter::columnDefinitions(classes)),
              (std::vector<std::string>{"Name", "Provisioner", "ReclaimPolicy", "VolumeBindingMode",
                                        "AllowVolumeExpansion", "Age"}));
    json sc = {{"metadata", objectMeta("standard")}, {"provisioner", "rancher.io/local-path"}};
    sc["metadata"]["annotations"] = {{"storageclass.kubernetes.io/is-default-class", "true"}};
    EXPECT_EQ(
        TablePrinter::cells(classes, sc, at("2024-05-01T10:01:00Z")),
        (json{"standard (default)", "rancher.io/local-path", "Delete", "Immediate", false, "60s"}));
    sc["metadata"].erase("annotations");
    sc["reclaimPolicy"] = "Retain";
    sc["volumeBindingMode"] = "WaitForFirstConsumer";
    sc["allowVolumeExpansion"] = true;
    EXPECT_EQ(
        TablePrinter::cells(classes, sc, at("2024-05-01T10:01:00Z")),
        (json{"standard", "rancher.io/local-path", "Retain", "WaitForFirstConsumer", true, "60s"}));
}

TEST(TablePrinterCore, SecretsServiceAccountsAndEndpoints) {
    const ResourceType secrets = coreType("Secret", "secrets");
    EXPECT_EQ(columnNames(TablePrinter::columnDefinitions(secrets)),
              (std::vector<std::string>{"Name", "Type", "Data", "Age"}));
    const json secret = {{"metadata", objectMeta("tls")},
                         {"type", "kubernetes.io/tls"},
                         {"data", {{"tls.crt", "Y2VydA=="}, {"tls.key", "a2V5"}}}};
    EXPECT_EQ(TablePrinter::cells(secrets, secret, at("2024-05-01T10:01:00Z")),
              (json{"tls", "kubernetes.io/tls", 2, "60s"}));

    const ResourceType accounts = coreType("ServiceAccount", "serviceaccounts");
    EXPECT_EQ(columnNames(TablePrinter::columnDefinitions(accounts)),
              (std::vector<std::string>{"Name", "Secrets", "Age"}));
    const json account = {{"metadata", objectMeta("builder")},
                          {"secrets", json::array({{{"name", "builder-token"}}})}};
    EXPECT_EQ(TablePrinter::cells(accounts, account, at("2024-05-01T10:01:00Z")),
              (json{"builder", 1, "60s"}));

    const ResourceType endpoints = coreType("Endpoints", "endpoints");
    json ep = {
        {"metadata", objectMeta("web")},
        {"subsets",
         json::array({{{"addresses", json::array({{{"ip", "10.0.0.1"}}, {{"ip", "10.0.0.2"}}})},
                       {"ports", json::array({{{"port", 80}}, {{"port", 443}}})}}})}};
    EXPECT_EQ(TablePrinter::cells(endpoints, ep, at("2024-05-01T10:01:00Z")),
              (json{"web", "10.0.0.1:80,10.0.0.1:443,10.0.0.2:80 + 1 more...", "60s"}));
    ep.erase("subsets");
    EXPECT_EQ(TablePrinter::cells(endpoints, ep, kNow)[1], "<none>");
}

TEST(TablePrinterRbac, RolesAndBindings) {
    for (const auto &[kind, namespaced] :
         {std::pair{"Role", true}, std::pair{"ClusterRole", false}}) {
        const ResourceType roles = groupType("rbac.authorization.k8s.io", kind, namespaced);
        EXPECT_EQ(columnNames(TablePrinter::columnDefinitions(roles)),
                  (std::vector<std::string>{"Name", "Created At"}));
        EXPECT_EQ(TablePrinter::cells(
                      roles, {{"metadata", objectMeta("view", "2024-05-01T12:00:00+02:00")}}, kNow),
                  (json{"view", "2024-05-01T10:00:00Z"}));
    }
    const json binding = {
        {"metadata", objectMeta("readers")},
        {"roleRef",
         {{"apiGroup", "rbac.authorization.k8s.io"}, {"kind", "ClusterRole"}, {"name", "view"}}},
        {"subjects",
         json::array(
             {{{"kind", "User"}, {"name", "alice"}},
              {{"kind", "Group"}, {"name", "org:vision"}},
              {{"kind", "User"}, {"name", "bob"}},
              {{"kind", "ServiceAccount"}, {"name", "default"}, {"namespace", "jupyter"}}})}};
    for (const char *kind : {"RoleBinding", "ClusterRoleBinding"}) {
        const ResourceType bindings = groupType("rbac.authorization.k8s.io", kind);
        EXPECT_EQ(columnNames(TablePrinter::columnDefinitions(bindings)),
                  (std::vector<std::string>{"Name", "Role", "Age", "Users", "Groups",
                                            "ServiceAccounts"}));
        EXPECT_EQ(TablePrinter::cells(bindings, binding, at("2024-05-01T10:01:00Z")),
                  (json{"readers", "ClusterRole/view", "60s", "alice, bob", "org:vision",
                        "jupyter/default"}));
    }
}

TEST(TablePrinterCustom, PrometheusOperatorColumnsWithFilters) {
    ResourceType prometheuses = groupType("monitoring.coreos.com", "Prometheus");
    prometheuses.custom = true;
    prometheuses.printerColumns = {
        {"Version", "string", "", "", ".spec.version", 0},
        {"Desired", "integer", "", "", ".spec.replicas", 0},
        {"Ready", "integer", "", "", ".status.availableReplicas", 0},
        {"Reconciled", "string", "", "", ".status.conditions[?(@.type == 'Reconciled')].status", 0},
        {"Available", "string", "", "", ".status.conditions[?(@.type == 'Available')].status", 0},
        {"Age", "date", "", "", ".metadata.creationTimestamp", 0},
        {"Paused", "boolean", "", "", ".status.paused", 1}};
    const json prometheus = {
        {"metadata", objectMeta("k8s")},
        {"spec", {{"version", "v2.42.0"}, {"replicas", 2}}},
        {"status",
         {{"availableReplicas", 1},
          {"paused", false},
          {"conditions", json::array({{{"type", "Available"}, {"status", "Degraded"}},
                                      {{"type", "Reconciled"}, {"status", "True"}}})}}}};
    EXPECT_EQ(TablePrinter::cells(prometheuses, prometheus, at("2024-05-01T10:01:00Z")),
              (json{"k8s", "v2.42.0", 2, 1, "True", "Degraded", "60s", false}));
}
