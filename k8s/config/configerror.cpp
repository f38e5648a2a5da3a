#include "k8s/config/configerror.h"

#include <QStringList>

namespace cubedesk::k8s {

QString ConfigError::toString() const {
    QStringList parts;
    for (const QString *part : {&file, &entry, &field, &message}) {
        if (!part->isEmpty())
            parts.append(*part);
    }
    return parts.join(QStringLiteral(": "));
}

QString ConfigError::clusterEntry(const QString &name) {
    return QStringLiteral("cluster \"") + name + QLatin1Char('"');
}

QString ConfigError::userEntry(const QString &name) {
    return QStringLiteral("user \"") + name + QLatin1Char('"');
}

QString ConfigError::contextEntry(const QString &name) {
    return QStringLiteral("context \"") + name + QLatin1Char('"');
}

} // namespace cubedesk::k8s
