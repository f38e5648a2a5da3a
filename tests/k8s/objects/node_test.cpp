#include "fixtures.h"
#include "k8s/objects/node.h"
#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/stringpool.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using cubedesk::k8s::Condition;
using cubedesk::k8s::Node;
using cubedesk::k8s::ObjectDecoder;
using cubedesk::k8s::ObjectKind;
using cubedesk::k8s::ResourceList;
using cubedesk::k8s::StringPool;
using cubedesk::k8s::testing::decodeAs;
using cubedesk::k8s::testing::readFixture;
using nlohmann::json;

TEST(NodeProjection, MinikubeFixture) {
    ObjectDecoder decoder(StringPool::create());
    auto node =
        decodeAs<Node>(decoder, ObjectKind::Node, readFixture("k8s/node-minikube-real.json"));
    ASSERT_TRUE(node);
    EXPECT_EQ(node->name(), "minikube");
    EXPECT_EQ(node->namespaceName(), "");
    EXPECT_EQ(node->uid(), "3a554aa2-fee7-435b-ae1b-e67bdaac069a");
    EXPECT_EQ(node->resourceVersionNumber(), 500588u);
    EXPECT_EQ(node->creationTimestamp(), 1566856329); // 2019-08-26T21:52:09Z
    EXPECT_FALSE(node->unschedulable());
    EXPECT_TRUE(node->taints().empty());

    EXPECT_TRUE(node->isReady());
    const Condition &ready = node->readyCondition();
    EXPECT_EQ(ready.type, "Ready");
    EXPECT_EQ(ready.status, "True");
    EXPECT_EQ(ready.reason, "KubeletReady");
    EXPECT_EQ(ready.message, "kubelet is posting ready status");
    EXPECT_EQ(ready.lastTransitionTime, 1566856326); // 2019-08-26T21:52:06Z
    ASSERT_EQ(node->otherConditions().size(), 3u);
    EXPECT_EQ(node->otherConditions()[0].type, "MemoryPressure");
    EXPECT_EQ(node->otherConditions()[0].status, "False");
    EXPECT_EQ(node->otherConditions()[1].reason, "KubeletHasNoDiskPressure");
    EXPECT_EQ(node->otherConditions()[2].message, "kubelet has sufficient PID available");

    const ResourceList capacity = node->capacity();
    EXPECT_EQ(capacity.milliCpu(), 4000);
    EXPECT_EQ(capacity.memoryBytes(), 8165556LL * 1024);
    EXPECT_EQ(capacity.value("ephemeral-storage"), 16954240LL * 1024);
    EXPECT_EQ(capacity.value("hugepages-2Mi"), 0);
    EXPECT_EQ(capacity.value("pods"), 110);
    EXPECT_EQ(capacity.size(), 5u);
    const ResourceList allocatable = node->allocatable();
    EXPECT_EQ(allocatable.milliCpu(), 4000);
    EXPECT_EQ(allocatable.memoryBytes(), 8063156LL * 1024);
    EXPECT_EQ(allocatable.value("ephemeral-storage"), 15625027559LL);
    EXPECT_FALSE(allocatable.value("nvidia.com/gpu"));

    ASSERT_EQ(node->addresses().size(), 2u);
    EXPECT_EQ(node->internalIp(), "192.168.64.107");
    EXPECT_EQ(node->hostnameAddress(), "minikube");
    EXPECT_EQ(node->info().kubeletVersion, "v1.15.2");
    EXPECT_EQ(node->info().osImage, "Buildroot 2018.05.3");
    EXPECT_EQ(node->info().containerRuntimeVersion, "docker://18.9.8");
    EXPECT_EQ(node->info().kernelVersion, "4.15.0");
    EXPECT_EQ(node->info().architecture, "amd64");
    EXPECT_EQ(node->info().operatingSystem, "linux");

    EXPECT_EQ(node->labels().size(), 6u);
    EXPECT_EQ(node->labels().value("kubernetes.io/hostname"), "minikube");
    EXPECT_EQ(node->labels().value("node-role.kubernetes.io/master"), "");
    EXPECT_EQ(node->gpuTopology(), "");
}

TEST(NodeProjection, GpuLabelMapsOnTheMinikubeNode) {
    // The real GPU Feature Discovery label maps, put on the real minikube node together with
    // MIG devices, a taint, cordoning and the topology annotation.
    for (const char *labelsFile :
         {"k8s/gpu-node-labels-h100-mig-mixed.json", "k8s/gpu-node-labels-h100-mig-single.json",
          "k8s/gpu-node-labels-dgx-a100-mig-mixed.json"}) {
        SCOPED_TRACE(labelsFile);
        const json labels = json::parse(readFixture(labelsFile));
        json node = json::parse(readFixture("k8s/node-minikube-real.json"));
        node["metadata"]["labels"] = labels;
        node["metadata"]["labels"]["org"] = "vision";
        node["metadata"]["annotations"]["cubedesk.io/gpu-topology"] = "GPU0\tX\tNV12";
        node["spec"]["unschedulable"] = true;
        node["spec"]["taints"] = json::array({{{"key", "nvidia.com/gpu"}, {"effect", "NoSchedule"}},
                                              {{"key", "node.kubernetes.io/unschedulable"},
                                               {"effect", "NoSchedule"},
                                               {"timeAdded", "2026-01-01T00:00:00Z"}}});
        node["status"]["capacity"]["nvidia.com/gpu"] = "1";
        node["status"]["capacity"]["nvidia.com/mig-1g.10gb"] = "2";
        node["status"]["allocatable"]["nvidia.com/gpu"] = "1";
        node["status"]["allocatable"]["nvidia.com/mig-1g.10gb"] = "2";
        node["status"]["allocatable"]["nvidia.com/gpucores"] = "100";

        ObjectDecoder decoder(StringPool::create());
        auto n = decodeAs<Node>(decoder, ObjectKind::Node, node.dump());
        ASSERT_TRUE(n);
        EXPECT_EQ(n->labels().size(), labels.size() + 1);
        for (auto it = labels.begin(); it != labels.end(); ++it)
            EXPECT_EQ(n->labels().value(it.key()), it.value().get<std::string>()) << it.key();
        EXPECT_EQ(n->labels().value("org"), "vision");
        std::size_t seen = 0;
        for (const auto label : n->labels()) {
            EXPECT_TRUE(label.key == "org" || labels.contains(std::string(label.key)));
            ++seen;
        }
        EXPECT_EQ(seen, labels.size() + 1);
        EXPECT_TRUE(n->unschedulable());
        ASSERT_EQ(n->taints().size(), 2u);
        EXPECT_EQ(n->taints()[0], (Node::Taint{"nvidia.com/gpu", "", "NoSchedule"}));
        EXPECT_EQ(n->taints()[1].key, "node.kubernetes.io/unschedulable");
        EXPECT_EQ(n->gpuTopology(), "GPU0\tX\tNV12");
        EXPECT_EQ(n->allocatable().value("nvidia.com/gpu"), 1);
        EXPECT_EQ(n->allocatable().value("nvidia.com/mig-1g.10gb"), 2);
        EXPECT_EQ(n->allocatable().value("nvidia.com/gpucores"), 100);
        EXPECT_EQ(n->capacity().value("nvidia.com/mig-1g.10gb"), 2);
        EXPECT_EQ(n->labels().value("nvidia.com/gpu.count"), "1");
    }
}

TEST(NodeProjection, SharedLabelValuesAcrossNodes) {
    // Two nodes with the same GFD labels but different hostnames share the interned pairs and
    // strings; their sets differ.
    ObjectDecoder decoder(StringPool::create());
    json labels = json::parse(readFixture("k8s/gpu-node-labels-h100-mig-mixed.json"));
    json a = {{"metadata", {{"name", "a"}, {"labels", labels}}}};
    labels["kubernetes.io/hostname"] = "b";
    json b = {{"metadata", {{"name", "b"}, {"labels", labels}}}};
    auto na = decodeAs<Node>(decoder, ObjectKind::Node, a.dump());
    const std::size_t pairsAfterFirst = decoder.pool()->pairCount();
    auto nb = decodeAs<Node>(decoder, ObjectKind::Node, b.dump());
    EXPECT_EQ(decoder.pool()->pairCount(), pairsAfterFirst + 1);
    EXPECT_FALSE(na->labels() == nb->labels());
    EXPECT_EQ(nb->labels().value("kubernetes.io/hostname"), "b");
}
