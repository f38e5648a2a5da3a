#pragma once

// Corefile: CoreDNS's configuration file (the `Corefile` key of the `coredns` ConfigMap in
// kube-system; docs/platform.md, "CoreDNS and the scheduler policy") read the way CoreDNS's
// Caddyfile lexer and parser read it, keeping where every piece sits so that an edit can rewrite
// only the bytes it changes:
//   * tokens are separated by whitespace; `#` outside quotes starts a comment that runs to the end
//     of the line; a token that starts with `"` runs to the next unescaped `"` (newlines allowed,
//     `\"` is a quote); `{` and `}` are braces only as tokens of their own, so `{$VAR}` is a word;
//   * a server block is its keys (`zone[:port]`, several on a line, a trailing comma continues
//     them on the next line), then `{`, then directives, then `}`; a file with one server block
//     may leave out the braces;
//   * a directive is a word and the words after it on its line; a `{` after them opens a block
//     whose lines are directives in turn (any depth). Snippets `(name) { … }` and `import` are
//     kept as ordinary server blocks and directives: nothing is expanded.
// Every token keeps its byte offsets in the text and its line, so callers (CoreDnsConfig) splice
// the original text. Errors — a `{` never closed, a `}` with no `{`, a quote never closed, a key
// list ending in a comma, blocks nested deeper than 64 — name the 1-based line.
//
// A value type; parse() is a pure function (any thread). Holds its own copy of the text.

#include "k8s/api/result.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

class Corefile final {
public:
    struct Token {
        std::string text;      ///< the value: quotes removed, `\"` unescaped
        std::size_t begin = 0; ///< offset of its first byte (the opening quote, if quoted)
        std::size_t end = 0;   ///< offset one past its last byte (after the closing quote)
        int line = 1;          ///< 1-based line of its first byte
        int endLine = 1;       ///< line of its last byte (a quoted token may span lines)
        bool quoted = false;
        bool isOpenBrace() const { return !quoted && text == "{"; }
        bool isCloseBrace() const { return !quoted && text == "}"; }
    };
    struct Directive {
        Token name;
        std::vector<Token> args;         ///< the words after the name on its line
        bool hasBlock = false;           ///< followed by `{ … }`
        std::size_t openBrace = 0;       ///< offset of `{` (hasBlock)
        std::size_t closeBrace = 0;      ///< offset of `}` (hasBlock)
        std::vector<Directive> children; ///< the lines inside the block, in file order
        /// Offset one past its last byte: after `}` when it has a block, else after its last word.
        std::size_t end() const;
    };
    struct ServerBlock {
        std::vector<Token> keys;           ///< as written, a trailing comma removed from text
        std::vector<Directive> directives; ///< in file order
        bool braced = true;                ///< false: a lone block written without braces
        std::size_t openBrace = 0;         ///< offset of `{` (braced)
        std::size_t closeBrace = 0;        ///< offset of `}` (braced)
        std::size_t begin() const { return keys.empty() ? 0 : keys.front().begin; }
        /// Offset one past its last byte.
        std::size_t end() const;
    };
    struct ParseError {
        int line = 0; ///< 1-based; 0 when the error is not about one line
        std::string message;
        ParseError(int line, std::string message);
        /// "line N: message" (or the message alone for line 0).
        std::string text() const;
    };

    /// Tokens and structure of `text`, or the first error.
    static Result<Corefile, ParseError> parse(std::string_view text);

    const std::string &text() const { return m_text; }
    const std::vector<ServerBlock> &serverBlocks() const { return m_blocks; }

    /// The offset where the line holding `offset` starts.
    std::size_t lineStart(std::size_t offset) const;
    /// The offset just past the newline ending the line that holds `offset` (or the text's end).
    std::size_t lineEnd(std::size_t offset) const;
    /// The spaces and tabs that start the line holding `offset`.
    std::string indentOf(std::size_t offset) const;
    /// True when only spaces and tabs precede `offset` on its line.
    bool startsLine(std::size_t offset) const;
    /// True when only spaces, tabs, `\r` or a comment follow `offset` on its line.
    bool endsLine(std::size_t offset) const;

private:
    std::string m_text;
    std::vector<ServerBlock> m_blocks;
};

} // namespace cubedesk::k8s
