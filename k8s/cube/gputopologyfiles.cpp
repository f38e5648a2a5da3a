#include "k8s/cube/gputopologyfiles.h"

#include "k8s/cube/gputopologyparser.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QSaveFile>
#include <QStandardPaths>
#include <QUrl>

namespace cubedesk::k8s {

namespace {

QString component(const std::string &name) {
    // Context names carry ':' and '/' (EKS ARNs); everything but [A-Za-z0-9._-] is encoded.
    QString encoded = QString::fromLatin1(QUrl::toPercentEncoding(QString::fromStdString(name)));
    if (encoded.startsWith(QLatin1Char('.')))
        encoded.replace(0, 1, QStringLiteral("%2E")); // never "." or ".."
    return encoded;
}

std::string decode(const QString &component) {
    return QUrl::fromPercentEncoding(component.toLatin1()).toStdString();
}

QString clusterDir(const std::string &cluster) {
    const std::string dir = GpuTopologyFiles::directory();
    if (dir.empty())
        return {};
    return QString::fromStdString(dir) + QLatin1Char('/') + component(cluster);
}

} // namespace

std::string GpuTopologyFiles::directory() {
    const QString base = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    if (base.isEmpty())
        return {};
    return QString(base + QStringLiteral("/gpu-topology")).toStdString();
}

std::string GpuTopologyFiles::path(const std::string &cluster, const std::string &node) {
    const QString dir = clusterDir(cluster);
    if (dir.isEmpty())
        return {};
    return QString(dir + QLatin1Char('/') + component(node) + QStringLiteral(".txt")).toStdString();
}

std::optional<std::string> GpuTopologyFiles::read(const std::string &cluster,
                                                  const std::string &node) {
    QFile file(QString::fromStdString(path(cluster, node)));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    return file.readAll().toStdString();
}

std::map<std::string, std::string> GpuTopologyFiles::readAll(const std::string &cluster) {
    std::map<std::string, std::string> out;
    const QString dir = clusterDir(cluster);
    if (dir.isEmpty())
        return out;
    QDirIterator it(dir, {QStringLiteral("*.txt")}, QDir::Files);
    while (it.hasNext()) {
        it.next();
        QFile file(it.filePath());
        if (file.open(QIODevice::ReadOnly))
            out[decode(it.fileInfo().completeBaseName())] = file.readAll().toStdString();
    }
    return out;
}

std::string GpuTopologyFiles::store(const std::string &cluster, const std::string &node,
                                    const std::string &text) {
    const auto parsed = GpuTopologyParser::parse(text, GpuTopology::Source::ImportedFile);
    if (!parsed.ok())
        return parsed.errors.front().toString();
    const QString target = QString::fromStdString(path(cluster, node));
    if (target.isEmpty())
        return "no application data directory to keep the file in";
    if (!QDir().mkpath(clusterDir(cluster)))
        return "cannot create " + clusterDir(cluster).toStdString();
    QSaveFile file(target);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(text.data(), static_cast<qint64>(text.size())) !=
            static_cast<qint64>(text.size()) ||
        !file.commit())
        return "cannot write " + target.toStdString() + ": " + file.errorString().toStdString();
    return {};
}

bool GpuTopologyFiles::remove(const std::string &cluster, const std::string &node) {
    return QFile::remove(QString::fromStdString(path(cluster, node)));
}

} // namespace cubedesk::k8s
