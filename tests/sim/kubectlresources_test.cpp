// The simulator's built-in kinds, the platform's install in the demo scenario and the workload
// controllers, against stock kubectl (1.32) as the independent client: every kind lists with
// kube-apiserver's columns and the demo's objects, -o wide adds upstream's wide columns, scale
// and rollout restart take effect until `kubectl rollout status` returns, server-side apply and
// diff run as dry runs with the API server's defaults, and Helm's release records decode with
// coreutils as Helm would read them.

#include "tests/support/simprocess.h"

#include <chrono>
#include <fstream>
#include <functional>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

using cubedesk::test::Process;
using cubedesk::test::SimProcess;
using nlohmann::json;

namespace {

class KubectlResourcesTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() { s_sim = new SimProcess({"--scenario", "demo", "--seed", "11"}); }
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
        args.emplace_back("-o");
        args.emplace_back("json");
        const auto r = ok(std::move(args));
        json parsed = json::parse(r.out, nullptr, false);
        EXPECT_FALSE(parsed.is_discarded()) << r.out;
        return parsed.is_discarded() ? json::object() : parsed;
    }
    static std::vector<std::string> lines(const std::string &text) {
        std::vector<std::string> out;
        std::istringstream in(text);
        for (std::string line; std::getline(in, line);)
            if (!line.empty())
                out.push_back(line);
        return out;
    }
    /// A table's header with single spaces between its words.
    static std::string header(const std::string &table) {
        const auto all = lines(table);
        if (all.empty())
            return {};
        std::istringstream words(all.front());
        std::string out;
        for (std::string w; words >> w;)
            out += (out.empty() ? "" : " ") + w;
        return out;
    }
    /// Polls `condition` (each call runs kubectl) until it holds or `timeout` passes.
    static bool eventually(const std::function<bool()> &condition,
                           std::chrono::seconds timeout = std::chrono::seconds(30)) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (std::chrono::steady_clock::now() < deadline) {
            if (condition())
                return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        return condition();
    }
    /// The names of the pods a selector selects that are not being deleted.
    static std::set<std::string> livePods(const std::string &ns, const std::string &selector) {
        std::set<std::string> out;
        const json pods = getJson({"get", "pods", "-n", ns, "-l", selector});
        for (const auto &p : pods["items"])
            if (!p["metadata"].contains("deletionTimestamp"))
                out.insert(p["metadata"]["name"].get<std::string>());
        return out;
    }

    static SimProcess *s_sim;
};

SimProcess *KubectlResourcesTest::s_sim = nullptr;

std::string escaped(const std::string &text) {
    static const std::regex special(R"([.^$|()\[\]{}*+?\\])");
    return std::regex_replace(text, special, R"(\$&)");
}

/// A row regex: the cells in order, separated by column padding.
std::regex rowOf(const std::vector<std::string> &cells) {
    std::string pattern = "(^|\\n)";
    for (std::size_t i = 0; i < cells.size(); ++i)
        pattern += (i == 0 ? "" : "\\s+") + escaped(cells[i]);
    return std::regex(pattern + "(\\s|$)");
}

std::string text(const json &object, const json::json_pointer &at, const std::string &absent) {
    return object.contains(at) && object[at].is_string() ? object[at].get<std::string>() : absent;
}

std::string number(const json &object, const json::json_pointer &at) {
    return object.contains(at) && object[at].is_number_integer()
               ? std::to_string(object[at].get<long>())
               : std::string("0");
}

bool conditionTrue(const json &object, const std::string &type) {
    for (const auto &c : object.value("status", json::object()).value("conditions", json::array()))
        if (c.value("type", "") == type && c.value("status", "") == "True")
            return true;
    return false;
}

struct KindCase {
    std::string resource;
    bool namespaced;
    std::string header; ///< without NAMESPACE
    std::function<std::vector<std::string>(const json &)> cells;
    std::size_t atLeast; ///< the demo holds at least this many
};

using P = json::json_pointer;

} // namespace

TEST_F(KubectlResourcesTest, EveryKindListsUpstreamColumnsAndTheDemoObjects) {
    const auto name = [](const json &o) { return o["metadata"]["name"].get<std::string>(); };
    const std::vector<KindCase> cases = {
        {"deployments", true, "NAME READY UP-TO-DATE AVAILABLE AGE",
         [&](const json &o) {
             return std::vector<std::string>{name(o),
                                             number(o, P("/status/readyReplicas")) + '/' +
                                                 number(o, P("/spec/replicas")),
                                             number(o, P("/status/updatedReplicas")),
                                             number(o, P("/status/availableReplicas"))};
         },
         10},
        {"replicasets", true, "NAME DESIRED CURRENT READY AGE",
         [&](const json &o) {
             return std::vector<std::string>{name(o), number(o, P("/spec/replicas")),
                                             number(o, P("/status/replicas")),
                                             number(o, P("/status/readyReplicas"))};
         },
         10},
        {"statefulsets", true, "NAME READY AGE",
         [&](const json &o) {
             return std::vector<std::string>{name(o), number(o, P("/status/readyReplicas")) + '/' +
                                                          number(o, P("/spec/replicas"))};
         },
         3},
        {"jobs", true, "NAME STATUS COMPLETIONS DURATION AGE",
         [&](const json &o) {
             const std::string status = conditionTrue(o, "Complete") ? "Complete"
                                        : conditionTrue(o, "Failed") ? "Failed"
                                                                     : "Running";
             return std::vector<std::string>{name(o), status,
                                             number(o, P("/status/succeeded")) + '/' +
                                                 number(o, P("/spec/completions"))};
         },
         5},
        {"cronjobs", true, "NAME SCHEDULE TIMEZONE SUSPEND ACTIVE LAST SCHEDULE AGE",
         [&](const json &o) {
             return std::vector<std::string>{
                 name(o), text(o, P("/spec/schedule"), ""), text(o, P("/spec/timeZone"), "<none>"),
                 o["spec"].value("suspend", false) ? "True" : "False",
                 std::to_string(o["status"].value("active", json::array()).size())};
         },
         3},
        {"ingresses", true, "NAME CLASS HOSTS ADDRESS PORTS AGE",
         [&](const json &o) {
             return std::vector<std::string>{name(o),
                                             text(o, P("/spec/ingressClassName"), "<none>"),
                                             text(o, P("/spec/rules/0/host"), "*")};
         },
         2},
        {"ingressclasses", false, "NAME CONTROLLER PARAMETERS AGE",
         [&](const json &o) {
             return std::vector<std::string>{name(o), text(o, P("/spec/controller"), ""), "<none>"};
         },
         1},
        {"persistentvolumeclaims", true,
         "NAME STATUS VOLUME CAPACITY ACCESS MODES STORAGECLASS VOLUMEATTRIBUTESCLASS AGE",
         [&](const json &o) {
             std::vector<std::string> cells = {name(o), text(o, P("/status/phase"), "")};
             if (o["spec"].contains("volumeName"))
                 for (const auto &c :
                      {text(o, P("/spec/volumeName"), ""),
                       text(o, P("/status/capacity/storage"), ""),
                       std::string(o["spec"]["accessModes"][0] == "ReadWriteMany" ? "RWX" : "RWO")})
                     cells.push_back(c);
             cells.push_back(text(o, P("/spec/storageClassName"), ""));
             cells.emplace_back("<unset>");
             return cells;
         },
         10},
        {"persistentvolumes", false,
         "NAME CAPACITY ACCESS MODES RECLAIM POLICY STATUS CLAIM STORAGECLASS "
         "VOLUMEATTRIBUTESCLASS REASON AGE",
         [&](const json &o) {
             return std::vector<std::string>{name(o),
                                             text(o, P("/spec/capacity/storage"), ""),
                                             o["spec"]["accessModes"][0] == "ReadWriteMany" ? "RWX"
                                                                                            : "RWO",
                                             text(o, P("/spec/persistentVolumeReclaimPolicy"), ""),
                                             text(o, P("/status/phase"), ""),
                                             text(o, P("/spec/claimRef/namespace"), "") + '/' +
                                                 text(o, P("/spec/claimRef/name"), ""),
                                             text(o, P("/spec/storageClassName"), ""),
                                             "<unset>"};
         },
         9},
        {"serviceaccounts", true, "NAME SECRETS AGE",
         [&](const json &o) {
             return std::vector<std::string>{
                 name(o), std::to_string(o.value("secrets", json::array()).size())};
         },
         13},
        {"secrets", true, "NAME TYPE DATA AGE",
         [&](const json &o) {
             return std::vector<std::string>{
                 name(o), o.value("type", ""),
                 std::to_string(o.value("data", json::object()).size())};
         },
         10},
        {"roles", true, "NAME CREATED AT",
         [&](const json &o) {
             return std::vector<std::string>{name(o),
                                             text(o, P("/metadata/creationTimestamp"), "")};
         },
         1},
        {"rolebindings", true, "NAME ROLE AGE",
         [&](const json &o) {
             return std::vector<std::string>{name(o), text(o, P("/roleRef/kind"), "") + '/' +
                                                          text(o, P("/roleRef/name"), "")};
         },
         2},
        {"clusterroles", false, "NAME CREATED AT",
         [&](const json &o) {
             return std::vector<std::string>{name(o),
                                             text(o, P("/metadata/creationTimestamp"), "")};
         },
         4},
        {"clusterrolebindings", false, "NAME ROLE AGE",
         [&](const json &o) {
             return std::vector<std::string>{name(o), text(o, P("/roleRef/kind"), "") + '/' +
                                                          text(o, P("/roleRef/name"), "")};
         },
         3},
        {"storageclasses", false,
         "NAME PROVISIONER RECLAIMPOLICY VOLUMEBINDINGMODE ALLOWVOLUMEEXPANSION AGE",
         [&](const json &o) {
             const bool isDefault =
                 text(o, P("/metadata/annotations/storageclass.kubernetes.io~1is-default-class"),
                      "") == "true";
             return std::vector<std::string>{
                 name(o) + (isDefault ? " (default)" : ""), o.value("provisioner", ""),
                 o.value("reclaimPolicy", "Delete"), o.value("volumeBindingMode", "Immediate"),
                 o.value("allowVolumeExpansion", false) ? "true" : "false"};
         },
         2},
        {"endpoints", true, "NAME ENDPOINTS AGE",
         [&](const json &o) { return std::vector<std::string>{name(o)}; }, 1},
        {"prometheuses", true, "NAME VERSION DESIRED READY RECONCILED AVAILABLE AGE",
         [&](const json &o) {
             return std::vector<std::string>{name(o),
                                             text(o, P("/spec/version"), ""),
                                             number(o, P("/spec/replicas")),
                                             number(o, P("/status/availableReplicas")),
                                             "True",
                                             "True"};
         },
         1},
        {"alertmanagers", true, "NAME VERSION REPLICAS READY RECONCILED AVAILABLE AGE",
         [&](const json &o) {
             return std::vector<std::string>{name(o),
                                             text(o, P("/spec/version"), ""),
                                             number(o, P("/spec/replicas")),
                                             number(o, P("/status/availableReplicas")),
                                             "True",
                                             "True"};
         },
         1},
        {"servicemonitors", true, "NAME AGE",
         [&](const json &o) { return std::vector<std::string>{name(o)}; }, 3},
        {"prometheusrules", true, "NAME AGE",
         [&](const json &o) { return std::vector<std::string>{name(o)}; }, 1},
        {"virtualservices", true, "NAME GATEWAYS HOSTS AGE",
         [&](const json &o) {
             return std::vector<std::string>{name(o), o["spec"]["gateways"].dump(),
                                             o["spec"]["hosts"].dump()};
         },
         3},
        {"gateways.networking.istio.io", true, "NAME AGE",
         [&](const json &o) { return std::vector<std::string>{name(o)}; }, 1},
    };
    for (const auto &c : cases) {
        SCOPED_TRACE(c.resource);
        std::vector<std::string> args = {"get", c.resource};
        if (c.namespaced)
            args.emplace_back("-A");
        const auto table = ok(args);
        EXPECT_EQ(header(table.out), (c.namespaced ? "NAMESPACE " : "") + c.header) << table.out;
        json items = getJson(args)["items"];
        EXPECT_GE(items.size(), c.atLeast);
        EXPECT_EQ(lines(table.out).size(), items.size() + 1) << table.out;
        for (const auto &item : items) {
            std::vector<std::string> cells = c.cells(item);
            if (c.namespaced)
                cells.insert(cells.begin(), item["metadata"]["namespace"].get<std::string>());
            EXPECT_TRUE(std::regex_search(table.out, rowOf(cells)))
                << "no row " << ::testing::PrintToString(cells) << " in\n"
                << table.out;
        }
    }
}

TEST_F(KubectlResourcesTest, TheDemoHoldsThePlatformsObjects) {
    // The objects the platform installs, by name, with the status a browser shows.
    EXPECT_TRUE(std::regex_search(ok({"get", "sc"}).out,
                                  std::regex(R"(nfs-client \(default\)\s+cluster\.local/nfs)")));
    const auto jobs = ok({"get", "jobs", "-n", "pipeline"}).out;
    for (const char *status : {"Complete", "Failed", "Running"})
        EXPECT_NE(jobs.find(status), std::string::npos) << jobs;
    EXPECT_TRUE(std::regex_search(ok({"get", "cronjobs", "-A"}).out,
                                  std::regex(R"(pipeline\s+\S+\s+.*\s+True\s+0\s+<none>)")));
    const auto secrets = ok({"get", "secrets", "-A"}).out;
    for (const char *type :
         {"Opaque", "kubernetes.io/tls", "kubernetes.io/dockerconfigjson", "helm.sh/release.v1"})
        EXPECT_NE(secrets.find(type), std::string::npos) << type;
    EXPECT_NE(ok({"get", "pvc", "-A"}).out.find("Pending"), std::string::npos);
    // Every Deployment's current ReplicaSet has the pods it counts, running and ready.
    const json deployments = getJson({"get", "deployments", "-A"});
    for (const auto &d : deployments["items"]) {
        const std::string ns = d["metadata"]["namespace"];
        std::string selector;
        for (const auto &[k, v] : d["spec"]["selector"]["matchLabels"].items())
            selector += (selector.empty() ? "" : ",") + k + '=' + v.get<std::string>();
        EXPECT_EQ(livePods(ns, selector).size(), d["spec"]["replicas"].get<std::size_t>())
            << ns << '/' << d["metadata"]["name"];
    }
    // CoreDNS resolves the platform's mirrors through a hosts block and forwards oa.com.
    const std::string corefile =
        ok({"get", "configmap", "coredns", "-n", "kube-system", "-o", "jsonpath={.data.Corefile}"})
            .out;
    for (const char *needle :
         {"hosts {", "docker.oa.com", "mirrors.aliyun.com", "pypi.tuna.tsinghua.edu.cn",
          "modelscope.cn", "fallthrough\n", "oa.com:53 {", "forward . 10.",
          "kubernetes cluster.local", "cache 30"})
        EXPECT_NE(corefile.find(needle), std::string::npos) << needle << " in\n" << corefile;
    json policy = json::parse(ok({"get", "configmap", "scheduler-policy-config", "-n",
                                  "kube-system", "-o", "jsonpath={.data.policy\\.cfg}"})
                                  .out,
                              nullptr, false);
    ASSERT_TRUE(policy.is_object());
    EXPECT_EQ(policy["kind"], "Policy");
    EXPECT_EQ(policy["apiVersion"], "v1");
    std::map<std::string, int> weights;
    for (const auto &p : policy["priorities"])
        weights[p["name"].get<std::string>()] = p["weight"].get<int>();
    EXPECT_EQ(weights.size(), 8u);
    EXPECT_EQ(weights["NodePreferAvoidPodsPriority"], 10000);
    EXPECT_EQ(weights["BalancedResourceAllocation"], 1);
    EXPECT_EQ(weights["RequestedToCapacityRatioPriority"], 1);
}

TEST_F(KubectlResourcesTest, WideColumnsAndDiscovery) {
    const auto wide = ok({"get", "deployment", "grafana", "-n", "monitoring", "-o", "wide"}).out;
    EXPECT_EQ(header(wide), "NAME READY UP-TO-DATE AVAILABLE AGE CONTAINERS IMAGES SELECTOR");
    json grafana = getJson({"get", "deployment", "grafana", "-n", "monitoring"});
    json container = grafana["spec"]["template"]["spec"]["containers"][0];
    EXPECT_TRUE(std::regex_search(wide, rowOf({"grafana", "1/1", "1", "1"})));
    EXPECT_TRUE(
        std::regex_search(wide, std::regex(escaped(container["name"].get<std::string>()) + "\\s+" +
                                           escaped(container["image"].get<std::string>()))))
        << wide;
    EXPECT_NE(wide.find("app.kubernetes.io/name=grafana"), std::string::npos) << wide;
    EXPECT_EQ(header(ok({"get", "jobs", "-A", "-o", "wide"}).out),
              "NAMESPACE NAME STATUS COMPLETIONS DURATION AGE CONTAINERS IMAGES SELECTOR");
    EXPECT_EQ(header(ok({"get", "cronjobs", "-A", "-o", "wide"}).out),
              "NAMESPACE NAME SCHEDULE TIMEZONE SUSPEND ACTIVE LAST SCHEDULE AGE CONTAINERS IMAGES "
              "SELECTOR");
    EXPECT_EQ(header(ok({"get", "pvc", "-A", "-o", "wide"}).out),
              "NAMESPACE NAME STATUS VOLUME CAPACITY ACCESS MODES STORAGECLASS "
              "VOLUMEATTRIBUTESCLASS AGE VOLUMEMODE");
    const auto bindings =
        ok({"get", "rolebinding", "notebook-users", "-n", "jupyter", "-o", "wide"});
    EXPECT_EQ(header(bindings.out), "NAME ROLE AGE USERS GROUPS SERVICEACCOUNTS");
    EXPECT_TRUE(std::regex_search(
        bindings.out,
        std::regex(R"(ClusterRole/view\s+\S+\s+alice, bob\s+org:vision\s+jupyter/default)")))
        << bindings.out;
    EXPECT_EQ(header(ok({"get", "rs", "-A", "-o", "wide"}).out),
              "NAMESPACE NAME DESIRED CURRENT READY AGE CONTAINERS IMAGES SELECTOR");
    EXPECT_EQ(header(ok({"get", "sts", "-A", "-o", "wide"}).out),
              "NAMESPACE NAME READY AGE CONTAINERS IMAGES");
    EXPECT_EQ(header(ok({"get", "prometheus", "-A", "-o", "wide"}).out),
              "NAMESPACE NAME VERSION DESIRED READY RECONCILED AVAILABLE AGE PAUSED");

    const auto resources = ok({"api-resources"}).out;
    for (const char *row :
         {R"(cronjobs\s+cj\s+batch/v1\s+true\s+CronJob)", R"(jobs\s+batch/v1\s+true\s+Job)",
          R"(ingresses\s+ing\s+networking\.k8s\.io/v1\s+true\s+Ingress)",
          R"(persistentvolumeclaims\s+pvc\s+v1\s+true\s+PersistentVolumeClaim)",
          R"(persistentvolumes\s+pv\s+v1\s+false\s+PersistentVolume)",
          R"(serviceaccounts\s+sa\s+v1\s+true\s+ServiceAccount)",
          R"(clusterrolebindings\s+rbac\.authorization\.k8s\.io/v1\s+false\s+ClusterRoleBinding)",
          R"(storageclasses\s+sc\s+storage\.k8s\.io/v1\s+false\s+StorageClass)",
          R"(servicemonitors\s+smon\s+monitoring\.coreos\.com/v1\s+true\s+ServiceMonitor)",
          R"(prometheuses\s+prom\s+monitoring\.coreos\.com/v1\s+true\s+Prometheus)"})
        EXPECT_TRUE(std::regex_search(resources, std::regex(row))) << row;
    // kubectl scale finds the subresource through discovery: autoscaling/v1 Scale.
    json apps = json::parse(ok({"get", "--raw", "/apis/apps/v1"}).out);
    std::set<std::string> scaled;
    for (const auto &r : apps["resources"])
        if (r["name"].get<std::string>().ends_with("/scale")) {
            EXPECT_EQ(r["group"], "autoscaling");
            EXPECT_EQ(r["version"], "v1");
            EXPECT_EQ(r["kind"], "Scale");
            scaled.insert(r["name"].get<std::string>());
        }
    EXPECT_EQ(scaled, (std::set<std::string>{"deployments/scale", "replicasets/scale",
                                             "statefulsets/scale"}));
    const auto all = ok({"get", "all", "-n", "pipeline"}).out;
    EXPECT_NE(all.find("cronjob.batch/"), std::string::npos) << all;
    EXPECT_NE(all.find("job.batch/"), std::string::npos) << all;
}

TEST_F(KubectlResourcesTest, ScaleChangesThePodsAndRolloutStatusReturns) {
    const std::string selector = "app.kubernetes.io/name=kube-state-metrics";
    ASSERT_EQ(livePods("monitoring", selector).size(), 1u);
    ok({"scale", "deployment", "kube-state-metrics", "-n", "monitoring", "--replicas=3"});
    const auto status = s_sim->kubectl({"rollout", "status", "deployment/kube-state-metrics", "-n",
                                        "monitoring", "--timeout=60s"});
    EXPECT_EQ(status.exitCode, 0) << status.err;
    EXPECT_NE(status.out.find("successfully rolled out"), std::string::npos) << status.out;
    EXPECT_EQ(livePods("monitoring", selector).size(), 3u);
    const auto listed = ok({"get", "pods", "-n", "monitoring", "-l", selector}).out;
    EXPECT_EQ(lines(listed).size(), 4u) << listed;
    json scale = json::parse(ok({"get", "--raw",
                                 "/apis/apps/v1/namespaces/monitoring/deployments/"
                                 "kube-state-metrics/scale"})
                                 .out);
    EXPECT_EQ(scale["kind"], "Scale");
    EXPECT_EQ(scale["apiVersion"], "autoscaling/v1");
    EXPECT_EQ(scale["spec"]["replicas"], 3);
    EXPECT_EQ(scale["status"]["replicas"], 3);
    EXPECT_EQ(scale["status"]["selector"], selector);
    const auto table = ok({"get", "deploy", "kube-state-metrics", "-n", "monitoring"}).out;
    EXPECT_TRUE(std::regex_search(table, rowOf({"kube-state-metrics", "3/3", "3", "3"}))) << table;

    ok({"scale", "deployment", "kube-state-metrics", "-n", "monitoring", "--replicas=1"});
    EXPECT_TRUE(eventually([&] { return livePods("monitoring", selector).size() == 1; }));
    EXPECT_TRUE(eventually([&] {
        return lines(ok({"get", "pods", "-n", "monitoring", "-l", selector}).out).size() == 2;
    })) << "the surplus pods terminate and go";
    const auto down = s_sim->kubectl({"rollout", "status", "deployment/kube-state-metrics", "-n",
                                      "monitoring", "--timeout=60s"});
    EXPECT_EQ(down.exitCode, 0) << down.err;

    // A StatefulSet grows by ordinal.
    ok({"scale", "statefulset", "mysql", "-n", "infra", "--replicas=3"});
    const auto sts =
        s_sim->kubectl({"rollout", "status", "statefulset/mysql", "-n", "infra", "--timeout=60s"});
    EXPECT_EQ(sts.exitCode, 0) << sts.err;
    EXPECT_EQ(livePods("infra", "app=mysql"),
              (std::set<std::string>{"mysql-0", "mysql-1", "mysql-2"}));
}

TEST_F(KubectlResourcesTest, RolloutRestartReplacesThePods) {
    const std::string selector = "istio=ingressgateway";
    const auto before = livePods("istio-system", selector);
    ASSERT_EQ(before.size(), 2u);
    json oldDeployment =
        getJson({"get", "deployment", "istio-ingressgateway", "-n", "istio-system"});
    ok({"rollout", "restart", "deployment/istio-ingressgateway", "-n", "istio-system"});
    const auto status = s_sim->kubectl({"rollout", "status", "deployment/istio-ingressgateway",
                                        "-n", "istio-system", "--timeout=60s"});
    EXPECT_EQ(status.exitCode, 0) << status.err << status.out;
    EXPECT_NE(status.out.find("successfully rolled out"), std::string::npos) << status.out;
    const auto after = livePods("istio-system", selector);
    EXPECT_EQ(after.size(), 2u);
    for (const auto &name : after)
        EXPECT_EQ(before.count(name), 0u) << name << " was not replaced";
    json deployment = getJson({"get", "deployment", "istio-ingressgateway", "-n", "istio-system"});
    EXPECT_GT(deployment["metadata"]["generation"], oldDeployment["metadata"]["generation"]);
    EXPECT_EQ(deployment["status"]["observedGeneration"], deployment["metadata"]["generation"]);
    EXPECT_EQ(deployment["status"]["updatedReplicas"], 2);
    EXPECT_EQ(deployment["status"]["readyReplicas"], 2);
    EXPECT_EQ(deployment["status"]["availableReplicas"], 2);
    std::map<std::string, int> replicaSets; // pod-template-hash → spec.replicas
    const json sets = getJson({"get", "rs", "-n", "istio-system", "-l", selector});
    for (const auto &rs : sets["items"])
        replicaSets[rs["metadata"]["labels"]["pod-template-hash"].get<std::string>()] =
            rs["spec"]["replicas"].get<int>();
    ASSERT_EQ(replicaSets.size(), 2u);
    std::multiset<int> counts;
    for (const auto &[hash, replicas] : replicaSets)
        counts.insert(replicas);
    EXPECT_EQ(counts, (std::multiset<int>{0, 2}));
    for (const auto &name : after) {
        json pod = getJson({"get", "pod", name, "-n", "istio-system"});
        const std::string hash = pod["metadata"]["labels"]["pod-template-hash"];
        EXPECT_EQ(replicaSets[hash], 2) << name;
        EXPECT_TRUE(pod["metadata"]["annotations"].contains("kubectl.kubernetes.io/restartedAt"));
        EXPECT_EQ(pod["status"]["phase"], "Running");
    }
    const auto history =
        ok({"rollout", "history", "deployment/istio-ingressgateway", "-n", "istio-system"}).out;
    EXPECT_TRUE(std::regex_search(history, std::regex(R"(\n1\s)"))) << history;
    EXPECT_TRUE(std::regex_search(history, std::regex(R"(\n2\s)"))) << history;

    // A StatefulSet's pod keeps its name and gets a new uid and revision.
    json oldPod = getJson({"get", "pod", "alertmanager-main-0", "-n", "monitoring"});
    ok({"rollout", "restart", "statefulset/alertmanager-main", "-n", "monitoring"});
    const auto sts = s_sim->kubectl({"rollout", "status", "statefulset/alertmanager-main", "-n",
                                     "monitoring", "--timeout=60s"});
    EXPECT_EQ(sts.exitCode, 0) << sts.err;
    json newPod = getJson({"get", "pod", "alertmanager-main-0", "-n", "monitoring"});
    EXPECT_NE(newPod["metadata"]["uid"], oldPod["metadata"]["uid"]);
    EXPECT_NE(newPod["metadata"]["labels"]["controller-revision-hash"],
              oldPod["metadata"]["labels"]["controller-revision-hash"]);
    json set = getJson({"get", "statefulset", "alertmanager-main", "-n", "monitoring"});
    EXPECT_EQ(set["status"]["currentRevision"], set["status"]["updateRevision"]);
    EXPECT_EQ(newPod["metadata"]["labels"]["controller-revision-hash"],
              set["status"]["updateRevision"]);
}

TEST_F(KubectlResourcesTest, ServerSideApplyDryRunAndDiffLeaveTheObjectAsItWas) {
    json before = getJson({"get", "deployment", "grafana", "-n", "monitoring"});
    // The manifest a user keeps: no defaults, one change (replicas), one new label.
    json container = before["spec"]["template"]["spec"]["containers"][0];
    json manifest = {
        {"apiVersion", "apps/v1"},
        {"kind", "Deployment"},
        {"metadata",
         {{"name", "grafana"},
          {"namespace", "monitoring"},
          {"labels", {{"app.kubernetes.io/name", "grafana"}, {"team", "platform"}}}}},
        {"spec",
         {{"replicas", 3},
          {"selector", before["spec"]["selector"]},
          {"template",
           {{"metadata", before["spec"]["template"]["metadata"]},
            {"spec",
             {{"containers",
               json::array({{{"name", container["name"]},
                             {"image", container["image"]},
                             {"ports", json::array({{{"containerPort", 3000}}})}}})}}}}}}}};
    const std::string file = s_sim->dir().file("grafana.json");
    {
        std::ofstream out(file);
        out << manifest.dump(2);
    }
    const auto applied =
        s_sim->kubectl({"apply", "--server-side", "--dry-run=server", "--validate=false",
                        "--show-managed-fields", "--force-conflicts", "-f", file, "-o", "json"});
    ASSERT_EQ(applied.exitCode, 0) << applied.err;
    json wouldBe = json::parse(applied.out);
    EXPECT_EQ(wouldBe["spec"]["replicas"], 3);
    EXPECT_EQ(wouldBe["metadata"]["labels"]["team"], "platform");
    // The API server's defaults, as it would store them.
    EXPECT_EQ(wouldBe["spec"]["strategy"]["type"], "RollingUpdate");
    EXPECT_EQ(wouldBe["spec"]["strategy"]["rollingUpdate"]["maxSurge"], "25%");
    EXPECT_EQ(wouldBe["spec"]["strategy"]["rollingUpdate"]["maxUnavailable"], "25%");
    EXPECT_EQ(wouldBe["spec"]["revisionHistoryLimit"], 10);
    EXPECT_EQ(wouldBe["spec"]["progressDeadlineSeconds"], 600);
    json &pod = wouldBe["spec"]["template"]["spec"];
    EXPECT_EQ(pod["restartPolicy"], "Always");
    EXPECT_EQ(pod["dnsPolicy"], "ClusterFirst");
    EXPECT_EQ(pod["schedulerName"], "default-scheduler");
    EXPECT_EQ(pod["terminationGracePeriodSeconds"], 30);
    EXPECT_EQ(pod["securityContext"], json::object());
    EXPECT_EQ(pod["containers"][0]["terminationMessagePath"], "/dev/termination-log");
    EXPECT_EQ(pod["containers"][0]["terminationMessagePolicy"], "File");
    EXPECT_EQ(pod["containers"][0]["imagePullPolicy"], "IfNotPresent");
    EXPECT_EQ(pod["containers"][0]["ports"][0]["protocol"], "TCP");
    bool applyEntry = false;
    for (const auto &entry : wouldBe["metadata"].value("managedFields", json::array()))
        if (entry.value("operation", "") == "Apply" && entry.value("manager", "") == "kubectl") {
            applyEntry = true;
            EXPECT_TRUE(entry["fieldsV1"]["f:spec"].contains("f:replicas")) << entry.dump();
        }
    EXPECT_TRUE(applyEntry) << wouldBe["metadata"].dump();

    json after = getJson({"get", "deployment", "grafana", "-n", "monitoring"});
    EXPECT_EQ(after["metadata"]["resourceVersion"], before["metadata"]["resourceVersion"]);
    EXPECT_EQ(after["spec"]["replicas"], 1);
    EXPECT_FALSE(after["metadata"]["labels"].contains("team"));

    // kubectl diff: a server-side dry-run PATCH, then the system's diff.
    const auto diff = s_sim->kubectl({"diff", "-f", file});
    EXPECT_EQ(diff.exitCode, 1) << diff.err << diff.out; // 1: differences found
    EXPECT_TRUE(std::regex_search(diff.out, std::regex(R"(\n-\s+replicas: 1\n)"))) << diff.out;
    EXPECT_TRUE(std::regex_search(diff.out, std::regex(R"(\n\+\s+replicas: 3\n)"))) << diff.out;
    EXPECT_TRUE(std::regex_search(diff.out, std::regex(R"(\n\+\s+team: platform\n)"))) << diff.out;
    const auto serverSide =
        s_sim->kubectl({"diff", "--server-side", "--force-conflicts", "-f", file});
    EXPECT_EQ(serverSide.exitCode, 1) << serverSide.err << serverSide.out;
    EXPECT_TRUE(std::regex_search(serverSide.out, std::regex(R"(\n\+\s+replicas: 3\n)")))
        << serverSide.out;
    EXPECT_EQ(getJson({"get", "deployment", "grafana", "-n",
                       "monitoring"})["metadata"]["resourceVersion"],
              before["metadata"]["resourceVersion"]);

    // A Service created through a dry run gets its defaults and is not stored.
    json service = {
        {"apiVersion", "v1"},
        {"kind", "Service"},
        {"metadata", {{"name", "probe"}, {"namespace", "monitoring"}}},
        {"spec", {{"selector", {{"app", "probe"}}}, {"ports", json::array({{{"port", 8080}}})}}}};
    const auto created =
        s_sim->kubectl({"create", "--dry-run=server", "--validate=false", "-f", "-", "-o", "json"},
                       std::chrono::seconds(60), service.dump());
    ASSERT_EQ(created.exitCode, 0) << created.err;
    json svc = json::parse(created.out);
    EXPECT_EQ(svc["spec"]["type"], "ClusterIP");
    EXPECT_EQ(svc["spec"]["sessionAffinity"], "None");
    EXPECT_TRUE(std::regex_match(svc["spec"]["clusterIP"].get<std::string>(),
                                 std::regex(R"(10\.(9[6-9]|10[0-9]|11[01])\.\d+\.\d+)")))
        << svc["spec"]["clusterIP"];
    EXPECT_EQ(svc["spec"]["ports"][0]["protocol"], "TCP");
    EXPECT_EQ(svc["spec"]["ports"][0]["targetPort"], 8080);
    EXPECT_NE(s_sim->kubectl({"get", "service", "probe", "-n", "monitoring"}).exitCode, 0);
}

TEST_F(KubectlResourcesTest, HelmReleaseSecretsDecodeAsHelmReadsThem) {
    const auto listed = ok({"get", "secret", "-l", "owner=helm", "-A"}).out;
    EXPECT_EQ(header(listed), "NAMESPACE NAME TYPE DATA AGE");
    for (const char *name :
         {"sh.helm.release.v1.prometheus.v1", "sh.helm.release.v1.prometheus.v2",
          "sh.helm.release.v1.prometheus.v3", "sh.helm.release.v1.gpu-operator.v1",
          "sh.helm.release.v1.volcano.v1", "sh.helm.release.v1.volcano.v2"})
        EXPECT_TRUE(std::regex_search(
            listed, std::regex(escaped(name) + R"(\s+helm\.sh/release\.v1\s+1\s)")))
            << name << '\n'
            << listed;
    EXPECT_EQ(lines(listed).size(), 7u) << listed;
    const auto deployed =
        ok({"get", "secret", "-A", "-l", "owner=helm,status=deployed", "-o",
            "jsonpath={range .items[*]}{.metadata.labels.name}.{.metadata.labels.version} {end}"})
            .out;
    EXPECT_EQ(deployed, "gpu-operator.1 volcano.1 prometheus.3 ") << deployed;
    EXPECT_EQ(ok({"get", "secret", "-A", "-l", "owner=helm,status=failed", "-o", "name"}).out,
              "secret/sh.helm.release.v1.volcano.v2\n");

    json secret =
        getJson({"get", "secret", "sh.helm.release.v1.prometheus.v3", "-n", "monitoring"});
    for (const char *label : {"name", "owner", "status", "version", "createdAt", "modifiedAt"})
        EXPECT_TRUE(secret["metadata"]["labels"].contains(label)) << label;
    // The API's base64, then Helm's, then gzip: decoded with coreutils, not our code.
    const auto once = Process::run({"base64", "-d"}, std::chrono::seconds(10), {},
                                   secret["data"]["release"].get<std::string>());
    ASSERT_EQ(once.exitCode, 0) << once.err;
    const auto twice = Process::run({"base64", "-d"}, std::chrono::seconds(10), {}, once.out);
    ASSERT_EQ(twice.exitCode, 0) << twice.err;
    ASSERT_GE(twice.out.size(), 3u);
    EXPECT_EQ(static_cast<unsigned char>(twice.out[0]), 0x1f);
    EXPECT_EQ(static_cast<unsigned char>(twice.out[1]), 0x8b);
    const auto plain = Process::run({"gunzip", "-c"}, std::chrono::seconds(10), {}, twice.out);
    ASSERT_EQ(plain.exitCode, 0) << plain.err;
    json release = json::parse(plain.out, nullptr, false);
    ASSERT_TRUE(release.is_object()) << plain.out.substr(0, 200);
    EXPECT_EQ(release["name"], "prometheus");
    EXPECT_EQ(release["namespace"], "monitoring");
    EXPECT_EQ(release["version"], 3);
    EXPECT_EQ(release["info"]["status"], "deployed");
    EXPECT_EQ(release["chart"]["metadata"]["name"], "kube-prometheus-stack");
    EXPECT_TRUE(release["chart"]["values"].is_object());
    EXPECT_TRUE(release["chart"]["templates"].is_array());
    EXPECT_TRUE(release["config"].is_object());
    EXPECT_NE(release["manifest"].get<std::string>().find("kind: Prometheus"), std::string::npos);
    EXPECT_LT(release["info"]["first_deployed"].get<std::string>(),
              release["info"]["last_deployed"].get<std::string>());
}
