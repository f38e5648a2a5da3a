#include "k8s/sim/execsession.h"

#include "k8s/api/execchannel.h"
#include "k8s/sim/websocketframes.h"

#include <algorithm>
#include <chrono>
#include <openssl/ssl.h>

#include <poll.h>

namespace cubedesk::sim {

namespace {

using Clock = std::chrono::steady_clock;
constexpr std::size_t kPumpBudget = std::size_t{256} << 10;
constexpr std::size_t kMaxFramePayload = std::size_t{64} << 10;

} // namespace

ExecSession::ExecSession(SSL *ssl, Options options, SimShell &shell,
                         std::function<bool()> containerRunning, const std::atomic<bool> &stopping)
    : m_ssl(ssl)
    , m_options(std::move(options))
    , m_shell(shell)
    , m_containerRunning(std::move(containerRunning))
    , m_stopping(stopping) {}

bool ExecSession::send(const std::string &bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const int n =
            SSL_write(m_ssl, bytes.data() + done,
                      static_cast<int>(std::min<std::size_t>(bytes.size() - done, 1 << 20)));
        if (n <= 0)
            return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

bool ExecSession::sendStream(std::uint8_t stream, std::string_view data) {
    for (std::size_t at = 0; at < data.size(); at += kMaxFramePayload) {
        const auto part = data.substr(at, kMaxFramePayload);
        if (!send(WebSocketFrames::frame(
                WebSocketFrames::Binary,
                k8s::ExecChannel::message(static_cast<k8s::ExecChannel::Stream>(stream), part))))
            return false;
    }
    return true;
}

bool ExecSession::flushShellOutput() {
    std::string out = m_shell.takeStdout();
    std::string err = m_shell.takeStderr();
    if (m_options.tty) { // a terminal merges the two
        out += err;
        err.clear();
    }
    if (!out.empty() && m_options.stdoutEnabled && !sendStream(k8s::ExecChannel::Stdout, out))
        return false;
    if (!err.empty() && m_options.stderrEnabled && !sendStream(k8s::ExecChannel::Stderr, err))
        return false;
    return true;
}

std::string ExecSession::finish(const std::string &status, std::string outcome) {
    if (sendStream(k8s::ExecChannel::Error, status))
        send(WebSocketFrames::closeFrame(1000, ""));
    return outcome;
}

std::string ExecSession::run() {
    if (!m_options.stdinEnabled)
        m_shell.closeInput(); // no stdin attached: the command reads end-of-file
    const int fd = SSL_get_fd(m_ssl);
    WebSocketFrames::Reader reader;
    std::string buffer(std::size_t{64} << 10, '\0');
    auto nextAliveCheck = Clock::now() + std::chrono::seconds(1);
    while (true) {
        if (m_stopping.load()) {
            send(WebSocketFrames::closeFrame(1001, "the simulator stops"));
            return "the simulator stopped";
        }
        const auto now = Clock::now();
        m_shell.advance(now);
        if (m_shell.producing())
            m_shell.pump(kPumpBudget);
        if (!flushShellOutput())
            return "the client went away";
        if (m_shell.finished()) {
            const int code = m_shell.exitCode();
            return finish(code == 0 ? k8s::ExecStatus::successJson()
                                    : k8s::ExecStatus::exitCodeJson(code, m_options.commandLine),
                          "exit code " + std::to_string(code));
        }
        if (now >= nextAliveCheck) {
            nextAliveCheck = now + std::chrono::seconds(1);
            if (!m_containerRunning())
                return finish(k8s::ExecStatus::exitCodeJson(137, m_options.commandLine),
                              "the container stopped");
        }
        int timeoutMs = 0;
        if (!m_shell.producing()) {
            auto until = nextAliveCheck;
            if (auto wake = m_shell.nextWake())
                until = std::min(until, *wake);
            timeoutMs = static_cast<int>(std::clamp<std::int64_t>(
                std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count(),
                0, 200)); // m_stopping is looked at every 200 ms
        }
        bool readable = SSL_pending(m_ssl) > 0;
        if (!readable) {
            pollfd p{fd, POLLIN, 0};
            const int r = ::poll(&p, 1, timeoutMs);
            readable = r > 0;
            if (r > 0 && (p.revents & (POLLERR | POLLNVAL)) != 0)
                return "the connection broke";
        }
        if (!readable)
            continue;
        const int n = SSL_read(m_ssl, buffer.data(), static_cast<int>(buffer.size()));
        if (n <= 0)
            return "the client went away";
        reader.feed(std::string_view(buffer.data(), static_cast<std::size_t>(n)));
        while (auto message = reader.next()) {
            switch (message->opcode) {
            case WebSocketFrames::Ping:
                if (!send(WebSocketFrames::frame(WebSocketFrames::Pong, message->payload)))
                    return "the client went away";
                break;
            case WebSocketFrames::Pong:
                break;
            case WebSocketFrames::Close:
                send(WebSocketFrames::closeFrame(1000, ""));
                return "the client closed the connection";
            default: {
                if (message->payload.empty())
                    break;
                const auto stream = static_cast<std::uint8_t>(message->payload[0]);
                const std::string_view data = std::string_view(message->payload).substr(1);
                if (stream == k8s::ExecChannel::Stdin && m_options.stdinEnabled) {
                    m_shell.input(data);
                } else if (stream == k8s::ExecChannel::Resize && m_options.tty) {
                    if (auto size = k8s::ExecChannel::parseResize(data))
                        m_shell.resize(size->first, size->second);
                } else if (stream == k8s::ExecChannel::CloseStream && m_options.v5 &&
                           !data.empty() &&
                           static_cast<std::uint8_t>(data[0]) == k8s::ExecChannel::Stdin) {
                    m_shell.closeInput();
                }
                break;
            }
            }
        }
        if (!reader.error().empty()) {
            send(WebSocketFrames::closeFrame(1002, reader.error()));
            return "protocol error: " + reader.error();
        }
    }
}

} // namespace cubedesk::sim
