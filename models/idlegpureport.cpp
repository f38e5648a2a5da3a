#include "models/idlegpureport.h"

#include "k8s/api/humanduration.h"
#include "k8s/cube/idlegpurows.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/gpumetricsmonitor.h"

#include <QLocale>

#include <algorithm>
#include <memory>

namespace cubedesk::models {

IdleGpuReport::IdleGpuReport(ClusterHub *hub, QObject *parent)
    : PolledMonitor(hub, parent) {
    setInterval(std::chrono::minutes(5));
    connect(hub->gpuMetrics(), &GpuMetricsMonitor::updated, this, [this](const QString &cluster) {
        if (!watched() ||
            this->hub()->gpuMetrics()->state(cluster) != GpuMetricsMonitor::State::Measured)
            return;
        const auto c = m_clusters.constFind(cluster);
        if (c != m_clusters.constEnd() && !c->inFlight && !c->at.isValid())
            if (ClusterConnection *connection = this->hub()->cluster(cluster))
                ask(connection);
    });
}

void IdleGpuReport::watchingChanged(bool watching) {
    if (watching)
        hub()->gpuMetrics()->watch();
    else
        hub()->gpuMetrics()->unwatch();
}

void IdleGpuReport::setCriteria(double thresholdPercent, qint64 windowSeconds) {
    windowSeconds = std::clamp<qint64>(windowSeconds, 1, k8s::IdleGpuRows::kMaxWindowSeconds);
    if (thresholdPercent == m_threshold && windowSeconds == m_window)
        return;
    m_threshold = thresholdPercent;
    m_window = windowSeconds;
    // Rows for other criteria would be wrong, not old: drop them.
    QStringList changed;
    for (auto it = m_clusters.begin(); it != m_clusters.end(); ++it) {
        it->rows.clear();
        it->at = QDateTime();
        it->error.clear();
        changed << it.key();
    }
    refresh();
    for (const QString &cluster : std::as_const(changed))
        Q_EMIT updated(cluster);
}

void IdleGpuReport::refresh() {
    ++m_generation; // answers to the old criteria no longer count
    for (Cluster &c : m_clusters)
        c.inFlight = false;
    if (watched())
        pollAll();
}

void IdleGpuReport::forget(const QString &cluster) {
    m_clusters.remove(cluster);
}

void IdleGpuReport::pollAll() {
    for (ClusterConnection *connection : hub()->clusters())
        if (!m_clusters[connection->name()].inFlight && connection->session())
            ask(connection);
}

void IdleGpuReport::ask(ClusterConnection *connection) {
    const QString &name = connection->name();
    Cluster &c = m_clusters[name];
    c.inFlight = true;
    c.generation = m_generation;
    k8s::IdleGpuRows::Options options;
    options.thresholdPercent = m_threshold;
    options.windowSeconds = m_window;
    options.now = QDateTime::currentSecsSinceEpoch();
    GpuMetricsMonitor *monitor = hub()->gpuMetrics();
    // The snapshot and the attribution's tables are taken here (the store is the GUI
    // thread's); the answers are decoded, attributed and summed in Qt's pool.
    auto rows = std::make_shared<std::vector<k8s::DumpRow>>();
    monitor->queryInstant(
        name, k8s::IdleGpuRows::queries(options), this,
        [rows, options, snapshot = GpuMetricsMonitor::snapshotOf(*connection),
         attribution = monitor->attributionOf(*connection),
         maxSeries =
             GpuMetricsMonitor::maxSeriesOf(*connection)](std::vector<std::string> &bodies) {
            auto made = k8s::IdleGpuRows::rows(snapshot, bodies, *attribution, options, maxSeries);
            if (!made.ok())
                return made.error();
            *rows = std::move(made.value());
            return std::string();
        },
        [this, name, rows, generation = m_generation](const QString &error) {
            if (!hub()->cluster(name) || !m_clusters.contains(name) || generation != m_generation)
                return;
            Cluster &c = m_clusters[name];
            c.inFlight = false;
            c.error = error;
            c.rows = error.isEmpty() ? std::move(*rows) : std::vector<k8s::DumpRow>();
            c.at = error.isEmpty() ? QDateTime::currentDateTimeUtc() : QDateTime();
            Q_EMIT updated(name);
        });
}

std::vector<k8s::DumpRow> IdleGpuReport::rows(const QString &cluster) const {
    const auto c = m_clusters.constFind(cluster);
    if (c == m_clusters.constEnd() || stale(c->at))
        return {};
    return c->rows;
}

QString IdleGpuReport::describe(const QString &cluster) const {
    const auto c = m_clusters.constFind(cluster);
    if (c == m_clusters.constEnd())
        return {};
    if (!c->error.isEmpty())
        return c->error;
    if (!c->at.isValid())
        return c->inFlight ? tr("%1: reading 24 h of GPU utilization…").arg(cluster) : QString();
    const std::optional<k8s::PrometheusEndpoint> where = hub()->gpuMetrics()->endpoint(cluster);
    return tr("%1: 24 h of GPU utilization from Prometheus %2, computed %3")
        .arg(cluster, where ? QString::fromStdString(where->toString()) : QString(),
             QLocale().toString(c->at.toLocalTime().time(), QLocale::ShortFormat));
}

QDateTime IdleGpuReport::computedAt(const QString &cluster) const {
    const auto c = m_clusters.constFind(cluster);
    return c == m_clusters.constEnd() ? QDateTime() : c->at;
}

std::optional<double> IdleGpuReport::number(const k8s::DumpRow &row, std::string_view field) {
    return row.number(field);
}

QString IdleGpuReport::text(const k8s::DumpRow &row, std::string_view field) {
    return QString::fromStdString(row.text(field));
}

QString IdleGpuReport::duration(qint64 seconds) {
    return QString::fromStdString(k8s::humanDuration(std::chrono::seconds(seconds)));
}

} // namespace cubedesk::models
