#pragma once
// GpusPane: the GPUs of the clusters in scope — a summary per cluster and resource group
// (GpuSummaryModel: GPU nodes, GPUs, requested / allocatable, idle, on NotReady nodes, shared
// slices, MIG), the inventory per GPU node (GpuInventoryModel through SortFilterIndex, with a
// debounced filter box), the selected node's topology matrix (widgets::GpuTopologyMatrix, with
// where it came from, why a source was ignored and the free GPUs per NUMA node when known) and
// the pods holding its GPUs, its GPUs' metrics now and over time (GpuNodeMetricsPanel; the
// matrix's diagonal shows each GPU's utilization now), and the placement advisor: k GPUs, optional
// gpu-type, resource group, CPU and memory → the nodes ranked with one sentence each
// (GpuAdvisorModel); choosing a result shows its node with the best GPU set highlighted. Beside the
// advisor, the idle GPUs and the waste per resource group (IdleGpusPanel; activating a pod shows
// its node).
//
// "Import topology file…" keeps an `nvidia-smi topo -m` output for the selected node on this
// machine (GpuTopologySources → k8s::GpuTopologyFiles), for nodes that publish none;
// "Prometheus…" asks for the dialog that sets each cluster's Prometheus.
// "Refresh topology" fetches the clusters' NodeResourceTopology objects again (also done when
// the pane is shown and they are older than a minute).
//
// Threads: GUI thread only. Owns its models, proxies and widgets; reads the hub.

#include <QPointer>
#include <QSet>
#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLayout;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QSpinBox;
class QSplitter;
class QTableView;
class QTableWidget;
class QTabWidget;
class QTimer;
class QToolButton;

namespace cubedesk::models {
class ClusterConnection;
class ClusterHub;
class GpuAdvisorModel;
class GpuInventoryModel;
class GpuSummaryModel;
class GpuTopologySources;
class SortFilterIndex;
} // namespace cubedesk::models

namespace cubedesk::widgets {
class EmptyStateOverlay;
class GpuTopologyMatrix;
} // namespace cubedesk::widgets

namespace cubedesk::ui {

class GpuNodeMetricsPanel;
class IdleGpusPanel;

class GpusPane final : public QWidget {
    Q_OBJECT
public:
    explicit GpusPane(models::ClusterHub *hub, QWidget *parent = nullptr);
    ~GpusPane() override;

    void setScope(const QSet<QString> &clusters);
    void setFilterText(const QString &text);
    /// Selects and shows `node` of `cluster` (clears a filter that hides it).
    void selectNode(const QString &cluster, const QString &node);
    /// Ranks the nodes for what the advisor form says.
    void runAdvisor();
    /// Keeps `path` as the selected node's topology; "" on success, else why not (also shown).
    QString importTopology(const QString &path);

    QTableView *inventoryView() const { return m_inventoryView; }
    QTableView *summaryView() const { return m_summaryView; }
    QTableView *advisorView() const { return m_advisorView; }
    widgets::GpuTopologyMatrix *matrix() const { return m_matrix; }
    models::GpuInventoryModel *inventory() const { return m_inventory; }
    models::GpuAdvisorModel *advisor() const { return m_advisor; }
    models::SortFilterIndex *proxy() const { return m_proxy; }
    QSpinBox *gpusField() const { return m_gpus; }
    QComboBox *typeField() const { return m_type; }
    QComboBox *orgField() const { return m_org; }
    QLabel *topologyNote() const { return m_note; }
    QLabel *explanation() const { return m_explanation; }
    QTableWidget *podsTable() const { return m_pods; }
    GpuNodeMetricsPanel *metricsPanel() const { return m_metricsPanel; }
    IdleGpusPanel *idlePanel() const { return m_idlePanel; }
    QTabWidget *lowerTabs() const { return m_lowerTabs; }

Q_SIGNALS:
    /// The user wants to choose the clusters' Prometheus (MainWindow opens PrometheusDialog).
    void prometheusSettingsRequested();

protected:
    void showEvent(QShowEvent *event) override;
    /// While shown, the hub's GPU metrics are polled (GpuMetricsMonitor::watch).
    void hideEvent(QHideEvent *event) override;

private:
    // The constructor's parts, in the order it calls them.
    QLayout *buildToolBar(); ///< filter, count and the topology buttons
    void buildTables();      ///< the summary and inventory tables
    void buildDetail();      ///< the selected node's topology and pods tabs
    QWidget *buildAdvisor(); ///< the placement advisor's form and results
    void connectViews();     ///< selection and model changes to the detail and the count
    void applyFilter();
    void updateCount();
    void showRow(int sourceRow);
    void refreshDetail();
    /// The selected node's current utilization on the matrix's diagonal.
    void showUtilization();
    void fillChoices();
    void importForSelected();
    void forgetForSelected();

    models::ClusterHub *m_hub;
    bool m_watchingMetrics = false;
    models::GpuTopologySources *m_sources;
    models::GpuInventoryModel *m_inventory;
    models::GpuSummaryModel *m_summary;
    models::GpuAdvisorModel *m_advisor;
    models::SortFilterIndex *m_proxy;
    QSortFilterProxyModel *m_summaryProxy;
    QSet<QString> m_scope;

    QLineEdit *m_filter;
    QLabel *m_count;
    QTimer *m_debounce;
    QToolButton *m_refresh;
    QToolButton *m_import;
    QToolButton *m_forget;
    QSplitter *m_splitter;
    QTableView *m_summaryView;
    QTableView *m_inventoryView;
    widgets::EmptyStateOverlay *m_inventoryEmpty = nullptr;
    QTabWidget *m_detailTabs;
    QLabel *m_title;
    widgets::GpuTopologyMatrix *m_matrix;
    QLabel *m_note;
    QTableWidget *m_pods;
    GpuNodeMetricsPanel *m_metricsPanel;
    QTabWidget *m_lowerTabs;
    IdleGpusPanel *m_idlePanel;

    QSpinBox *m_gpus;
    QComboBox *m_type;
    QComboBox *m_org;
    QDoubleSpinBox *m_cpu;
    QSpinBox *m_memory;
    QCheckBox *m_showAll;
    QPushButton *m_rank;
    QLabel *m_advisorSummary;
    QTableView *m_advisorView;
    QLabel *m_explanation;

    // The node shown in the detail tabs.
    QPointer<models::ClusterConnection> m_cluster;
    QString m_node;
    std::vector<int> m_highlight;
};

} // namespace cubedesk::ui
