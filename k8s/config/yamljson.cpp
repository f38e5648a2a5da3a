#include "k8s/config/yamljson.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <map>
#include <regex>
#include <yaml-cpp/yaml.h>

namespace cubedesk::k8s {

namespace {

constexpr int maxDepth = 64;

bool isOneOf(const std::string &s, std::initializer_list<const char *> words) {
    for (const char *w : words) {
        if (s == w)
            return true;
    }
    return false;
}

// Go's encoding/json float format: shortest round-trip digits, exponent form outside
// [1e-6, 1e21), and "e-07" shortened to "e-7".
std::string goFloat(double value) {
    char buffer[64];
    const double magnitude = std::fabs(value);
    const bool exponent = magnitude != 0 && (magnitude < 1e-6 || magnitude >= 1e21);
    const auto res =
        std::to_chars(buffer, buffer + sizeof buffer, value,
                      exponent ? std::chars_format::scientific : std::chars_format::fixed);
    std::string text(buffer, res.ptr);
    if (exponent) {
        const std::size_t n = text.size();
        if (n >= 4 && text[n - 4] == 'e' && text[n - 3] == '-' && text[n - 2] == '0')
            text.erase(n - 2, 1);
    }
    return text;
}

// Plain (untagged) scalars are typed the YAML 1.1 way, as go-yaml v2 (used by kubectl) does.
bool appendPlainScalar(std::string &out, const std::string &s, QString *why) {
    if (isOneOf(s, {"", "~", "null", "Null", "NULL"})) {
        out += "null";
        return true;
    }
    if (isOneOf(s, {"y", "Y", "yes", "Yes", "YES", "on", "On", "ON", "true", "True", "TRUE"})) {
        out += "true";
        return true;
    }
    if (isOneOf(s, {"n", "N", "no", "No", "NO", "off", "Off", "OFF", "false", "False", "FALSE"})) {
        out += "false";
        return true;
    }
    static const std::regex intPattern(R"(^[-+]?(0|[1-9][0-9_]*)$)");
    static const std::regex hexPattern(R"(^[-+]?0x[0-9a-fA-F_]+$)");
    static const std::regex floatPattern(
        R"(^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$)");
    std::string digits;
    for (char c : s) {
        if (c != '_')
            digits += c;
    }
    if (std::regex_match(s, intPattern) || std::regex_match(s, hexPattern)) {
        const bool negative = digits[0] == '-';
        std::string_view body(digits);
        if (body[0] == '-' || body[0] == '+')
            body.remove_prefix(1);
        int base = 10;
        if (body.size() > 2 && body[0] == '0' && (body[1] == 'x')) {
            body.remove_prefix(2);
            base = 16;
        }
        std::uint64_t magnitude = 0;
        const auto res = std::from_chars(body.data(), body.data() + body.size(), magnitude, base);
        if (res.ec == std::errc() && res.ptr == body.data() + body.size()) {
            if (negative && magnitude != 0)
                out += '-';
            out += std::to_string(magnitude);
            return true;
        }
        // Out of 64-bit range: go-yaml falls back to a float.
    }
    if (std::regex_match(s, floatPattern)) {
        double value = 0;
        const char *begin = digits.data();
        if (*begin == '+')
            ++begin;
        const auto res = std::from_chars(begin, digits.data() + digits.size(), value);
        if (res.ec == std::errc() && std::isfinite(value)) {
            out += goFloat(value);
            return true;
        }
    }
    if (isOneOf(s, {".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF",
                    ".nan", ".NaN", ".NAN"})) {
        if (why)
            *why = QStringLiteral("infinity and NaN cannot be expressed in JSON");
        return false;
    }
    YamlJson::appendString(out, s);
    return true;
}

bool append(std::string &out, const YAML::Node &node, int depth, QString *why) {
    if (depth > maxDepth) {
        if (why)
            *why = QStringLiteral("nested more than %1 levels deep").arg(maxDepth);
        return false;
    }
    switch (node.Type()) {
    case YAML::NodeType::Undefined:
    case YAML::NodeType::Null:
        out += "null";
        return true;
    case YAML::NodeType::Scalar: {
        const std::string &tag = node.Tag();
        if (tag == "?")
            return appendPlainScalar(out, node.Scalar(), why);
        YamlJson::appendString(out, node.Scalar());
        return true;
    }
    case YAML::NodeType::Sequence: {
        out += '[';
        bool first = true;
        for (const YAML::Node &item : node) {
            if (!first)
                out += ',';
            first = false;
            if (!append(out, item, depth + 1, why))
                return false;
        }
        out += ']';
        return true;
    }
    case YAML::NodeType::Map: {
        std::map<std::string, YAML::Node> sorted;
        for (const auto &pair : node) {
            const std::string key = pair.first.IsScalar() ? pair.first.Scalar() : std::string();
            sorted.emplace(key, pair.second);
        }
        out += '{';
        bool first = true;
        for (const auto &[key, value] : sorted) {
            if (!first)
                out += ',';
            first = false;
            YamlJson::appendString(out, key);
            out += ':';
            if (!append(out, value, depth + 1, why))
                return false;
        }
        out += '}';
        return true;
    }
    }
    return false;
}

// Decodes one UTF-8 sequence at text[i]; returns the code point and its length, or -1 / 1 for
// an invalid byte.
std::pair<std::int32_t, std::size_t> decodeUtf8(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b0 = byte(i);
    if (b0 < 0x80)
        return {b0, 1};
    std::size_t length = 0;
    std::int32_t cp = 0;
    std::int32_t minimum = 0;
    if ((b0 & 0xE0) == 0xC0) {
        length = 2;
        cp = b0 & 0x1F;
        minimum = 0x80;
    } else if ((b0 & 0xF0) == 0xE0) {
        length = 3;
        cp = b0 & 0x0F;
        minimum = 0x800;
    } else if ((b0 & 0xF8) == 0xF0) {
        length = 4;
        cp = b0 & 0x07;
        minimum = 0x10000;
    } else {
        return {-1, 1};
    }
    if (i + length > text.size())
        return {-1, 1};
    for (std::size_t k = 1; k < length; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80)
            return {-1, 1};
        cp = (cp << 6) | (byte(i + k) & 0x3F);
    }
    if (cp < minimum || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return {-1, 1};
    return {cp, length};
}

} // namespace

std::optional<QByteArray> YamlJson::toJson(const YAML::Node &node, QString *why) {
    std::string out;
    try {
        if (!append(out, node, 0, why))
            return std::nullopt;
    } catch (const YAML::Exception &) {
        if (why)
            *why = QStringLiteral("the YAML value cannot be read");
        return std::nullopt;
    }
    return QByteArray::fromStdString(out);
}

void YamlJson::appendString(std::string &out, std::string_view text) {
    static const char hex[] = "0123456789abcdef";
    const auto unicodeEscape = [&](std::int32_t cp) {
        out += "\\u";
        for (int shift = 12; shift >= 0; shift -= 4)
            out += hex[(cp >> shift) & 0xF];
    };
    out += '"';
    std::size_t i = 0;
    while (i < text.size()) {
        const auto [cp, length] = decodeUtf8(text, i);
        if (cp < 0) {
            out += "\\ufffd";
        } else if (cp == '"') {
            out += "\\\"";
        } else if (cp == '\\') {
            out += "\\\\";
        } else if (cp == '\n') {
            out += "\\n";
        } else if (cp == '\r') {
            out += "\\r";
        } else if (cp == '\t') {
            out += "\\t";
        } else if (cp < 0x20 || cp == '<' || cp == '>' || cp == '&' || cp == 0x2028 ||
                   cp == 0x2029) {
            unicodeEscape(cp);
        } else {
            out.append(text.substr(i, length));
        }
        i += length;
    }
    out += '"';
}

} // namespace cubedesk::k8s
