#pragma once

// ExecSession: one `pods/exec` of the simulator after the WebSocket handshake — the channel
// protocol (k8s::ExecChannel) between a client and the SimShell that plays the container's
// command. Nothing runs on the host: the shell is our own code, bytes in and bytes out.
//
// The connection is cpp-httplib's TLS connection, taken over by the request's handler once the
// 101 answer is written: the session reads and writes the SSL object itself, answers pings,
// feeds stdin, resizes (stream 4) and v5's end of stdin to the shell, writes its output on
// streams 1 and 2 (with a TTY everything is stdout), and ends with the error stream's status
// and a close frame — when the command exits, when the container stops running (exit code 137,
// as a killed process reports), when the client goes away or the simulator stops.
//
// Thread: run() blocks the request's pool thread for the whole session; the SSL object, the
// shell and the callbacks are used on that thread only and must outlive run().

#include "k8s/sim/simshell.h"

#include <atomic>
#include <functional>
#include <string>

using SSL = struct ssl_st;

namespace cubedesk::sim {

class ExecSession final {
public:
    struct Options {
        bool stdinEnabled = false;
        bool stdoutEnabled = true;
        bool stderrEnabled = true;
        bool tty = false;
        bool v5 = true;          ///< v5.channel.k8s.io (else v4: no end-of-stdin message)
        std::string commandLine; ///< for the status message ("sh -c exit 3")
    };

    /// `containerRunning` is asked about once a second; false ends the session with 137.
    ExecSession(SSL *ssl, Options options, SimShell &shell, std::function<bool()> containerRunning,
                const std::atomic<bool> &stopping);

    /// Serves the session until it ends. Returns how the command ended, for logging.
    std::string run();

private:
    bool send(const std::string &bytes);
    bool sendStream(std::uint8_t stream, std::string_view data);
    bool flushShellOutput();
    /// Ends with the error stream's `status` and a normal close.
    std::string finish(const std::string &status, std::string outcome);

    SSL *m_ssl;
    Options m_options;
    SimShell &m_shell;
    std::function<bool()> m_containerRunning;
    const std::atomic<bool> &m_stopping;
};

} // namespace cubedesk::sim
