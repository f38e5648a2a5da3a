#include "k8s/objects/uid.h"

namespace cubedesk::k8s {

namespace {

int hexValue(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1; // upper case is not canonical: such a UID stays text so it round-trips
}

constexpr bool isDashPosition(std::size_t i) {
    return i == 8 || i == 13 || i == 18 || i == 23;
}

} // namespace

std::optional<Uid> Uid::parse(std::string_view text) {
    if (text.size() != 36)
        return std::nullopt;
    Uid uid;
    std::size_t byte = 0;
    for (std::size_t i = 0; i < 36;) {
        if (isDashPosition(i)) {
            if (text[i] != '-')
                return std::nullopt;
            ++i;
            continue;
        }
        const int hi = hexValue(text[i]);
        const int lo = hexValue(text[i + 1]);
        if (hi < 0 || lo < 0)
            return std::nullopt;
        uid.m_bytes[byte++] = static_cast<std::uint8_t>(hi << 4 | lo);
        i += 2;
    }
    return uid;
}

std::string Uid::toString() const {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    out.reserve(36);
    for (std::size_t i = 0; i < 16; ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10)
            out.push_back('-');
        out.push_back(kDigits[m_bytes[i] >> 4]);
        out.push_back(kDigits[m_bytes[i] & 15]);
    }
    return out;
}

bool Uid::isNull() const {
    for (const std::uint8_t b : m_bytes) {
        if (b != 0)
            return false;
    }
    return true;
}

} // namespace cubedesk::k8s
