#include "k8s/api/goyamlscalar.h"

#include "k8s/api/gostrconv.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <optional>
#include <string>
#include <utility>

namespace cubedesk::k8s {

namespace {

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

// go-yaml's yamlStyleFloat: ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$
bool matchesYamlFloat(std::string_view s) {
    std::size_t i = 0;
    const std::size_t n = s.size();
    if (i < n && (s[i] == '+' || s[i] == '-'))
        ++i;
    if (i < n && s[i] == '.') {
        ++i;
        const std::size_t start = i;
        while (i < n && isDigit(s[i]))
            ++i;
        if (i == start)
            return false;
    } else {
        const std::size_t start = i;
        while (i < n && isDigit(s[i]))
            ++i;
        if (i == start)
            return false;
        if (i < n && s[i] == '.') {
            ++i;
            while (i < n && isDigit(s[i]))
                ++i;
        }
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < n && (s[i] == '+' || s[i] == '-'))
            ++i;
        const std::size_t start = i;
        while (i < n && isDigit(s[i]))
            ++i;
        if (i == start)
            return false;
    }
    return i == n;
}

// strconv.ParseFloat for text already matched by matchesYamlFloat. Go reports overflow as an error
// (go-yaml then keeps the scalar as a string) but flushes underflow to zero.
std::optional<double> parseGoFloat(std::string_view s) {
    const bool negative = !s.empty() && s[0] == '-';
    if (!s.empty() && (s[0] == '+' || s[0] == '-'))
        s.remove_prefix(1);
    double value = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec == std::errc() && ptr == s.data() + s.size())
        return negative ? -value : value;
    if (ec != std::errc::result_out_of_range)
        return std::nullopt;
    // Out of range: decide between overflow and underflow from the decimal exponent.
    long exponent = 0;
    const std::size_t e = s.find_first_of("eE");
    if (e != std::string_view::npos) {
        std::string_view digits = s.substr(e + 1);
        const bool negExp = !digits.empty() && digits[0] == '-';
        if (!digits.empty() && (digits[0] == '+' || digits[0] == '-'))
            digits.remove_prefix(1);
        for (const char c : digits) {
            exponent = std::min<long>(exponent * 10 + (c - '0'), 100000);
        }
        if (negExp)
            exponent = -exponent;
    }
    const std::string_view mantissa = s.substr(0, e);
    const std::size_t dot = mantissa.find('.');
    const std::string_view intPart = mantissa.substr(0, dot);
    const std::size_t firstNonZero = intPart.find_first_not_of('0');
    const long magnitude = firstNonZero == std::string_view::npos
                               ? exponent - 1
                               : exponent + static_cast<long>(intPart.size() - firstNonZero);
    if (magnitude > 0)
        return std::nullopt; // overflow
    return negative ? -0.0 : 0.0;
}

// resolve() of go-yaml v2 for an untagged plain scalar. Timestamps resolve to time.Time there but
// are decoded back to their text when the target is interface{}, so they fall through to String.
} // namespace

GoYamlScalar GoYamlScalar::resolve(std::string_view in) {
    GoYamlScalar r;
    char hint = 'N'; // the empty string
    if (!in.empty()) {
        const char c = in[0];
        if (c == '+' || c == '-')
            hint = 'S';
        else if (isDigit(c))
            hint = 'D';
        else if (c == '.')
            hint = '.';
        else if (std::string_view("yYnNtTfFoO~").find(c) != std::string_view::npos)
            hint = 'M';
        else
            return r;
    }

    static const std::pair<std::string_view, int> table[] = {
        {"y", 1},     {"Y", 1},     {"yes", 1},   {"Yes", 1},   {"YES", 1},   {"true", 1},
        {"True", 1},  {"TRUE", 1},  {"on", 1},    {"On", 1},    {"ON", 1},    {"n", 0},
        {"N", 0},     {"no", 0},    {"No", 0},    {"NO", 0},    {"false", 0}, {"False", 0},
        {"FALSE", 0}, {"off", 0},   {"Off", 0},   {"OFF", 0},   {"", 2},      {"~", 2},
        {"null", 2},  {"Null", 2},  {"NULL", 2},  {".nan", 3},  {".NaN", 3},  {".NAN", 3},
        {".inf", 4},  {".Inf", 4},  {".INF", 4},  {"+.inf", 4}, {"+.Inf", 4}, {"+.INF", 4},
        {"-.inf", 5}, {"-.Inf", 5}, {"-.INF", 5},
    };
    for (const auto &[text, what] : table) {
        if (in != text)
            continue;
        switch (what) {
        case 0:
        case 1:
            r.kind = Kind::Bool;
            r.boolean = what == 1;
            return r;
        case 2:
            r.kind = Kind::Null;
            return r;
        case 3:
            r.kind = Kind::Float;
            r.number = std::numeric_limits<double>::quiet_NaN();
            return r;
        case 4:
            r.kind = Kind::Float;
            r.number = std::numeric_limits<double>::infinity();
            return r;
        default:
            r.kind = Kind::Float;
            r.number = -std::numeric_limits<double>::infinity();
            return r;
        }
    }

    if (hint == '.') {
        if (matchesYamlFloat(in)) {
            if (const auto f = parseGoFloat(in)) {
                r.kind = Kind::Float;
                r.number = *f;
            }
        }
        return r;
    }
    if (hint == 'D' || hint == 'S') {
        std::string plain;
        plain.reserve(in.size());
        for (const char c : in) {
            if (c != '_')
                plain += c;
        }
        std::int64_t i = 0;
        if (GoStrconv::parseInt(plain, 0, 64, i) == GoStrconv::Status::Ok) {
            r.kind = Kind::Int;
            r.integer = i;
            return r;
        }
        std::uint64_t u = 0;
        if (GoStrconv::parseUint(plain, 0, 64, u) == GoStrconv::Status::Ok) {
            // A uint64 beyond int64 (JSON-decoding it into unstructured content gives a float64).
            r.kind = Kind::BigInt;
            r.bigInteger = u;
            r.number = static_cast<double>(u);
            return r;
        }
        if (matchesYamlFloat(plain)) {
            if (const auto f = parseGoFloat(plain)) {
                r.kind = Kind::Float;
                r.number = *f;
            }
        }
    }
    return r;
}

const char *GoYamlScalar::shortTagName(Kind kind) {
    switch (kind) {
    case Kind::Null:
        return "null";
    case Kind::Bool:
        return "bool";
    case Kind::Int:
    case Kind::BigInt:
        return "int";
    case Kind::Float:
        return "float";
    case Kind::String:
        break;
    }
    return "str";
}

} // namespace cubedesk::k8s
