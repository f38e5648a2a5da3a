#pragma once

// ExecCredentialJson: the JSON of client.authentication.k8s.io ExecCredential objects
// (docs/kubernetes-api.md):
//   - execInfo() builds KUBERNETES_EXEC_INFO byte for byte as kubectl 1.32 does (field order of
//     the Go types, Go's HTML-safe escaping, omitted empty fields, "config":null);
//   - parseOutput() reads a plugin's standard output and checks it (same apiVersion, kind,
//     status with a token and/or a PEM certificate + key, RFC 3339 expirationTimestamp).
// Error texts never contain the output itself or any credential.
//
// Thread-safety: stateless; callable from any thread.

#include "k8s/api/result.h"
#include "k8s/config/credentials.h"
#include "k8s/config/execclusterinfo.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace cubedesk::k8s {

class ExecCredentialJson final {
public:
    ExecCredentialJson() = delete;

    static QByteArray execInfo(const QString &apiVersion,
                               const std::optional<ExecClusterInfo> &cluster,
                               bool interactive = false);

    /// The credentials in `output`, or an error message (no secrets).
    static Result<Credentials, QString> parseOutput(const QString &apiVersion,
                                                    const QByteArray &output);
};

} // namespace cubedesk::k8s
