#pragma once

#include "k8s/api/result.h"

#include <functional>
#include <string>
#include <vector>

namespace cubedesk::k8s {

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
    /// The bearer token to send (empty: none), or why the credential cannot be obtained.
    /// `refresh` is true after a 401 (drop caches, re-run plugins). Called on the transport's
    /// thread; may block (an exec plugin runs).
    std::function<Result<std::string, std::string>(bool refresh)> bearerToken;
    std::string userAgent = "cubedesk";
    /// Sent with every request (impersonation: Impersonate-User, Impersonate-Group, ...);
    /// like credentials, only over TLS.
    std::vector<std::string> extraHeaders;
    /// HTTP basic auth (kubeconfig username/password); only over TLS.
    std::string basicUser;
    std::string basicPassword;
};

} // namespace cubedesk::k8s
