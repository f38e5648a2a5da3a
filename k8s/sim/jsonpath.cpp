#include "k8s/sim/jsonpath.h"

#include <charconv>
#include <cstdlib>
#include <string>

namespace cubedesk::sim {

namespace {

using nlohmann::json;

const json *child(const json *j, const char *key) {
    if (j == nullptr || !j->is_object())
        return nullptr;
    const auto it = j->find(key);
    return it == j->end() ? nullptr : &*it;
}

struct PathStep {
    enum class Kind { Field, Index, Slice, Wildcard, Filter };
    Kind kind = Kind::Field;
    std::string field;
    long index = 0;
    std::optional<long> start;
    std::optional<long> end;
    long step = 1;
    // Filter: [?(@<path> <op> <literal>)]; op "" means "exists".
    std::vector<PathStep> filterPath;
    std::string op;
    json literal;
};

class PathParser final {
public:
    explicit PathParser(std::string_view text)
        : m_text(text) {}

    /// Parses steps until the end (or, inside a filter, until an operator or ')').
    bool parse(std::vector<PathStep> &steps, bool inFilter) {
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (inFilter && (c == ' ' || c == '=' || c == '!' || c == ')' || c == '<' || c == '>'))
                return true;
            if (c == '.') {
                ++m_pos;
                if (m_pos < m_text.size() && m_text[m_pos] == '.')
                    return false; // recursive descent is not supported
                if (m_pos < m_text.size() && m_text[m_pos] == '*') {
                    ++m_pos;
                    PathStep s;
                    s.kind = PathStep::Kind::Wildcard;
                    steps.push_back(std::move(s));
                    continue;
                }
                std::string name;
                if (!parseName(name, inFilter))
                    return false;
                if (!name.empty()) {
                    PathStep s;
                    s.field = std::move(name);
                    steps.push_back(std::move(s));
                }
                continue;
            }
            if (c == '[') {
                PathStep s;
                if (!parseBracket(s))
                    return false;
                steps.push_back(std::move(s));
                continue;
            }
            if (steps.empty() && !inFilter) {
                // A leading bare field ("status.phase"), tolerated for convenience.
                std::string name;
                if (!parseName(name, inFilter) || name.empty())
                    return false;
                PathStep s;
                s.field = std::move(name);
                steps.push_back(std::move(s));
                continue;
            }
            return false;
        }
        return true;
    }

    bool atEnd() const { return m_pos >= m_text.size(); }

private:
    bool parseName(std::string &name, bool inFilter) {
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (c == '\\' && m_pos + 1 < m_text.size()) {
                name += m_text[m_pos + 1];
                m_pos += 2;
                continue;
            }
            if (c == '.' || c == '[')
                break;
            if (inFilter && (c == ' ' || c == '=' || c == '!' || c == ')' || c == '<' || c == '>'))
                break;
            if (c == ']' || c == '(' || c == ')' || c == '\'' || c == '"')
                return false;
            name += c;
            ++m_pos;
        }
        return true;
    }

    void skipSpaces() {
        while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\t'))
            ++m_pos;
    }

    bool parseQuoted(std::string &out) {
        const char quote = m_text[m_pos++];
        while (m_pos < m_text.size() && m_text[m_pos] != quote) {
            if (m_text[m_pos] == '\\' && m_pos + 1 < m_text.size())
                ++m_pos;
            out += m_text[m_pos++];
        }
        if (m_pos >= m_text.size())
            return false;
        ++m_pos; // closing quote
        return true;
    }

    static bool parseLong(std::string_view text, long &out) {
        while (!text.empty() && text.front() == ' ')
            text.remove_prefix(1);
        while (!text.empty() && text.back() == ' ')
            text.remove_suffix(1);
        if (text.empty())
            return false;
        const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
        return ec == std::errc() && ptr == text.data() + text.size();
    }

    bool parseLiteral(json &out) {
        skipSpaces();
        if (m_pos >= m_text.size())
            return false;
        const char c = m_text[m_pos];
        if (c == '"' || c == '\'') {
            std::string s;
            if (!parseQuoted(s))
                return false;
            out = std::move(s);
            return true;
        }
        const std::size_t start = m_pos;
        while (m_pos < m_text.size() && m_text[m_pos] != ')' && m_text[m_pos] != ' ')
            ++m_pos;
        const std::string_view word = m_text.substr(start, m_pos - start);
        if (word == "true" || word == "false") {
            out = word == "true";
            return true;
        }
        if (word == "null") {
            out = nullptr;
            return true;
        }
        long l = 0;
        if (parseLong(word, l)) {
            out = static_cast<std::int64_t>(l);
            return true;
        }
        double d = 0;
        const auto [ptr, ec] = std::from_chars(word.data(), word.data() + word.size(), d);
        if (ec == std::errc() && ptr == word.data() + word.size() && !word.empty()) {
            out = d;
            return true;
        }
        return false;
    }

    bool parseFilter(PathStep &step) {
        // m_pos is just after "[?"
        skipSpaces();
        if (m_pos >= m_text.size() || m_text[m_pos] != '(')
            return false;
        ++m_pos;
        skipSpaces();
        if (m_pos >= m_text.size() || m_text[m_pos] != '@')
            return false;
        ++m_pos;
        if (!parse(step.filterPath, true))
            return false;
        skipSpaces();
        if (m_pos < m_text.size() && m_text[m_pos] != ')') {
            for (const char *op : {"==", "!="}) {
                if (m_text.substr(m_pos, 2) == op) {
                    step.op = op;
                    m_pos += 2;
                    break;
                }
            }
            if (step.op.empty() || !parseLiteral(step.literal))
                return false;
            skipSpaces();
        }
        if (m_pos >= m_text.size() || m_text[m_pos] != ')')
            return false;
        ++m_pos;
        skipSpaces();
        if (m_pos >= m_text.size() || m_text[m_pos] != ']')
            return false;
        ++m_pos;
        step.kind = PathStep::Kind::Filter;
        return true;
    }

    bool parseBracket(PathStep &step) {
        ++m_pos; // '['
        skipSpaces();
        if (m_pos >= m_text.size())
            return false;
        const char c = m_text[m_pos];
        if (c == '?') {
            ++m_pos;
            return parseFilter(step);
        }
        if (c == '\'' || c == '"') {
            if (!parseQuoted(step.field))
                return false;
            skipSpaces();
            if (m_pos >= m_text.size() || m_text[m_pos] != ']')
                return false;
            ++m_pos;
            step.kind = PathStep::Kind::Field;
            return true;
        }
        const std::size_t close = m_text.find(']', m_pos);
        if (close == std::string_view::npos)
            return false;
        const std::string_view inside = m_text.substr(m_pos, close - m_pos);
        m_pos = close + 1;
        if (inside == "*") {
            step.kind = PathStep::Kind::Wildcard;
            return true;
        }
        if (inside.find(':') == std::string_view::npos) {
            step.kind = PathStep::Kind::Index;
            return parseLong(inside, step.index);
        }
        step.kind = PathStep::Kind::Slice;
        std::string_view rest = inside;
        std::optional<long> parts[3];
        for (int i = 0; i < 3; ++i) {
            const std::size_t colon = rest.find(':');
            const std::string_view part = rest.substr(0, colon);
            if (part.find_first_not_of(' ') != std::string_view::npos) {
                long v = 0;
                if (!parseLong(part, v))
                    return false;
                parts[i] = v;
            }
            if (colon == std::string_view::npos)
                break;
            if (i == 2)
                return false;
            rest.remove_prefix(colon + 1);
        }
        step.start = parts[0];
        step.end = parts[1];
        step.step = parts[2].value_or(1);
        return step.step > 0;
    }

    std::string_view m_text;
    std::size_t m_pos = 0;
};

bool jsonEquals(const json &a, const json &b) {
    if (a.is_number() && b.is_number())
        return a.get<double>() == b.get<double>();
    return a == b;
}

std::vector<const json *> evaluateSteps(const json &root, const std::vector<PathStep> &steps) {
    std::vector<const json *> current{&root};
    for (const PathStep &step : steps) {
        std::vector<const json *> next;
        for (const json *node : current) {
            switch (step.kind) {
            case PathStep::Kind::Field:
                if (const json *c = child(node, step.field.c_str()))
                    next.push_back(c);
                break;
            case PathStep::Kind::Index:
                if (node->is_array()) {
                    long i = step.index;
                    const long n = static_cast<long>(node->size());
                    if (i < 0)
                        i += n;
                    if (i >= 0 && i < n)
                        next.push_back(&(*node)[static_cast<std::size_t>(i)]);
                }
                break;
            case PathStep::Kind::Slice:
                if (node->is_array()) {
                    const long n = static_cast<long>(node->size());
                    const auto clamp = [n](long v) {
                        if (v < 0)
                            v += n;
                        return std::clamp(v, 0L, n);
                    };
                    const long from = clamp(step.start.value_or(0));
                    const long to = clamp(step.end.value_or(n));
                    for (long i = from; i < to; i += step.step)
                        next.push_back(&(*node)[static_cast<std::size_t>(i)]);
                }
                break;
            case PathStep::Kind::Wildcard:
                if (node->is_structured()) {
                    for (const json &c : *node)
                        next.push_back(&c);
                }
                break;
            case PathStep::Kind::Filter:
                if (node->is_array()) {
                    for (const json &element : *node) {
                        const auto lefts = evaluateSteps(element, step.filterPath);
                        if (lefts.empty())
                            continue;
                        bool pass = true;
                        if (step.op == "==")
                            pass = jsonEquals(*lefts.front(), step.literal);
                        else if (step.op == "!=")
                            pass = !jsonEquals(*lefts.front(), step.literal);
                        if (pass)
                            next.push_back(&element);
                    }
                }
                break;
            }
        }
        current = std::move(next);
    }
    return current;
}

} // namespace

std::optional<std::vector<nlohmann::json>> JsonPath::evaluate(const nlohmann::json &object,
                                                              std::string_view path) {
    try {
        const auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\n'; };
        while (!path.empty() && isSpace(path.front()))
            path.remove_prefix(1);
        while (!path.empty() && isSpace(path.back()))
            path.remove_suffix(1);
        if (path.size() >= 2 && path.front() == '{' && path.back() == '}')
            path = path.substr(1, path.size() - 2);
        if (!path.empty() && path.front() == '$')
            path.remove_prefix(1);
        std::vector<PathStep> steps;
        PathParser parser(path);
        if (!parser.parse(steps, false) || !parser.atEnd())
            return std::nullopt;
        std::vector<nlohmann::json> results;
        for (const json *j : evaluateSteps(object, steps))
            results.push_back(*j);
        return results;
    } catch (const std::exception &) {
        return std::nullopt;
    }
}

} // namespace cubedesk::sim
