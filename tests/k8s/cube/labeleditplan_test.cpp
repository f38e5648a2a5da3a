// LabelRules (label syntax, platform presets and roles) and LabelEditPlan (one confirmation for a
// label edit on many nodes, with undo).

#include "k8s/cube/labeleditplan.h"
#include "k8s/cube/labelrules.h"
#include "k8s/objects/node.h"
#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/stringpool.h"
#include "k8s/write/nodewrites.h"
#include "tests/support/decodeas.h"

#include <gtest/gtest.h>
#include <string>

using namespace cubedesk::k8s;

namespace {

using Labels = std::map<std::string, std::string>;

struct SyntaxCase {
    std::string text;
    bool valid;
    std::string messagePart; ///< expected in the error
};

TEST(LabelRules, KeySyntax) {
    const std::string name63(63, 'a');
    const std::string prefix253 = std::string(63, 'p') + '.' + std::string(63, 'q') + '.' +
                                  std::string(63, 'r') + '.' + std::string(61, 's');
    ASSERT_EQ(prefix253.size(), 253u);
    const SyntaxCase cases[] = {
        {"org", true, ""},
        {"gpu-type", true, ""},
        {"a", true, ""},
        {"GPU_Type.v1", true, ""},
        {"node-role.kubernetes.io/worker", true, ""},
        {"example.com/Mixed_Case.9", true, ""},
        {"cubedesk.io/gpu-topology", true, ""},
        {name63, true, ""},
        {"x/" + name63, true, ""},
        {prefix253 + "/org", true, ""},
        {"", false, "is empty"},
        {name63 + "b", false, "64 characters long: at most 63"},
        {"x/" + name63 + "b", false, "the name part"},
        {"-org", false, "must start and end with a letter or digit"},
        {"org.", false, "must start and end with a letter or digit"},
        {"org type", false, "a space at position 4 is not allowed"},
        {"org:a", false, "':' at position 4"},
        {"a/b/c", false, "has 2 '/'"},
        {"/org", false, "nothing before '/'"},
        {"example.com/", false, "no name after '/'"},
        {"Example.com/org", false, "must be lower case (a DNS name such as \"example.com\")"},
        {"ex_ample.com/org", false, "'_' at position 3"},
        {"a..b/org", false, "empty part between dots"},
        {".a/org", false, "empty part between dots"},
        {"-a.com/org", false, "\"-a\" does not"},
        {"a.com-/org", false, "\"com-\" does not"},
        {prefix253 + "x/org", false, "254 characters long: at most 253"},
        {"org\x01", false, "byte 0x01"},
    };
    for (const auto &c : cases) {
        SCOPED_TRACE(c.text);
        const auto error = LabelRules::keyError(c.text);
        EXPECT_EQ(!error.has_value(), c.valid) << error.value_or("");
        if (error) {
            EXPECT_NE(error->find(c.messagePart), std::string::npos) << *error;
        }
    }
}

TEST(LabelRules, ValueSyntax) {
    const SyntaxCase cases[] = {
        {"", true, ""},
        {"true", true, ""},
        {"A100", true, ""},
        {"v1.2_x-y", true, ""},
        {std::string(63, 'z'), true, ""},
        {std::string(64, 'z'), false, "64 characters long: at most 63"},
        {"a/b", false, "'/' at position 2 is not allowed"},
        {"-x", false, "must start and end with a letter or digit (or be empty)"},
        {"x.", false, "must start and end"},
        {"a b", false, "a space at position 2"},
        {"tesla,v100", false, "','"},
    };
    for (const auto &c : cases) {
        SCOPED_TRACE(c.text);
        const auto error = LabelRules::valueError(c.text);
        EXPECT_EQ(!error.has_value(), c.valid) << error.value_or("");
        if (error) {
            EXPECT_NE(error->find(c.messagePart), std::string::npos) << *error;
            EXPECT_EQ(error->rfind("label value ", 0), 0u) << *error;
        }
    }
}

TEST(LabelRules, LongTextIsShortenedInMessages) {
    const auto error = LabelRules::valueError(std::string(200, 'v'));
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("200 characters long"), std::string::npos);
    EXPECT_LT(error->size(), 150u);
}

TEST(LabelRules, PresetsAreThePlatformLabelsAndValid) {
    const auto &presets = LabelRules::presets();
    std::vector<std::string> keys;
    for (const auto &p : presets) {
        keys.push_back(p.key);
        EXPECT_FALSE(LabelRules::keyError(p.key)) << p.key;
        EXPECT_FALSE(LabelRules::valueError(p.value)) << p.key;
        EXPECT_FALSE(p.description.empty()) << p.key;
    }
    EXPECT_EQ(keys, (std::vector<std::string>{"cpu", "gpu", "vgpu", "train", "notebook", "service",
                                              "share", "org", "gpu-type"}));
    for (std::size_t i = 0; i < 6; ++i)
        EXPECT_EQ(presets[i].value, "true") << presets[i].key;
    EXPECT_EQ(presets[6].value, "false");
    EXPECT_EQ(presets[7].value, "") << "org is chosen by the user";
    EXPECT_EQ(presets[8].value, "") << "gpu-type is chosen by the user";
}

TEST(LabelRules, RolesInFixedOrder) {
    // Labels given in another order; only the value "true" makes a role.
    const Labels labels{{"train", "true"}, {"service", "true"}, {"gpu", "true"},
                        {"cpu", "false"},  {"vgpu", "True"},    {"org", "true"}};
    EXPECT_EQ(LabelRules::roles(labels), (std::vector<std::string>{"gpu", "train", "service"}));
    EXPECT_TRUE(LabelRules::roles(Labels{}).empty());

    ObjectDecoder decoder{StringPool::create()};
    const auto o = cubedesk::k8s::testing::decodeAs<Node>(
        decoder, ObjectKind::Node,
        R"({"metadata":{"name":"n","labels":{"notebook":"true","org":"vision","cpu":"true",)"
        R"("vgpu":"true"}}})");
    ASSERT_TRUE(o);
    EXPECT_EQ(LabelRules::roles(o->labels()),
              (std::vector<std::string>{"cpu", "vgpu", "notebook"}));
}

class LabelEditPlanTest : public ::testing::Test {
protected:
    std::vector<NodeLabels> nodes = {
        {"n1", "101", {{"org", "vision"}, {"gpu", "true"}, {"share", "false"}}},
        {"n2", "102", {{"org", "vision"}, {"gpu-type", "A100"}}},
        {"n3", "103", {{"org", "speech"}, {"gpu-type", "A100"}}},
    };
};

TEST_F(LabelEditPlanTest, DiffsPerNodeSkippingNoOps) {
    const auto plan = LabelEditPlan::build(
        nodes, {{"org", "speech"}, {"gpu-type", "A100"}, {"share", std::nullopt}});
    ASSERT_TRUE(plan.ok());
    ASSERT_EQ(plan.changes().size(), 2u);
    EXPECT_EQ(plan.unchanged(), (std::vector<std::string>{"n3"}));

    const auto &n1 = plan.changes()[0];
    EXPECT_EQ(n1.node, "n1");
    using K = LabelDiff::Kind;
    EXPECT_EQ(n1.diffs, (std::vector<LabelDiff>{{"gpu-type", std::nullopt, "A100", K::Added},
                                                {"org", "vision", "speech", K::Changed},
                                                {"share", "false", std::nullopt, K::Removed}}));
    const auto &n2 = plan.changes()[1];
    EXPECT_EQ(n2.node, "n2");
    EXPECT_EQ(n2.diffs, (std::vector<LabelDiff>{{"org", "vision", "speech", K::Changed}}));
    ASSERT_EQ(n2.edits.size(), 1u) << "gpu-type is already A100 and share is absent on n2";
    EXPECT_EQ(n2.edits[0].key, "org");
    EXPECT_EQ(plan.requests().size(), 2u);
}

TEST_F(LabelEditPlanTest, SetsAndRemovesTheEmptyValueExactly) {
    const std::vector<NodeLabels> ns = {{"a", "1", {{"flag", ""}}}, {"b", "1", {}}};
    const auto set = LabelEditPlan::build(ns, {{"flag", ""}});
    ASSERT_TRUE(set.ok());
    EXPECT_EQ(set.unchanged(), (std::vector<std::string>{"a"}));
    ASSERT_EQ(set.changes().size(), 1u);
    EXPECT_EQ(set.changes()[0].diffs[0].kind, LabelDiff::Kind::Added);
    EXPECT_EQ(set.summary(), "1 node: flag \"\" added (1 node already as asked)");

    const auto remove = LabelEditPlan::build(ns, {{"flag", std::nullopt}});
    EXPECT_EQ(remove.unchanged(), (std::vector<std::string>{"b"}));
    ASSERT_EQ(remove.changes().size(), 1u);
    EXPECT_EQ(remove.changes()[0].diffs[0].kind, LabelDiff::Kind::Removed);
}

TEST_F(LabelEditPlanTest, InverseEditsRestoreTheOriginalLabels) {
    const std::vector<LabelEdit> edits = {{"org", "speech"},
                                          {"gpu-type", "A100"},
                                          {"share", std::nullopt},
                                          {"train", "true"},
                                          {"gpu", std::nullopt}};
    const auto plan = LabelEditPlan::build(nodes, edits);
    ASSERT_TRUE(plan.ok());
    for (const auto &n : nodes) {
        SCOPED_TRACE(n.node);
        const Labels wanted = LabelEditPlan::apply(n.labels, edits);
        const auto change = std::find_if(plan.changes().begin(), plan.changes().end(),
                                         [&](const auto &c) { return c.node == n.node; });
        ASSERT_NE(change, plan.changes().end());
        const Labels written = LabelEditPlan::apply(n.labels, change->edits);
        EXPECT_EQ(written, wanted) << "the effective edits do what all the edits do";
        EXPECT_NE(written, n.labels);
        EXPECT_EQ(LabelEditPlan::apply(written, change->inverse), n.labels);
    }
    EXPECT_EQ(LabelEditPlan::apply({{"a", "1"}}, {{"a", std::nullopt}, {"b", "2"}}),
              (Labels{{"b", "2"}}));
}

TEST_F(LabelEditPlanTest, RequestsCarryOnlyEffectiveEditsAndTheResourceVersion) {
    const auto plan = LabelEditPlan::build(
        nodes, {{"org", "speech"}, {"gpu-type", "A100"}, {"share", std::nullopt}});
    ASSERT_EQ(plan.changes().size(), 2u);
    const auto &n2 = plan.changes()[1];
    EXPECT_EQ(n2.request.method, "PATCH");
    EXPECT_EQ(n2.request.path, "/api/v1/nodes/n2");
    EXPECT_EQ(n2.request.contentType, "application/merge-patch+json");
    const auto body = NodeWrites::labelsOf(n2.request.body);
    ASSERT_TRUE(body) << n2.request.body;
    EXPECT_EQ(body->second, "102");
    EXPECT_EQ(body->first, (Labels{{"org", "speech"}}));
    EXPECT_EQ(n2.request.body, NodeWrites::labels("n2", {{"org", "speech"}}, "102").body);

    const auto &n1 = plan.changes()[0];
    EXPECT_NE(n1.request.body.find(R"("share":null)"), std::string::npos) << n1.request.body;
    EXPECT_EQ(NodeWrites::labelsOf(n1.request.body)->second, "101");

    const WriteRequest undo = n1.undoRequest("555");
    const auto undoBody = NodeWrites::labelsOf(undo.body);
    ASSERT_TRUE(undoBody);
    EXPECT_EQ(undoBody->second, "555") << "undo is guarded by the version after the write";
    EXPECT_EQ(undoBody->first, (Labels{{"org", "vision"}, {"share", "false"}}));
    EXPECT_NE(undo.body.find(R"("gpu-type":null)"), std::string::npos) << undo.body;
}

TEST_F(LabelEditPlanTest, ValidationErrorsBlockThePlan) {
    struct Case {
        std::vector<LabelEdit> edits;
        std::string errorPart;
    };
    const Case cases[] = {
        {{{"org", "speech"}, {"Bad Key", "x"}}, "label key \"Bad Key\""},
        {{{"org", "speech team"}}, "label org: label value \"speech team\""},
        {{{"org", "speech"}, {"org", "vision"}}, "edited twice"},
        {{{"", std::nullopt}}, "the label key is empty"},
    };
    for (const auto &c : cases) {
        SCOPED_TRACE(c.errorPart);
        const auto plan = LabelEditPlan::build(nodes, c.edits);
        EXPECT_FALSE(plan.ok());
        ASSERT_FALSE(plan.errors().empty());
        EXPECT_NE(plan.errors()[0].find(c.errorPart), std::string::npos) << plan.errors()[0];
        EXPECT_TRUE(plan.changes().empty());
        EXPECT_TRUE(plan.requests().empty());
        EXPECT_EQ(plan.summary().rfind("blocked: ", 0), 0u) << plan.summary();
    }
    auto twice = nodes;
    twice.push_back(nodes[0]);
    const auto plan = LabelEditPlan::build(twice, {{"org", "speech"}});
    EXPECT_EQ(plan.errors(), (std::vector<std::string>{"node n1 is listed twice"}));
}

TEST_F(LabelEditPlanTest, SummaryGroupsEqualLinesAcrossNodes) {
    struct Case {
        std::vector<NodeLabels> nodes;
        std::vector<LabelEdit> edits;
        std::string summary;
    };
    const Case cases[] = {
        {{{"a", "1", {{"org", "vision"}, {"gpu-type", "A100"}}},
          {"b", "1", {{"org", "vision"}, {"gpu-type", "A100"}}},
          {"c", "1", {{"org", "vision"}}}},
         {{"org", "speech"}, {"gpu-type", "A100"}},
         "3 nodes: org vision → speech; gpu-type A100 added on 1"},
        {{{"a", "1", {{"org", "vision"}}}, {"b", "1", {{"org", "nlp"}}}, {"c", "1", {}}},
         {{"org", "speech"}},
         "3 nodes: org vision → speech on 1; org nlp → speech on 1; org speech added on 1"},
        {{{"a", "1", {{"share", "false"}}}, {"b", "1", {{"share", "false"}}}, {"c", "1", {}}},
         {{"share", std::nullopt}},
         "2 nodes: share false removed (1 node already as asked)"},
        {{{"a", "1", {{"org", "speech"}}}, {"b", "1", {{"org", "speech"}}}},
         {{"org", "speech"}},
         "nothing to change on 2 nodes"},
    };
    for (const auto &c : cases) {
        const auto plan = LabelEditPlan::build(c.nodes, c.edits);
        EXPECT_EQ(plan.summary(), c.summary);
    }
}

} // namespace
