#pragma once

// AsciiCase: case folding of ASCII letters only, as the API compares scheme names, header names,
// kinds and phases (Go's strings.ToLower/EqualFold on ASCII input). Bytes outside A–Z are kept,
// so UTF-8 text passes through unchanged. Stateless; any thread.

#include <string>
#include <string_view>

namespace cubedesk::k8s {

class AsciiCase final {
public:
    /// `text` with A–Z turned into a–z.
    static std::string lower(std::string_view text);
    /// `a` and `b` are equal when A–Z and a–z are not told apart.
    static bool equal(std::string_view a, std::string_view b);
};

} // namespace cubedesk::k8s
