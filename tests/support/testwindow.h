#pragma once

// openTestWindow: the CubeDesk window as the ui tests open it — a MainWindow on `hub` that
// reads only `kubeconfig`, remembers nothing between runs (no settings written), shown.
// Callers then wait for what they need (usually the first cluster synced:
// firstClusterSynced()). GUI thread.

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "ui/mainwindow.h"

#include <QString>

#include <memory>
#include <string>

namespace cubedesk::test {

inline std::unique_ptr<ui::MainWindow>
openTestWindow(models::ClusterHub *hub, const std::string &kubeconfig, bool readOnly = false) {
    ui::MainWindow::Options options;
    options.kubeconfigs = {QString::fromStdString(kubeconfig)};
    options.readOnly = readOnly;
    options.remember = false;
    auto window = std::make_unique<ui::MainWindow>(hub, options);
    window->show();
    return window;
}

/// The hub has a cluster and the first one has synced (for QTRY_VERIFY).
inline bool firstClusterSynced(const models::ClusterHub &hub) {
    return !hub.clusters().isEmpty() && hub.clusters().front()->synced();
}

} // namespace cubedesk::test
