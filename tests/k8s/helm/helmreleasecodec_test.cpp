// HelmReleaseCodec: Helm's storage encoding undone — base64 twice, gunzip, with a size limit —
// against the simulator's encoder (sim::HelmRelease), which writes what Helm's Secret driver does.

#include "k8s/api/base64.h"
#include "k8s/api/helmreleasecodec.h"
#include "k8s/sim/helmrelease.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <string>

using cubedesk::k8s::Base64;
using cubedesk::k8s::HelmReleaseCodec;
using nlohmann::json;
namespace sim = cubedesk::sim;

namespace {

std::string gz(const std::string &bytes) {
    auto out = sim::HelmRelease::gzip(bytes);
    EXPECT_TRUE(out.ok());
    return out.ok() ? out.value() : std::string();
}

/// What the API returns in data.release for Helm's record `bytes`.
std::string secretData(const std::string &bytes) {
    return Base64::encode(Base64::encode(bytes));
}

} // namespace

TEST(HelmReleaseCodec, DecodesTheSimulatorsStorageSecret) {
    const json release = {{"name", "volcano"},
                          {"namespace", "kube-system"},
                          {"version", 2},
                          {"info", {{"status", "failed"}}},
                          {"config", {{"password", "s3cr3t"}}}};
    const auto secret = sim::HelmRelease::storageSecret(release, {}, {});
    ASSERT_TRUE(secret.ok()) << secret.error();
    const auto text =
        HelmReleaseCodec::decodeRelease(secret.value()["data"]["release"].get<std::string>());
    ASSERT_TRUE(text.ok()) << text.error();
    EXPECT_EQ(json::parse(text.value()), release);
}

TEST(HelmReleaseCodec, ReadsUncompressedRecordsAsHelmDoes) {
    const std::string plain = R"({"name":"old","version":1})";
    EXPECT_EQ(HelmReleaseCodec::decodeRelease(secretData(plain)).value(), plain);
    EXPECT_EQ(HelmReleaseCodec::decodeRecord(Base64::encode(plain)).value(), plain);
    // Helm looks for the magic only in records longer than three bytes.
    EXPECT_EQ(HelmReleaseCodec::decodeRecord(Base64::encode("\x1f\x8b\x08")).value(),
              "\x1f\x8b\x08");
}

TEST(HelmReleaseCodec, GunzipsConcatenatedMembersAndRejectsTrailingBytes) {
    EXPECT_EQ(HelmReleaseCodec::gunzip(gz("{\"a\":") + gz("1}")).value(), "{\"a\":1}");
    EXPECT_EQ(HelmReleaseCodec::gunzip(gz("")).value(), "");
    const auto trailing = HelmReleaseCodec::gunzip(gz("{}") + "garbage!");
    ASSERT_FALSE(trailing.ok());
    EXPECT_NE(trailing.error().find("damaged"), std::string::npos) << trailing.error();
}

TEST(HelmReleaseCodec, EachDamageHasItsOwnError) {
    const std::string compressed = gz(std::string(5000, 'x') + "{\"name\":\"x\"}");

    const auto notBase64 = HelmReleaseCodec::decodeRelease("not base64!");
    ASSERT_FALSE(notBase64.ok());
    EXPECT_EQ(notBase64.error().rfind("data.release is not base64: ", 0), 0u) << notBase64.error();

    const auto innerNotBase64 = HelmReleaseCodec::decodeRelease(Base64::encode("%%%%"));
    ASSERT_FALSE(innerNotBase64.ok());
    EXPECT_EQ(innerNotBase64.error().rfind("the release record is not base64: ", 0), 0u)
        << innerNotBase64.error();

    for (std::size_t cut :
         {std::size_t{4}, std::size_t{12}, compressed.size() / 2, compressed.size() - 1}) {
        const auto truncated =
            HelmReleaseCodec::decodeRelease(secretData(compressed.substr(0, cut)));
        ASSERT_FALSE(truncated.ok()) << cut;
        EXPECT_EQ(truncated.error(),
                  "the release record does not decompress: the gzip stream is truncated")
            << cut;
    }

    std::string corrupt = compressed;
    corrupt[corrupt.size() / 2] = static_cast<char>(corrupt[corrupt.size() / 2] ^ 0x55);
    corrupt[corrupt.size() - 5] = static_cast<char>(corrupt[corrupt.size() - 5] ^ 0x55); // CRC
    const auto damaged = HelmReleaseCodec::decodeRelease(secretData(corrupt));
    ASSERT_FALSE(damaged.ok());
    EXPECT_NE(damaged.error().find("the gzip stream is damaged"), std::string::npos)
        << damaged.error();
}

TEST(HelmReleaseCodec, StopsAGzipBombAtTheLimit) {
    // The limit counts output bytes exactly.
    const std::string kib = gz(std::string(1024, 'a'));
    EXPECT_TRUE(HelmReleaseCodec::gunzip(kib, 1024).ok());
    const auto over = HelmReleaseCodec::gunzip(kib, 1023);
    ASSERT_FALSE(over.ok());
    EXPECT_EQ(over.error(), "the gzip stream decompresses to more than 1023 bytes");

    // A record a Secret can hold (well under 1 MiB) that expands past 64 MiB.
    const std::string bomb = gz(std::string(HelmReleaseCodec::kMaxReleaseBytes + 1, '\0'));
    ASSERT_LT(bomb.size(), std::size_t{1024} * 1024);
    const auto decoded = HelmReleaseCodec::decodeRelease(secretData(bomb));
    ASSERT_FALSE(decoded.ok());
    EXPECT_EQ(decoded.error(), "the release record does not decompress: the gzip stream "
                               "decompresses to more than 64 MiB");
}
