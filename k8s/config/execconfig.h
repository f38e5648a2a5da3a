#pragma once

// ExecConfig: the `users[].user.exec` stanza of a kubeconfig (client-go credential plugins,
// docs/kubernetes-api.md), as written. `command` is already resolved against the folder of the
// defining file when it contains a path separator; a bare name stays bare (looked up on PATH).
//
// Thread-safety: a plain value type. `env` values and `args` may carry secrets: never log them.

#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace cubedesk::k8s {

struct ExecConfig {
    QString apiVersion; ///< client.authentication.k8s.io/v1 or /v1beta1
    QString command;
    QStringList args;
    std::vector<std::pair<QString, QString>> env; ///< name, value; in file order
    QString installHint;
    bool provideClusterInfo = false;
    QString interactiveMode; ///< Never | IfAvailable | Always; empty when not written

    static constexpr const char *v1 = "client.authentication.k8s.io/v1";
    static constexpr const char *v1beta1 = "client.authentication.k8s.io/v1beta1";
};

} // namespace cubedesk::k8s
