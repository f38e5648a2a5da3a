#pragma once

#include "k8s/sim/apierror.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <string_view>

namespace cubedesk::sim {

/// The `--faults` of cubedesk-sim (docs/simulator.md): a comma list of
///   drop-watch:every=2s   every watch and log follow stream is cut (no terminating chunk)
///                         after that long
///   expire-watch:rate=P   a watch start answers an in-stream 410 Expired with probability P
///   expire-continue:rate=P  a LIST page asked with a continue token answers 410 Expired
///   http500:rate=P        a resource request answers 500 InternalError
///   http429:rate=P        a resource request answers 429 (plain text, Retry-After: 1)
///   delay:ms=N            every request waits N ms first
///   malformed:rate=P      a watch event is preceded by a broken line, then the stream is cut
///   reset:every=Ns        every N s all open connections are closed
///   stall:after=D[:for=D] from D after start the server goes silent without closing anything:
///                         open streams stop sending, new requests get no answer; after `for`
///                         (default: never) it carries on as if nothing happened
///   slow:bps=N            response bodies of lists and watches trickle at N bytes per second
///   cycle:every=D[:for=D] every D (for `for`, default: ever) the next fault of a cycle of four
///                         (the soak of cubedesk-bench-gui): every open connection is closed
///                         (a dropped watch, a reset); then, for the next 2 s after each of the
///                         following points, every watch start answers 410 Expired, every
///                         resource request 500, every request 401 (an expired token) — each
///                         after closing every connection, so that the client meets it at once
/// Thread-safety: decisions may be asked from any thread.
class FaultInjector final {
public:
    FaultInjector() = default;

    /// Parses a spec; on error returns the message and leaves the injector unchanged.
    std::optional<std::string> configure(std::string_view spec);
    bool active() const { return m_active; }

    std::chrono::milliseconds requestDelay() const { return m_delay; }
    std::optional<ApiError> requestFault();
    bool expireWatch();
    bool expireContinue();
    bool malformedEvent();
    /// 0 when off.
    std::chrono::milliseconds dropWatchAfter() const { return m_dropWatch; }
    /// The number of resets so far; a connection opened in an earlier generation is closed.
    std::uint64_t resetGeneration() const;
    /// Starts a stall now, for `span` (tests: a stall at the moment the client is ready).
    void stallNow(std::chrono::milliseconds span);
    /// True while a stall is in progress.
    bool stalled() const;
    /// Blocks while a stall is in progress (or until `stopping`).
    void waitWhileStalled(const std::atomic<bool> &stopping) const;
    /// 0 when off.
    std::size_t slowBytesPerSecond() const { return m_slowBps; }

private:
    /// The faults of `cycle`, in order.
    enum class CycleFault { Reset, Expire, Http500, Unauthorized };
    bool chance(double p);
    /// The number of cycle points passed so far (0 without a cycle).
    std::uint64_t cyclePoints() const;
    /// The cycle fault in force now: the last point's, for 2 s after it.
    std::optional<CycleFault> cycleFault() const;

    bool m_active = false;
    double m_http500 = 0;
    double m_http429 = 0;
    double m_expire = 0;
    double m_expireContinue = 0;
    double m_malformed = 0;
    std::chrono::milliseconds m_delay{0};
    std::chrono::milliseconds m_dropWatch{0};
    std::chrono::milliseconds m_resetEvery{0};
    std::chrono::milliseconds m_cycleEvery{0};
    std::chrono::milliseconds m_cycleFor{0}; ///< 0: for ever
    // The stall's span in steady-clock ticks; begin > end: none. Atomic: stallNow() may be
    // called while server threads ask stalled().
    std::atomic<std::chrono::steady_clock::rep> m_stallBegin{1};
    std::atomic<std::chrono::steady_clock::rep> m_stallEnd{0};
    std::size_t m_slowBps = 0;
    std::chrono::steady_clock::time_point m_start = std::chrono::steady_clock::now();
    std::mutex m_mutex;
    std::mt19937_64 m_rng{20261202};
};

} // namespace cubedesk::sim
