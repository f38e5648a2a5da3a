#pragma once

// LabelSet: one immutable, de-duplicated set of labels (key → value), shared by every object of
// a cluster that carries exactly these labels. Created only by StringPool::internLabelSet.
//
// Layout: an 8-byte header (reference count, size) followed by `size` LabelPairIds sorted by
// the key's StringId (canonical, so equal sets have equal bytes). Four labels take 24 bytes.
// Read the labels through LabelView (k8s/objects/labelview.h), which pairs a set with its pool.
//
// Lifetime: the count holds one reference per object that uses the set. Dropping the last
// reference does NOT free the set (any thread may drop it); StringPool::sweepLabelSets frees
// unreferenced sets on the pool's owning thread, and the pool frees all of them when it dies.
// A set seen only once so far is not pooled: the decoder places its pairs (no header) in the
// object's own tail, where they cost no allocation and no index slot and die with the object.
//
// Thread-safety: immutable after creation; addRef/release are atomic and may be called from any
// thread.

#include "k8s/objects/stringid.h"

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace cubedesk::k8s {

class LabelSet final {
public:
    LabelSet(const LabelSet &) = delete;
    LabelSet &operator=(const LabelSet &) = delete;

    std::size_t size() const { return m_size; }
    const LabelPairId *pairs() const { return reinterpret_cast<const LabelPairId *>(this + 1); }

    void addRef() const { m_refs.fetch_add(1, std::memory_order_relaxed); }
    void release() const { m_refs.fetch_sub(1, std::memory_order_release); }
    std::uint32_t useCount() const { return m_refs.load(std::memory_order_acquire); }

    /// Heap bytes requested for a set of `size` labels.
    static constexpr std::size_t allocationSize(std::size_t size) {
        return sizeof(LabelSet) + size * sizeof(LabelPairId);
    }

private:
    friend class StringPool;
    explicit LabelSet(std::uint32_t size)
        : m_size(size) {}
    ~LabelSet() = default;

    static LabelSet *create(const LabelPairId *pairs, std::uint32_t size);
    static void destroy(LabelSet *set);
    LabelPairId *mutablePairs() { return reinterpret_cast<LabelPairId *>(this + 1); }

    mutable std::atomic<std::uint32_t> m_refs{0};
    std::uint32_t m_size = 0;
};

static_assert(sizeof(LabelSet) == 8);

} // namespace cubedesk::k8s
