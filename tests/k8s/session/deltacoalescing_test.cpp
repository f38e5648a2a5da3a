// The session's hand-overs (DeltaBuffer, ObjectDeltaQueue) coalesce an object's changes between
// two drains into one. Whatever the changes and wherever the drains fall, a consumer that applies
// what it drains — strictly: an addition of what it does not have, an update or deletion of what
// it has — must end up with exactly the producer's objects.

#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/stringpool.h"
#include "k8s/session/deltabuffer.h"
#include "k8s/session/objectdeltaqueue.h"

#include <gtest/gtest.h>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace cubedesk::k8s {
namespace {

using Type = DeltaBuffer<ObjectPtr>::Type;
using Delta = DeltaBuffer<ObjectPtr>::Delta;

class PodMaker {
public:
    /// A pod named `name` in namespace "ns"; `version` is its resourceVersion.
    ObjectPtr pod(const std::string &name, int version) {
        const std::string json = R"({"kind":"Pod","metadata":{"name":")" + name +
                                 R"(","namespace":"ns","resourceVersion":")" +
                                 std::to_string(version) + R"("},"spec":{},"status":{}})";
        auto obj = m_decoder.decode(ObjectKind::Pod, json);
        EXPECT_TRUE(obj) << obj.error();
        return obj ? *obj : nullptr;
    }

private:
    ObjectDecoder m_decoder{StringPool::create()};
};

/// Applies drained deltas the strict way; a delta that does not fit the consumer's state fails.
void applyStrictly(const std::vector<Delta> &deltas, std::map<std::string, ObjectPtr> &consumer) {
    for (const Delta &d : deltas) {
        const bool has = consumer.contains(d.key);
        switch (d.type) {
        case Type::Added:
            EXPECT_FALSE(has) << "added again: " << d.key;
            consumer[d.key] = d.object;
            break;
        case Type::Updated:
            EXPECT_TRUE(has) << "updated but never added: " << d.key;
            consumer[d.key] = d.object;
            break;
        case Type::Deleted:
            EXPECT_TRUE(has) << "deleted but never added: " << d.key;
            consumer.erase(d.key);
            break;
        }
    }
}

/// Both hand-overs behind one face: add a change of "pods/ns/<name>", drain.
struct BufferFace {
    DeltaBuffer<ObjectPtr> buffer;
    void add(Type type, const ObjectPtr &obj) {
        buffer.add(type, "pods/ns/" + std::string(obj->name()), obj);
    }
    std::vector<Delta> drain() { return buffer.drain(); }
};
struct QueueFace {
    ObjectDeltaQueue queue{{"pods/"}};
    void add(Type type, const ObjectPtr &obj) { queue.add(type, 0, obj); }
    std::vector<Delta> drain() { return queue.drain(); }
};

template <class Face>
class DeltaCoalescingTest : public ::testing::Test {};
using Faces = ::testing::Types<BufferFace, QueueFace>;
TYPED_TEST_SUITE(DeltaCoalescingTest, Faces);

// A StatefulSet's pod deleted, recreated under its name and deleted again between two drains
// is gone: the consumer must not keep the first one.
TYPED_TEST(DeltaCoalescingTest, DeletedRecreatedAndDeletedAgainIsDeleted) {
    PodMaker make;
    TypeParam face;
    std::map<std::string, ObjectPtr> consumer;
    face.add(Type::Added, make.pod("web-0", 1));
    applyStrictly(face.drain(), consumer);
    ASSERT_EQ(consumer.size(), 1U);

    face.add(Type::Deleted, make.pod("web-0", 2));
    face.add(Type::Added, make.pod("web-0", 3));
    face.add(Type::Deleted, make.pod("web-0", 4));
    const auto deltas = face.drain();
    ASSERT_EQ(deltas.size(), 1U);
    EXPECT_EQ(deltas[0].type, Type::Deleted);
    applyStrictly(deltas, consumer);
    EXPECT_TRUE(consumer.empty());
}

// Deleted and recreated between two drains: the consumer's object is replaced by the new one.
TYPED_TEST(DeltaCoalescingTest, DeletedAndRecreatedIsOneUpdate) {
    PodMaker make;
    TypeParam face;
    face.add(Type::Added, make.pod("web-0", 1));
    face.drain();
    face.add(Type::Deleted, make.pod("web-0", 2));
    const ObjectPtr recreated = make.pod("web-0", 3);
    face.add(Type::Added, recreated);
    const auto deltas = face.drain();
    ASSERT_EQ(deltas.size(), 1U);
    EXPECT_EQ(deltas[0].type, Type::Updated);
    EXPECT_EQ(deltas[0].object, recreated);
}

// Created and deleted before a drain: nothing; created again: one addition.
TYPED_TEST(DeltaCoalescingTest, AddedDeletedAddedIsOneAddition) {
    PodMaker make;
    TypeParam face;
    face.add(Type::Added, make.pod("a", 1));
    face.add(Type::Deleted, make.pod("a", 2));
    EXPECT_TRUE(face.drain().empty());
    face.add(Type::Added, make.pod("a", 3));
    face.add(Type::Deleted, make.pod("a", 4));
    face.add(Type::Added, make.pod("a", 5));
    const auto deltas = face.drain();
    ASSERT_EQ(deltas.size(), 1U);
    EXPECT_EQ(deltas[0].type, Type::Added);
    EXPECT_EQ(deltas[0].object->resourceVersion(), "5");
}

// Random changes of a few names (so that each name comes and goes many times) with drains at
// random points: after every drain the consumer holds exactly the producer's objects.
TYPED_TEST(DeltaCoalescingTest, ConsumerEqualsProducerAfterEveryDrain) {
    PodMaker make;
    TypeParam face;
    std::mt19937 rng(7);
    std::map<std::string, ObjectPtr> producer;
    std::map<std::string, ObjectPtr> consumer;
    int version = 0;
    for (int step = 0; step < 20000; ++step) {
        const std::string name = "pod-" + std::to_string(rng() % 8);
        const ObjectPtr obj = make.pod(name, ++version);
        const std::string key = "pods/ns/" + name;
        if (!producer.contains(key)) {
            face.add(Type::Added, obj);
            producer[key] = obj;
        } else if (rng() % 3 == 0) {
            face.add(Type::Deleted, obj);
            producer.erase(key);
        } else {
            face.add(Type::Updated, obj);
            producer[key] = obj;
        }
        if (rng() % 10 == 0) {
            applyStrictly(face.drain(), consumer);
            ASSERT_EQ(consumer.size(), producer.size()) << "after step " << step;
            for (const auto &[k, o] : producer) {
                ASSERT_TRUE(consumer.contains(k)) << k << " after step " << step;
                ASSERT_EQ(consumer[k], o) << k << " after step " << step;
            }
        }
    }
}

} // namespace
} // namespace cubedesk::k8s
