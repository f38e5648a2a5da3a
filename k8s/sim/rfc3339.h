#pragma once

// RFC 3339 timestamps for the simulator as std::chrono time points: adapters over k8s::Rfc3339
// (k8s/api/rfc3339.h), which holds the one parser and formatter. Pure functions, safe from any
// thread, nothing throws.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace cubedesk::sim {

/// RFC 3339 timestamps as Kubernetes writes them: second precision (floored, also before 1970),
/// UTC, "Z" suffix, zero-padded four-digit year.
std::string formatRfc3339(std::chrono::system_clock::time_point t);
/// Accepts exactly "YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)" ('t' and 'z' too) with real calendar
/// dates (leap years included), hours 0-23, minutes and seconds 0-59, a non-empty fraction
/// (kept to the nanosecond) and offsets up to 23:59; nullopt for anything else, including
/// trailing text, and for instants system_clock::time_point cannot represent (with nanosecond
/// ticks, anything outside about 1677-09-21 .. 2262-04-11).
std::optional<std::chrono::system_clock::time_point> parseRfc3339(std::string_view text);

} // namespace cubedesk::sim
