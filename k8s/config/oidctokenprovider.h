#pragma once

// OidcTokenProvider: the legacy `auth-provider: {name: oidc}` user (docs/kubernetes-api.md).
// Sends config.id-token as a bearer token while the JWT's `exp` claim lies in the future (a token
// whose payload cannot be read is sent as is and the server decides). Refreshing through the
// issuer with the refresh-token grant, and writing new tokens back into the kubeconfig, is not
// done: an expired token gives an error telling the user to refresh it with kubectl (or
// kubelogin) and reload. invalidate() is a no-op.
//
// Thread-safety: immutable; callable from any thread.

#include "k8s/config/credentialprovider.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>

#include <optional>

namespace cubedesk::k8s {

class OidcTokenProvider final : public CredentialProvider {
public:
    OidcTokenProvider(QByteArray idToken, QString userName, QString originFile, Clock clock = {});

    Result<Credentials, ConfigError> credentials() override;
    void invalidate() override;
    QString description() const override;

    /// The `exp` claim of a JWT (seconds since the epoch, UTC); nullopt when `jwt` is not a
    /// readable JWT or has no `exp`.
    static std::optional<QDateTime> jwtExpiry(const QByteArray &jwt);

private:
    const QByteArray m_idToken;
    const QString m_userName;
    const QString m_originFile;
    const Clock m_clock;
    const std::optional<QDateTime> m_expiry;
};

} // namespace cubedesk::k8s
