#pragma once

#include "k8s/api/result.h"

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace cubedesk::k8s {

/// What a credential source hands the transport: a bearer token and/or a client certificate
/// with its key (PEM), and when they stop being valid. Holds secrets: never log it.
struct TransportCredential {
    std::string bearerToken;          ///< empty: no Authorization header
    std::string clientCertificatePem; ///< empty: the settings' own certificate, if any
    std::string clientKeyPem;
    std::optional<std::chrono::system_clock::time_point> expiry; ///< nullopt: none known
};

/// How to reach one API server: everything HttpTransport needs, secrets in memory only.
/// Built from a resolved kubeconfig context; plain value type.
struct TransportSettings {
    std::string server; ///< "https://host:port[/prefix]"
    std::string caPem;  ///< empty: the system trust store
    bool insecureSkipTlsVerify = false;
    std::string tlsServerName; ///< SNI and the name verified in the server certificate
    std::string proxyUrl;      ///< http://, https:// or socks5://; empty: *_PROXY environment
    bool disableCompression = false;
    std::string clientCertificatePem;
    std::string clientKeyPem;
    /// The credential to send, or why it cannot be obtained (null: send none). `rejected` is
    /// the credential the server refused (a 401) or that is about to expire, else null: a
    /// source refreshes only while its cached credential is still that one. Called on a thread
    /// of its own, one call at a time per transport, never on the thread that runs perform():
    /// it may block (an exec plugin runs) without stopping anything else.
    std::function<Result<TransportCredential, std::string>(const TransportCredential *rejected)>
        credential;
    std::string userAgent = "cubedesk";
    /// Sent with every request (impersonation: Impersonate-User, Impersonate-Group, ...);
    /// like credentials, only over TLS.
    std::vector<std::string> extraHeaders;
    /// HTTP basic auth (kubeconfig username/password); only over TLS.
    std::string basicUser;
    std::string basicPassword;
};

} // namespace cubedesk::k8s
