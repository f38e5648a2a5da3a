#include "models/gpumetricsmonitor.h"

#include "k8s/cube/promresponse.h"
#include "k8s/session/urlget.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"

#include <QFutureWatcher>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

namespace cubedesk::models {

GpuMetricsMonitor::GpuMetricsMonitor(ClusterHub *hub, QObject *parent)
    : PolledMonitor(hub, parent) {
    m_urlPool.setMaxThreadCount(2);
}

GpuMetricsMonitor::~GpuMetricsMonitor() {
    m_urlPool.waitForDone(); // its tasks end within WriteExchange's 30 s
}

void GpuMetricsMonitor::forget(const QString &cluster) {
    m_clusters.remove(cluster);
}

void GpuMetricsMonitor::setEndpoint(const QString &cluster,
                                    std::optional<k8s::PrometheusEndpoint> endpoint) {
    Cluster &c = m_clusters[cluster];
    if (c.given == endpoint)
        return;
    c.given = std::move(endpoint);
    c.found.reset();
    c.state = State::Searching;
    c.nodes.clear();
    Q_EMIT updated(cluster);
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
    request(connection, endpoint, endpoint.buildInfoPath(), this,
            [this, name, endpoint](const k8s::WriteResult &r) {
                ClusterConnection *connection = hub()->cluster(name);
                if (!connection || !m_clusters.contains(name))
                    return;
                Cluster &c = m_clusters[name];
                if (r.ok() && k8s::PromResponse::buildVersion(r.body)) {
                    c.found = endpoint;
                    return query(connection);
                }
                if (!c.tried.isEmpty())
                    c.tried += QStringLiteral("; ");
                c.tried +=
                    QString::fromStdString(endpoint.toString()) + QStringLiteral(": ") +
                    (r.ok() ? tr("not a Prometheus") : QString::fromStdString(r.error.toString()));
                ++c.candidate;
                search(connection);
            });
}

void GpuMetricsMonitor::request(ClusterConnection *connection,
                                const k8s::PrometheusEndpoint &endpoint, const std::string &path,
                                QObject *context, std::function<void(k8s::WriteResult)> done) {
    if (endpoint.isUrl()) {
        // Blocking, on a worker of its own pool: a slow URL must not hold the decoders' threads.
        auto *watcher = new QFutureWatcher<k8s::WriteResult>(this);
        connect(watcher, &QFutureWatcherBase::finished, context, [watcher, done = std::move(done)] {
            watcher->deleteLater();
            done(watcher->future().takeResult());
        });
        connect(watcher, &QFutureWatcherBase::finished, watcher, &QObject::deleteLater);
        watcher->setFuture(QtConcurrent::run(
            &m_urlPool, [url = endpoint.url, path] { return k8s::UrlGet::get(url, path); }));
        return;
    }
    k8s::WriteRequest get;
    get.method = "GET";
    get.path = path;
    get.subject = "prometheus";
    connection->submit({get}, context,
                       [done = std::move(done)](std::vector<k8s::WriteResult> results) {
                           done(results.empty() ? k8s::WriteResult{} : std::move(results.front()));
                       });
}

void GpuMetricsMonitor::fetch(ClusterConnection *connection,
                              const k8s::PrometheusEndpoint &endpoint, const std::string &path,
                              QObject *context, std::function<void(Answer, int status)> done,
                              std::shared_ptr<const k8s::GpuSeriesAttribution> attribution) {
    const QString name = connection->name();
    const QString where = QString::fromStdString(endpoint.toString());
    const std::size_t maxSeries = maxSeriesOf(*connection);
    request(connection, endpoint, path, context,
            [this, name, where, maxSeries, attribution = std::move(attribution),
             context = QPointer<QObject>(context),
             done = std::move(done)](k8s::WriteResult r) mutable {
                if (r.status == 401 || r.status == 403)
                    return done({{},
                                 tr("%1: Prometheus %2 refused: %3")
                                     .arg(name, where, QString::fromStdString(r.error.toString()))},
                                r.status);
                if (!r.ok())
                    return done({{},
                                 tr("%1: Prometheus %2 did not answer: %3")
                                     .arg(name, where, QString::fromStdString(r.error.toString()))},
                                r.status);
                auto *watcher = new QFutureWatcher<Answer>(this);
                connect(watcher, &QFutureWatcherBase::finished, this,
                        [watcher, name, where, context, status = r.status,
                         done = std::move(done)]() mutable {
                            watcher->deleteLater();
                            if (!context)
                                return;
                            Answer answer = watcher->future().takeResult();
                            if (!answer.error.isEmpty())
                                answer.error =
                                    tr("%1: Prometheus %2: %3").arg(name, where, answer.error);
                            done(std::move(answer), status);
                        });
                // The body moves to the decoder: copying a 150-MB answer on the GUI thread was the
                // window's longest stall (cubedesk-bench-gpumetrics). The decoded answer is
                // attributed and freed there too when it is the readings' query.
                watcher->setFuture(QtConcurrent::run(
                    [body = std::move(r.body), maxSeries, attribution = std::move(attribution)] {
                        Answer answer;
                        auto decoded = k8s::PromResponse::parse(body, maxSeries);
                        if (!decoded.ok()) {
                            answer.error = QString::fromStdString(decoded.error());
                            return answer;
                        }
                        if (!attribution) {
                            answer.response = std::move(decoded.value());
                            return answer;
                        }
                        for (k8s::GpuReading &g :
                             k8s::GpuReadings::fromResponse(decoded.value(), *attribution))
                            answer.readings[QString::fromStdString(g.node)].push_back(std::move(g));
                        return answer;
                    }));
            });
}

void GpuMetricsMonitor::query(ClusterConnection *connection) {
    const QString name = connection->name();
    const k8s::PrometheusEndpoint endpoint = *m_clusters[name].found;
    // The attribution's tables from the cached nodes and GPU pods, here on the GUI thread (the
    // store is the GUI thread's); the matching runs with the decoding in Qt's pool.
    auto attribution = std::make_shared<const k8s::GpuSeriesAttribution>(snapshotOf(*connection));
    fetch(
        connection, endpoint, endpoint.queryPath(k8s::GpuReadings::query()), this,
        [this, name](Answer answer, int status) {
            if (!hub()->cluster(name) || !m_clusters.contains(name))
                return;
            if (!answer.error.isEmpty()) {
                if (status == 401 || status == 403)
                    return finish(name, State::Refused, answer.error);
                if (status < 200 || status >= 300)
                    m_clusters[name].found.reset(); // gone? look again next time
                return finish(name, State::Failed, answer.error);
            }
            Cluster &c = m_clusters[name];
            c.nodes = std::move(answer.readings);
            c.at = QDateTime::currentDateTimeUtc();
            finish(name, State::Measured, {});
        },
        std::move(attribution));
}

void GpuMetricsMonitor::queryRange(const QString &cluster, const std::string &promql, qint64 start,
                                   qint64 end, qint64 stepSeconds, QObject *context,
                                   AnswerCallback done) {
    ClusterConnection *connection = hub()->cluster(cluster);
    const std::optional<k8s::PrometheusEndpoint> where = endpoint(cluster);
    if (!connection || !connection->session() || !where) {
        QString why = describe(cluster);
        if (why.isEmpty())
            why = tr("%1: no Prometheus found yet").arg(cluster);
        QMetaObject::invokeMethod(
            context,
            [done = std::move(done), why] {
                done({{}, why});
            },
            Qt::QueuedConnection);
        return;
    }
    fetch(connection, *where, where->rangePath(promql, start, end, stepSeconds), context,
          [done = std::move(done)](Answer answer, int) { done(std::move(answer)); });
}

std::optional<k8s::PrometheusEndpoint> GpuMetricsMonitor::endpoint(const QString &cluster) const {
    const auto c = m_clusters.constFind(cluster);
    if (c == m_clusters.constEnd())
        return std::nullopt;
    return c->found ? c->found : c->given;
}

std::size_t GpuMetricsMonitor::maxSeriesOf(const ClusterConnection &connection) {
    // Every field of every device: 7 fields, up to 8 GPUs and 7 MIG instances of one per node.
    const std::size_t perNode = std::size_t{7} * 16;
    return std::max<std::size_t>(kMinMaxSeries, perNode * connection.store().nodes().size());
}

k8s::ClusterSnapshot GpuMetricsMonitor::snapshotOf(const ClusterConnection &connection) {
    k8s::ClusterSnapshot snapshot;
    snapshot.name = connection.name().toStdString();
    for (const auto &[nodeName, node] : connection.store().nodes())
        snapshot.nodes.push_back(node);
    for (const auto &[key, pod] : connection.store().pods())
        snapshot.pods.push_back(pod);
    return snapshot;
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
