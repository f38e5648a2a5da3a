#pragma once

// Rfc3339: the RFC 3339 date-times of the Kubernetes API (metav1.Time "2024-08-24T01:54:32Z",
// metav1.MicroTime "2025-05-28T08:39:22.123456Z", offsets such as "+08:00"), parsed and written
// the way Go's time package does it for metav1. One implementation for the client's decoders and
// the simulator; civil-date arithmetic (proleptic Gregorian) instead of timegm/gmtime_r, so it is
// exact for every four-digit year and independent of time_t and the local time zone.
// Thread-safety: pure functions; nothing throws.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cubedesk::k8s {

class Rfc3339 final {
public:
    Rfc3339() = delete;

    /// An instant: whole seconds since 1970-01-01T00:00:00Z (floored, also before 1970) and the
    /// nanoseconds after them (0–999,999,999).
    struct Instant {
        std::int64_t seconds = 0;
        std::int32_t nanos = 0;
        friend bool operator==(const Instant &, const Instant &) = default;
    };

    /// Accepts exactly "YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)" ('t' and 'z' too) with real
    /// calendar dates (leap years included), hours 0–23, minutes and seconds 0–59, a non-empty
    /// fraction (kept to the nanosecond, further digits truncated) and offsets up to 23:59;
    /// nullopt for anything else, including trailing text.
    static std::optional<Instant> parse(std::string_view text);

    /// Seconds since the epoch of `text`, fractions truncated towards the past; nullopt as parse.
    static std::optional<std::int64_t> parseSeconds(std::string_view text);

    /// "YYYY-MM-DDTHH:MM:SSZ" for `seconds` (UTC, zero-padded four-digit year), as metav1.Time
    /// writes it.
    static std::string format(std::int64_t seconds);
    /// "YYYY-MM-DDTHH:MM:SS.NNNNNNNNNZ": nine fraction digits, trailing zeros kept — the kubelet's
    /// RFC3339NanoFixed, which prefixes log lines when timestamps are asked for.
    static std::string formatNanosFixed(const Instant &instant);
};

} // namespace cubedesk::k8s
