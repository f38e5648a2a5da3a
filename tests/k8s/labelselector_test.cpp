#include "k8s/api/labelselector.h"

#include <gtest/gtest.h>
#include <map>

using cubedesk::k8s::LabelSelector;
using Op = LabelSelector::Operator;
using Labels = std::vector<std::pair<std::string, std::string>>;

namespace {

LabelSelector mustParseLabels(std::string_view text) {
    const auto s = LabelSelector::parse(text);
    EXPECT_TRUE(s.ok()) << "input: '" << text << "' error: " << (s ? "" : s.error());
    return s.valueOr(LabelSelector());
}

std::string labelParseError(std::string_view text) {
    const auto s = LabelSelector::parse(text);
    const std::string error = s ? std::string() : s.error();
    EXPECT_FALSE(s.ok()) << "input unexpectedly parsed: '" << text << "' as '"
                         << (s ? s->toString() : std::string()) << "'";
    EXPECT_FALSE(error.empty()) << "input: '" << text << "'";
    return error;
}

bool matches(std::string_view selector, const Labels &labels) {
    return mustParseLabels(selector).matches(labels);
}

} // namespace

TEST(LabelSelector, EmptyTextIsEmptySelectorMatchingEverything) {
    for (std::string_view text : {"", "   ", "\t\n"}) {
        const LabelSelector s = mustParseLabels(text);
        EXPECT_TRUE(s.empty());
        EXPECT_TRUE(s.requirements().empty());
        EXPECT_EQ(s.toString(), "");
        EXPECT_TRUE(s.matches(Labels{}));
        EXPECT_TRUE(s.matches(Labels{{"a", "b"}}));
    }
}

TEST(LabelSelector, ParsesEveryOperator) {
    struct Case {
        std::string_view text;
        Op op;
        std::vector<std::string> values;
    };
    const Case cases[] = {
        {"k", Op::Exists, {}},
        {"!k", Op::DoesNotExist, {}},
        {"k=v", Op::Equals, {"v"}},
        {"k==v", Op::DoubleEquals, {"v"}},
        {"k!=v", Op::NotEquals, {"v"}},
        {"k in (b,a)", Op::In, {"a", "b"}},
        {"k notin (x)", Op::NotIn, {"x"}},
        {"k>5", Op::GreaterThan, {"5"}},
        {"k<10", Op::LessThan, {"10"}},
    };
    for (const Case &c : cases) {
        const LabelSelector s = mustParseLabels(c.text);
        ASSERT_EQ(s.requirements().size(), 1u) << c.text;
        EXPECT_EQ(s.requirements()[0].key, "k") << c.text;
        EXPECT_EQ(s.requirements()[0].op, c.op) << c.text;
        EXPECT_EQ(s.requirements()[0].values, c.values) << c.text;
    }
}

TEST(LabelSelector, WhitespaceAroundTokens) {
    const LabelSelector s = mustParseLabels("  a = b ,\tc  in  ( x , y ) , ! d ,e!=f\n, g > 3 ");
    EXPECT_EQ(s.toString(), "a=b,c in (x,y),!d,e!=f,g>3");
    const LabelSelector t = mustParseLabels("x notin(a,b)");
    EXPECT_EQ(t.toString(), "x notin (a,b)");
    EXPECT_EQ(mustParseLabels("a in(b)").toString(), "a in (b)");
}

TEST(LabelSelector, PrefixedKeysAndMixedRequirements) {
    const LabelSelector s =
        mustParseLabels("nvidia.com/gpu.product in (NVIDIA-H100-80GB-HBM3),!foo");
    ASSERT_EQ(s.requirements().size(), 2u);
    // Sorted by key: '!' is not part of the key, "foo" < "nvidia.com/...".
    EXPECT_EQ(s.requirements()[0].key, "foo");
    EXPECT_EQ(s.requirements()[0].op, Op::DoesNotExist);
    EXPECT_EQ(s.requirements()[1].key, "nvidia.com/gpu.product");
    EXPECT_EQ(s.requirements()[1].op, Op::In);
    EXPECT_EQ(s.requirements()[1].values, std::vector<std::string>{"NVIDIA-H100-80GB-HBM3"});
    EXPECT_EQ(s.toString(), "!foo,nvidia.com/gpu.product in (NVIDIA-H100-80GB-HBM3)");

    EXPECT_TRUE(s.matches(Labels{{"nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3"}}));
    EXPECT_FALSE(
        s.matches(Labels{{"nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3"}, {"foo", ""}}));
    EXPECT_FALSE(s.matches(Labels{{"nvidia.com/gpu.product", "NVIDIA-A100"}}));
    EXPECT_FALSE(s.matches(Labels{}));
}

TEST(LabelSelector, GpuAndOrgExample) {
    const LabelSelector s = mustParseLabels("gpu=true,org in (speech,vision)");
    EXPECT_EQ(s.toString(), "gpu=true,org in (speech,vision)");
    EXPECT_TRUE(s.matches(Labels{{"gpu", "true"}, {"org", "speech"}}));
    EXPECT_TRUE(s.matches(Labels{{"org", "vision"}, {"gpu", "true"}, {"x", "y"}}));
    EXPECT_FALSE(s.matches(Labels{{"gpu", "true"}, {"org", "nlp"}}));
    EXPECT_FALSE(s.matches(Labels{{"gpu", "false"}, {"org", "speech"}}));
    EXPECT_FALSE(s.matches(Labels{{"gpu", "true"}}));
    EXPECT_FALSE(s.matches(Labels{{"org", "speech"}}));
}

TEST(LabelSelector, EqualityMatching) {
    EXPECT_TRUE(matches("a=b", {{"a", "b"}}));
    EXPECT_TRUE(matches("a==b", {{"a", "b"}}));
    EXPECT_FALSE(matches("a=b", {{"a", "c"}}));
    EXPECT_FALSE(matches("a=b", {}));
    EXPECT_FALSE(matches("a=b", {{"A", "b"}})) << "keys are case-sensitive";
    // An empty value matches only a present, empty label.
    EXPECT_TRUE(matches("a=", {{"a", ""}}));
    EXPECT_FALSE(matches("a=", {}));
}

TEST(LabelSelector, NegativeOperatorsMatchAbsentLabels) {
    EXPECT_TRUE(matches("a!=b", {}));
    EXPECT_TRUE(matches("a!=b", {{"a", "c"}}));
    EXPECT_FALSE(matches("a!=b", {{"a", "b"}}));
    EXPECT_TRUE(matches("a notin (b,c)", {}));
    EXPECT_TRUE(matches("a notin (b,c)", {{"a", "d"}}));
    EXPECT_FALSE(matches("a notin (b,c)", {{"a", "c"}}));
    EXPECT_TRUE(matches("!a", {{"b", "x"}}));
    EXPECT_FALSE(matches("!a", {{"a", ""}}));
}

TEST(LabelSelector, SetAndExistenceMatching) {
    EXPECT_TRUE(matches("a in (x,y,z)", {{"a", "y"}}));
    EXPECT_FALSE(matches("a in (x,y,z)", {{"a", "w"}}));
    EXPECT_FALSE(matches("a in (x,y,z)", {}));
    EXPECT_TRUE(matches("a", {{"a", ""}}));
    EXPECT_FALSE(matches("a", {{"b", ""}}));
    // "()" is the set {""}, as upstream.
    EXPECT_TRUE(matches("a in ()", {{"a", ""}}));
    EXPECT_FALSE(matches("a in ()", {{"a", "x"}}));
    EXPECT_TRUE(matches("a in (,x)", {{"a", ""}}));
    EXPECT_TRUE(matches("a in (x,)", {{"a", ""}}));
}

TEST(LabelSelector, IntegerComparisons) {
    EXPECT_TRUE(matches("replicas>5", {{"replicas", "6"}}));
    EXPECT_FALSE(matches("replicas>5", {{"replicas", "5"}}));
    EXPECT_FALSE(matches("replicas>5", {}));
    EXPECT_FALSE(matches("replicas>5", {{"replicas", "many"}}));
    EXPECT_TRUE(matches("replicas<5", {{"replicas", "-7"}}));
    EXPECT_TRUE(matches("replicas<5", {{"replicas", "0004"}}));
    EXPECT_FALSE(matches("replicas<5", {{"replicas", "10"}}));
    EXPECT_FALSE(matches("replicas<5", {{"replicas", "99999999999999999999"}})) << "overflow";
    EXPECT_TRUE(matches("n>9223372036854775806", {{"n", "9223372036854775807"}}));
}

TEST(LabelSelector, AllRequirementsAreAnded) {
    const LabelSelector s = mustParseLabels("a,b=c,d!=e,f notin (g)");
    EXPECT_TRUE(s.matches(Labels{{"a", "1"}, {"b", "c"}}));
    EXPECT_FALSE(s.matches(Labels{{"a", "1"}, {"b", "c"}, {"d", "e"}}));
    EXPECT_FALSE(s.matches(Labels{{"a", "1"}, {"b", "c"}, {"f", "g"}}));
    EXPECT_FALSE(s.matches(Labels{{"b", "c"}}));
}

TEST(LabelSelector, CustomLookupAndNoAllocationInterface) {
    const LabelSelector s = mustParseLabels("app=web,tier notin (db)");
    const std::map<std::string, std::string, std::less<>> labels{{"app", "web"}, {"tier", "fe"}};
    int calls = 0;
    const auto lookup = [&](std::string_view key) -> std::optional<std::string_view> {
        ++calls;
        const auto it = labels.find(key);
        if (it == labels.end())
            return std::nullopt;
        return std::string_view(it->second);
    };
    EXPECT_TRUE(s.matches(lookup));
    EXPECT_EQ(calls, 2);
    const auto absent = [](std::string_view) -> std::optional<std::string_view> {
        return std::nullopt;
    };
    EXPECT_FALSE(s.matches(absent));
}

TEST(LabelSelector, KeywordsAreOrdinaryWordsWhereKeysAndValuesGo) {
    const LabelSelector s = mustParseLabels("in in (notin),notin=in");
    ASSERT_EQ(s.requirements().size(), 2u);
    EXPECT_EQ(s.requirements()[0].key, "in");
    EXPECT_EQ(s.requirements()[0].values, std::vector<std::string>{"notin"});
    EXPECT_EQ(s.requirements()[1].key, "notin");
    EXPECT_EQ(s.requirements()[1].values, std::vector<std::string>{"in"});
}

TEST(LabelSelector, ToStringIsCanonicalAndRoundTrips) {
    const std::string_view inputs[] = {
        "z,a=b",
        "k in (c,a,b,a)",
        "x notin (),y in (,q)",
        "!p,q==r,s!=t,u>1,v<2",
        "example.com/role=gpu-worker, !node.kubernetes.io/exclude",
        "a=",
    };
    const std::string_view expected[] = {
        "a=b,z",
        "k in (a,b,c)",
        "x notin (),y in (,q)",
        "!p,q==r,s!=t,u>1,v<2",
        "example.com/role=gpu-worker,!node.kubernetes.io/exclude",
        "a=",
    };
    for (size_t i = 0; i < std::size(inputs); ++i) {
        const LabelSelector s = mustParseLabels(inputs[i]);
        EXPECT_EQ(s.toString(), expected[i]) << inputs[i];
        const LabelSelector again = mustParseLabels(s.toString());
        EXPECT_EQ(again, s) << inputs[i];
        EXPECT_EQ(again.toString(), s.toString());
    }
}

TEST(LabelSelector, RequirementsAreSortedByKeyAndDuplicatesKept) {
    const LabelSelector s = mustParseLabels("b=2,a=1,b!=3");
    ASSERT_EQ(s.requirements().size(), 3u);
    EXPECT_EQ(s.requirements()[0].key, "a");
    EXPECT_EQ(s.requirements()[1].key, "b");
    EXPECT_EQ(s.requirements()[1].op, Op::Equals);
    EXPECT_EQ(s.requirements()[2].op, Op::NotEquals);
}

TEST(LabelSelector, SyntaxErrors) {
    EXPECT_EQ(labelParseError("a in (b"),
              "unable to parse requirement: found '', expected: ',' or ')'");
    EXPECT_EQ(labelParseError("a in (b,c"),
              "unable to parse requirement: found '', expected: ',' or ')'");
    EXPECT_EQ(labelParseError("a in b"), "unable to parse requirement: found 'b' expected: '('");
    EXPECT_EQ(labelParseError("a in"), "unable to parse requirement: found '' expected: '('");
    EXPECT_EQ(labelParseError("a in (="),
              "unable to parse requirement: found '=', expected: ',', ')' or identifier");
    EXPECT_EQ(labelParseError("a b"),
              "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt");
    EXPECT_EQ(labelParseError("a=b c"), "found 'c', expected: ',' or 'end of string'");
    EXPECT_EQ(labelParseError("a=b)"), "found ')', expected: ',' or 'end of string'");
    EXPECT_EQ(labelParseError("a,"), "found '', expected: identifier after ','");
    EXPECT_EQ(labelParseError("a,,b"), "found ',', expected: identifier after ','");
    EXPECT_EQ(labelParseError(",a"), "found ',', expected: !, identifier, or 'end of string'");
    EXPECT_EQ(labelParseError("(a)"), "found '(', expected: !, identifier, or 'end of string'");
    EXPECT_EQ(labelParseError("=b"), "found '=', expected: !, identifier, or 'end of string'");
    EXPECT_EQ(labelParseError("!"), "unable to parse requirement: found '', expected: identifier");
    EXPECT_EQ(labelParseError("!=a"), "found '!=', expected: !, identifier, or 'end of string'");
    EXPECT_EQ(labelParseError("a=(b)"),
              "unable to parse requirement: found '(', expected: identifier");
    EXPECT_EQ(labelParseError("!a=b"), "found '=', expected: ',' or 'end of string'");
    EXPECT_EQ(labelParseError("a in (b c)"),
              "unable to parse requirement: found 'c', expected: ',' or ')'");
}

TEST(LabelSelector, InvalidKeys) {
    const std::string nameRule =
        "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and "
        "end with an alphanumeric character (e.g. 'MyName', or 'my.name', or '123-abc', regex "
        "used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
    EXPECT_EQ(labelParseError("a$b=c"),
              "unable to parse requirement: key: Invalid value: \"a$b\": " + nameRule);
    EXPECT_EQ(labelParseError("-a"),
              "unable to parse requirement: key: Invalid value: \"-a\": " + nameRule);
    EXPECT_EQ(labelParseError("a_"),
              "unable to parse requirement: key: Invalid value: \"a_\": " + nameRule);

    const std::string name63(63, 'n');
    EXPECT_EQ(mustParseLabels(name63).requirements().at(0).key, name63);
    const std::string name64(64, 'n');
    EXPECT_EQ(labelParseError(name64 + "=x"),
              "unable to parse requirement: key: Invalid value: \"" + name64 +
                  "\": name part must be no more than 63 characters");

    // Empty key: "/x" has an empty prefix, "x/" an empty name.
    EXPECT_NE(labelParseError("/x").find("prefix part must be non-empty"), std::string::npos);
    const std::string emptyName = labelParseError("x/=1");
    EXPECT_NE(emptyName.find("name part must be non-empty"), std::string::npos) << emptyName;
    EXPECT_NE(emptyName.find("; name part must consist"), std::string::npos) << emptyName;

    // The prefix is a lower-case DNS subdomain of at most 253 characters.
    EXPECT_NE(labelParseError("Example.com/a").find("prefix part a lowercase RFC 1123 subdomain"),
              std::string::npos);
    EXPECT_NE(labelParseError("a..b/c").find("prefix part a lowercase RFC 1123"),
              std::string::npos);
    EXPECT_NE(labelParseError("a/b/c").find("a qualified name must consist of"), std::string::npos);
    std::string prefix253;
    while (prefix253.size() < 253)
        prefix253 += prefix253.empty() ? "a" : ".a";
    ASSERT_EQ(prefix253.size(), 253u);
    EXPECT_EQ(mustParseLabels(prefix253 + "/k").requirements().at(0).key, prefix253 + "/k");
    EXPECT_NE(labelParseError("b" + prefix253 + "/k").find("prefix part must be no more than 253"),
              std::string::npos);
}

TEST(LabelSelector, InvalidValues) {
    const std::string valueRule =
        "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or "
        "'.', and must start and end with an alphanumeric character (e.g. 'MyValue', or "
        "'my_value', or '12345', regex used for validation is "
        "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
    EXPECT_EQ(labelParseError("a=-b"),
              "unable to parse requirement: values[0][a]: Invalid value: \"-b\": " + valueRule);
    // The index is into the sorted value set.
    EXPECT_EQ(labelParseError("a in (zz/c,ok)"),
              "unable to parse requirement: values[1][a]: Invalid value: \"zz/c\": " + valueRule);
    const std::string value63(63, 'v');
    EXPECT_TRUE(matches("a=" + value63, {{"a", value63}}));
    EXPECT_EQ(labelParseError("a=" + value63 + "v"),
              "unable to parse requirement: values[0][a]: Invalid value: \"" + value63 +
                  "v\": must be no more than 63 characters");
}

TEST(LabelSelector, IntegerOperatorValidation) {
    EXPECT_EQ(labelParseError("a>b"),
              "unable to parse requirement: values[0]: Invalid value: \"b\": "
              "for 'Gt', 'Lt' operators, the value must be an integer");
    EXPECT_EQ(labelParseError("a<"), "unable to parse requirement: values[0]: Invalid value: \"\": "
                                     "for 'Gt', 'Lt' operators, the value must be an integer");
    EXPECT_NE(labelParseError("a>1.5").find("the value must be an integer"), std::string::npos);
    EXPECT_NE(labelParseError("a>99999999999999999999").find("the value must be an integer"),
              std::string::npos);
    // A negative bound is an integer but not a valid label value, so upstream rejects it.
    EXPECT_NE(labelParseError("a>-1").find("values[0][a]: Invalid value: \"-1\": a valid label"),
              std::string::npos);
    // Two problems at once come back as an aggregate.
    const std::string both = labelParseError("a>-x");
    EXPECT_EQ(both.rfind("unable to parse requirement: [values[0]: Invalid value: \"-x\"", 0), 0u)
        << both;
    EXPECT_NE(both.find(", values[0][a]: Invalid value"), std::string::npos) << both;
}

TEST(LabelSelector, NullPointerForErrorIsAllowed) {
    EXPECT_FALSE(LabelSelector::parse("a in (").ok());
    EXPECT_TRUE(LabelSelector::parse("a").ok());
}

TEST(LabelSelector, NulByteEndsTheSelectorLikeUpstream) {
    const std::string text("a=b\0,c", 6);
    const LabelSelector s = mustParseLabels(text);
    EXPECT_EQ(s.toString(), "a=b,c");
    const std::string leading("\0garbage(", 9);
    EXPECT_TRUE(mustParseLabels(leading).empty());
}
