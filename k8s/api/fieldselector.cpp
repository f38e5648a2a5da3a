#include "k8s/api/fieldselector.h"

#include <algorithm>

namespace cubedesk::k8s {

namespace {

// Splits on ',' that are not escaped. Escapes are not interpreted here (a term's field part keeps
// its backslashes, as upstream's splitTerms does); only the value is unescaped later.
std::vector<std::string_view> splitTerms(std::string_view text) {
    std::vector<std::string_view> terms;
    if (text.empty())
        return terms;
    size_t start = 0;
    bool escaped = false;
    for (size_t i = 0; i < text.size(); ++i) {
        if (escaped) {
            escaped = false;
        } else if (text[i] == '\\') {
            escaped = true;
        } else if (text[i] == ',') {
            terms.push_back(text.substr(start, i - start));
            start = i + 1;
        }
    }
    terms.push_back(text.substr(start));
    return terms;
}

struct SplitTerm {
    std::string_view field;
    bool negated = false;
    std::string_view value;
};

// The operator is the leftmost position at which "!=", "==" or "=" starts, tried in that order.
std::optional<SplitTerm> splitTerm(std::string_view term) {
    for (size_t i = 0; i < term.size(); ++i) {
        const std::string_view rest = term.substr(i);
        if (rest.starts_with("!="))
            return SplitTerm{term.substr(0, i), true, rest.substr(2)};
        if (rest.starts_with("=="))
            return SplitTerm{term.substr(0, i), false, rest.substr(2)};
        if (rest.starts_with("="))
            return SplitTerm{term.substr(0, i), false, rest.substr(1)};
    }
    return std::nullopt;
}

// Length of the UTF-8 sequence starting with `lead`, so an invalid escape is quoted whole.
size_t utf8Length(unsigned char lead) {
    if (lead >= 0xf0)
        return 4;
    if (lead >= 0xe0)
        return 3;
    if (lead >= 0xc0)
        return 2;
    return 1;
}

std::optional<std::string> unescapeValue(std::string_view s, std::string *error) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '\\') {
            if (i + 1 >= s.size()) {
                if (error)
                    *error = "invalid field selector: invalid escape sequence: \\";
                return std::nullopt;
            }
            const char next = s[i + 1];
            if (next != '\\' && next != ',' && next != '=') {
                if (error) {
                    const size_t len =
                        std::min(utf8Length(static_cast<unsigned char>(next)), s.size() - (i + 1));
                    *error = "invalid field selector: invalid escape sequence: \\" +
                             std::string(s.substr(i + 1, len));
                }
                return std::nullopt;
            }
            out += next;
            ++i;
        } else if (c == ',' || c == '=') {
            // Upstream prints the rune's code point here; the character itself reads better.
            if (error)
                *error = std::string("invalid field selector: unescaped character in value: '") +
                         c + "'";
            return std::nullopt;
        } else {
            out += c;
        }
    }
    return out;
}

std::string escapeValue(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (const char c : s) {
        if (c == '\\' || c == ',' || c == '=')
            out += '\\';
        out += c;
    }
    return out;
}

} // namespace

Result<FieldSelector, std::string> FieldSelector::parse(std::string_view text) {
    std::vector<std::string_view> parts = splitTerms(text);
    std::sort(parts.begin(), parts.end());
    std::vector<Term> terms;
    terms.reserve(parts.size());
    for (const std::string_view part : parts) {
        if (part.empty())
            continue;
        const std::optional<SplitTerm> split = splitTerm(part);
        if (!split)
            return "invalid selector: '" + std::string(text) + "'; can't understand '" +
                   std::string(part) + "'";
        std::string error;
        std::optional<std::string> value = unescapeValue(split->value, &error);
        if (!value)
            return error;
        terms.push_back(Term{std::string(split->field), split->negated, std::move(*value)});
    }
    return FieldSelector(std::move(terms));
}

std::string FieldSelector::toString() const {
    std::string out;
    for (const Term &t : m_terms) {
        if (!out.empty())
            out += ',';
        out += t.field;
        out += t.negated ? "!=" : "=";
        out += escapeValue(t.value);
    }
    return out;
}

std::optional<std::string>
FieldSelector::firstUnknownField(const std::vector<std::string_view> &allowed) const {
    for (const Term &t : m_terms) {
        if (std::find(allowed.begin(), allowed.end(), std::string_view(t.field)) == allowed.end())
            return t.field;
    }
    return std::nullopt;
}

} // namespace cubedesk::k8s
