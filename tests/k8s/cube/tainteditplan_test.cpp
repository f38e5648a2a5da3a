// TaintEditPlan: one confirmation for a taint edit on many nodes — taints identified by key and
// effect, no-op edits skipped, validation that blocks the whole plan, the patch that replaces
// spec.taints under the node's resourceVersion, and the one that restores the old taints.

#include "k8s/cube/tainteditplan.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace cubedesk::k8s;
using nlohmann::json;

namespace {

std::vector<NodeTaints> pool() {
    return {{"gpu-1", "41", {{"nvidia.com/gpu", "present", "NoSchedule"}}},
            {"gpu-2", "42", {}},
            {"gpu-3", "43", {{"dedicated", "ml", "NoExecute"}}}};
}

} // namespace

TEST(TaintEditPlan, AddsChangesRemovesAndSkipsWhatAlreadyHolds) {
    const auto plan = TaintEditPlan::build(pool(), {{"nvidia.com/gpu", "NoSchedule", "present"},
                                                    {"dedicated", "NoExecute", std::nullopt}});
    ASSERT_TRUE(plan.ok());
    // gpu-1 already has it; gpu-2 gets it; gpu-3 gets it and loses `dedicated`.
    EXPECT_EQ(plan.unchanged(), std::vector<std::string>{"gpu-1"});
    ASSERT_EQ(plan.changes().size(), 2u);
    const auto &two = plan.changes()[0];
    EXPECT_EQ(two.node, "gpu-2");
    ASSERT_EQ(two.diffs.size(), 1u);
    EXPECT_EQ(two.diffs[0].kind, TaintDiff::Kind::Added);
    EXPECT_EQ(json::parse(two.request.body),
              json::parse(R"({"spec":{"taints":[{"key":"nvidia.com/gpu","value":"present",)"
                          R"("effect":"NoSchedule"}]},"metadata":{"resourceVersion":"42"}})"));
    EXPECT_EQ(two.request.method, "PATCH");
    EXPECT_EQ(two.request.contentType, "application/merge-patch+json");
    const auto &three = plan.changes()[1];
    EXPECT_EQ(three.diffs.size(), 2u);
    EXPECT_EQ(three.diffs[1].kind, TaintDiff::Kind::Removed);
    // Undo restores the list it saw, under the version after the write.
    EXPECT_EQ(json::parse(three.undoRequest("99").body),
              json::parse(R"({"spec":{"taints":[{"key":"dedicated","value":"ml",)"
                          R"("effect":"NoExecute"}]},"metadata":{"resourceVersion":"99"}})"));
    // Removing the last taint writes null: the list goes.
    const auto bare = TaintEditPlan::build({pool()[2]}, {{"dedicated", "NoExecute", std::nullopt}});
    EXPECT_EQ(json::parse(bare.changes()[0].request.body)["spec"]["taints"], nullptr);
}

TEST(TaintEditPlan, ATaintIsItsKeyAndEffect) {
    const auto plan = TaintEditPlan::build(
        pool(), {{"nvidia.com/gpu", "NoExecute", ""}, {"nvidia.com/gpu", "NoSchedule", "absent"}});
    ASSERT_TRUE(plan.ok());
    const auto &one = plan.changes()[0];
    EXPECT_EQ(one.node, "gpu-1");
    ASSERT_EQ(one.diffs.size(), 2u);
    EXPECT_EQ(one.diffs[0].kind, TaintDiff::Kind::Added) << "another effect is another taint";
    EXPECT_EQ(one.diffs[1].kind, TaintDiff::Kind::Changed);
    EXPECT_EQ(one.after.size(), 2u);
    EXPECT_EQ(TaintEditPlan::format("nvidia.com/gpu", std::string("present"), "NoSchedule"),
              "nvidia.com/gpu=present:NoSchedule");
    EXPECT_EQ(TaintEditPlan::format("maintenance", std::string(), "NoExecute"),
              "maintenance:NoExecute");
}

TEST(TaintEditPlan, AnyInvalidEditBlocksThePlan) {
    for (const auto &edit : std::vector<TaintEdit>{{"bad key", "NoSchedule", "x"},
                                                   {"", "NoSchedule", "x"},
                                                   {"ok", "NoScheduleX", "x"},
                                                   {"ok", "NoSchedule", "not valid!"}}) {
        const auto plan = TaintEditPlan::build(pool(), {edit, {"fine", "NoSchedule", "1"}});
        EXPECT_FALSE(plan.ok()) << edit.key << ' ' << edit.effect;
        EXPECT_TRUE(plan.changes().empty());
        EXPECT_TRUE(plan.requests().empty());
    }
    const auto twice =
        TaintEditPlan::build(pool(), {{"a", "NoSchedule", "1"}, {"a", "NoSchedule", std::nullopt}});
    ASSERT_FALSE(twice.ok());
    EXPECT_NE(twice.errors()[0].find("edited twice"), std::string::npos);
    auto nodes = pool();
    nodes.push_back(nodes[0]);
    EXPECT_FALSE(TaintEditPlan::build(nodes, {{"a", "NoSchedule", "1"}}).ok());
}
