#pragma once

// Credentials: what a CredentialProvider hands to the transport for one request: a bearer token
// and/or a client certificate and key (PEM), and when they stop being valid.
//
// Thread-safety: a plain value type. Holds secrets: never log or print it.

#include <QByteArray>
#include <QDateTime>

#include <optional>

namespace cubedesk::k8s {

struct Credentials {
    QByteArray bearerToken;          ///< empty: send no Authorization header
    QByteArray clientCertificatePem; ///< empty: none (the context's own certificate applies)
    QByteArray clientKeyPem;
    std::optional<QDateTime> expiry; ///< nullopt: no known expiry
};

} // namespace cubedesk::k8s
