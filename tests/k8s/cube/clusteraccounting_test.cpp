// ClusterAccounting: the platform's counting rules, applied one event at a time.

#include "k8s/cube/clusteraccounting.h"
#include "k8s/objects/node.h"
#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/pod.h"
#include "k8s/objects/stringpool.h"
#include "tests/support/decodeas.h"

#include <gtest/gtest.h>
#include <string>

using namespace cubedesk::k8s;
using cubedesk::k8s::testing::decodeAs;

namespace {

class AccountingTest : public ::testing::Test {
protected:
    ObjectDecoder decoder{StringPool::create()};
    ClusterAccounting a;

    std::shared_ptr<const KubeObject> node(const std::string &name, const std::string &org,
                                           const std::string &gpus, bool ready = true) {
        std::string labels = org.empty() ? "{}" : R"({"org":")" + org + R"("})";
        std::string json =
            R"({"metadata":{"name":")" + name + R"(","resourceVersion":"1","labels":)" + labels +
            R"(},"status":{"allocatable":{"cpu":"8","memory":"32Gi","nvidia.com/gpu":")" + gpus +
            R"("},"conditions":[{"type":"Ready","status":")" + (ready ? "True" : "False") +
            R"("}]}})";
        return decodeAs(decoder, ObjectKind::Node, json);
    }
    std::shared_ptr<const KubeObject> pod(const std::string &name, const std::string &nodeName,
                                          const std::string &phase, const std::string &cpu,
                                          const std::string &gpu,
                                          const std::string &org = "vision") {
        std::string spec = R"({"nodeSelector":{"org":")" + org + R"("},)";
        if (!nodeName.empty())
            spec += R"("nodeName":")" + nodeName + R"(",)";
        spec += R"("containers":[{"name":"c","resources":{"requests":{"cpu":")" + cpu +
                R"(","nvidia.com/gpu":")" + gpu + R"("}}}]})";
        std::string json = R"({"metadata":{"name":")" + name +
                           R"(","namespace":"pipeline","resourceVersion":"2"},"spec":)" + spec +
                           R"(,"status":{"phase":")" + phase + R"("}})";
        return decodeAs(decoder, ObjectKind::Pod, json);
    }
    void upsert(const std::shared_ptr<const KubeObject> &o) {
        if (o->kind() == ObjectKind::Node)
            a.upsertNode(static_cast<const Node &>(*o));
        else
            a.upsertPod(std::string(o->namespaceName()) + '/' + std::string(o->name()),
                        static_cast<const Pod &>(*o));
    }
    std::int64_t orgGpu(const std::string &org, bool requested) {
        auto it = a.orgs().find(org);
        if (it == a.orgs().end())
            return 0;
        const auto &amounts = requested ? it->second.requested : it->second.allocatable;
        auto g = amounts.find("nvidia.com/gpu");
        return g == amounts.end() ? 0 : g->second;
    }
};

TEST_F(AccountingTest, CountsHoldingPodsAgainstTheirNodesOrg) {
    upsert(node("g1", "vision", "8"));
    upsert(node("g2", "", "8")); // no org label: public
    upsert(pod("running", "g1", "Running", "2", "4"));
    upsert(pod("bound-pending", "g1", "Pending", "1", "2"));
    upsert(pod("done", "g1", "Succeeded", "1", "1"));
    upsert(pod("waiting", "", "Pending", "1", "8"));
    EXPECT_EQ(orgGpu("vision", false), 8);
    EXPECT_EQ(orgGpu("public", false), 8);
    EXPECT_EQ(orgGpu("vision", true), 6) << "Running and bound Pending hold; Succeeded does not";
    EXPECT_EQ(a.orgs().at("vision").pendingPods, 1);
    EXPECT_EQ(a.node("g1")->pods, 2);
    EXPECT_EQ(a.node("g1")->requested.at("cpu"), 3000);
    EXPECT_EQ(a.totals().pods, 4);
    EXPECT_EQ(a.totals().holdingPods, 2);
    EXPECT_EQ(a.totals().pendingPods, 1);
    EXPECT_EQ(a.namespaces().at("pipeline").at("nvidia.com/gpu"), 6);
}

TEST_F(AccountingTest, MovingANodeMovesItsCapacityAndLoad) {
    upsert(node("g1", "public", "8"));
    upsert(pod("p", "g1", "Running", "2", "4", "public"));
    EXPECT_EQ(orgGpu("public", true), 4);
    upsert(node("g1", "vision", "8")); // relabelled
    EXPECT_EQ(orgGpu("public", true), 0);
    EXPECT_EQ(orgGpu("public", false), 0);
    EXPECT_EQ(orgGpu("vision", true), 4);
    EXPECT_EQ(orgGpu("vision", false), 8);
    EXPECT_EQ(a.orgs().at("public").nodes, 0);
    EXPECT_EQ(a.orgs().at("vision").nodes, 1);
}

TEST_F(AccountingTest, UpdatesAndDeletionsAreIncremental) {
    upsert(node("g1", "vision", "8"));
    upsert(pod("p", "", "Pending", "2", "4"));
    EXPECT_EQ(a.orgs().at("vision").pendingPods, 1);
    upsert(pod("p", "g1", "Running", "2", "4")); // scheduled
    EXPECT_EQ(a.orgs().at("vision").pendingPods, 0);
    EXPECT_EQ(orgGpu("vision", true), 4);
    // upsertPod says whether anything counted moved: a heartbeat of the same pod does not.
    const auto same = pod("p", "g1", "Running", "2", "4");
    EXPECT_FALSE(a.upsertPod("pipeline/p", static_cast<const Pod &>(*same)));
    EXPECT_EQ(orgGpu("vision", true), 4);
    EXPECT_TRUE(
        a.upsertPod("pipeline/p", static_cast<const Pod &>(*pod("p", "g1", "Running", "3", "4"))));
    upsert(pod("p", "g1", "Failed", "2", "4"));
    EXPECT_EQ(orgGpu("vision", true), 0);
    a.removePod("pipeline/p");
    EXPECT_EQ(a.totals().pods, 0);
    a.removeNode("g1");
    EXPECT_EQ(a.totals().nodes, 0);
    EXPECT_EQ(orgGpu("vision", false), 0);
    EXPECT_EQ(a.node("g1"), nullptr);
}

TEST_F(AccountingTest, PodsMayArriveBeforeTheirNode) {
    upsert(pod("early", "g9", "Running", "1", "1", "public"));
    ASSERT_NE(a.node("g9"), nullptr);
    EXPECT_FALSE(a.node("g9")->known);
    EXPECT_EQ(a.totals().nodes, 0);
    upsert(node("g9", "nlp", "8", false));
    EXPECT_EQ(orgGpu("nlp", true), 1);
    EXPECT_EQ(orgGpu("public", true), 0);
    EXPECT_EQ(a.orgs().at("nlp").readyNodes, 0);
    EXPECT_EQ(a.totals().nodes, 1);
}

} // namespace
