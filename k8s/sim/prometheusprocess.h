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
// start() writes the configuration into a private temporary folder, runs the binary directly
// (no shell), and returns once `/-/ready` answers 200 — or with the reason and the end of
// Prometheus's own log when it exits or is not ready in time. stop() terminates it and removes
// the folder. On Linux the server is also terminated when the thread that started it ends
// (PR_SET_PDEATHSIG follows the thread), so that a crash leaves no server behind.
//
// Threads: one owner thread, which must live as long as the server; not copyable.

#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <sys/types.h>

namespace cubedesk::sim {

class PrometheusProcess final {
public:
    struct Options {
        std::string binary = "prometheus"; ///< a path, or a name looked up on PATH
        std::chrono::seconds scrapeInterval{15};
        std::chrono::seconds readyTimeout{60};
    };

    explicit PrometheusProcess(Options options);
    ~PrometheusProcess();
    PrometheusProcess(const PrometheusProcess &) = delete;
    PrometheusProcess &operator=(const PrometheusProcess &) = delete;

    /// The executable `name` resolves to (itself when it holds a '/'), if there is one.
    static std::optional<std::string> findBinary(const std::string &name);

    /// Starts scraping `targets` (file_sd target groups); nullopt once ready, else why not.
    std::optional<std::string> start(const nlohmann::json &targets);
    /// Replaces the targets (Prometheus rereads the file by itself).
    void updateTargets(const nlohmann::json &targets);
    void stop();
    /// "http://127.0.0.1:PORT" once started.
    std::string url() const;
    bool running() const { return m_pid > 0; }

private:
    std::string tailOfLog() const;

    Options m_options;
    std::string m_dir;
    int m_port = -1;
    pid_t m_pid = -1;
};

} // namespace cubedesk::sim
