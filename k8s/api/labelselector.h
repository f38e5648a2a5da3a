#pragma once

// LabelSelector: the string form of a Kubernetes label selector (the `labelSelector` query
// parameter, `kubectl -l`), parsed and matched exactly as kube-apiserver does
// (k8s.io/apimachinery/pkg/labels, docs/kubernetes-api.md).
//
// Grammar: requirements separated by ',' and ANDed; each requirement is one of
//   key | !key | key=value | key==value | key!=value
//   | key in (v1,v2,...) | key notin (v1,v2,...) | key > N | key < N
// Whitespace (space, tab, CR, LF) is allowed around every token. Keys are qualified names
// (optional lower-case DNS-subdomain prefix of at most 253 characters, "/", then a name of at most
// 63 characters, alphanumeric at both ends and [-_.A-Za-z0-9] inside); values follow the name rules
// or are empty. Upstream quirks are kept: "k in ()" means the single value "", a value set is
// de-duplicated and sorted, ">"/"<" need a value that is both an int64 and a valid label value
// (so negative bounds are rejected), and requirements are sorted by key after parsing.
//
// Semantics: k=v / k==v / k in (...) need the label present with one of the values; k!=v and
// k notin (...) also match when the label is absent; k needs it present, !k absent; k>N / k<N need
// it present and parseable as an int64 that compares accordingly.
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

class LabelSelector final {
public:
    enum class Operator {
        Exists,       ///< key
        DoesNotExist, ///< !key
        Equals,       ///< key=value
        DoubleEquals, ///< key==value (kept apart from Equals so toString() round-trips)
        NotEquals,    ///< key!=value
        In,           ///< key in (values)
        NotIn,        ///< key notin (values)
        GreaterThan,  ///< key > N
        LessThan,     ///< key < N
    };

    /// One ANDed clause. `values` is empty for Exists/DoesNotExist, has exactly one element for
    /// the equality and integer operators, and is sorted and de-duplicated for In/NotIn.
    struct Requirement {
        std::string key;
        Operator op = Operator::Exists;
        std::vector<std::string> values;

        bool operator==(const Requirement &) const = default;
    };

    /// The empty selector; matches every label set.
    LabelSelector() = default;

    /// Parses `text`. Empty (or all-whitespace) text gives the empty selector. On failure the
    /// error is an apiserver-style message such as
    /// `unable to parse requirement: found '', expected: ',' or ')'`.
    static Result<LabelSelector, std::string> parse(std::string_view text);

    /// A metav1.LabelSelector object as JSON (`{"matchLabels": {...}, "matchExpressions":
    /// [...]}`): `{}` selects everything; JSON null, or anything malformed (an unknown operator,
    /// In without values, a bad key), is an error — and selects nothing, as upstream's
    /// LabelSelectorAsSelector treats a nil selector for budgets.
    static Result<LabelSelector, std::string> fromJson(std::string_view labelSelectorJson);

    bool empty() const { return m_requirements.empty(); }
    const std::vector<Requirement> &requirements() const { return m_requirements; }

    /// Canonical text: requirements in key order, in/notin values sorted, no optional
    /// whitespace except around "in"/"notin". parse(toString()) gives an equal selector.
    std::string toString() const;

    /// True when every requirement holds. `lookup(std::string_view key)` must return
    /// `std::optional<std::string_view>`: the label's value, or nullopt when the label is absent.
    /// Performs no allocation.
    template <class Lookup>
    bool matches(const Lookup &lookup) const {
        for (const Requirement &r : m_requirements) {
            const std::optional<std::string_view> value = lookup(std::string_view(r.key));
            if (!requirementMatches(r, value))
                return false;
        }
        return true;
    }

    /// Convenience overload over a flat list of (key, value) labels; linear lookup.
    bool matches(const std::vector<std::pair<std::string, std::string>> &labels) const;

    bool operator==(const LabelSelector &) const = default;

private:
    explicit LabelSelector(std::vector<Requirement> requirements)
        : m_requirements(std::move(requirements)) {}

    /// One requirement against the label's value (nullopt = absent).
    static bool requirementMatches(const Requirement &requirement,
                                   std::optional<std::string_view> value);

    std::vector<Requirement> m_requirements;
};

} // namespace cubedesk::k8s
