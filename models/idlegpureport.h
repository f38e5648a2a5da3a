#pragma once
// IdleGpuReport: which pods hold GPUs and leave them idle, and what each resource group holds,
// uses and wastes — k8s::IdleGpuRows over its instant queries of DCGM utilization per cluster
// (the window and the last 24 h), asked through GpuMetricsMonitor::queryInstant and decoded,
// attributed against the cluster's cached pods and summed in Qt's pool. Polled (PolledMonitor)
// every 5 minutes while watched (the GPUs pane's "Idle and waste" tab, the balancing advisor when
// its utilization signal is on); while watched it also watches the GPU metrics monitor, which finds
// each cluster's Prometheus, and asks a cluster again as soon as that monitor measures it.
//
// Per cluster: rows (IdleGpuRows: kind "pod" rows, most wasted first, then kind "org"), when
// they were computed, or why there are none (one translated line). Rows older than three
// intervals are stale and not given.
//
// Threads: GUI thread only. Owned by the ClusterHub; does not own the hub.

#include "k8s/cube/dumprow.h"
#include "models/polledmonitor.h"

#include <QDateTime>
#include <QHash>
#include <QString>

#include <optional>
#include <string_view>
#include <vector>

namespace cubedesk::models {

class ClusterConnection;

class IdleGpuReport final : public PolledMonitor {
    Q_OBJECT
public:
    explicit IdleGpuReport(ClusterHub *hub, QObject *parent = nullptr);

    /// A pod is idle when each of its GPUs stayed under `thresholdPercent` for `windowSeconds`
    /// (defaults 5 % and 1 h; at most IdleGpuRows::kMaxWindowSeconds). Changing them asks every
    /// cluster again when watched.
    void setCriteria(double thresholdPercent, qint64 windowSeconds);
    double thresholdPercent() const { return m_threshold; }
    qint64 windowSeconds() const { return m_window; }
    /// Asks every cluster now (when watched).
    void refresh();

    /// The cluster's rows (empty when none, not asked yet, or stale).
    std::vector<k8s::DumpRow> rows(const QString &cluster) const;
    /// Where the rows come from and when, or why there are none, in one translated line ("" when
    /// not asked yet).
    QString describe(const QString &cluster) const;
    QDateTime computedAt(const QString &cluster) const;

    /// A field's value as a number (nullopt when the field is absent or empty).
    static std::optional<double> number(const k8s::DumpRow &row, std::string_view field);
    /// "3h20m", "45m", "50s": kubectl's ages (k8s::humanDuration), as every pane writes them.
    static QString duration(qint64 seconds);
    /// A field's value as text ("" when absent).
    static QString text(const k8s::DumpRow &row, std::string_view field);

private:
    struct Cluster {
        std::vector<k8s::DumpRow> rows;
        QDateTime at;
        QString error;
        bool inFlight = false;
        quint64 generation = 0;
    };
    void pollAll() override;
    void forget(const QString &cluster) override;
    void watchingChanged(bool watching) override;
    void ask(ClusterConnection *connection);

    QHash<QString, Cluster> m_clusters;
    double m_threshold = 5;
    qint64 m_window = 3600;
    quint64 m_generation = 0;
};

} // namespace cubedesk::models
