// GoStrconv against what Go's strconv.ParseInt / ParseUint return for the same text.

#include "k8s/api/gostrconv.h"

#include <gtest/gtest.h>

namespace cubedesk::k8s {
namespace {

using Status = GoStrconv::Status;

Status intStatus(std::string_view text, int base, int bits, std::int64_t *value = nullptr) {
    std::int64_t v = 0;
    const Status s = GoStrconv::parseInt(text, base, bits, v);
    if (value != nullptr)
        *value = v;
    return s;
}

TEST(GoStrconvTest, Base10) {
    std::int64_t v = 0;
    EXPECT_EQ(intStatus("42", 10, 64, &v), Status::Ok);
    EXPECT_EQ(v, 42);
    EXPECT_EQ(GoStrconv::parseInt("-42"), -42);
    EXPECT_EQ(GoStrconv::parseInt("+7"), 7);
    EXPECT_EQ(GoStrconv::parseInt("007"), 7);
    EXPECT_EQ(GoStrconv::parseInt("-0"), 0);
    EXPECT_EQ(GoStrconv::parseInt("9223372036854775807"), INT64_MAX);
    EXPECT_EQ(GoStrconv::parseInt("-9223372036854775808"), INT64_MIN);
    EXPECT_EQ(intStatus("9223372036854775808", 10, 64), Status::Range);
    EXPECT_EQ(intStatus("-9223372036854775809", 10, 64), Status::Range);
    EXPECT_EQ(intStatus("99999999999999999999999", 10, 64), Status::Range);
    for (const char *bad : {"", "+", "-", "1_000", "0x10", " 1", "1 ", "1.0", "١"})
        EXPECT_EQ(intStatus(bad, 10, 64), Status::Syntax) << bad;
}

TEST(GoStrconvTest, BitSize32) {
    EXPECT_EQ(GoStrconv::parseInt("2147483647", 10, 32), 2147483647);
    EXPECT_EQ(GoStrconv::parseInt("-2147483648", 10, 32), -2147483648LL);
    EXPECT_EQ(intStatus("2147483648", 10, 32), Status::Range);
    EXPECT_EQ(intStatus("-2147483649", 10, 32), Status::Range);
}

TEST(GoStrconvTest, Base0Prefixes) {
    EXPECT_EQ(GoStrconv::parseInt("017", 0), 15);
    EXPECT_EQ(GoStrconv::parseInt("-017", 0), -15);
    EXPECT_EQ(GoStrconv::parseInt("0o17", 0), 15);
    EXPECT_EQ(GoStrconv::parseInt("0O17", 0), 15);
    EXPECT_EQ(GoStrconv::parseInt("0x1f", 0), 31);
    EXPECT_EQ(GoStrconv::parseInt("0X1F", 0), 31);
    EXPECT_EQ(GoStrconv::parseInt("0b101", 0), 5);
    EXPECT_EQ(GoStrconv::parseInt("0", 0), 0);
    EXPECT_EQ(GoStrconv::parseInt("12", 0), 12);
    for (const char *bad : {"08", "0x", "0b2", "0o8", "0xg"})
        EXPECT_EQ(intStatus(bad, 0, 64), Status::Syntax) << bad;
}

TEST(GoStrconvTest, Unsigned) {
    std::uint64_t u = 0;
    EXPECT_EQ(GoStrconv::parseUint("18446744073709551615", 10, 64, u), Status::Ok);
    EXPECT_EQ(u, UINT64_MAX);
    EXPECT_EQ(GoStrconv::parseUint("18446744073709551616", 10, 64, u), Status::Range);
    EXPECT_EQ(GoStrconv::parseUint("-1", 10, 64, u), Status::Syntax);
    EXPECT_EQ(GoStrconv::parseUint("256", 10, 8, u), Status::Range);
    EXPECT_EQ(GoStrconv::parseUint("255", 10, 8, u), Status::Ok);
}

} // namespace
} // namespace cubedesk::k8s
