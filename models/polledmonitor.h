#pragma once
// PolledMonitor: what UsageMonitor (metrics-server) and GpuMetricsMonitor (DCGM through
// Prometheus) share — polling every connected cluster only while something watches: views call
// watch() and unwatch() (counted); while watched, every cluster is asked at once, then every
// interval, and a cluster that connects meanwhile at once; a cluster that goes is forgotten.
// Samples older than three intervals are stale (the polls failed since): subclasses give none.
//
// Threads: GUI thread only. Does not own the hub.

#include <QDateTime>
#include <QObject>
#include <QString>
#include <QTimer>

#include <chrono>

namespace cubedesk::models {

class ClusterHub;

class PolledMonitor : public QObject {
    Q_OBJECT
public:
    /// A view that shows the samples appeared (polls start with the first) or went away.
    void watch();
    void unwatch();
    bool watched() const { return m_watchers > 0; }
    void setInterval(std::chrono::milliseconds interval);
    std::chrono::milliseconds interval() const { return m_interval; }

Q_SIGNALS:
    /// A cluster's samples or state changed.
    void updated(const QString &cluster);

protected:
    PolledMonitor(ClusterHub *hub, QObject *parent);
    /// Asks every connected cluster that has no request in flight.
    virtual void pollAll() = 0;
    /// The cluster went: forget it (updated() follows).
    virtual void forget(const QString &cluster) = 0;
    /// Called when the first view starts watching (true) and the last stops (false), before
    /// the first poll.
    virtual void watchingChanged(bool watching) { Q_UNUSED(watching) }
    /// Whether samples taken at `at` are too old to show (or were never taken).
    bool stale(const QDateTime &at) const;
    ClusterHub *hub() const { return m_hub; }

private:
    ClusterHub *m_hub;
    QTimer m_timer;
    std::chrono::milliseconds m_interval{15000};
    int m_watchers = 0;
};

} // namespace cubedesk::models
