#include "k8s/config/yamljson.h"

#include "k8s/api/goyamlscalar.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <map>
#include <yaml-cpp/yaml.h>

namespace cubedesk::k8s {

namespace {

constexpr int maxDepth = 64;
// YAML aliases are expanded when the value becomes JSON: a few lines of anchors can name 2^30
// copies ("billion laughs"). Every expansion writes output, so capping the output caps the work.
constexpr std::size_t maxJsonBytes = std::size_t{1} << 20;

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

// Plain (untagged) scalars are typed the YAML 1.1 way, as go-yaml v2 (used by kubectl) does,
// and written as Go's encoding/json writes the value go-yaml decoded.
bool appendPlainScalar(std::string &out, const std::string &s, QString *why) {
    const GoYamlScalar scalar = GoYamlScalar::resolve(s);
    switch (scalar.kind) {
    case GoYamlScalar::Kind::Null:
        out += "null";
        return true;
    case GoYamlScalar::Kind::Bool:
        out += scalar.boolean ? "true" : "false";
        return true;
    case GoYamlScalar::Kind::Int:
        out += std::to_string(scalar.integer);
        return true;
    case GoYamlScalar::Kind::BigInt: // go-yaml decodes it as a uint64
        out += std::to_string(scalar.bigInteger);
        return true;
    case GoYamlScalar::Kind::Float:
        if (!std::isfinite(scalar.number)) {
            if (why)
                *why = QStringLiteral("infinity and NaN cannot be expressed in JSON");
            return false;
        }
        out += goFloat(scalar.number);
        return true;
    case GoYamlScalar::Kind::String:
        break;
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
    if (out.size() > maxJsonBytes) {
        if (why)
            *why = QStringLiteral("larger than %1 KiB as JSON (its aliases expanded)")
                       .arg(maxJsonBytes >> 10);
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
