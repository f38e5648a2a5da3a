#pragma once

#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace cubedesk::test {

/// A child process started without a shell (posix_spawnp), with its stdout and stderr collected
/// on a reader thread. Used by tests to drive cubedesk-sim and kubectl.
/// Thread-safety: one owner thread; output accessors are safe while the reader runs.
class Process final {
public:
    struct Result {
        int exitCode = -1; ///< -1 when killed by a signal or timed out
        std::string out;
        std::string err;
    };

    /// Starts argv[0] (looked up on PATH) with the current environment plus `env`; its stdin is
    /// `input` (written from a thread, then closed), or /dev/null.
    explicit Process(std::vector<std::string> argv, std::map<std::string, std::string> env = {},
                     std::optional<std::string> input = std::nullopt);
    ~Process();
    Process(const Process &) = delete;
    Process &operator=(const Process &) = delete;

    bool started() const { return m_pid > 0; }
    /// The child's process id (-1 before it started).
    int pid() const { return m_pid; }
    /// Waits until stdout contains `text` (true) or the timeout passes / the process ends (false).
    bool waitForOutput(const std::string &text, std::chrono::milliseconds timeout);
    std::string out() const;
    std::string err() const;
    /// Sends SIGTERM (SIGKILL after 10 s) and reaps the process; returns what it printed.
    Result terminate();
    /// Waits for exit up to `timeout` (then kills it).
    Result wait(std::chrono::milliseconds timeout);

    /// Runs a command to completion.
    static Result run(std::vector<std::string> argv,
                      std::chrono::milliseconds timeout = std::chrono::seconds(60),
                      std::map<std::string, std::string> env = {},
                      std::optional<std::string> input = std::nullopt);

private:
    void reap(int options);

    int m_pid = -1;
    int m_status = -1;
    bool m_reaped = false;
    int m_outFd = -1;
    int m_errFd = -1;
    mutable std::mutex m_mutex;
    std::string m_out;
    std::string m_err;
    std::thread m_reader;
    std::thread m_writer;
};

/// A fresh directory under $TMPDIR, removed with its contents on destruction.
class TempDir final {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir &) = delete;
    TempDir &operator=(const TempDir &) = delete;
    const std::string &path() const { return m_path; }
    std::string file(const std::string &name) const { return m_path + '/' + name; }

private:
    std::string m_path;
};

} // namespace cubedesk::test
