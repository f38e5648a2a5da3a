#include "k8s/config/kubeconfigsources.h"

#include <QDir>
#include <QFileInfo>

namespace cubedesk::k8s {

std::vector<KubeconfigSources::File> KubeconfigSources::files() const {
    std::vector<File> result;
    if (!explicitFiles.empty()) {
        for (const QString &path : explicitFiles)
            result.push_back(File{path, true});
        return result;
    }
    if (kubeconfigEnv && !kubeconfigEnv->isEmpty()) {
        for (const QString &path : splitPathList(*kubeconfigEnv, QDir::listSeparator())) {
            // kubectl skips entries that do not exist; entries that exist but cannot be read
            // are kept so that the loader reports them.
            if (QFileInfo::exists(path))
                result.push_back(File{path, false});
        }
        return result;
    }
    if (!homeDir.isEmpty()) {
        const QString path = QDir(homeDir).filePath(QStringLiteral(".kube/config"));
        if (QFileInfo::exists(path))
            result.push_back(File{path, false});
    }
    return result;
}

KubeconfigSources KubeconfigSources::fromEnvironment(const QStringList &explicitFiles) {
    KubeconfigSources sources;
    for (const QString &file : explicitFiles)
        sources.explicitFiles.push_back(file);
    if (qEnvironmentVariableIsSet("KUBECONFIG"))
        sources.kubeconfigEnv = qEnvironmentVariable("KUBECONFIG");
    sources.homeDir = QDir::homePath();
    return sources;
}

QStringList KubeconfigSources::splitPathList(const QString &list, QChar separator) {
    QStringList result;
    QStringList seen;
    for (const QString &entry : list.split(separator, Qt::SkipEmptyParts)) {
        if (entry.trimmed().isEmpty())
            continue;
        const QString key = QDir::cleanPath(QFileInfo(entry).absoluteFilePath());
        if (seen.contains(key))
            continue;
        seen.append(key);
        result.append(entry);
    }
    return result;
}

} // namespace cubedesk::k8s
