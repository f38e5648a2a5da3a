#include "app/cubedesk/democlusters.h"

#include <QFile>

QString DemoClusters::start() {
    if (!m_files.isEmpty())
        return {}; // already running
    if (!m_dir.isValid())
        return QStringLiteral("cannot create a temporary folder for the demo kubeconfigs");
    std::uint64_t seed = 1;
    for (const char *name : {"dev", "dev1"}) {
        cubedesk::sim::SimulatorOptions o;
        o.scenario = "demo";
        o.contextName = name;
        o.seed = seed++;
        o.churnPerSecond = 2;
        auto sim = std::make_unique<cubedesk::sim::Simulator>(o);
        if (auto error = sim->start())
            return QStringLiteral("demo cluster %1: %2")
                .arg(QString::fromLatin1(name), QString::fromStdString(*error));
        const QString path =
            m_dir.filePath(QStringLiteral("%1.kubeconfig").arg(QString::fromLatin1(name)));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) ||
            f.write(QByteArray::fromStdString(sim->kubeconfig())) < 0)
            return QStringLiteral("cannot write %1").arg(path);
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
        m_files << path;
        m_simulators.push_back(std::move(sim));
    }
    return {};
}
