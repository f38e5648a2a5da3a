#pragma once

#include <chrono>
#include <string>

namespace cubedesk::k8s {

/// What one list+watch knows about its own freshness — the UI shows it so that nothing ever
/// looks live when it is not (docs/cache.md). Plain value type.
struct WatchState {
    enum class Phase {
        Connecting,  ///< first list not finished
        Synced,      ///< listed, and the watch is open
        Stale,       ///< data from before `since`; reconnecting
        BackingOff,  ///< waiting until `retryAt` after an error
        Forbidden,   ///< 403: the user may not list this resource
        AuthError,   ///< 401 or the credential source failed
        Unavailable, ///< the resource is not served (404)
    };
    Phase phase = Phase::Connecting;
    std::chrono::system_clock::time_point since{};   ///< when the phase began
    std::chrono::steady_clock::time_point retryAt{}; ///< BackingOff: next attempt
    std::string reason;                              ///< last error, human-readable
    std::size_t relists = 0;                         ///< full relists after the first
    std::size_t idleRewatches = 0;                   ///< watches ended for silence and opened again
    std::size_t objects = 0;

    bool live() const { return phase == Phase::Synced; }
    bool operator==(const WatchState &) const = default;
};

} // namespace cubedesk::k8s
