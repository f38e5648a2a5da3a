#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace cubedesk::sim {

/// RFC 3339 timestamps as Kubernetes writes them: second precision, UTC, "Z" suffix.
std::string formatRfc3339(std::chrono::system_clock::time_point t);
/// Accepts "YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)"; nullopt otherwise.
std::optional<std::chrono::system_clock::time_point> parseRfc3339(std::string_view text);

} // namespace cubedesk::sim
