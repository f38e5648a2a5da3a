// WorkloadController in process: a Deployment gets its ReplicaSet and pods, a scale and a
// template change take effect, a StatefulSet keeps its ordinals, and what a scenario loaded
// before the controller started is left alone.

#include "k8s/sim/objectstore.h"
#include "k8s/sim/podterminator.h"
#include "k8s/sim/resourceregistry.h"
#include "k8s/sim/workloadcontroller.h"

#include <functional>
#include <gtest/gtest.h>
#include <set>
#include <thread>

using cubedesk::sim::ListQuery;
using cubedesk::sim::ObjectStore;
using cubedesk::sim::PodTerminator;
using cubedesk::sim::ResourceRegistry;
using cubedesk::sim::ResourceType;
using cubedesk::sim::WorkloadController;
using nlohmann::json;

namespace {

class WorkloadControllerTest : public ::testing::Test {
protected:
    WorkloadControllerTest()
        : m_pods(m_registry.core("pods"))
        , m_deployments(*m_registry.find("apps", "v1", "deployments"))
        , m_replicaSets(*m_registry.find("apps", "v1", "replicasets"))
        , m_statefulSets(*m_registry.find("apps", "v1", "statefulsets")) {
        EXPECT_TRUE(
            m_store.create(m_registry.core("namespaces"), {{"metadata", {{"name", "ns"}}}}).ok());
    }
    ~WorkloadControllerTest() override {
        m_controller.stop();
        m_terminator.stop();
    }

    void start() {
        m_terminator.start();
        m_controller.start();
    }

    static json workload(const char *kind, const std::string &name, int replicas,
                         const std::string &image) {
        const json labels = {{"app", name}};
        return {
            {"apiVersion", "apps/v1"},
            {"kind", kind},
            {"metadata", {{"name", name}, {"namespace", "ns"}}},
            {"spec",
             {{"replicas", replicas},
              {"selector", {{"matchLabels", labels}}},
              {"template",
               {{"metadata", {{"labels", labels}}},
                {"spec", {{"containers", json::array({{{"name", "app"}, {"image", image}}})}}}}}}}};
    }

    /// The names of the pods in `ns` not being deleted.
    std::set<std::string> livePods() const {
        std::set<std::string> out;
        ListQuery q;
        q.ns = "ns";
        auto list = m_store.list(m_pods, q);
        if (list.ok())
            for (const auto &p : list.value().items)
                if (!p->parse()["metadata"].contains("deletionTimestamp"))
                    out.insert(p->name);
        return out;
    }
    std::vector<json> all(const ResourceType &type) const {
        std::vector<json> out;
        for (const auto &o : m_store.all(type))
            out.push_back(o->parse());
        return out;
    }
    static bool eventually(const std::function<bool()> &condition) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (std::chrono::steady_clock::now() < deadline) {
            if (condition())
                return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return condition();
    }

    ResourceRegistry m_registry;
    ObjectStore m_store;
    ResourceType m_pods;
    ResourceType m_deployments;
    ResourceType m_replicaSets;
    ResourceType m_statefulSets;
    PodTerminator m_terminator{m_store, m_registry, std::chrono::milliseconds(10)};
    WorkloadController m_controller{m_store, m_registry, m_terminator};
};

} // namespace

TEST_F(WorkloadControllerTest, DeploymentScalesAndRollsToANewReplicaSet) {
    start();
    ASSERT_TRUE(m_store.create(m_deployments, workload("Deployment", "web", 2, "nginx:1")).ok());
    ASSERT_TRUE(eventually([&] { return livePods().size() == 2; }));
    auto sets = all(m_replicaSets);
    ASSERT_EQ(sets.size(), 1u);
    const std::string firstSet = sets[0]["metadata"]["name"];
    const std::string hash = sets[0]["metadata"]["labels"]["pod-template-hash"];
    EXPECT_EQ(firstSet, "web-" + hash);
    EXPECT_EQ(sets[0]["metadata"]["annotations"]["deployment.kubernetes.io/revision"], "1");
    EXPECT_EQ(sets[0]["spec"]["selector"]["matchLabels"]["pod-template-hash"], hash);
    for (const auto &name : livePods())
        EXPECT_EQ(name.rfind(firstSet + '-', 0), 0u) << name;

    ASSERT_TRUE(m_store
                    .update(m_deployments, "ns", "web",
                            [](json &d) -> std::optional<cubedesk::sim::ApiError> {
                                d["spec"]["replicas"] = 5;
                                return std::nullopt;
                            })
                    .ok());
    ASSERT_TRUE(eventually([&] { return livePods().size() == 5; }));
    ASSERT_TRUE(eventually([&] {
        const json d = m_store.get(m_deployments, "ns", "web").value()->parse();
        return d["status"].value("replicas", 0) == 5 &&
               d["status"].value("updatedReplicas", 0) == 5 &&
               d["status"]["observedGeneration"] == d["metadata"]["generation"];
    }));

    // A new template: a second ReplicaSet at revision 2 takes every pod; the first goes to 0.
    const std::set<std::string> before = livePods();
    ASSERT_TRUE(m_store
                    .update(m_deployments, "ns", "web",
                            [](json &d) -> std::optional<cubedesk::sim::ApiError> {
                                d["spec"]["template"]["spec"]["containers"][0]["image"] = "nginx:2";
                                return std::nullopt;
                            })
                    .ok());
    ASSERT_TRUE(eventually([&] {
        const auto now = livePods();
        if (now.size() != 5)
            return false;
        for (const auto &name : now)
            if (before.count(name) != 0)
                return false;
        return true;
    }));
    sets = all(m_replicaSets);
    ASSERT_EQ(sets.size(), 2u);
    for (const auto &rs : sets) {
        const bool first = rs["metadata"]["name"] == firstSet;
        EXPECT_EQ(rs["spec"]["replicas"], first ? 0 : 5);
        EXPECT_EQ(rs["metadata"]["annotations"]["deployment.kubernetes.io/revision"],
                  first ? "1" : "2");
    }
    for (const auto &pod : all(m_pods))
        if (!pod["metadata"].contains("deletionTimestamp")) {
            EXPECT_EQ(pod["spec"]["containers"][0]["image"], "nginx:2");
            EXPECT_EQ(pod["metadata"]["ownerReferences"][0]["kind"], "ReplicaSet");
        }
}

TEST_F(WorkloadControllerTest, StatefulSetKeepsOrdinalsAndReplacesOutdatedPods) {
    start();
    ASSERT_TRUE(m_store.create(m_statefulSets, workload("StatefulSet", "db", 3, "mysql:8")).ok());
    ASSERT_TRUE(eventually([&] {
        return livePods() == std::set<std::string>{"db-0", "db-1", "db-2"};
    }));
    ASSERT_TRUE(m_store
                    .update(m_statefulSets, "ns", "db",
                            [](json &s) -> std::optional<cubedesk::sim::ApiError> {
                                s["spec"]["replicas"] = 1;
                                return std::nullopt;
                            })
                    .ok());
    // The pods go first; the controller's status write follows them.
    ASSERT_TRUE(eventually([&] {
        return livePods() == std::set<std::string>{"db-0"} &&
               m_store.get(m_statefulSets, "ns", "db")
                       .value()
                       ->parse()["status"]
                       .value("replicas", -1) == 1;
    }));
    const json set = m_store.get(m_statefulSets, "ns", "db").value()->parse();
    EXPECT_EQ(set["status"]["updateRevision"].get<std::string>().rfind("db-", 0), 0u);
}

TEST_F(WorkloadControllerTest, LeavesWhatWasLoadedBeforeItStartedAlone) {
    // A scenario's ReplicaSet that claims more replicas than it has pods stays as built.
    json rs = workload("ReplicaSet", "legacy", 3, "busybox");
    ASSERT_TRUE(m_store.create(m_replicaSets, rs).ok());
    start();
    ASSERT_TRUE(m_store.create(m_deployments, workload("Deployment", "probe", 1, "busybox")).ok());
    ASSERT_TRUE(eventually([&] { return livePods().size() == 1; }));
    for (const auto &name : livePods())
        EXPECT_EQ(name.rfind("probe-", 0), 0u) << name;
}

TEST(WorkloadControllerNames, HashesAndSuffixesAreStableAndSafe) {
    const json a = {{"spec", {{"containers", json::array({{{"name", "x"}}})}}}};
    json b = a;
    b["metadata"]["labels"]["pod-template-hash"] = "zzz";
    EXPECT_EQ(WorkloadController::templateHash(a), WorkloadController::templateHash(b))
        << "the hash ignores its own label";
    json c = a;
    c["spec"]["containers"][0]["image"] = "y";
    EXPECT_NE(WorkloadController::templateHash(a), WorkloadController::templateHash(c));
    for (const std::string &text :
         {WorkloadController::templateHash(a), WorkloadController::nameSuffix("web-1/0")})
        for (const char ch : text)
            EXPECT_NE(std::string("bcdfghjklmnpqrstvwxz2456789").find(ch), std::string::npos)
                << text;
    EXPECT_EQ(WorkloadController::nameSuffix("seed").size(), 5u);
    EXPECT_EQ(WorkloadController::nameSuffix("seed"), WorkloadController::nameSuffix("seed"));
}
