#include "k8s/sim/rfc3339.h"

#include <cstdio>
#include <ctime>

namespace cubedesk::sim {

std::string formatRfc3339(std::chrono::system_clock::time_point t) {
    const std::time_t secs = std::chrono::system_clock::to_time_t(t);
    std::tm tm{};
    gmtime_r(&secs, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

std::optional<std::chrono::system_clock::time_point> parseRfc3339(std::string_view text) {
    std::tm tm{};
    int consumed = 0;
    const std::string s(text);
    if (std::sscanf(s.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
                    &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &consumed) != 6)
        return std::nullopt;
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    std::size_t pos = static_cast<std::size_t>(consumed);
    if (pos < s.size() && s[pos] == '.') {
        ++pos;
        while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9')
            ++pos;
    }
    long offset = 0;
    if (pos < s.size() && (s[pos] == 'Z' || s[pos] == 'z')) {
        ++pos;
    } else if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) {
        int hh = 0;
        int mm = 0;
        if (std::sscanf(s.c_str() + pos + 1, "%2d:%2d", &hh, &mm) != 2)
            return std::nullopt;
        offset = (hh * 3600L + mm * 60L) * (s[pos] == '-' ? -1 : 1);
        pos += 6;
    } else {
        return std::nullopt;
    }
    if (pos != s.size())
        return std::nullopt;
    const std::time_t secs = timegm(&tm) - offset;
    return std::chrono::system_clock::from_time_t(secs);
}

} // namespace cubedesk::sim
