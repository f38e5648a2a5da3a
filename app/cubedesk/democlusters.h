#pragma once

#include "k8s/sim/simulator.h"

#include <QStringList>
#include <QTemporaryDir>

#include <memory>
#include <vector>

/// `--demo`: two simulated clusters in this process, `dev` and `dev1` (demo scenario, light
/// churn), each with a kubeconfig in a private temporary folder, so the app connects to them
/// through its real kubeconfig, TLS and HTTP stack. Lives as long as the app; GUI thread only.
class DemoClusters final {
public:
    DemoClusters() = default;
    /// Starts both clusters (once: later calls do nothing); returns an error text, or an empty
    /// string on success.
    QString start();
    /// The kubeconfig files, one per cluster.
    QStringList kubeconfigFiles() const { return m_files; }

private:
    QTemporaryDir m_dir;
    std::vector<std::unique_ptr<cubedesk::sim::Simulator>> m_simulators;
    QStringList m_files;
};
