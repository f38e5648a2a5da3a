#pragma once
// IdleGpusPanel: the GPUs pane's "Idle and waste" tab — per resource group the GPUs held, their
// mean utilization, the idle pods and the GPU-hours held, used and wasted over the last day;
// below, the pods holding GPUs that stayed under the threshold (default 5 %) for longer than the
// window (default 1 h), most wasted first (models::IdleGpuTableModel over the hub's
// IdleGpuReport). Threshold and window are set here; both tables sort on any column and follow
// the filter box and the clusters in scope. A line per cluster says where the numbers come from
// or why there are none. Activating a pod row emits nodeActivated (the pane shows its node).
// The report is watched (polled every 5 minutes) only while the tab is shown.
//
// Threads: GUI thread only. Owns its models, proxies and widgets; reads the hub.

#include <QSet>
#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QTableView;
class QToolButton;

namespace cubedesk::models {
class ClusterHub;
class IdleGpuTableModel;
class SortFilterIndex;
} // namespace cubedesk::models

namespace cubedesk::ui {

class IdleGpusPanel final : public QWidget {
    Q_OBJECT
public:
    explicit IdleGpusPanel(models::ClusterHub *hub, QWidget *parent = nullptr);
    ~IdleGpusPanel() override;

    void setScope(const QSet<QString> &clusters);

    QTableView *podView() const { return m_podView; }
    QTableView *orgView() const { return m_orgView; }
    models::IdleGpuTableModel *pods() const { return m_pods; }
    models::IdleGpuTableModel *orgs() const { return m_orgs; }
    QDoubleSpinBox *thresholdField() const { return m_threshold; }
    QComboBox *windowField() const { return m_window; }
    QLineEdit *filterField() const { return m_filter; }
    QLabel *status() const { return m_status; }

Q_SIGNALS:
    void nodeActivated(const QString &cluster, const QString &node);

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void applyCriteria();
    void applyFilter();
    void updateStatus();

    models::ClusterHub *m_hub;
    bool m_watching = false;
    QSet<QString> m_scope;
    models::IdleGpuTableModel *m_pods;
    models::IdleGpuTableModel *m_orgs;
    models::SortFilterIndex *m_podProxy;
    models::SortFilterIndex *m_orgProxy;
    QDoubleSpinBox *m_threshold;
    QComboBox *m_window;
    QLineEdit *m_filter;
    QToolButton *m_refresh;
    QLabel *m_status;
    QTableView *m_orgView;
    QTableView *m_podView;
};

} // namespace cubedesk::ui
