// YAML → JSON as kubectl converts kubeconfig extensions, and Go's JSON string escaping.

#include "k8s/config/yamljson.h"
#include "testfixtures.h"

#include <chrono>
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

using namespace cubedesk::k8s;

namespace {

QByteArray convert(const char *yaml) {
    QString why;
    const std::optional<QByteArray> json = YamlJson::toJson(YAML::Load(yaml), &why);
    EXPECT_TRUE(json.has_value()) << why.toStdString();
    return json.value_or(QByteArray());
}

} // namespace

TEST(YamlJson, ScalarTypingFollowsYaml11) {
    EXPECT_EQ(
        convert("[~, null, Null, true, On, no, 'yes', 12, -3, 0x1f, 1_000, 2.50, .5, 1e3, 1e-7, "
                "1e21, abc, '12', \"3\"]"),
        QByteArray(
            R"([null,null,null,true,true,false,"yes",12,-3,31,1000,2.5,0.5,1000,1e-7,1e+21,"abc","12","3"])"));
}

// The integers go-yaml reads with strconv's base 0: a leading 0 is octal, 0o/0b/0x prefixes, and
// an integer beyond int64 stays an unsigned integer (the simulator's manifests type the same
// scalars with the same code: tests/sim/manifestloader_test.cpp).
TEST(YamlJson, IntegersAreReadAsGoYamlReadsThem) {
    EXPECT_EQ(convert("[017, 0o17, 0b101, -017, 08, 0, -0, 18446744073709551615]"),
              QByteArray(R"([15,15,5,-15,8,0,0,18446744073709551615])"));
}

TEST(YamlJson, HugeScalarsAreTypedInLinearTime) {
    // A 1 MB plain scalar of digits is an out-of-range integer, then a float that overflows:
    // a string. (A regular expression over it used to recurse once per character.)
    const std::string digits(1 << 20, '7');
    const std::string yaml = "[" + digits + "]";
    const std::string expected = "[\"" + digits + "\"]";
    EXPECT_EQ(convert(yaml.c_str()), QByteArray::fromStdString(expected));
}

TEST(YamlJson, MapsAreSortedAndStringsEscapedLikeGo) {
    EXPECT_EQ(convert("{b: 1, a: {d: [x], c: \"<tag> & \\\"q\\\" \\\\ \\n\\t\\u2028 é\"}}"),
              QByteArray("{\"a\":{\"c\":\"\\u003ctag\\u003e \\u0026 \\\"q\\\" \\\\ \\n\\t\\u2028 "
                         "\xC3\xA9\",\"d\":[\"x\"]},\"b\":1}"));
    EXPECT_EQ(convert("~"), QByteArray("null"));
    EXPECT_EQ(convert("{}"), QByteArray("{}"));
}

TEST(YamlJson, ValuesJsonCannotExpressAreRefused) {
    QString why;
    EXPECT_FALSE(YamlJson::toJson(YAML::Load("[.inf]"), &why).has_value());
    EXPECT_FALSE(why.isEmpty());
    std::string deep;
    for (int i = 0; i < 100; ++i)
        deep += "[";
    for (int i = 0; i < 100; ++i)
        deep += "]";
    EXPECT_FALSE(YamlJson::toJson(YAML::Load(deep), &why).has_value());
}

TEST(YamlJson, InvalidUtf8BecomesReplacementCharacter) {
    std::string out;
    YamlJson::appendString(out, std::string("a\xff"
                                            "b\x01",
                                            4));
    EXPECT_EQ(out, std::string("\"a\\ufffdb\\u0001\""));
}

// "Billion laughs": nine levels of anchors, each naming the previous ten times, are 10^9 strings
// once expanded. The conversion stops at its budget, quickly, with the reason.
TEST(YamlJson, AliasExpansionIsBounded) {
    std::string yaml = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
    for (int i = 1; i <= 9; ++i) {
        const std::string prev = "*a" + std::to_string(i - 1);
        yaml += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
        for (int k = 0; k < 10; ++k)
            yaml += (k ? ", " : "") + prev;
        yaml += "]\n";
    }
    QString why;
    const auto begin = std::chrono::steady_clock::now();
    EXPECT_FALSE(YamlJson::toJson(YAML::Load(yaml), &why).has_value());
    EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::seconds(10));
    EXPECT_TRUE(why.contains(QStringLiteral("aliases expanded"))) << why.toStdString();
}
