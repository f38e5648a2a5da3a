#pragma once

#include "k8s/api/result.h"

#include <string>
#include <string_view>

namespace cubedesk::sim {

/// Standard base64 (RFC 4648 §4, with padding), as Go's base64.StdEncoding and the API's JSON
/// encoding of `[]byte` fields (a Secret's data) write it.
///
/// Thread-safety: stateless static functions; safe from any thread.
class Base64 final {
public:
    Base64() = delete;

    static std::string encode(std::string_view bytes);
    /// The bytes of padded standard base64 text; an error for anything else.
    static k8s::Result<std::string, std::string> decode(std::string_view text);
};

} // namespace cubedesk::sim
