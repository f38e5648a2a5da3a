#pragma once

// TokenFileProvider: the `tokenFile` of a kubeconfig user (docs/kubernetes-api.md), e.g. a
// projected service-account token that is rotated on disk. The file is read on first use and
// re-read at most once per refreshPeriod (a minute, as client-go), or on the next call after
// invalidate(). Surrounding whitespace is trimmed; an empty file is an error. When the user also
// has a `token`, that token is the initial value: it is used until the file is readable, and a
// failed re-read keeps the last good token (logged without its value).
//
// Thread-safety: all members may be called concurrently from any thread (one mutex; reading a
// small file under it is cheap).

#include "k8s/config/credentialprovider.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>

#include <chrono>
#include <mutex>

namespace cubedesk::k8s {

class TokenFileProvider final : public CredentialProvider {
public:
    static constexpr std::chrono::seconds refreshPeriod{60};

    /// `path` is absolute; `originFile` and `userName` are used in messages.
    TokenFileProvider(QString path, QByteArray initialToken, QString userName, QString originFile,
                      Clock clock = {});

    Result<Credentials, ConfigError> credentials() override;
    void invalidate() override;
    QString description() const override;

    /// How many times the file was read (successfully or not); for tests and diagnostics.
    int readCount() const;

private:
    Result<QByteArray, ConfigError> readFile() const;

    const QString m_path;
    const QString m_userName;
    const QString m_originFile;
    const Clock m_clock;

    mutable std::mutex m_mutex;
    QByteArray m_token;   ///< last good value (or the initial token)
    QDateTime m_lastRead; ///< invalid: read on the next call
    int m_readCount = 0;
};

} // namespace cubedesk::k8s
