#include "k8s/api/quantity.h"

#include <gtest/gtest.h>
#include <limits>
#include <ostream>

using cubedesk::k8s::Quantity;
using Int128 = Quantity::Int128;

namespace cubedesk::k8s {
// Readable failure messages for EXPECT_EQ on quantities.
void PrintTo(const Quantity &q, std::ostream *os) {
    *os << q.toString();
}
} // namespace cubedesk::k8s

namespace {

constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();
constexpr int64_t kInt64Min = std::numeric_limits<int64_t>::min();
constexpr Int128 kCapNano = Int128(kInt64Max) * 1'000'000'000;

Quantity q(std::string_view text) {
    const std::optional<Quantity> parsed = Quantity::parse(text);
    EXPECT_TRUE(parsed.has_value()) << "failed to parse '" << text << "'";
    return parsed.value_or(Quantity());
}

// Decimal text of a 128-bit value, built independently of Quantity::toString.
std::string str(Int128 v) {
    if (v == 0)
        return "0";
    std::string digits;
    const bool negative = v < 0;
    while (v != 0) {
        const int d = int(v % 10);
        digits.insert(digits.begin(), char('0' + (d < 0 ? -d : d)));
        v /= 10;
    }
    return negative ? "-" + digits : digits;
}

} // namespace

TEST(Quantity, DecimalSiSuffixes) {
    EXPECT_EQ(str(q("1n").nanoValue()), "1");
    EXPECT_EQ(str(q("1u").nanoValue()), "1000");
    EXPECT_EQ(str(q("100m").nanoValue()), "100000000");
    EXPECT_EQ(str(q("1").nanoValue()), "1000000000");
    EXPECT_EQ(q("1k").value(), 1000);
    EXPECT_EQ(q("129M").value(), 129000000);
    EXPECT_EQ(q("2G").value(), 2000000000);
    EXPECT_EQ(q("3T").value(), 3000000000000);
    EXPECT_EQ(q("4P").value(), 4000000000000000);
    EXPECT_EQ(q("1E").value(), 1000000000000000000);
}

TEST(Quantity, BinarySuffixes) {
    EXPECT_EQ(q("1Ki").value(), 1024);
    EXPECT_EQ(q("123Mi").value(), 128974848);
    EXPECT_EQ(q("1.5Gi").value(), 1610612736);
    EXPECT_EQ(q("1Ti").value(), int64_t(1) << 40);
    EXPECT_EQ(q("1Pi").value(), int64_t(1) << 50);
    EXPECT_EQ(q("1Ei").value(), int64_t(1) << 60);
    EXPECT_EQ(q("0.5Ki").value(), 512);
    // Binary times a long fraction: 1e-10 * 1024 = 102.4n, rounded up.
    EXPECT_EQ(str(q("0.0000000001Ki").nanoValue()), "103");
}

TEST(Quantity, DecimalExponents) {
    EXPECT_EQ(q("1e3").value(), 1000);
    EXPECT_EQ(q("129e6").value(), 129000000);
    EXPECT_EQ(q("12E-3").milliValue(), 12);
    EXPECT_EQ(q("12E-3").toString(), "12m");
    EXPECT_EQ(q("1e+3").value(), 1000);
    EXPECT_EQ(q("1.5e1").value(), 15);
    EXPECT_EQ(q("5e-9").toString(), "5n");
}

TEST(Quantity, SameAmountInDifferentSpellings) {
    EXPECT_EQ(q("128974848"), q("123Mi"));
    EXPECT_EQ(q("129e6"), q("129M"));
    EXPECT_NE(q("129M"), q("123Mi"));
    EXPECT_EQ(q("0.5"), q("500m"));
    EXPECT_EQ(q("1000m"), q("1"));
    EXPECT_EQ(q("1e3"), q("1k"));
    EXPECT_EQ(q("+5"), q("5"));
    EXPECT_EQ(q("05"), q("5"));
    EXPECT_EQ(q("5."), q("5"));
    EXPECT_EQ(q(".5"), q("0.5"));
    EXPECT_LT(q("1G"), q("1Gi")) << "G is decimal, Gi binary";
}

TEST(Quantity, SignsAndZero) {
    EXPECT_EQ(q("-2").value(), -2);
    EXPECT_EQ(q("-2").milliValue(), -2000);
    EXPECT_EQ(q("-2").toString(), "-2");
    EXPECT_EQ(q("-1.5").toString(), "-1500m");
    EXPECT_TRUE(q("0").isZero());
    EXPECT_TRUE(q("-0").isZero());
    EXPECT_TRUE(q("0.000Gi").isZero());
    EXPECT_TRUE(Quantity().isZero());
    EXPECT_FALSE(q("1n").isZero());
    EXPECT_EQ(q("0").toString(), "0");
}

TEST(Quantity, SubNanoRoundsAwayFromZero) {
    EXPECT_EQ(str(q("0.1n").nanoValue()), "1");
    EXPECT_EQ(str(q("1.000000000001").nanoValue()), "1000000001");
    EXPECT_EQ(str(q("-0.1n").nanoValue()), "-1");
    EXPECT_EQ(str(q("1e-100").nanoValue()), "1");
    EXPECT_EQ(str(q("0." + std::string(500, '0') + "1").nanoValue()), "1");
    EXPECT_EQ(str(q("2.5n").nanoValue()), "3");
}

TEST(Quantity, MilliValueAndValueRoundUp) {
    EXPECT_EQ(q("0.001m").milliValue(), 1);
    EXPECT_EQ(str(q("0.001m").nanoValue()), "1000");
    EXPECT_EQ(q("0.001m").value(), 1);
    EXPECT_EQ(q("1n").milliValue(), 1);
    EXPECT_EQ(q("1u").milliValue(), 1);
    EXPECT_EQ(q("100m").value(), 1);
    EXPECT_EQ(q("0.5").value(), 1);
    EXPECT_EQ(q("1.5Gi").milliValue(), 1610612736000);
    EXPECT_EQ(q("1500m").value(), 2);
    EXPECT_EQ(q("2000m").value(), 2);
    // Ceiling goes towards +infinity for negative amounts.
    EXPECT_EQ(q("-1500m").value(), -1);
    EXPECT_EQ(q("-1n").milliValue(), 0);
}

TEST(Quantity, LargeValuesSaturate) {
    const Quantity nineE = q("9E");
    EXPECT_EQ(nineE.value(), 9000000000000000000);
    EXPECT_EQ(nineE.milliValue(), kInt64Max);
    EXPECT_EQ(str(nineE.nanoValue()), "9000000000000000000000000000");
    EXPECT_EQ(q("-9E").milliValue(), kInt64Min);

    // Parsing caps magnitudes at 2^63-1 whole units, like Kubernetes.
    EXPECT_EQ(q("10E").nanoValue(), kCapNano);
    EXPECT_EQ(q("10E").value(), kInt64Max);
    EXPECT_EQ(q("8Ei").nanoValue(), kCapNano);
    EXPECT_EQ(q("1e100").nanoValue(), kCapNano);
    EXPECT_EQ(q("1" + std::string(40, '0')).nanoValue(), kCapNano);
    EXPECT_EQ(q("-1e100").nanoValue(), -kCapNano);
    EXPECT_EQ(q("1e2147483647").nanoValue(), kCapNano);
    EXPECT_EQ(q("9223372036854775807").nanoValue(), kCapNano);
    EXPECT_EQ(q("9223372036854775807").value(), kInt64Max);
    EXPECT_EQ(q("9223372036854775806.5").value(), kInt64Max);
    EXPECT_EQ(str(q("9223372036854775806.5").nanoValue()), "9223372036854775806500000000");
}

TEST(Quantity, RejectsMalformedInput) {
    for (const char *bad :
         {"",    "1.2.3", "Gi",  "1ZZ",  "1i",  "1K",           "1Ki1",  ".",      "-",
          "+",   " 1",    "1 ",  "1e",   "1e-", "1e3.5",        "0.1mi", "1+1.0M", "1m3",
          "1mm", "1.5.",  "abc", "1Gi ", "--1", "1e9999999999", "0x10",  "1,5"}) {
        EXPECT_FALSE(Quantity::parse(bad).has_value()) << "accepted '" << bad << "'";
    }
}

TEST(Quantity, ToStringPicksTheSmallestExactUnit) {
    EXPECT_EQ(Quantity::fromMilli(1500).toString(), "1500m");
    EXPECT_EQ(Quantity::fromMilli(2000).toString(), "2");
    EXPECT_EQ(Quantity::fromMilli(-250).toString(), "-250m");
    EXPECT_EQ(Quantity::fromUnits(3).toString(), "3");
    EXPECT_EQ(q("1.5Gi").toString(), "1610612736");
    EXPECT_EQ(q("1u").toString(), "1000n");
    EXPECT_EQ(q("100m").toString(), "100m");
    EXPECT_EQ(q("0.5").toString(), "500m");
    EXPECT_EQ(q("1").toString(), "1");
    EXPECT_EQ(q("9E").toString(), "9000000000000000000");
    EXPECT_EQ(Quantity::fromUnits(kInt64Min).toString(), "-9223372036854775808");
    // toString output parses back to the same amount.
    for (const char *text : {"1.5Gi", "12E-3", "1n", "-0.1n", "10E", "123Mi", "0.001m"}) {
        const Quantity a = q(text);
        EXPECT_EQ(q(a.toString()), a) << text;
    }
}

TEST(Quantity, Factories) {
    EXPECT_EQ(Quantity::fromMilli(1500), q("1.5"));
    EXPECT_EQ(Quantity::fromUnits(2), q("2000m"));
    EXPECT_EQ(Quantity::fromMilli(kInt64Max).milliValue(), kInt64Max);
    EXPECT_EQ(Quantity::fromUnits(kInt64Min).value(), kInt64Min);
    EXPECT_EQ(Quantity::fromNano(7).toString(), "7n");
}

TEST(Quantity, Arithmetic) {
    EXPECT_EQ(q("100m") + q("1.5"), q("1600m"));
    EXPECT_EQ(q("1Gi") - q("512Mi"), q("512Mi"));
    EXPECT_EQ((q("1") - q("3")).toString(), "-2");
    Quantity total;
    for (const char *part : {"500m", "250m", "1", "1n"})
        total += q(part);
    EXPECT_EQ(total.toString(), "1750000001n");
    EXPECT_EQ(total.milliValue(), 1751);
    total -= q("1n");
    EXPECT_EQ(total, Quantity::fromMilli(1750));

    // Sums of capped values stay exact: 128 bits hold many of them.
    const Quantity big = q("10E") + q("10E");
    EXPECT_EQ(big.nanoValue(), 2 * kCapNano);
    EXPECT_EQ(big.value(), kInt64Max);

    // The 128-bit range itself saturates instead of wrapping.
    const Int128 max128 = (((Int128(1) << 126) - 1) << 1) + 1;
    EXPECT_EQ((Quantity::fromNano(max128) + Quantity::fromNano(1)).nanoValue(), max128);
    EXPECT_EQ((Quantity::fromNano(-max128) - Quantity::fromNano(5)).nanoValue(), -max128 - 1);
}

TEST(Quantity, Comparisons) {
    EXPECT_LT(q("100m"), q("0.2"));
    EXPECT_GT(q("1Ki"), q("1k"));
    EXPECT_LE(q("1k"), q("1e3"));
    EXPECT_GE(q("1"), q("999999999n"));
    EXPECT_LT(q("-1"), q("0"));
    EXPECT_TRUE((q("1") <=> q("1000m")) == 0);
    EXPECT_TRUE((q("2") <=> q("1")) > 0);
}

TEST(Quantity, ToDouble) {
    EXPECT_DOUBLE_EQ(q("1.5").toDouble(), 1.5);
    EXPECT_DOUBLE_EQ(q("100m").toDouble(), 0.1);
    EXPECT_DOUBLE_EQ(q("-2.25").toDouble(), -2.25);
    EXPECT_DOUBLE_EQ(q("1.5Gi").toDouble(), 1610612736.0);
    EXPECT_DOUBLE_EQ(q("1n").toDouble(), 1e-9);
    EXPECT_DOUBLE_EQ(q("9E").toDouble(), 9e18);
}
