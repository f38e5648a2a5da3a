#pragma once
// GpuTopologySources: the topology of every GPU node the hub knows, resolved from its sources
// (k8s::GpuTopologyResolver: the node annotation `cubedesk.io/gpu-topology`, the node's
// NodeResourceTopology object, a file the user imported), cached until a source changes.
//
//   * Annotations come with the nodes; a node's entry is re-parsed only when its annotation text
//     changed.
//   * NodeResourceTopology objects are fetched on demand (refresh()): one GET of the cluster's
//     NodeResourceTopologyList through the connection's session. A cluster that does not serve
//     the CRD (404) simply has none; any other failure is kept as nrtStatus().
//   * Imported files live in k8s::GpuTopologyFiles (local, per cluster and node); importFile()
//     checks a file with the parser before keeping it.
// changed(cluster) tells the models when NRT objects or imported files changed what resolve()
// returns for that cluster's nodes.
//
// Threads: GUI thread only. Does not own the hub or its connections; forgets a cluster's
// entries when the hub removes it.

#include "k8s/cube/gpuinventory.h"
#include "k8s/cube/gputopologyresolver.h"

#include <QObject>
#include <QString>

#include <map>
#include <memory>
#include <string>

namespace cubedesk::k8s {
class Node;
}

namespace cubedesk::models {

class ClusterConnection;
class ClusterHub;

class GpuTopologySources final : public QObject {
    Q_OBJECT
public:
    explicit GpuTopologySources(ClusterHub *hub, QObject *parent = nullptr);

    /// The resolved topology of a node (cached; never nullptr).
    const k8s::GpuTopologyResolver::Resolved &resolve(ClusterConnection *cluster,
                                                      const k8s::Node &node);
    /// Fetches the cluster's NodeResourceTopology objects again (asynchronous).
    void refresh(ClusterConnection *cluster);
    /// Fetches for every cluster whose objects are older than `maxAgeSeconds` (or never
    /// fetched).
    void refreshStale(int maxAgeSeconds);
    /// "", or why NodeResourceTopology objects could not be read.
    QString nrtStatus(ClusterConnection *cluster) const;
    bool hasImportedFile(ClusterConnection *cluster, const QString &node) const;

    /// Reads `path`, checks it with the parser and keeps it for the node; "" on success, else
    /// why not (with the line that is wrong).
    QString importFile(ClusterConnection *cluster, const QString &node, const QString &path);
    /// Forgets a node's imported file; true when there was one.
    bool forgetImportedFile(ClusterConnection *cluster, const QString &node);

    const k8s::GpuInventory::Config &config() const { return m_config; }

Q_SIGNALS:
    void changed(cubedesk::models::ClusterConnection *cluster);

private:
    struct Entry {
        std::string annotation;
        unsigned generation = 0;
        k8s::GpuTopologyResolver::Resolved resolved;
    };
    struct PerCluster {
        std::map<std::string, Entry, std::less<>> entries;
        std::map<std::string, k8s::GpuTopology, std::less<>> nrt;
        std::map<std::string, std::string, std::less<>> imported;
        bool importedLoaded = false;
        unsigned generation = 1; ///< bumped when NRT objects or imported files change
        qint64 fetchedAt = 0;    ///< ms since the epoch; 0 = never
        bool fetching = false;
        QString nrtStatus;
    };
    PerCluster &of(ClusterConnection *cluster);
    void loadImported(ClusterConnection *cluster, PerCluster &p);

    ClusterHub *m_hub;
    k8s::GpuInventory::Config m_config = k8s::GpuInventory::Config::fromEnvironment();
    std::map<ClusterConnection *, PerCluster> m_clusters;
};

} // namespace cubedesk::models
