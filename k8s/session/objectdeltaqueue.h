#pragma once

#include "k8s/session/deltabuffer.h"
#include "k8s/session/pendingchange.h"
#include "k8s/session/resourcewatch.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace cubedesk::k8s {

/// The session's hand-over to the GUI thread: DeltaBuffer's contract (per-object coalescing by
/// PendingChange's rule — ADDED then MODIFIED is one ADDED, ADDED then DELETED cancels out,
/// MODIFIED then DELETED is one DELETED, DELETED then ADDED is one MODIFIED, the object is its
/// last state — and exactly one wake-up per drain), with the same drained
/// DeltaBuffer<ObjectPtr>::Delta values, but stored compactly while pending.
///
/// A pending change costs ~32 bytes (a 24-byte entry in a deque and ~8 bytes of open-addressing
/// index keyed by a view of the object's own channel/namespace/name) instead of DeltaBuffer's
/// ~160 (a string key per change, its copy in the index, an unordered_map node). That matters at
/// the initial sync, when one change per cached object is pending until the consumer drains: the
/// `resource/namespace/name` key strings are built only by drain(), on the consumer's thread.
///
/// Objects are keyed by their namespace's and name's texts (KubeObjectTraits::key), so one decoded
/// into a renewed string pool coalesces with the same object from the old one.
///
/// Channels: one per watched resource, their key prefix "pods/"; given at construction, more
/// added with addChannel() when discovery finds optional resources.
/// Threads: add() from the producer (session thread), drain() from the consumer, both any
/// thread; `wake` runs on the producer thread and must only post.
class ObjectDeltaQueue final {
public:
    using Type = DeltaBuffer<ObjectPtr>::Type;
    using Delta = DeltaBuffer<ObjectPtr>::Delta;

    /// `prefixes[i]` starts the keys of channel i ("pods/").
    explicit ObjectDeltaQueue(std::vector<std::string> prefixes, std::function<void()> wake = {})
        : m_prefixes(std::move(prefixes))
        , m_wake(std::move(wake)) {}

    /// Adds a channel (a resource watched from now on) and returns its number.
    std::uint16_t addChannel(std::string prefix) {
        std::lock_guard lock(m_mutex);
        m_prefixes.push_back(std::move(prefix));
        return static_cast<std::uint16_t>(m_prefixes.size() - 1);
    }

    void setWake(std::function<void()> wake) {
        std::lock_guard lock(m_mutex);
        m_wake = std::move(wake);
    }

    void add(Type type, std::uint16_t channel, ObjectPtr object) {
        bool notify = false;
        {
            std::lock_guard lock(m_mutex);
            if ((m_entries.size() + 1) * 4 > m_index.size() * 3)
                growIndex();
            const std::uint64_t h = hashOf(channel, *object);
            const std::size_t mask = m_index.size() - 1;
            std::size_t i = h & mask;
            Entry *pending = nullptr;
            for (; m_index[i] != 0 && pending == nullptr; i = (i + 1) & mask) {
                Entry &e = m_entries[m_index[i] - 1];
                if (e.hash == static_cast<std::uint32_t>(h >> 32) && sameKey(e, channel, *object))
                    pending = &e;
            }
            if (pending != nullptr) {
                pending->change.then(type);
                pending->object = std::move(object);
            } else {
                m_entries.push_back(Entry{std::move(object), static_cast<std::uint32_t>(h >> 32),
                                          channel, PendingChange<Type>::first(type)});
                m_index[i] = static_cast<std::uint32_t>(m_entries.size());
            }
            notify = !m_pending;
            m_pending = true;
        }
        if (notify && m_wake)
            m_wake();
    }

    /// Takes every change since the last drain, in first-seen order.
    std::vector<Delta> drain() {
        std::deque<Entry> taken;
        std::vector<std::string> prefixes;
        {
            std::lock_guard lock(m_mutex);
            prefixes = m_prefixes; // a handful of short strings; channels may be added
            taken.swap(m_entries);
            std::vector<std::uint32_t>().swap(m_index);
            m_pending = false;
        }
        std::vector<Delta> out;
        out.reserve(taken.size());
        while (!taken.empty()) {
            Entry &e = taken.front();
            if (const auto type = e.change.net()) {
                const KubeObject &o = *e.object;
                std::string key = prefixes[e.channel];
                key.reserve(key.size() + o.namespaceName().size() + 1 + o.name().size());
                key += o.namespaceName();
                key += '/';
                key += o.name();
                out.push_back(Delta{*type, std::move(key), std::move(e.object)});
            }
            taken.pop_front(); // frees the deque block by block
        }
        return out;
    }

private:
    struct Entry {
        ObjectPtr object; ///< Deleted: the last known state; also what the entry is keyed by
        std::uint32_t hash;
        std::uint16_t channel;
        PendingChange<Type> change; ///< none at drain (came and went): kept for its key
    };

    static std::uint64_t hashOf(std::uint16_t channel, const KubeObject &o) {
        std::uint64_t h = ObjectKeyHash{}(KubeObjectTraits::key(o)) + channel;
        h ^= h >> 33;
        h *= 0xff51afd7ed558ccdULL;
        h ^= h >> 33;
        return h;
    }
    static bool sameKey(const Entry &e, std::uint16_t channel, const KubeObject &o) {
        return e.channel == channel && KubeObjectTraits::key(*e.object) == KubeObjectTraits::key(o);
    }
    void growIndex() {
        const std::size_t size = m_index.empty() ? 64 : m_index.size() * 2;
        std::vector<std::uint32_t> index(size, 0);
        for (std::size_t n = 0; n < m_entries.size(); ++n) {
            const Entry &e = m_entries[n];
            std::size_t i = hashOf(e.channel, *e.object) & (size - 1);
            while (index[i] != 0)
                i = (i + 1) & (size - 1);
            index[i] = static_cast<std::uint32_t>(n + 1);
        }
        m_index.swap(index);
    }

    std::vector<std::string> m_prefixes; ///< guarded by m_mutex
    std::mutex m_mutex;
    std::function<void()> m_wake;
    std::deque<Entry> m_entries;        ///< pending changes in first-seen order; never move
    std::vector<std::uint32_t> m_index; ///< entry position + 1; 0 = free; power-of-two size
    bool m_pending = false;

    static_assert(sizeof(Entry) == 24);
};

} // namespace cubedesk::k8s
