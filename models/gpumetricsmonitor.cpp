#include "models/gpumetricsmonitor.h"

#include "k8s/cube/promresponse.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace cubedesk::models {

GpuMetricsMonitor::GpuMetricsMonitor(ClusterHub *hub, QObject *parent)
    : PolledMonitor(hub, parent) {}

void GpuMetricsMonitor::forget(const QString &cluster) {
    m_clusters.remove(cluster);
}

void GpuMetricsMonitor::setEndpoint(const QString &cluster,
                                    std::optional<k8s::PrometheusEndpoint> endpoint) {
    Cluster &c = m_clusters[cluster];
    c.given = std::move(endpoint);
    c.found.reset();
    c.candidate = 0;
    c.tried.clear();
    if (watched() && !c.inFlight)
        if (ClusterConnection *connection = hub()->cluster(cluster)) {
            c.inFlight = true;
            search(connection);
        }
}

bool GpuMetricsMonitor::stale(const Cluster &c) const {
    return PolledMonitor::stale(c.at);
}

std::vector<k8s::GpuReading> GpuMetricsMonitor::node(const QString &cluster,
                                                     const QString &node) const {
    const auto c = m_clusters.constFind(cluster);
    if (c == m_clusters.constEnd() || stale(*c))
        return {};
    return c->nodes.value(node);
}

QStringList GpuMetricsMonitor::nodes(const QString &cluster) const {
    const auto c = m_clusters.constFind(cluster);
    return c == m_clusters.constEnd() || stale(*c) ? QStringList() : c->nodes.keys();
}

GpuMetricsMonitor::State GpuMetricsMonitor::state(const QString &cluster) const {
    const auto c = m_clusters.constFind(cluster);
    return c == m_clusters.constEnd() ? State::NotAsked : c->state;
}

QString GpuMetricsMonitor::describe(const QString &cluster) const {
    const auto c = m_clusters.constFind(cluster);
    if (c == m_clusters.constEnd() || c->state == State::NotAsked)
        return {};
    if (c->state == State::Searching)
        return tr("%1: looking for Prometheus…").arg(cluster);
    if (c->state == State::Measured && c->found)
        return tr("%1: GPU metrics from Prometheus %2")
            .arg(cluster, QString::fromStdString(c->found->toString()));
    return c->reason;
}

QDateTime GpuMetricsMonitor::sampledAt(const QString &cluster) const {
    const auto c = m_clusters.constFind(cluster);
    return c == m_clusters.constEnd() ? QDateTime() : c->at;
}

void GpuMetricsMonitor::pollAll() {
    for (ClusterConnection *connection : hub()->clusters()) {
        Cluster &c = m_clusters[connection->name()];
        if (c.inFlight || !connection->session())
            continue;
        c.inFlight = true;
        if (c.found) {
            query(connection);
        } else {
            if (c.state == State::NotAsked) {
                c.state = State::Searching;
                Q_EMIT updated(connection->name());
            }
            c.candidate = 0;
            c.tried.clear();
            search(connection);
        }
    }
}

void GpuMetricsMonitor::search(ClusterConnection *connection) {
    const QString name = connection->name();
    Cluster &c = m_clusters[name];
    const std::vector<k8s::PrometheusEndpoint> candidates =
        c.given ? std::vector<k8s::PrometheusEndpoint>{*c.given}
                : k8s::PrometheusEndpoint::wellKnown();
    if (c.candidate >= candidates.size())
        return finish(name, State::NoPrometheus,
                      tr("%1: no Prometheus found (%2)").arg(name, c.tried));
    const k8s::PrometheusEndpoint &endpoint = candidates[c.candidate];
    k8s::WriteRequest get;
    get.method = "GET";
    get.path = endpoint.buildInfoPath();
    get.subject = "prometheus";
    connection->submit({get}, this, [this, name, endpoint](std::vector<k8s::WriteResult> results) {
        ClusterConnection *connection = hub()->cluster(name);
        if (!connection || !m_clusters.contains(name))
            return;
        Cluster &c = m_clusters[name];
        const k8s::WriteResult r =
            results.empty() ? k8s::WriteResult{} : std::move(results.front());
        if (r.ok() && k8s::PromResponse::buildVersion(r.body)) {
            c.found = endpoint;
            return query(connection);
        }
        if (!c.tried.isEmpty())
            c.tried += QStringLiteral("; ");
        c.tried += QString::fromStdString(endpoint.toString()) + QStringLiteral(": ") +
                   (r.ok() ? tr("not a Prometheus") : QString::fromStdString(r.error.toString()));
        ++c.candidate;
        search(connection);
    });
}

void GpuMetricsMonitor::query(ClusterConnection *connection) {
    const QString name = connection->name();
    const k8s::PrometheusEndpoint endpoint = *m_clusters[name].found;
    k8s::WriteRequest get;
    get.method = "GET";
    get.path = endpoint.queryPath(k8s::GpuReadings::query());
    get.subject = "prometheus";
    connection->submit({get}, this, [this, name, endpoint](std::vector<k8s::WriteResult> results) {
        if (!hub()->cluster(name) || !m_clusters.contains(name))
            return;
        const k8s::WriteResult r =
            results.empty() ? k8s::WriteResult{} : std::move(results.front());
        const QString where = QString::fromStdString(endpoint.toString());
        if (r.status == 401 || r.status == 403)
            return finish(name, State::Refused,
                          tr("%1: Prometheus %2 refused: %3")
                              .arg(name, where, QString::fromStdString(r.error.toString())));
        if (!r.ok()) {
            m_clusters[name].found.reset(); // gone? look again next time
            return finish(name, State::Failed,
                          tr("%1: Prometheus %2 did not answer: %3")
                              .arg(name, where, QString::fromStdString(r.error.toString())));
        }
        using Answer = k8s::Result<k8s::PromResponse, std::string>;
        auto *watcher = new QFutureWatcher<Answer>(this);
        connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, name, where] {
            watcher->deleteLater();
            ClusterConnection *connection = hub()->cluster(name);
            if (!connection || !m_clusters.contains(name))
                return;
            const Answer answer = watcher->result();
            if (!answer.ok())
                return finish(name, State::Failed,
                              tr("%1: Prometheus %2: %3")
                                  .arg(name, where, QString::fromStdString(answer.error())));
            // Attribution against the cached nodes and pods (GUI thread: the objects' strings
            // live in the connection's pool).
            k8s::ClusterSnapshot snapshot;
            snapshot.name = name.toStdString();
            for (const auto &[nodeName, node] : connection->store().nodes())
                snapshot.nodes.push_back(node);
            for (const auto &[key, pod] : connection->store().pods())
                snapshot.pods.push_back(pod);
            Cluster &c = m_clusters[name];
            c.nodes.clear();
            for (k8s::GpuReading &g : k8s::GpuReadings::fromResponse(answer.value(), snapshot))
                c.nodes[QString::fromStdString(g.node)].push_back(std::move(g));
            c.at = QDateTime::currentDateTimeUtc();
            finish(name, State::Measured, {});
        });
        watcher->setFuture(
            QtConcurrent::run([body = r.body] { return k8s::PromResponse::parse(body); }));
    });
}

void GpuMetricsMonitor::finish(const QString &cluster, State state, const QString &reason) {
    Cluster &c = m_clusters[cluster];
    c.inFlight = false;
    c.state = state;
    c.reason = reason;
    if (state == State::NoPrometheus || state == State::Refused)
        c.nodes.clear();
    Q_EMIT updated(cluster);
}

} // namespace cubedesk::models
