#pragma once

// FieldSelector: the string form of a Kubernetes field selector (the `fieldSelector` query
// parameter), parsed and matched as kube-apiserver does (k8s.io/apimachinery/pkg/fields,
// docs/kubernetes-api.md).
//
// Grammar: `term ("," term)*` with `term := fieldpath ("=" | "==" | "!=") value`. The operator is
// the first "=", "==" or "!=" in the term; nothing is trimmed, so "a = b" compares field "a " with
// " b". In values a backslash escapes '\', ',' and '=' (fields.EscapeValue); any other backslash
// sequence, a trailing backslash, or an unescaped ',' / '=' in a value is an error. Empty values
// are legal ("involvedObject.namespace="), empty terms are skipped, and terms are kept sorted by
// their source text as upstream does.
//
// Which fields exist depends on the resource kind and is the caller's business:
// firstUnknownField() reports the first field outside a given allow-list so the caller can answer
// `"<field>" is not a known field selector: only "metadata.name", "metadata.namespace"`.
//
// Thread-safety: an immutable value type. Once constructed it may be shared and matched from any
// number of threads concurrently. Nothing here throws; parse errors are returned as values.

#include "k8s/api/result.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cubedesk::k8s {

class FieldSelector final {
public:
    /// `field == value`, or `field != value` when negated. `value` is unescaped.
    struct Term {
        std::string field;
        bool negated = false;
        std::string value;

        bool operator==(const Term &) const = default;
    };

    /// The empty selector; matches every object.
    FieldSelector() = default;

    /// Parses `text`; empty text gives the empty selector. On failure the error is the
    /// apiserver's message, e.g. `invalid selector: 'foo'; can't understand 'foo'` or
    /// `invalid field selector: invalid escape sequence: \x`.
    static Result<FieldSelector, std::string> parse(std::string_view text);

    bool empty() const { return m_terms.empty(); }
    const std::vector<Term> &terms() const { return m_terms; }

    /// Canonical text: "field=value" / "field!=value" joined by ',', values re-escaped.
    std::string toString() const;

    /// The first field (in terms() order) that is not in `allowed`, or nullopt if all are.
    std::optional<std::string>
    firstUnknownField(const std::vector<std::string_view> &allowed) const;

    /// True when every term holds. `lookup(std::string_view field)` must return
    /// `std::optional<std::string_view>`; nullopt (the object has no such field) compares as the
    /// empty string, as upstream's fields.Set does. Performs no allocation.
    template <class Lookup>
    bool matches(const Lookup &lookup) const {
        for (const Term &t : m_terms) {
            const std::optional<std::string_view> value = lookup(std::string_view(t.field));
            const bool equal = value.value_or(std::string_view()) == std::string_view(t.value);
            if (equal == t.negated)
                return false;
        }
        return true;
    }

    bool operator==(const FieldSelector &) const = default;

private:
    explicit FieldSelector(std::vector<Term> terms)
        : m_terms(std::move(terms)) {}

    std::vector<Term> m_terms;
};

} // namespace cubedesk::k8s
