#pragma once

// PrometheusProcess: a real Prometheus server (Debian's `prometheus` package) that scrapes a
// simulated cluster's dcgm-exporter endpoints, for the tests, `cubedesk --demo` and
// `cubedesk-sim --prometheus`. The simulator's service proxy forwards the platform's
// `monitoring/prometheus-k8s:9090` to it, so clients query it as they would in a cluster.
//
// It is started by whoever runs the simulator, never on a client's request. The scrape job is
// the one prometheus-operator generates for the platform's ServiceMonitor (job name
// serviceMonitor/monitoring/dcgm-exporter/0, honor_labels false) over file_sd targets
// (DcgmEndpoints::scrapeTargets) that carry the operator's target labels.
//
// start() writes the configuration into a private temporary folder, optionally fills its
// storage with history first (a HistoryWriter's OpenMetrics text turned into blocks by
// `promtool tsdb create-blocks-from openmetrics`: DCGM readings of the past,
// DcgmEndpoints::writeHistory; without promtool, or when it fails, Prometheus starts without
// history and historyError() says why; addHistory() does the same for a running server, which
// picks the blocks up within a minute: the demo's way, so that it answers at once), runs the
// binary directly (no shell), and returns once `/-/ready` answers 200 — or with the reason and the
// end of Prometheus's own log when it exits or is not ready in time. stop() terminates it and
// removes the folder. On Linux the server is also terminated when the thread that started it ends
// (PR_SET_PDEATHSIG follows the thread), so that a crash leaves no server behind.
//
// Threads: one owner thread, which must live as long as the server; not copyable.

#include <chrono>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <sys/types.h>
#include <vector>

namespace cubedesk::sim {

class PrometheusProcess final {
public:
    struct Options {
        std::string binary = "prometheus"; ///< a path, or a name looked up on PATH
        std::string promtool = "promtool"; ///< the same, for history
        std::chrono::seconds scrapeInterval{15};
        std::chrono::seconds readyTimeout{60};
    };

    explicit PrometheusProcess(Options options);
    ~PrometheusProcess();
    PrometheusProcess(const PrometheusProcess &) = delete;
    PrometheusProcess &operator=(const PrometheusProcess &) = delete;

    /// The executable `name` resolves to (itself when it holds a '/'), if there is one.
    static std::optional<std::string> findBinary(const std::string &name);

    /// Writes OpenMetrics text of the past; false when it could not.
    using HistoryWriter = std::function<bool(std::ostream &)>;

    /// Starts scraping `targets` (file_sd target groups), with `history` stored first when
    /// given; nullopt once ready, else why not.
    std::optional<std::string> start(const nlohmann::json &targets,
                                     const HistoryWriter &history = {});
    /// Why the history given to start() is not stored ("" when it is, or none was given).
    const std::string &historyError() const { return m_historyError; }
    /// Stores `history` while the server runs: promtool's blocks, made in a folder of their
    /// own, are moved into its storage, which Prometheus loads at its next block reload (within
    /// a minute). So a server answers at once and has its past a little later. Blocks the
    /// calling thread (the owner) for the writing and promtool; nullopt, else why not.
    std::optional<std::string> addHistory(const HistoryWriter &history);
    /// Replaces the targets (Prometheus rereads the file by itself).
    void updateTargets(const nlohmann::json &targets);
    void stop();
    /// "http://127.0.0.1:PORT" once started.
    std::string url() const;
    bool running() const { return m_pid > 0; }

private:
    std::string tailOfLog() const;
    /// Runs `args` (no shell) with stdout and stderr into `logPath`; the child's pid, or -1.
    static pid_t spawn(std::vector<std::string> args, const std::string &logPath);
    /// Writes `history` and has promtool make blocks of it in `into`; nullopt, else why not.
    std::optional<std::string> backfill(const HistoryWriter &history, const std::string &into);

    Options m_options;
    std::string m_dir;
    int m_port = -1;
    pid_t m_pid = -1;
    std::string m_historyError;
};

} // namespace cubedesk::sim
