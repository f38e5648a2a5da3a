#include "k8s/api/labelselector.h"

#include "k8s/api/gostrconv.h"
#include "k8s/api/labelsyntax.h"

#include <algorithm>
#include <cstdint>
#include <limits>

#include <simdjson.h>

namespace cubedesk::k8s {

namespace {

// The lexer and parser deliberately follow the structure of the upstream recursive-descent parser
// (a full token list first, then lookahead/consume with a context that turns the keywords "in" and
// "notin" into identifiers where a key or value is expected), so that the same inputs are accepted
// and the same error messages are produced as by kube-apiserver.

enum class Token {
    EndOfString,
    ClosedPar,
    Comma,
    DoesNotExist,
    DoubleEquals,
    Equals,
    GreaterThan,
    Identifier,
    In,
    LessThan,
    NotEquals,
    NotIn,
    OpenPar,
};

struct ScannedItem {
    Token token = Token::EndOfString;
    std::string_view literal;
};

bool isWhitespace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

bool isSpecialSymbol(char c) {
    switch (c) {
    case '=':
    case '!':
    case '(':
    case ')':
    case ',':
    case '>':
    case '<':
        return true;
    default:
        return false;
    }
}

class Lexer final {
public:
    explicit Lexer(std::string_view text)
        : m_text(text) {}

    // Upstream reads bytes with 0 meaning "end of input", so a literal NUL byte at the start of a
    // token ends the selector and one inside a token ends the token and is swallowed. Kept as is
    // so both sides agree on what an odd selector means.
    ScannedItem lex() {
        while (m_pos < m_text.size() && isWhitespace(m_text[m_pos]))
            ++m_pos;
        if (m_pos >= m_text.size() || m_text[m_pos] == '\0')
            return {Token::EndOfString, {}};
        const size_t start = m_pos;
        const char c = m_text[m_pos];
        if (isSpecialSymbol(c)) {
            ScannedItem item;
            if ((c == '!' || c == '=') && m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '=') {
                item = {c == '!' ? Token::NotEquals : Token::DoubleEquals, m_text.substr(start, 2)};
                m_pos += 2;
            } else {
                item = {singleSymbol(c), m_text.substr(start, 1)};
                ++m_pos;
            }
            swallowNul();
            return item;
        }
        while (m_pos < m_text.size() && m_text[m_pos] != '\0' && !isSpecialSymbol(m_text[m_pos]) &&
               !isWhitespace(m_text[m_pos]))
            ++m_pos;
        const std::string_view word = m_text.substr(start, m_pos - start);
        swallowNul();
        if (word == "in")
            return {Token::In, word};
        if (word == "notin")
            return {Token::NotIn, word};
        return {Token::Identifier, word};
    }

private:
    static Token singleSymbol(char c) {
        switch (c) {
        case '=':
            return Token::Equals;
        case '!':
            return Token::DoesNotExist;
        case '(':
            return Token::OpenPar;
        case ')':
            return Token::ClosedPar;
        case ',':
            return Token::Comma;
        case '>':
            return Token::GreaterThan;
        default:
            return Token::LessThan;
        }
    }

    void swallowNul() {
        if (m_pos < m_text.size() && m_text[m_pos] == '\0')
            ++m_pos;
    }

    std::string_view m_text;
    size_t m_pos = 0;
};

// ---- validation, with the apiserver's wording (k8s.io/apimachinery/pkg/util/validation) ----

constexpr size_t kNameMaxLength = LabelSyntax::kNameMaxLength;
constexpr size_t kValueMaxLength = LabelSyntax::kValueMaxLength;
constexpr size_t kPrefixMaxLength = LabelSyntax::kPrefixMaxLength;

constexpr std::string_view kNameRegexDetail =
    "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
    "alphanumeric character (e.g. 'MyName', or 'my.name', or '123-abc', regex used for validation "
    "is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
constexpr std::string_view kSubdomainRegexDetail =
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or "
    "'.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used "
    "for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
constexpr std::string_view kValueRegexDetail =
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or "
    "'.', and must start and end with an alphanumeric character (e.g. 'MyValue', or 'my_value', "
    "or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

std::string joined(const std::vector<std::string> &parts, std::string_view separator) {
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) {
        if (i > 0)
            out += separator;
        out += parts[i];
    }
    return out;
}

// validation.IsQualifiedName: every problem found, as separate messages.
std::vector<std::string> qualifiedNameErrors(std::string_view key) {
    std::vector<std::string> errors;
    std::string_view name = key;
    const size_t slash = key.find('/');
    if (slash != std::string_view::npos) {
        if (key.find('/', slash + 1) != std::string_view::npos) {
            errors.push_back(std::string("a qualified name ") + std::string(kNameRegexDetail) +
                             " with an optional DNS subdomain prefix and '/' (e.g. "
                             "'example.com/MyName')");
            return errors;
        }
        const std::string_view prefix = key.substr(0, slash);
        name = key.substr(slash + 1);
        if (prefix.empty()) {
            errors.emplace_back("prefix part must be non-empty");
        } else {
            if (prefix.size() > kPrefixMaxLength)
                errors.push_back("prefix part must be no more than " +
                                 std::to_string(kPrefixMaxLength) + " characters");
            if (!LabelSyntax::matchesSubdomain(prefix))
                errors.push_back("prefix part " + std::string(kSubdomainRegexDetail));
        }
    }
    if (name.empty())
        errors.emplace_back("name part must be non-empty");
    else if (name.size() > kNameMaxLength)
        errors.push_back("name part must be no more than " + std::to_string(kNameMaxLength) +
                         " characters");
    if (!LabelSyntax::matchesName(name))
        errors.push_back("name part " + std::string(kNameRegexDetail));
    return errors;
}

// validation.IsValidLabelValue
std::vector<std::string> labelValueErrors(std::string_view value) {
    std::vector<std::string> errors;
    if (value.size() > kValueMaxLength)
        errors.push_back("must be no more than " + std::to_string(kValueMaxLength) + " characters");
    if (!value.empty() && !LabelSyntax::matchesName(value))
        errors.emplace_back(kValueRegexDetail);
    return errors;
}

// Go's %q for the byte strings we meet here: printable ASCII and UTF-8 bytes verbatim,
// quotes and backslashes escaped, control bytes as escapes.
std::string quoted(std::string_view s) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out = "\"";
    for (const char c : s) {
        const auto u = static_cast<unsigned char>(c);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\r':
            out += "\\r";
            break;
        default:
            if (u < 0x20 || u == 0x7f) {
                out += "\\x";
                out += kHex[u >> 4];
                out += kHex[u & 0xf];
            } else {
                out += c;
            }
        }
    }
    out += '"';
    return out;
}

// field.Invalid(path, value, detail).Error()
std::string invalidValue(std::string_view path, std::string_view value, std::string_view detail) {
    std::string out(path);
    out += ": Invalid value: ";
    out += quoted(value);
    out += ": ";
    out += detail;
    return out;
}

// strconv.ParseInt(s, 10, 64)
std::optional<int64_t> parseInt64(std::string_view s) {
    return GoStrconv::parseInt(s, 10, 64);
}

enum class Context { KeyAndOperator, Values };

class Parser final {
public:
    explicit Parser(std::string_view text) {
        Lexer lexer(text);
        while (true) {
            m_items.push_back(lexer.lex());
            if (m_items.back().token == Token::EndOfString)
                break;
        }
    }

    std::optional<std::vector<LabelSelector::Requirement>> parse(std::string *error) {
        std::vector<LabelSelector::Requirement> requirements;
        while (true) {
            const ScannedItem next = lookahead(Context::Values);
            switch (next.token) {
            case Token::Identifier:
            case Token::DoesNotExist: {
                std::string problem;
                std::optional<LabelSelector::Requirement> r = parseRequirement(&problem);
                if (!r)
                    return fail(error, "unable to parse requirement: " + problem);
                requirements.push_back(std::move(*r));
                const ScannedItem after = consume(Context::Values);
                if (after.token == Token::EndOfString)
                    return requirements;
                if (after.token != Token::Comma)
                    return fail(error, found(after.literal, "',' or 'end of string'"));
                const ScannedItem following = lookahead(Context::Values);
                if (following.token != Token::Identifier && following.token != Token::DoesNotExist)
                    return fail(error, found(following.literal, "identifier after ','"));
                break;
            }
            case Token::EndOfString:
                return requirements;
            default:
                return fail(error, found(next.literal, "!, identifier, or 'end of string'"));
            }
        }
    }

private:
    using Operator = LabelSelector::Operator;

    static std::nullopt_t fail(std::string *error, std::string message) {
        if (error)
            *error = std::move(message);
        return std::nullopt;
    }

    static std::string found(std::string_view literal, std::string_view expected) {
        std::string out = "found '";
        out += literal;
        out += "', expected: ";
        out += expected;
        return out;
    }

    ScannedItem lookahead(Context context) const {
        ScannedItem item = m_items[std::min(m_position, m_items.size() - 1)];
        if (context == Context::Values && (item.token == Token::In || item.token == Token::NotIn))
            item.token = Token::Identifier;
        return item;
    }

    ScannedItem consume(Context context) {
        const ScannedItem item = lookahead(context);
        if (m_position < m_items.size())
            ++m_position;
        return item;
    }

    std::optional<LabelSelector::Requirement> parseRequirement(std::string *error) {
        LabelSelector::Requirement r;
        // Key, and the unary operators inferred from what follows it.
        bool negated = false;
        ScannedItem item = consume(Context::Values);
        if (item.token == Token::DoesNotExist) {
            negated = true;
            item = consume(Context::Values);
        }
        if (item.token != Token::Identifier)
            return fail(error, found(item.literal, "identifier"));
        if (const auto errors = qualifiedNameErrors(item.literal); !errors.empty())
            return fail(error, invalidValue("key", item.literal, joined(errors, "; ")));
        r.key = std::string(item.literal);
        if (negated) {
            // "!key" never takes a binary operator; anything after it is the caller's problem.
            r.op = Operator::DoesNotExist;
            return r;
        }
        const Token next = lookahead(Context::Values).token;
        if (next == Token::EndOfString || next == Token::Comma) {
            r.op = Operator::Exists;
            return r;
        }

        const ScannedItem op = consume(Context::KeyAndOperator);
        switch (op.token) {
        case Token::In:
            r.op = Operator::In;
            break;
        case Token::NotIn:
            r.op = Operator::NotIn;
            break;
        case Token::Equals:
            r.op = Operator::Equals;
            break;
        case Token::DoubleEquals:
            r.op = Operator::DoubleEquals;
            break;
        case Token::NotEquals:
            r.op = Operator::NotEquals;
            break;
        case Token::GreaterThan:
            r.op = Operator::GreaterThan;
            break;
        case Token::LessThan:
            r.op = Operator::LessThan;
            break;
        default:
            return fail(error, found(op.literal, "in, notin, =, ==, !=, gt, lt"));
        }

        const bool ok = (r.op == Operator::In || r.op == Operator::NotIn)
                            ? parseValues(&r.values, error)
                            : parseExactValue(&r.values, error);
        if (!ok)
            return std::nullopt;
        std::sort(r.values.begin(), r.values.end());
        r.values.erase(std::unique(r.values.begin(), r.values.end()), r.values.end());
        if (!validateValues(r, error))
            return std::nullopt;
        return r;
    }

    bool parseValues(std::vector<std::string> *values, std::string *error) {
        const ScannedItem open = consume(Context::Values);
        if (open.token != Token::OpenPar) {
            fail(error, "found '" + std::string(open.literal) + "' expected: '('");
            return false;
        }
        const ScannedItem first = lookahead(Context::Values);
        switch (first.token) {
        case Token::Identifier:
        case Token::Comma: {
            if (!parseIdentifierList(values, error))
                return false;
            const ScannedItem close = consume(Context::Values);
            if (close.token != Token::ClosedPar) {
                fail(error, found(close.literal, "')'"));
                return false;
            }
            return true;
        }
        case Token::ClosedPar:
            // "()" is the set holding the empty string, not an empty set.
            consume(Context::Values);
            values->emplace_back();
            return true;
        default:
            fail(error, found(first.literal, "',', ')' or identifier"));
            return false;
        }
    }

    // A comma-separated list in which omitted items are empty strings: "(,a)", "(a,)", "(a,,b)".
    bool parseIdentifierList(std::vector<std::string> *values, std::string *error) {
        while (true) {
            const ScannedItem item = consume(Context::Values);
            switch (item.token) {
            case Token::Identifier: {
                values->emplace_back(item.literal);
                const ScannedItem next = lookahead(Context::Values);
                if (next.token == Token::Comma)
                    continue;
                if (next.token == Token::ClosedPar)
                    return true;
                fail(error, found(next.literal, "',' or ')'"));
                return false;
            }
            case Token::Comma: {
                if (values->empty())
                    values->emplace_back();
                const Token next = lookahead(Context::Values).token;
                if (next == Token::ClosedPar) {
                    values->emplace_back();
                    return true;
                }
                if (next == Token::Comma) {
                    consume(Context::Values);
                    values->emplace_back();
                }
                break;
            }
            default:
                fail(error, found(item.literal, "',', or identifier"));
                return false;
            }
        }
    }

    bool parseExactValue(std::vector<std::string> *values, std::string *error) {
        const Token next = lookahead(Context::Values).token;
        if (next == Token::EndOfString || next == Token::Comma) {
            values->emplace_back();
            return true;
        }
        const ScannedItem item = consume(Context::Values);
        if (item.token != Token::Identifier) {
            fail(error, found(item.literal, "identifier"));
            return false;
        }
        values->emplace_back(item.literal);
        return true;
    }

    // labels.NewRequirement's checks that the grammar alone does not guarantee, reported as an
    // aggregate of field errors like upstream.
    static bool validateValues(const LabelSelector::Requirement &r, std::string *error) {
        std::vector<std::string> problems;
        const auto add = [&problems](std::string message) {
            if (std::find(problems.begin(), problems.end(), message) == problems.end())
                problems.push_back(std::move(message));
        };
        if (r.op == Operator::GreaterThan || r.op == Operator::LessThan) {
            for (size_t i = 0; i < r.values.size(); ++i) {
                if (!parseInt64(r.values[i]))
                    add(invalidValue("values[" + std::to_string(i) + "]", r.values[i],
                                     "for 'Gt', 'Lt' operators, the value must be an integer"));
            }
        }
        for (size_t i = 0; i < r.values.size(); ++i) {
            if (const auto errors = labelValueErrors(r.values[i]); !errors.empty())
                add(invalidValue("values[" + std::to_string(i) + "][" + r.key + "]", r.values[i],
                                 joined(errors, "; ")));
        }
        if (problems.empty())
            return true;
        fail(error, problems.size() == 1 ? problems.front() : "[" + joined(problems, ", ") + "]");
        return false;
    }

    std::vector<ScannedItem> m_items;
    size_t m_position = 0;
};

} // namespace

Result<LabelSelector, std::string> LabelSelector::parse(std::string_view text) {
    Parser parser(text);
    std::string error;
    std::optional<std::vector<Requirement>> requirements = parser.parse(&error);
    if (!requirements)
        return error;
    std::stable_sort(requirements->begin(), requirements->end(),
                     [](const Requirement &a, const Requirement &b) { return a.key < b.key; });
    return LabelSelector(std::move(*requirements));
}

std::string LabelSelector::toString() const {
    std::string out;
    for (const Requirement &r : m_requirements) {
        if (!out.empty())
            out += ',';
        if (r.op == Operator::DoesNotExist)
            out += '!';
        out += r.key;
        switch (r.op) {
        case Operator::Exists:
        case Operator::DoesNotExist:
            continue;
        case Operator::Equals:
            out += '=';
            break;
        case Operator::DoubleEquals:
            out += "==";
            break;
        case Operator::NotEquals:
            out += "!=";
            break;
        case Operator::In:
            out += " in (";
            break;
        case Operator::NotIn:
            out += " notin (";
            break;
        case Operator::GreaterThan:
            out += '>';
            break;
        case Operator::LessThan:
            out += '<';
            break;
        }
        // Only parse() builds requirements, and it leaves in/notin values sorted and unique.
        for (size_t i = 0; i < r.values.size(); ++i) {
            if (i > 0)
                out += ',';
            out += r.values[i];
        }
        if (r.op == Operator::In || r.op == Operator::NotIn)
            out += ')';
    }
    return out;
}

bool LabelSelector::matches(const std::vector<std::pair<std::string, std::string>> &labels) const {
    return matches([&labels](std::string_view key) -> std::optional<std::string_view> {
        for (const auto &[k, v] : labels) {
            if (k == key)
                return std::string_view(v);
        }
        return std::nullopt;
    });
}

bool LabelSelector::requirementMatches(const Requirement &r,
                                       std::optional<std::string_view> value) {
    const auto hasValue = [&r](std::string_view v) {
        return std::binary_search(r.values.begin(), r.values.end(), v,
                                  [](std::string_view a, std::string_view b) { return a < b; });
    };
    switch (r.op) {
    case Operator::Equals:
    case Operator::DoubleEquals:
    case Operator::In:
        return value && hasValue(*value);
    case Operator::NotEquals:
    case Operator::NotIn:
        return !value || !hasValue(*value);
    case Operator::Exists:
        return value.has_value();
    case Operator::DoesNotExist:
        return !value;
    case Operator::GreaterThan:
    case Operator::LessThan: {
        if (!value || r.values.size() != 1)
            return false;
        const std::optional<int64_t> actual = parseInt64(*value);
        const std::optional<int64_t> bound = parseInt64(r.values.front());
        if (!actual || !bound)
            return false;
        return r.op == Operator::GreaterThan ? *actual > *bound : *actual < *bound;
    }
    }
    return false;
}

Result<LabelSelector, std::string> LabelSelector::fromJson(std::string_view labelSelectorJson) {
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (parser.parse(labelSelectorJson.data(), labelSelectorJson.size()).get(doc) !=
            simdjson::SUCCESS ||
        !doc.is_object())
        return std::string("the selector is not an object");
    // Built as selector text and parsed, so that the one parser validates keys and values.
    std::string text;
    const auto add = [&text](std::string_view clause) {
        if (!text.empty())
            text += ',';
        text += clause;
    };
    simdjson::dom::object matchLabels;
    if (doc["matchLabels"].get(matchLabels) == simdjson::SUCCESS)
        for (auto [key, value] : matchLabels) {
            std::string_view v;
            if (value.get(v) != simdjson::SUCCESS)
                return "matchLabels." + std::string(key) + " is not a string";
            add(std::string(key) + '=' + std::string(v));
        }
    simdjson::dom::array expressions;
    if (doc["matchExpressions"].get(expressions) == simdjson::SUCCESS)
        for (simdjson::dom::element e : expressions) {
            std::string_view key;
            std::string_view op;
            if (e["key"].get(key) != simdjson::SUCCESS ||
                e["operator"].get(op) != simdjson::SUCCESS)
                return std::string("a matchExpression without key or operator");
            std::string values;
            simdjson::dom::array list;
            if (e["values"].get(list) == simdjson::SUCCESS)
                for (simdjson::dom::element v : list) {
                    std::string_view text;
                    if (v.get(text) != simdjson::SUCCESS)
                        return "matchExpression " + std::string(key) + ": a value is not a string";
                    values += (values.empty() ? "" : ",") + std::string(text);
                }
            if ((op == "In" || op == "NotIn") && !values.empty())
                add(std::string(key) + (op == "In" ? " in (" : " notin (") + values + ')');
            else if (op == "Exists" && values.empty())
                add(key);
            else if (op == "DoesNotExist" && values.empty())
                add('!' + std::string(key));
            else
                return "matchExpression " + std::string(key) + ": operator " + std::string(op) +
                       (values.empty() ? " needs values" : " takes no values");
        }
    return parse(text);
}

} // namespace cubedesk::k8s
