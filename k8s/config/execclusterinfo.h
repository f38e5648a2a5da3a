#pragma once

// ExecClusterInfo: the cluster facts an exec plugin receives in KUBERNETES_EXEC_INFO when the
// user sets `provideClusterInfo: true` (docs/kubernetes-api.md).
//
// Thread-safety: a plain value type.

#include <QByteArray>
#include <QString>

#include <optional>

namespace cubedesk::k8s {

struct ExecClusterInfo {
    QString server; ///< as written in the kubeconfig (kubectl passes it unchanged)
    QString tlsServerName;
    bool insecureSkipTlsVerify = false;
    QByteArray certificateAuthorityData; ///< CA bytes (PEM); sent base64 encoded
    QString proxyUrl;
    bool disableCompression = false;
    /// Compact JSON of the cluster's client.authentication.k8s.io/exec extension; nullopt
    /// gives "config":null.
    std::optional<QByteArray> configJson;
};

} // namespace cubedesk::k8s
