#include "k8s/api/goformat.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string_view>

namespace cubedesk::k8s {

static_assert(std::numeric_limits<float>::is_iec559 && std::numeric_limits<double>::is_iec559,
              "float32 narrowing below relies on IEEE 754 round-to-nearest and overflow to Inf");

std::string formatGoFloat(double v, int bitSize, int exponentLimit) {
    // Narrow first, so that a value beyond float range becomes ±Inf exactly as float32(v) does.
    const double value = bitSize == 32 ? static_cast<double>(static_cast<float>(v)) : v;
    if (std::isnan(value))
        return "NaN";
    if (std::isinf(value))
        return value > 0 ? "+Inf" : "-Inf";

    // std::to_chars without a precision gives the shortest round-trip digits, the same digits
    // strconv's shortest mode produces; only the layout below is Go's own.
    char buf[64];
    const std::to_chars_result res =
        bitSize == 32 ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(value),
                                      std::chars_format::scientific)
                      : std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
    std::string_view sci(buf, static_cast<std::size_t>(res.ptr - buf));

    std::string out;
    if (!sci.empty() && sci.front() == '-') {
        out += '-';
        sci.remove_prefix(1);
    }
    const std::size_t e = sci.find('e');
    std::string digits;
    for (const char c : sci.substr(0, e)) {
        if (c != '.')
            digits += c;
    }
    std::string_view expText = sci.substr(e + 1);
    if (!expText.empty() && expText.front() == '+')
        expText.remove_prefix(1);
    int exp10 = 0;
    std::from_chars(expText.data(), expText.data() + expText.size(), exp10);
    while (digits.size() > 1 && digits.back() == '0')
        digits.pop_back();
    if (digits == "0")
        return out + '0';

    const int nd = static_cast<int>(digits.size());
    if (exp10 < -4 || exp10 >= exponentLimit) {
        out += digits[0];
        if (nd > 1) {
            out += '.';
            out.append(digits, 1);
        }
        out += exp10 < 0 ? "e-" : "e+";
        const int a = std::abs(exp10);
        if (a < 10)
            out += '0';
        return out + std::to_string(a);
    }
    const int dp = exp10 + 1; // digits before the decimal point
    if (dp <= 0) {
        out += "0.";
        out.append(static_cast<std::size_t>(-dp), '0');
        out += digits;
    } else if (dp >= nd) {
        out += digits;
        out.append(static_cast<std::size_t>(dp - nd), '0');
    } else {
        out.append(digits, 0, static_cast<std::size_t>(dp));
        out += '.';
        out.append(digits, static_cast<std::size_t>(dp));
    }
    return out;
}

} // namespace cubedesk::k8s
