// LabelSyntax is the one definition of label key and value syntax: the selector parser (the API
// server's messages) and the label editor's rules (LabelRules) must accept exactly what it
// accepts, on hand-picked corner cases and on every short string over a small alphabet.

#include "k8s/api/labelselector.h"
#include "k8s/api/labelsyntax.h"
#include "k8s/cube/labelrules.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace cubedesk::k8s {
namespace {

void expectAgreement(const std::string &text) {
    const bool key = LabelSyntax::isQualifiedName(text);
    EXPECT_EQ(!LabelRules::keyError(text).has_value(), key) << "key \"" << text << '"';
    // `key in (v)` checks the key alone; `k=value` the value alone.
    EXPECT_EQ(LabelSelector::parse(text + " in (v)").ok(), key) << "key \"" << text << '"';
    const bool value = LabelSyntax::isLabelValue(text);
    EXPECT_EQ(!LabelRules::valueError(text).has_value(), value) << "value \"" << text << '"';
    if (text.find_first_of(" ,()!=") == std::string::npos) {
        EXPECT_EQ(LabelSelector::parse("k=" + text).ok(), value) << "value \"" << text << '"';
    }
}

TEST(LabelSyntaxTest, CornerCases) {
    EXPECT_TRUE(LabelSyntax::isQualifiedName("org"));
    EXPECT_TRUE(LabelSyntax::isQualifiedName("nvidia.com/gpu.product"));
    EXPECT_TRUE(LabelSyntax::isQualifiedName("node-role.kubernetes.io/worker"));
    EXPECT_FALSE(LabelSyntax::isQualifiedName(""));
    EXPECT_FALSE(LabelSyntax::isQualifiedName("/name"));
    EXPECT_FALSE(LabelSyntax::isQualifiedName("a/b/c"));
    EXPECT_FALSE(LabelSyntax::isQualifiedName("Example.com/name"));
    EXPECT_FALSE(LabelSyntax::isQualifiedName("-name"));
    EXPECT_FALSE(LabelSyntax::isQualifiedName(std::string(64, 'a')));
    EXPECT_TRUE(LabelSyntax::isQualifiedName(std::string(63, 'a')));
    EXPECT_TRUE(LabelSyntax::isQualifiedName(std::string(253, 'a') + "/x"));
    EXPECT_FALSE(LabelSyntax::isQualifiedName(std::string(254, 'a') + "/x"));
    EXPECT_TRUE(LabelSyntax::isLabelValue(""));
    EXPECT_TRUE(LabelSyntax::isLabelValue("A100_80G.sxm"));
    EXPECT_FALSE(LabelSyntax::isLabelValue("a b"));
    EXPECT_FALSE(LabelSyntax::isLabelValue(std::string(64, 'v')));
    for (const std::string &text :
         {std::string("org"), std::string("a.b/c"), std::string("a..b/c"), std::string("a-/c"),
          std::string("a/-c"), std::string("A/c"), std::string("a/"), std::string("é"),
          std::string(64, 'a'), std::string(254, 'a') + "/x", std::string("x_y.z-1"),
          std::string("_x"), std::string("x."), std::string("a/b/c")})
        expectAgreement(text);
}

TEST(LabelSyntaxTest, EveryShortStringIsJudgedAlike) {
    const std::string alphabet = "aZ9-_./";
    std::vector<std::string> texts = {""};
    for (int length = 1; length <= 4; ++length) {
        std::vector<std::string> longer;
        for (const std::string &t : texts)
            if (static_cast<int>(t.size()) == length - 1)
                for (char c : alphabet)
                    longer.push_back(t + c);
        texts.insert(texts.end(), longer.begin(), longer.end());
    }
    ASSERT_EQ(texts.size(), 1u + 7 + 49 + 343 + 2401);
    for (const std::string &text : texts)
        expectAgreement(text);
}

} // namespace
} // namespace cubedesk::k8s
