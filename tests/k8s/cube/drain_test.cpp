// DrainPlan (kubectl drain's decisions, the jobs and budgets a drain touches) and DrainRun (the
// drain as it runs: cordon, evictions, 429 retries, the wait, timeouts, cancel, dry runs),
// driven here with hand-made answers; tests/app/drain_test.cpp runs both against the simulator
// beside kubectl.

#include "k8s/cube/draininputreader.h"
#include "k8s/cube/drainplan.h"
#include "k8s/cube/drainrun.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace cubedesk::k8s;
using nlohmann::json;

namespace {

constexpr std::int64_t kNow = 1'800'000'000;

json pod(const std::string &ns, const std::string &name, json owner = nullptr) {
    json p = {
        {"metadata",
         {{"namespace", ns}, {"name", name}, {"uid", "uid-" + name}, {"labels", json::object()}}},
        {"spec", {{"containers", json::array({{{"name", "main"}}})}, {"restartPolicy", "Never"}}},
        {"status", {{"phase", "Running"}, {"startTime", "2027-01-15T06:00:00Z"}}}};
    if (!owner.is_null())
        p["metadata"]["ownerReferences"] = json::array({owner});
    return p;
}

json owner(const std::string &apiVersion, const std::string &kind, const std::string &name) {
    return {{"apiVersion", apiVersion}, {"kind", kind}, {"name", name}, {"controller", true}};
}

json gpus(json p, int n) {
    p["spec"]["containers"][0]["resources"] = {{"limits", {{"nvidia.com/gpu", std::to_string(n)}}}};
    return p;
}

std::string list(const std::vector<json> &items) {
    return json{{"kind", "List"}, {"items", items}}.dump();
}

json budget(const std::string &ns, const std::string &name, const json &matchLabels, int allowed,
            int current, int desired) {
    return {{"metadata", {{"namespace", ns}, {"name", name}}},
            {"spec", {{"selector", {{"matchLabels", matchLabels}}}}},
            {"status",
             {{"disruptionsAllowed", allowed},
              {"currentHealthy", current},
              {"desiredHealthy", desired},
              {"expectedPods", current}}}};
}

/// One GPU node with a DaemonSet pod, a static pod, a two-replica PyTorchJob's worker with
/// /dev/shm (budget: both replicas), a notebook without a controller, a Deployment's pod and a
/// finished pod without a controller.
DrainPlan::Inputs gpuNode() {
    DrainPlan::Inputs in;
    in.now = kNow;
    in.nodes = {"gpu-1"};
    json ds = pod("kube-system", "device-plugin-x", owner("apps/v1", "DaemonSet", "device-plugin"));
    json mirror = pod("kube-system", "etcd-gpu-1", owner("v1", "Node", "gpu-1"));
    mirror["metadata"]["annotations"] = {{"kubernetes.io/config.mirror", "abc"}};
    json worker =
        gpus(pod("pipeline", "train-worker-0", owner("kubeflow.org/v1", "PyTorchJob", "train")), 8);
    worker["metadata"]["labels"] = {{"training.kubeflow.org/job-name", "train"}};
    worker["spec"]["volumes"] =
        json::array({{{"name", "dshm"}, {"emptyDir", {{"medium", "Memory"}}}}});
    json notebook = pod("jupyter", "alice-notebook-0");
    json web = pod("infra", "web-6f9c8d7b5-x2l4m", owner("apps/v1", "ReplicaSet", "web-6f9c8d7b5"));
    json done = pod("default", "one-off");
    done["status"]["phase"] = "Succeeded";
    in.podLists["gpu-1"] = {list({ds, mirror, worker, notebook, web, done})};
    in.budgetLists = {list(
        {budget("pipeline", "train", {{"training.kubeflow.org/job-name", "train"}}, 0, 2, 2)})};
    in.jobPods["pipeline/PyTorchJob/train"] = 2;
    return in;
}

const DrainPlan::Pod &find(const DrainPlan &plan, const std::string &name) {
    for (const auto &p : plan.pods)
        if (p.name == name)
            return p;
    ADD_FAILURE() << "no pod " << name;
    static DrainPlan::Pod none;
    return none;
}

} // namespace

TEST(DrainPlanTest, KubectlsDefaultsRefuseWhatNeedsAChoice) {
    const DrainPlan plan = DrainPlan::build(gpuNode(), DrainOptions{});
    ASSERT_TRUE(plan.errors.empty());
    EXPECT_EQ(find(plan, "device-plugin-x").action, DrainPlan::Action::Refuse);
    EXPECT_EQ(find(plan, "device-plugin-x").reason, DrainPlan::Reason::DaemonSet);
    EXPECT_EQ(find(plan, "etcd-gpu-1").action, DrainPlan::Action::SkipMirror);
    EXPECT_EQ(find(plan, "train-worker-0").reason, DrainPlan::Reason::LocalStorage);
    EXPECT_EQ(find(plan, "alice-notebook-0").reason, DrainPlan::Reason::Unmanaged);
    EXPECT_EQ(find(plan, "web-6f9c8d7b5-x2l4m").action, DrainPlan::Action::Evict);
    EXPECT_EQ(find(plan, "one-off").action, DrainPlan::Action::Evict)
        << "finished: no controller needed";
    ASSERT_EQ(plan.nodes.size(), 1u);
    EXPECT_TRUE(plan.refused());
    EXPECT_EQ(plan.nodes[0].refusals,
              (std::vector<std::string>{
                  "DaemonSet-managed Pods (use --ignore-daemonsets to ignore): "
                  "kube-system/device-plugin-x",
                  "Pods with local storage (use --delete-emptydir-data to override): "
                  "pipeline/train-worker-0",
                  "Pods that declare no controller (use --force to override): "
                  "jupyter/alice-notebook-0"}));
}

TEST(DrainPlanTest, OptionsLetPodsThroughWithKubectlsWarnings) {
    DrainOptions o;
    o.ignoreDaemonSets = true;
    o.deleteEmptyDirData = true;
    o.force = true;
    const DrainPlan plan = DrainPlan::build(gpuNode(), o);
    EXPECT_FALSE(plan.refused());
    EXPECT_EQ(find(plan, "device-plugin-x").action, DrainPlan::Action::SkipDaemonSet);
    EXPECT_EQ(find(plan, "train-worker-0").action, DrainPlan::Action::Evict);
    EXPECT_EQ(find(plan, "alice-notebook-0").action, DrainPlan::Action::Evict);
    EXPECT_EQ(plan.nodes[0].warnings,
              (std::vector<std::string>{
                  "ignoring DaemonSet-managed Pods: kube-system/device-plugin-x",
                  "deleting Pods that declare no controller: jupyter/alice-notebook-0"}));
    EXPECT_EQ(plan.evictCount(), 4);
}

TEST(DrainPlanTest, NamesTheGangJobItsGpusAndTheBudgetThatBlocks) {
    DrainOptions o;
    o.ignoreDaemonSets = true;
    o.deleteEmptyDirData = true;
    o.force = true;
    const DrainPlan plan = DrainPlan::build(gpuNode(), o);
    ASSERT_EQ(plan.jobs.size(), 1u);
    const auto &job = plan.jobs[0];
    EXPECT_EQ(job.kind, "PyTorchJob");
    EXPECT_EQ(job.name, "train");
    EXPECT_EQ(job.replicasHere, 1);
    EXPECT_EQ(job.replicasTotal, 2);
    EXPECT_EQ(job.gpusHere, 8);
    EXPECT_EQ(job.impact, DrainPlan::Impact::GangFails) << "restartPolicy Never";
    EXPECT_EQ(job.budget, "train");
    EXPECT_EQ(job.podSelector, "training.kubeflow.org/job-name=train");
    // Started 2027-01-15T06:00:00Z; now is 2027-01-15T08:00:00Z: 8 GPUs × 2 h.
    EXPECT_NEAR(job.gpuHoursHere, 16.0, 1e-9);
    EXPECT_EQ(plan.gpusAtRisk(), 8);
    ASSERT_EQ(plan.budgets.size(), 1u);
    EXPECT_TRUE(plan.budgets[0].blocks);
    EXPECT_EQ(plan.budgets[0].toEvict, 1);
    // With --disable-eviction nothing asks the budget.
    o.disableEviction = true;
    EXPECT_TRUE(DrainPlan::build(gpuNode(), o).budgets.empty());
}

TEST(DrainPlanTest, AnOrphanedDaemonSetPodNeedsForce) {
    auto in = gpuNode();
    in.daemonSets = std::vector<std::string>{};
    DrainOptions o;
    o.ignoreDaemonSets = true;
    const DrainPlan plan = DrainPlan::build(in, o);
    EXPECT_EQ(find(plan, "device-plugin-x").action, DrainPlan::Action::Refuse);
    EXPECT_EQ(find(plan, "device-plugin-x").refusal, "daemonsets.apps \"device-plugin\" not found");
    o.force = true;
    EXPECT_EQ(find(DrainPlan::build(in, o), "device-plugin-x").action, DrainPlan::Action::Evict);
}

TEST(DrainPlanTest, EachJobFamilyGetsItsImpact) {
    DrainPlan::Inputs in;
    in.now = kNow;
    in.nodes = {"n"};
    json volcano = pod("ml", "vj-worker-0", owner("batch.volcano.sh/v1alpha1", "Job", "vj"));
    json driver =
        pod("ml", "spark-driver", owner("sparkoperator.k8s.io/v1beta2", "SparkApplication", "etl"));
    driver["metadata"]["labels"] = {{"spark-role", "driver"}};
    json executor = pod("ml", "spark-exec-1",
                        owner("sparkoperator.k8s.io/v1beta2", "SparkApplication", "etl2"));
    json step = pod("ml", "wf-step-1", owner("argoproj.io/v1alpha1", "Workflow", "wf"));
    json single = pod("ml", "tf-worker-0", owner("kubeflow.org/v1", "TFJob", "tf"));
    single["spec"]["restartPolicy"] = "OnFailure";
    in.podLists["n"] = {list({volcano, driver, executor, step, single})};
    in.jobPods["ml/TFJob/tf"] = 1;
    const DrainPlan plan = DrainPlan::build(in, DrainOptions{});
    std::map<std::string, DrainPlan::Impact> impacts;
    for (const auto &j : plan.jobs)
        impacts[j.kind + '/' + j.name] = j.impact;
    EXPECT_EQ(impacts["Job/vj"], DrainPlan::Impact::VolcanoPolicy);
    EXPECT_EQ(impacts["SparkApplication/etl"], DrainPlan::Impact::SparkDriver);
    EXPECT_EQ(impacts["SparkApplication/etl2"], DrainPlan::Impact::SparkExecutor);
    EXPECT_EQ(impacts["Workflow/wf"], DrainPlan::Impact::WorkflowStep);
    EXPECT_EQ(impacts["TFJob/tf"], DrainPlan::Impact::ReplicaRestarts);
}

TEST(DrainPlanTest, MalformedListsAreErrorsNotCrashes) {
    DrainPlan::Inputs in;
    in.nodes = {"n"};
    in.podLists["n"] = {"{not json"};
    in.budgetLists = {"[]"};
    const DrainPlan plan = DrainPlan::build(in, DrainOptions{});
    EXPECT_EQ(plan.errors.size(), 2u);
    EXPECT_TRUE(plan.pods.empty());
}

namespace {

using Clock = DrainRun::Clock;

WriteResult ok(std::string body = "{}") {
    WriteResult r;
    r.status = 200;
    r.body = std::move(body);
    return r;
}

WriteResult failure(int code, const std::string &body) {
    WriteResult r;
    r.status = code;
    r.error = ApiStatus::fromResponse(code, body, -1);
    return r;
}

const std::string kBudget429 =
    R"({"kind":"Status","apiVersion":"v1","status":"Failure","message":"Cannot evict pod as it )"
    R"(would violate the pod's disruption budget.","reason":"TooManyRequests","details":)"
    R"({"causes":[{"reason":"DisruptionBudget","message":"The disruption budget web needs 1 )"
    R"(healthy pods and has 1 currently"}]},"code":429})";

/// A plan with one Deployment pod on each of two nodes.
DrainPlan twoNodes() {
    DrainPlan::Inputs in;
    in.now = kNow;
    in.nodes = {"a", "b"};
    in.podLists["a"] = {list({pod("infra", "web-a", owner("apps/v1", "ReplicaSet", "web"))})};
    in.podLists["b"] = {list({pod("infra", "web-b", owner("apps/v1", "ReplicaSet", "web"))})};
    return DrainPlan::build(in, DrainOptions{});
}

} // namespace

TEST(DrainRunTest, CordonsEvictsWaitsAndDrainsOneNodeAfterAnother) {
    const DrainPlan plan = twoNodes();
    DrainRun run(plan, DrainOptions{});
    auto t = Clock::now();
    ASSERT_TRUE(run.nextWake().has_value());
    EXPECT_LE(*run.nextWake(), t) << "the first node can start at once";
    auto steps = run.due(t);
    ASSERT_EQ(steps.size(), 1u) << "one node at a time";
    EXPECT_EQ(steps[0].request.method, "PATCH");
    EXPECT_EQ(steps[0].request.path, "/api/v1/nodes/a");
    EXPECT_EQ(steps[0].request.body, R"({"spec":{"unschedulable":true}})");
    run.answer(steps[0].tag, ok(), t);
    steps = run.due(t);
    ASSERT_EQ(steps.size(), 1u);
    EXPECT_EQ(steps[0].request.method, "POST");
    EXPECT_EQ(steps[0].request.path, "/api/v1/namespaces/infra/pods/web-a/eviction");
    EXPECT_EQ(json::parse(steps[0].request.body),
              json::parse(R"({"apiVersion":"policy/v1","kind":"Eviction","metadata":{"name":)"
                          R"("web-a","namespace":"infra"},"deleteOptions":{}})"));
    run.answer(steps[0].tag, ok(R"({"kind":"Status","status":"Success","code":201})"), t);
    EXPECT_EQ(run.pods()[0].state, DrainRun::PodState::Terminating);
    steps = run.due(t);
    ASSERT_EQ(steps.size(), 1u) << "the first look at once";
    EXPECT_EQ(steps[0].request.method, "GET");
    run.answer(steps[0].tag, ok(R"({"metadata":{"uid":"uid-web-a"}})"), t);
    EXPECT_TRUE(run.due(t).empty()) << "still there: look again in a second";
    EXPECT_EQ(run.nextWake(), t + DrainRun::kPollInterval);
    t += DrainRun::kPollInterval;
    steps = run.due(t);
    ASSERT_EQ(steps.size(), 1u);
    run.answer(steps[0].tag, failure(404, R"({"kind":"Status","code":404,"message":"gone"})"), t);
    EXPECT_EQ(run.pods()[0].state, DrainRun::PodState::Gone);
    EXPECT_EQ(run.nodes()[0].state, DrainRun::NodeState::Drained);
    steps = run.due(t);
    ASSERT_EQ(steps.size(), 1u);
    EXPECT_EQ(steps[0].request.path, "/api/v1/nodes/b");
    EXPECT_FALSE(run.finished());
}

TEST(DrainRunTest, ABudgetBlocksWithItsReasonUntilTheTimeout) {
    DrainOptions o;
    o.timeout = std::chrono::seconds(12);
    const DrainPlan plan = twoNodes();
    DrainRun run(plan, o);
    auto t = Clock::now();
    auto steps = run.due(t);
    run.answer(steps[0].tag, ok(), t);
    steps = run.due(t);
    run.answer(steps[0].tag, failure(429, kBudget429), t);
    EXPECT_EQ(run.pods()[0].state, DrainRun::PodState::Blocked);
    EXPECT_NE(run.pods()[0].detail.find("The disruption budget web needs 1 healthy pods"),
              std::string::npos);
    EXPECT_TRUE(run.due(t + std::chrono::seconds(4)).empty()) << "retried after 5 s";
    t += DrainRun::kRetryInterval;
    steps = run.due(t);
    ASSERT_EQ(steps.size(), 1u);
    EXPECT_EQ(run.pods()[0].attempts, 2);
    run.answer(steps[0].tag, failure(429, kBudget429), t);
    t += std::chrono::seconds(10);
    EXPECT_TRUE(run.due(t).size() <= 1u);
    EXPECT_EQ(run.pods()[0].state, DrainRun::PodState::TimedOut);
    EXPECT_EQ(run.nodes()[0].state, DrainRun::NodeState::TimedOut);
}

TEST(DrainRunTest, CancelStopsWhatHasNotStartedAndLeavesTheRestCordoned) {
    const DrainPlan plan = twoNodes();
    DrainRun run(plan, DrainOptions{});
    auto t = Clock::now();
    auto steps = run.due(t);
    run.answer(steps[0].tag, ok(), t);
    steps = run.due(t);
    run.answer(steps[0].tag, failure(429, kBudget429), t);
    run.cancel();
    EXPECT_EQ(run.pods()[0].state, DrainRun::PodState::Cancelled);
    EXPECT_EQ(run.nodes()[0].state, DrainRun::NodeState::Cancelled);
    EXPECT_EQ(run.nodes()[1].state, DrainRun::NodeState::Cancelled);
    EXPECT_TRUE(run.due(t + std::chrono::seconds(10)).empty());
    EXPECT_TRUE(run.finished());
    EXPECT_FALSE(run.succeeded());
}

TEST(DrainRunTest, ARefusedNodeIsCordonedAndNothingOnItIsEvicted) {
    const DrainPlan plan = DrainPlan::build(gpuNode(), DrainOptions{});
    DrainRun run(plan, DrainOptions{});
    auto t = Clock::now();
    auto steps = run.due(t);
    ASSERT_EQ(steps.size(), 1u);
    run.answer(steps[0].tag, ok(), t);
    EXPECT_TRUE(run.due(t).empty());
    EXPECT_EQ(run.nodes()[0].state, DrainRun::NodeState::Refused);
    EXPECT_EQ(find(plan, "web-6f9c8d7b5-x2l4m").action, DrainPlan::Action::Evict);
    for (const auto &p : run.pods())
        EXPECT_NE(p.state, DrainRun::PodState::Gone);
    EXPECT_TRUE(run.finished());
}

TEST(DrainRunTest, DryRunsSendNothingOrOnlyWhatTheServerChecks) {
    const DrainPlan plan = twoNodes();
    DrainOptions client;
    client.dryRun = DrainOptions::DryRun::Client;
    DrainRun dry(plan, client);
    EXPECT_TRUE(dry.due(Clock::now()).empty());
    EXPECT_TRUE(dry.succeeded());
    EXPECT_EQ(dry.pods()[1].state, DrainRun::PodState::DryRun);

    DrainOptions server;
    server.dryRun = DrainOptions::DryRun::Server;
    server.gracePeriod = 0;
    DrainRun run(plan, server);
    auto t = Clock::now();
    auto steps = run.due(t);
    EXPECT_EQ(steps[0].request.path, "/api/v1/nodes/a?dryRun=All");
    run.answer(steps[0].tag, ok(), t);
    steps = run.due(t);
    EXPECT_EQ(json::parse(steps[0].request.body)["deleteOptions"],
              json::parse(R"({"gracePeriodSeconds":0,"dryRun":["All"]})"));
    run.answer(steps[0].tag, ok(), t);
    EXPECT_EQ(run.pods()[0].state, DrainRun::PodState::DryRun);
    EXPECT_EQ(run.nodes()[0].state, DrainRun::NodeState::Drained);
}

TEST(DrainRunTest, ANewPodUnderTheNameMeansTheOldOneIsGone) {
    const DrainPlan plan = twoNodes();
    DrainRun run(plan, DrainOptions{});
    auto t = Clock::now();
    auto steps = run.due(t);
    run.answer(steps[0].tag, ok(), t);
    steps = run.due(t);
    run.answer(steps[0].tag, ok(), t);
    steps = run.due(t);
    run.answer(steps[0].tag, ok(R"({"metadata":{"uid":"another"}})"), t);
    EXPECT_EQ(run.pods()[0].state, DrainRun::PodState::Gone);
}

TEST(DrainRunTest, OtherRefusalsFailThePodAndTheNode) {
    const DrainPlan plan = twoNodes();
    DrainRun run(plan, DrainOptions{});
    auto t = Clock::now();
    auto steps = run.due(t);
    run.answer(steps[0].tag, ok(), t);
    steps = run.due(t);
    run.answer(steps[0].tag,
               failure(500, R"({"kind":"Status","code":500,"message":"This pod has more than )"
                            R"(one PodDisruptionBudget, which the eviction subresource does not )"
                            R"(support."})"),
               t);
    EXPECT_EQ(run.pods()[0].state, DrainRun::PodState::Failed);
    EXPECT_NE(run.pods()[0].detail.find("more than one PodDisruptionBudget"), std::string::npos);
    EXPECT_EQ(run.nodes()[0].state, DrainRun::NodeState::Failed);
    // A cordon that fails stops that node before any eviction.
    steps = run.due(t);
    ASSERT_EQ(steps.size(), 1u);
    run.answer(steps[0].tag,
               failure(403, R"({"kind":"Status","code":403,"message":"nodes \"b\" is forbidden"})"),
               t);
    EXPECT_EQ(run.nodes()[1].state, DrainRun::NodeState::Failed);
    EXPECT_EQ(run.pods()[1].state, DrainRun::PodState::NotStarted);
    EXPECT_TRUE(run.finished());
}

TEST(DrainInputReaderTest, ReadsEveryPageThenTheDaemonSetsAndJobsTheyName) {
    DrainInputReader reader({"gpu-1", "gpu-1"}, kNow);
    auto steps = reader.due();
    ASSERT_EQ(steps.size(), 3u) << "the node, its pods, the budgets";
    EXPECT_EQ(steps[0].request.path, "/api/v1/nodes/gpu-1");
    EXPECT_EQ(steps[1].request.path, "/api/v1/pods?fieldSelector=spec.nodeName%3Dgpu-1&limit=500");
    EXPECT_EQ(steps[2].request.path, "/apis/policy/v1/poddisruptionbudgets?limit=500");
    reader.answer(steps[0].tag, ok(R"({"spec":{"unschedulable":true}})"));
    json ds = pod("kube-system", "device-plugin-x", owner("apps/v1", "DaemonSet", "device-plugin"));
    reader.answer(steps[1].tag,
                  ok(json{{"metadata", {{"continue", "page-2"}}}, {"items", {ds}}}.dump()));
    reader.answer(steps[2].tag,
                  failure(403, R"({"kind":"Status","code":403,"message":"forbidden here"})"));
    EXPECT_FALSE(reader.finished());
    steps = reader.due();
    ASSERT_EQ(steps.size(), 1u);
    EXPECT_EQ(steps[0].request.path,
              "/api/v1/pods?fieldSelector=spec.nodeName%3Dgpu-1&limit=500&continue=page-2");
    json worker =
        pod("pipeline", "train-worker-0", owner("kubeflow.org/v1", "PyTorchJob", "train"));
    worker["metadata"]["labels"] = {{"training.kubeflow.org/job-name", "train"}};
    reader.answer(steps[0].tag, ok(list({worker})));
    steps = reader.due();
    ASSERT_EQ(steps.size(), 2u) << "the DaemonSet and the job's pods";
    EXPECT_EQ(steps[0].request.path,
              "/apis/apps/v1/namespaces/kube-system/daemonsets/device-plugin");
    EXPECT_EQ(steps[1].request.path,
              "/api/v1/namespaces/pipeline/pods?labelSelector=training.kubeflow.org%2Fjob-name%3D"
              "train&limit=500");
    reader.answer(steps[0].tag, failure(404, R"({"kind":"Status","code":404,"message":"gone"})"));
    reader.answer(steps[1].tag, ok(list({worker, worker, worker})));
    EXPECT_TRUE(reader.due().empty());
    ASSERT_TRUE(reader.finished());
    EXPECT_EQ(reader.error(), "");
    EXPECT_EQ(reader.budgetsError(), "forbidden here");
    const auto &in = reader.inputs();
    EXPECT_EQ(in.nodes, std::vector<std::string>{"gpu-1"});
    EXPECT_EQ(in.cordoned, std::vector<std::string>{"gpu-1"});
    EXPECT_EQ(in.podLists.at("gpu-1").size(), 2u);
    EXPECT_EQ(in.daemonSets, std::vector<std::string>{}) << "a 404: the DaemonSet is gone";
    EXPECT_EQ(in.jobPods.at("pipeline/PyTorchJob/train"), 3);
    const DrainPlan plan = DrainPlan::build(in, DrainOptions{});
    EXPECT_EQ(find(plan, "device-plugin-x").reason, DrainPlan::Reason::OrphanedDaemonSet);
}

TEST(DrainInputReaderTest, AMissingNodeEndsTheReading) {
    DrainInputReader reader({"nope"}, kNow);
    auto steps = reader.due();
    reader.answer(
        steps[0].tag,
        failure(404, R"({"kind":"Status","code":404,"message":"nodes \"nope\" not found"})"));
    EXPECT_FALSE(reader.finished()) << "the other answers are still due";
    reader.answer(steps[1].tag, ok(list({})));
    reader.answer(steps[2].tag, ok(list({})));
    EXPECT_TRUE(reader.finished());
    EXPECT_EQ(reader.error(), "node \"nope\": nodes \"nope\" not found");
    EXPECT_TRUE(reader.due().empty());
}
