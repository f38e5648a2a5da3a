#pragma once

// StringPool: the per-cluster intern table behind the slim object cache (docs/cache.md).
//
// What it holds:
//   * strings that repeat across objects (namespaces, node names, label keys and values, owner
//     names, resource names, reasons, ...), each stored once in an append-only arena and named by
//     a 32-bit StringId;
//   * label pairs (key id, value id), stored once and named by a LabelPairId, so that a label set
//     costs 4 bytes per label;
//   * label sets (LabelSet), de-duplicated by content.
// Strings that are unique per object (object names, messages) do not belong here: the arena never
// shrinks, so the session should intern only values that repeat.
//
// Threads: exactly one thread (the cluster's session thread) may call the mutating functions
// (intern*, find*, sweepLabelSets). view() and pair() may be called from any thread for handles
// that reached it through a properly synchronised hand-off (the objects' shared_ptr queue): the
// arena never moves or frees a published entry, and its chunk directory never reallocates.
//
// Ownership: created by create(); lives as long as its last StringPoolRef (each cached object
// holds one). Memory: about (length rounded up to 4) + 4 bytes of arena plus ~12 bytes of index
// per distinct string, 8 + ~12 bytes per distinct label pair (8-byte slots with a 32-bit hash
// tag, so probes stay cheap up to the 85 % load where the indexes double), ~16 bytes of index per
// distinct label set beyond the set itself. The arena grows in chunks of a quarter of its size (64
// KiB to 1 MiB), so a small cluster's pool stays small; a fixed 8 KiB directory names up to 1,024
// chunks. Label sets are pooled only from their second sighting (see shareLabelSet).

#include "k8s/objects/labelset.h"
#include "k8s/objects/stringid.h"
#include "k8s/objects/stringpoolref.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

namespace cubedesk::k8s {

namespace stringpool_detail {
/// Live pools by index (0: none), so an object names its pool in 2 bytes instead of 8. Entries
/// are written when a pool is created and cleared when it dies, i.e. never while an object of
/// that pool exists; 512 KiB of zero-initialised storage whose pages are touched only as used.
inline std::atomic<StringPool *> registry[65536];
} // namespace stringpool_detail

class StringPool final {
public:
    /// The arena's default budget: far beyond what any real cluster interns.
    static constexpr std::size_t kDefaultBudgetBytes = std::size_t{512} << 20;
    /// Thrown by intern() and internPair() when the arena's budget is spent (a tenant creating
    /// objects with ever new label values). Nothing interned before is affected. The decoder
    /// catches it on the session thread and reports the object as undecodable; it never crosses
    /// threads.
    struct Full final : std::runtime_error {
        using std::runtime_error::runtime_error;
    };

    static StringPoolRef create(std::size_t budgetBytes = kDefaultBudgetBytes);

    /// This pool's registry index (1-65535), stable for its lifetime.
    std::uint16_t index() const { return m_index; }
    /// The live pool with registry index `index`; nullptr for 0. Any thread, for the index of an
    /// object it holds (the object keeps its pool alive).
    static StringPool *fromIndex(std::uint16_t index) {
        return stringpool_detail::registry[index].load(std::memory_order_acquire);
    }

    StringPool(const StringPool &) = delete;
    StringPool &operator=(const StringPool &) = delete;

    /// The id of `text`, adding it when new. "" is always StringId::Empty.
    StringId intern(std::string_view text);
    /// The id of `text` when it was interned before; nothing is added.
    std::optional<StringId> find(std::string_view text) const;
    /// The text of `id` (valid as long as the pool lives).
    std::string_view view(StringId id) const {
        const std::uint32_t *entry = word(static_cast<std::uint32_t>(id));
        return {reinterpret_cast<const char *>(entry + 1), *entry};
    }

    LabelPairId internPair(StringId key, StringId value);
    std::pair<StringId, StringId> pair(LabelPairId id) const {
        const std::uint32_t *entry = word(static_cast<std::uint32_t>(id));
        return {static_cast<StringId>(entry[0]), static_cast<StringId>(entry[1])};
    }
    StringId pairKey(LabelPairId id) const {
        return static_cast<StringId>(*word(static_cast<std::uint32_t>(id)));
    }

    /// The shared set holding exactly `pairs`, which must be sorted by key id with unique keys
    /// (pairKey strictly increasing). Returns nullptr for an empty span. The caller receives one
    /// reference (LabelSet::release when done).
    const LabelSet *internLabelSet(std::span<const LabelPairId> pairs);
    /// The pooled set holding exactly `pairs` (same preconditions; one reference for the caller)
    /// when one exists or when these labels were offered recently (a second object with the same
    /// labels: sharing pays); otherwise nullptr, and the caller keeps the labels inline. A small
    /// fixed filter of recently offered sets' hashes decides; it forgets, which only means an
    /// occasional set stays inline.
    const LabelSet *shareLabelSet(std::span<const LabelPairId> pairs);
    /// Frees label sets no object references any more; returns how many. Called automatically
    /// before the set index grows; call it after a relist to return memory at once.
    std::size_t sweepLabelSets();

    std::size_t stringCount() const { return m_stringCount; }
    std::size_t pairCount() const { return m_pairCount; }
    std::size_t labelSetCount() const { return m_setCount; }
    /// Bytes held by the arena chunks and the three indexes (not the label sets themselves).
    std::size_t indexAndArenaBytes() const;
    /// Bytes of the arena in use: its chunks less the unused end of the last regular one. Grows
    /// with every string and label pair interned, never shrinks (ClusterSession renews the pool).
    std::size_t arenaBytesInUse() const {
        return m_arenaBytes - std::size_t{m_regularWords - m_used} * sizeof(std::uint32_t);
    }

private:
    friend class StringPoolRef;
    explicit StringPool(std::size_t budgetBytes);
    ~StringPool();

    struct Slot {
        std::uint32_t hash = 0;
        std::uint32_t id = 0; ///< 0 = free (id 0 is the empty string, never stored)
    };

    static constexpr unsigned kOffsetBits = 18; ///< words per regular chunk: 2^18 (1 MiB)
    static constexpr std::uint32_t kChunkWords = 1u << kOffsetBits;
    static constexpr std::uint32_t kFirstChunkWords = 1u << 14; ///< 64 KiB: the smallest chunk
    /// Directory entries (the ids could name 2^14 chunks; as chunks grow to a quarter of the
    /// arena, 1,024 of them already hold well over 512 MiB of strings).
    static constexpr std::uint32_t kMaxChunks = 1u << 10;

    const std::uint32_t *word(std::uint32_t id) const {
        return m_chunks[id >> kOffsetBits] + (id & (kChunkWords - 1));
    }
    /// Reserves `words` contiguous words; returns the id of the first and its address.
    std::pair<std::uint32_t, std::uint32_t *> allocateWords(std::size_t words);
    void growStrings();
    void growPairs();
    void growSets(std::size_t wanted);
    void placeSet(std::vector<LabelSet *> &table, LabelSet *set) const;
    LabelSet *findSet(std::span<const LabelPairId> pairs, std::uint64_t hash, std::size_t &slot);
    const LabelSet *addSet(std::span<const LabelPairId> pairs, std::uint64_t hash,
                           std::size_t slot);
    std::pair<std::uint32_t *, std::uint32_t> newChunk(std::size_t words);

    std::atomic<std::uint32_t> m_refs{0};
    std::uint16_t m_index = 0;
    std::unique_ptr<std::uint32_t *[]> m_chunks; ///< directory, never reallocated
    std::uint32_t m_chunkCount = 0;
    std::uint32_t m_used = 0;         ///< words used in the last regular chunk
    std::uint32_t m_regular = 0;      ///< index of the chunk new entries go to
    std::uint32_t m_regularWords = 0; ///< its size in words
    std::size_t m_arenaBytes = 0;     ///< bytes of all chunks
    std::size_t m_budgetBytes = 0;    ///< m_arenaBytes never exceeds it
    std::vector<Slot> m_strings;      ///< open addressing, power-of-two size
    std::vector<Slot> m_pairs;
    std::vector<LabelSet *> m_sets; ///< open addressing over the sets' contents; nullptr = free
    static constexpr std::size_t kRecentSets = 4096;
    std::vector<std::uint32_t> m_recentSets; ///< hashes of sets offered once (direct-mapped)
    std::size_t m_stringCount = 0;
    std::size_t m_pairCount = 0;
    std::size_t m_setCount = 0;
};

} // namespace cubedesk::k8s
