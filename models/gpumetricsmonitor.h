#pragma once
// GpuMetricsMonitor: what DCGM reports about each cluster's GPUs (k8s::GpuReadings), read from
// the cluster's Prometheus through the API server's service proxy and polled only while
// something watches it (PolledMonitor: the GPUs pane while shown, the notifications always).
//
// Per cluster, first the Prometheus is found: the endpoint the user set (setEndpoint), else the
// first well-known install whose buildinfo answers (k8s::PrometheusEndpoint::wellKnown, asked
// one after the other). Then one instant query every interval (15 s by default: the platform's
// scrape interval's order). Bodies are decoded off the GUI thread (PromResponse::parse in Qt's
// thread pool); the series are attributed on the GUI thread, against the cluster's cached nodes
// and GPU pods (GpuSeriesAttribution).
//
// State per cluster — not asked yet, searching, measured (with the endpoint used), no
// Prometheus (every endpoint tried and its answer), refused (401/403: the user may not `get
// services/proxy`), failed (a PromQL or decoding error) — so a view says why instead of drawing
// zeros. Readings older than three intervals (the polls failed since) are stale: node() no
// longer gives them. A NotFound/refused search is retried at the next poll, so a Prometheus
// installed later is found.
//
// Threads: GUI thread only. Owned by the ClusterHub (shared by every window); does not own the
// hub or its connections.

#include "k8s/cube/gpureadings.h"
#include "k8s/cube/prometheusendpoint.h"
#include "models/polledmonitor.h"

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>

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

    /// Use this Prometheus for `cluster` instead of looking for one (nullopt: look again).
    void setEndpoint(const QString &cluster, std::optional<k8s::PrometheusEndpoint> endpoint);

    /// The node's devices (whole GPUs, then MIG instances), empty when none is known or stale.
    std::vector<k8s::GpuReading> node(const QString &cluster, const QString &node) const;
    /// Every node of `cluster` with readings (empty when none or stale).
    QStringList nodes(const QString &cluster) const;
    State state(const QString &cluster) const;
    /// Where the readings come from ("monitoring/prometheus-k8s:9090"), or why there are none,
    /// in one translated line.
    QString describe(const QString &cluster) const;
    QDateTime sampledAt(const QString &cluster) const;

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
    };

    void pollAll() override;
    void forget(const QString &cluster) override;
    void search(ClusterConnection *connection);
    void query(ClusterConnection *connection);
    void finish(const QString &cluster, State state, const QString &reason);
    bool stale(const Cluster &c) const;

    QHash<QString, Cluster> m_clusters;
};

} // namespace cubedesk::models
