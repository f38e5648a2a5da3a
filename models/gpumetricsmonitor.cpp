#include "models/gpumetricsmonitor.h"

#include "k8s/cube/promresponse.h"
#include "k8s/session/urlget.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"

#include <QFutureWatcher>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <utility>

namespace cubedesk::models {

GpuMetricsMonitor::GpuMetricsMonitor(ClusterHub *hub, QObject *parent)
    : PolledMonitor(hub, parent) {
    m_urlPool.setMaxThreadCount(2);
    for (ClusterConnection *c : hub->clusters())
        follow(c);
    connect(hub, &ClusterHub::clusterAdded, this, &GpuMetricsMonitor::follow);
}

void GpuMetricsMonitor::follow(ClusterConnection *connection) {
    connect(connection, &ClusterConnection::changed, this,
            [this, connection](const ClusterChange &change) {
                if (!change.nodeSetChanged() && change.nodesChanged.empty() &&
                    !change.podSetChanged() && change.podsChanged.empty())
                    return;
                if (const auto c = m_clusters.find(connection->name()); c != m_clusters.end())
                    c->attribution.reset();
            });
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

const std::vector<k8s::GpuReading> &GpuMetricsMonitor::node(const QString &cluster,
                                                            const QString &node) const {
    static const std::vector<k8s::GpuReading> kNone;
    const auto c = m_clusters.constFind(cluster);
    if (c == m_clusters.constEnd() || stale(*c))
        return kNone;
    const auto readings = c->nodes.constFind(node);
    return readings == c->nodes.constEnd() ? kNone : *readings;
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
    request(connection, endpoint, {endpoint.buildInfoPath()}, this,
            [this, name, endpoint](const std::vector<k8s::WriteResult> &results) {
                ClusterConnection *connection = hub()->cluster(name);
                if (!connection || !m_clusters.contains(name))
                    return;
                Cluster &c = m_clusters[name];
                const k8s::WriteResult &r = results.front();
                if (r.ok() && k8s::PromResponse::buildVersion(r.body)) {
                    c.found = endpoint;
                    c.wholeSeries = false;
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
                                const k8s::PrometheusEndpoint &endpoint,
                                std::vector<std::string> paths, QObject *context,
                                std::function<void(std::vector<k8s::WriteResult>)> done) {
    if (endpoint.isUrl()) {
        // Blocking, on a worker of its own pool: a slow URL must not hold the decoders' threads.
        using Results = std::vector<k8s::WriteResult>;
        auto *watcher = new QFutureWatcher<Results>(this);
        connect(watcher, &QFutureWatcherBase::finished, context, [watcher, done = std::move(done)] {
            watcher->deleteLater();
            done(watcher->future().takeResult());
        });
        connect(watcher, &QFutureWatcherBase::finished, watcher, &QObject::deleteLater);
        watcher->setFuture(
            QtConcurrent::run(&m_urlPool, [url = endpoint.url, paths = std::move(paths)] {
                Results results;
                for (const std::string &path : paths)
                    results.push_back(
                        k8s::UrlGet::get(url, path, k8s::PrometheusEndpoint::kQueryTimeout));
                return results;
            }));
        return;
    }
    std::vector<k8s::WriteRequest> gets;
    for (std::string &path : paths) {
        k8s::WriteRequest get;
        get.method = "GET";
        get.path = std::move(path);
        get.subject = "prometheus";
        get.timeout = k8s::PrometheusEndpoint::kQueryTimeout;
        gets.push_back(std::move(get));
    }
    connection->submit(std::move(gets), context, std::move(done));
}

std::optional<std::pair<QString, int>>
GpuMetricsMonitor::failureOf(const QString &cluster, const QString &where,
                             const std::vector<k8s::WriteResult> &results) {
    for (const k8s::WriteResult &r : results) {
        if (r.status == 401 || r.status == 403)
            return std::pair(tr("%1: Prometheus %2 refused: %3")
                                 .arg(cluster, where, QString::fromStdString(r.error.toString())),
                             r.status);
        if (!r.ok())
            return std::pair(tr("%1: Prometheus %2 did not answer: %3")
                                 .arg(cluster, where, QString::fromStdString(r.error.toString())),
                             r.status);
    }
    if (results.empty())
        return std::pair(tr("%1: Prometheus %2 did not answer").arg(cluster, where), 0);
    return std::nullopt;
}

void GpuMetricsMonitor::query(ClusterConnection *connection) {
    const QString name = connection->name();
    Cluster &c = m_clusters[name];
    const k8s::PrometheusEndpoint &endpoint = *c.found;
    std::vector<std::string> paths;
    if (c.wholeSeries)
        paths = {endpoint.queryPath(k8s::GpuReadings::query())};
    else
        paths = {endpoint.queryPath(k8s::GpuReadings::identityQuery()),
                 endpoint.queryPath(k8s::GpuReadings::valuesQuery())};
    auto readings = std::make_shared<Readings>();
    // Streamed, attributed and freed in the pool; the GUI thread only swaps the result in.
    requestInPool(
        connection, endpoint, std::move(paths), this,
        [readings, attribution = attributionOf(*connection),
         maxSeries = maxSeriesOf(*connection)](std::vector<std::string> &bodies) {
            std::vector<k8s::GpuReading> found;
            if (bodies.size() == 2) {
                k8s::GpuReadings::Decoded decoded =
                    k8s::GpuReadings::fromAnswers(bodies[0], bodies[1], *attribution, maxSeries);
                if (!decoded.error.empty())
                    return decoded.error;
                readings->needsWholeSeries = decoded.needsWholeSeries;
                found = std::move(decoded.readings);
            } else {
                auto decoded = k8s::GpuReadings::fromAnswer(bodies[0], *attribution, maxSeries);
                if (!decoded.ok())
                    return decoded.error();
                found = std::move(decoded.value());
            }
            for (k8s::GpuReading &g : found)
                readings->byNode[QString::fromStdString(g.node)].push_back(std::move(g));
            for (std::vector<k8s::GpuReading> &devices : readings->byNode)
                std::stable_partition(devices.begin(), devices.end(), [](const k8s::GpuReading &g) {
                    return g.migProfile.empty();
                });
            return std::string();
        },
        [this, name, readings](const QString &error, int status) {
            readingsDecoded(name, std::move(readings->byNode), readings->needsWholeSeries, error,
                            status);
        });
}

void GpuMetricsMonitor::readingsDecoded(const QString &name,
                                        QHash<QString, std::vector<k8s::GpuReading>> byNode,
                                        bool needsWholeSeries, const QString &error, int status) {
    ClusterConnection *connection = hub()->cluster(name);
    if (!connection || !m_clusters.contains(name))
        return;
    Cluster &c = m_clusters[name];
    if (!c.found) // the user chose another Prometheus meanwhile: look for it
        return search(connection);
    if (status == 401 || status == 403)
        return finish(name, State::Refused, error);
    if (!error.isEmpty()) {
        if (status != 200)
            c.found.reset(); // gone? look again next time
        return finish(name, State::Failed, error);
    }
    if (needsWholeSeries && !c.wholeSeries) {
        c.wholeSeries = true; // until another Prometheus is found
        return query(connection);
    }
    // The old readings are freed in the pool: 40,000 of them are milliseconds of frees.
    (void)QtConcurrent::run([old = std::exchange(c.nodes, std::move(byNode))] {});
    c.at = QDateTime::currentDateTimeUtc();
    finish(name, State::Measured, {});
}

std::shared_ptr<const k8s::GpuSeriesAttribution>
GpuMetricsMonitor::attributionOf(const ClusterConnection &connection) {
    // Built here on the GUI thread (the store is the GUI thread's), kept until the cluster's
    // nodes or pods change (follow()).
    Cluster &c = m_clusters[connection.name()];
    if (!c.attribution)
        c.attribution = std::make_shared<const k8s::GpuSeriesAttribution>(snapshotOf(connection));
    return c.attribution;
}

void GpuMetricsMonitor::requestInPool(ClusterConnection *connection,
                                      const k8s::PrometheusEndpoint &endpoint,
                                      std::vector<std::string> paths, QObject *context,
                                      BodiesWork work,
                                      std::function<void(const QString &, int)> done) {
    const QString name = connection->name();
    const QString where = QString::fromStdString(endpoint.toString());
    request(connection, endpoint, std::move(paths), context,
            [this, name, where, context = QPointer<QObject>(context), work = std::move(work),
             done = std::move(done)](std::vector<k8s::WriteResult> results) mutable {
                if (const auto failure = failureOf(name, where, results))
                    return done(failure->first, failure->second);
                std::vector<std::string> bodies;
                bodies.reserve(results.size());
                for (k8s::WriteResult &r : results)
                    bodies.push_back(std::move(r.body));
                auto *watcher = new QFutureWatcher<std::string>(this);
                connect(watcher, &QFutureWatcherBase::finished, this,
                        [watcher, name, where, context, done = std::move(done)] {
                            watcher->deleteLater();
                            if (!context)
                                return;
                            const std::string error = watcher->future().takeResult();
                            done(error.empty()
                                     ? QString()
                                     : tr("%1: Prometheus %2: %3")
                                           .arg(name, where, QString::fromStdString(error)),
                                 200);
                        });
                // The bodies move to the task: copying a 150-MB answer on the GUI thread was
                // the window's longest stall (cubedesk-bench-gpumetrics).
                watcher->setFuture(
                    QtConcurrent::run([bodies = std::move(bodies),
                                       work = std::move(work)]() mutable { return work(bodies); }));
            });
}

bool GpuMetricsMonitor::whereToAsk(const QString &cluster, QObject *context,
                                   const std::function<void(const QString &)> &fail,
                                   ClusterConnection *&connection,
                                   k8s::PrometheusEndpoint &endpoint) {
    connection = hub()->cluster(cluster);
    const std::optional<k8s::PrometheusEndpoint> where = this->endpoint(cluster);
    if (connection != nullptr && connection->session() && where) {
        endpoint = *where;
        return true;
    }
    QString why = describe(cluster);
    if (why.isEmpty())
        why = tr("%1: no Prometheus found yet").arg(cluster);
    QMetaObject::invokeMethod(
        context, [fail, why] { fail(why); }, Qt::QueuedConnection);
    return false;
}

void GpuMetricsMonitor::queryRange(const QString &cluster, const std::string &promql, qint64 start,
                                   qint64 end, qint64 stepSeconds, QObject *context,
                                   AnswerCallback done) {
    ClusterConnection *connection = nullptr;
    k8s::PrometheusEndpoint where;
    if (!whereToAsk(
            cluster, context,
            [done](const QString &why) {
                done({{}, why});
            },
            connection, where))
        return;
    auto answer = std::make_shared<Answer>();
    requestInPool(
        connection, where, {where.rangePath(promql, start, end, stepSeconds)}, context,
        [answer, maxSeries = maxSeriesOf(*connection)](std::vector<std::string> &bodies) {
            auto decoded = k8s::PromResponse::parse(std::move(bodies.front()), maxSeries);
            if (!decoded.ok())
                return decoded.error();
            answer->response = std::move(decoded.value());
            return std::string();
        },
        [answer, done = std::move(done)](const QString &error, int) {
            if (!error.isEmpty())
                return done({{}, error});
            done(std::move(*answer));
        });
}

void GpuMetricsMonitor::queryInstant(const QString &cluster,
                                     const std::vector<k8s::InstantQuery> &queries,
                                     QObject *context, BodiesWork work,
                                     std::function<void(const QString &)> done) {
    ClusterConnection *connection = nullptr;
    k8s::PrometheusEndpoint where;
    if (!whereToAsk(cluster, context, done, connection, where))
        return;
    std::vector<std::string> paths;
    paths.reserve(queries.size());
    for (const k8s::InstantQuery &q : queries)
        paths.push_back(where.queryPath(q));
    requestInPool(connection, where, std::move(paths), context, std::move(work),
                  [done = std::move(done)](const QString &error, int) { done(error); });
}

std::optional<k8s::PrometheusEndpoint> GpuMetricsMonitor::endpoint(const QString &cluster) const {
    const auto c = m_clusters.constFind(cluster);
    if (c == m_clusters.constEnd())
        return std::nullopt;
    return c->found ? c->found : c->given;
}

std::size_t GpuMetricsMonitor::maxSeriesOf(const ClusterConnection &connection) {
    return k8s::GpuReadings::maxSeriesFor(connection.store().nodes().size());
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
