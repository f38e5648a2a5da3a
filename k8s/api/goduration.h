#pragma once

// GoDuration: Go's time.ParseDuration ("1h", "5m30s", "1.5h", "300ms", "-2s"), which kubectl's
// duration flags (--since) use. Pure function.

#include <chrono>
#include <optional>
#include <string_view>

namespace cubedesk::k8s {

class GoDuration final {
public:
    GoDuration() = delete;
    /// Nanoseconds; nullopt for text Go would refuse (no unit, an unknown unit, overflow).
    static std::optional<std::chrono::nanoseconds> parse(std::string_view text);
};

} // namespace cubedesk::k8s
