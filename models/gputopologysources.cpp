#include "models/gputopologysources.h"

#include "k8s/cube/gputopologyfiles.h"
#include "k8s/cube/nrttopologyparser.h"
#include "k8s/objects/node.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"

#include <QDateTime>
#include <QFile>
#include <QPointer>

namespace cubedesk::models {

GpuTopologySources::GpuTopologySources(ClusterHub *hub, QObject *parent)
    : QObject(parent)
    , m_hub(hub) {
    connect(hub, &ClusterHub::clusterAboutToBeRemoved, this,
            [this](ClusterConnection *c) { m_clusters.erase(c); });
    // Forget the cached parse of deleted nodes (names come and go in autoscaled pools).
    connect(hub, &ClusterHub::clusterChanged, this,
            [this](ClusterConnection *c, const ClusterChange &change) {
                auto it = m_clusters.find(c);
                if (it == m_clusters.end())
                    return;
                for (const auto &name : change.nodesRemoved)
                    it->second.entries.erase(name);
            });
}

GpuTopologySources::PerCluster &GpuTopologySources::of(ClusterConnection *cluster) {
    return m_clusters[cluster];
}

void GpuTopologySources::loadImported(ClusterConnection *cluster, PerCluster &p) {
    if (p.importedLoaded)
        return;
    p.importedLoaded = true;
    for (auto &[node, text] : k8s::GpuTopologyFiles::readAll(cluster->name().toStdString()))
        p.imported.emplace(node, std::move(text));
}

const k8s::GpuTopologyResolver::Resolved &GpuTopologySources::resolve(ClusterConnection *cluster,
                                                                      const k8s::Node &node) {
    PerCluster &p = of(cluster);
    loadImported(cluster, p);
    const std::string name(node.name());
    Entry &e = p.entries[name];
    if (e.generation != p.generation || e.annotation != node.gpuTopology()) {
        auto nrt = p.nrt.find(name);
        auto imported = p.imported.find(name);
        e.annotation = node.gpuTopology();
        e.generation = p.generation;
        e.resolved = k8s::GpuTopologyResolver::resolve(
            e.annotation, nrt == p.nrt.end() ? nullptr : &nrt->second,
            imported == p.imported.end() ? std::string_view() : imported->second);
    }
    return e.resolved;
}

void GpuTopologySources::refresh(ClusterConnection *cluster) {
    PerCluster &p = of(cluster);
    if (p.fetching)
        return;
    p.fetching = true;
    k8s::WriteRequest get;
    get.method = "GET";
    get.path = k8s::NrtTopologyParser::listPath();
    get.subject = "noderesourcetopologies";
    // The cluster may be forgotten when the answer comes (this object's own lifetime is the
    // submit's context).
    QPointer<ClusterConnection> guard(cluster);
    cluster->submit({get}, this, [this, guard](std::vector<k8s::WriteResult> results) {
        if (!guard || !m_clusters.count(guard.data()))
            return;
        PerCluster &p = of(guard.data());
        p.fetching = false;
        p.fetchedAt = QDateTime::currentMSecsSinceEpoch();
        const k8s::WriteResult &r = results.front();
        std::map<std::string, k8s::GpuTopology, std::less<>> nrt;
        if (r.ok()) {
            p.nrtStatus.clear();
            for (auto &item : k8s::NrtTopologyParser::parseList(r.body, m_config.wholeResources))
                if (item.topology)
                    nrt.emplace(item.node, std::move(*item.topology));
        } else if (r.status == 404) {
            p.nrtStatus.clear(); // the cluster does not serve them: nothing to say
        } else {
            p.nrtStatus = QString::fromStdString(r.error.toString());
        }
        if (nrt != p.nrt) {
            p.nrt = std::move(nrt);
            ++p.generation;
            Q_EMIT changed(guard.data());
        }
    });
}

void GpuTopologySources::refreshStale(int maxAgeSeconds) {
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (auto *c : m_hub->clusters()) {
        const PerCluster &p = of(c);
        if (p.fetchedAt == 0 || now - p.fetchedAt > qint64(maxAgeSeconds) * 1000)
            refresh(c);
    }
}

QString GpuTopologySources::nrtStatus(ClusterConnection *cluster) const {
    auto it = m_clusters.find(cluster);
    return it == m_clusters.end() ? QString() : it->second.nrtStatus;
}

bool GpuTopologySources::hasImportedFile(ClusterConnection *cluster, const QString &node) const {
    auto it = m_clusters.find(cluster);
    return it != m_clusters.end() && it->second.imported.count(node.toStdString()) > 0;
}

QString GpuTopologySources::importFile(ClusterConnection *cluster, const QString &node,
                                       const QString &path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return tr("Cannot read %1: %2").arg(path, file.errorString());
    if (file.size() > qint64{1024} * 1024)
        return tr("%1 is larger than 1 MiB: not an nvidia-smi topo -m output.").arg(path);
    const std::string text = file.readAll().toStdString();
    const std::string error =
        k8s::GpuTopologyFiles::store(cluster->name().toStdString(), node.toStdString(), text);
    if (!error.empty())
        return tr("%1 is not an nvidia-smi topo -m output: %2")
            .arg(path, QString::fromStdString(error));
    PerCluster &p = of(cluster);
    loadImported(cluster, p);
    p.imported[node.toStdString()] = text;
    ++p.generation;
    Q_EMIT changed(cluster);
    return {};
}

bool GpuTopologySources::forgetImportedFile(ClusterConnection *cluster, const QString &node) {
    PerCluster &p = of(cluster);
    loadImported(cluster, p);
    const bool removed =
        k8s::GpuTopologyFiles::remove(cluster->name().toStdString(), node.toStdString());
    if (p.imported.erase(node.toStdString()) > 0 || removed) {
        ++p.generation;
        Q_EMIT changed(cluster);
        return true;
    }
    return false;
}

} // namespace cubedesk::models
