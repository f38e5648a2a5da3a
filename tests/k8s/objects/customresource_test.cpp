#include "fixtures.h"
#include "k8s/objects/customresource.h"
#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/stringpool.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using cubedesk::k8s::CustomResource;
using cubedesk::k8s::ObjectDecoder;
using cubedesk::k8s::ObjectKind;
using cubedesk::k8s::StringPool;
using cubedesk::k8s::testing::decodeAs;
using cubedesk::k8s::testing::manifestJson;
using cubedesk::k8s::testing::readFixture;
using nlohmann::json;
using ReplicaStatus = CustomResource::ReplicaStatus;

namespace {

std::shared_ptr<const CustomResource> decodeManifest(ObjectDecoder &decoder,
                                                     const std::string &file) {
    return decodeAs<CustomResource>(decoder, ObjectKind::CustomResource, manifestJson(file));
}

// For fixtures the manifest loader rejects as objects (no kind, elided metadata): plain YAML.
json yamlFixture(const std::string &file) {
    const auto j = cubedesk::sim::ManifestLoader::yamlToJson(readFixture(file));
    EXPECT_TRUE(j) << j.error();
    return j.valueOr(json::object());
}

} // namespace

TEST(CustomResourceProjection, PyTorchJobWithStatus) {
    ObjectDecoder decoder(StringPool::create());
    auto job = decodeManifest(decoder, "k8s/pytorchjob-with-status.yaml");
    ASSERT_TRUE(job);
    EXPECT_EQ(job->apiVersion(), "kubeflow.org/v1");
    EXPECT_EQ(job->kindName(), "PyTorchJob");
    EXPECT_EQ(job->name(), "pytorch-tcp-dist-mnist");
    EXPECT_EQ(job->namespaceName(), "default");
    EXPECT_EQ(job->uid(), "059391e8-017b-11e9-bf13-06afd8f55a5c");
    EXPECT_EQ(job->resourceVersionNumber(), 15532u);
    EXPECT_EQ(job->rawPhase(), "");
    EXPECT_EQ(job->phase(), "Succeeded"); // last True condition
    ASSERT_EQ(job->conditions().size(), 3u);
    EXPECT_EQ(job->conditions()[1].type, "Running");
    EXPECT_EQ(job->conditions()[1].status, "False");
    EXPECT_EQ(job->conditions()[2].reason, "PyTorchJobSucceeded");
    EXPECT_EQ(job->conditions()[2].message,
              "PyTorchJob pytorch-tcp-dist-mnist is successfully completed.");
    EXPECT_EQ(job->conditions()[0].lastTransitionTime, 1544996349); // 2018-12-16T21:39:09Z
    ASSERT_EQ(job->replicaStatuses().size(), 2u);
    EXPECT_EQ(job->replicaStatuses()[0], (ReplicaStatus{"Master", 0, 0, 0}));
    EXPECT_EQ(job->replicaStatuses()[1], (ReplicaStatus{"Worker", 0, 0, 0}));
    EXPECT_TRUE(job->gpuRequests().empty());
    EXPECT_EQ(job->startTime(), 1544996445);
    EXPECT_EQ(job->completionTime(), 1544996607);
}

TEST(CustomResourceProjection, KubeflowJobsStatusesAndGpus) {
    ObjectDecoder decoder(StringPool::create());
    auto tf = decodeManifest(decoder, "k8s/tfjob-with-status.yaml");
    ASSERT_TRUE(tf);
    EXPECT_EQ(tf->phase(), "Running");
    ASSERT_EQ(tf->replicaStatuses().size(), 2u);
    EXPECT_EQ(tf->replicaStatuses()[0], (ReplicaStatus{"PS", 2, 0, 0}));
    EXPECT_EQ(tf->replicaStatuses()[1], (ReplicaStatus{"Worker", 4, 0, 0}));

    auto mpi = decodeManifest(decoder, "k8s/mpijob-v2beta1-with-status.yaml");
    ASSERT_TRUE(mpi);
    EXPECT_EQ(mpi->apiVersion(), "kubeflow.org/v2beta1");
    EXPECT_EQ(mpi->phase(), "Succeeded");
    EXPECT_EQ(mpi->replicaStatuses()[0], (ReplicaStatus{"Launcher", 0, 1, 0}));
    // Worker: 1 replica × limit nvidia.com/gpu 2 (the request defaults to the limit).
    EXPECT_EQ(mpi->gpuRequests().value("nvidia.com/gpu"), 2);
    EXPECT_EQ(mpi->gpuRequests().size(), 1u);

    auto jax = decodeManifest(decoder, "k8s/jaxjob-with-status.yaml");
    ASSERT_TRUE(jax);
    EXPECT_EQ(jax->phase(), "Succeeded");
    EXPECT_EQ(jax->replicaStatuses()[0], (ReplicaStatus{"Worker", 0, 2, 0}));

    auto nccl = decodeManifest(decoder, "k8s/pytorchjob-mnist-nccl-gpu.yaml");
    ASSERT_TRUE(nccl);
    EXPECT_EQ(nccl->phase(), "");
    EXPECT_EQ(nccl->gpuRequests().value("nvidia.com/gpu"), 2); // Master 1×1 + Worker 1×1

    auto paddle = decodeManifest(decoder, "k8s/paddlejob-simple-gpu.yaml");
    ASSERT_TRUE(paddle);
    EXPECT_EQ(paddle->gpuRequests().value("nvidia.com/gpu"), 4); // 2 replicas × 2

    for (const char *file : {"k8s/pytorchjob-simple.yaml", "k8s/xgboostjob.yaml",
                             "k8s/mpijob-kubeflow-v1-tensorflow-mnist.yaml"}) {
        SCOPED_TRACE(file);
        auto job = decodeManifest(decoder, file);
        ASSERT_TRUE(job);
        EXPECT_FALSE(job->name().empty());
        EXPECT_EQ(job->phase(), "");
    }
}

TEST(CustomResourceProjection, VolcanoJobsQueuesAndPodGroups) {
    ObjectDecoder decoder(StringPool::create());
    auto job = decodeManifest(decoder, "k8s/volcano-job-with-status.yaml");
    ASSERT_TRUE(job);
    EXPECT_EQ(job->apiVersion(), "batch.volcano.sh/v1alpha1");
    EXPECT_EQ(job->kindName(), "Job");
    EXPECT_EQ(job->rawPhase(), "Running"); // status.state.phase
    EXPECT_EQ(job->phase(), "Running");
    ASSERT_EQ(job->conditions().size(), 5u);
    EXPECT_EQ(job->conditions()[0].status, "Pending");
    EXPECT_EQ(job->conditions()[4].status, "Running");
    EXPECT_EQ(job->conditions()[4].lastTransitionTime, 1748421570);
    ASSERT_EQ(job->replicaStatuses().size(), 1u);
    EXPECT_EQ(job->replicaStatuses()[0], (ReplicaStatus{"completion-task", 3, 0, 0}));
    EXPECT_TRUE(job->gpuRequests().empty()); // CPU only
    EXPECT_EQ(job->completionTime(), 0);     // still running

    auto mindspore = decodeManifest(decoder, "k8s/volcano-job-gpu-mindspore.yaml");
    ASSERT_TRUE(mindspore);
    EXPECT_EQ(mindspore->gpuRequests().value("nvidia.com/gpu"), 2); // mpiworker 2 × 1

    auto podGroup = decodeManifest(decoder, "k8s/volcano-podgroup-with-status.yaml");
    ASSERT_TRUE(podGroup);
    EXPECT_EQ(podGroup->phase(), "Running");
    ASSERT_EQ(podGroup->ownerCount(), 1u);
    EXPECT_EQ(podGroup->owner(0).kind, "ReplicaSet");
    EXPECT_EQ(podGroup->owner(0).name, "my-app-deployment-74644c8849");
    EXPECT_EQ(podGroup->conditions()[0].type, "Scheduled");

    auto queue = decodeManifest(decoder, "k8s/volcano-queue-with-status.yaml");
    ASSERT_TRUE(queue);
    EXPECT_EQ(queue->rawPhase(), "Open");
    EXPECT_EQ(queue->phase(), "Open");
}

TEST(CustomResourceProjection, SparkAndArgo) {
    ObjectDecoder decoder(StringPool::create());
    // The fixture elides its metadata as "...": that is a type error for the decoder...
    json spark = yamlFixture("k8s/sparkapplication-with-status.yaml");
    const auto elided = decoder.decode(ObjectKind::CustomResource, spark.dump());
    ASSERT_FALSE(elided);
    EXPECT_NE(elided.error().find("invalid object"), std::string::npos);
    // ...and decodes once a metadata object is put back.
    spark["metadata"] = {{"name", "spark-pi"}, {"namespace", "default"}};
    auto app = decodeAs<CustomResource>(decoder, ObjectKind::CustomResource, spark.dump());
    ASSERT_TRUE(app);
    EXPECT_EQ(app->rawPhase(), "COMPLETED");
    EXPECT_EQ(app->phase(), "Succeeded");
    EXPECT_EQ(app->completionTime(), 1519169635); // 2018-02-20T23:33:55Z
    EXPECT_TRUE(app->gpuRequests().empty());
    spark["spec"]["executor"]["gpu"] = {{"name", "nvidia.com/gpu"}, {"quantity", 1}};
    spark["spec"]["executor"]["instances"] = 3;
    spark["spec"]["driver"]["gpu"] = {{"name", "nvidia.com/gpu"}, {"quantity", 1}};
    auto gpuApp = decodeAs<CustomResource>(decoder, ObjectKind::CustomResource, spark.dump());
    EXPECT_EQ(gpuApp->gpuRequests().value("nvidia.com/gpu"), 4);

    auto pi = decodeManifest(decoder, "k8s/sparkapplication-spark-pi.yaml");
    ASSERT_TRUE(pi);
    EXPECT_EQ(pi->kindName(), "SparkApplication");

    auto dag = decodeManifest(decoder, "k8s/argo-workflow-with-status-dag-retry-succeeded.yaml");
    ASSERT_TRUE(dag);
    EXPECT_EQ(dag->kindName(), "Workflow");
    EXPECT_EQ(dag->rawPhase(), "");
    EXPECT_EQ(dag->labels().value("workflows.argoproj.io/phase"), "Failed");
    EXPECT_EQ(dag->startTime(), 1533118963); // 2018-08-01T10:22:43Z

    // This fixture lacks apiVersion/kind (a real `argo get -o yaml` excerpt).
    json steps = yamlFixture("k8s/argo-workflow-with-status-steps-failed-retries.yaml");
    auto failed = decodeAs<CustomResource>(decoder, ObjectKind::CustomResource, steps.dump());
    ASSERT_TRUE(failed);
    EXPECT_EQ(failed->kindName(), "");
    EXPECT_EQ(failed->phase(), "Running");
    EXPECT_EQ(failed->startTime(), 1546478598); // 2019-01-03T01:23:18Z
    EXPECT_EQ(failed->completionTime(), 0);     // finishedAt: null
}

TEST(CustomResourceProjection, CubeStudioManifests) {
    ObjectDecoder decoder(StringPool::create());
    for (const char *file : {"cubestudio/install/kubernetes/volcano/demo.yaml",
                             "cubestudio/job-template/job/spark/demo.yaml",
                             "cubestudio/install/kubernetes/paddle/demo.yaml",
                             "cubestudio/job-template/job/mxnet/demo.yaml",
                             "cubestudio/install/kubernetes/kube-batch/demo.yaml"}) {
        SCOPED_TRACE(file);
        auto cr = decodeManifest(decoder, file);
        ASSERT_TRUE(cr);
        EXPECT_FALSE(cr->kindName().empty());
        EXPECT_FALSE(cr->name().empty());
    }
}

TEST(CustomResourceProjection, PhaseNormalisation) {
    EXPECT_EQ(CustomResource::normalisePhase("COMPLETED"), "Succeeded");
    EXPECT_EQ(CustomResource::normalisePhase("Inqueue"), "Pending");
    EXPECT_EQ(CustomResource::normalisePhase("SUBMISSION_FAILED"), "Failed");
    EXPECT_EQ(CustomResource::normalisePhase("Aborted"), "Failed");
    EXPECT_EQ(CustomResource::normalisePhase("Restarting"), "Running");
    EXPECT_EQ(CustomResource::normalisePhase("Created"), "Pending");
    EXPECT_EQ(CustomResource::normalisePhase("Suspended"), "Suspended");
    EXPECT_EQ(CustomResource::normalisePhase(""), "");
}
