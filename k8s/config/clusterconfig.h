#pragma once

// ClusterConfig: one `clusters[]` entry of a kubeconfig file as written, after loading (paths
// already made absolute against the folder of `originFile`, docs/kubernetes-api.md). Nothing is
// read or decoded yet; ContextResolver does that.
//
// Thread-safety: a plain value type. Ownership: holds copies; certificateAuthorityData is the
// base64 text from the file (not secret, but never logged either).

#include "k8s/config/configerror.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace cubedesk::k8s {

struct ClusterConfig {
    QString name;
    QString originFile; ///< the kubeconfig file that defined this entry

    QString server;                      ///< as written; may lack a scheme
    QString certificateAuthority;        ///< absolute path, or empty
    QByteArray certificateAuthorityData; ///< base64 text as written, or empty
    bool insecureSkipTlsVerify = false;
    QString tlsServerName;
    QString proxyUrl;
    bool disableCompression = false;
    /// `extensions[name=client.authentication.k8s.io/exec].extension` as compact JSON (keys
    /// sorted, as kubectl passes it to exec plugins); nullopt when absent.
    std::optional<QByteArray> execExtensionJson;

    /// Fields that could not be read (wrong YAML type ...). A context using this cluster does
    /// not resolve while this is non-empty.
    std::vector<ConfigError> problems;
};

} // namespace cubedesk::k8s
