#pragma once

// ExecChannel: the channel protocol that carries exec over a WebSocket (v5.channel.k8s.io and
// v4.channel.k8s.io, docs/kubernetes-api.md, "Exec"). Every binary message starts with one
// byte naming its stream: 0 stdin, 1 stdout, 2 stderr, 3 the error stream (one metav1.Status
// when the command ends), 4 terminal resizes ({"Width":W,"Height":H}); v5 adds 255, "close
// this stream" (followed by the stream's byte), which is how a client says stdin ended.
//
// ExecStatus reads the error stream as client-go's v4 decoder does, and writes it as the
// kubelet does — one vocabulary for the client and the simulator.
//
// Thread-safety: pure functions and plain values.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace cubedesk::k8s {

class ExecChannel final {
public:
    ExecChannel() = delete;

    enum Stream : std::uint8_t {
        Stdin = 0,
        Stdout = 1,
        Stderr = 2,
        Error = 3,
        Resize = 4,
        CloseStream = 255, ///< v5 only
    };
    static constexpr std::string_view kV5 = "v5.channel.k8s.io";
    static constexpr std::string_view kV4 = "v4.channel.k8s.io";
    /// What a client offers, in its order of preference ("v5.channel.k8s.io, v4.channel.k8s.io").
    static std::string offeredProtocols();

    /// One message: the stream byte, then `data`.
    static std::string message(Stream stream, std::string_view data);
    /// A resize message for a terminal of `columns` × `rows` cells.
    static std::string resize(int columns, int rows);
    /// v5's "stdin has ended" message.
    static std::string closeStdin();
    /// The size in a resize message's payload (after the stream byte); nullopt when malformed
    /// or not positive.
    static std::optional<std::pair<int, int>> parseResize(std::string_view payload);
};

/// How a remote command ended, from the error stream's metav1.Status.
struct ExecStatus {
    enum class Kind {
        Success,  ///< exit code 0
        ExitCode, ///< ran and exited non-zero: `exitCode`
        Failure,  ///< did not run, or the stream broke: `message`
    };
    Kind kind = Kind::Success;
    int exitCode = 0;
    std::string message; ///< for people (Failure; ExitCode: "command terminated with exit code N")

    /// The exit status a command line reports: 0, the command's code, or 1 for a failure.
    int processExitCode() const { return kind == Kind::Failure ? 1 : exitCode; }

    /// client-go's v4 decoding; an empty stream (the connection closed without a status) is
    /// Success, as client-go reads it.
    static ExecStatus fromErrorStream(std::string_view json);
    /// The kubelet's error-stream documents: Success, NonZeroExitCode with its ExitCode cause,
    /// or a Failure with `message` (InternalError).
    static std::string successJson();
    static std::string exitCodeJson(int code, std::string_view commandLine);
    static std::string failureJson(std::string_view message);
};

} // namespace cubedesk::k8s
