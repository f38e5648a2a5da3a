#pragma once

// StaticTokenProvider: the `token` of a kubeconfig user, sent as a bearer token. There is
// nothing to refresh: invalidate() is a no-op (a 401 stays a 401).
//
// Thread-safety: immutable; callable from any thread.

#include "k8s/config/credentialprovider.h"

#include <QByteArray>
#include <QString>

namespace cubedesk::k8s {

class StaticTokenProvider final : public CredentialProvider {
public:
    StaticTokenProvider(QByteArray token, QString userName);

    Result<Credentials, ConfigError> credentials() override;
    void invalidate() override;
    QString description() const override;

private:
    const QByteArray m_token;
    const QString m_userName;
};

} // namespace cubedesk::k8s
