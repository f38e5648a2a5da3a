#pragma once
// GpuNodeHistory: one GPU node's DCGM history over the last hour, 6 hours or day — one
// k8s::GpuHistory series per device, for the GPUs pane's chart and the device table's
// sparklines. Asks the cluster's Prometheus through GpuMetricsMonitor::queryRange (about 240
// points per device, GpuHistory::step) when the node, the range or the field changes, and
// every minute while active; an answer for an earlier node, range or field is dropped. Until
// the monitor has found a Prometheus the state is Failed with its reason, and the query is asked
// again when the monitor measures (also when the answer had no device yet and the monitor now
// reads some: a Prometheus that has just started).
//
// Threads: GUI thread only. Reads the hub; owns its devices.

#include "k8s/cube/gpuhistory.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <chrono>
#include <vector>

namespace cubedesk::models {

class ClusterHub;

class GpuNodeHistory final : public QObject {
    Q_OBJECT
public:
    enum class State { NoNode, Loading, Loaded, Failed };

    explicit GpuNodeHistory(ClusterHub *hub, QObject *parent = nullptr);

    /// The node to follow ("" for none).
    void setNode(const QString &cluster, const QString &node);
    QString cluster() const { return m_cluster; }
    QString node() const { return m_node; }
    void setRangeSeconds(qint64 seconds);
    qint64 rangeSeconds() const { return m_range; }
    void setField(k8s::GpuHistory::Field field);
    k8s::GpuHistory::Field field() const { return m_field; }
    /// While active, asks again every `refreshInterval` (60 s by default) and at once when
    /// activated with older data.
    void setActive(bool active);
    void setRefreshInterval(std::chrono::milliseconds interval);
    /// Asks now (nothing without a node).
    void refresh();

    State state() const { return m_state; }
    /// Why the state is Failed (one translated line).
    QString error() const { return m_error; }
    /// The range asked for, in seconds since the epoch.
    qint64 start() const { return m_start; }
    qint64 end() const { return m_end; }
    const std::vector<k8s::GpuHistory::Device> &devices() const { return m_devices; }
    /// The device with this index and MIG instance, or nullptr.
    const k8s::GpuHistory::Device *device(int gpu, const std::string &migInstance) const;

Q_SIGNALS:
    void changed();

private:
    void restart();

    ClusterHub *m_hub;
    QString m_cluster;
    QString m_node;
    qint64 m_range = 3600;
    k8s::GpuHistory::Field m_field = k8s::GpuHistory::Field::Utilization;
    bool m_active = false;
    QTimer m_timer;
    State m_state = State::NoNode;
    QString m_error;
    qint64 m_start = 0;
    qint64 m_end = 0;
    quint64 m_generation = 0; ///< the request whose answer counts
    qint64 m_askedAt = 0;     ///< when the current data was asked for (0: never)
    std::vector<k8s::GpuHistory::Device> m_devices;
};

} // namespace cubedesk::models
