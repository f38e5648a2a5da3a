#pragma once

#include "k8s/watch/objecttable.h"
#include "k8s/watch/watchstate.h"

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace cubedesk::k8s {

/// The next request a Reflector wants its driver to make.
struct ReflectorCommand {
    enum class Type { None, List, Watch };
    Type type = Type::None;
    std::string continueToken;   ///< List: the page to fetch ("" = first page)
    bool unpaged = false;        ///< List: everything in one response (no limit)
    std::string resourceVersion; ///< Watch: resume after this version
    int timeoutSeconds = 0;      ///< Watch: server-side timeout, randomised 5-10 min
    /// Watch: a streaming list (`sendInitialEvents=true&resourceVersionMatch=NotOlderThan`, no
    /// resourceVersion): the current state as ADDED events, then a BOOKMARK marked
    /// `k8s.io/initial-events-end`, then the watch goes on.
    bool sendInitialEvents = false;
};

/// How a LIST page or WATCH ended, as the driver saw it.
struct ReflectorFailure {
    int httpStatus = 0; ///< 0: no response (network error)
    std::string reason; ///< Status reason or transport error text
    std::string message;
    int retryAfterSeconds = -1;
};

/// The list+watch algorithm of client-go's Reflector (docs/cache.md), as a pure state machine: it
/// never does I/O. The driver (ClusterSession) executes its commands and feeds back pages,
/// events and endings with the current time; tests drive it with a fake clock.
///
///   LIST in pages (limit + continue), or with `streamingLists` one streaming list (a watch
///   that sends the current state first, KEP-3157; a server that refuses it with 400/422 is
///   listed in pages from then on, and one that failed is retried once in pages) → replace the
///   store, deletions found by diff →
///   WATCH from the list's resourceVersion (a streaming list simply goes on watching) with
///   bookmarks and a randomised 5-10 min timeout → clean end: re-watch from the last version seen
///   (bookmarks included), unless the watch was "very short" (closed within a second with no event:
///   client-go's rule), which backs off → a watch that stayed silent past the driver's idle limit:
///   re-watch from the last version, still Synced (the driver proves the path by the new watch's
///   answer) → 410 Gone (HTTP or ERROR event): relist after the backoff, and keep relisting (never
///   re-watch the lost version) until a list finishes; a continue token that expired
///   mid-list: the whole list again in one unpaged response (client-go's ListPager
///   FullListIfExpired: a busy server would expire the pages again) → 429/5xx/network: back off
///   0.8 s → 30 s with jitter (Retry-After honoured, at most `maxRetryAfter`), reset after 2 min
///   healthy → 401: AuthError, 403: Forbidden, both retried slowly. Every path back to the
///   server but the first list, a continued list and a re-watch after a normal end goes through
///   the backoff, so no server answer can make a hot loop.
///
/// `Object` is a shared immutable projection. `Traits` names its key type (`Traits::Key`, hashed
/// by `Traits::Hash`; it may view into the object: the store keeps no key of its own and always
/// keys an entry from the object it holds) and gives `Traits::key(obj)` and
/// `Traits::version(obj)` (its resourceVersion); optionally `Traits::sameVersion(a, b)`, a cheaper
/// equality of versions. Changes go to the sink as deltas.
///
/// Memory: the store is a flat ObjectTable (~24 bytes per object beyond the object); a LIST in
/// progress holds only the pages' pointers (16 bytes per item, in a deque, so no reallocation
/// copies), and is applied in place when the last page arrives.
/// Threads: single-threaded — the owning session thread only.
template <class Object, class Traits>
class Reflector final {
public:
    using Ptr = std::shared_ptr<const Object>;
    using Key = typename Traits::Key;
    using Map = ObjectTable<Object, Traits>;
    enum class DeltaType { Added, Updated, Deleted };
    using Sink = std::function<void(DeltaType, const Ptr &)>;
    using Clock = std::chrono::steady_clock;

    struct Config {
        std::size_t pageSize = 500;
        int minWatchTimeoutSeconds = 300;
        int maxWatchTimeoutSeconds = 600;
        std::chrono::milliseconds initialBackoff{800};
        std::chrono::milliseconds maxBackoff{30000};
        std::chrono::seconds healthyReset{120};
        /// A Retry-After above this is taken as this (a server asking for a day is not obeyed).
        std::chrono::seconds maxRetryAfter{60};
        /// A watch that ends cleanly sooner than this with no event is "very short": backed off.
        std::chrono::milliseconds veryShortWatch{1000};
        std::uint64_t seed = 1;
        /// List by a streaming list (one watch request, no pages, no round trip per page)
        /// while the server accepts it; pages otherwise.
        bool streamingLists = false;
    };

    Reflector(Config config, Sink sink)
        : m_config(config)
        , m_sink(std::move(sink))
        , m_rng(config.seed) {}

    const WatchState &state() const { return m_state; }
    std::size_t size() const { return m_items.size(); }
    const Map &items() const { return m_items; }
    const std::string &lastResourceVersion() const { return m_lastRv; }
    /// When the driver should call onTimer() (backing off), if at all.
    std::optional<Clock::time_point> wakeAt() const {
        if (m_state.phase == WatchState::Phase::BackingOff || m_waiting)
            return m_state.retryAt;
        return std::nullopt;
    }

    ReflectorCommand start(Clock::time_point) { return beginList(); }

    /// One LIST page arrived (items already decoded).
    ReflectorCommand onListPage(std::vector<Ptr> items, const std::string &listRv,
                                const std::string &continueToken, Clock::time_point now) {
        for (auto &item : items)
            m_listing.push_back(std::move(item));
        if (!continueToken.empty()) {
            ReflectorCommand next;
            next.type = ReflectorCommand::Type::List;
            next.continueToken = continueToken;
            m_continuing = true;
            return next;
        }
        m_continuing = false;
        finishListing(listRv, now);
        return beginWatch(now);
    }

    /// A watch event. `rv` is the event object's resourceVersion (BOOKMARK: only that). During a
    /// streaming list's initial events the objects are collected like a LIST's pages.
    void onAdded(const Ptr &obj) { upsert(obj); }
    void onModified(const Ptr &obj) { upsert(obj); }
    void onDeleted(const Ptr &obj) {
        if (m_streaming)
            return; // a snapshot has no deletions; a server that sends one is ignored
        ++m_watchEvents;
        m_lastRv = Traits::version(*obj);
        if (!m_items.erase(Traits::key(*obj)))
            return;
        m_state.objects = m_items.size();
        m_sink(DeltaType::Deleted, obj);
    }
    void onBookmark(const std::string &rv) {
        ++m_watchEvents;
        if (!rv.empty())
            m_lastRv = rv;
    }

    /// The BOOKMARK marked `k8s.io/initial-events-end`: a streaming list's state is complete at
    /// `rv`. Replaces the store as a finished LIST does; the same request goes on as the watch.
    /// Outside a streaming list it is an ordinary bookmark.
    void onInitialEventsEnd(const std::string &rv, Clock::time_point now) {
        if (!m_streaming)
            return onBookmark(rv);
        m_streaming = false;
        finishListing(rv, now);
        m_watchBegan = now;
        m_watchEvents = 0;
    }

    /// Whether this resource is listed by streaming lists (false once the server refused one).
    bool streamsLists() const { return m_config.streamingLists && !m_streamingRefused; }

    /// The list or the watch failed (HTTP error, in-stream ERROR, transport error).
    ReflectorCommand onFailure(const ReflectorFailure &f, Clock::time_point now) {
        dropListing();
        const bool continuing = std::exchange(m_continuing, false);
        if (std::exchange(m_streaming, false)) {
            if (f.httpStatus == 400 || f.httpStatus == 422) {
                // The server does not serve streaming lists (the WatchList feature is off, or it
                // predates it): list in pages, now and from then on.
                m_streamingRefused = true;
                return beginList();
            }
            // A streaming list that failed is retried in pages once: progress is better than a
            // stream a flaky path never lets finish (client-go falls back the same way).
            m_pagedOnce = true;
        }
        if (f.httpStatus == 410 && continuing) {
            ++m_state.relists;
            markStale("list pages expired; listing again in one response");
            ReflectorCommand c = beginList();
            c.unpaged = true;
            return c;
        }
        if (f.httpStatus == 410) {
            // Our version fell out of the server's history: start over (client-go relists),
            // after the backoff like every other way back (a server that answers 410 to every
            // watch must not make a hot loop).
            ++m_state.relists;
            m_relistDue = true;
            return backOff(f, "resource version expired; relisting", now);
        }
        if (f.httpStatus == 401 || f.httpStatus == 403 || f.httpStatus == 404) {
            m_state.phase = f.httpStatus == 401   ? WatchState::Phase::AuthError
                            : f.httpStatus == 403 ? WatchState::Phase::Forbidden
                                                  : WatchState::Phase::Unavailable;
            m_state.since = std::chrono::system_clock::now();
            m_state.reason = describe(f);
            // Permissions and credentials can change; retry at the slow end of the backoff.
            m_waiting = true;
            m_state.retryAt = now + m_config.maxBackoff;
            m_backoff = m_config.maxBackoff;
            return {};
        }
        return backOff(f, describe(f), now);
    }

    /// The watch stream ended cleanly (server timeout): resume from the last version — unless
    /// it was very short (no event, closed at once: a proxy that ends every watch), which is a
    /// failure and backs off.
    ReflectorCommand onWatchClosed(Clock::time_point now) {
        if (m_streaming)
            return onFailure(
                {0, "the server ended a streaming list before its state was complete", "", -1},
                now);
        if (m_watchBegan && m_watchEvents == 0 && now - *m_watchBegan < m_config.veryShortWatch)
            return onFailure(
                {0, "very short watch: the server ended it at once with no event", "", -1}, now);
        return beginWatch(now);
    }

    /// A watch was answered (200): the store plus the events to come from the last version is
    /// the cluster's state again, so the data is live — also after a backoff resumed the watch
    /// instead of relisting.
    void onWatchOpened(Clock::time_point now) {
        if (m_state.phase == WatchState::Phase::Synced || m_streaming)
            return; // a streaming list is live only once its state is complete
        m_state.phase = WatchState::Phase::Synced;
        m_state.since = std::chrono::system_clock::now();
        m_state.reason.clear();
        m_healthySince = now;
    }

    /// The driver ended a watch that delivered nothing (no event, no bookmark) for its idle
    /// limit. Servers need not send bookmarks, so silence alone proves nothing: re-watch from the
    /// last version and stay Synced; if the path is dead the new watch fails (the driver gives
    /// it a deadline for its answer) and that failure marks the data stale.
    ReflectorCommand onWatchIdle(Clock::time_point now) {
        if (m_streaming)
            return onFailure({0, "a streaming list stalled before its state was complete", "", -1},
                             now);
        ++m_state.idleRewatches;
        return beginWatch(now);
    }

    /// Time passed; retries a backed-off list or watch when due.
    ReflectorCommand onTimer(Clock::time_point now) {
        if (!m_waiting || now < m_state.retryAt)
            return {};
        m_waiting = false;
        // After a 410 only a finished list will do: a relist that failed is listed again, never
        // replaced by a watch from the version the server no longer has.
        if (m_relistDue || m_replaceEvery || m_lastRv.empty() ||
            m_state.phase == WatchState::Phase::AuthError ||
            m_state.phase == WatchState::Phase::Forbidden ||
            m_state.phase == WatchState::Phase::Unavailable || m_items.empty())
            return beginList();
        return beginWatch(now);
    }

    /// Lists again and replaces every object with the listed one, also each whose version did
    /// not change: for a driver that renews what objects are decoded into (a fresh string pool),
    /// so that none of the old ones stays. Not a failure: the state stays as it is (Synced stays
    /// Synced) while the list runs. Backing off, it waits for the retry, which then lists; a list
    /// in flight is started over (the driver abandons its request), so every object stored
    /// after it was decoded after the call.
    ReflectorCommand renew() {
        m_replaceEvery = true;
        if (m_waiting)
            return {};
        return beginList();
    }
    /// A renew() whose list has not finished yet.
    bool renewing() const { return m_replaceEvery; }

    /// Forces a full relist (F5 in the UI, or after the machine slept).
    ReflectorCommand restart() {
        m_waiting = false;
        m_relistDue = true; // a failed forced relist is retried as a list too
        markStale("reconnecting");
        return beginList();
    }

private:
    static std::string describe(const ReflectorFailure &f) {
        if (f.httpStatus == 0)
            return f.message.empty() ? f.reason : f.message;
        std::string s = std::to_string(f.httpStatus);
        if (!f.reason.empty())
            s += ' ' + f.reason;
        if (!f.message.empty())
            s += ": " + f.message;
        return s;
    }

    /// Marks the data stale and waits out the next backoff step (Retry-After raises it, up to
    /// maxRetryAfter).
    ReflectorCommand backOff(const ReflectorFailure &f, const std::string &reason,
                             Clock::time_point now) {
        if (m_healthySince && now - *m_healthySince >= m_config.healthyReset)
            m_backoff = std::chrono::milliseconds(0);
        // A watch that worked for a while (events arrived, or it stayed open a second) and then
        // broke is a blip, not a failing server: retry soon instead of escalating.
        if (m_watchBegan && (m_watchEvents > 0 || now - *m_watchBegan >= m_config.veryShortWatch))
            m_backoff = std::chrono::milliseconds(0);
        m_watchBegan.reset();
        m_healthySince.reset();
        auto delay = nextBackoff();
        if (f.retryAfterSeconds >= 0)
            delay = std::max<std::chrono::milliseconds>(
                delay, std::min<std::chrono::seconds>(std::chrono::seconds(f.retryAfterSeconds),
                                                      m_config.maxRetryAfter));
        markStale(reason);
        m_state.phase = WatchState::Phase::BackingOff;
        m_state.retryAt = now + delay;
        m_waiting = true;
        return {};
    }

    void markStale(const std::string &reason) {
        if (m_state.phase == WatchState::Phase::Synced)
            m_state.since = std::chrono::system_clock::now();
        if (m_state.phase != WatchState::Phase::Connecting)
            m_state.phase = WatchState::Phase::Stale;
        m_state.reason = reason;
    }

    std::chrono::milliseconds nextBackoff() {
        m_backoff = m_backoff.count() == 0 ? m_config.initialBackoff
                                           : std::min(m_config.maxBackoff, m_backoff * 2);
        // Full jitter over the upper half, so clusters that failed together do not retry together.
        const auto half = m_backoff.count() / 2;
        std::uniform_int_distribution<long long> dist(half, m_backoff.count());
        return std::chrono::milliseconds(dist(m_rng));
    }

    ReflectorCommand beginList() {
        dropListing();
        m_continuing = false;
        ReflectorCommand c;
        if (streamsLists() && !std::exchange(m_pagedOnce, false)) {
            m_streaming = true;
            m_watchBegan.reset();
            m_watchEvents = 0;
            c.type = ReflectorCommand::Type::Watch;
            c.sendInitialEvents = true;
            c.timeoutSeconds = randomWatchTimeout();
            return c;
        }
        c.type = ReflectorCommand::Type::List;
        return c;
    }

    /// A LIST's last page or a streaming list's end: the listing becomes the store at `rv`.
    void finishListing(const std::string &rv, Clock::time_point now) {
        m_relistDue = false;
        replaceAll();
        m_replaceEvery = false;
        m_lastRv = rv;
        m_state.phase = WatchState::Phase::Synced;
        m_state.since = std::chrono::system_clock::now();
        m_state.reason.clear();
        m_state.objects = m_items.size();
        m_healthySince = now;
    }

    int randomWatchTimeout() {
        std::uniform_int_distribution<int> dist(m_config.minWatchTimeoutSeconds,
                                                m_config.maxWatchTimeoutSeconds);
        return dist(m_rng);
    }

    ReflectorCommand beginWatch(Clock::time_point now) {
        m_watchBegan = now;
        m_watchEvents = 0;
        ReflectorCommand c;
        c.type = ReflectorCommand::Type::Watch;
        c.resourceVersion = m_lastRv;
        c.timeoutSeconds = randomWatchTimeout();
        return c;
    }

    static bool sameVersion(const Object &a, const Object &b) {
        if constexpr (requires { Traits::sameVersion(a, b); })
            return Traits::sameVersion(a, b);
        else
            return Traits::version(a) == Traits::version(b);
    }

    void dropListing() { std::deque<Ptr>().swap(m_listing); }

    /// Stores `obj`; a later duplicate of a key in one listing replaces the earlier one.
    void emitInsert(const Ptr &obj) {
        m_sink(m_items.insertOrAssign(obj) ? DeltaType::Added : DeltaType::Updated, obj);
    }

    void upsert(const Ptr &obj) {
        if (m_streaming) {
            m_listing.push_back(obj); // a later duplicate replaces the earlier one (emitInsert)
            return;
        }
        ++m_watchEvents;
        m_lastRv = Traits::version(*obj);
        const std::size_t slot = m_items.slotOf(Traits::key(*obj));
        if (slot != Map::npos) {
            if (sameVersion(*m_items.at(slot), *obj))
                return;
            m_items.assignAt(slot, obj); // same key: the object now keys its own slot
            m_sink(DeltaType::Updated, obj);
            return;
        }
        m_items.insertOrAssign(obj);
        m_state.objects = m_items.size();
        m_sink(DeltaType::Added, obj);
    }

    /// Replaces the store with a finished list: updates in place (every object after renew()),
    /// deletions by diff (mark and sweep over the table's slots), then additions in list order.
    void replaceAll() {
        if (m_items.empty()) {
            // First sync: move the items over, freeing the listing block by block as it empties.
            m_items.reserve(m_listing.size());
            while (!m_listing.empty()) {
                Ptr obj = std::move(m_listing.front());
                m_listing.pop_front();
                emitInsert(obj);
            }
            dropListing();
            return;
        }
        std::vector<bool> seen(m_items.capacity(), false);
        bool anyNew = false;
        for (auto &obj : m_listing) {
            const std::size_t slot = m_items.slotOf(Traits::key(*obj));
            if (slot == Map::npos) {
                anyNew = true;
                continue;
            }
            seen[slot] = true;
            if (m_replaceEvery || !sameVersion(*m_items.at(slot), *obj)) {
                m_items.assignAt(slot, obj);
                m_sink(DeltaType::Updated, obj);
            }
            obj = nullptr; // handled: the additions pass skips it
        }
        std::vector<Ptr> gone;
        for (std::size_t slot = 0; slot < seen.size(); ++slot)
            if (m_items.occupied(slot) && !seen[slot])
                gone.push_back(m_items.at(slot));
        std::vector<bool>().swap(seen);
        for (const Ptr &obj : gone) {
            m_items.erase(Traits::key(*obj));
            m_sink(DeltaType::Deleted, obj);
        }
        gone.clear();
        if (anyNew)
            for (auto &obj : m_listing)
                if (obj)
                    emitInsert(obj);
        dropListing();
    }

    Config m_config;
    Sink m_sink;
    std::mt19937_64 m_rng;
    WatchState m_state;
    Map m_items;
    std::deque<Ptr> m_listing;   ///< the pages of a LIST in progress
    bool m_continuing = false;   ///< the LIST in flight is a continue page
    bool m_relistDue = false;    ///< after a 410: every retry is a full LIST until one finishes
    bool m_replaceEvery = false; ///< renew(): the next finished list replaces every object
    bool m_streaming = false; ///< the watch in flight is a streaming list still sending its state
    bool m_streamingRefused = false; ///< the server answered a streaming list with 400/422
    bool m_pagedOnce = false;        ///< a streaming list failed: the next list is paged
    std::string m_lastRv;
    std::chrono::milliseconds m_backoff{0};
    std::optional<Clock::time_point> m_healthySince;
    bool m_waiting = false;
    std::optional<Clock::time_point> m_watchBegan; ///< the current watch's start, if watching
    std::size_t m_watchEvents = 0;                 ///< events the current watch delivered
};

} // namespace cubedesk::k8s
