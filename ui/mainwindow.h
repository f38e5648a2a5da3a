#pragma once
// MainWindow: the CubeDesk window — the cluster tree (scope) on the left, the panes (Clusters,
// Nodes, Resource groups, Jobs, Quotas, GPUs) in the middle, per-cluster freshness badges in the
// status bar; menus and shortcuts (Ctrl+K palette, Ctrl+F filter, F5 reconnect); kubeconfig
// files added by dialog or by dropping them on the window; layout, columns and the kubeconfig
// list remembered (QSettings). It turns the panes' requests into confirmed writes through
// NodeWriteController and reports every result.
//
// Threads: GUI thread only. Does not own the hub; owns the models, panes and controller.

#include "k8s/cube/rebalanceplanner.h"
#include "models/nodewritecontroller.h"
#include "models/writeauditmodel.h"

#include <QHash>
#include <QMainWindow>

#include <functional>

class QDockWidget;
class QShowEvent;
class QLabel;
class QStackedWidget;
class QSystemTrayIcon;
class QTabWidget;

namespace cubedesk::models {
class ClusterHub;
class ClusterListModel;
class NodeTableModel;
class JobTableModel;
class DrainController;
class JobWriteController;
class ObjectActionController;
class QuotaTableModel;
class QuotaWriteController;
class OrgBoardModel;
class ClusterConnection;
class BalanceAdvisor;
class NotificationModel;
class OrgMoveController;
} // namespace cubedesk::models

namespace cubedesk::widgets {
class FreshnessBadge;
}

namespace cubedesk::ui {

class WriteAuditView;
class BoardPane;
class ClusterTree;
class NotificationPanel;
class ClustersPane;
class NodesPane;
class JobsPane;
class LogsDock;
class TerminalDock;
class QuotasPane;
class WelcomePage;
class Preferences;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    struct Options {
        bool demo = false;
        bool readOnly = false;
        /// Files from the command line; they win over the remembered list.
        QStringList kubeconfigs;
        /// `--context`: connect only these (empty: every context not disconnected).
        QStringList contexts;
        /// Confirmations (previews, label review) are shown; tests may answer them.
        bool remember = true; ///< read and write QSettings
        /// Starts the built-in demo clusters and returns their kubeconfig files (or an empty
        /// list and the reason in `error`); the welcome page offers them when set. GUI thread.
        std::function<QStringList(QString *error)> startDemo;
        /// The first window loads the kubeconfigs and runs automatic balancing and desktop
        /// notifications; another window (WindowSet::newWindow) shares the hub as it is.
        bool primary = true;
        /// Where this window's layout, pane and scope are remembered ("window", "window2", …).
        QString layoutKey = QStringLiteral("window");
        /// The application's preferences (not owned); null: the window makes its own.
        Preferences *preferences = nullptr;
        /// The notifications and the audit every window shows (not owned; WindowSet's): a
        /// second window lists what happened before it opened, and a write made in one window
        /// is audited in all. Null: the window makes its own.
        models::NotificationModel *notifications = nullptr;
        models::WriteAuditModel *audit = nullptr;
        /// The hub already holds the contexts (a second window, or a window reopened in a new
        /// language): nothing is loaded, the window shows what the hub has.
        bool hubLoaded = false;
    };
    /// What a window remembers of itself: geometry, docks, pane, table headers and cluster
    /// scope. Saved at close (settings, when remembered) and carried over when the window is
    /// reopened in a new language.
    struct Layout {
        QByteArray geometry;
        QByteArray state;
        QByteArray nodesHeader;
        QByteArray jobsHeader;
        int pane = 0;
        QStringList unchecked;
    };
    MainWindow(models::ClusterHub *hub, Options options, QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Where this window's layout is remembered (Options::layoutKey).
    const QString &layoutKey() const { return m_options.layoutKey; }
    bool isPrimary() const { return m_options.primary; }
    Layout layout() const;
    /// Applies `layout` (the logs and terminal docks stay hidden until something opens in them).
    /// False when the dock state could not be restored.
    bool setLayout(const Layout &layout);
    /// What closing this window would end, one phrase each ("2 terminals", "a drain in
    /// progress", automatic balancing, the undo of the last change); empty when nothing would
    /// be lost.
    QStringList openWork() const;
    Preferences *preferences() const { return m_preferences; }
    /// Opens the preferences dialog (modal; applies on OK or Apply).
    void openPreferences();
    /// The keyboard shortcuts of every menu and pane, in a dialog (F1).
    void showShortcuts();
    ClustersPane *clustersPane() const { return m_clustersPane; }
    NodesPane *nodesPane() const { return m_nodesPane; }
    JobsPane *jobsPane() const { return m_jobsPane; }
    LogsDock *logsDock() const { return m_logsDock; }
    TerminalDock *terminalDock() const { return m_terminalDock; }
    QuotasPane *quotasPane() const { return m_quotasPane; }
    BoardPane *boardPane() const { return m_boardPane; }
    ClusterTree *clusterTree() const { return m_tree; }
    QTabWidget *panes() const { return m_tabs; }
    /// Shown instead of the panes while no cluster is in scope.
    WelcomePage *welcomePage() const { return m_welcome; }
    /// Switches to the demo clusters (Options::startDemo): their files replace the loaded
    /// ones for this run and are never remembered. False, with a message box, when they could
    /// not start.
    bool useDemoClusters();
    models::NodeWriteController *writes() const { return m_writes; }
    models::OrgBoardModel *boardModel() const { return m_boardModel; }
    models::BalanceAdvisor *balanceAdvisor() const { return m_balance; }
    models::WriteAuditModel *balanceAudit() const { return m_audit; }
    models::NotificationModel *notifications() const { return m_notifications; }
    NotificationPanel *notificationPanel() const { return m_notificationPanel; }

    void showPane(const QString &objectName);
    void addKubeconfig(const QString &file);
    void removeKubeconfig(const QString &file);
    void openCommandPalette();
    /// The drag-and-drop and Move to… path: preview, confirm, patch, report. True when the
    /// patches were sent (every move is recorded in the balancing audit).
    bool requestMove(const QString &cluster, const QStringList &nodes, const QString &toOrg);
    /// Balancing advisor: plans `runs` runs of the platform's rule for the board's cluster and
    /// shows the moves as ghost cards.
    void suggestBalance(int runs);
    /// Applies the suggestion's first move through requestMove (preview, patch, undo).
    bool applySuggestion();
    void editSelectedLabels();
    void cordonSelected(bool unschedulable);
    /// Edit taints… for the Nodes pane's selection (nodes of one cluster).
    void editSelectedTaints();
    /// Drain… for the Nodes pane's selection (nodes of one cluster).
    void drainSelected();
    /// The drain preview for `nodes` of `cluster`, then the run (DrainDialog).
    void drainNodes(const QString &cluster, const QStringList &nodes);
    models::DrainController *drains() const { return m_drains; }

Q_SIGNALS:
    /// A write finished and its outcome was shown (tests wait for it).
    void writeReported(const cubedesk::models::NodeWriteController::Outcome &outcome);
    /// Window → New window (WindowSet opens it).
    void newWindowRequested();
    /// File → Quit: every window, not just this one (WindowSet; alone, the window closes).
    void quitRequested();
    /// The window is closing (its layout is saved).
    void closing();

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void buildMenus();
    /// Density, intervals and notifications from the preferences (at start and on change).
    void applyPreferences();
    /// The Prometheus the user chose per cluster (Preferences) to the GPU metrics monitor.
    void applyPrometheusChoices();
    /// A settings key of this window's layout: the first window keeps the historic names.
    QString layoutSetting(const QString &name) const;
    /// Without a remembered layout the docks start wide enough to read (after the first show).
    void fitDocks();
    void updateStatus();
    void updateWriteAccess();
    /// The welcome page or the panes, and what the welcome page says.
    void updateWelcome();
    /// A job or quota write finished: the status bar says how.
    void showWriteReport(const QString &message);
    void reportOutcome(const models::NodeWriteController::Outcome &outcome);
    void loadKubeconfigs(const QStringList &files);
    void runLabelDialog(class LabelEditorDialog &dialog);
    /// The balancing advisor, audit, notifications panel and tray (docs/platform.md).
    void setupBalancing();
    void refreshBalanceBar();
    void applyAutoMove(const QString &cluster, const k8s::RebalancePlanner::Move &move);

    models::ClusterHub *m_hub;
    Options m_options;
    Preferences *m_preferences;
    bool m_fitDocks = false;         ///< no layout was remembered: fitDocks() after the first show
    bool m_watchingIdleGpus = false; ///< the board asks for the idle-GPU donor signal
    models::ClusterListModel *m_clusterModel;
    models::NodeTableModel *m_nodeModel;
    models::OrgBoardModel *m_boardModel;
    models::NodeWriteController *m_writes;
    ClusterTree *m_tree;
    QTabWidget *m_tabs;
    QStackedWidget *m_central;
    WelcomePage *m_welcome;
    ClustersPane *m_clustersPane;
    NodesPane *m_nodesPane;
    BoardPane *m_boardPane;
    models::JobTableModel *m_jobModel;
    models::QuotaTableModel *m_quotaModel;
    models::JobWriteController *m_jobWrites;
    models::ObjectActionController *m_objectActions = nullptr;
    models::DrainController *m_drains;
    /// Audit rows of taint writes in flight, by NodeWriteController request id.
    QHash<quint64, quint64> m_taintAudit;
    /// The description of the last taint write that succeeded: its undo is a taint write too.
    QString m_lastTaints;
    models::QuotaWriteController *m_quotaWrites;
    JobsPane *m_jobsPane;
    LogsDock *m_logsDock = nullptr;
    TerminalDock *m_terminalDock = nullptr;
    QuotasPane *m_quotasPane;
    QLabel *m_statusText;
    QHash<QString, widgets::FreshnessBadge *> m_badges;
    /// Moves awaiting the watch, by cluster: node → target org.
    models::BalanceAdvisor *m_balance = nullptr;
    models::WriteAuditModel *m_audit = nullptr;
    models::NotificationModel *m_notifications = nullptr;
    NotificationPanel *m_notificationPanel = nullptr;
    WriteAuditView *m_auditView = nullptr;
    QDockWidget *m_auditDock = nullptr;
    QDockWidget *m_clusterDock = nullptr;
    QDockWidget *m_notificationDock = nullptr;
    QSystemTrayIcon *m_tray = nullptr; ///< null when the desktop has no system tray
    /// How the next requestMove was started, for the audit.
    models::WriteAuditModel::Mode m_moveMode = models::WriteAuditModel::Mode::Manual;
    QString m_moveReason;
    models::OrgMoveController *m_moves = nullptr;
};

} // namespace cubedesk::ui
