#include "k8s/config/execcredentialprovider.h"

#include "k8s/config/configlogging.h"
#include "k8s/config/execcredentialjson.h"
#include "k8s/config/pemvalidator.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>

namespace cubedesk::k8s {

namespace {

constexpr qsizetype maxStderrShown = 2000;
// An ExecCredential is a few KiB (a token, or a certificate and key); more is not one.
constexpr qsizetype maxOutputBytes = qsizetype{1} << 20;
constexpr qsizetype minRedactedLength = 6;

// Stderr of a failing plugin helps the user, but must not leak a credential: PEM blocks and
// every value we know to be secret are cut out before it is shown.
QString redactedStderr(QByteArray err, const QList<QByteArray> &secrets) {
    for (const QByteArray &secret : secrets) {
        if (secret.size() >= minRedactedLength)
            err.replace(secret, "[redacted]");
    }
    QString text = QString::fromLocal8Bit(err);
    static const QRegularExpression pem(
        QStringLiteral("-----BEGIN [A-Z0-9 ]+-----.*?(-----END [A-Z0-9 ]+-----|$)"),
        QRegularExpression::DotMatchesEverythingOption);
    text.replace(pem, QStringLiteral("[PEM data redacted]"));
    text = text.trimmed();
    if (text.size() > maxStderrShown)
        text = text.left(maxStderrShown) + QStringLiteral(" [...]");
    return text;
}

// Whatever credential the plugin put on stdout, even in a failed run, for redaction.
QList<QByteArray> secretsIn(const QByteArray &stdoutData) {
    QList<QByteArray> secrets;
    const QJsonDocument doc = QJsonDocument::fromJson(stdoutData);
    const QJsonObject status = doc.object().value(QStringLiteral("status")).toObject();
    for (const char *field : {"token", "clientCertificateData", "clientKeyData"}) {
        const QString value = status.value(QLatin1String(field)).toString();
        if (!value.isEmpty())
            secrets.append(value.toUtf8());
    }
    return secrets;
}

} // namespace

ExecCredentialProvider::ExecCredentialProvider(ExecConfig config, QString userName,
                                               QString originFile,
                                               std::optional<ExecClusterInfo> cluster,
                                               Options options)
    : m_config(std::move(config))
    , m_userName(std::move(userName))
    , m_originFile(std::move(originFile))
    , m_cluster(m_config.provideClusterInfo ? std::move(cluster) : std::nullopt)
    , m_options(std::move(options))
    , m_invalid(validate(m_config, m_userName, m_originFile)) {}

std::optional<ConfigError> ExecCredentialProvider::validate(const ExecConfig &config,
                                                            const QString &userName,
                                                            const QString &originFile) {
    const auto error = [&](const QString &field, const QString &message) {
        return ConfigError{originFile, ConfigError::userEntry(userName), field, message};
    };
    const QString forUser =
        QStringLiteral(" for ") + userName + QStringLiteral(" to use exec authentication plugin");
    if (config.command.isEmpty())
        return error(QStringLiteral("exec.command"),
                     QStringLiteral("command must be specified") + forUser);
    if (config.apiVersion.isEmpty())
        return error(QStringLiteral("exec.apiVersion"),
                     QStringLiteral("apiVersion must be specified") + forUser);
    const bool v1 = config.apiVersion == QLatin1String(ExecConfig::v1);
    const bool v1beta1 = config.apiVersion == QLatin1String(ExecConfig::v1beta1);
    if (!v1 && !v1beta1) {
        return error(QStringLiteral("exec.apiVersion"),
                     QStringLiteral("exec plugin: invalid apiVersion \"") + config.apiVersion +
                         QStringLiteral("\" (supported: client.authentication.k8s.io/v1 and "
                                        "client.authentication.k8s.io/v1beta1)"));
    }
    for (std::size_t i = 0; i < config.env.size(); ++i) {
        if (config.env[i].first.isEmpty())
            return error(QStringLiteral("exec.env[%1].name").arg(i),
                         QStringLiteral("env variable name must be specified") + forUser);
    }
    QString mode = config.interactiveMode;
    if (mode.isEmpty() && v1beta1)
        mode = QStringLiteral("IfAvailable"); // the v1beta1 default
    if (mode.isEmpty())
        return error(QStringLiteral("exec.interactiveMode"),
                     QStringLiteral("interactiveMode must be specified for ") + userName +
                         QStringLiteral(" to use exec authentication plugin"));
    if (mode == QStringLiteral("Always")) {
        return error(QStringLiteral("exec.interactiveMode"),
                     QStringLiteral("the exec plugin of ") + userName +
                         QStringLiteral(" requires interactive mode (interactiveMode: Always), "
                                        "but CubeDesk has no terminal to offer it"));
    }
    if (mode != QStringLiteral("Never") && mode != QStringLiteral("IfAvailable"))
        return error(QStringLiteral("exec.interactiveMode"),
                     QStringLiteral("invalid interactiveMode for ") + userName +
                         QStringLiteral(": \"") + mode +
                         QStringLiteral("\" (expected Never, IfAvailable or Always)"));
    return std::nullopt;
}

Result<Credentials, ConfigError> ExecCredentialProvider::credentials() {
    std::uint64_t generation = 0;
    {
        const std::lock_guard lock(m_stateMutex);
        if (m_cached && isFresh(*m_cached))
            return *m_cached;
    }
    const std::lock_guard runLock(m_runMutex);
    {
        // Another caller may have run the plugin while this one waited.
        const std::lock_guard lock(m_stateMutex);
        if (m_cached && isFresh(*m_cached))
            return *m_cached;
        generation = m_generation;
        ++m_runCount;
    }
    Result<Credentials, ConfigError> result = run();
    if (result.ok()) {
        const std::lock_guard lock(m_stateMutex);
        // A result that raced with invalidate() is handed out once but not kept.
        if (generation == m_generation)
            m_cached = result.value();
    }
    return result;
}

void ExecCredentialProvider::invalidate() {
    const std::lock_guard lock(m_stateMutex);
    m_cached.reset();
    ++m_generation;
    qCDebug(lcK8sConfig).noquote() << "exec credential of user" << m_userName << "invalidated";
}

void ExecCredentialProvider::invalidateIfCurrent(const Credentials &rejected) {
    {
        const std::lock_guard lock(m_stateMutex);
        if (m_cached && (m_cached->bearerToken != rejected.bearerToken ||
                         m_cached->clientCertificatePem != rejected.clientCertificatePem))
            return; // already refreshed by another caller
    }
    invalidate();
}

QString ExecCredentialProvider::description() const {
    return QStringLiteral("exec plugin ") + m_config.command;
}

int ExecCredentialProvider::runCount() const {
    const std::lock_guard lock(m_stateMutex);
    return m_runCount;
}

bool ExecCredentialProvider::isFresh(const Credentials &c) const {
    return !c.expiry || CredentialProvider::now(m_options.clock) < *c.expiry;
}

ConfigError ExecCredentialProvider::error(const QString &field, const QString &message) const {
    return ConfigError{m_originFile, ConfigError::userEntry(m_userName), field, message};
}

Result<Credentials, ConfigError> ExecCredentialProvider::run() {
    if (m_invalid)
        return *m_invalid;
    Result<ExecPluginLocator::Location, ConfigError> location =
        m_options.locator.locate(m_config, m_userName, m_originFile);
    if (!location.ok())
        return location.error();

    const QString plugin = QStringLiteral("exec plugin \"") + m_config.command +
                           QStringLiteral("\" for user \"") + m_userName + QLatin1Char('"');
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (!location->extraPath.isEmpty()) {
        QStringList path =
            env.value(QStringLiteral("PATH")).split(QDir::listSeparator(), Qt::SkipEmptyParts);
        path += location->extraPath;
        env.insert(QStringLiteral("PATH"), path.join(QDir::listSeparator()));
    }
    QList<QByteArray> secrets;
    for (const auto &[name, value] : m_config.env) {
        env.insert(name, value);
        secrets.append(value.toLocal8Bit());
    }
    env.insert(QStringLiteral("KUBERNETES_EXEC_INFO"),
               QString::fromUtf8(ExecCredentialJson::execInfo(m_config.apiVersion, m_cluster)));

    QProcess process;
    process.setProgram(location->program);
    process.setArguments(m_config.args);
    process.setProcessEnvironment(env);
    process.setStandardInputFile(QProcess::nullDevice());
    process.setProcessChannelMode(QProcess::SeparateChannels);

    const int timeoutMs = static_cast<int>(m_options.timeout.count());
    qCInfo(lcK8sConfig).noquote() << "running exec plugin" << location->program << "for user"
                                  << m_userName;
    QElapsedTimer timer;
    timer.start();
    process.start();
    if (!process.waitForStarted(timeoutMs)) {
        return error(QStringLiteral("exec.command"),
                     plugin + QStringLiteral(" cannot be started: ") + process.errorString());
    }
    // Read while it runs, a pipe's worth at a time: a plugin that prints without end must not
    // fill our memory.
    QByteArray out;
    QByteArray err;
    bool tooLong = false;
    for (;;) {
        out += process.readAllStandardOutput();
        err += process.readAllStandardError();
        if (process.state() == QProcess::NotRunning)
            break;
        tooLong = out.size() > maxOutputBytes || err.size() > maxOutputBytes;
        if (tooLong || timer.elapsed() >= timeoutMs)
            break;
        process.waitForReadyRead(50);
    }
    if (process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished(5000);
        if (tooLong)
            return error(QStringLiteral("exec.command"),
                         plugin + QStringLiteral(" printed more than %1 KiB; it was stopped")
                                      .arg(maxOutputBytes / 1024));
        return error(QStringLiteral("exec.command"),
                     plugin + QStringLiteral(" did not finish within %1 s")
                                  .arg(double(m_options.timeout.count()) / 1000.0));
    }
    out += process.readAllStandardOutput();
    err += process.readAllStandardError();
    if (out.size() > maxOutputBytes || err.size() > maxOutputBytes)
        return error(QStringLiteral("exec.command"),
                     plugin +
                         QStringLiteral(" printed more than %1 KiB").arg(maxOutputBytes / 1024));
    secrets += secretsIn(out);

    if (process.exitStatus() != QProcess::NormalExit) {
        QString message = plugin + QStringLiteral(" crashed");
        const QString shown = redactedStderr(err, secrets);
        if (!shown.isEmpty())
            message += QStringLiteral("; stderr: ") + shown;
        return error(QStringLiteral("exec.command"), message);
    }
    if (process.exitCode() != 0) {
        QString message =
            plugin + QStringLiteral(" failed with exit code %1").arg(process.exitCode());
        const QString shown = redactedStderr(err, secrets);
        if (!shown.isEmpty())
            message += QStringLiteral("; stderr: ") + shown;
        return error(QStringLiteral("exec.command"), message);
    }

    Result<Credentials, QString> parsed = ExecCredentialJson::parseOutput(m_config.apiVersion, out);
    if (!parsed.ok())
        return error(QStringLiteral("exec"), plugin + QStringLiteral(": ") + parsed.error());
    Credentials credentials = std::move(parsed).value();
    if (!credentials.clientCertificatePem.isEmpty()) {
        QString why;
        if (PemValidator::countCertificates(credentials.clientCertificatePem) == 0)
            return error(QStringLiteral("exec"),
                         plugin + QStringLiteral(": status.clientCertificateData does not "
                                                 "contain a PEM certificate"));
        if (!PemValidator::isPrivateKey(credentials.clientKeyPem, &why))
            return error(QStringLiteral("exec"),
                         plugin + QStringLiteral(": status.clientKeyData ") + why);
        if (!PemValidator::keyMatchesCertificate(credentials.clientCertificatePem,
                                                 credentials.clientKeyPem))
            return error(QStringLiteral("exec"),
                         plugin + QStringLiteral(": the private key does not match the "
                                                 "certificate's public key"));
    }
    qCInfo(lcK8sConfig).noquote() << "exec plugin for user" << m_userName << "returned"
                                  << (credentials.bearerToken.isEmpty() ? "a client certificate"
                                                                        : "a token")
                                  << (credentials.expiry
                                          ? QStringLiteral("valid until ") +
                                                credentials.expiry->toString(Qt::ISODate)
                                          : QStringLiteral("without expiry"))
                                  << "in" << timer.elapsed() << "ms";
    return credentials;
}

} // namespace cubedesk::k8s
