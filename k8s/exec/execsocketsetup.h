#pragma once

// ExecSocketSetup: a cluster's TransportSettings in QtWebSockets' terms, for ExecStream — the
// one place where the kubeconfig's connection settings meet Qt's network classes:
//  - the wss:// (ws://) URL of a request path under the server URL and its prefix;
//  - TLS: the CA (which replaces the system trust store, as client-go does), the client
//    certificate and key (the settings' or a credential plugin's), insecure-skip-tls-verify;
//  - tls-server-name: the certificate is verified against that name instead of the URL's
//    host (acceptsCertificateFor(); QWebSocket offers no way to set the name it checks, so the
//    host-name mismatch it reports is re-checked here — the SNI sent stays the URL's host);
//  - the proxy: the kubeconfig's proxy-url, else Go's ProxyFromEnvironment rules (HTTPS_PROXY
//    or HTTP_PROXY by scheme, NO_PROXY with domains, IPs and CIDRs, never for loopback);
//    http:// and socks5:// proxies (an https:// proxy is refused: Qt cannot speak TLS to one);
//  - headers: Authorization (bearer token or basic), impersonation, User-Agent — credentials
//    only over TLS, as HttpTransport sends them.
//
// Thread-safety: pure functions; the Qt values they return belong to the calling thread.

#include "k8s/api/result.h"
#include "k8s/net/transportsettings.h"

#include <QList>
#include <QNetworkProxy>
#include <QNetworkRequest>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslError>

#include <functional>
#include <string>

namespace cubedesk::k8s {

class ExecSocketSetup final {
public:
    ExecSocketSetup() = delete;

    struct Setup {
        QNetworkRequest request;
        QSslConfiguration ssl;
        QNetworkProxy proxy;
        QString verifyName; ///< tls-server-name, or empty
    };
    /// Everything to open `path` ("/api/v1/namespaces/…/exec?…"), or why it cannot be done
    /// safely. `credential` may be null (none needed or none configured).
    static Result<Setup, std::string> make(const TransportSettings &settings,
                                           const TransportCredential *credential,
                                           const std::string &path);

    /// The proxy for `server` (an http(s) URL): `proxyUrl` when set, else the environment as
    /// Go reads it through `env` (a getenv). NoProxy for a direct connection; an error for a
    /// proxy Qt cannot use.
    static Result<QNetworkProxy, std::string>
    proxyFor(const QUrl &server, const std::string &proxyUrl,
             const std::function<std::string(const char *)> &env);

    /// True when the only problems QSslSocket found are host-name mismatches and `peer` is
    /// valid for `name` (its DNS or IP subject alternative names, wildcards as RFC 6125).
    static bool acceptsCertificateFor(const QList<QSslError> &errors, const QSslCertificate &peer,
                                      const QString &name);
};

} // namespace cubedesk::k8s
