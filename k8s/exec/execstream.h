#pragma once

// ExecStream: one command run in a container over a WebSocket, as kubectl 1.32 runs it
// (docs/threads-and-data-flow.md, "Exec"): `GET .../pods/NAME/exec` upgraded with the
// subprotocols v5.channel.k8s.io, then v4.channel.k8s.io (k8s::ExecChannel), over QtWebSockets
// with the cluster's own TransportSettings — the same CA, client certificate, tls-server-name,
// proxy, impersonation headers and credential source as every other request (ExecSocketSetup
// turns them into Qt's terms; an exec plugin runs on this stream's thread, never the caller's).
// A 401 on the upgrade refreshes the credential once and asks again, as HttpTransport does.
//
// While open: stdin, terminal resizes (stream 4) and v5's end of stdin go out; a ping every
// 5 s, and a connection that answers nothing (no frame, no pong) for 61 s is given up, as
// client-go does. It ends with the command's status from the error stream (exit code 0, a
// non-zero exit code, or the server's failure), or because the connection closed without one,
// or failed (the server's Status message for a refused upgrade — read again with an
// HttpTransport, since a WebSocket handshake hands over no body — or the TLS or socket error),
// or was stopped.
//
// Output waits for the consumer in a buffer capped at `maxPendingBytes`: when the consumer
// falls behind, the stream stops reading the socket until it catches up, so the server slows
// down (TCP) and nothing is dropped. `onReady` fires once after the first output or state
// change that follows a drain, from the stream's thread (post to your own thread; do not work
// in it).
//
// Threads: construct, start(), the writers, drain(), stop() and the destructor on one consumer
// thread (usually the GUI). The socket lives on a thread of the stream's own, with a Qt event
// loop; the destructor stops the stream and returns without waiting for that thread (it ends
// as soon as a running credential plugin returns). A program waits for every such thread with
// waitForAllThreads() before it returns from main(): a socket torn down while Qt's globals are
// destroyed crashes.

#include "k8s/api/execchannel.h"
#include "k8s/api/podexecoptions.h"
#include "k8s/net/transportsettings.h"

#include <chrono>
#include <functional>
#include <memory>
#include <string>

namespace cubedesk::k8s {

class ExecStream final {
public:
    struct Options {
        TransportSettings transport;
        std::string ns;
        std::string pod;
        PodExecOptions exec;
        int columns = 80; ///< the terminal's first size (tty only)
        int rows = 24;
        std::size_t maxPendingBytes = std::size_t{4} << 20;
        std::chrono::milliseconds pingPeriod{5000};
        std::chrono::milliseconds silenceLimit{61000};
        std::chrono::milliseconds connectTimeout{30000};
    };
    enum class State {
        Connecting, ///< credentials, TCP, TLS, the upgrade
        Open,       ///< the command runs
        Ended,      ///< see Ending
    };
    enum class Ending {
        None,    ///< not ended
        Exited,  ///< the error stream gave the status (status.kind: Success or ExitCode)
        Failed,  ///< refused, broken, or the server's failure status; message says why
        Closed,  ///< the connection closed without a status (the pod went away, a proxy cut it)
        Stopped, ///< stop() was called
    };
    struct Batch {
        std::string stdoutBytes;
        std::string stderrBytes;
        State state = State::Connecting;
        Ending ending = Ending::None;
        ExecStatus status;    ///< with Exited (and Failed from a failure status)
        std::string message;  ///< why it failed or closed
        int httpStatus = 0;   ///< a refused upgrade's HTTP status
        std::string protocol; ///< the negotiated subprotocol, once open
    };

    explicit ExecStream(Options options);
    ~ExecStream();
    ExecStream(const ExecStream &) = delete;
    ExecStream &operator=(const ExecStream &) = delete;

    void start();
    /// Waits until the threads of every ExecStream of the process have finished (their
    /// sockets closed and freed), at most `timeout`; false if some have not. Any thread.
    static bool waitForAllThreads(std::chrono::milliseconds timeout);
    void stop();
    /// Bytes for the command's stdin (dropped unless stdin was asked for).
    void writeStdin(std::string bytes);
    /// The end of stdin (v5; with v4 the server cannot be told, as with kubectl).
    void closeStdin();
    /// The terminal's new size (tty only; repeated sizes are sent once).
    void resize(int columns, int rows);
    /// The output since the last call, and the state now.
    Batch drain();
    void setOnReady(std::function<void()> callback);

private:
    struct Core;
    std::shared_ptr<Core> m_core;
};

} // namespace cubedesk::k8s
