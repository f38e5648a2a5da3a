#include "models/overviewaggregator.h"

#include "models/clusterconnection.h"
#include "models/clusterhub.h"

namespace cubedesk::models {

OverviewAggregator::OverviewAggregator(ClusterHub *hub, QObject *parent)
    : QObject(parent)
    , m_hub(hub) {
    m_timer.setSingleShot(true);
    m_timer.setInterval(500);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_dirty && m_active)
            refresh();
    });
    connect(hub, &ClusterHub::clusterChanged, this, &OverviewAggregator::clusterChanged);
    connect(hub, &ClusterHub::clusterAdded, this, &OverviewAggregator::markDirty);
    // The connection is still listed while this runs: recompute once it is gone.
    connect(hub, &ClusterHub::clusterAboutToBeRemoved, this, &OverviewAggregator::markDirty,
            Qt::QueuedConnection);
    refresh();
}

void OverviewAggregator::setScope(const QSet<QString> &clusters) {
    if (m_scope == clusters)
        return;
    m_scope = clusters;
    m_dirty = true;
    if (m_active)
        refresh();
}

void OverviewAggregator::setActive(bool active) {
    m_active = active;
    if (active && m_dirty)
        refresh();
}

void OverviewAggregator::setInterval(int milliseconds) {
    m_timer.setInterval(milliseconds);
}

void OverviewAggregator::markDirty() {
    m_dirty = true;
    if (m_active && !m_timer.isActive())
        m_timer.start();
}

void OverviewAggregator::clusterChanged(ClusterConnection *, const ClusterChange &change) {
    // The charts show node capacity, holding pods' requests (which touch their node) and pending
    // pods (which touch their org): anything else leaves them as they are.
    if (change.nodeSetChanged() || !change.nodesChanged.empty() || !change.orgsTouched.empty())
        markDirty();
}

k8s::ResourceOverview::Cluster OverviewAggregator::compute(const ClusterConnection &cluster) {
    const ClusterStore &store = cluster.store();
    return k8s::ResourceOverview::compute(
        cluster.name().toStdString(), store.accounting(), [&store](std::string_view node) {
            const NodePtr n = store.node(node);
            return n ? n->labels().value("gpu-type").value_or(std::string_view())
                     : std::string_view();
        });
}

void OverviewAggregator::refresh() {
    m_timer.stop();
    m_dirty = false;
    ++m_recomputations;
    std::vector<k8s::ResourceOverview::Cluster> clusters;
    for (const ClusterConnection *c : m_hub->clusters())
        if (!m_scope || m_scope->contains(c->name()))
            clusters.push_back(compute(*c));
    if (clusters == m_clusters && m_recomputations > 1)
        return;
    m_clusters = std::move(clusters);
    m_gpuTypes = k8s::ResourceOverview::mergeGpuTypes(m_clusters);
    m_totals = k8s::ResourceOverview::sum(m_clusters);
    Q_EMIT changed();
}

} // namespace cubedesk::models
