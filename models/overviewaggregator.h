#pragma once
// OverviewAggregator: the data behind the Overview pane's charts — one k8s::ResourceOverview per
// cluster in scope (per org and per GPU type), their GPU types merged and their totals summed.
// Charts must not be rebuilt per batch: a batch that touched nodes or orgs only marks the data
// dirty, and it is recomputed at most once per interval (500 ms by default), only while the pane
// is active (visible); changed() is emitted only when the numbers differ. A recomputation costs
// one pass over each cluster's accounting nodes and orgs — never over pods.
//
// Scope: the clusters named by setScope(); until it is called, every cluster of the hub.
//
// Beside the requests, what is measured in use (measured()): CPU and memory from metrics-server
// (UsageMonitor), GPUs busy — the sum of the whole GPUs' utilization, so 8 GPUs at 50 % are 4
// busy GPUs — from DCGM (GpuMetricsMonitor), per cluster and per resource group, summed over the
// nodes that report; unknown (nullopt) where none does, never zero. While active it watches
// both monitors (they poll only while watched), and their answers recompute the snapshot.
//
// Threads: GUI thread only. Reads the hub's connections and monitors; owns its snapshot.

#include "k8s/cube/resourceoverview.h"

#include <QObject>
#include <QSet>
#include <QString>
#include <QTimer>

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cubedesk::models {

class ClusterHub;
class ClusterConnection;
struct ClusterChange;

class OverviewAggregator final : public QObject {
    Q_OBJECT
public:
    explicit OverviewAggregator(ClusterHub *hub, QObject *parent = nullptr);
    ~OverviewAggregator() override;

    void setScope(const QSet<QString> &clusters);
    /// Inactive: changes only mark the data dirty. Activating recomputes a dirty snapshot now.
    void setActive(bool active);
    bool isActive() const { return m_active; }
    /// The least time between two recomputations, in ms.
    void setInterval(int milliseconds);
    int interval() const { return m_timer.interval(); }
    /// Recomputes now (whether dirty or not); emits changed() when the numbers differ.
    void refresh();
    bool isDirty() const { return m_dirty; }
    /// How many times the snapshot was recomputed (tests, the bench).
    int recomputations() const { return m_recomputations; }

    /// In the hub's order, scope only.
    const std::vector<k8s::ResourceOverview::Cluster> &clusters() const { return m_clusters; }
    const std::vector<k8s::ResourceOverview::GpuType> &gpuTypes() const { return m_gpuTypes; }
    const k8s::ResourceOverview::Totals &totals() const { return m_totals; }

    /// What is measured in use on a cluster's nodes of one resource group ("" for all).
    struct Measured {
        std::optional<double> cpuCores;
        std::optional<double> memoryBytes;
        std::optional<double> busyGpus; ///< Σ utilization / 100 over the whole GPUs reporting
        int gpusReporting = 0;
        bool operator==(const Measured &) const = default;
    };
    Measured measured(const QString &cluster, const std::string &org = {}) const;
    /// Summed over the clusters in scope.
    const Measured &measuredTotals() const { return m_measuredTotals; }

    /// One cluster's overview from its store, now.
    static k8s::ResourceOverview::Cluster compute(const ClusterConnection &cluster);

Q_SIGNALS:
    void changed();

private:
    void markDirty();
    void clusterChanged(ClusterConnection *cluster, const ClusterChange &change);

    ClusterHub *m_hub;
    std::optional<QSet<QString>> m_scope;
    bool m_active = true;
    bool m_dirty = true;
    int m_recomputations = 0;
    QTimer m_timer;
    void computeMeasured();

    std::vector<k8s::ResourceOverview::Cluster> m_clusters;
    std::map<std::pair<QString, std::string>, Measured> m_measured; ///< (cluster, org or "")
    Measured m_measuredTotals;
    bool m_watching = false;
    std::vector<k8s::ResourceOverview::GpuType> m_gpuTypes;
    k8s::ResourceOverview::Totals m_totals;
};

} // namespace cubedesk::models
