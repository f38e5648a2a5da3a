#pragma once
// GpuDeviceModel: the devices of the GPU node a GpuNodeHistory follows, as the GPUs pane's
// Metrics tab lists them — one row per whole GPU and per MIG instance: the pod holding it, what
// DCGM reports now (GpuMetricsMonitor::node: utilization, memory used / total, power,
// temperature, health) and the history's field over its range as a sparkline (SparklineRole in
// TrendColumn). Rows are the devices reported now, then those only the history knows (a device
// that stopped reporting). A value not reported is shown as "–", never as zero.
//
// Threads: GUI thread only. Reads the hub's GPU metrics and the history; owns its rows.

#include "k8s/cube/gpuhistory.h"
#include "k8s/cube/gpureadings.h"
#include "models/sparkline.h"

#include <QAbstractTableModel>

#include <optional>
#include <vector>

namespace cubedesk::models {

class ClusterHub;
class GpuNodeHistory;

class GpuDeviceModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        DeviceColumn,
        PodColumn,
        UtilizationColumn,
        TrendColumn,
        MemoryColumn,
        PowerColumn,
        TemperatureColumn,
        HealthColumn,
        ColumnCount
    };

    GpuDeviceModel(ClusterHub *hub, GpuNodeHistory *history, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    /// The device's name as the table shows it ("GPU3", "GPU6 · 1g.10gb #2").
    static QString deviceName(int gpu, const std::string &migProfile,
                              const std::string &migInstance);

private:
    struct Row {
        int gpu = -1;
        std::string migProfile;
        std::string migInstance;
        std::optional<k8s::GpuReading> now;
        QString pod;
        Sparkline trend;
    };
    void rebuild();

    ClusterHub *m_hub;
    GpuNodeHistory *m_history;
    std::vector<Row> m_rows;
};

} // namespace cubedesk::models
