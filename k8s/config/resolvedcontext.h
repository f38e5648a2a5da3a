#pragma once

// ResolvedContext: everything a connection to one kubeconfig context needs, with every
// referenced file already read, base64 decoded and checked (docs/kubernetes-api.md). Produced
// by Kubeconfig::resolve(); consumed by the session/transport layer.
//
// Secrets (client key, password, what the credential provider returns) live in memory only;
// never log them. Bearer tokens come from `credentialProvider` per request, so that token files
// and exec plugins can refresh; it is null when the user has no bearer source.
//
// Thread-safety: a value type; copies share the credential provider, which is itself
// thread-safe.

#include "k8s/config/credentialprovider.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <map>
#include <memory>

namespace cubedesk::k8s {

struct ResolvedContext {
    /// Impersonation headers (Impersonate-User, -Uid, -Group, -Extra-*).
    struct Impersonation {
        QString user;
        QString uid;
        QStringList groups;
        std::map<QString, QStringList> extra;
        bool isEmpty() const { return user.isEmpty(); }
    };

    QString contextName;
    QString clusterName;
    QString userName;
    QString originFile; ///< the file that defined the context

    QUrl server;           ///< scheme added as client-go does; may carry a path prefix
    QString namespaceName; ///< the context's namespace, "default" when unset

    QByteArray caPem; ///< empty: use the system roots
    bool insecureSkipTlsVerify = false;
    QString tlsServerName;
    QUrl proxyUrl; ///< http, https or socks5; empty: the *_PROXY environment applies
    bool disableCompression = false;

    QByteArray clientCertificatePem; ///< from the kubeconfig; empty when none
    QByteArray clientKeyPem;

    QString username; ///< HTTP basic auth (never together with a bearer source)
    QByteArray password;

    Impersonation impersonation;

    std::shared_ptr<CredentialProvider> credentialProvider;

    /// True when the server URL is https: only then may credentials be sent (client-go sends
    /// user credentials over TLS only, docs/kubernetes-api.md).
    bool usesTls() const;
};

} // namespace cubedesk::k8s
