#pragma once
// UsageMonitor: what metrics-server measures on each cluster's nodes (metrics.k8s.io
// NodeMetrics), polled only while a view shows it (PolledMonitor: watch(), unwatch(), every
// interval — 15 s by default, metrics-server's resolution, so polling faster repeats the same
// sample — and staleness after three intervals), one chain of
// pages (500 nodes each) per cluster at a time, through ClusterConnection::submit. Each body is
// decoded off the GUI thread (MetricsPage::parse in Qt's thread pool).
//
// Per cluster it keeps the node samples, when they arrived and a state — not asked yet,
// measured, not served (404: the cluster has no metrics-server), refused (401/403), failed
// (the reason) — so that a view says "no metrics-server" instead of drawing zeros. Samples older
// than three intervals (the polls failed since) are stale: node() no longer gives them, so
// nothing old is shown as current. A node without a sample (NotReady) has none.
//
// Threads: GUI thread only. Owned by whoever creates it (the ClusterHub's owner shares one across
// windows); does not own the hub or its connections.

#include "k8s/cube/metricspage.h"
#include "models/polledmonitor.h"

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QString>

#include <optional>

namespace cubedesk::models {

class ClusterHub;
class ClusterConnection;

class UsageMonitor final : public PolledMonitor {
    Q_OBJECT
public:
    enum class State { NotAsked, Measured, NotServed, Refused, Failed };
    struct Sample {
        std::optional<qint64> milliCpu;
        std::optional<qint64> memoryBytes;
    };

    explicit UsageMonitor(ClusterHub *hub, QObject *parent = nullptr);

    /// The node's last sample, or null: no metrics for it, not asked yet, or stale.
    const Sample *node(const QString &cluster, const QString &node) const;
    State state(const QString &cluster) const;
    /// Why a cluster has no samples (NotServed, Refused, Failed), in one translated line.
    QString reason(const QString &cluster) const;
    /// When the cluster's last complete answer arrived (invalid before the first).
    QDateTime sampledAt(const QString &cluster) const;

private:
    struct Cluster {
        State state = State::NotAsked;
        QString reason;
        QHash<QString, Sample> nodes;
        QDateTime at;
        bool inFlight = false;
        std::vector<k8s::MetricsPage::Item> pages; ///< the chain's pages so far
    };

    void pollAll() override;
    void forget(const QString &cluster) override;
    void fetch(ClusterConnection *connection, const std::string &continueToken);
    void finish(const QString &cluster, State state, const QString &reason);
    bool stale(const Cluster &c) const;

    QHash<QString, Cluster> m_clusters;
};

} // namespace cubedesk::models
