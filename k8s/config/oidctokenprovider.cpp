#include "k8s/config/oidctokenprovider.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>

namespace cubedesk::k8s {

OidcTokenProvider::OidcTokenProvider(QByteArray idToken, QString userName, QString originFile,
                                     Clock clock)
    : m_idToken(std::move(idToken))
    , m_userName(std::move(userName))
    , m_originFile(std::move(originFile))
    , m_clock(std::move(clock))
    , m_expiry(jwtExpiry(m_idToken)) {}

Result<Credentials, ConfigError> OidcTokenProvider::credentials() {
    if (m_expiry && CredentialProvider::now(m_clock) >= *m_expiry) {
        return ConfigError{m_originFile, ConfigError::userEntry(m_userName),
                           QStringLiteral("auth-provider.config.id-token"),
                           QStringLiteral("the oidc id-token expired at ") +
                               m_expiry->toString(Qt::ISODate) +
                               QStringLiteral("; CubeDesk does not refresh OIDC tokens: refresh "
                                              "it (for example by running a kubectl command "
                                              "with this context) and reload the kubeconfig")};
    }
    Credentials c;
    c.bearerToken = m_idToken;
    c.expiry = m_expiry;
    return c;
}

void OidcTokenProvider::invalidate() {}

QString OidcTokenProvider::description() const {
    return QStringLiteral("oidc id-token of user \"") + m_userName + QLatin1Char('"');
}

std::optional<QDateTime> OidcTokenProvider::jwtExpiry(const QByteArray &jwt) {
    const QList<QByteArray> parts = jwt.split('.');
    if (parts.size() != 3)
        return std::nullopt;
    const QByteArray::FromBase64Result payload = QByteArray::fromBase64Encoding(
        parts[1], QByteArray::Base64UrlEncoding | QByteArray::AbortOnBase64DecodingErrors);
    if (!payload)
        return std::nullopt;
    const QJsonDocument doc = QJsonDocument::fromJson(*payload);
    if (!doc.isObject())
        return std::nullopt;
    const QJsonValue exp = doc.object().value(QStringLiteral("exp"));
    if (!exp.isDouble())
        return std::nullopt;
    return QDateTime::fromSecsSinceEpoch(static_cast<qint64>(exp.toDouble()), Qt::UTC);
}

} // namespace cubedesk::k8s
