#include "k8s/config/execpluginlocator.h"

#include "k8s/config/configlogging.h"
#include "k8s/config/loginshellpath.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace cubedesk::k8s {

namespace {

QString withHint(QString message, const ExecConfig &config) {
    if (!config.installHint.trimmed().isEmpty())
        message += QStringLiteral(": ") + config.installHint.trimmed();
    return message;
}

} // namespace

ExecPluginLocator::ExecPluginLocator()
    : m_processPath(&ExecPluginLocator::processPath)
    , m_loginShellPath(&LoginShellPath::directories) {}

ExecPluginLocator::ExecPluginLocator(PathSource processPath, PathSource loginShellPath)
    : m_processPath(std::move(processPath))
    , m_loginShellPath(std::move(loginShellPath)) {}

bool ExecPluginLocator::hasPathSeparator(const QString &command) {
#ifdef Q_OS_WIN
    return command.contains(QLatin1Char('/')) || command.contains(QLatin1Char('\\'));
#else
    return command.contains(QLatin1Char('/'));
#endif
}

QStringList ExecPluginLocator::processPath() {
    return qEnvironmentVariable("PATH").split(QDir::listSeparator(), Qt::SkipEmptyParts);
}

Result<ExecPluginLocator::Location, ConfigError>
ExecPluginLocator::locate(const ExecConfig &config, const QString &userName,
                          const QString &originFile) const {
    const auto error = [&](const QString &message) {
        return ConfigError{originFile, ConfigError::userEntry(userName),
                           QStringLiteral("exec.command"), message};
    };
    const QString plugin = QStringLiteral("exec plugin \"") + config.command +
                           QStringLiteral("\" for user \"") + userName + QLatin1Char('"');
    if (config.command.isEmpty())
        return error(QStringLiteral("command must be specified for ") + userName +
                     QStringLiteral(" to use exec authentication plugin"));

    if (hasPathSeparator(config.command) || QDir::isAbsolutePath(config.command)) {
        const QFileInfo info(config.command);
        if (!info.exists())
            return error(withHint(plugin + QStringLiteral(" not found"), config));
        if (info.isDir() || !info.isExecutable())
            return error(withHint(plugin + QStringLiteral(" is not an executable file"), config));
        return Location{info.absoluteFilePath(), {}};
    }

    const QStringList first = m_processPath ? m_processPath() : QStringList();
    if (!first.isEmpty()) {
        const QString found = QStandardPaths::findExecutable(config.command, first);
        if (!found.isEmpty())
            return Location{found, {}};
    }
    const QStringList second = m_loginShellPath ? m_loginShellPath() : QStringList();
    if (!second.isEmpty()) {
        const QString found = QStandardPaths::findExecutable(config.command, second);
        if (!found.isEmpty()) {
            qCInfo(lcK8sConfig).noquote()
                << "exec plugin" << config.command << "found on the login shell's PATH:" << found;
            QStringList extra;
            for (const QString &dir : second) {
                if (!first.contains(dir))
                    extra.append(dir);
            }
            return Location{found, extra};
        }
    }
    QStringList searched = first;
    for (const QString &dir : second) {
        if (!searched.contains(dir))
            searched.append(dir);
    }
    return error(withHint(plugin + QStringLiteral(" not found on PATH (searched ") +
                              (searched.isEmpty() ? QStringLiteral("nothing: PATH is empty")
                                                  : searched.join(QDir::listSeparator())) +
                              QLatin1Char(')'),
                          config));
}

} // namespace cubedesk::k8s
