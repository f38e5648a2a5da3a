#include "k8s/api/goduration.h"

#include <cmath>
#include <cstdint>
#include <limits>

namespace cubedesk::k8s {

std::optional<std::chrono::nanoseconds> GoDuration::parse(std::string_view text) {
    bool negative = false;
    if (!text.empty() && (text.front() == '-' || text.front() == '+')) {
        negative = text.front() == '-';
        text.remove_prefix(1);
    }
    if (text == "0")
        return std::chrono::nanoseconds(0);
    if (text.empty())
        return std::nullopt;
    long double total = 0;
    while (!text.empty()) {
        std::size_t i = 0;
        long double value = 0;
        bool digits = false;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
            value = value * 10 + (text[i++] - '0');
            digits = true;
        }
        if (i < text.size() && text[i] == '.') {
            ++i;
            long double scale = 0.1L;
            while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
                value += (text[i++] - '0') * scale;
                scale /= 10;
                digits = true;
            }
        }
        if (!digits)
            return std::nullopt;
        std::size_t u = i;
        while (u < text.size() && !(text[u] >= '0' && text[u] <= '9') && text[u] != '.')
            ++u;
        const std::string_view unit = text.substr(i, u - i);
        long double ns = 0;
        if (unit == "ns")
            ns = 1;
        else if (unit == "us" || unit == "\xc2\xb5s" || unit == "\xce\xbcs")
            ns = 1e3L;
        else if (unit == "ms")
            ns = 1e6L;
        else if (unit == "s")
            ns = 1e9L;
        else if (unit == "m")
            ns = 60e9L;
        else if (unit == "h")
            ns = 3600e9L;
        else
            return std::nullopt;
        total += value * ns;
        if (total > static_cast<long double>(std::numeric_limits<std::int64_t>::max()))
            return std::nullopt;
        text.remove_prefix(u);
    }
    const auto ns = static_cast<std::int64_t>(std::llround(total));
    return std::chrono::nanoseconds(negative ? -ns : ns);
}

} // namespace cubedesk::k8s
