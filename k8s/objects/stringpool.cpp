#include "k8s/objects/stringpool.h"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <new>

namespace cubedesk::k8s {

namespace {

// A small multiply-xorshift hash over 8-byte words: label keys and values are short, and this
// runs once per interned field of every decoded object.
std::uint64_t hashBytes(const char *p, std::size_t n) {
    constexpr std::uint64_t kMul1 = 0xff51afd7ed558ccdULL;
    constexpr std::uint64_t kMul2 = 0xc4ceb9fe1a85ec53ULL;
    std::uint64_t h = 0x9E3779B97F4A7C15ULL ^ (n * kMul2);
    while (n >= 8) {
        std::uint64_t w;
        std::memcpy(&w, p, 8);
        h = (h ^ w) * kMul1;
        h ^= h >> 32;
        p += 8;
        n -= 8;
    }
    if (n > 0) {
        std::uint64_t w = 0;
        std::memcpy(&w, p, n);
        h = (h ^ w) * kMul2;
        h ^= h >> 29;
    }
    h ^= h >> 33;
    h *= kMul1;
    h ^= h >> 33;
    return h;
}

std::uint64_t hashWords(const std::uint32_t *words, std::size_t n) {
    return hashBytes(reinterpret_cast<const char *>(words), n * sizeof(std::uint32_t));
}

// Registry indexes: handed out at pool creation, recycled when a pool dies.
std::mutex g_registryMutex;
std::vector<std::uint16_t> g_freeIndexes;
std::uint32_t g_nextIndex = 1;

std::uint16_t takeIndex() {
    std::lock_guard lock(g_registryMutex);
    if (!g_freeIndexes.empty()) {
        const std::uint16_t index = g_freeIndexes.back();
        g_freeIndexes.pop_back();
        return index;
    }
    if (g_nextIndex > 65535)
        throw std::bad_alloc(); // 65,535 live string pools (one per running cluster session)
    return static_cast<std::uint16_t>(g_nextIndex++);
}

void returnIndex(std::uint16_t index) {
    std::lock_guard lock(g_registryMutex);
    g_freeIndexes.push_back(index);
}

std::uint32_t tagOf(std::uint64_t hash) {
    return static_cast<std::uint32_t>(hash >> 32);
}

} // namespace

// ---- StringPoolRef ------------------------------------------------------------------------------

StringPoolRef::StringPoolRef(StringPool *pool)
    : m_pool(pool) {
    if (m_pool)
        m_pool->m_refs.fetch_add(1, std::memory_order_relaxed);
}

StringPoolRef::StringPoolRef(const StringPoolRef &other)
    : StringPoolRef(other.m_pool) {}

StringPoolRef::~StringPoolRef() {
    if (m_pool && m_pool->m_refs.fetch_sub(1, std::memory_order_acq_rel) == 1)
        delete m_pool;
}

// ---- LabelSet -----------------------------------------------------------------------------------

LabelSet *LabelSet::create(const LabelPairId *pairs, std::uint32_t size) {
    void *memory = ::operator new(allocationSize(size));
    auto *set = new (memory) LabelSet(size);
    std::memcpy(set->mutablePairs(), pairs, size * sizeof(LabelPairId));
    return set;
}

void LabelSet::destroy(LabelSet *set) {
    set->~LabelSet();
    // Unsized: sized deallocation is not enabled in every compiler we build with (clang).
    ::operator delete(static_cast<void *>(set));
}

// ---- StringPool ---------------------------------------------------------------------------------

StringPoolRef StringPool::create(std::size_t budgetBytes) {
    return StringPoolRef(new StringPool(budgetBytes));
}

StringPool::StringPool(std::size_t budgetBytes)
    : m_index(takeIndex())
    , m_chunks(new std::uint32_t *[kMaxChunks])
    , m_budgetBytes(budgetBytes) {
    stringpool_detail::registry[m_index].store(this, std::memory_order_release);
    // Word 0 of chunk 0 is the empty string (length 0), so StringId::Empty needs no lookup.
    auto [id, words] = allocateWords(1);
    (void)id;
    words[0] = 0;
    m_strings.resize(1024);
    m_pairs.resize(1024);
    m_sets.resize(1024, nullptr);
}

StringPool::~StringPool() {
    stringpool_detail::registry[m_index].store(nullptr, std::memory_order_release);
    returnIndex(m_index);
    for (LabelSet *set : m_sets) {
        if (set)
            LabelSet::destroy(set);
    }
    for (std::uint32_t i = 0; i < m_chunkCount; ++i)
        ::operator delete(m_chunks[i]);
}

std::size_t StringPool::indexAndArenaBytes() const {
    return m_arenaBytes + m_strings.capacity() * sizeof(Slot) + m_pairs.capacity() * sizeof(Slot) +
           m_sets.capacity() * sizeof(LabelSet *) + kMaxChunks * sizeof(std::uint32_t *);
}

std::pair<std::uint32_t *, std::uint32_t> StringPool::newChunk(std::size_t words) {
    if (m_chunkCount == kMaxChunks ||
        (m_chunkCount > 0 && m_arenaBytes + words * sizeof(std::uint32_t) > m_budgetBytes))
        throw Full("the cluster's table of distinct strings is full (" +
                   std::to_string(m_arenaBytes >> 20) +
                   " MiB): more distinct label values, "
                   "namespaces or names than CubeDesk keeps");
    auto *chunk = static_cast<std::uint32_t *>(::operator new(words * sizeof(std::uint32_t)));
    const std::uint32_t index = m_chunkCount++;
    m_chunks[index] = chunk;
    m_arenaBytes += words * sizeof(std::uint32_t);
    return {chunk, index};
}

std::pair<std::uint32_t, std::uint32_t *> StringPool::allocateWords(std::size_t words) {
    if (words > kChunkWords / 4) {
        // A rare big string gets a chunk of its own, so regular chunks stay densely filled.
        const auto [chunk, index] = newChunk(words);
        return {index << kOffsetBits, chunk};
    }
    if (m_chunkCount == 0 || m_used + words > m_regularWords) {
        // Chunks of a quarter of the arena so far (64 KiB to 1 MiB): a small cluster does not
        // pay for a 1 MiB chunk it never fills, and the unfilled end of the last chunk stays
        // under ~25 % of the arena.
        const std::size_t quarter = m_arenaBytes / sizeof(std::uint32_t) / 4;
        auto size = static_cast<std::uint32_t>(
            std::clamp<std::size_t>(quarter, kFirstChunkWords, kChunkWords));
        size = std::max(size, static_cast<std::uint32_t>(words));
        m_regular = newChunk(size).second;
        m_regularWords = size;
        m_used = 0;
    }
    const std::uint32_t offset = m_used;
    m_used += static_cast<std::uint32_t>(words);
    return {(m_regular << kOffsetBits) | offset, m_chunks[m_regular] + offset};
}

std::optional<StringId> StringPool::find(std::string_view text) const {
    if (text.empty())
        return StringId::Empty;
    const std::uint64_t hash = hashBytes(text.data(), text.size());
    const std::uint32_t tag = tagOf(hash);
    const std::size_t mask = m_strings.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        const Slot &slot = m_strings[i];
        if (slot.id == 0)
            return std::nullopt;
        if (slot.hash == tag && view(static_cast<StringId>(slot.id)) == text)
            return static_cast<StringId>(slot.id);
    }
}

StringId StringPool::intern(std::string_view text) {
    if (text.empty())
        return StringId::Empty;
    const std::uint64_t hash = hashBytes(text.data(), text.size());
    const std::uint32_t tag = tagOf(hash);
    std::size_t mask = m_strings.size() - 1;
    std::size_t i = hash & mask;
    for (;; i = (i + 1) & mask) {
        const Slot &slot = m_strings[i];
        if (slot.id == 0)
            break;
        if (slot.hash == tag && view(static_cast<StringId>(slot.id)) == text)
            return static_cast<StringId>(slot.id);
    }
    if ((m_stringCount + 1) * 20 > m_strings.size() * 17) {
        growStrings();
        mask = m_strings.size() - 1;
        for (i = hash & mask; m_strings[i].id != 0; i = (i + 1) & mask) {
        }
    }
    const std::size_t words = 1 + (text.size() + 3) / 4;
    auto [id, entry] = allocateWords(words);
    entry[0] = static_cast<std::uint32_t>(text.size());
    entry[words - 1] = 0; // defined padding bytes
    std::memcpy(entry + 1, text.data(), text.size());
    m_strings[i] = Slot{tag, id};
    ++m_stringCount;
    return static_cast<StringId>(id);
}

void StringPool::growStrings() {
    std::vector<Slot> bigger(m_strings.size() * 2);
    const std::size_t mask = bigger.size() - 1;
    for (const Slot &slot : m_strings) {
        if (slot.id == 0)
            continue;
        const std::string_view text = view(static_cast<StringId>(slot.id));
        std::size_t i = hashBytes(text.data(), text.size()) & mask;
        while (bigger[i].id != 0)
            i = (i + 1) & mask;
        bigger[i] = slot;
    }
    m_strings.swap(bigger);
}

LabelPairId StringPool::internPair(StringId key, StringId value) {
    const std::uint32_t words[2] = {static_cast<std::uint32_t>(key),
                                    static_cast<std::uint32_t>(value)};
    const std::uint64_t hash = hashWords(words, 2);
    const std::uint32_t tag = tagOf(hash);
    std::size_t mask = m_pairs.size() - 1;
    std::size_t i = hash & mask;
    for (;; i = (i + 1) & mask) {
        const Slot &slot = m_pairs[i];
        if (slot.id == 0)
            break;
        if (slot.hash == tag) {
            const std::uint32_t *entry = word(slot.id);
            if (entry[0] == words[0] && entry[1] == words[1])
                return static_cast<LabelPairId>(slot.id);
        }
    }
    if ((m_pairCount + 1) * 20 > m_pairs.size() * 17) {
        growPairs();
        mask = m_pairs.size() - 1;
        for (i = hash & mask; m_pairs[i].id != 0; i = (i + 1) & mask) {
        }
    }
    auto [id, entry] = allocateWords(2);
    entry[0] = words[0];
    entry[1] = words[1];
    m_pairs[i] = Slot{tag, id};
    ++m_pairCount;
    return static_cast<LabelPairId>(id);
}

void StringPool::growPairs() {
    std::vector<Slot> bigger(m_pairs.size() * 2);
    const std::size_t mask = bigger.size() - 1;
    for (const Slot &slot : m_pairs) {
        if (slot.id == 0)
            continue;
        std::size_t i = hashWords(word(slot.id), 2) & mask;
        while (bigger[i].id != 0)
            i = (i + 1) & mask;
        bigger[i] = slot;
    }
    m_pairs.swap(bigger);
}

namespace {

std::uint64_t hashSet(const LabelPairId *pairs, std::size_t size) {
    return hashWords(reinterpret_cast<const std::uint32_t *>(pairs), size);
}

} // namespace

// The set index holds only pointers (8 bytes a slot, ~16 per live set): a probe compares the
// set's contents, and growth rehashes them; both are cheap next to decoding the object.
LabelSet *StringPool::findSet(std::span<const LabelPairId> pairs, std::uint64_t hash,
                              std::size_t &slot) {
    const std::size_t mask = m_sets.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        LabelSet *set = m_sets[i];
        if (set == nullptr) {
            slot = i;
            return nullptr;
        }
        if (set->size() == pairs.size() &&
            std::memcmp(set->pairs(), pairs.data(), pairs.size_bytes()) == 0) {
            set->addRef();
            return set;
        }
    }
}

const LabelSet *StringPool::addSet(std::span<const LabelPairId> pairs, std::uint64_t hash,
                                   std::size_t slot) {
    if ((m_setCount + 1) * 4 > m_sets.size() * 3) {
        growSets(m_setCount + 1);
        const std::size_t mask = m_sets.size() - 1;
        for (slot = hash & mask; m_sets[slot] != nullptr; slot = (slot + 1) & mask) {
        }
    }
    LabelSet *set = LabelSet::create(pairs.data(), static_cast<std::uint32_t>(pairs.size()));
    set->addRef();
    m_sets[slot] = set;
    ++m_setCount;
    return set;
}

const LabelSet *StringPool::internLabelSet(std::span<const LabelPairId> pairs) {
    if (pairs.empty())
        return nullptr;
    const std::uint64_t hash = hashSet(pairs.data(), pairs.size());
    std::size_t slot = 0;
    if (LabelSet *set = findSet(pairs, hash, slot))
        return set;
    return addSet(pairs, hash, slot);
}

const LabelSet *StringPool::shareLabelSet(std::span<const LabelPairId> pairs) {
    if (pairs.empty())
        return nullptr;
    const std::uint64_t hash = hashSet(pairs.data(), pairs.size());
    std::size_t slot = 0;
    if (LabelSet *set = findSet(pairs, hash, slot))
        return set;
    if (m_recentSets.empty())
        m_recentSets.resize(kRecentSets, 0);
    std::uint32_t &recent = m_recentSets[(hash >> 13) & (kRecentSets - 1)];
    const std::uint32_t tag = static_cast<std::uint32_t>(hash >> 32) | 1u;
    if (recent != tag) {
        recent = tag; // first sighting: the caller keeps it inline
        return nullptr;
    }
    return addSet(pairs, hash, slot);
}

void StringPool::placeSet(std::vector<LabelSet *> &table, LabelSet *set) const {
    const std::size_t mask = table.size() - 1;
    std::size_t i = hashSet(set->pairs(), set->size()) & mask;
    while (table[i] != nullptr)
        i = (i + 1) & mask;
    table[i] = set;
}

std::size_t StringPool::sweepLabelSets() {
    std::size_t freed = 0;
    std::vector<LabelSet *> kept(m_sets.size(), nullptr);
    for (LabelSet *set : m_sets) {
        if (set == nullptr)
            continue;
        if (set->useCount() == 0) {
            LabelSet::destroy(set);
            ++freed;
            continue;
        }
        placeSet(kept, set);
    }
    m_sets.swap(kept);
    m_setCount -= freed;
    return freed;
}

void StringPool::growSets(std::size_t wanted) {
    // Unreferenced sets are dropped first; the index doubles only when live sets need the room.
    sweepLabelSets();
    std::size_t size = m_sets.size();
    while (wanted * 8 > size * 3)
        size *= 2;
    if (size == m_sets.size())
        return;
    std::vector<LabelSet *> bigger(size, nullptr);
    for (LabelSet *set : m_sets)
        if (set != nullptr)
            placeSet(bigger, set);
    m_sets.swap(bigger);
}

} // namespace cubedesk::k8s
