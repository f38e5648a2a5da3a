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
///   drop-watch:every=2s   every watch stream is cut (no terminating chunk) after that long
///   expire-watch:rate=P   a watch start answers an in-stream 410 Expired with probability P
///   expire-continue:rate=P  a LIST page asked with a continue token answers 410 Expired
///   http500:rate=P        a resource request answers 500 InternalError
///   http429:rate=P        a resource request answers 429 (plain text, Retry-After: 1)
///   delay:ms=N            every request waits N ms first
///   malformed:rate=P      a watch event is preceded by a broken line, then the stream is cut
///   reset:every=Ns        every N s all open connections are closed
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

private:
    bool chance(double p);

    bool m_active = false;
    double m_http500 = 0;
    double m_http429 = 0;
    double m_expire = 0;
    double m_expireContinue = 0;
    double m_malformed = 0;
    std::chrono::milliseconds m_delay{0};
    std::chrono::milliseconds m_dropWatch{0};
    std::chrono::milliseconds m_resetEvery{0};
    std::chrono::steady_clock::time_point m_start = std::chrono::steady_clock::now();
    std::mutex m_mutex;
    std::mt19937_64 m_rng{20261202};
};

} // namespace cubedesk::sim
