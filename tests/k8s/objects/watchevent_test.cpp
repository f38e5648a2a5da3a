#include "fixtures.h"
#include "k8s/objects/node.h"
#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/pod.h"
#include "k8s/objects/stringpool.h"
#include "k8s/objects/watchevent.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace cubedesk::k8s;
using cubedesk::k8s::testing::decodesEvent;
using cubedesk::k8s::testing::readFixture;
using nlohmann::json;

TEST(WatchEventDecoding, ObjectEventsFromFixtures) {
    ObjectDecoder decoder(StringPool::create());
    const json pod = json::parse(readFixture("k8s/pod-real.json"));
    WatchEvent event;
    for (const auto &[text, type] : {std::pair{"ADDED", WatchEvent::Type::Added},
                                     std::pair{"MODIFIED", WatchEvent::Type::Modified},
                                     std::pair{"DELETED", WatchEvent::Type::Deleted}}) {
        const std::string line = json{{"type", text}, {"object", pod}}.dump();
        ASSERT_TRUE(decodesEvent(decoder, ObjectKind::Pod, line, event));
        EXPECT_EQ(event.type, type);
        ASSERT_TRUE(event.object);
        EXPECT_EQ(event.object->kind(), ObjectKind::Pod);
        EXPECT_EQ(event.object->name(), "nginx");
        EXPECT_EQ(event.resourceVersion, "1482816");
    }
    // "object" before "type" (not what servers send, but valid JSON) decodes the same.
    const std::string reordered = R"({"object":)" + pod.dump() + R"(,"type":"MODIFIED"})";
    ASSERT_TRUE(decodesEvent(decoder, ObjectKind::Pod, reordered, event));
    EXPECT_EQ(event.type, WatchEvent::Type::Modified);
    ASSERT_TRUE(event.object);
    EXPECT_EQ(std::static_pointer_cast<const Pod>(event.object)->nodeName(), "minikube");

    const json node = json::parse(readFixture("k8s/node-minikube-real.json"));
    const std::string nodeLine = json{{"type", "ADDED"}, {"object", node}}.dump();
    ASSERT_TRUE(decodesEvent(decoder, ObjectKind::Node, nodeLine, event));
    EXPECT_EQ(std::static_pointer_cast<const Node>(event.object)->internalIp(), "192.168.64.107");
}

TEST(WatchEventDecoding, BookmarkAndError) {
    ObjectDecoder decoder(StringPool::create());
    WatchEvent event;
    const std::string bookmark =
        R"({"type":"BOOKMARK","object":{"kind":"Pod","apiVersion":"v1","metadata":)"
        R"({"resourceVersion":"12746","annotations":{"k8s.io/initial-events-end":"true"}}}})";
    ASSERT_TRUE(decodesEvent(decoder, ObjectKind::Pod, bookmark, event));
    EXPECT_EQ(event.type, WatchEvent::Type::Bookmark);
    EXPECT_FALSE(event.object);
    EXPECT_EQ(event.resourceVersion, "12746");
    EXPECT_TRUE(event.initialEventsEnd);

    const std::string plainBookmark =
        R"({"type":"BOOKMARK","object":{"kind":"Pod","apiVersion":"v1","metadata":)"
        R"({"resourceVersion":"12747"}}})";
    ASSERT_TRUE(decodesEvent(decoder, ObjectKind::Pod, plainBookmark, event));
    EXPECT_EQ(event.resourceVersion, "12747");
    EXPECT_FALSE(event.initialEventsEnd);

    const std::string expired =
        R"({"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","metadata":{},)"
        R"x("status":"Failure","message":"too old resource version: 5 (900)","reason":"Expired",)x"
        R"("code":410}})";
    ASSERT_TRUE(decodesEvent(decoder, ObjectKind::Pod, expired, event));
    EXPECT_EQ(event.type, WatchEvent::Type::Error);
    EXPECT_FALSE(event.object);
    EXPECT_EQ(event.status.code, 410);
    EXPECT_EQ(event.status.status, "Failure");
    EXPECT_EQ(event.status.reason, "Expired");
    EXPECT_EQ(event.status.message, "too old resource version: 5 (900)");
}

TEST(WatchEventDecoding, MalformedLines) {
    ObjectDecoder decoder(StringPool::create());
    WatchEvent event;
    for (const char *line : {
             "",
             "{}",
             R"({"type":"ADDED"})",
             R"({"object":{"metadata":{"name":"x"}}})",
             R"({"type":"RENAMED","object":{}})",
             R"({"type":"ADDED","object":[]})",
             R"({"type":"ADDED","object":{"metadata":{"name":"x"}})",
             R"({"type":"ADDED","object":{"metadata":{"name":"x"}}}{"type":"ADDED"})",
             R"({"type":7,"object":{}})",
             R"({"type":"ERROR","object":{"code":"410"}})",
             "not json",
         }) {
        SCOPED_TRACE(line);
        const auto decoded = decoder.decodeWatchEvent(ObjectKind::Pod, line, event);
        ASSERT_FALSE(decoded);
        EXPECT_FALSE(decoded.error().empty());
    }
    EXPECT_TRUE(decodesEvent(decoder, ObjectKind::Pod,
                             R"({"type":"ADDED","object":{"metadata":{"name":"x"}}})", event));
}
