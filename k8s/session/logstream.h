#pragma once

// LogStream: one container's log read from a cluster, live, in bounded memory
// (docs/threads-and-data-flow.md, "Streams").
//
// The request goes out on the cluster session's connection (ClusterSession::openStream), with
// timestamps always asked for: lines are split as they arrive (LogLineSplitter: a line longer
// than the cap keeps its start), and a follow that breaks — a dropped connection, a server that
// closed it — is resumed from the last line's second without losing or repeating a line
// (LogResumePoint) for as long as the container still runs: the pod is read again to know.
// Reconnects back off (1 s doubling to 30 s). When the run ends the stream ends. A follow of a
// pod that is not scheduled yet, or whose container is still waiting to start, waits for it the
// same way (Reconnecting, with the reason); without a follow that ends the stream, saying why.
//
// Lines wait for the consumer in a queue capped by lines and bytes: when the consumer falls
// behind, the oldest pending lines are dropped and counted, never the process's memory. The
// consumer drains them in batches (drain()); `onReady` fires once after the first line that
// follows a drain, from the session thread (post to your own thread; do not work in it).
//
// Threads: construct, start(), stop(), drain() and the destructor on the consumer's thread
// (usually the GUI); the reading runs on the session thread. The session must outlive the
// stream. stop() returns at once; the destructor stops.

#include "k8s/api/loglinesplitter.h"
#include "k8s/api/podlogoptions.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace cubedesk::k8s {

class ClusterSession;

class LogStream final {
public:
    struct Options {
        std::string ns;
        std::string pod;
        /// What to ask for; timestamps are requested whatever it says (each line carries its
        /// time; showing it is the consumer's choice).
        PodLogOptions log;
        std::size_t maxLineBytes = LogLineSplitter::kDefaultMaxLineBytes;
        std::size_t maxPendingLines = 200'000;
        std::size_t maxPendingBytes = std::size_t{64} << 20;
    };
    enum class State {
        Connecting,   ///< the first request is on its way
        Streaming,    ///< lines are arriving (or may: a quiet container)
        Reconnecting, ///< the stream broke while the container runs; asking again after a backoff
        Ended,        ///< every line was read (not following, or the run ended)
        Failed,       ///< the server refused (message says why) or the stream was stopped
    };
    struct Batch {
        std::vector<LogLine> lines;
        std::uint64_t dropped = 0; ///< lines dropped since the last drain (consumer too slow)
        State state = State::Connecting;
        std::string message; ///< why it failed, or why it is reconnecting
        int reconnects = 0;  ///< streams resumed so far
    };

    LogStream(ClusterSession &session, Options options);
    ~LogStream();
    LogStream(const LogStream &) = delete;
    LogStream &operator=(const LogStream &) = delete;

    void start();
    void stop();
    /// The lines since the last call, and the state now.
    Batch drain();
    void setOnReady(std::function<void()> callback);

private:
    struct Core;
    std::shared_ptr<Core> m_core;
};

} // namespace cubedesk::k8s
