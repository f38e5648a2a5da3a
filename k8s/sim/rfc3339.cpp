#include "k8s/sim/rfc3339.h"

#include "k8s/api/rfc3339.h"

namespace cubedesk::sim {

using Clock = std::chrono::system_clock;

std::string formatRfc3339(Clock::time_point t) {
    return k8s::Rfc3339::format(
        std::chrono::floor<std::chrono::seconds>(t).time_since_epoch().count());
}

std::optional<Clock::time_point> parseRfc3339(std::string_view text) {
    const auto instant = k8s::Rfc3339::parse(text);
    if (!instant)
        return std::nullopt;
    // Refuse what Clock::duration cannot hold (with nanosecond ticks, years before 1678 or after
    // 2261) rather than overflow the conversion below.
    constexpr std::int64_t kLimit =
        std::chrono::duration_cast<std::chrono::seconds>(Clock::duration::max()).count();
    if (instant->seconds >= kLimit || instant->seconds <= -kLimit)
        return std::nullopt;
    return Clock::time_point(std::chrono::duration_cast<Clock::duration>(
        std::chrono::seconds(instant->seconds) + std::chrono::nanoseconds(instant->nanos)));
}

} // namespace cubedesk::sim
