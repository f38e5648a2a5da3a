#include "k8s/config/tokenfileprovider.h"

#include "k8s/config/configlogging.h"

#include <QFile>

namespace cubedesk::k8s {

namespace {
constexpr qint64 maxTokenFileSize = qint64{1024} * 1024;
}

TokenFileProvider::TokenFileProvider(QString path, QByteArray initialToken, QString userName,
                                     QString originFile, Clock clock)
    : m_path(std::move(path))
    , m_userName(std::move(userName))
    , m_originFile(std::move(originFile))
    , m_clock(std::move(clock))
    , m_token(std::move(initialToken)) {}

Result<Credentials, ConfigError> TokenFileProvider::credentials() {
    const std::lock_guard lock(m_mutex);
    const QDateTime now = CredentialProvider::now(m_clock);
    const bool due =
        !m_lastRead.isValid() ||
        m_lastRead.msecsTo(now) >=
            std::chrono::duration_cast<std::chrono::milliseconds>(refreshPeriod).count() ||
        now < m_lastRead; // the clock went back: do not wait for it
    if (due) {
        ++m_readCount;
        Result<QByteArray, ConfigError> read = readFile();
        if (read.ok()) {
            m_token = std::move(read).value();
            m_lastRead = now;
        } else if (!m_token.isEmpty()) {
            qCWarning(lcK8sConfig).noquote()
                << read.error().toString() << "- keeping the previous token";
            m_lastRead = now;
        } else {
            return read.error();
        }
    }
    Credentials c;
    c.bearerToken = m_token;
    return c;
}

void TokenFileProvider::invalidate() {
    const std::lock_guard lock(m_mutex);
    m_lastRead = QDateTime();
}

QString TokenFileProvider::description() const {
    return QStringLiteral("token file ") + m_path;
}

int TokenFileProvider::readCount() const {
    const std::lock_guard lock(m_mutex);
    return m_readCount;
}

Result<QByteArray, ConfigError> TokenFileProvider::readFile() const {
    const auto error = [this](const QString &message) {
        return ConfigError{m_originFile, ConfigError::userEntry(m_userName),
                           QStringLiteral("tokenFile"), message};
    };
    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly))
        return error(QStringLiteral("cannot read token file ") + m_path + QStringLiteral(": ") +
                     file.errorString());
    const QByteArray token = file.read(maxTokenFileSize).trimmed();
    if (file.error() != QFileDevice::NoError)
        return error(QStringLiteral("cannot read token file ") + m_path + QStringLiteral(": ") +
                     file.errorString());
    if (token.isEmpty())
        return error(QStringLiteral("token file ") + m_path + QStringLiteral(" is empty"));
    return token;
}

} // namespace cubedesk::k8s
