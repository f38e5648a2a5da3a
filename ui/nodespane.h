#pragma once
// NodesPane: every node of the clusters in scope in one table (NodeTableModel through our own
// SortFilterIndex), a debounced filter box that takes label-selector syntax and free text,
// actions for the selection (edit labels, cordon, uncordon) and the detail panel. CPU and memory
// bars show requested of allocatable and, while the pane is shown, what metrics-server measures
// in use (the hub's UsageMonitor is watched only then).
//
// Threads: GUI thread only. Does not own the models; owns its proxy and widgets.

#include <QSet>
#include <QWidget>

class QLabel;
class QLineEdit;
class QTableView;
class QTimer;
class QToolButton;

namespace cubedesk::models {
class ClusterConnection;
class ClusterHub;
class NodeTableModel;
class SortFilterIndex;
} // namespace cubedesk::models

namespace cubedesk::widgets {
class EmptyStateOverlay;
}

namespace cubedesk::ui {

class NodeDetailPanel;

class NodesPane final : public QWidget {
    Q_OBJECT
public:
    NodesPane(models::ClusterHub *hub, models::NodeTableModel *model, QWidget *parent = nullptr);
    ~NodesPane() override;

    void setScope(const QSet<QString> &clusters);
    void setFilterText(const QString &text);
    void focusFilter();
    /// Selects and shows `node` of `cluster` (clears a filter that hides it).
    void selectNode(const QString &cluster, const QString &node);
    /// The selected nodes, by cluster name.
    QMap<QString, QStringList> selectedNodes() const;
    void setWritesEnabled(bool enabled, const QString &why);

    QTableView *view() const { return m_view; }
    /// Says why the table is empty (tests read it).
    widgets::EmptyStateOverlay *emptyState() const { return m_empty; }
    models::SortFilterIndex *proxy() const { return m_proxy; }
    NodeDetailPanel *detail() const { return m_detail; }
    QByteArray saveState() const;
    void restoreState(const QByteArray &state);

protected:
    /// While the pane shows, the hub's UsageMonitor polls metrics-server for the bars' "in use".
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

Q_SIGNALS:
    void editLabelsRequested();
    void cordonRequested(bool unschedulable);
    void drainRequested();
    void editTaintsRequested();
    /// The user asked for a pod's log (the pods table's context menu, or Ctrl+L on a row).
    void logsRequested(cubedesk::models::ClusterConnection *cluster, const QString &ns,
                       const QString &pod);

private:
    void applyFilter();
    /// The row count, and why there are no rows when there are none.
    void updateCount();
    void showColumnMenu(const QPoint &pos);

    models::ClusterHub *m_hub;
    models::NodeTableModel *m_model;
    bool m_watchingUsage = false;
    models::SortFilterIndex *m_proxy;
    QSet<QString> m_scope;
    QLineEdit *m_filter;
    QLabel *m_count;
    QTableView *m_view;
    widgets::EmptyStateOverlay *m_empty = nullptr;
    NodeDetailPanel *m_detail;
    QTimer *m_debounce;
    QToolButton *m_labels;
    QToolButton *m_cordon;
    QToolButton *m_uncordon;
    QToolButton *m_drain;
    QToolButton *m_taints;
};

} // namespace cubedesk::ui
