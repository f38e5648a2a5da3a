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
/// cluster's `monitoring/prometheus-k8s:9090` service proxy forwards to. The Prometheus
/// processes live on a thread of their own (started there, so the window never waits for them,
/// and stopped there when the demo ends: they die with the thread that started them); where
/// the binary is missing, stderr says so and the demo runs without GPU metrics.
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
    std::thread m_prometheusThread; ///< starts a Prometheus per cluster, stops them at the end
    std::mutex m_mutex;
    std::condition_variable m_stopRequested;
    bool m_stopping = false; ///< guarded by m_mutex
    QStringList m_files;
};
