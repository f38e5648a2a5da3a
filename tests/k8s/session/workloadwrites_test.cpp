// WorkloadWrites against the in-process simulator through a session: scale and rollout restart
// take effect on the pods (the simulator's workload controller), a CronJob is suspended and run
// by hand as kubectl does it, deletes honour the propagation policy, and every request with a
// stale resourceVersion is refused with 409 and changes nothing.

#include "k8s/sim/objectstore.h"
#include "k8s/sim/resourceregistry.h"
#include "k8s/write/workloadwrites.h"
#include "tests/support/simcluster.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <thread>

using namespace cubedesk::k8s;
using nlohmann::json;

namespace {

using Cluster = cubedesk::test::SimCluster;

bool eventually(const std::function<bool()> &condition) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < deadline) {
        if (condition())
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return condition();
}

class WorkloadWritesTest : public ::testing::Test {
protected:
    void SetUp() override {
        m_cluster = Cluster::start();
        ASSERT_TRUE(m_cluster->session);
    }
    cubedesk::sim::ResourceType type(const std::string &group, const std::string &plural) {
        return *m_cluster->sim->registry().find(group, "v1", plural);
    }
    json stored(const std::string &group, const std::string &plural, const std::string &ns,
                const std::string &name) {
        auto o = m_cluster->sim->store().get(type(group, plural), ns, name);
        return o.ok() ? o.value()->parse() : json();
    }
    WorkloadWrites::Target target(const std::string &group, const std::string &plural,
                                  const std::string &ns, const std::string &name) {
        const json o = stored(group, plural, ns, name);
        return {{ObjectKind::TableRow, group, "v1", plural, true},
                ns,
                name,
                o["metadata"].value("resourceVersion", ""),
                o["metadata"].value("uid", ""),
                o.value("kind", "")};
    }
    WriteResult send(WriteRequest request) {
        return m_cluster->session->submit({std::move(request)}).get().front();
    }
    /// Running pods of `ns` whose name starts with `prefix`.
    int pods(const std::string &ns, const std::string &prefix) {
        int n = 0;
        for (const auto &p : m_cluster->sim->store().all(type("", "pods"))) {
            const json o = p->parse();
            if (o["metadata"].value("namespace", "") == ns &&
                o["metadata"].value("name", "").rfind(prefix, 0) == 0 &&
                !o["metadata"].contains("deletionTimestamp"))
                ++n;
        }
        return n;
    }
    std::unique_ptr<Cluster> m_cluster;
};

} // namespace

TEST_F(WorkloadWritesTest, ScaleAndRestartTakeEffectOnThePods) {
    auto grafana = target("apps", "deployments", "monitoring", "grafana");
    ASSERT_FALSE(grafana.resourceVersion.empty());
    const auto stale = grafana;
    const auto scaled = send(WorkloadWrites::scale(grafana, 3));
    ASSERT_TRUE(scaled.ok()) << scaled.error.message;
    EXPECT_TRUE(eventually([&] { return pods("monitoring", "grafana-") == 3; }));
    // What the user saw is gone: the same request again is refused, nothing changes.
    const auto refused = send(WorkloadWrites::scale(stale, 1));
    EXPECT_EQ(refused.status, 409) << refused.error.message;
    EXPECT_EQ(stored("apps", "deployments", "monitoring", "grafana")["spec"]["replicas"], 3);

    grafana = target("apps", "deployments", "monitoring", "grafana");
    const auto restarted = send(WorkloadWrites::restart(grafana, "2026-12-07T09:00:00Z"));
    ASSERT_TRUE(restarted.ok()) << restarted.error.message;
    const json d = stored("apps", "deployments", "monitoring", "grafana");
    EXPECT_EQ(d["spec"]["template"]["metadata"]["annotations"]["kubectl.kubernetes.io/restartedAt"],
              "2026-12-07T09:00:00Z");
    // A new ReplicaSet, and its pods replace the old ones.
    EXPECT_TRUE(eventually([&] {
        const json now = stored("apps", "deployments", "monitoring", "grafana");
        return now["status"].value("updatedReplicas", 0) == 3 &&
               now["status"].value("observedGeneration", 0) ==
                   now["metadata"].value("generation", -1);
    }));
}

TEST_F(WorkloadWritesTest, CronJobSuspendedAndRunByHand) {
    auto cron = target("batch", "cronjobs", "infra", "mysql-backup");
    const auto suspended = send(WorkloadWrites::setCronJobSuspended(cron, true));
    ASSERT_TRUE(suspended.ok()) << suspended.error.message;
    EXPECT_EQ(stored("batch", "cronjobs", "infra", "mysql-backup")["spec"]["suspend"], true);

    cron = target("batch", "cronjobs", "infra", "mysql-backup");
    const auto run = WorkloadWrites::runCronJob(
        cron, stored("batch", "cronjobs", "infra", "mysql-backup").dump(), "x7k2q");
    ASSERT_TRUE(run) << run.error();
    const auto created = send(*run);
    ASSERT_TRUE(created.ok()) << created.error.message;
    const json job = stored("batch", "jobs", "infra", "mysql-backup-manual-x7k2q");
    ASSERT_TRUE(job.is_object());
    EXPECT_EQ(job["metadata"]["annotations"]["cronjob.kubernetes.io/instantiate"], "manual");
    EXPECT_EQ(job["metadata"]["ownerReferences"][0]["kind"], "CronJob");
    EXPECT_EQ(job["metadata"]["ownerReferences"][0]["uid"], cron.uid);
    EXPECT_EQ(job["spec"]["template"],
              stored("batch", "cronjobs", "infra",
                     "mysql-backup")["spec"]["jobTemplate"]["spec"]["template"]);
    EXPECT_FALSE(WorkloadWrites::runCronJob(cron, R"({"spec":{}})", "a"));
    EXPECT_FALSE(WorkloadWrites::runCronJob(cron, "not json", "a"));
}

TEST_F(WorkloadWritesTest, DeleteWithItsPreconditionsAndPolicy) {
    auto config = target("", "configmaps", "kube-system", "coredns");
    ASSERT_FALSE(config.uid.empty());
    auto stale = config;
    stale.resourceVersion = "1";
    const auto refused = send(WorkloadWrites::remove(stale, WorkloadWrites::Propagation::Orphan));
    EXPECT_EQ(refused.status, 409) << refused.error.message;
    EXPECT_TRUE(stored("", "configmaps", "kube-system", "coredns").is_object());
    auto otherUid = config;
    otherUid.uid = "00000000-0000-0000-0000-000000000000";
    EXPECT_EQ(
        send(WorkloadWrites::remove(otherUid, WorkloadWrites::Propagation::Background)).status,
        409);
    const auto removed = send(WorkloadWrites::remove(config, WorkloadWrites::Propagation::Orphan));
    ASSERT_TRUE(removed.ok()) << removed.error.message;
    EXPECT_TRUE(stored("", "configmaps", "kube-system", "coredns").is_null());
    const auto request = WorkloadWrites::remove(config, WorkloadWrites::Propagation::Foreground);
    EXPECT_EQ(request.method, "DELETE");
    EXPECT_EQ(request.path, "/api/v1/namespaces/kube-system/configmaps/coredns");
    EXPECT_NE(request.body.find(R"("propagationPolicy":"Foreground")"), std::string::npos);
}
