// DrainPlan over the whole demo cluster: for every node, every job pod that a drain would
// evict is named under its own job — kind and name as the pod's controller says, the replicas
// on that node, the job's pods in all — with the impact its family has; nothing else is
// called a job. Covers every job kind the demo runs (Kubeflow, MPI, Volcano, Spark, Argo).

#include "k8s/cube/drainplan.h"
#include "k8s/cube/jobkinds.h"
#include "k8s/sim/demoscenario.h"

#include <gtest/gtest.h>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

using namespace cubedesk::k8s;
using nlohmann::json;

namespace {

struct Owner {
    std::string apiVersion;
    std::string kind;
    std::string name;
};

std::optional<Owner> controller(const json &pod) {
    for (const auto &ref : pod["metadata"].value("ownerReferences", json::array()))
        if (ref.value("controller", false))
            return Owner{ref.value("apiVersion", ""), ref.value("kind", ""), ref.value("name", "")};
    return std::nullopt;
}

} // namespace

TEST(DrainPlanDemoTest, NamesEveryJobOfEveryKindOnTheNodesItDrains) {
    const auto now = std::chrono::system_clock::now();
    const auto objects = cubedesk::sim::DemoScenario::generate(1, now);
    std::map<std::string, std::vector<json>> podsByNode;
    std::map<std::string, int> jobPods; // "ns/kind/name" → pods
    std::set<std::string> jobs;         // the job objects of the scenario
    for (const auto &o : objects) {
        const std::string kind = o.value("kind", "");
        if (JobKinds::find(o.value("apiVersion", ""), kind) != nullptr)
            jobs.insert(o["metadata"].value("namespace", "") + '/' + kind + '/' +
                        o["metadata"].value("name", ""));
        if (kind != "Pod")
            continue;
        if (const auto owner = controller(o);
            owner && JobKinds::find(owner->apiVersion, owner->kind))
            ++jobPods[o["metadata"].value("namespace", "") + '/' + owner->kind + '/' + owner->name];
        const std::string node = o["spec"].value("nodeName", "");
        if (!node.empty())
            podsByNode[node].push_back(o);
    }
    DrainOptions options;
    options.ignoreDaemonSets = true;
    options.deleteEmptyDirData = true;
    options.force = true;
    std::set<std::string> kindsSeen;
    for (const auto &[node, pods] : podsByNode) {
        DrainPlan::Inputs in;
        in.nodes = {node};
        in.podLists[node] = {json{{"items", pods}}.dump()};
        in.jobPods = jobPods;
        in.now = std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
        const DrainPlan plan = DrainPlan::build(in, options);
        ASSERT_TRUE(plan.errors.empty());
        // What the pods themselves say: the running job pods here, per job.
        std::map<std::string, int> expected;
        for (const auto &p : pods) {
            const auto owner = controller(p);
            const std::string phase = p["status"].value("phase", "");
            if (!owner || !JobKinds::find(owner->apiVersion, owner->kind) || phase == "Succeeded" ||
                phase == "Failed")
                continue;
            ++expected[p["metadata"].value("namespace", "") + '/' + owner->kind + '/' +
                       owner->name];
        }
        std::map<std::string, int> named;
        for (const auto &job : plan.jobs) {
            const std::string key = job.ns + '/' + job.kind + '/' + job.name;
            named[key] = job.replicasHere;
            EXPECT_TRUE(jobs.contains(key))
                << node << ": " << key << " is not a job of the scenario";
            EXPECT_EQ(job.replicasTotal, jobPods[key]) << key;
            const auto *kind = JobKinds::find(job.apiVersion, job.kind);
            ASSERT_NE(kind, nullptr) << key;
            switch (kind->family) {
            case JobKinds::Family::Kubeflow:
                EXPECT_TRUE(job.impact == DrainPlan::Impact::GangFails ||
                            job.impact == DrainPlan::Impact::GangRestarts ||
                            job.impact == DrainPlan::Impact::ReplicaFails ||
                            job.impact == DrainPlan::Impact::ReplicaRestarts)
                    << key;
                EXPECT_EQ(job.replicasTotal > 1, job.impact == DrainPlan::Impact::GangFails ||
                                                     job.impact == DrainPlan::Impact::GangRestarts)
                    << key;
                break;
            case JobKinds::Family::Volcano:
                EXPECT_EQ(job.impact, DrainPlan::Impact::VolcanoPolicy) << key;
                break;
            case JobKinds::Family::Spark:
                EXPECT_TRUE(job.impact == DrainPlan::Impact::SparkDriver ||
                            job.impact == DrainPlan::Impact::SparkExecutor)
                    << key;
                break;
            case JobKinds::Family::Argo:
                EXPECT_EQ(job.impact, DrainPlan::Impact::WorkflowStep) << key;
                break;
            }
            kindsSeen.insert(job.kind);
        }
        EXPECT_EQ(named, expected) << node;
    }
    // Every kind whose pods run on a node appears in some node's plan, and the demo runs every
    // family: Kubeflow, Volcano, Spark and Argo.
    std::set<std::string> running;
    for (const auto &[node, pods] : podsByNode)
        for (const auto &p : pods)
            if (const auto owner = controller(p); owner &&
                                                  JobKinds::find(owner->apiVersion, owner->kind) &&
                                                  p["status"].value("phase", "") == "Running")
                running.insert(owner->kind);
    EXPECT_EQ(kindsSeen, running);
    for (const char *kind : {"PyTorchJob", "MPIJob", "Job", "SparkApplication", "Workflow"})
        EXPECT_TRUE(kindsSeen.contains(kind)) << kind;
}
