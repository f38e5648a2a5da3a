#include "k8s/api/jsonstring.h"

namespace cubedesk::k8s {

namespace {

void appendEscaped(std::string &out, std::string_view text) {
    static constexpr std::string_view kHex = "0123456789abcdef";
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (u < 0x20) {
            out += "\\u00";
            out += kHex[u >> 4];
            out += kHex[u & 0xf];
        } else {
            out += c;
        }
    }
}

} // namespace

std::string JsonString::escaped(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    appendEscaped(out, text);
    return out;
}

void JsonString::append(std::string &out, std::string_view text) {
    out += '"';
    appendEscaped(out, text);
    out += '"';
}

} // namespace cubedesk::k8s
