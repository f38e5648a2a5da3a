#pragma once
// GpuNodeMetricsPanel: the GPUs pane's "Metrics" tab for the selected GPU node — what DCGM
// reports now for each device (models::GpuDeviceModel: utilization, memory, power,
// temperature, health, the pod holding it, a sparkline of the chart's field) above a chart of
// one field (utilization, memory used, power or temperature) over the last hour, 6 hours or
// day (widgets::GpuHistoryChart from models::GpuNodeHistory, range queries). A line says where
// the numbers come from, or why there are none (no Prometheus, refused, loading); the chart
// then says so instead of drawing zeros. The history is asked for only while the tab is shown.
//
// Threads: GUI thread only. Owns its history, model and widgets; reads the hub.

#include <QWidget>

class QComboBox;
class QLabel;
class QTableView;

namespace cubedesk::models {
class ClusterHub;
class GpuDeviceModel;
class GpuNodeHistory;
} // namespace cubedesk::models

namespace cubedesk::widgets {
class GpuHistoryChart;
}

namespace cubedesk::ui {

class GpuNodeMetricsPanel final : public QWidget {
    Q_OBJECT
public:
    explicit GpuNodeMetricsPanel(models::ClusterHub *hub, QWidget *parent = nullptr);

    /// Follows `node` of `cluster` ("" for none).
    void setNode(const QString &cluster, const QString &node);

    models::GpuNodeHistory *history() const { return m_history; }
    models::GpuDeviceModel *devices() const { return m_devices; }
    QTableView *deviceView() const { return m_view; }
    widgets::GpuHistoryChart *chart() const { return m_chart; }
    QComboBox *rangeField() const { return m_range; }
    QComboBox *fieldField() const { return m_field; }
    QLabel *status() const { return m_status; }

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void showHistory();
    void updateStatus();

    models::ClusterHub *m_hub;
    models::GpuNodeHistory *m_history;
    models::GpuDeviceModel *m_devices;
    QComboBox *m_range;
    QComboBox *m_field;
    QLabel *m_status;
    QTableView *m_view;
    widgets::GpuHistoryChart *m_chart;
};

} // namespace cubedesk::ui
