#pragma once

#include "k8s/session/pendingchange.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cubedesk::k8s {

/// The hand-over between a session thread and the GUI thread (docs/threads-and-data-flow.md): the
/// session adds deltas as they happen, the buffer coalesces them per object by PendingChange's
/// rule (ADDED then MODIFIED is one ADDED; ADDED then DELETED cancels out; MODIFIED then DELETED
/// is one DELETED; DELETED then ADDED is one MODIFIED; the object is its last state), and the
/// first delta after a drain fires `wake` — exactly one queued wake-up however many changes
/// arrive before the consumer drains.
///
/// Threads: add() from the producer, drain() from the consumer, both any thread; `wake` runs on
/// the producer thread and must only post (e.g. QMetaObject::invokeMethod with a queued call).
template <class Ptr>
class DeltaBuffer final {
public:
    enum class Type { Added, Updated, Deleted };
    struct Delta {
        Type type;
        std::string key; ///< resource + "/" + namespace/name, unique across the session
        Ptr object;      ///< Deleted: the last known state
    };

    explicit DeltaBuffer(std::function<void()> wake = {})
        : m_wake(std::move(wake)) {}

    void setWake(std::function<void()> wake) {
        std::lock_guard lock(m_mutex);
        m_wake = std::move(wake);
    }

    void add(Type type, std::string key, Ptr object) {
        bool notify = false;
        {
            std::lock_guard lock(m_mutex);
            auto it = m_index.find(key);
            if (it == m_index.end()) {
                Delta &d = m_deltas.emplace_back(Delta{type, std::move(key), std::move(object)});
                m_changes.push_back(PendingChange<Type>::first(type));
                m_index.emplace(d.key, m_deltas.size() - 1); // views the key held in the deque
            } else {
                m_changes[it->second].then(type);
                m_deltas[it->second].object = std::move(object);
            }
            notify = !m_pending;
            m_pending = true;
        }
        if (notify && m_wake)
            m_wake();
    }

    /// Takes every delta since the last drain, in first-seen order.
    std::vector<Delta> drain() {
        std::deque<Delta> taken;
        std::vector<PendingChange<Type>> changes;
        {
            std::lock_guard lock(m_mutex);
            m_index.clear();
            taken.swap(m_deltas);
            changes.swap(m_changes);
            m_pending = false;
        }
        std::vector<Delta> out;
        out.reserve(taken.size());
        for (std::size_t i = 0; i < taken.size(); ++i)
            if (const auto type = changes[i].net()) {
                taken[i].type = *type;
                out.push_back(std::move(taken[i]));
            }
        return out;
    }

private:
    std::mutex m_mutex;
    std::function<void()> m_wake;
    std::deque<Delta> m_deltas; ///< a deque: elements never move, so m_index may view their keys
    std::vector<PendingChange<Type>> m_changes; ///< what m_deltas[i] amounts to
    std::unordered_map<std::string_view, std::size_t> m_index;
    bool m_pending = false;
};

} // namespace cubedesk::k8s
