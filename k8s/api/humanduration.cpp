#include "k8s/api/humanduration.h"

#include <cstdint>

namespace cubedesk::k8s {

std::string humanDuration(std::chrono::seconds d) {
    constexpr std::int64_t kMinute = 60;
    constexpr std::int64_t kHour = 60 * kMinute;
    constexpr std::int64_t kDay = 24;   // in hours
    constexpr std::int64_t kYear = 365; // in days
    const std::int64_t seconds = d.count();
    // Up to a second in the future is tolerated as clock skew, like upstream.
    if (seconds < -1)
        return "<invalid>";
    if (seconds < 0)
        return "0s";
    if (seconds < 2 * kMinute)
        return std::to_string(seconds) + "s";
    const std::int64_t minutes = seconds / kMinute;
    if (minutes < 10) {
        const std::int64_t s = seconds % kMinute;
        return s == 0 ? std::to_string(minutes) + "m"
                      : std::to_string(minutes) + "m" + std::to_string(s) + "s";
    }
    if (minutes < std::int64_t{3} * 60) // three hours
        return std::to_string(minutes) + "m";
    const std::int64_t hours = seconds / kHour;
    if (hours < 8) {
        const std::int64_t m = minutes % 60;
        return m == 0 ? std::to_string(hours) + "h"
                      : std::to_string(hours) + "h" + std::to_string(m) + "m";
    }
    if (hours < 48)
        return std::to_string(hours) + "h";
    if (hours < 8 * kDay) {
        const std::int64_t h = hours % kDay;
        return h == 0 ? std::to_string(hours / kDay) + "d"
                      : std::to_string(hours / kDay) + "d" + std::to_string(h) + "h";
    }
    if (hours < 2 * kYear * kDay)
        return std::to_string(hours / kDay) + "d";
    if (hours < 8 * kYear * kDay) {
        const std::int64_t days = (hours / kDay) % kYear;
        return days == 0 ? std::to_string(hours / kDay / kYear) + "y"
                         : std::to_string(hours / kDay / kYear) + "y" + std::to_string(days) + "d";
    }
    return std::to_string(hours / kDay / kYear) + "y";
}

} // namespace cubedesk::k8s
