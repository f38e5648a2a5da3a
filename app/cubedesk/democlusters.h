#pragma once

#include "k8s/sim/prometheusprocess.h"
#include "k8s/sim/simulator.h"

#include <QStringList>
#include <QTemporaryDir>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

/// `--demo`: two simulated clusters in this process, `dev` and `dev1` (demo scenario, light
/// churn), each with a kubeconfig in a private temporary folder, so the app connects to them
/// through its real kubeconfig, TLS and HTTP stack; and, where Debian's `prometheus` is
/// installed, a real Prometheus per cluster scraping its dcgm-exporter endpoints, which the
/// cluster's `monitoring/prometheus-k8s:9090` service proxy forwards to; once one answers, the
/// 24 h before its start of the DCGM fields CubeDesk reads are stored in it
/// (Simulator::writeDcgmHistory, every 3 minutes; PrometheusProcess::addHistory, loaded within a
/// minute), so the charts and the Idle and waste report have a day to show. Each
/// Prometheus lives on a thread of its own (started there, so the window never waits for it, and
/// stopped there when the demo ends: it dies with the thread that started it); where the binary
/// is missing, stderr says so once and the demo runs without GPU metrics.
/// Lives as long as the app; GUI thread only.
class DemoClusters final {
public:
    DemoClusters() = default;
    ~DemoClusters();
    DemoClusters(const DemoClusters &) = delete;
    DemoClusters &operator=(const DemoClusters &) = delete;
    /// Starts both clusters (once: later calls do nothing); returns an error text, or an empty
    /// string on success.
    QString start();
    /// The kubeconfig files, one per cluster.
    QStringList kubeconfigFiles() const { return m_files; }

private:
    QTemporaryDir m_dir;
    std::vector<std::unique_ptr<cubedesk::sim::Simulator>> m_simulators;
    /// One per cluster: starts its Prometheus, stops it at the end.
    std::vector<std::thread> m_prometheusThreads;
    std::mutex m_mutex;
    std::condition_variable m_stopRequested;
    bool m_stopping = false; ///< guarded by m_mutex
    QStringList m_files;
};
