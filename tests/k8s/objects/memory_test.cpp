// Retained heap per cached pod, measured with a counting global allocator.
//
// Every operator new/delete of this test binary goes through the replacement below. It charges
// each block what glibc's malloc would really hold for it (a chunk of max(32, align16(n + 8))
// bytes: what mallinfo2().uordblks reports), independently of the allocator actually underneath,
// so the figure is the same in the plain and the ASan builds.

#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/pod.h"
#include "k8s/objects/stringpool.h"
#include "k8s/session/objectdeltaqueue.h"
#include "k8s/sim/scalescenario.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <gtest/gtest.h>
#include <new>
#include <string>
#include <vector>

namespace {

std::atomic<std::int64_t> g_heapBytes{0};

constexpr std::size_t kHeader = 16; // keeps the 16-byte alignment of operator new

std::int64_t glibcChunk(std::size_t n) {
    const std::size_t chunk = (n + 8 + 15) & ~std::size_t(15);
    return static_cast<std::int64_t>(chunk < 32 ? 32 : chunk);
}

void *countedAlloc(std::size_t n) {
    void *raw = std::malloc(n + kHeader);
    if (!raw)
        throw std::bad_alloc();
    *static_cast<std::size_t *>(raw) = n;
    g_heapBytes.fetch_add(glibcChunk(n), std::memory_order_relaxed);
    return static_cast<char *>(raw) + kHeader;
}

void countedFree(void *p) noexcept {
    if (!p)
        return;
    void *raw = static_cast<char *>(p) - kHeader;
    g_heapBytes.fetch_sub(glibcChunk(*static_cast<std::size_t *>(raw)), std::memory_order_relaxed);
    std::free(raw);
}

} // namespace

void *operator new(std::size_t n) {
    return countedAlloc(n);
}
void *operator new[](std::size_t n) {
    return countedAlloc(n);
}
void *operator new(std::size_t n, const std::nothrow_t &) noexcept {
    try {
        return countedAlloc(n);
    } catch (...) {
        return nullptr;
    }
}
void *operator new[](std::size_t n, const std::nothrow_t &) noexcept {
    try {
        return countedAlloc(n);
    } catch (...) {
        return nullptr;
    }
}
void operator delete(void *p) noexcept {
    countedFree(p);
}
void operator delete[](void *p) noexcept {
    countedFree(p);
}
void operator delete(void *p, std::size_t) noexcept {
    countedFree(p);
}
void operator delete[](void *p, std::size_t) noexcept {
    countedFree(p);
}

using namespace cubedesk::k8s;

namespace {

// A realistic pod of the 150k-pod scale scenario (5,000 nodes, 1,000 namespaces), with the uid
// and resourceVersion a real server adds.
std::string scalePod(std::size_t index, std::size_t nodes = 5000, std::size_t namespaces = 1000) {
    nlohmann::json pod = cubedesk::sim::ScaleScenario::pod(index, nodes, namespaces, 42);
    char uid[48];
    std::snprintf(uid, sizeof uid, "%08zx-1f2e-4d3c-8b4a-%012zx", index * 2654435761u % 0xffffffffu,
                  index * 40503u);
    pod["metadata"]["uid"] = uid;
    pod["metadata"]["resourceVersion"] = std::to_string(48000000 + index * 3);
    return pod.dump();
}

} // namespace

TEST(PodMemory, RetainedHeapPerScaleScenarioPod) {
    constexpr std::size_t kPods = 4000;
    // A spread of the 150k pods (stride coprime with 150,000), so namespaces, apps and owners
    // repeat as they do in the full scenario.
    std::vector<std::string> texts;
    texts.reserve(kPods);
    for (std::size_t k = 0; k < kPods; ++k)
        texts.push_back(scalePod(k * 37 % 150000));
    std::size_t jsonBytes = 0;
    for (const std::string &t : texts)
        jsonBytes += t.size();

    ObjectDecoder decoder(StringPool::create());
    std::vector<std::shared_ptr<const KubeObject>> cache;
    cache.reserve(kPods);
    {
        // Warm the decoder's parser and scratch buffers on a pod from another namespace.
        auto warm = decoder.decode(ObjectKind::Pod, scalePod(149999));
        ASSERT_TRUE(warm);
    }
    decoder.pool()->sweepLabelSets();

    const std::int64_t before = g_heapBytes.load();
    for (const std::string &t : texts) {
        auto object = decoder.decode(ObjectKind::Pod, t);
        ASSERT_TRUE(object) << object.error();
        cache.push_back(std::move(*object));
    }
    const std::int64_t withPods = g_heapBytes.load();

    // Sanity: the projection holds what the generator put in.
    const auto *pod = static_cast<const Pod *>(cache[1].get());
    EXPECT_EQ(pod->phase(), Pod::Phase::Running);
    EXPECT_EQ(pod->ownerCount(), 1u);
    EXPECT_EQ(pod->owner(0).kind, "ReplicaSet");
    EXPECT_EQ(pod->labels().size(), 4u);
    EXPECT_FALSE(pod->user().empty());
    EXPECT_FALSE(pod->project().empty());
    const nlohmann::json source = nlohmann::json::parse(texts[1]);
    std::int64_t limitMemory = 0;
    for (const auto &c : source["spec"]["containers"])
        limitMemory += c["resources"]["limits"]["memory"] == "4Gi" ? 4LL << 30 : 1LL << 30;
    EXPECT_GT(pod->requests().milliCpu(), 0);
    EXPECT_EQ(pod->limits().memoryBytes(), limitMemory);
    EXPECT_EQ(pod->totalContainers(), source["spec"]["containers"].size());
    EXPECT_EQ(pod->name(), source["metadata"]["name"].get<std::string>());
    EXPECT_TRUE(pod->binaryUid());
    EXPECT_TRUE(pod->resourceVersionNumber());

    // Drop the pods (and the label sets only they used): what is left is the shared pool.
    cache.clear();
    decoder.pool()->sweepLabelSets();
    const std::int64_t poolOnly = g_heapBytes.load();

    const double perPod = double(withPods - poolOnly) / kPods;
    const double poolPerPod = double(poolOnly - before) / kPods;
    std::printf("[ memory   ] %zu pods (%.0f B JSON each): %.1f B retained per pod beyond the "
                "pool, pool growth %.1f B per pod, total %.1f B per pod; sizeof(Pod) = %zu; "
                "pool: %zu strings, %zu pairs, %zu label sets\n",
                kPods, double(jsonBytes) / kPods, perPod, poolPerPod, perPod + poolPerPod,
                sizeof(Pod), decoder.pool()->stringCount(), decoder.pool()->pairCount(),
                decoder.pool()->labelSetCount());
    // The object part alone (with its label set, control block and tail); the all-in budget
    // (docs/cache.md) is checked by the next test.
    EXPECT_LE(perPod, 200.0);
}

// The budget of docs/cache.md (250 bytes per cached pod), all-in: every heap byte the live
// cache of a session keeps per pod — the object with its control block and tail, its label set,
// the whole string pool (arena chunks, directory and indexes, not just the strings' bytes) and
// the reflector's store — for the 15,000-pod cluster of `cubedesk-sim --scenario scale` (500
// nodes, 100 namespaces), synced through the same LIST pages and delta hand-over the session uses.
TEST(PodMemory, AllInPerCachedPodOfTheScaleCluster) {
    constexpr std::size_t kPods = 15000;
    constexpr std::size_t kNodes = 500;
    constexpr std::size_t kNamespaces = kPods / 150; // as ScaleScenario sizes it
    std::int64_t before = 0;
    std::int64_t afterSync = 0;
    std::int64_t indexBytes = 0;
    std::int64_t poolBytes = 0;
    {
        ObjectDecoder decoder(StringPool::create());
        ObjectDeltaQueue deltas({"pods/"});
        KubeReflector reflector(KubeReflector::Config{},
                                [&](KubeReflector::DeltaType, const ObjectPtr &obj) {
                                    deltas.add(ObjectDeltaQueue::Type::Added, 0, obj);
                                });
        reflector.start(std::chrono::steady_clock::now());
        {
            // Warm the decoder's parser and scratch buffers (per session, not per pod: the
            // session's fixed costs are in cubedesk-bench's all-in figure) on pods of each shape:
            // plain, Istio-injected, GPU, pending.
            for (std::size_t i : {0, 1, 2, 3, 10, 999}) {
                ASSERT_TRUE(decoder.decode(ObjectKind::Pod,
                                           scalePod(kPods + 1000 + i, kNodes, kNamespaces)));
            }
        }
        before = g_heapBytes.load();
        for (std::size_t page = 0; page < kPods; page += 500) {
            std::vector<ObjectPtr> items;
            for (std::size_t i = page; i < page + 500; ++i) {
                auto obj = decoder.decode(ObjectKind::Pod, scalePod(i, kNodes, kNamespaces));
                ASSERT_TRUE(obj) << obj.error();
                items.push_back(std::move(*obj));
            }
            reflector.onListPage(std::move(items), "99", page + 500 < kPods ? "more" : "",
                                 std::chrono::steady_clock::now());
        }
        ASSERT_EQ(reflector.size(), kPods);
        EXPECT_EQ(deltas.drain().size(), kPods);
        afterSync = g_heapBytes.load();
        indexBytes = static_cast<std::int64_t>(reflector.items().heapBytes());
        poolBytes = static_cast<std::int64_t>(decoder.pool()->indexAndArenaBytes());
        std::printf("[ memory   ] pool: %zu strings, %zu pairs, %zu label sets\n",
                    decoder.pool()->stringCount(), decoder.pool()->pairCount(),
                    decoder.pool()->labelSetCount());
    }
    const double allIn = double(afterSync - before) / kPods;
    std::printf("[ memory   ] %zu pods of the scale cluster: %.1f B per pod all-in (store index "
                "%.1f B, string pool arena+indexes %.1f B, objects with their label sets and the "
                "rest %.1f B)\n",
                kPods, allIn, double(indexBytes) / kPods, double(poolBytes) / kPods,
                allIn - double(indexBytes + poolBytes) / kPods);
    EXPECT_LE(allIn, 250.0);
}
