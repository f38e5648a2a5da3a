// OrgMovePreview: what relabelling nodes into another org does to running and pending pods.

#include "k8s/api/rfc3339.h"
#include "k8s/cube/clusteraccounting.h"
#include "k8s/cube/dumprows.h"
#include "k8s/cube/orgmovepreview.h"
#include "k8s/objects/node.h"
#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/pod.h"
#include "k8s/objects/stringpool.h"
#include "k8s/write/nodewrites.h"
#include "tests/support/decodeas.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <map>
#include <string>

using namespace cubedesk::k8s;
using cubedesk::k8s::testing::decodeAs;

namespace {

struct NodeSpec {
    std::string name;
    std::string org; ///< "" = no org label
    std::string gpus = "8";
    bool ready = true;
    bool cordoned = false;
    std::map<std::string, std::string> extraLabels = {};
    std::string cpu = "32";
    std::string memory = "256Gi";
};

struct PodSpec {
    std::string name;
    std::string node; ///< "" = unbound
    std::string phase;
    std::string org; ///< "" = no org selector
    std::string gpus = "0";
    std::string cpu = "1";
    std::int64_t created = 1700000000;
    std::string extraResource = {}; ///< "name=amount"
};

class OrgMovePreviewTest : public ::testing::Test {
protected:
    ObjectDecoder decoder{StringPool::create()};
    std::vector<std::shared_ptr<const Node>> nodes;
    std::vector<std::shared_ptr<const Pod>> pods;

    void addNode(const NodeSpec &s) {
        std::string labels = "{";
        auto put = [&](const std::string &k, const std::string &v) {
            labels += (labels.size() > 1 ? "," : "") + ('"' + k + "\":\"" + v + '"');
        };
        if (!s.org.empty())
            put("org", s.org);
        for (const auto &[k, v] : s.extraLabels)
            put(k, v);
        labels += '}';
        const std::string json = R"({"metadata":{"name":")" + s.name + R"(","resourceVersion":"7)" +
                                 std::to_string(nodes.size()) + R"(","labels":)" + labels +
                                 R"(},"spec":{"unschedulable":)" + (s.cordoned ? "true" : "false") +
                                 R"(},"status":{"allocatable":{"cpu":")" + s.cpu +
                                 R"(","memory":")" + s.memory + R"(","nvidia.com/gpu":")" + s.gpus +
                                 R"(","pods":"110"},"conditions":[{"type":"Ready","status":")" +
                                 (s.ready ? "True" : "False") + R"("}]}})";
        auto o = decodeAs<Node>(decoder, ObjectKind::Node, json);
        ASSERT_TRUE(o);
        nodes.push_back(std::move(o));
    }

    void addPod(const PodSpec &s) {
        std::string spec = "{";
        if (!s.org.empty())
            spec += R"("nodeSelector":{"org":")" + s.org + R"("},)";
        if (!s.node.empty())
            spec += R"("nodeName":")" + s.node + R"(",)";
        std::string requests =
            R"("cpu":")" + s.cpu + R"(","memory":"1Gi","nvidia.com/gpu":")" + s.gpus + '"';
        if (!s.extraResource.empty()) {
            const auto eq = s.extraResource.find('=');
            requests += R"(,")" + s.extraResource.substr(0, eq) + R"(":")" +
                        s.extraResource.substr(eq + 1) + '"';
        }
        spec += R"("containers":[{"name":"c","resources":{"requests":{)" + requests + "}}}]}";
        const std::string json =
            R"({"metadata":{"name":")" + s.name +
            R"(","namespace":"pipeline","resourceVersion":"2","creationTimestamp":")" +
            Rfc3339::format(s.created) + R"("},"spec":)" + spec + R"(,"status":{"phase":")" +
            s.phase + R"("}})";
        auto o = decodeAs<Pod>(decoder, ObjectKind::Pod, json);
        ASSERT_TRUE(o);
        pods.push_back(std::move(o));
    }

    ClusterAccounting account() const {
        ClusterAccounting a;
        for (const auto &n : nodes)
            a.upsertNode(*n);
        for (const auto &p : pods)
            a.upsertPod(std::string(p->namespaceName()) + '/' + std::string(p->name()), *p);
        return a;
    }

    OrgMovePreview::Result preview(const std::vector<std::string> &moving,
                                   const std::string &target) const {
        return OrgMovePreview::compute(account(), nodes, pods, moving, target);
    }

    static const OrgMovePreview::NodeLine *line(const OrgMovePreview::Result &r,
                                                const std::string &node) {
        for (const auto &l : r.nodes)
            if (l.node == node)
                return &l;
        return nullptr;
    }
    static bool hasWarning(const OrgMovePreview::Result &r, const std::string &part) {
        return std::any_of(r.warnings.begin(), r.warnings.end(),
                           [&](const std::string &w) { return w.find(part) != std::string::npos; });
    }
};

TEST_F(OrgMovePreviewTest, RunningPodsStayAndAPendingPodOfTheTargetOrgFits) {
    addNode({"a1", "", "8"}); // no org label: public
    addNode({"a2", "public", "8"});
    addNode({"v1", "vision", "8"});
    addPod({"run1", "a1", "Running", "public", "4"});
    addPod({"run2", "a1", "Pending", "public", "1"}); // bound: holds its GPU
    addPod({"done", "a1", "Succeeded", "public", "2"});
    addPod({"small", "", "Pending", "vision", "2", "1", 100});
    addPod({"big", "", "Pending", "vision", "8", "1", 200});
    addPod({"other-org", "", "Pending", "nlp", "1"});
    addPod({"public-pending", "", "Pending", "", "1"});

    const auto r = preview({"a1"}, "vision");
    ASSERT_TRUE(r.errors.empty());
    ASSERT_EQ(r.nodes.size(), 1u);
    const auto &l = r.nodes[0];
    EXPECT_EQ(l.node, "a1");
    EXPECT_EQ(l.fromOrg, "public");
    EXPECT_EQ(l.toOrg, "vision");
    EXPECT_FALSE(l.unchanged);
    EXPECT_TRUE(l.ready);
    EXPECT_TRUE(l.schedulable);
    EXPECT_TRUE(l.shareable);
    EXPECT_EQ(l.stayingPods, (std::vector<std::string>{"pipeline/run1", "pipeline/run2"}));
    EXPECT_EQ(l.free.gpus, 3);
    EXPECT_EQ(l.free.milliCpu, 32000 - 2000);
    EXPECT_EQ(l.free.memoryBytes, (256LL - 2) << 30);
    EXPECT_EQ(l.free.amounts.at("pods"), 110 - 2);
    EXPECT_EQ(l.freeAfterPlacement.gpus, 1);
    EXPECT_EQ(l.freeAfterPlacement.milliCpu, 32000 - 3000);

    ASSERT_EQ(r.wouldFit.size(), 1u);
    EXPECT_EQ(r.wouldFit[0].pod, "pipeline/small");
    EXPECT_EQ(r.wouldFit[0].node, "a1");
    ASSERT_EQ(r.stillPending.size(), 1u);
    EXPECT_EQ(r.stillPending[0].pod, "pipeline/big");
    EXPECT_EQ(r.stillPending[0].reason, "needs 8 nvidia.com/gpu, the largest free is 1 on a1");
    EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();

    ASSERT_EQ(r.writes.size(), 1u);
    EXPECT_EQ(r.writes[0].method, "PATCH");
    EXPECT_EQ(r.writes[0].path, "/api/v1/nodes/a1");
    const auto body = NodeWrites::labelsOf(r.writes[0].body);
    ASSERT_TRUE(body);
    EXPECT_EQ(body->first, (std::map<std::string, std::string>{{"org", "vision"}}));
    EXPECT_EQ(body->second, nodes[0]->resourceVersion());
}

TEST_F(OrgMovePreviewTest, NodesAlreadyInTheTargetAreUnchangedAndNotWritten) {
    addNode({"v1", "vision", "8"});
    addNode({"a1", "public", "8"});
    addPod({"wait", "", "Pending", "vision", "1"});
    const auto r = preview({"v1", "a1", "a1", "ghost"}, "vision");
    ASSERT_EQ(r.nodes.size(), 2u) << "duplicates dropped, unknown names skipped";
    EXPECT_EQ(r.nodes[0].node, "v1");
    EXPECT_TRUE(r.nodes[0].unchanged);
    EXPECT_EQ(r.nodes[0].fromOrg, "vision");
    EXPECT_FALSE(r.nodes[1].unchanged);
    ASSERT_EQ(r.writes.size(), 1u);
    EXPECT_EQ(r.writes[0].path, "/api/v1/nodes/a1");
    ASSERT_EQ(r.wouldFit.size(), 1u);
    EXPECT_EQ(r.wouldFit[0].node, "a1") << "an unchanged node offers no new room";
    EXPECT_TRUE(hasWarning(r, "ghost is not a node"));
    ASSERT_EQ(r.orgs.size(), 2u);
    EXPECT_EQ(r.orgs[0].org, "public");
    EXPECT_EQ(r.orgs[0].after.nodes, 0);
    EXPECT_TRUE(r.orgs[1].target);
    EXPECT_EQ(r.orgs[1].before.nodes, 1);
    EXPECT_EQ(r.orgs[1].after.nodes, 2);

    const auto none = preview({"v1"}, "vision");
    EXPECT_TRUE(none.writes.empty());
    EXPECT_TRUE(none.wouldFit.empty());
    ASSERT_EQ(none.stillPending.size(), 1u);
    EXPECT_EQ(none.stillPending[0].reason, "no node moves into vision");
}

TEST_F(OrgMovePreviewTest, WarnsAboutShareFalseNotReadyCordonedAndAnEmptiedSourceOrg) {
    addNode({"keep", "speech", "8", true, false, {{"share", "false"}}});
    addNode({"down", "speech", "8", false});
    addNode({"cordoned", "nlp", "8", true, true});
    addNode({"nlp-2", "nlp", "8"});
    addPod({"wait", "", "Pending", "vision", "1"});
    addPod({"speech-wait", "", "Pending", "speech", "1"});

    const auto r = preview({"keep", "down", "cordoned"}, "vision");
    EXPECT_EQ(r.writes.size(), 3u) << "warnings do not block the move";
    EXPECT_TRUE(hasWarning(r, "keep is labelled share=false"));
    EXPECT_TRUE(hasWarning(r, "down is NotReady"));
    EXPECT_TRUE(hasWarning(r, "cordoned is cordoned"));
    EXPECT_TRUE(hasWarning(r, "org speech is left with no Ready node: its 1 pending pod cannot "
                              "start"));
    EXPECT_FALSE(hasWarning(r, "org nlp")) << "nlp keeps nlp-2";
    EXPECT_FALSE(line(r, "keep")->shareable);
    EXPECT_FALSE(line(r, "down")->ready);
    EXPECT_FALSE(line(r, "cordoned")->schedulable);
    ASSERT_EQ(r.wouldFit.size(), 1u);
    EXPECT_EQ(r.wouldFit[0].node, "keep") << "only Ready, schedulable nodes take pending pods";

    const auto blocked = preview({"down", "cordoned"}, "vision");
    EXPECT_TRUE(blocked.wouldFit.empty());
    ASSERT_EQ(blocked.stillPending.size(), 1u);
    EXPECT_EQ(blocked.stillPending[0].reason, "none of the moving nodes is Ready and schedulable");
}

TEST_F(OrgMovePreviewTest, PlacesPendingPodsGreedilyOldestFirst) {
    addNode({"a1", "public", "8"});
    addPod({"busy", "a1", "Running", "public", "4"});
    // Listed newest first: placement must still go by creation time.
    addPod({"c", "", "Pending", "vision", "1", "1", 300});
    addPod({"a", "", "Pending", "vision", "2", "1", 100});
    addPod({"b", "", "Pending", "vision", "2", "1", 200});
    const auto r = preview({"a1"}, "vision");
    ASSERT_EQ(r.wouldFit.size(), 2u);
    EXPECT_EQ(r.wouldFit[0].pod, "pipeline/a");
    EXPECT_EQ(r.wouldFit[1].pod, "pipeline/b");
    EXPECT_EQ(r.wouldFit[1].node, "a1");
    EXPECT_EQ(r.nodes[0].free.gpus, 4);
    EXPECT_EQ(r.nodes[0].freeAfterPlacement.gpus, 0);
    ASSERT_EQ(r.stillPending.size(), 1u);
    EXPECT_EQ(r.stillPending[0].pod, "pipeline/c");
    EXPECT_EQ(r.stillPending[0].reason, "needs 1 nvidia.com/gpu, the largest free is 0 on a1");
}

TEST_F(OrgMovePreviewTest, ExplainsEveryResourceThatDoesNotFit) {
    addNode({"a1", "public", "4"});
    addNode({"a2", "public", "2"});
    addPod({"cpu-hungry", "", "Pending", "vision", "0", "40", 1});
    addPod({"mig", "", "Pending", "vision", "0", "1", 2, "nvidia.com/mig-1g.10gb=1"});
    addPod({"both", "", "Pending", "vision", "8", "33", 3});
    addPod({"fits", "", "Pending", "vision", "2", "500m", 4});
    const auto r = preview({"a1", "a2"}, "vision");
    ASSERT_EQ(r.wouldFit.size(), 1u);
    EXPECT_EQ(r.wouldFit[0].pod, "pipeline/fits");
    EXPECT_EQ(r.wouldFit[0].node, "a1") << "first fit, in the order the nodes were given";
    ASSERT_EQ(r.stillPending.size(), 3u);
    EXPECT_EQ(r.stillPending[0].reason, "needs 40 cpu, the largest free is 32 on a1");
    EXPECT_EQ(r.stillPending[1].reason,
              "needs 1 nvidia.com/mig-1g.10gb, none of the moving nodes offers "
              "nvidia.com/mig-1g.10gb");
    EXPECT_EQ(r.stillPending[2].reason, "needs 33 cpu, the largest free is 32 on a1; needs 8 "
                                        "nvidia.com/gpu, the largest free is 4 on a1");
}

TEST_F(OrgMovePreviewTest, ExplainsWhenNoSingleNodeHasRoomForEverything) {
    addNode({"a1", "public", "4", true, false, {}, "2"});
    addNode({"a2", "public", "0", true, false, {}, "32"});
    addPod({"wide", "", "Pending", "vision", "2", "4", 1});
    const auto r = preview({"a1", "a2"}, "vision");
    ASSERT_EQ(r.stillPending.size(), 1u);
    EXPECT_EQ(r.stillPending[0].reason,
              "no single moving node has room for all of 4 cpu, 1Gi memory, 2 nvidia.com/gpu at "
              "once");
}

TEST_F(OrgMovePreviewTest, OrgTotalsMatchTheAccountingAfterTheRelabel) {
    addNode({"a1", "public", "8"});
    addNode({"a2", "public", "8", false});
    addNode({"v1", "vision", "4"});
    addPod({"run1", "a1", "Running", "public", "3", "6"});
    addPod({"run2", "v1", "Running", "vision", "1", "2"});
    const auto r = preview({"a1"}, "vision");

    // The accounting a watch would hold after the patch: same pods, a1 relabelled.
    ClusterAccounting after = account();
    NodeSpec moved{"a1", "vision", "8"};
    std::vector<std::shared_ptr<const Node>> saved = nodes;
    nodes.clear();
    addNode(moved);
    after.upsertNode(*nodes[0]);
    nodes = saved;

    const ClusterAccounting before = account();
    for (const auto &change : r.orgs) {
        SCOPED_TRACE(change.org);
        for (const ClusterAccounting *acc :
             {&before, static_cast<const ClusterAccounting *>(&after)}) {
            const auto &o = acc->orgs().at(change.org);
            const auto &u = acc == &before ? change.before : change.after;
            EXPECT_EQ(u.nodes, o.nodes);
            EXPECT_EQ(u.readyNodes, o.readyNodes);
            EXPECT_EQ(u.milliCpuAllocatable, o.allocatable.at("cpu"));
            EXPECT_EQ(u.milliCpuRequested, o.requested.count("cpu") ? o.requested.at("cpu") : 0);
            EXPECT_EQ(u.memoryAllocatable, o.allocatable.at("memory"));
            EXPECT_EQ(u.gpuAllocatable, DumpRows::gpus(o.allocatable));
            EXPECT_EQ(u.gpuRequested, DumpRows::gpus(o.requested));
        }
    }
    ASSERT_EQ(r.orgs.size(), 2u);
    EXPECT_EQ(r.orgs[0].before.gpuRequested, 3);
    EXPECT_EQ(r.orgs[0].after.gpuRequested, 0);
    EXPECT_EQ(r.orgs[1].after.gpuAllocatable, 12);
    EXPECT_EQ(r.orgs[1].after.gpuRequested, 4);
    EXPECT_EQ(r.orgs[0].after.readyNodes, 0);
    EXPECT_TRUE(hasWarning(r, "org public is left with no Ready node")) << "a2 is NotReady";
    EXPECT_FALSE(hasWarning(r, "pending pod"));
}

TEST_F(OrgMovePreviewTest, AnInvalidTargetOrgBlocksEveryWrite) {
    addNode({"a1", "public", "8"});
    for (const std::string target : {"", "Vision Team", "-vision"}) {
        SCOPED_TRACE(target);
        const auto r = preview({"a1"}, target);
        EXPECT_FALSE(r.errors.empty());
        EXPECT_TRUE(r.writes.empty());
        EXPECT_EQ(r.nodes.size(), 1u);
    }
    EXPECT_TRUE(preview({"a1"}, "vision_2.a").errors.empty());
}

TEST(OrgMovePreviewFormat, FormatsAmountsForPeople) {
    struct Case {
        std::string resource;
        std::int64_t amount;
        std::string text;
    };
    const Case cases[] = {
        {"cpu", 8000, "8"},
        {"cpu", 2500, "2.5"},
        {"cpu", 250, "0.25"},
        {"cpu", 1, "0.001"},
        {"memory", 64LL << 30, "64Gi"},
        {"memory", 1536LL << 20, "1536Mi"},
        {"memory", 2LL << 40, "2Ti"},
        {"memory", 1000, "1000"},
        {"memory", 0, "0"},
        {"nvidia.com/gpu", 4, "4"},
    };
    for (const auto &c : cases)
        EXPECT_EQ(OrgMovePreview::formatAmount(c.resource, c.amount), c.text)
            << c.resource << ' ' << c.amount;
}

} // namespace
