// Retained heap per cached pod, measured with a counting global allocator.
//
// Every operator new/delete of this test binary goes through the replacement below. It charges
// each block what glibc's malloc would really hold for it (a chunk of max(32, align16(n + 8))
// bytes: what mallinfo2().uordblks reports), independently of the allocator actually underneath,
// so the figure is the same in the plain and the ASan builds.

#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/pod.h"
#include "k8s/objects/stringpool.h"
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
std::string scalePod(std::size_t index) {
    nlohmann::json pod = cubedesk::sim::ScaleScenario::pod(index, 5000, 1000, 42);
    char uid[40];
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
        std::string error;
        auto object = decoder.decode(ObjectKind::Pod, t, &error);
        ASSERT_TRUE(object) << error;
        cache.push_back(std::move(object));
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
    // The design target (DESIGN.md §3): at most 250 bytes per cached pod on average.
    EXPECT_LE(perPod, 250.0);
}
