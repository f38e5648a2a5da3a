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
// Threads: GUI thread only. Reads the hub's connections; owns its snapshot.

#include "k8s/cube/resourceoverview.h"

#include <QObject>
#include <QSet>
#include <QString>
#include <QTimer>

#include <optional>
#include <vector>

namespace cubedesk::models {

class ClusterHub;
class ClusterConnection;
struct ClusterChange;

class OverviewAggregator final : public QObject {
    Q_OBJECT
public:
    explicit OverviewAggregator(ClusterHub *hub, QObject *parent = nullptr);

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
    std::vector<k8s::ResourceOverview::Cluster> m_clusters;
    std::vector<k8s::ResourceOverview::GpuType> m_gpuTypes;
    k8s::ResourceOverview::Totals m_totals;
};

} // namespace cubedesk::models
