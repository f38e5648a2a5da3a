// Jobs and quotas as the panes and `--dump jobs|quotas` show them: the phase mapping per kind
// over the real manifests, replica roles, GPUs, run labels, the timeout flag; quota, limit-range,
// queue and org rows; amount formatting.

#include "k8s/api/crdstatuskinds.h"
#include "k8s/cube/amountformat.h"
#include "k8s/cube/jobkinds.h"
#include "k8s/cube/jobphase.h"
#include "k8s/cube/jobrow.h"
#include "k8s/cube/quotarows.h"
#include "k8s/objects/customresource.h"
#include "k8s/objects/limitrange.h"
#include "k8s/objects/resourcequota.h"
#include "k8s/objects/stringpool.h"
#include "tests/k8s/objects/fixtures.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace cubedesk::k8s;
using cubedesk::k8s::testing::decodeAs;
using cubedesk::k8s::testing::manifestJson;
using nlohmann::json;
using V = JobPhase::Value;

namespace {

class JobRows : public ::testing::Test {
protected:
    std::shared_ptr<const CustomResource> fixture(const std::string &file) {
        return decodeAs<CustomResource>(decoder, ObjectKind::CustomResource, manifestJson(file));
    }
    std::shared_ptr<const CustomResource> job(const json &doc) {
        return decodeAs<CustomResource>(decoder, ObjectKind::CustomResource, doc.dump());
    }
    json kubeflow(const std::string &kind, const json &conditions) {
        return {{"apiVersion", "kubeflow.org/v1"},
                {"kind", kind},
                {"metadata", {{"name", "j"}, {"namespace", "train"}}},
                {"status", {{"conditions", conditions}}}};
    }
    json withState(const std::string &apiVersion, const std::string &kind, const json &status) {
        return {{"apiVersion", apiVersion},
                {"kind", kind},
                {"metadata", {{"name", "j"}, {"namespace", "train"}}},
                {"status", status}};
    }
    ObjectDecoder decoder{StringPool::create()};
};

json cond(const std::string &type, const std::string &status, const std::string &time) {
    return {{"type", type}, {"status", status}, {"lastTransitionTime", time}};
}

} // namespace

TEST_F(JobRows, RealManifestsGetTheirPhaseRolesAndGpus) {
    struct Case {
        const char *file;
        V phase;
        const char *replicas;
        std::int64_t gpus;
    };
    const Case cases[] = {
        {"k8s/pytorchjob-with-status.yaml", V::Succeeded, "Master 0/1 · Worker 0/3", 0},
        {"k8s/tfjob-with-status.yaml", V::Running, "PS 2/2 · Worker 4/4", 0},
        {"k8s/mpijob-v2beta1-with-status.yaml", V::Succeeded, "Launcher 0/1 +1✓ · Worker 0/1", 2},
        {"k8s/jaxjob-with-status.yaml", V::Succeeded, "Worker 0/2 +2✓", 0},
        {"k8s/volcano-job-with-status.yaml", V::Running, "completion-task 3/3", 0},
        {"k8s/pytorchjob-mnist-nccl-gpu.yaml", V::Pending, "Master 0/1 · Worker 0/1", 2},
        {"k8s/paddlejob-simple-gpu.yaml", V::Pending, nullptr, 4},
        {"k8s/volcano-job-gpu-mindspore.yaml", V::Pending, nullptr, 2},
        // No status.phase: the controller's workflows.argoproj.io/phase label says Failed.
        {"k8s/argo-workflow-with-status-dag-retry-succeeded.yaml", V::Failed, "", 0},
    };
    for (const auto &c : cases) {
        SCOPED_TRACE(c.file);
        auto j = fixture(c.file);
        ASSERT_TRUE(j);
        const JobRow row = JobRow::from("dev", "k", *j, 2'000'000'000);
        EXPECT_EQ(JobPhase::name(row.phase), JobPhase::name(c.phase));
        if (c.replicas) {
            EXPECT_EQ(row.replicasText(), c.replicas);
        }
        EXPECT_EQ(row.gpus, c.gpus);
        // In 2033 the running TFJob (started 2019) is far past the 2-day timeout; the running
        // Volcano job has no start or creation time, so nothing says how long it runs.
        EXPECT_EQ(row.pastTimeout, std::string(c.file) == "k8s/tfjob-with-status.yaml");
    }
}

TEST_F(JobRows, KubeflowTakesTheLatestTrueCondition) {
    auto j = job(kubeflow("PyTorchJob", {cond("Created", "True", "2024-01-01T00:00:00Z"),
                                         cond("Running", "True", "2024-01-01T00:01:00Z"),
                                         cond("Restarting", "True", "2024-01-01T00:02:00Z")}));
    EXPECT_EQ(JobPhase::of(*j), V::Restarting);
    // Document order does not decide: the later transition does.
    j = job(kubeflow("TFJob", {cond("Suspended", "True", "2024-01-01T00:05:00Z"),
                               cond("Running", "True", "2024-01-01T00:01:00Z")}));
    EXPECT_EQ(JobPhase::of(*j), V::Suspended);
    j = job(kubeflow("MPIJob", json::array({cond("Created", "True", "2024-01-01T00:00:00Z")})));
    EXPECT_EQ(JobPhase::of(*j), V::Created);
    j = job(kubeflow("XGBoostJob", json::array({cond("Failed", "True", "2024-01-01T00:00:00Z")})));
    EXPECT_EQ(JobPhase::of(*j), V::Failed);
    j = job(kubeflow("JAXJob", json::array()));
    EXPECT_EQ(JobPhase::of(*j), V::Pending); // not seen by the operator yet
}

TEST_F(JobRows, VolcanoSparkArgoAndOtherKinds) {
    const std::pair<const char *, V> volcano[] = {
        {"Pending", V::Pending},     {"Inqueue", V::Pending},       {"Running", V::Running},
        {"Completing", V::Running},  {"Restarting", V::Restarting}, {"Aborted", V::Suspended},
        {"Completed", V::Succeeded}, {"Terminated", V::Failed},     {"Failed", V::Failed},
        {"Bogus", V::Unknown}};
    for (const auto &[raw, want] : volcano) {
        SCOPED_TRACE(raw);
        auto j = job(withState("batch.volcano.sh/v1alpha1", "Job", {{"state", {{"phase", raw}}}}));
        EXPECT_EQ(JobPhase::name(JobPhase::of(*j)), JobPhase::name(want));
    }
    const std::pair<const char *, V> spark[] = {
        {"SUBMITTED", V::Pending},        {"RUNNING", V::Running},
        {"COMPLETED", V::Succeeded},      {"FAILED", V::Failed},
        {"SUBMISSION_FAILED", V::Failed}, {"PENDING_RERUN", V::Restarting},
        {"UNKNOWN", V::Unknown}};
    for (const auto &[raw, want] : spark) {
        SCOPED_TRACE(raw);
        auto j = job(withState("sparkoperator.k8s.io/v1beta2", "SparkApplication",
                               {{"applicationState", {{"state", raw}}}}));
        EXPECT_EQ(JobPhase::name(JobPhase::of(*j)), JobPhase::name(want));
    }
    const std::pair<const char *, V> argo[] = {{"Pending", V::Pending},
                                               {"Running", V::Running},
                                               {"Succeeded", V::Succeeded},
                                               {"Failed", V::Failed},
                                               {"Error", V::Failed}};
    for (const auto &[raw, want] : argo) {
        SCOPED_TRACE(raw);
        auto j = job(withState("argoproj.io/v1alpha1", "Workflow", {{"phase", raw}}));
        EXPECT_EQ(JobPhase::name(JobPhase::of(*j)), JobPhase::name(want));
    }
    // A kind outside the catalogue: its phase text, else its conditions, else Unknown.
    auto other = job(withState("example.com/v1", "Thing", {{"phase", "succeeded"}}));
    EXPECT_EQ(JobPhase::of(*other), V::Succeeded);
    other = job(withState("example.com/v1", "Thing", json::object()));
    EXPECT_EQ(JobPhase::of(*other), V::Unknown);
}

TEST_F(JobRows, RunLabelsSuspendAndTimeout) {
    json doc =
        kubeflow("PyTorchJob", json::array({cond("Running", "True", "2024-01-01T00:00:00Z")}));
    doc["metadata"]["labels"] = {{"run-id", "run-42"},
                                 {"pipeline-name", "mnist"},
                                 {"run-username", "alice"},
                                 {"task-name", "train"}};
    doc["metadata"]["creationTimestamp"] = "2024-01-01T00:00:00Z";
    doc["status"]["startTime"] = "2024-01-01T00:00:00Z"; // 1704067200
    doc["spec"] = {
        {"runPolicy", {{"suspend", false}}},
        {"pytorchReplicaSpecs",
         {{"Worker",
           {{"replicas", 4},
            {"template",
             {{"spec",
               {{"containers", json::array({{{"name", "w"},
                                             {"resources",
                                              {{"limits", {{"nvidia.com/gpu", 2}}},
                                               {"requests", {{"cpu", "4"}}}}}}})}}}}}}}}}};
    auto j = job(doc);
    ASSERT_TRUE(j);
    const std::int64_t start = 1704067200;
    JobRow row = JobRow::from("dev", "pytorchjobs.kubeflow.org/train/j", *j, start + 3600);
    EXPECT_EQ(row.runId, "run-42");
    EXPECT_EQ(row.pipelineName, "mnist");
    EXPECT_EQ(row.runUsername, "alice");
    EXPECT_EQ(row.taskName, "train");
    EXPECT_EQ(row.gpus, 8);
    EXPECT_EQ(row.gpuDetail, "8 nvidia.com/gpu");
    ASSERT_EQ(row.roles.size(), 1u);
    EXPECT_EQ(row.roles[0].replicas, 4);
    EXPECT_EQ(j->view(j->replicaSpecs()[0].requests).milliCpu(), 4000);
    EXPECT_TRUE(row.suspendable);
    EXPECT_FALSE(row.suspended);
    EXPECT_EQ(row.durationSeconds(start + 3600), 3600);
    EXPECT_FALSE(row.pastTimeout);
    row = JobRow::from("dev", "k", *j, start + JobPhase::kTimeoutSeconds + 1);
    EXPECT_TRUE(row.pastTimeout);

    doc["spec"]["runPolicy"]["suspend"] = true;
    doc["status"]["conditions"].push_back(cond("Suspended", "True", "2024-01-02T00:00:00Z"));
    j = job(doc);
    row = JobRow::from("dev", "k", *j, start + JobPhase::kTimeoutSeconds + 1);
    EXPECT_TRUE(row.suspended);
    EXPECT_EQ(row.phase, V::Suspended);
    EXPECT_FALSE(row.pastTimeout); // a suspended job is not running past the timeout
}

TEST_F(JobRows, CatalogueAndDescriptors) {
    EXPECT_TRUE(JobKinds::isJobResource("pytorchjobs.kubeflow.org"));
    EXPECT_TRUE(JobKinds::isJobResource("paddlejobs.batch.paddlepaddle.org"));
    EXPECT_TRUE(JobKinds::isJobResource("jobs.batch.volcano.sh"));
    EXPECT_FALSE(JobKinds::isJobResource("jobs")); // batch/v1 Jobs are not ML jobs here
    EXPECT_FALSE(JobKinds::isJobResource("queues.scheduling.volcano.sh"));
    ASSERT_TRUE(JobKinds::find("batch.volcano.sh/v1alpha1", "Job"));
    EXPECT_EQ(JobKinds::find("batch.volcano.sh/v1alpha1", "Job")->family,
              JobKinds::Family::Volcano);
    EXPECT_EQ(JobKinds::find("batch/v1", "Job"), nullptr);
    EXPECT_EQ(JobKinds::descriptors().size(), JobKinds::all().size() + 1); // + Volcano Queue
    EXPECT_EQ(JobKinds::volcanoQueues().id(), "queues.scheduling.volcano.sh");
}

TEST_F(JobRows, QuotaLimitRangeQueueAndOrgRows) {
    auto quota = decodeAs<ResourceQuota>(decoder, ObjectKind::ResourceQuota,
                                         json{{"apiVersion", "v1"},
                                              {"kind", "ResourceQuota"},
                                              {"metadata", {{"name", "q"}, {"namespace", "ns"}}},
                                              {"spec",
                                               {{"hard",
                                                 {{"requests.cpu", "10"},
                                                  {"requests.memory", "64Gi"},
                                                  {"requests.nvidia.com/gpu", "8"},
                                                  {"count/pods", "100"}}}}},
                                              {"status",
                                               {{"hard",
                                                 {{"requests.cpu", "10"},
                                                  {"requests.memory", "64Gi"},
                                                  {"requests.nvidia.com/gpu", "8"},
                                                  {"count/pods", "100"}}},
                                                {"used",
                                                 {{"requests.cpu", "8500m"},
                                                  {"requests.memory", "1536Mi"},
                                                  {"requests.nvidia.com/gpu", "8"}}}}}}
                                             .dump());
    ASSERT_TRUE(quota);
    const auto rows = QuotaRows::quota("dev", *quota);
    ASSERT_EQ(rows.size(), 4u);
    std::map<std::string, QuotaRow> by;
    for (const auto &r : rows)
        by[r.resource] = r;
    EXPECT_EQ(by["requests.cpu"].hard, 10000);
    EXPECT_EQ(by["requests.cpu"].used, 8500);
    EXPECT_DOUBLE_EQ(*by["requests.cpu"].percent(), 85.0);
    EXPECT_DOUBLE_EQ(*by["requests.nvidia.com/gpu"].percent(), 100.0);
    EXPECT_FALSE(by["count/pods"].used); // no used value reported: no percent either
    EXPECT_FALSE(by["count/pods"].percent());
    EXPECT_EQ(AmountFormat::text("requests.memory", *by["requests.memory"].used), "1536Mi");

    auto limits = decodeAs<LimitRange>(decoder, ObjectKind::LimitRange,
                                       manifestJson("k8s/limitrange-mem-cpu-per-container.yaml"));
    ASSERT_TRUE(limits);
    const auto lr = QuotaRows::limitRange("dev", *limits);
    ASSERT_FALSE(lr.empty());
    for (const auto &r : lr) {
        EXPECT_EQ(r.kind, QuotaRow::Kind::LimitRange);
        EXPECT_EQ(r.scope, "Container");
        EXPECT_TRUE(r.max || r.min || r.defaultLimit || r.defaultRequest);
    }

    auto queue = job(json{{"apiVersion", "scheduling.volcano.sh/v1beta1"},
                          {"kind", "Queue"},
                          {"metadata", {{"name", "speech"}}},
                          {"spec",
                           {{"capability", {{"cpu", "64"}, {"nvidia.com/gpu", "16"}}},
                            {"deserved", {{"cpu", "32"}}},
                            {"guaranteed", {{"resource", {{"cpu", "8"}}}}}}},
                          {"status", {{"state", "Open"}, {"allocated", {{"cpu", "48"}}}}}});
    const auto qr = QuotaRows::queue("dev", *queue);
    ASSERT_EQ(qr.size(), 2u); // cpu, nvidia.com/gpu
    EXPECT_EQ(qr[0].resource, "cpu");
    EXPECT_EQ(qr[0].scope, "Open");
    EXPECT_EQ(qr[0].hard, 64000);
    EXPECT_EQ(qr[0].deserved, 32000);
    EXPECT_EQ(qr[0].guaranteed, 8000);
    EXPECT_EQ(qr[0].used, 48000);
    EXPECT_DOUBLE_EQ(*qr[0].percent(), 75.0);
    EXPECT_EQ(qr[1].hard, 16);
    EXPECT_FALSE(qr[1].used);
}

TEST(AmountFormatting, QuantitiesAsPeopleReadThem) {
    EXPECT_EQ(AmountFormat::text("cpu", 250), "250m");
    EXPECT_EQ(AmountFormat::text("requests.cpu", 1500), "1.5");
    EXPECT_EQ(AmountFormat::text("limits.cpu", 4000), "4");
    EXPECT_EQ(AmountFormat::text("memory", std::int64_t{16} << 30), "16Gi");
    EXPECT_EQ(AmountFormat::text("requests.storage", std::int64_t{3} << 40), "3Ti");
    EXPECT_EQ(AmountFormat::text("memory", 1000), "1000"); // not a binary multiple
    EXPECT_EQ(AmountFormat::text("nvidia.com/gpu", 8), "8");
    EXPECT_EQ(AmountFormat::text("count/pods", 100), "100");
    EXPECT_EQ(AmountFormat::cores(250), "0.25");
    EXPECT_EQ(AmountFormat::readable("requests.memory", std::int64_t{1523904} << 20), "1.5Ti");
    EXPECT_EQ(AmountFormat::readable("limits.memory", std::int64_t{1500} << 20), "1.5Gi");
    EXPECT_EQ(AmountFormat::readable("memory", std::int64_t{16} << 30), "16Gi");
    EXPECT_EQ(AmountFormat::readable("memory", 512), "512");
    EXPECT_EQ(AmountFormat::readable("cpu", 1500), "1.5");
}

TEST(CrdStatusKindsTest, SchemaOrPrinterColumnsDecide) {
    const json list = {
        {"apiVersion", "apiextensions.k8s.io/v1"},
        {"kind", "CustomResourceDefinitionList"},
        {"items",
         json::array(
             {// status.conditions in the schema; storage version chosen over the first served.
              {{"spec",
                {{"group", "kubeflow.org"},
                 {"scope", "Namespaced"},
                 {"names", {{"plural", "experiments"}, {"kind", "Experiment"}}},
                 {"versions",
                  json::array({{{"name", "v1alpha3"}, {"served", true}, {"storage", false}},
                               {{"name", "v1beta1"},
                                {"served", true},
                                {"storage", true},
                                {"additionalPrinterColumns",
                                 json::array({{{"name", "Type"},
                                               {"type", "string"},
                                               {"jsonPath", ".status.conditions[-1:].type"}}})},
                                {"schema",
                                 {{"openAPIV3Schema",
                                   {{"properties",
                                     {{"status",
                                       {{"properties",
                                         {{"conditions", {{"type", "array"}}}}}}}}}}}}}}})}}}},
              // An open schema, but a printer column reads .status.phase.
              {{"spec",
                {{"group", "example.com"},
                 {"scope", "Cluster"},
                 {"names", {{"plural", "widgets"}, {"kind", "Widget"}}},
                 {"versions", json::array({{{"name", "v1"},
                                            {"served", true},
                                            {"storage", true},
                                            {"additionalPrinterColumns",
                                             json::array({{{"name", "Phase"},
                                                           {"type", "string"},
                                                           {"jsonPath", ".status.phase"}}})}}})}}}},
              // No lifecycle: a config object.
              {{"spec",
                {{"group", "networking.istio.io"},
                 {"scope", "Namespaced"},
                 {"names", {{"plural", "gateways"}, {"kind", "Gateway"}}},
                 {"versions",
                  json::array(
                      {{{"name", "v1"},
                        {"served", true},
                        {"storage", true},
                        {"additionalPrinterColumns",
                         json::array({{{"name", "Age"},
                                       {"type", "date"},
                                       {"jsonPath", ".metadata.creationTimestamp"}}})}}})}}}},
              // Not served at all.
              {{"spec",
                {{"group", "old.example.com"},
                 {"names", {{"plural", "olds"}, {"kind", "Old"}}},
                 {"versions",
                  json::array({{{"name", "v1"},
                                {"served", false},
                                {"storage", true},
                                {"additionalPrinterColumns",
                                 json::array({{{"name", "P"},
                                               {"type", "string"},
                                               {"jsonPath", ".status.phase"}}})}}})}}}}})}};
    const auto parsed = CrdStatusKinds::parse(list.dump());
    ASSERT_TRUE(parsed) << parsed.error();
    const auto &kinds = *parsed;
    ASSERT_EQ(kinds.size(), 2u);
    EXPECT_EQ(kinds[0].id(), "experiments.kubeflow.org");
    EXPECT_EQ(kinds[0].version, "v1beta1");
    EXPECT_TRUE(kinds[0].namespaced);
    ASSERT_EQ(kinds[0].columns.size(), 1u);
    EXPECT_EQ(kinds[0].columns[0].jsonPath, ".status.conditions[-1:].type");
    EXPECT_EQ(kinds[1].id(), "widgets.example.com");
    EXPECT_FALSE(kinds[1].namespaced);
    const auto status = CrdStatusKinds::parse("{\"kind\":\"Status\"}");
    ASSERT_FALSE(status);
    EXPECT_EQ(status.error(), "not a CustomResourceDefinitionList");
}
