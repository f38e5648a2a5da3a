#include "models/overviewaggregator.h"

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/gpumetricsmonitor.h"
#include "models/usagemonitor.h"

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
    for (PolledMonitor *m : {static_cast<PolledMonitor *>(hub->usage()),
                             static_cast<PolledMonitor *>(hub->gpuMetrics())})
        connect(m, &PolledMonitor::updated, this, &OverviewAggregator::markDirty);
    refresh();
}

OverviewAggregator::~OverviewAggregator() {
    setActive(false);
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
    if (active != m_watching) {
        m_watching = active;
        for (PolledMonitor *m : {static_cast<PolledMonitor *>(m_hub->usage()),
                                 static_cast<PolledMonitor *>(m_hub->gpuMetrics())})
            active ? m->watch() : m->unwatch();
    }
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

void OverviewAggregator::computeMeasured() {
    m_measured.clear();
    m_measuredTotals = {};
    const auto add = [](Measured &into, const Measured &m) {
        const auto plus = [](std::optional<double> &a, const std::optional<double> &b) {
            if (b)
                a = a.value_or(0) + *b;
        };
        plus(into.cpuCores, m.cpuCores);
        plus(into.memoryBytes, m.memoryBytes);
        plus(into.busyGpus, m.busyGpus);
        into.gpusReporting += m.gpusReporting;
    };
    for (const ClusterConnection *c : m_hub->clusters()) {
        if (m_scope && !m_scope->contains(c->name()))
            continue;
        for (const auto &[name, entry] : c->store().accounting().nodes()) {
            if (!entry.known)
                continue;
            Measured node;
            const QString nodeName = QString::fromStdString(name);
            if (const UsageMonitor::Sample *s = m_hub->usage()->node(c->name(), nodeName)) {
                if (s->milliCpu)
                    node.cpuCores = static_cast<double>(*s->milliCpu) / 1000.0;
                if (s->memoryBytes)
                    node.memoryBytes = static_cast<double>(*s->memoryBytes);
            }
            for (const k8s::GpuReading &g : m_hub->gpuMetrics()->node(c->name(), nodeName))
                if (g.utilization && g.migInstance.empty()) {
                    node.busyGpus = node.busyGpus.value_or(0) + *g.utilization / 100.0;
                    ++node.gpusReporting;
                }
            add(m_measured[{c->name(), entry.org}], node);
            add(m_measured[{c->name(), std::string()}], node);
            add(m_measuredTotals, node);
        }
    }
}

OverviewAggregator::Measured OverviewAggregator::measured(const QString &cluster,
                                                          const std::string &org) const {
    const auto it = m_measured.find({cluster, org});
    return it == m_measured.end() ? Measured{} : it->second;
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
    const auto measured = m_measured;
    computeMeasured();
    if (clusters == m_clusters && measured == m_measured && m_recomputations > 1)
        return;
    m_clusters = std::move(clusters);
    m_gpuTypes = k8s::ResourceOverview::mergeGpuTypes(m_clusters);
    m_totals = k8s::ResourceOverview::sum(m_clusters);
    Q_EMIT changed();
}

} // namespace cubedesk::models
