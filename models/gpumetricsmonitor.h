#pragma once
// GpuMetricsMonitor: what DCGM reports about each cluster's GPUs (k8s::GpuReadings), read from
// the cluster's Prometheus through the API server's service proxy and polled only while
// something watches it (PolledMonitor: the GPUs pane while shown, the notifications always).
//
// Per cluster, first the Prometheus is found: the endpoint the user set (setEndpoint: a service,
// or a URL asked directly with k8s::UrlGet and none of the cluster's credentials), else the
// first well-known install whose buildinfo answers (k8s::PrometheusEndpoint::wellKnown, asked
// one after the other). Then one instant query every interval (15 s by default: the platform's
// scrape interval's order): in fact two, asked together — each device's identity and each
// field's value (k8s::GpuReadings::identityQuery and valuesQuery, a third of the bytes of asking
// every series whole; query() is asked instead where a relabelling dropped the devices' UUIDs).
// Bodies are decoded off the GUI thread (streamed, in Qt's thread pool), and the series
// attributed there too: the attribution's tables (the cluster's cached nodes and GPU pods,
// GpuSeriesAttribution) are built on the GUI thread — again only once the cluster's nodes or
// pods changed — and handed to the task, which returns the readings grouped by node; the old
// readings are freed in the pool too.
//
// State per cluster — not asked yet, searching, measured (with the endpoint used), no
// Prometheus (every endpoint tried and its answer), refused (401/403: the user may not `get
// services/proxy`), failed (a PromQL or decoding error) — so a view says why instead of drawing
// zeros. Readings older than three intervals (the polls failed since) are stale: node() no
// longer gives them. A NotFound/refused search is retried at the next poll, so a Prometheus
// installed later is found.
//
// queryRange() and queryInstant() ask the Prometheus found (or set) for a cluster on behalf of a
// view — a range query decoded off the GUI thread (the node charts), instant queries whose
// bodies the view's own work decodes in Qt's pool (the idle-GPU report) — with the same
// credentials.
//
// Threads: GUI thread only. Owned by the ClusterHub (shared by every window); does not own the
// hub or its connections.

#include "k8s/cube/gpureadings.h"
#include "k8s/cube/gpuseriesattribution.h"
#include "k8s/cube/prometheusendpoint.h"
#include "k8s/write/writerequest.h"
#include "models/polledmonitor.h"

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QThreadPool>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace cubedesk::models {

class ClusterHub;
class ClusterConnection;

class GpuMetricsMonitor final : public PolledMonitor {
    Q_OBJECT
public:
    enum class State { NotAsked, Searching, Measured, NoPrometheus, Refused, Failed };

    explicit GpuMetricsMonitor(ClusterHub *hub, QObject *parent = nullptr);
    ~GpuMetricsMonitor() override;

    /// Use this Prometheus for `cluster` instead of looking for one (nullopt: look again).
    void setEndpoint(const QString &cluster, std::optional<k8s::PrometheusEndpoint> endpoint);

    /// The node's devices (whole GPUs by index, then MIG instances by GPU and instance), empty
    /// when none is known or stale. Valid until the monitor next emits updated().
    const std::vector<k8s::GpuReading> &node(const QString &cluster, const QString &node) const;
    /// Every node of `cluster` with readings (empty when none or stale).
    QStringList nodes(const QString &cluster) const;
    State state(const QString &cluster) const;
    /// Where the readings come from ("monitoring/prometheus-k8s:9090"), or why there are none,
    /// in one translated line.
    QString describe(const QString &cluster) const;
    QDateTime sampledAt(const QString &cluster) const;

    /// A decoded answer, or why there is none (one translated line naming the cluster).
    struct Answer {
        std::optional<k8s::PromResponse> response; ///< unset when failed
        QString error;
    };
    using AnswerCallback = std::function<void(Answer)>;
    /// Asks the cluster's Prometheus (found or set; an error when there is none yet) for
    /// `promql` from `start` to `end` (seconds since the epoch) every `stepSeconds`. `done` runs
    /// on the GUI thread once, or never when `context` is destroyed first.
    void queryRange(const QString &cluster, const std::string &promql, qint64 start, qint64 end,
                    qint64 stepSeconds, QObject *context, AnswerCallback done);
    /// Work on answers' bodies in Qt's pool (decode them there: they may be tens of megabytes;
    /// a body may be consumed in place): "" when done, else why not (untranslated: the answer's
    /// fault, as k8s's decoders say it).
    using BodiesWork = std::function<std::string(std::vector<std::string> &bodies)>;
    /// Asks the cluster's Prometheus (as queryRange) the instant `queries` together, then runs
    /// `work` on their bodies (in order) in Qt's pool. `done` runs on the GUI thread once — with
    /// "" when work succeeded, else why not in one translated line naming the cluster and the
    /// endpoint —, or never when `context` is destroyed first.
    void queryInstant(const QString &cluster, const std::vector<k8s::InstantQuery> &queries,
                      QObject *context, BodiesWork work, std::function<void(const QString &)> done);
    /// The tables that attribute the cluster's series (GpuSeriesAttribution), built from its
    /// cached nodes and pods on the GUI thread and kept until they change; usable in any thread.
    std::shared_ptr<const k8s::GpuSeriesAttribution>
    attributionOf(const ClusterConnection &connection);
    /// The Prometheus in use for `cluster`: the one set, else the one found (nullopt: none).
    std::optional<k8s::PrometheusEndpoint> endpoint(const QString &cluster) const;
    /// The cluster's cached nodes and pods, for attributing series (GUI thread: the objects'
    /// strings live in the connection's pool).
    static k8s::ClusterSnapshot snapshotOf(const ClusterConnection &connection);
    /// The most series an answer about `connection` may have (GpuReadings::maxSeriesFor).
    static std::size_t maxSeriesOf(const ClusterConnection &connection);

private:
    struct Cluster {
        State state = State::NotAsked;
        QString reason;
        std::optional<k8s::PrometheusEndpoint> given; ///< set by the user
        std::optional<k8s::PrometheusEndpoint> found; ///< the one that answered
        std::size_t candidate = 0;                    ///< the next well-known to try
        QString tried;                                ///< what the search heard so far
        QHash<QString, std::vector<k8s::GpuReading>> nodes;
        QDateTime at;
        bool inFlight = false;
        bool wholeSeries = false; ///< the devices have no UUIDs: ask GpuReadings::query()
        /// The tables of the last refresh, until the cluster's nodes or pods change.
        std::shared_ptr<const k8s::GpuSeriesAttribution> attribution;
    };
    /// The readings' answers decoded and attributed (off the GUI thread).
    struct Readings {
        QHash<QString, std::vector<k8s::GpuReading>> byNode;
        bool needsWholeSeries = false;
    };

    void pollAll() override;
    void forget(const QString &cluster) override;
    /// Drops the cluster's attribution tables whenever its nodes or pods change.
    void follow(ClusterConnection *connection);
    void search(ClusterConnection *connection);
    void query(ClusterConnection *connection);
    /// GETs `paths` of `endpoint` (at once): through the cluster's API server, or directly for
    /// a URL. `done` gets one result per path, in order.
    void request(ClusterConnection *connection, const k8s::PrometheusEndpoint &endpoint,
                 std::vector<std::string> paths, QObject *context,
                 std::function<void(std::vector<k8s::WriteResult>)> done);
    /// request() of `paths`, then `work` on the bodies in Qt's pool; `done` runs on the GUI
    /// thread unless `context` is gone, with "" or why not — a failed request (failureOf, its
    /// HTTP status) or work's error (status 200) —, as one translated line naming the cluster
    /// and the endpoint.
    void requestInPool(ClusterConnection *connection, const k8s::PrometheusEndpoint &endpoint,
                       std::vector<std::string> paths, QObject *context, BodiesWork work,
                       std::function<void(const QString &error, int status)> done);
    /// The connection and the endpoint to ask about `cluster`; false, and `fail` called soon on
    /// `context` with why, when there is none.
    bool whereToAsk(const QString &cluster, QObject *context,
                    const std::function<void(const QString &)> &fail,
                    ClusterConnection *&connection, k8s::PrometheusEndpoint &endpoint);
    /// The first result of `results` that failed, as one translated line naming the cluster
    /// and the endpoint, with its HTTP status; nullopt when every one succeeded.
    static std::optional<std::pair<QString, int>>
    failureOf(const QString &cluster, const QString &where,
              const std::vector<k8s::WriteResult> &results);
    void readingsDecoded(const QString &cluster,
                         QHash<QString, std::vector<k8s::GpuReading>> byNode, bool needsWholeSeries,
                         const QString &error, int status);
    void finish(const QString &cluster, State state, const QString &reason);
    bool stale(const Cluster &c) const;

    QHash<QString, Cluster> m_clusters;
    QThreadPool m_urlPool; ///< UrlGet's blocking GETs of Prometheus URLs
};

} // namespace cubedesk::models
