#include "k8s/api/gostrconv.h"

#include <limits>

namespace cubedesk::k8s {

GoStrconv::Status GoStrconv::parseUint(std::string_view s, int base, int bitSize,
                                       std::uint64_t &out) {
    if (s.empty())
        return Status::Syntax;
    if (base == 0) {
        base = 10;
        if (s[0] == '0') {
            const char p = s.size() >= 3 ? static_cast<char>(s[1] | 0x20) : '\0';
            if (p == 'b' || p == 'o' || p == 'x') {
                base = p == 'b' ? 2 : p == 'o' ? 8 : 16;
                s.remove_prefix(2);
            } else {
                base = 8;
                s.remove_prefix(1);
            }
        }
    }
    std::uint64_t value = 0;
    const auto b = static_cast<unsigned>(base);
    for (const char c : s) {
        unsigned digit = 0;
        if (c >= '0' && c <= '9')
            digit = static_cast<unsigned>(c - '0');
        else if (c >= 'a' && c <= 'z')
            digit = static_cast<unsigned>(c - 'a') + 10;
        else if (c >= 'A' && c <= 'Z')
            digit = static_cast<unsigned>(c - 'A') + 10;
        else
            return Status::Syntax;
        if (digit >= b)
            return Status::Syntax;
        if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / b)
            return Status::Range;
        value = value * b + digit;
    }
    if (bitSize < 64 && value > (std::uint64_t{1} << bitSize) - 1)
        return Status::Range;
    out = value;
    return Status::Ok;
}

GoStrconv::Status GoStrconv::parseInt(std::string_view s, int base, int bitSize,
                                      std::int64_t &out) {
    if (s.empty())
        return Status::Syntax;
    bool negative = false;
    if (s[0] == '+' || s[0] == '-') {
        negative = s[0] == '-';
        s.remove_prefix(1);
    }
    std::uint64_t magnitude = 0;
    const Status status = parseUint(s, base, 64, magnitude);
    if (status != Status::Ok)
        return status;
    const std::uint64_t cutoff = std::uint64_t{1} << (bitSize - 1);
    if ((!negative && magnitude >= cutoff) || (negative && magnitude > cutoff))
        return Status::Range;
    if (negative)
        out = magnitude == (std::uint64_t{1} << 63) ? std::numeric_limits<std::int64_t>::min()
                                                    : -static_cast<std::int64_t>(magnitude);
    else
        out = static_cast<std::int64_t>(magnitude);
    return Status::Ok;
}

std::optional<std::int64_t> GoStrconv::parseInt(std::string_view text, int base, int bitSize) {
    std::int64_t value = 0;
    if (parseInt(text, base, bitSize, value) != Status::Ok)
        return std::nullopt;
    return value;
}

} // namespace cubedesk::k8s
