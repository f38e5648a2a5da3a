#pragma once
// Freshness: how live one cluster's data is, summarised from its watch states for badges, the
// status bar and the Clusters pane ("synced", "stale since 12:03:04", "reconnecting in 5 s",
// "forbidden: ...", "auth error: ..."). Nothing may look live when it is not: the level is the
// worst state of any watch. Plain value type; text() is translated (context "Freshness").

#include "k8s/watch/watchstate.h"

#include <QString>

#include <chrono>
#include <map>
#include <string>

namespace cubedesk::models {

struct Freshness {
    enum class Level { Live, Connecting, Stale, Error, Offline };
    Level level = Level::Connecting;
    QString text;    ///< short, for a badge
    QString details; ///< every watch's state, one per line, for a tooltip
    QString error;   ///< the last error in words ("" when none)
    /// A watch is backing off: the texts count the seconds to its retry down, so whoever
    /// shows them must read them again every second (nothing else in them changes by itself).
    bool countsDown = false;

    /// Summarises `states` (resource id → state); `configError` is a kubeconfig problem that
    /// kept the cluster from connecting at all (Offline).
    static Freshness
    from(const std::map<std::string, k8s::WatchState> &states, const QString &configError = {},
         std::chrono::steady_clock::time_point now = std::chrono::steady_clock::now());
    static QString describe(const k8s::WatchState &state,
                            std::chrono::steady_clock::time_point now);
    bool operator==(const Freshness &) const = default;
};

} // namespace cubedesk::models
