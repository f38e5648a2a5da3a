#include "k8s/api/quantity.h"

#include "k8s/api/gostrconv.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace cubedesk::k8s {

namespace {

using Int128 = Quantity::Int128;

constexpr Int128 kNanoPerUnit = 1'000'000'000;
constexpr Int128 kNanoPerMilli = 1'000'000;
// Kubernetes caps parsed magnitudes at 2^63-1 whole units.
constexpr Int128 kParseCap = Int128(std::numeric_limits<int64_t>::max()) * kNanoPerUnit;
// The cap has 28 decimal digits, so anything with more integer digits is above it.
constexpr size_t kParseCapDigits = 28;

// Bounds of the full 128-bit range, built without numeric_limits<__int128> (only available in
// GNU mode).
constexpr Int128 kInt128Max = (((Int128(1) << 126) - 1) << 1) + 1;
constexpr Int128 kInt128Min = -kInt128Max - 1;

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

struct Suffix {
    int base = 10;     ///< 10 or 2
    int64_t power = 0; ///< exponent of `base`
};

// strconv.ParseInt(s, 10, 32), as Kubernetes reads a decimal exponent.
std::optional<int64_t> parseExponent(std::string_view s) {
    return GoStrconv::parseInt(s, 10, 32);
}

std::optional<Suffix> interpretSuffix(std::string_view s) {
    struct Entry {
        std::string_view text;
        Suffix suffix;
    };
    static constexpr Entry kTable[] = {
        {"", {10, 0}},   {"n", {10, -9}}, {"u", {10, -6}}, {"m", {10, -3}},
        {"k", {10, 3}},  {"M", {10, 6}},  {"G", {10, 9}},  {"T", {10, 12}},
        {"P", {10, 15}}, {"E", {10, 18}}, {"Ki", {2, 10}}, {"Mi", {2, 20}},
        {"Gi", {2, 30}}, {"Ti", {2, 40}}, {"Pi", {2, 50}}, {"Ei", {2, 60}},
    };
    for (const Entry &e : kTable) {
        if (e.text == s)
            return e.suffix;
    }
    if (s.size() > 1 && (s.front() == 'e' || s.front() == 'E')) {
        if (const std::optional<int64_t> exponent = parseExponent(s.substr(1)))
            return Suffix{10, *exponent};
    }
    return std::nullopt;
}

// Multiplies a big-endian decimal digit string (values 0-9) by 2^power, power <= 60.
// Each step is below 10 * 2^60, which fits in 64 unsigned bits.
std::vector<uint8_t> multiplyByPowerOfTwo(const std::vector<uint8_t> &digits, int power) {
    if (power == 0)
        return digits;
    std::vector<uint8_t> reversed;
    reversed.reserve(digits.size() + 20);
    uint64_t carry = 0;
    const uint64_t factor = uint64_t(1) << power;
    for (auto it = digits.rbegin(); it != digits.rend(); ++it) {
        const uint64_t x = uint64_t(*it) * factor + carry;
        reversed.push_back(uint8_t(x % 10));
        carry = x / 10;
    }
    while (carry != 0) {
        reversed.push_back(uint8_t(carry % 10));
        carry /= 10;
    }
    return {reversed.rbegin(), reversed.rend()};
}

// The exact magnitude digits * 10^scale in nano-units, rounded up and capped at kParseCap.
// Working on decimal digits keeps this exact for any input length at linear cost; the 128-bit
// accumulator only ever sees at most kParseCapDigits digits.
Int128 magnitudeInNanos(std::vector<uint8_t> digits, int64_t scale) {
    const auto firstNonZero =
        std::find_if(digits.begin(), digits.end(), [](uint8_t d) { return d != 0; });
    digits.erase(digits.begin(), firstNonZero);
    if (digits.empty())
        return 0;
    const auto length = static_cast<int64_t>(digits.size());

    // Digits that make up the integer part, and whether anything non-zero is cut off.
    int64_t integerDigits = length + scale;
    bool inexact = false;
    if (scale < 0) {
        const int64_t cut = std::min<int64_t>(-scale, length);
        inexact = std::any_of(digits.end() - cut, digits.end(), [](uint8_t d) { return d != 0; });
    }
    if (integerDigits > int64_t(kParseCapDigits))
        return kParseCap;
    Int128 value = 0;
    for (int64_t i = 0; i < integerDigits; ++i)
        value = value * 10 + (i < length ? digits[size_t(i)] : 0);
    if (inexact)
        ++value;
    return std::min(value, kParseCap);
}

Int128 saturatingAdd(Int128 a, Int128 b) {
    Int128 result = 0;
    if (__builtin_add_overflow(a, b, &result))
        return b > 0 ? kInt128Max : kInt128Min;
    return result;
}

Int128 saturatingSub(Int128 a, Int128 b) {
    Int128 result = 0;
    if (__builtin_sub_overflow(a, b, &result))
        return b < 0 ? kInt128Max : kInt128Min;
    return result;
}

// Ceiling division for a positive divisor.
Int128 ceilDiv(Int128 n, Int128 d) {
    const Int128 q = n / d;
    return (n % d > 0) ? q + 1 : q;
}

int64_t saturateToInt64(Int128 v) {
    if (v > Int128(std::numeric_limits<int64_t>::max()))
        return std::numeric_limits<int64_t>::max();
    if (v < Int128(std::numeric_limits<int64_t>::min()))
        return std::numeric_limits<int64_t>::min();
    return int64_t(v);
}

std::string int128ToString(Int128 v) {
    if (v == 0)
        return "0";
    const bool negative = v < 0;
    // Work with the non-positive value so the most negative number needs no special case.
    Int128 n = negative ? v : -v;
    std::string reversed;
    while (n != 0) {
        reversed += char('0' - int(n % 10));
        n /= 10;
    }
    if (negative)
        reversed += '-';
    return {reversed.rbegin(), reversed.rend()};
}

} // namespace

std::optional<Quantity> Quantity::parse(std::string_view text) {
    size_t pos = 0;
    bool negative = false;
    if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
        negative = text[pos] == '-';
        ++pos;
    }
    std::vector<uint8_t> digits;
    digits.reserve(text.size());
    while (pos < text.size() && isDigit(text[pos]))
        digits.push_back(uint8_t(text[pos++] - '0'));
    int64_t fractionDigits = 0;
    if (pos < text.size() && text[pos] == '.') {
        ++pos;
        while (pos < text.size() && isDigit(text[pos])) {
            digits.push_back(uint8_t(text[pos++] - '0'));
            ++fractionDigits;
        }
    }
    if (digits.empty())
        return std::nullopt;

    const std::optional<Suffix> suffix = interpretSuffix(text.substr(pos));
    if (!suffix)
        return std::nullopt;

    // value = digits * 10^(-fractionDigits) * base^power; in nano-units one more factor 10^9.
    int64_t scale = 9 - fractionDigits;
    if (suffix->base == 10)
        scale += suffix->power;
    else
        digits = multiplyByPowerOfTwo(digits, int(suffix->power));

    const Int128 magnitude = magnitudeInNanos(std::move(digits), scale);
    return Quantity(negative ? -magnitude : magnitude);
}

Quantity Quantity::fromMilli(int64_t milli) {
    return Quantity(Int128(milli) * kNanoPerMilli);
}

Quantity Quantity::fromUnits(int64_t units) {
    return Quantity(Int128(units) * kNanoPerUnit);
}

Quantity Quantity::fromNano(Int128 nano) {
    return Quantity(nano);
}

int64_t Quantity::milliValue() const {
    return saturateToInt64(ceilDiv(m_nano, kNanoPerMilli));
}

int64_t Quantity::value() const {
    return saturateToInt64(ceilDiv(m_nano, kNanoPerUnit));
}

double Quantity::toDouble() const {
    // Split so that the whole part and the fraction are each converted exactly when they can be.
    // NOLINTNEXTLINE(bugprone-integer-division): the whole units, on purpose
    return double(m_nano / kNanoPerUnit) + double(m_nano % kNanoPerUnit) / 1e9;
}

std::string Quantity::toString() const {
    if (m_nano % kNanoPerUnit == 0)
        return int128ToString(m_nano / kNanoPerUnit);
    if (m_nano % kNanoPerMilli == 0)
        return int128ToString(m_nano / kNanoPerMilli) + 'm';
    return int128ToString(m_nano) + 'n';
}

Quantity Quantity::operator+(const Quantity &other) const {
    return Quantity(saturatingAdd(m_nano, other.m_nano));
}

Quantity Quantity::operator-(const Quantity &other) const {
    return Quantity(saturatingSub(m_nano, other.m_nano));
}

Quantity &Quantity::operator+=(const Quantity &other) {
    m_nano = saturatingAdd(m_nano, other.m_nano);
    return *this;
}

Quantity &Quantity::operator-=(const Quantity &other) {
    m_nano = saturatingSub(m_nano, other.m_nano);
    return *this;
}

} // namespace cubedesk::k8s
