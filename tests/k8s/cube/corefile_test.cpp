// Corefile: CoreDNS's Caddyfile syntax read into server blocks and directives with the byte
// offsets and lines of every token; errors name their line.

#include "k8s/cube/corefile.h"

#include <gtest/gtest.h>

using namespace cubedesk::k8s;

namespace {

Corefile parsed(std::string_view text) {
    auto file = Corefile::parse(text);
    EXPECT_TRUE(file.ok()) << (file.ok() ? "" : file.error().text());
    return file.ok() ? std::move(file).value() : Corefile();
}

Corefile::ParseError failure(std::string_view text) {
    auto file = Corefile::parse(text);
    EXPECT_FALSE(file.ok());
    return file.ok() ? Corefile::ParseError(-1, "parsed") : file.error();
}

std::string_view slice(const Corefile &f, std::size_t begin, std::size_t end) {
    return std::string_view(f.text()).substr(begin, end - begin);
}

} // namespace

TEST(CorefileTest, ReadsServerBlocksDirectivesAndNestedBlocks) {
    const std::string text = ".:53 {\n"
                             "    errors\n"
                             "    forward . /etc/resolv.conf {\n"
                             "       max_concurrent 1000\n"
                             "    }\n"
                             "}\n"
                             "oa.com:53 {\n"
                             "    forward . 10.88.0.53\n"
                             "}\n";
    const Corefile f = parsed(text);
    ASSERT_EQ(f.serverBlocks().size(), 2u);
    const auto &root = f.serverBlocks()[0];
    ASSERT_EQ(root.keys.size(), 1u);
    EXPECT_EQ(root.keys[0].text, ".:53");
    ASSERT_EQ(root.directives.size(), 2u);
    EXPECT_EQ(root.directives[0].name.text, "errors");
    EXPECT_EQ(root.directives[0].name.line, 2);
    const auto &forward = root.directives[1];
    EXPECT_EQ(forward.name.text, "forward");
    ASSERT_EQ(forward.args.size(), 2u);
    EXPECT_EQ(forward.args[1].text, "/etc/resolv.conf");
    EXPECT_EQ(slice(f, forward.args[1].begin, forward.args[1].end), "/etc/resolv.conf");
    ASSERT_TRUE(forward.hasBlock);
    ASSERT_EQ(forward.children.size(), 1u);
    EXPECT_EQ(forward.children[0].name.text, "max_concurrent");
    EXPECT_EQ(forward.children[0].args[0].line, 4);
    EXPECT_EQ(slice(f, forward.name.begin, forward.end()),
              "forward . /etc/resolv.conf {\n       max_concurrent 1000\n    }");
    EXPECT_EQ(slice(f, root.begin(), root.end()), text.substr(0, text.find("oa.com") - 1));
    const auto &oa = f.serverBlocks()[1];
    EXPECT_EQ(oa.keys[0].text, "oa.com:53");
    EXPECT_EQ(oa.keys[0].line, 7);
    EXPECT_EQ(slice(f, oa.begin(), oa.end()), "oa.com:53 {\n    forward . 10.88.0.53\n}");
}

TEST(CorefileTest, CommentsQuotesAndEnvironmentWords) {
    const Corefile f = parsed("# header comment { not a brace\n"
                              ". { # the root\n"
                              "    log . \"{remote} - \\\"{name}\\\"\" # quoted, escaped quotes\n"
                              "    forward . {$UPSTREAM}\n"
                              "    template IN A x {\n"
                              "        answer \"multi\n"
                              "line\"\n"
                              "    }\n"
                              "    cache#comment right after a word\n"
                              "}\n");
    ASSERT_EQ(f.serverBlocks().size(), 1u);
    const auto &d = f.serverBlocks()[0].directives;
    ASSERT_EQ(d.size(), 4u);
    ASSERT_EQ(d[0].args.size(), 2u);
    EXPECT_EQ(d[0].args[1].text, "{remote} - \"{name}\"");
    EXPECT_TRUE(d[0].args[1].quoted);
    EXPECT_EQ(slice(f, d[0].args[1].begin, d[0].args[1].end), R"("{remote} - \"{name}\"")");
    EXPECT_EQ(d[1].args[1].text, "{$UPSTREAM}");
    EXPECT_FALSE(d[1].hasBlock);
    ASSERT_EQ(d[2].children.size(), 1u);
    EXPECT_EQ(d[2].children[0].args[0].text, "multi\nline");
    EXPECT_EQ(d[2].children[0].args[0].line, 6);
    EXPECT_EQ(d[2].children[0].args[0].endLine, 7);
    EXPECT_EQ(d[3].name.text, "cache");
    EXPECT_EQ(d[3].name.line, 9);
}

TEST(CorefileTest, KeysOverSeveralLinesSnippetsAndImports) {
    // A trailing comma continues the keys on the next line; a snippet is a block like any other.
    const Corefile f = parsed("(common) {\n"
                              "    errors\n"
                              "}\n"
                              "example.org:53,\n"
                              "  example.net:53 {\n"
                              "    import common\n"
                              "}\n");
    ASSERT_EQ(f.serverBlocks().size(), 2u);
    EXPECT_EQ(f.serverBlocks()[0].keys[0].text, "(common)");
    const auto &b = f.serverBlocks()[1];
    ASSERT_EQ(b.keys.size(), 2u);
    EXPECT_EQ(b.keys[0].text, "example.org:53");
    EXPECT_EQ(b.keys[1].text, "example.net:53");
    EXPECT_EQ(b.directives[0].name.text, "import");
    EXPECT_EQ(b.directives[0].args[0].text, "common");
}

TEST(CorefileTest, ALoneServerBlockMayLeaveOutItsBraces) {
    const Corefile f = parsed(".\nwhoami\nforward . 8.8.8.8\n");
    ASSERT_EQ(f.serverBlocks().size(), 1u);
    const auto &b = f.serverBlocks()[0];
    EXPECT_FALSE(b.braced);
    ASSERT_EQ(b.directives.size(), 2u);
    EXPECT_EQ(b.directives[1].args[1].text, "8.8.8.8");
    EXPECT_EQ(b.end(), std::string(".\nwhoami\nforward . 8.8.8.8").size());
}

TEST(CorefileTest, OpenBraceOnTheNextLineStillOpensTheBlock) {
    const Corefile f = parsed(".\n{\n    whoami\n}\nexample.org\n{\n    log\n}\n");
    ASSERT_EQ(f.serverBlocks().size(), 2u);
    EXPECT_TRUE(f.serverBlocks()[0].braced);
    EXPECT_EQ(f.serverBlocks()[1].directives[0].name.text, "log");
}

TEST(CorefileTest, CrLfLineEndsAreWhitespace) {
    const Corefile f = parsed(". {\r\n    hosts {\r\n        10.0.0.1 a.example\r\n    }\r\n}\r\n");
    const auto &hosts = f.serverBlocks()[0].directives[0];
    ASSERT_EQ(hosts.children.size(), 1u);
    EXPECT_EQ(hosts.children[0].args[0].text, "a.example");
}

TEST(CorefileTest, AnEmptyFileHasNoBlocks) {
    EXPECT_TRUE(parsed("").serverBlocks().empty());
    EXPECT_TRUE(parsed("# only a comment\n\n").serverBlocks().empty());
}

TEST(CorefileTest, ErrorsNameTheirLine) {
    auto e = failure(". {\n    errors\n    hosts {\n        10.0.0.1 a\n}\n");
    EXPECT_EQ(e.line, 1);
    EXPECT_EQ(e.message, "'{' on line 1 is never closed");
    EXPECT_EQ(e.text(), "line 1: '{' on line 1 is never closed");

    e = failure(". {\n    forward . 1.1.1.1 {\n        max_fails 3\n");
    EXPECT_EQ(e.line, 2);

    e = failure(". {\n    errors\n}\n}\n");
    EXPECT_EQ(e.line, 4);
    EXPECT_EQ(e.message, "unexpected '}' with no matching '{'");

    e = failure(". {\n    log . \"{remote}\n}\n");
    EXPECT_EQ(e.line, 2);
    EXPECT_EQ(e.message, "unterminated quoted string");

    e = failure("example.org,\n");
    EXPECT_EQ(e.line, 1);

    e = failure("example.org, {\n}\n");
    EXPECT_EQ(e.message, "expected another address after ',' but found '{'");

    e = failure(". {\n    {\n    }\n}\n");
    EXPECT_EQ(e.line, 2);
    EXPECT_EQ(e.message, "unexpected '{'");
}

TEST(CorefileTest, NestingIsBounded) {
    std::string deep = ". {\n";
    for (int i = 0; i < 100; ++i)
        deep += "a {\n";
    const auto e = failure(deep);
    EXPECT_EQ(e.message, "blocks nested more than 64 deep");
}

TEST(CorefileTest, LineHelpers) {
    const Corefile f = parsed(". {\n    hosts {  # note\n\tx y\n    }\n}");
    const auto &hosts = f.serverBlocks()[0].directives[0];
    EXPECT_EQ(f.lineStart(hosts.name.begin), 4u);
    EXPECT_EQ(f.indentOf(hosts.name.begin), "    ");
    EXPECT_TRUE(f.startsLine(hosts.name.begin));
    EXPECT_FALSE(f.startsLine(hosts.openBrace));
    EXPECT_TRUE(f.endsLine(hosts.openBrace + 1)); // only a comment follows
    EXPECT_EQ(f.indentOf(hosts.children[0].name.begin), "\t");
    EXPECT_EQ(f.lineEnd(f.serverBlocks()[0].closeBrace), f.text().size());
}
