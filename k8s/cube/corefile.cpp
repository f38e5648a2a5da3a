#include "k8s/cube/corefile.h"

#include <algorithm>
#include <utility>

namespace cubedesk::k8s {

namespace {

constexpr int kMaxDepth = 64;

bool isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/// Splits the text into tokens as CoreDNS's Caddyfile lexer does.
Result<std::vector<Corefile::Token>, Corefile::ParseError> tokenize(std::string_view s) {
    std::vector<Corefile::Token> tokens;
    int line = 1;
    std::size_t i = 0;
    while (i < s.size()) {
        const char c = s[i];
        if (c == '\n') {
            ++line;
            ++i;
            continue;
        }
        if (isBlank(c)) {
            ++i;
            continue;
        }
        if (c == '#') {
            while (i < s.size() && s[i] != '\n')
                ++i;
            continue;
        }
        Corefile::Token t;
        t.begin = i;
        t.line = line;
        if (c == '"') {
            t.quoted = true;
            ++i;
            bool escaped = false;
            bool closed = false;
            while (i < s.size()) {
                const char ch = s[i++];
                if (escaped) {
                    // Only a quote and a newline are escaped; any other backslash stays.
                    if (ch != '"' && ch != '\n')
                        t.text.push_back('\\');
                    t.text.push_back(ch);
                    escaped = false;
                } else if (ch == '\\') {
                    escaped = true;
                    continue;
                } else if (ch == '"') {
                    closed = true;
                    break;
                } else {
                    t.text.push_back(ch);
                }
                if (ch == '\n')
                    ++line;
            }
            if (!closed)
                return Failure{Corefile::ParseError(t.line, "unterminated quoted string")};
        } else {
            while (i < s.size() && s[i] != '\n' && !isBlank(s[i]) && s[i] != '#')
                t.text.push_back(s[i++]);
        }
        t.end = i;
        t.endLine = line;
        tokens.push_back(std::move(t));
    }
    return tokens;
}

/// Reads the token list into server blocks and directives.
class Reader final {
public:
    explicit Reader(std::vector<Corefile::Token> tokens)
        : m_tokens(std::move(tokens)) {}

    Result<std::vector<Corefile::ServerBlock>, Corefile::ParseError> blocks() {
        std::vector<Corefile::ServerBlock> out;
        while (m_pos < m_tokens.size()) {
            auto block = serverBlock();
            if (!block.ok())
                return Failure{block.error()};
            out.push_back(std::move(block).value());
        }
        return out;
    }

private:
    bool newLine(std::size_t pos) const {
        return pos > 0 && m_tokens[pos].line > m_tokens[pos - 1].endLine;
    }

    Result<Corefile::ServerBlock, Corefile::ParseError> serverBlock() {
        Corefile::ServerBlock block;
        bool expectingAnother = false;
        while (true) {
            const Corefile::Token &t = m_tokens[m_pos];
            if (t.isOpenBrace()) {
                if (expectingAnother)
                    return Failure{Corefile::ParseError(
                        t.line, "expected another address after ',' but found '{'")};
                break;
            }
            if (t.isCloseBrace())
                return Failure{Corefile::ParseError(t.line, "unexpected '}' with no matching '{'")};
            Corefile::Token key = t;
            expectingAnother = !key.text.empty() && key.text.back() == ',';
            if (expectingAnother)
                key.text.pop_back();
            if (!key.text.empty())
                block.keys.push_back(std::move(key));
            ++m_pos;
            if (m_pos >= m_tokens.size()) {
                if (expectingAnother)
                    return Failure{Corefile::ParseError(
                        t.line, "expected another address after ',' but the file ends")};
                break;
            }
            if (!expectingAnother && newLine(m_pos))
                break;
        }
        if (m_pos < m_tokens.size() && m_tokens[m_pos].isOpenBrace()) {
            const Corefile::Token &open = m_tokens[m_pos++];
            block.openBrace = open.begin;
            auto directives = directiveList(0, true, open.line);
            if (!directives.ok())
                return Failure{directives.error()};
            block.directives = std::move(directives).value();
            block.closeBrace = m_tokens[m_pos++].begin;
        } else {
            block.braced = false;
            auto directives = directiveList(0, false, 0);
            if (!directives.ok())
                return Failure{directives.error()};
            block.directives = std::move(directives).value();
        }
        return block;
    }

    /// Directives up to the `}` that closes the block opened on `openLine` (left as the current
    /// token) or, when !braced, up to the end of the file.
    Result<std::vector<Corefile::Directive>, Corefile::ParseError>
    directiveList(int depth, bool braced, int openLine) {
        std::vector<Corefile::Directive> out;
        while (m_pos < m_tokens.size()) {
            const Corefile::Token &t = m_tokens[m_pos];
            if (t.isCloseBrace()) {
                if (braced)
                    return out;
                return Failure{Corefile::ParseError(t.line, "unexpected '}' with no matching '{'")};
            }
            if (t.isOpenBrace())
                return Failure{Corefile::ParseError(t.line, "unexpected '{'")};
            Corefile::Directive d;
            d.name = t;
            ++m_pos;
            while (m_pos < m_tokens.size() && !newLine(m_pos) && !m_tokens[m_pos].isOpenBrace() &&
                   !m_tokens[m_pos].isCloseBrace())
                d.args.push_back(m_tokens[m_pos++]);
            if (m_pos < m_tokens.size() && m_tokens[m_pos].isOpenBrace()) {
                const Corefile::Token &open = m_tokens[m_pos++];
                if (depth + 1 >= kMaxDepth)
                    return Failure{
                        Corefile::ParseError(open.line, "blocks nested more than 64 deep")};
                d.hasBlock = true;
                d.openBrace = open.begin;
                auto children = directiveList(depth + 1, true, open.line);
                if (!children.ok())
                    return Failure{children.error()};
                d.children = std::move(children).value();
                d.closeBrace = m_tokens[m_pos++].begin;
            }
            out.push_back(std::move(d));
        }
        if (braced)
            return Failure{Corefile::ParseError(
                openLine, "'{' on line " + std::to_string(openLine) + " is never closed")};
        return out;
    }

    std::vector<Corefile::Token> m_tokens;
    std::size_t m_pos = 0;
};

} // namespace

std::size_t Corefile::Directive::end() const {
    if (hasBlock)
        return closeBrace + 1;
    return args.empty() ? name.end : args.back().end;
}

std::size_t Corefile::ServerBlock::end() const {
    if (braced)
        return closeBrace + 1;
    if (!directives.empty())
        return directives.back().end();
    return keys.empty() ? 0 : keys.back().end;
}

Corefile::ParseError::ParseError(int line, std::string message)
    : line(line)
    , message(std::move(message)) {}

std::string Corefile::ParseError::text() const {
    return line > 0 ? "line " + std::to_string(line) + ": " + message : message;
}

Result<Corefile, Corefile::ParseError> Corefile::parse(std::string_view text) {
    auto tokens = tokenize(text);
    if (!tokens.ok())
        return Failure{tokens.error()};
    Reader reader(std::move(tokens).value());
    auto blocks = reader.blocks();
    if (!blocks.ok())
        return Failure{blocks.error()};
    Corefile file;
    file.m_text = std::string(text);
    file.m_blocks = std::move(blocks).value();
    return file;
}

std::size_t Corefile::lineStart(std::size_t offset) const {
    offset = std::min(offset, m_text.size());
    while (offset > 0 && m_text[offset - 1] != '\n')
        --offset;
    return offset;
}

std::size_t Corefile::lineEnd(std::size_t offset) const {
    const std::size_t nl = m_text.find('\n', offset);
    return nl == std::string::npos ? m_text.size() : nl + 1;
}

std::string Corefile::indentOf(std::size_t offset) const {
    std::size_t i = lineStart(offset);
    const std::size_t from = i;
    while (i < m_text.size() && (m_text[i] == ' ' || m_text[i] == '\t'))
        ++i;
    return m_text.substr(from, i - from);
}

bool Corefile::startsLine(std::size_t offset) const {
    for (std::size_t i = lineStart(offset); i < offset; ++i)
        if (m_text[i] != ' ' && m_text[i] != '\t')
            return false;
    return true;
}

bool Corefile::endsLine(std::size_t offset) const {
    std::size_t i = offset;
    while (i < m_text.size() && isBlank(m_text[i]))
        ++i;
    return i >= m_text.size() || m_text[i] == '\n' || m_text[i] == '#';
}

} // namespace cubedesk::k8s
