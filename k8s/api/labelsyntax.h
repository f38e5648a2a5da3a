#pragma once

// LabelSyntax: the syntax of label keys and values as k8s.io/apimachinery's validation package
// defines it (IsQualifiedName, IsValidLabelValue), as predicates. The one definition of the
// rules: LabelSelector builds the API server's messages from it, LabelRules (k8s/cube) the label
// editor's, and a test checks that both accept exactly what these predicates accept.
//   key   = [prefix "/"] name
//   prefix: a lower-case RFC 1123 subdomain of at most 253 characters;
//   name:   1 to 63 characters of [-_.A-Za-z0-9], [A-Za-z0-9] at both ends;
//   value:  "" or a string of a name's syntax.
// Thread-safety: pure functions.

#include <cstddef>
#include <string_view>

namespace cubedesk::k8s {

class LabelSyntax final {
public:
    LabelSyntax() = delete;

    static constexpr std::size_t kNameMaxLength = 63;
    static constexpr std::size_t kValueMaxLength = 63;
    static constexpr std::size_t kPrefixMaxLength = 253;

    static bool isAlnum(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }
    static bool isLowerAlnum(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }
    /// A character a name or value may hold: [-_.A-Za-z0-9].
    static bool isNameChar(char c) { return isAlnum(c) || c == '-' || c == '_' || c == '.'; }
    /// A character a prefix may hold: [-.a-z0-9].
    static bool isPrefixChar(char c) { return isLowerAlnum(c) || c == '-' || c == '.'; }

    /// ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9] — the name pattern, any length.
    static bool matchesName(std::string_view s);
    /// [a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)* — any length.
    static bool matchesSubdomain(std::string_view s);

    /// validation.IsQualifiedName: a valid label (or annotation) key.
    static bool isQualifiedName(std::string_view key);
    /// validation.IsValidLabelValue.
    static bool isLabelValue(std::string_view value);
};

} // namespace cubedesk::k8s
