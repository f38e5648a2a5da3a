#include "k8s/api/base64.h"

#include <array>
#include <cstdint>

namespace cubedesk::k8s {

namespace {

constexpr std::string_view kAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr std::uint8_t kInvalid = 0xff;

constexpr std::array<std::uint8_t, 256> decodeTable() {
    std::array<std::uint8_t, 256> table{};
    for (auto &entry : table)
        entry = kInvalid;
    for (std::size_t i = 0; i < kAlphabet.size(); ++i)
        table[static_cast<unsigned char>(kAlphabet[i])] = static_cast<std::uint8_t>(i);
    return table;
}

constexpr std::array<std::uint8_t, 256> kDecode = decodeTable();

std::string illegalAt(std::size_t offset) {
    return "illegal base64 data at input byte " + std::to_string(offset);
}

} // namespace

std::string Base64::encode(std::string_view bytes) {
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 3 <= bytes.size(); i += 3) {
        const std::uint32_t n =
            static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16 |
            static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8 |
            static_cast<unsigned char>(bytes[i + 2]);
        out += kAlphabet[n >> 18 & 63];
        out += kAlphabet[n >> 12 & 63];
        out += kAlphabet[n >> 6 & 63];
        out += kAlphabet[n & 63];
    }
    const std::size_t rest = bytes.size() - i;
    if (rest == 0)
        return out;
    std::uint32_t n = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16;
    if (rest == 2)
        n |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8;
    out += kAlphabet[n >> 18 & 63];
    out += kAlphabet[n >> 12 & 63];
    out += rest == 2 ? kAlphabet[n >> 6 & 63] : '=';
    out += '=';
    return out;
}

Result<std::string, std::string> Base64::decode(std::string_view text) {
    std::string out;
    out.reserve(text.size() / 4 * 3);
    // One quantum of four characters at a time; `offsets` remembers where each came from, so
    // that an error names the byte of the input (CR and LF included) as Go's does.
    std::array<std::uint8_t, 4> quantum{};
    std::array<std::size_t, 4> offsets{};
    std::size_t filled = 0;
    std::size_t padding = 0;
    bool ended = false; // a padded quantum was read: only CR and LF may follow
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\r' || c == '\n')
            continue;
        if (ended)
            return Failure{illegalAt(i)};
        if (c == '=') {
            // Padding fills the third and fourth place, or the fourth alone.
            if (filled < 2)
                return Failure{illegalAt(i)};
            ++padding;
            offsets[filled] = i;
            quantum[filled++] = 0;
        } else {
            const std::uint8_t v = kDecode[static_cast<unsigned char>(c)];
            if (v == kInvalid || padding > 0)
                return Failure{illegalAt(i)};
            offsets[filled] = i;
            quantum[filled++] = v;
        }
        if (filled < 4)
            continue;
        const std::uint32_t n = static_cast<std::uint32_t>(quantum[0]) << 18 |
                                static_cast<std::uint32_t>(quantum[1]) << 12 |
                                static_cast<std::uint32_t>(quantum[2]) << 6 | quantum[3];
        out += static_cast<char>(n >> 16 & 0xff);
        if (padding < 2)
            out += static_cast<char>(n >> 8 & 0xff);
        if (padding < 1)
            out += static_cast<char>(n & 0xff);
        ended = padding > 0;
        filled = 0;
    }
    if (filled > 0)
        return Failure{illegalAt(offsets[filled - 1]) + " (the text ends " +
                       std::to_string(4 - filled) + " characters short of padded base64)"};
    return out;
}

} // namespace cubedesk::k8s
