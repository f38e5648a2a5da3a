#include "k8s/api/rfc3339.h"
#include "k8s/objects/labelview.h"
#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/pod.h"
#include "k8s/objects/stringpool.h"
#include "k8s/objects/uid.h"
#include "tests/support/decodeas.h"

#include <gtest/gtest.h>
#include <string>
#include <thread>
#include <vector>

using namespace cubedesk::k8s;
using cubedesk::k8s::testing::decodeAs;

TEST(StringPool, InternsOnceAndViewsStayValid) {
    StringPoolRef pool = StringPool::create();
    EXPECT_EQ(pool->intern(""), StringId::Empty);
    EXPECT_EQ(pool->view(StringId::Empty), "");
    const StringId a = pool->intern("team-0001");
    const StringId b = pool->intern("node-00042");
    EXPECT_NE(a, b);
    EXPECT_EQ(pool->intern("team-0001"), a);
    EXPECT_EQ(pool->find("node-00042"), b);
    EXPECT_FALSE(pool->find("absent"));
    const std::string_view viewA = pool->view(a);
    // Many more strings (several index growths and arena chunks) do not move old entries.
    std::vector<StringId> ids;
    for (int i = 0; i < 300000; ++i)
        ids.push_back(pool->intern("value-" + std::to_string(i) + std::string(i % 23, 'x')));
    EXPECT_EQ(viewA.data(), pool->view(a).data());
    EXPECT_EQ(viewA, "team-0001");
    for (int i = 0; i < 300000; i += 997)
        EXPECT_EQ(pool->view(ids[i]), "value-" + std::to_string(i) + std::string(i % 23, 'x'));
    EXPECT_EQ(pool->stringCount(), 300002u + 0u);
    // A big string gets a chunk of its own.
    const std::string big(3 << 20, 'q');
    const StringId bigId = pool->intern(big);
    EXPECT_EQ(pool->view(bigId), big);
    EXPECT_EQ(pool->intern("after-big"), pool->intern("after-big"));
    EXPECT_EQ(pool->view(pool->intern("after-big")), "after-big");
}

// A tenant creating pods with ever new label values cannot make the pool throw out of the
// session thread: once its budget is spent, each further object is an error for that object.
TEST(StringPool, AFullPoolIsAnErrorForTheObjectNotACrash) {
    ObjectDecoder decoder(StringPool::create(std::size_t{256} << 10)); // 256 KiB
    int decoded = 0;
    std::string error;
    for (int i = 0; i < 20000 && error.empty(); ++i) {
        const std::string value = "v" + std::to_string(i) + std::string(50, 'x');
        const std::string json = R"({"kind":"Pod","apiVersion":"v1","metadata":{"name":"p)" +
                                 std::to_string(i) + R"(","namespace":"ns","labels":{"k":")" +
                                 value + R"("}}})";
        auto pod = decoder.decode(ObjectKind::Pod, json);
        if (pod)
            ++decoded;
        else
            error = pod.error();
    }
    EXPECT_GT(decoded, 100);
    EXPECT_NE(error.find("full"), std::string::npos) << error;
    // What was interned stays readable, and repeated values still decode.
    auto again = decoder.decode(
        ObjectKind::Pod,
        R"({"kind":"Pod","apiVersion":"v1","metadata":{"name":"p0","namespace":"ns"}})");
    EXPECT_TRUE(again.ok()) << again.error();
    EXPECT_LE(decoder.pool()->indexAndArenaBytes(), std::size_t{8} << 20);
}

TEST(StringPool, LabelPairsAndSets) {
    StringPoolRef pool = StringPool::create();
    const StringId app = pool->intern("app");
    const StringId web = pool->intern("web");
    const StringId tier = pool->intern("tier");
    const LabelPairId p1 = pool->internPair(app, web);
    EXPECT_EQ(pool->internPair(app, web), p1);
    EXPECT_EQ(pool->pair(p1).first, app);
    EXPECT_EQ(pool->pair(p1).second, web);
    const LabelPairId p2 = pool->internPair(tier, pool->intern("front"));
    const LabelPairId pairs[] = {p1, p2};
    const LabelSet *s1 = pool->internLabelSet(pairs);
    const LabelSet *s2 = pool->internLabelSet(pairs);
    EXPECT_EQ(s1, s2);
    EXPECT_EQ(s1->useCount(), 2u);
    EXPECT_EQ(pool->labelSetCount(), 1u);
    EXPECT_EQ(pool->internLabelSet({}), nullptr);
    LabelView view(pool.get(), s1);
    EXPECT_EQ(view.value("app"), "web");
    EXPECT_EQ(view.value("tier"), "front");
    EXPECT_FALSE(view.value("zone"));
    s1->release();
    EXPECT_EQ(pool->sweepLabelSets(), 0u); // still referenced
    s2->release();
    EXPECT_EQ(pool->sweepLabelSets(), 1u);
    EXPECT_EQ(pool->labelSetCount(), 0u);
}

TEST(StringPool, SweepFreesSetsOfDroppedObjectsAndObjectsKeepThePoolAlive) {
    std::shared_ptr<const KubeObject> survivor;
    {
        ObjectDecoder decoder(StringPool::create());
        std::vector<std::shared_ptr<const KubeObject>> objects;
        for (int i = 0; i < 5000; ++i)
            objects.push_back(decodeAs(decoder, ObjectKind::Pod,
                                       R"({"metadata":{"name":"p)" + std::to_string(i) +
                                           R"(","labels":{"app":"a)" + std::to_string(i % 100) +
                                           R"(","x":"y"}}})"));
        // Each label set is pooled from its second object on (the first keeps it inline).
        EXPECT_EQ(decoder.pool()->labelSetCount(), 100u);
        EXPECT_NE(objects[7]->labels().set(), objects[107]->labels().set());
        EXPECT_TRUE(objects[7]->labels() == objects[107]->labels());
        EXPECT_EQ(objects[107]->labels().set(), objects[207]->labels().set());
        survivor = objects[107];
        objects.clear(); // dropped, possibly on another thread in real use
        EXPECT_EQ(decoder.pool()->sweepLabelSets(), 99u);
        EXPECT_EQ(decoder.pool()->labelSetCount(), 1u);
    }
    // The decoder and the session's pool reference are gone; the object keeps the pool alive.
    EXPECT_EQ(survivor->name(), "p107");
    EXPECT_EQ(survivor->labels().value("app"), "a7");
    EXPECT_EQ(survivor->pool()->labelSetCount(), 1u);
}

TEST(StringPool, ObjectsCanBeReadAndDroppedOnOtherThreads) {
    ObjectDecoder decoder(StringPool::create());
    std::vector<std::shared_ptr<const KubeObject>> objects;
    for (int i = 0; i < 2000; ++i)
        objects.push_back(decodeAs(decoder, ObjectKind::Pod,
                                   R"({"metadata":{"name":"p)" + std::to_string(i) +
                                       R"(","namespace":"ns)" + std::to_string(i % 7) +
                                       R"(","labels":{"app":"a)" + std::to_string(i % 10) +
                                       R"("}}})"));
    std::size_t total = 0;
    std::thread reader([&] {
        for (const auto &o : objects)
            total += o->name().size() + o->namespaceName().size() +
                     o->labels().value("app").value_or("").size();
        objects.clear();
    });
    // Meanwhile the session thread keeps interning.
    for (int i = 0; i < 20000; ++i)
        decoder.pool()->intern("more-" + std::to_string(i));
    reader.join();
    EXPECT_GT(total, 0u);
    EXPECT_EQ(decoder.pool()->sweepLabelSets(), 10u);
}

// The one RFC 3339 parser (k8s/api), as the decoders use it; tests/sim/rfc3339_goformat_test.cpp
// covers its grammar through the simulator's adapters.
TEST(Rfc3339Test, ParsesAndFormatsSeconds) {
    EXPECT_EQ(Rfc3339::parseSeconds("1970-01-01T00:00:00Z"), 0);
    EXPECT_EQ(Rfc3339::parseSeconds("2019-08-09T05:12:19Z"), 1565327539);
    EXPECT_EQ(Rfc3339::parseSeconds("2025-05-28T08:39:22.123456Z"), 1748421562);
    EXPECT_EQ(Rfc3339::parseSeconds("2025-05-28T16:39:22+08:00"), 1748421562);
    EXPECT_EQ(Rfc3339::parseSeconds("2025-05-28T03:39:22-05:00"), 1748421562);
    EXPECT_EQ(Rfc3339::parseSeconds("2024-02-29T00:00:00Z"), 1709164800);
    EXPECT_EQ(Rfc3339::parseSeconds("0001-01-01T00:00:00Z"), -62135596800);
    EXPECT_FALSE(Rfc3339::parseSeconds(""));
    EXPECT_FALSE(Rfc3339::parseSeconds("2023-02-29T00:00:00Z"));
    EXPECT_FALSE(Rfc3339::parseSeconds("2019-08-09T05:12:19"));
    EXPECT_FALSE(Rfc3339::parseSeconds("2019-08-09T05:12:19.Z"));
    EXPECT_FALSE(Rfc3339::parseSeconds("2019-13-09T05:12:19Z"));
    EXPECT_FALSE(Rfc3339::parseSeconds("yesterday"));
    EXPECT_FALSE(Rfc3339::parseSeconds("2019-08-09T05:12:60Z")); // Go refuses leap seconds
    EXPECT_EQ(Rfc3339::parse("2025-05-28T08:39:22.123456Z")->nanos, 123456000);
    EXPECT_EQ(Rfc3339::parseSeconds("1969-12-31T23:59:59.5Z"), -1); // towards the past
    EXPECT_EQ(Rfc3339::format(1565327539), "2019-08-09T05:12:19Z");
    EXPECT_EQ(Rfc3339::format(-62135596800), "0001-01-01T00:00:00Z");
    for (std::int64_t t = -100000000; t < 4000000000; t += 12345677)
        EXPECT_EQ(Rfc3339::parseSeconds(Rfc3339::format(t)), t);
}

TEST(Uid, CanonicalFormOnly) {
    const std::optional<Uid> uid = Uid::parse("614908ed-415b-4506-8370-e3e36fa8cc13");
    ASSERT_TRUE(uid);
    EXPECT_EQ(uid->toString(), "614908ed-415b-4506-8370-e3e36fa8cc13");
    EXPECT_FALSE(Uid::parse("614908ED-415b-4506-8370-e3e36fa8cc13"));
    EXPECT_FALSE(Uid::parse("614908ed415b-4506-8370-e3e36fa8cc13-"));
    EXPECT_FALSE(Uid::parse("614908ed-415b-4506-8370-e3e36fa8cc1"));
    EXPECT_FALSE(Uid::parse(""));
}
