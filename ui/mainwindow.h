#pragma once
// MainWindow: the CubeDesk window — the cluster tree (scope) on the left, the panes (Clusters,
// Nodes, Resource groups, Jobs, Quotas, GPUs) in the middle, per-cluster freshness badges in the
// status bar; menus and shortcuts (Ctrl+K palette, Ctrl+F filter, F5 reconnect); kubeconfig
// files added by dialog or by dropping them on the window; layout, columns and the kubeconfig
// list remembered (QSettings). It turns the panes' requests into confirmed writes through
// NodeWriteController and reports every result.
//
// Threads: GUI thread only. Does not own the hub; owns the models, panes and controller.

#include "models/nodewritecontroller.h"

#include <QHash>
#include <QMainWindow>

class QLabel;
class QTabWidget;

namespace cubedesk::models {
class ClusterHub;
class ClusterListModel;
class NodeTableModel;
class JobTableModel;
class QuotaTableModel;
class OrgBoardModel;
class ClusterConnection;
} // namespace cubedesk::models

namespace cubedesk::widgets {
class FreshnessBadge;
}

namespace cubedesk::ui {

class BoardPane;
class ClusterTree;
class ClustersPane;
class NodesPane;
class JobsPane;
class QuotasPane;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    struct Options {
        bool demo = false;
        bool readOnly = false;
        /// Files from the command line; they win over the remembered list.
        QStringList kubeconfigs;
        /// Confirmations (previews, label review) are shown; tests may answer them.
        bool remember = true; ///< read and write QSettings
    };
    MainWindow(models::ClusterHub *hub, Options options, QWidget *parent = nullptr);
    ~MainWindow() override;

    ClustersPane *clustersPane() const { return m_clustersPane; }
    NodesPane *nodesPane() const { return m_nodesPane; }
    JobsPane *jobsPane() const { return m_jobsPane; }
    QuotasPane *quotasPane() const { return m_quotasPane; }
    BoardPane *boardPane() const { return m_boardPane; }
    ClusterTree *clusterTree() const { return m_tree; }
    QTabWidget *panes() const { return m_tabs; }
    models::NodeWriteController *writes() const { return m_writes; }
    models::OrgBoardModel *boardModel() const { return m_boardModel; }

    void showPane(const QString &objectName);
    void addKubeconfig(const QString &file);
    void removeKubeconfig(const QString &file);
    void openCommandPalette();
    /// The drag-and-drop and Move to… path: preview, confirm, patch, report.
    void requestMove(const QString &cluster, const QStringList &nodes, const QString &toOrg);
    void editSelectedLabels();
    void cordonSelected(bool unschedulable);

Q_SIGNALS:
    /// A write finished and its outcome was shown (tests wait for it).
    void writeReported(const cubedesk::models::NodeWriteController::Outcome &outcome);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void buildMenus();
    void updateStatus();
    void updateWriteAccess();
    /// A job or quota write finished: the status bar says how.
    void showWriteReport(const QString &message);
    void reportOutcome(const models::NodeWriteController::Outcome &outcome);
    void loadKubeconfigs(const QStringList &files);
    void runLabelDialog(class LabelEditorDialog &dialog);

    models::ClusterHub *m_hub;
    Options m_options;
    models::ClusterListModel *m_clusterModel;
    models::NodeTableModel *m_nodeModel;
    models::OrgBoardModel *m_boardModel;
    models::NodeWriteController *m_writes;
    ClusterTree *m_tree;
    QTabWidget *m_tabs;
    ClustersPane *m_clustersPane;
    NodesPane *m_nodesPane;
    BoardPane *m_boardPane;
    models::JobTableModel *m_jobModel;
    models::QuotaTableModel *m_quotaModel;
    JobsPane *m_jobsPane;
    QuotasPane *m_quotasPane;
    QLabel *m_statusText;
    QHash<QString, widgets::FreshnessBadge *> m_badges;
    /// Moves awaiting the watch, by cluster: node → target org.
    QHash<QString, QStringList> m_movingNodes;
};

} // namespace cubedesk::ui
