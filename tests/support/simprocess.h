#pragma once

#include "tests/support/process.h"

#include <memory>
#include <string>
#include <vector>

namespace cubedesk::test {

/// A `cubedesk-sim` child process for tests: started with the given flags plus a kubeconfig in a
/// private temporary directory, ready once it printed its "listening on" line. Fails loudly
/// (`error()` says why) when the binary is missing or does not come up within 240 s.
class SimProcess final {
public:
    explicit SimProcess(std::vector<std::string> flags);
    ~SimProcess();

    bool ready() const { return m_ready; }
    const std::string &error() const { return m_error; }
    const std::string &url() const { return m_url; }
    const std::string &kubeconfig() const { return m_kubeconfig; }
    std::string stderrText() const { return m_process ? m_process->err() : std::string(); }
    /// What the simulator printed on stdout so far ("listening on …", "churn finished: …").
    std::string stdoutText() const { return m_process ? m_process->out() : std::string(); }
    /// The simulator's process id (-1 when it did not start).
    int pid() const { return m_process ? m_process->pid() : -1; }

    /// Runs kubectl against this simulator (own discovery cache, no shell).
    Process::Result kubectl(std::vector<std::string> args,
                            std::chrono::milliseconds timeout = std::chrono::seconds(60),
                            std::optional<std::string> input = std::nullopt) const;
    /// Starts a long-running kubectl (for `get -w`).
    std::unique_ptr<Process> kubectlAsync(std::vector<std::string> args) const;
    std::vector<std::string> kubectlArgs(std::vector<std::string> args) const;
    const TempDir &dir() const { return m_dir; }

    /// The path of the cubedesk-sim binary under test.
    static std::string binary();
    /// The path of the cubedesk binary under test.
    static std::string appBinary();

private:
    TempDir m_dir;
    std::unique_ptr<Process> m_process;
    std::string m_kubeconfig;
    std::string m_url;
    std::string m_error;
    bool m_ready = false;
};

} // namespace cubedesk::test
