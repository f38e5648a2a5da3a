#pragma once

// Timestamp: parsing of the RFC 3339 times Kubernetes writes (metav1.Time, "2024-08-24T01:54:32Z";
// metav1.MicroTime, "2025-05-28T08:39:22.123456Z"; offsets such as "+08:00" are accepted too)
// into whole seconds since the Unix epoch, UTC. Fractions are truncated (towards the past).
//
// Thread-safety: stateless functions.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cubedesk::k8s {

class Timestamp final {
public:
    Timestamp() = delete;

    /// Seconds since 1970-01-01T00:00:00Z; nullopt when `text` is not an RFC 3339 date-time
    /// (a 'T' or ' ' separator and an upper- or lower-case 'Z' are accepted).
    static std::optional<std::int64_t> parseRfc3339(std::string_view text);
    /// "YYYY-MM-DDTHH:MM:SSZ" for `seconds` (years 0000–9999).
    static std::string formatRfc3339(std::int64_t seconds);
};

} // namespace cubedesk::k8s
