#include "models/gpunodehistory.h"

#include "k8s/objects/node.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/gpumetricsmonitor.h"

#include <QDateTime>

namespace cubedesk::models {

GpuNodeHistory::GpuNodeHistory(ClusterHub *hub, QObject *parent)
    : QObject(parent)
    , m_hub(hub) {
    m_timer.setInterval(std::chrono::seconds(60));
    connect(&m_timer, &QTimer::timeout, this, &GpuNodeHistory::refresh);
    // A Prometheus found since the last answer, or the node's first samples: ask again.
    connect(hub->gpuMetrics(), &GpuMetricsMonitor::updated, this, [this](const QString &cluster) {
        if (!m_active || cluster != m_cluster ||
            m_hub->gpuMetrics()->state(cluster) != GpuMetricsMonitor::State::Measured)
            return;
        const bool firstSamples = m_state == State::Loaded && m_devices.empty() &&
                                  !m_hub->gpuMetrics()->node(cluster, m_node).empty();
        if (m_state == State::Failed || firstSamples)
            refresh();
    });
}

void GpuNodeHistory::setNode(const QString &cluster, const QString &node) {
    if (cluster == m_cluster && node == m_node)
        return;
    m_cluster = cluster;
    m_node = node;
    restart();
}

void GpuNodeHistory::setRangeSeconds(qint64 seconds) {
    if (seconds == m_range)
        return;
    m_range = seconds;
    restart();
}

void GpuNodeHistory::setField(k8s::GpuHistory::Field field) {
    if (field == m_field)
        return;
    m_field = field;
    restart();
}

void GpuNodeHistory::setActive(bool active) {
    m_active = active;
    if (!active) {
        m_timer.stop();
        return;
    }
    m_timer.start();
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    if (m_askedAt == 0 || now - m_askedAt >= m_timer.interval() / 1000)
        refresh();
}

void GpuNodeHistory::setRefreshInterval(std::chrono::milliseconds interval) {
    m_timer.setInterval(interval);
}

void GpuNodeHistory::restart() {
    m_devices.clear();
    m_askedAt = 0;
    ++m_generation;
    m_state = m_node.isEmpty() ? State::NoNode : State::Loading;
    m_error.clear();
    Q_EMIT changed();
    if (m_active)
        refresh();
}

void GpuNodeHistory::refresh() {
    if (m_node.isEmpty())
        return;
    ClusterConnection *connection = m_hub->cluster(m_cluster);
    const NodePtr node = connection ? connection->store().node(m_node.toStdString()) : nullptr;
    // Up to now (not the last whole step), so that a Prometheus that started a moment ago has
    // its first samples in the answer; the range is a whole number of steps.
    const qint64 step = k8s::GpuHistory::step(m_range);
    const qint64 end = QDateTime::currentSecsSinceEpoch();
    const qint64 start = end - m_range / step * step;
    const quint64 generation = ++m_generation;
    m_askedAt = QDateTime::currentSecsSinceEpoch();
    if (m_state != State::Loaded) {
        m_state = State::Loading;
        Q_EMIT changed();
    }
    const std::string query = k8s::GpuHistory::nodeQuery(
        m_field, m_node.toStdString(), node ? std::string(node->internalIp()) : std::string());
    m_hub->gpuMetrics()->queryRange(
        m_cluster, query, start, end, step, this,
        [this, generation, start, end](GpuMetricsMonitor::Answer answer) {
            if (generation != m_generation)
                return; // asked again meanwhile
            ClusterConnection *connection = m_hub->cluster(m_cluster);
            if (!answer.response || !connection) {
                m_state = State::Failed;
                m_error = answer.error;
                m_devices.clear();
                m_askedAt = 0;
                Q_EMIT changed();
                return;
            }
            m_devices = k8s::GpuHistory::fromResponse(
                *answer.response, GpuMetricsMonitor::snapshotOf(*connection), m_node.toStdString());
            m_start = start;
            m_end = end;
            m_state = State::Loaded;
            m_error.clear();
            Q_EMIT changed();
        });
}

const k8s::GpuHistory::Device *GpuNodeHistory::device(int gpu,
                                                      const std::string &migInstance) const {
    for (const auto &d : m_devices)
        if (d.gpu == gpu && d.migInstance == migInstance)
            return &d;
    return nullptr;
}

} // namespace cubedesk::models
