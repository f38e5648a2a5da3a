#pragma once
// OverviewPane: the platform's "overall resources" page (整体资源, docs/platform.md) for the
// clusters in scope. On top, a summary line and the charts: a donut per cluster (CPU, memory and
// GPUs requested of allocatable), GPUs by type, and CPU, memory and GPUs per resource group as
// stacked bars; below, the running-pods table (RunningPodModel through our SortFilterIndex, so
// 150,000 rows sort in tens of milliseconds) with a debounced filter box.
//
// The charts are fed by an OverviewAggregator: recomputed at most twice a second and only while
// the pane is visible; a batch never rebuilds a chart by itself.
//
// The running-pods table exists only while it can be seen: built when the pane is shown (in
// slices, RunningPodModel::InitialLoad::InSlices, so 150,000 pods never stall the window) and
// released kReleaseAfterMs after the pane was hidden (~40 MB at 150,000 pods). Its sort order and
// filter stay with the pane.
//
// Threads: GUI thread only. Does not own the hub; owns its models, proxy, charts and widgets
// (deleting the views before the models they read).

#include "models/overviewaggregator.h"

#include <QSet>
#include <QString>
#include <QWidget>

#include <optional>

QT_BEGIN_NAMESPACE
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QTableView;
class QTimer;
QT_END_NAMESPACE

namespace cubedesk::models {
class ClusterConnection;
class ClusterHub;
class OverviewAggregator;
class RunningPodModel;
class SortFilterIndex;
} // namespace cubedesk::models

namespace cubedesk::widgets {
class OverviewBarChart;
class OverviewDonutChart;
} // namespace cubedesk::widgets

namespace cubedesk::ui {

class OverviewPane final : public QWidget {
    Q_OBJECT
public:
    enum class Resource { Cpu, Memory, Gpus };

    explicit OverviewPane(models::ClusterHub *hub, QWidget *parent = nullptr);
    ~OverviewPane() override;

    /// The clusters shown (charts and table); until called, every cluster.
    void setScope(const QSet<QString> &clusters);
    void setFilterText(const QString &text);
    void focusFilter();

    /// How long the running-pods table is kept after the pane was hidden.
    static constexpr int kReleaseAfterMs = 30000;
    /// Changes that delay (tests).
    void setReleaseDelay(int ms);

    models::OverviewAggregator *aggregator() const { return m_aggregator; }
    /// The running-pods table; null while the pane is hidden and the table released.
    models::RunningPodModel *podModel() const { return m_pods; }
    models::SortFilterIndex *proxy() const { return m_proxy; }
    QTableView *view() const { return m_view; }
    widgets::OverviewBarChart *orgChart(Resource resource) const;
    widgets::OverviewBarChart *gpuTypeChart() const { return m_gpuTypes; }
    /// The donut of `cluster`, nullptr when it is not in scope.
    widgets::OverviewDonutChart *donut(const QString &cluster) const;
    QString summaryText() const;

    /// The colour of each resource in every chart.
    static QColor color(Resource resource);

Q_SIGNALS:
    /// The user asked for a running pod's log (context menu or Ctrl+L on a row).
    void logsRequested(cubedesk::models::ClusterConnection *cluster, const QString &ns,
                       const QString &pod);

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void updateCharts();
    /// The summary line's text for `s` over `clusters` clusters.
    static QString summaryText(const k8s::ResourceOverview::Totals &s, std::size_t clusters);
    /// "<br>In use now: CPU … · memory … · GPUs … busy", "" when nothing is measured.
    static QString inUseText(const models::OverviewAggregator::Measured &m);
    /// "\nin use: 12 cores · 3.4 GPUs busy" for a cluster's donut, "" when nothing is measured.
    static QString busyText(const models::OverviewAggregator::Measured &m);
    void applyFilter();
    void updateCount();
    /// Builds the running-pods table (when shown) if it is not there.
    void ensurePodModel();
    /// Drops the running-pods table while the pane is hidden.
    void releasePodModel();

    models::ClusterHub *m_hub;
    models::OverviewAggregator *m_aggregator;
    models::RunningPodModel *m_pods;
    models::SortFilterIndex *m_proxy;
    std::optional<QSet<QString>> m_scope;
    QLabel *m_summary;
    QWidget *m_donutRow;
    QHBoxLayout *m_donutLayout;
    QList<widgets::OverviewDonutChart *> m_donuts;
    widgets::OverviewBarChart *m_gpuTypes;
    widgets::OverviewBarChart *m_cpu;
    widgets::OverviewBarChart *m_memory;
    widgets::OverviewBarChart *m_gpus;
    QLineEdit *m_filter;
    QLabel *m_count;
    QTableView *m_view;
    QTimer *m_debounce;
    QTimer *m_release;
};

} // namespace cubedesk::ui
