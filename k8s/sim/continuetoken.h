#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cubedesk::sim {

/// The opaque `continue` token of a paginated LIST, in the apiserver's own format: unpadded
/// URL-safe base64 of {"v":"meta.k8s.io/v1","rv":<int64>,"start":"<next key>"}.
struct ContinueToken {
    std::uint64_t rv = 0;
    std::string start;

    std::string encode() const;
    /// nullopt when the text is not a token this server could have issued.
    static std::optional<ContinueToken> decode(std::string_view text);
};

} // namespace cubedesk::sim
