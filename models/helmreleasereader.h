#pragma once
// HelmReleaseReader: the Helm releases of a cluster, read on demand (no watch) for the Helm
// releases window — its release Secrets (`owner=helm`, every namespace, or one) listed and
// decoded as Helm decodes them (k8s::HelmReleaseHistory: base64 twice, gunzip, JSON), with the
// Secrets that failed to decode reported beside the releases. Read-only. The values a release
// holds may be secrets of their own: they are shown on request and never logged.
//
// Threads: GUI thread only; the answer arrives through ClusterConnection::submit, on the GUI
// thread, unless `context` was destroyed. Owns nothing.

#include "k8s/api/helmreleasehistory.h"

#include <QString>

#include <functional>
#include <optional>

class QObject;

namespace cubedesk::models {

class ClusterConnection;

class HelmReleaseReader final {
public:
    HelmReleaseReader() = delete;

    struct Releases {
        QString cluster;
        QString error; ///< the list failed (RBAC: list secrets), or "" with `history`
        std::optional<k8s::HelmReleaseHistory> history;
    };
    /// Lists the release Secrets of `cluster` (`ns` "": every namespace).
    static void read(ClusterConnection *cluster, const QString &ns, const QObject *context,
                     std::function<void(Releases)> done);
};

} // namespace cubedesk::models
