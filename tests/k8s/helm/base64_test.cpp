// Base64: Go's base64.StdEncoding, for Secret data and Helm's release records.

#include "k8s/api/base64.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

using cubedesk::k8s::Base64;

TEST(Base64, RoundTripsEveryLength) {
    std::string bytes;
    for (int i = 0; i < 40; ++i) {
        const auto decoded = Base64::decode(Base64::encode(bytes));
        ASSERT_TRUE(decoded.ok()) << decoded.error();
        EXPECT_EQ(decoded.value(), bytes) << i;
        bytes += static_cast<char>(i * 37 + 200);
    }
    EXPECT_EQ(Base64::encode(""), "");
    EXPECT_EQ(Base64::encode("f"), "Zg==");
    EXPECT_EQ(Base64::encode("fo"), "Zm8=");
    EXPECT_EQ(Base64::encode("foo"), "Zm9v");
    EXPECT_EQ(Base64::encode(std::string("\xfb\xff", 2)), "+/8=");
}

TEST(Base64, DecodesAsGoStdEncoding) {
    EXPECT_EQ(Base64::decode("Zm9vYmFy").value(), "foobar");
    // CR and LF are skipped anywhere, as Go's decoder does.
    EXPECT_EQ(Base64::decode("Zm9v\r\nYmE=\n").value(), "fooba");
    // StdEncoding is not Strict(): unused bits in the last character are ignored.
    EXPECT_EQ(Base64::decode("Zm9=").value(), "fo");
    for (const std::string bad :
         {"Zm9", "Zg", "Zg=", "Z===", "Zm=v", "Zg==Zg==", "Zm9v_-==", "Zm 9v", "Zm9v=", "=Zm9"}) {
        const auto decoded = Base64::decode(bad);
        ASSERT_FALSE(decoded.ok()) << bad;
        EXPECT_NE(decoded.error().find("illegal base64 data at input byte"), std::string::npos)
            << decoded.error();
    }
    EXPECT_EQ(Base64::decode("Zm9v Zm9v").error(), "illegal base64 data at input byte 4");
}
