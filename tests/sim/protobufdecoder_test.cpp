// ProtobufDecoder and ContinueToken: the two binary/opaque formats the simulator reads.

#include "k8s/sim/continuetoken.h"
#include "k8s/sim/protobufdecoder.h"

#include <gtest/gtest.h>

using namespace cubedesk::sim;

namespace {

std::string varint(std::uint64_t v) {
    std::string s;
    while (v >= 0x80) {
        s += static_cast<char>((v & 0x7f) | 0x80);
        v >>= 7;
    }
    s += static_cast<char>(v);
    return s;
}

std::string field(int number, const std::string &payload) {
    return varint(static_cast<std::uint64_t>(number) << 3 | 2) + varint(payload.size()) + payload;
}

std::string envelope(const std::string &apiVersion, const std::string &kind,
                     const std::string &raw) {
    const std::string typeMeta = field(1, apiVersion) + field(2, kind);
    return std::string("k8s\0", 4) + field(1, typeMeta) + field(2, raw);
}

TEST(ProtobufDecoderTest, DecodesAConfigMapAsKubectlSendsIt) {
    const std::string meta =
        field(1, "settings") + field(3, "ml") + field(11, field(1, "app") + field(2, "x"));
    const std::string raw = field(1, meta) + field(2, field(1, "k") + field(2, "v")) +
                            varint(4 << 3 | 0) + varint(1) + varint(99 << 3 | 0) + varint(7);
    const auto doc = ProtobufDecoder::decode(envelope("v1", "ConfigMap", raw));
    ASSERT_TRUE(doc) << doc.error();
    EXPECT_EQ((*doc)["kind"], "ConfigMap");
    EXPECT_EQ((*doc)["metadata"]["name"], "settings");
    EXPECT_EQ((*doc)["metadata"]["namespace"], "ml");
    EXPECT_EQ((*doc)["metadata"]["labels"]["app"], "x");
    EXPECT_EQ((*doc)["data"]["k"], "v");
    EXPECT_EQ((*doc)["immutable"], true);
}

TEST(ProtobufDecoderTest, DecodesASecretWithItsBytesInBase64) {
    // kubectl create secret sends protobuf: data is map<string, bytes>, JSON's base64.
    const std::string raw = field(1, field(1, "db") + field(3, "infra")) +
                            field(2, field(1, "password") + field(2, std::string("s3\0cr", 5))) +
                            field(3, "Opaque") + field(4, field(1, "note") + field(2, "plain"));
    const auto doc = ProtobufDecoder::decode(envelope("v1", "Secret", raw));
    ASSERT_TRUE(doc) << doc.error();
    EXPECT_EQ((*doc)["kind"], "Secret");
    EXPECT_EQ((*doc)["type"], "Opaque");
    EXPECT_EQ((*doc)["data"]["password"], "czMAY3I=");
    EXPECT_EQ((*doc)["stringData"]["note"], "plain");
}

TEST(ProtobufDecoderTest, DecodesAnAccessReview) {
    const std::string attrs = field(1, "ml") + field(2, "list") + field(5, "pods");
    const std::string raw = field(2, field(1, attrs));
    const auto doc = ProtobufDecoder::decode(
        envelope("authorization.k8s.io/v1", "SelfSubjectAccessReview", raw));
    ASSERT_TRUE(doc) << doc.error();
    EXPECT_EQ((*doc)["spec"]["resourceAttributes"]["verb"], "list");
    EXPECT_EQ((*doc)["spec"]["resourceAttributes"]["resource"], "pods");
}

TEST(ProtobufDecoderTest, RejectsWhatItCannotRead) {
    const auto notProtobuf = ProtobufDecoder::decode("{}");
    ASSERT_FALSE(notProtobuf);
    EXPECT_NE(notProtobuf.error().find("magic"), std::string::npos);
    const auto deployment = ProtobufDecoder::decode(envelope("apps/v1", "Deployment", ""));
    ASSERT_FALSE(deployment);
    EXPECT_NE(deployment.error().find("Deployment"), std::string::npos);
    std::string truncated = envelope("v1", "ConfigMap", field(1, field(1, "name")));
    truncated.resize(truncated.size() - 3);
    EXPECT_FALSE(ProtobufDecoder::decode(truncated));
}

TEST(ContinueTokenTest, RoundTripsInTheApiserverFormat) {
    const ContinueToken t{1008, std::string("ml/pod-2\0", 9)};
    const std::string text = t.encode();
    EXPECT_EQ(text.find('='), std::string::npos);
    EXPECT_EQ(text.find('+'), std::string::npos);
    auto back = ContinueToken::decode(text);
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(back->rv, 1008u);
    EXPECT_EQ(back->start, t.start);
    EXPECT_FALSE(ContinueToken::decode("not base64 at all!").has_value());
    EXPECT_FALSE(ContinueToken::decode("eyJ2IjoieCJ9").has_value()) << "{\"v\":\"x\"}";
}

} // namespace
