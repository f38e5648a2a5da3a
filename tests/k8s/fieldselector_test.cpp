#include "k8s/api/fieldselector.h"

#include <gtest/gtest.h>
#include <map>

using cubedesk::k8s::FieldSelector;
using Term = FieldSelector::Term;
using Fields = std::map<std::string, std::string, std::less<>>;

namespace {

FieldSelector mustParseFields(std::string_view text) {
    const auto s = FieldSelector::parse(text);
    EXPECT_TRUE(s.ok()) << "input: '" << text << "' error: " << (s ? "" : s.error());
    return s.valueOr(FieldSelector());
}

std::string fieldParseError(std::string_view text) {
    const auto s = FieldSelector::parse(text);
    const std::string error = s ? std::string() : s.error();
    EXPECT_FALSE(s.ok()) << "input unexpectedly parsed: '" << text << "'";
    return error;
}

bool matches(const FieldSelector &s, const Fields &fields) {
    return s.matches([&fields](std::string_view field) -> std::optional<std::string_view> {
        const auto it = fields.find(field);
        if (it == fields.end())
            return std::nullopt;
        return std::string_view(it->second);
    });
}

} // namespace

TEST(FieldSelector, EmptySelector) {
    for (std::string_view text : {"", ",", ",,"}) {
        const FieldSelector s = mustParseFields(text);
        EXPECT_TRUE(s.empty()) << text;
        EXPECT_EQ(s.toString(), "");
        EXPECT_TRUE(matches(s, {}));
        EXPECT_TRUE(matches(s, {{"metadata.name", "x"}}));
    }
}

TEST(FieldSelector, ParsesOperators) {
    const FieldSelector s =
        mustParseFields("metadata.name=web,status.phase!=Running,spec.nodeName==n1");
    // Terms are sorted by their source text.
    const std::vector<Term> expected = {
        {"metadata.name", false, "web"},
        {"spec.nodeName", false, "n1"},
        {"status.phase", true, "Running"},
    };
    EXPECT_EQ(s.terms(), expected);
    EXPECT_FALSE(s.empty());
    EXPECT_EQ(s.toString(), "metadata.name=web,spec.nodeName=n1,status.phase!=Running");
}

TEST(FieldSelector, Matching) {
    const FieldSelector s = mustParseFields("spec.nodeName=gpu-node-1,status.phase!=Succeeded");
    EXPECT_TRUE(matches(s, {{"spec.nodeName", "gpu-node-1"}, {"status.phase", "Running"}}));
    EXPECT_FALSE(matches(s, {{"spec.nodeName", "gpu-node-1"}, {"status.phase", "Succeeded"}}));
    EXPECT_FALSE(matches(s, {{"spec.nodeName", "gpu-node-2"}, {"status.phase", "Running"}}));
    // Unknown fields compare as the empty string.
    EXPECT_TRUE(matches(s, {{"spec.nodeName", "gpu-node-1"}}));
    EXPECT_FALSE(matches(s, {}));
}

TEST(FieldSelector, EmptyValues) {
    const FieldSelector s = mustParseFields("involvedObject.namespace=,involvedObject.name=node-1");
    ASSERT_EQ(s.terms().size(), 2u);
    EXPECT_EQ(s.terms()[0], (Term{"involvedObject.name", false, "node-1"}));
    EXPECT_EQ(s.terms()[1], (Term{"involvedObject.namespace", false, ""}));
    EXPECT_TRUE(matches(s, {{"involvedObject.name", "node-1"}, {"involvedObject.namespace", ""}}));
    EXPECT_TRUE(matches(s, {{"involvedObject.name", "node-1"}})) << "absent == empty";
    EXPECT_FALSE(
        matches(s, {{"involvedObject.name", "node-1"}, {"involvedObject.namespace", "d"}}));

    const FieldSelector notEmpty = mustParseFields("spec.nodeName!=");
    EXPECT_TRUE(matches(notEmpty, {{"spec.nodeName", "n"}}));
    EXPECT_FALSE(matches(notEmpty, {}));
    EXPECT_EQ(notEmpty.toString(), "spec.nodeName!=");
}

TEST(FieldSelector, Escapes) {
    const FieldSelector s = mustParseFields(R"(metadata.name=a\,b\=c\\d,x=y)");
    ASSERT_EQ(s.terms().size(), 2u);
    EXPECT_EQ(s.terms()[0], (Term{"metadata.name", false, R"(a,b=c\d)"}));
    EXPECT_EQ(s.terms()[1], (Term{"x", false, "y"}));
    EXPECT_TRUE(matches(s, {{"metadata.name", R"(a,b=c\d)"}, {"x", "y"}}));
    EXPECT_EQ(s.toString(), R"(metadata.name=a\,b\=c\\d,x=y)");
    EXPECT_EQ(mustParseFields(s.toString()), s);

    // A trailing escaped backslash does not swallow the separator after it.
    const FieldSelector t = mustParseFields(R"(a=b\\,c=d)");
    EXPECT_EQ(t.terms(), (std::vector<Term>{{"a", false, R"(b\)"}, {"c", false, "d"}}));
}

TEST(FieldSelector, InvalidEscapes) {
    EXPECT_EQ(fieldParseError(R"(a=b\x)"),
              R"(invalid field selector: invalid escape sequence: \x)");
    EXPECT_EQ(fieldParseError(R"(a=b\)"), R"(invalid field selector: invalid escape sequence: \)");
    EXPECT_EQ(fieldParseError("a=\\\xc3\xa9"),
              "invalid field selector: invalid escape sequence: \\\xc3\xa9");
    EXPECT_EQ(fieldParseError("a=b=c"),
              "invalid field selector: unescaped character in value: '='");
}

TEST(FieldSelector, TermWithoutOperator) {
    EXPECT_EQ(fieldParseError("metadata.name"),
              "invalid selector: 'metadata.name'; can't understand 'metadata.name'");
    EXPECT_EQ(fieldParseError("a=b,foo"), "invalid selector: 'a=b,foo'; can't understand 'foo'");
}

TEST(FieldSelector, OperatorIsTheFirstEqualsSign) {
    // No trimming: whitespace is part of field and value, as upstream.
    const FieldSelector s = mustParseFields("a = b");
    EXPECT_EQ(s.terms().at(0), (Term{"a ", false, " b"}));
    // "a=!b" is "a" equals "!b".
    EXPECT_EQ(mustParseFields("a=!b").terms().at(0), (Term{"a", false, "!b"}));
    // "a!==b": "!=" wins at position 1 and the value "=b" holds an unescaped '='.
    EXPECT_EQ(fieldParseError("a!==b"),
              "invalid field selector: unescaped character in value: '='");
}

TEST(FieldSelector, FirstUnknownField) {
    const std::vector<std::string_view> common = {"metadata.name", "metadata.namespace"};
    EXPECT_EQ(mustParseFields("metadata.name=a,metadata.namespace!=b").firstUnknownField(common),
              std::nullopt);
    EXPECT_EQ(mustParseFields("").firstUnknownField(common), std::nullopt);
    EXPECT_EQ(mustParseFields("metadata.name=a,spec.nodeName=n").firstUnknownField(common),
              std::optional<std::string>("spec.nodeName"));
    // First in sorted term order.
    EXPECT_EQ(
        mustParseFields("zz=1,status.phase=Running,metadata.name=x").firstUnknownField(common),
        std::optional<std::string>("status.phase"));
    const std::vector<std::string_view> pod = {"metadata.name", "metadata.namespace",
                                               "spec.nodeName", "status.phase"};
    EXPECT_EQ(mustParseFields("spec.nodeName=n,status.phase=Running").firstUnknownField(pod),
              std::nullopt);
}

TEST(FieldSelector, NullErrorPointer) {
    EXPECT_FALSE(FieldSelector::parse("nooperator").ok());
    EXPECT_FALSE(FieldSelector::parse(R"(a=\q)").ok());
    EXPECT_TRUE(FieldSelector::parse("a=b").ok());
}
