#include "k8s/config/loginshellpath.h"

#include "k8s/config/configlogging.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>

#include <mutex>

#ifdef Q_OS_UNIX
#include <pwd.h>
#include <unistd.h>
#endif

namespace cubedesk::k8s {

namespace {
constexpr char marker[] = "__CUBEDESK_LOGIN_PATH__=";
}

QStringList LoginShellPath::directories() {
#ifdef Q_OS_WIN
    return {};
#else
    static std::once_flag once;
    static QStringList cached;
    std::call_once(once, [] {
        cached = query(userShell(), defaultTimeout);
        qCInfo(lcK8sConfig).noquote() << "login shell PATH has" << cached.size() << "entries";
    });
    return cached;
#endif
}

QString LoginShellPath::userShell() {
    QString shell = qEnvironmentVariable("SHELL");
#ifdef Q_OS_UNIX
    if (shell.isEmpty()) {
        if (const passwd *pw = getpwuid(getuid()); pw && pw->pw_shell)
            shell = QString::fromLocal8Bit(pw->pw_shell);
    }
#endif
    if (shell.isEmpty() || !QFileInfo(shell).isExecutable())
        shell = QStringLiteral("/bin/sh");
    return shell;
}

QStringList LoginShellPath::query(const QString &shell, std::chrono::milliseconds timeout) {
#ifdef Q_OS_WIN
    Q_UNUSED(shell);
    Q_UNUSED(timeout);
    return {};
#else
    QProcess process;
    process.setProgram(shell);
    // A fixed script; printf is a builtin in sh, bash, zsh and fish. The leading newline keeps
    // the marker at the start of a line even after rc-file noise without a trailing newline.
    process.setArguments({QStringLiteral("-l"), QStringLiteral("-i"), QStringLiteral("-c"),
                          QStringLiteral("printf '\\n%s%s\\n' '") + QLatin1String(marker) +
                              QStringLiteral("' \"$PATH\"")});
    process.setStandardInputFile(QProcess::nullDevice());
    process.setProcessChannelMode(QProcess::SeparateChannels);
    // A new session has no controlling terminal, so an interactive shell cannot grab the
    // terminal CubeDesk may have been started from (or block on it).
    process.setChildProcessModifier([] { ::setsid(); });
    process.start();
    if (!process.waitForStarted(static_cast<int>(timeout.count()))) {
        qCWarning(lcK8sConfig).noquote()
            << "cannot start the login shell" << shell << ":" << process.errorString();
        return {};
    }
    if (!process.waitForFinished(static_cast<int>(timeout.count()))) {
        qCWarning(lcK8sConfig).noquote()
            << "the login shell" << shell << "did not print PATH within" << timeout.count()
            << "ms; using the process PATH only";
        process.kill();
        process.waitForFinished(1000);
        return {};
    }
    return parseOutput(process.readAllStandardOutput());
#endif
}

QStringList LoginShellPath::parseOutput(const QByteArray &output) {
    const qsizetype at = output.lastIndexOf(marker);
    if (at < 0)
        return {};
    QByteArray value = output.mid(at + qsizetype(sizeof marker) - 1);
    const qsizetype end = value.indexOf('\n');
    if (end >= 0)
        value.truncate(end);
    QStringList result;
    for (const QString &dir :
         QString::fromLocal8Bit(value.trimmed()).split(QDir::listSeparator(), Qt::SkipEmptyParts)) {
        if (!result.contains(dir))
            result.append(dir);
    }
    return result;
}

} // namespace cubedesk::k8s
