#include "k8s/config/statictokenprovider.h"

namespace cubedesk::k8s {

StaticTokenProvider::StaticTokenProvider(QByteArray token, QString userName)
    : m_token(std::move(token))
    , m_userName(std::move(userName)) {}

Result<Credentials, ConfigError> StaticTokenProvider::credentials() {
    Credentials c;
    c.bearerToken = m_token;
    return c;
}

void StaticTokenProvider::invalidate() {}

QString StaticTokenProvider::description() const {
    return QStringLiteral("token of user \"") + m_userName + QLatin1Char('"');
}

} // namespace cubedesk::k8s
