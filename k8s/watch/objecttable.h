#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace cubedesk::k8s {

/// The Reflector's store: a flat open-addressing hash set of shared immutable objects, keyed by
/// a key computed FROM the object (`Traits::key(obj)`, hashed by `Traits::Hash`), so the table
/// holds no key of its own — 16 bytes (the shared_ptr) plus a 1-byte tag per slot, at 60-90 %
/// load: about 19-28 bytes per object instead of the ~72 of an std::unordered_map node with a key
/// copy, a cached hash and a bucket pointer. This index counts in the 250-byte budget per cached
/// pod (docs/cache.md).
///
/// Linear probing over a slot count that need not be a power of two (home slot: the finalised
/// hash modulo the capacity), growth ×1.5, erasure by backward shift (no tombstones). The tag
/// (7 hash bits + an occupied bit) settles almost every probe without touching the object, so
/// lookups stay cheap even though the key lives in the object.
///
/// Threads: none of its own; the owner (the Reflector) uses it from one thread.
template <class Object, class Traits>
class ObjectTable final {
public:
    using Ptr = std::shared_ptr<const Object>;
    using Key = typename Traits::Key;

    ObjectTable() = default;
    ObjectTable(ObjectTable &&other) noexcept { swap(other); }
    ObjectTable &operator=(ObjectTable &&other) noexcept {
        ObjectTable(std::move(other)).swap(*this);
        return *this;
    }
    ObjectTable(const ObjectTable &) = delete;
    ObjectTable &operator=(const ObjectTable &) = delete;

    void swap(ObjectTable &other) noexcept {
        m_slots.swap(other.m_slots);
        m_tags.swap(other.m_tags);
        std::swap(m_size, other.m_size);
    }

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    std::size_t capacity() const { return m_tags.size(); }
    /// Heap bytes held by the table itself (not the objects).
    std::size_t heapBytes() const { return capacity() * (sizeof(Ptr) + 1); }

    /// The stored object with `key`, or nullptr.
    const Ptr *find(const Key &key) const {
        const std::size_t slot = findSlot(key, hashOf(key));
        return slot == npos ? nullptr : &m_slots[slot];
    }
    bool contains(const Key &key) const { return find(key) != nullptr; }

    /// Inserts `obj`, or replaces the object stored under its key. Returns true when inserted.
    bool insertOrAssign(Ptr obj) {
        const std::uint64_t h = hashOf(Traits::key(*obj));
        const std::size_t found = findSlot(Traits::key(*obj), h);
        if (found != npos) {
            m_slots[found] = std::move(obj);
            return false;
        }
        if ((m_size + 1) * 100 > capacity() * kMaxLoadPercent)
            rehash(std::max<std::size_t>(16, (m_size + 1) * 3 / 2 * 100 / kMaxLoadPercent));
        place(std::move(obj), h);
        ++m_size;
        return true;
    }

    /// Removes the object stored under `key`; returns it (nullptr when there was none).
    Ptr erase(const Key &key) {
        std::size_t hole = findSlot(key, hashOf(key));
        if (hole == npos)
            return nullptr;
        Ptr removed = std::move(m_slots[hole]);
        m_tags[hole] = 0;
        --m_size;
        // Backward shift: pull later members of the probe run into the hole when the hole lies
        // between their home slot and where they sit.
        const std::size_t cap = capacity();
        for (std::size_t j = next(hole); m_tags[j] != 0; j = next(j)) {
            const std::size_t home = homeOf(hashOf(Traits::key(*m_slots[j])));
            const std::size_t distJ = (j + cap - home) % cap;
            const std::size_t distHole = (hole + cap - home) % cap;
            if (distHole <= distJ) {
                m_slots[hole] = std::move(m_slots[j]);
                m_tags[hole] = m_tags[j];
                m_tags[j] = 0;
                hole = j;
            }
        }
        if (m_size * 4 < cap && cap > 64)
            rehash(m_size * 100 / kMaxLoadPercent + 16);
        return removed;
    }

    /// Room for `n` objects without growing.
    void reserve(std::size_t n) {
        if (n * 100 > capacity() * kMaxLoadPercent)
            rehash(n * 100 / kMaxLoadPercent + 1);
    }

    void clear() {
        std::vector<Ptr>().swap(m_slots);
        std::vector<std::uint8_t>().swap(m_tags);
        m_size = 0;
    }

    /// Visits every object (unspecified order). `f` must not modify the table.
    template <class F>
    void forEach(F &&f) const {
        for (std::size_t i = 0; i < m_tags.size(); ++i)
            if (m_tags[i] != 0)
                f(m_slots[i]);
    }

    /// Slot-level access for mark-and-sweep passes: slot count, occupancy, object, and the
    /// slot of a key (npos when absent). Slots stay put until the next insertion or erasure.
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);
    std::size_t slotOf(const Key &key) const { return findSlot(key, hashOf(key)); }
    bool occupied(std::size_t slot) const { return m_tags[slot] != 0; }
    const Ptr &at(std::size_t slot) const { return m_slots[slot]; }
    /// Replaces the object in `slot` by one with the same key.
    void assignAt(std::size_t slot, Ptr obj) { m_slots[slot] = std::move(obj); }

private:
    /// Linear probing stays short at this load because the tags settle nearly every probe.
    static constexpr std::size_t kMaxLoadPercent = 90;

    static std::uint64_t hashOf(const Key &key) {
        // Finalise whatever the key's hash gives (std::hash of an integer is the identity), so
        // both the home slot (high bits) and the tag (low bits) are well spread.
        std::uint64_t h = static_cast<std::uint64_t>(typename Traits::Hash{}(key));
        h ^= h >> 33;
        h *= 0xff51afd7ed558ccdULL;
        h ^= h >> 33;
        h *= 0xc4ceb9fe1a85ec53ULL;
        h ^= h >> 33;
        return h;
    }
    static std::uint8_t tagOf(std::uint64_t h) {
        return static_cast<std::uint8_t>((h >> 57) | 0x80u);
    }
    std::size_t homeOf(std::uint64_t h) const { return static_cast<std::size_t>(h % capacity()); }
    std::size_t next(std::size_t i) const { return i + 1 == capacity() ? 0 : i + 1; }

    std::size_t findSlot(const Key &key, std::uint64_t h) const {
        if (m_size == 0)
            return npos;
        const std::uint8_t tag = tagOf(h);
        for (std::size_t i = homeOf(h);; i = next(i)) {
            const std::uint8_t t = m_tags[i];
            if (t == 0)
                return npos;
            if (t == tag && Traits::key(*m_slots[i]) == key)
                return i;
        }
    }

    void place(Ptr obj, std::uint64_t h) {
        std::size_t i = homeOf(h);
        while (m_tags[i] != 0)
            i = next(i);
        m_slots[i] = std::move(obj);
        m_tags[i] = tagOf(h);
    }

    void rehash(std::size_t newCapacity) {
        std::vector<Ptr> oldSlots(newCapacity);
        std::vector<std::uint8_t> oldTags(newCapacity, 0);
        oldSlots.swap(m_slots);
        oldTags.swap(m_tags);
        for (std::size_t i = 0; i < oldTags.size(); ++i)
            if (oldTags[i] != 0) {
                const std::uint64_t h = hashOf(Traits::key(*oldSlots[i]));
                place(std::move(oldSlots[i]), h);
            }
    }

    std::vector<Ptr> m_slots;
    std::vector<std::uint8_t> m_tags; ///< 0 = free, else 0x80 | 7 bits of the hash
    std::size_t m_size = 0;
};

} // namespace cubedesk::k8s
