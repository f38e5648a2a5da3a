#include "ui/mainwindow.h"

#include "models/balanceadvisor.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/clusterlistmodel.h"
#include "models/draincontroller.h"
#include "models/gpumetricsmonitor.h"
#include "models/idlegpureport.h"
#include "models/jobtablemodel.h"
#include "models/jobwritecontroller.h"
#include "models/nodetablemodel.h"
#include "models/notificationmodel.h"
#include "models/objectactioncontroller.h"
#include "models/orgboardmodel.h"
#include "models/orgmovecontroller.h"
#include "models/overviewaggregator.h"
#include "models/quotatablemodel.h"
#include "models/quotawritecontroller.h"
#include "models/writeauditmodel.h"
#include "ui/aboutdialog.h"
#include "ui/balancebar.h"
#include "ui/boardpane.h"
#include "ui/clusterspane.h"
#include "ui/clustertree.h"
#include "ui/commandpalette.h"
#include "ui/draindialog.h"
#include "ui/gpuspane.h"
#include "ui/jobspane.h"
#include "ui/labeleditordialog.h"
#include "ui/logsdock.h"
#include "ui/movepreviewdialog.h"
#include "ui/nodedetailpanel.h"
#include "ui/nodespane.h"
#include "ui/notificationpanel.h"
#include "ui/overviewpane.h"
#include "ui/pendingpane.h"
#include "ui/preferences.h"
#include "ui/preferencesdialog.h"
#include "ui/prometheusdialog.h"
#include "ui/quotaspane.h"
#include "ui/resourcebrowserpane.h"
#include "ui/shortcutsdialog.h"
#include "ui/tableviews.h"
#include "ui/tainteditordialog.h"
#include "ui/terminaldock.h"
#include "ui/welcomepage.h"
#include "ui/writeauditview.h"
#include "widgets/freshnessbadge.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QLoggingCategory>
#include <QMenuBar>
#include <QMessageBox>
#include <QMetaMethod>
#include <QMimeData>
#include <QScreen>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QSystemTrayIcon>
#include <QTableView>
#include <QTabWidget>

#include <algorithm>
#include <map>
#include <memory>

namespace cubedesk::ui {

Q_LOGGING_CATEGORY(lcWindow, "cubedesk.ui.window")

using models::NodeWriteController;

MainWindow::MainWindow(models::ClusterHub *hub, Options options, QWidget *parent)
    : QMainWindow(parent)
    , m_hub(hub)
    , m_options(std::move(options))
    , m_preferences(m_options.preferences ? m_options.preferences : new Preferences(this))
    , m_clusterModel(new models::ClusterListModel(hub, this))
    , m_nodeModel(new models::NodeTableModel(hub, this))
    , m_boardModel(new models::OrgBoardModel(hub, this))
    , m_writes(new NodeWriteController(hub, this))
    , m_tree(new ClusterTree(hub, this))
    , m_tabs(new QTabWidget(this))
    , m_central(new QStackedWidget(this))
    , m_welcome(new WelcomePage(this))
    , m_clustersPane(new ClustersPane(m_clusterModel, this))
    , m_nodesPane(new NodesPane(hub, m_nodeModel, this))
    , m_boardPane(new BoardPane(hub, m_boardModel, this))
    , m_jobModel(new models::JobTableModel(hub, this))
    , m_quotaModel(new models::QuotaTableModel(hub, this))
    , m_jobWrites(new models::JobWriteController(hub, this))
    , m_drains(new models::DrainController(hub, this))
    , m_quotaWrites(new models::QuotaWriteController(this))
    , m_jobsPane(new JobsPane(hub, m_jobModel, m_jobWrites, this))
    , m_quotasPane(new QuotasPane(hub, m_quotaModel, m_quotaWrites, this))
    , m_statusText(new QLabel(this)) {
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(m_options.demo ? tr("CubeDesk — demo") : tr("CubeDesk"));
    setAcceptDrops(true);
    // 1400×860, or 90 % of a smaller screen (a remembered geometry replaces it).
    const QSize screen = QGuiApplication::primaryScreen()
                             ? QGuiApplication::primaryScreen()->availableSize()
                             : QSize(1400, 860);
    resize(std::min(1400, screen.width() * 9 / 10), std::min(860, screen.height() * 9 / 10));

    m_clusterDock = new QDockWidget(tr("Clusters"), this);
    m_clusterDock->setObjectName(QStringLiteral("clusterDock"));
    m_clusterDock->setWidget(m_tree);
    m_clusterDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, m_clusterDock);

    m_tabs->setObjectName(QStringLiteral("panes"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_clustersPane, tr("Clusters"));
    m_tabs->addTab(m_nodesPane, tr("Nodes"));
    m_tabs->addTab(m_boardPane, tr("Resource groups"));
    auto *gpus = new GpusPane(hub, this);
    connect(gpus, &GpusPane::prometheusSettingsRequested, this, [this] {
        PrometheusDialog dialog(m_hub, m_preferences, this);
        dialog.exec();
    });
    m_tabs->addTab(m_jobsPane, tr("Jobs"));
    m_tabs->addTab(m_quotasPane, tr("Quotas"));
    m_tabs->addTab(gpus, tr("GPUs"));
    auto *overview = new OverviewPane(hub, this);
    m_tabs->addTab(overview, tr("Overview"));
    auto *pending = new PendingPane(hub, this);
    m_tabs->addTab(pending, tr("Pending and events"));
    auto *resources = new ResourceBrowserPane(hub, this);
    resources->setObjectName(QStringLiteral("resourcesPane"));
    m_tabs->addTab(resources, tr("Resources"));
    // The welcome page stands in for the panes while no cluster is in scope.
    m_central->addWidget(m_welcome);
    m_central->addWidget(m_tabs);
    m_central->setCurrentWidget(m_tabs);
    setCentralWidget(m_central);
    connect(m_welcome, &WelcomePage::useFileRequested, this, &MainWindow::addKubeconfig);
    connect(m_welcome, &WelcomePage::demoRequested, this, &MainWindow::useDemoClusters);
    connect(m_tree, &ClusterTree::scopeChanged, this, &MainWindow::updateWelcome);
    connect(m_hub, &models::ClusterHub::contextsChanged, this, &MainWindow::updateWelcome);

    // The status bar: the clusters' summary is permanent (right), temporary messages (left,
    // each with a timeout) never cover it — a normal widget would be drawn over by a message
    // shown before the window was.
    m_statusText->setObjectName(QStringLiteral("statusText"));
    statusBar()->addPermanentWidget(m_statusText);

    connect(m_tree, &ClusterTree::scopeChanged, m_nodesPane, &NodesPane::setScope);
    connect(m_tree, &ClusterTree::scopeChanged, overview, &OverviewPane::setScope);
    connect(m_tree, &ClusterTree::scopeChanged, pending, &PendingPane::setScope);
    connect(m_tree, &ClusterTree::scopeChanged, m_jobsPane, &JobsPane::setScope);
    connect(m_tree, &ClusterTree::scopeChanged, m_quotasPane, &QuotasPane::setScope);
    connect(m_tree, &ClusterTree::scopeChanged, gpus, &GpusPane::setScope);
    connect(m_tree, &ClusterTree::scopeChanged, resources, &ResourceBrowserPane::setScope);
    // Logs open in a dock of tabs, from any pod a detail panel lists.
    m_logsDock = new LogsDock(this);
    addDockWidget(Qt::BottomDockWidgetArea, m_logsDock);
    m_logsDock->hide();
    connect(m_jobsPane, &JobsPane::logsRequested, m_logsDock, &LogsDock::openPod);
    connect(m_jobsPane, &JobsPane::jobLogsRequested, m_logsDock, &LogsDock::openJob);
    connect(m_nodesPane, &NodesPane::logsRequested, m_logsDock, &LogsDock::openPod);
    connect(overview, &OverviewPane::logsRequested, m_logsDock, &LogsDock::openPod);
    connect(pending, &PendingPane::logsRequested, m_logsDock, &LogsDock::openPod);
    connect(resources, &ResourceBrowserPane::logsRequested, m_logsDock, &LogsDock::openPod);
    // Terminals open in a dock of their own, tabbed with the logs (PodActionMenu finds it).
    m_terminalDock = new TerminalDock(this);
    addDockWidget(Qt::BottomDockWidgetArea, m_terminalDock);
    tabifyDockWidget(m_logsDock, m_terminalDock);
    m_terminalDock->hide();
    const auto showNode = [this](const QString &cluster, const QString &node) {
        showPane(QStringLiteral("nodesPane"));
        m_nodesPane->selectNode(cluster, node);
    };
    connect(m_jobsPane, &JobsPane::nodeRequested, this, showNode);
    connect(resources, &ResourceBrowserPane::nodeRequested, this, showNode);
    // Job and quota write outcomes reach the status bar from their controllers, whatever became
    // of the dialog or panel that asked.
    connect(m_jobWrites, &models::JobWriteController::finished, this,
            [this](const models::JobWriteController::Outcome &o) { showWriteReport(o.message); });
    connect(m_quotaWrites, &models::QuotaWriteController::finished, this,
            [this](const models::QuotaWriteController::Outcome &o) { showWriteReport(o.message); });
    connect(m_tree, &ClusterTree::removeFileRequested, this, &MainWindow::removeKubeconfig);
    connect(m_clustersPane, &ClustersPane::clusterActivated, this, [this](const QString &c) {
        m_tree->setScopeOnly(c);
        m_boardPane->showCluster(c);
        showPane(QStringLiteral("nodesPane"));
    });
    connect(m_nodesPane, &NodesPane::editLabelsRequested, this, &MainWindow::editSelectedLabels);
    connect(m_nodesPane, &NodesPane::cordonRequested, this, &MainWindow::cordonSelected);
    connect(m_nodesPane, &NodesPane::drainRequested, this, &MainWindow::drainSelected);
    connect(m_nodesPane, &NodesPane::editTaintsRequested, this, &MainWindow::editSelectedTaints);
    connect(m_boardPane, &BoardPane::drainRequested, this, &MainWindow::drainNodes);
    // Queued: a drop must finish (QDrag::exec returns) before the preview dialog opens.
    connect(m_boardPane, &BoardPane::moveRequested, this, &MainWindow::requestMove,
            Qt::QueuedConnection);
    connect(m_boardPane, &BoardPane::undoRequested, m_writes, &NodeWriteController::undo);
    // Queued: outcome dialogs must not run inside the write's completion callback.
    connect(m_writes, &NodeWriteController::finished, this, &MainWindow::reportOutcome,
            Qt::QueuedConnection);
    connect(m_writes, &NodeWriteController::started, this, [this](const QString &what) {
        statusBar()->showMessage(tr("Applying: %1…").arg(what), 5000);
    });
    connect(m_writes, &NodeWriteController::undoAvailableChanged, this, [this](bool available) {
        m_boardPane->setUndoAvailable(available, m_writes->undoDescription());
    });
    connect(hub, &models::ClusterHub::clusterStateChanged, this, [this] {
        updateStatus();
        updateWriteAccess();
    });
    connect(hub, &models::ClusterHub::contextsChanged, this, [this] {
        updateStatus();
        updateWriteAccess();
    });

    setupBalancing();
    // The resource browser's actions are audited beside the node writes.
    m_objectActions = new models::ObjectActionController(m_audit, this);
    resources->setActions(m_objectActions);
    connect(
        m_objectActions, &models::ObjectActionController::finished, this,
        [this](const models::ObjectActionController::Outcome &o) { showWriteReport(o.message); });
    buildMenus();

    applyPreferences();
    connect(m_preferences, &Preferences::changed, this, &MainWindow::applyPreferences);
    connect(m_hub, &models::ClusterHub::clusterAdded, this, &MainWindow::applyPrometheusChoices);

    QSettings settings;
    QStringList files = m_options.kubeconfigs;
    m_fitDocks = true;
    if (m_options.remember) {
        Layout layout;
        layout.geometry = settings.value(layoutSetting(QStringLiteral("geometry"))).toByteArray();
        layout.state = settings.value(layoutSetting(QStringLiteral("state"))).toByteArray();
        layout.nodesHeader =
            settings.value(layoutSetting(QStringLiteral("nodesHeader"))).toByteArray();
        layout.jobsHeader =
            settings.value(layoutSetting(QStringLiteral("jobsHeader"))).toByteArray();
        layout.pane = settings.value(layoutSetting(QStringLiteral("pane")), 0).toInt();
        layout.unchecked =
            settings.value(layoutSetting(QStringLiteral("unchecked"))).toStringList();
        m_fitDocks = !setLayout(layout);
        if (files.isEmpty() && !m_options.demo)
            files = settings.value(QStringLiteral("kubeconfig/files")).toStringList();
        const QStringList disabled =
            settings.value(QStringLiteral("kubeconfig/disabled")).toStringList();
        if (!m_options.demo && !m_options.hubLoaded)
            hub->setDisabledContexts(QSet<QString>(disabled.begin(), disabled.end()));
    }
    if (!m_options.hubLoaded) {
        hub->setReadOnly(m_options.readOnly);
        hub->setOnlyContexts(m_options.contexts);
        loadKubeconfigs(files);
    } else {
        updateWelcome(); // another window loaded the hub: show what it holds
    }
    updateStatus();
    updateWriteAccess();
}

QString MainWindow::layoutSetting(const QString &name) const {
    // The first window's keys predate several windows: keep them so that layouts survive.
    if (m_options.layoutKey == QLatin1String("window")) {
        if (name == QLatin1String("nodesHeader"))
            return QStringLiteral("nodes/header");
        if (name == QLatin1String("jobsHeader"))
            return QStringLiteral("jobs/header");
    }
    return m_options.layoutKey + QLatin1Char('/') + name;
}

MainWindow::Layout MainWindow::layout() const {
    Layout l;
    l.geometry = saveGeometry();
    l.state = saveState();
    l.nodesHeader = m_nodesPane->saveState();
    l.jobsHeader = m_jobsPane->saveState();
    l.pane = m_tabs->currentIndex();
    l.unchecked = m_tree->unchecked();
    return l;
}

bool MainWindow::setLayout(const Layout &layout) {
    restoreGeometry(layout.geometry);
    const bool restored = restoreState(layout.state);
    // The logs and terminal docks keep their place and size; they show when a log or a
    // terminal opens.
    m_logsDock->hide();
    m_terminalDock->hide();
    m_nodesPane->restoreState(layout.nodesHeader);
    m_jobsPane->restoreState(layout.jobsHeader);
    m_tabs->setCurrentIndex(layout.pane);
    m_tree->setUnchecked(layout.unchecked);
    return restored;
}

QStringList MainWindow::openWork() const {
    QStringList work;
    if (const int n = m_terminalDock->tabs()->count(); n > 0)
        work << tr("%n terminal(s)", nullptr, n);
    if (const int n = m_logsDock->tabs()->count(); n > 0)
        work << tr("%n log view(s)", nullptr, n);
    if (m_drains->running())
        work << tr("a drain in progress");
    for (const models::ClusterConnection *c : m_hub->clusters())
        if (m_balance->autoBalance(c->name()))
            work << tr("automatic balancing of %1").arg(c->name());
    if (m_writes->canUndo())
        work << tr("the undo of “%1”").arg(m_writes->undoDescription());
    return work;
}

void MainWindow::showEvent(QShowEvent *event) {
    QMainWindow::showEvent(event);
    if (m_fitDocks) {
        m_fitDocks = false;
        // After the layout has run once: docks can then be given their widths.
        QMetaObject::invokeMethod(this, &MainWindow::fitDocks, Qt::QueuedConnection);
    }
}

void MainWindow::fitDocks() {
    // Whole context names on the left, whole notification sentences on the right; the panes
    // keep well over half of the window (their tab bar needs about 760 px at 1280×800).
    const int tree = std::min(m_tree->sizeHint().width(), width() * 16 / 100);
    const int notes =
        std::min(std::max(300, fontMetrics().averageCharWidth() * 40), width() * 21 / 100);
    resizeDocks({m_clusterDock, m_notificationDock}, {tree, notes}, Qt::Horizontal);
}

void MainWindow::applyPreferences() {
    const auto &v = m_preferences->values();
    TableViews::applyDensity(this, *m_preferences);
    if (auto *overview = findChild<OverviewPane *>())
        overview->aggregator()->setInterval(v.overviewRefreshMs);
    if (m_tray)
        m_tray->setVisible(v.desktopNotifications);
    if (m_notificationPanel)
        m_notificationPanel->setTrayAvailable(m_tray && v.desktopNotifications);
    if (m_terminalDock)
        m_terminalDock->setConfirmClose(v.confirmCloseTerminal);
    applyPrometheusChoices();
}

void MainWindow::applyPrometheusChoices() {
    const auto &chosen = m_preferences->values().prometheus;
    for (models::ClusterConnection *c : m_hub->clusters()) {
        const auto it = chosen.constFind(c->name());
        m_hub->gpuMetrics()->setEndpoint(
            c->name(), it == chosen.constEnd()
                           ? std::nullopt
                           : k8s::PrometheusEndpoint::parse(it.value().toStdString()));
    }
}

MainWindow::~MainWindow() {
    // Views and proxies first, then the models they read: QObject would delete children in
    // creation order (models first), and a proxy reacting to its source's destruction would
    // then reach a half-destroyed model.
    delete m_tabs;
    delete m_tree;
    if (m_watchingIdleGpus)
        m_hub->idleGpus()->unwatch();
}

void MainWindow::loadKubeconfigs(const QStringList &files) {
    const QStringList problems = m_hub->load(files);
    if (!problems.isEmpty())
        QMessageBox::warning(this, tr("Kubeconfig problems"),
                             tr("Some kubeconfig entries could not be used; the other contexts "
                                "still work:\n\n%1")
                                 .arg(problems.join(QLatin1Char('\n'))));
    updateWelcome();
}

void MainWindow::updateWelcome() {
    const bool none = m_tree->scope().isEmpty();
    if (none) {
        QString reason;
        if (m_hub->files().isEmpty())
            reason = tr("No kubeconfig file is loaded.");
        else if (m_hub->contexts().isEmpty())
            reason = tr("The loaded kubeconfig files hold no contexts.");
        else
            reason = tr("No cluster is in scope: check one in the Clusters tree on the left, "
                        "or add another kubeconfig.");
        QString home = QDir::home().filePath(QStringLiteral(".kube/config"));
        if (!QFileInfo::exists(home) || m_hub->files().contains(QFileInfo(home).absoluteFilePath()))
            home.clear();
        m_welcome->setState(reason, home, m_options.startDemo && !m_options.demo);
    }
    m_central->setCurrentWidget(none ? static_cast<QWidget *>(m_welcome) : m_tabs);
}

bool MainWindow::useDemoClusters() {
    if (!m_options.startDemo)
        return false;
    QString error;
    const QStringList files = m_options.startDemo(&error);
    if (files.isEmpty()) {
        QMessageBox::warning(this, tr("Demo clusters"),
                             tr("The demo clusters could not start: %1").arg(error));
        return false;
    }
    m_options.demo = true; // their temporary files are not remembered
    setWindowTitle(tr("CubeDesk — demo"));
    loadKubeconfigs(files);
    return true;
}

void MainWindow::buildMenus() {
    QMenu *file = menuBar()->addMenu(tr("&File"));
    const auto chooseKubeconfig = [this] {
        const QString f = QFileDialog::getOpenFileName(this, tr("Add a kubeconfig file"),
                                                       QDir::homePath() + QStringLiteral("/.kube"));
        if (!f.isEmpty())
            addKubeconfig(f);
    };
    file->addAction(tr("&Add kubeconfig…"), QKeySequence::Open, this, chooseKubeconfig);
    connect(m_welcome, &WelcomePage::addKubeconfigRequested, this, chooseKubeconfig);
    file->addSeparator();
    file->addAction(tr("&Preferences…"), QKeySequence(Qt::CTRL | Qt::Key_Comma), this,
                    &MainWindow::openPreferences);
    file->addSeparator();
    file->addAction(tr("&Close window"), QKeySequence::Close, this, &QWidget::close);
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, [this] {
        // Every window goes when a WindowSet listens; a window on its own just closes.
        if (isSignalConnected(QMetaMethod::fromSignal(&MainWindow::quitRequested)))
            Q_EMIT quitRequested();
        else
            close();
    });

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("Go to… (command palette)"), QKeySequence(Qt::CTRL | Qt::Key_K), this,
                    &MainWindow::openCommandPalette);
    view->addAction(tr("&Filter this pane"), QKeySequence::Find, this, [this] {
        if (m_tabs->currentWidget() == m_jobsPane) {
            m_jobsPane->focusFilter();
        } else if (m_tabs->currentWidget() == m_quotasPane) {
            m_quotasPane->focusFilter();
        } else if (auto *o = qobject_cast<OverviewPane *>(m_tabs->currentWidget())) {
            o->focusFilter();
        } else if (auto *p = qobject_cast<PendingPane *>(m_tabs->currentWidget())) {
            p->focusFilter();
        } else {
            showPane(QStringLiteral("nodesPane"));
            m_nodesPane->focusFilter();
        }
    });
    view->addAction(tr("&Reconnect all clusters"), QKeySequence(Qt::Key_F5), m_hub,
                    &models::ClusterHub::reconnectAll);
    view->addSeparator();
    for (int i = 0; i < m_tabs->count(); ++i)
        view->addAction(m_tabs->tabText(i), QKeySequence(Qt::ALT | (Qt::Key_1 + i)), this,
                        [this, i] { m_tabs->setCurrentIndex(i); });

    QMenu *nodes = menuBar()->addMenu(tr("&Nodes"));
    nodes->addAction(tr("Edit &labels…"), QKeySequence(Qt::CTRL | Qt::Key_L), this,
                     &MainWindow::editSelectedLabels);
    nodes->addAction(tr("&Cordon"), this, [this] { cordonSelected(true); });
    nodes->addAction(tr("&Uncordon"), this, [this] { cordonSelected(false); });
    nodes->addAction(tr("Edit &taints…"), this, &MainWindow::editSelectedTaints);
    nodes->addAction(tr("&Drain…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D), this,
                     &MainWindow::drainSelected);
    nodes->addSeparator();
    nodes->addAction(tr("&Move to resource group…"), QKeySequence(Qt::CTRL | Qt::Key_M), this,
                     [this] {
                         showPane(QStringLiteral("boardPane"));
                         m_boardPane->moveSelected();
                     });
    nodes->addAction(tr("&Undo last change"), QKeySequence::Undo, m_writes,
                     &NodeWriteController::undo);

    QMenu *window = menuBar()->addMenu(tr("&Window"));
    QAction *newWindow =
        window->addAction(tr("&New window"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N), this,
                          &MainWindow::newWindowRequested);
    newWindow->setToolTip(tr("Another window over the same clusters, with its own scope and "
                             "pane (no second connection)."));
    window->addSeparator();
    window->addAction(m_clusterDock->toggleViewAction());
    window->addAction(m_logsDock->toggleViewAction());
    window->addAction(m_terminalDock->toggleViewAction());
    window->addAction(m_notificationDock->toggleViewAction());
    window->addAction(m_auditDock->toggleViewAction());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard shortcuts"), QKeySequence(Qt::Key_F1), this,
                    &MainWindow::showShortcuts);
    help->addAction(tr("&About CubeDesk"), this, [this] {
        auto *about = new AboutDialog(this);
        about->setAttribute(Qt::WA_DeleteOnClose);
        about->open();
    });
}

void MainWindow::openPreferences() {
    m_preferences->reload(); // a log panel or the terminal may have changed their options
    PreferencesDialog dialog(m_preferences, this);
    dialog.exec();
}

void MainWindow::showShortcuts() {
    ShortcutsDialog dialog(ShortcutsDialog::collect(this, menuBar(), m_tabs), this);
    dialog.exec();
}

void MainWindow::showPane(const QString &objectName) {
    for (int i = 0; i < m_tabs->count(); ++i)
        if (m_tabs->widget(i)->objectName() == objectName)
            m_tabs->setCurrentIndex(i);
}

void MainWindow::addKubeconfig(const QString &file) {
    QStringList files = m_hub->requestedFiles();
    if (files.isEmpty())
        files = m_hub->files(); // start from what the environment gave
    const QString path = QFileInfo(file).absoluteFilePath();
    if (!files.contains(path))
        files << path;
    loadKubeconfigs(files);
}

void MainWindow::removeKubeconfig(const QString &file) {
    QStringList files = m_hub->requestedFiles();
    if (files.isEmpty())
        files = m_hub->files();
    files.removeAll(file);
    if (files.isEmpty()) {
        QMessageBox::information(this, tr("Remove kubeconfig"),
                                 tr("This is the only kubeconfig file; add another one first."));
        return;
    }
    loadKubeconfigs(files);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event) {
    if (event->mimeData()->hasUrls())
        for (const auto &url : event->mimeData()->urls())
            if (url.isLocalFile()) {
                event->acceptProposedAction();
                return;
            }
}

void MainWindow::dropEvent(QDropEvent *event) {
    for (const auto &url : event->mimeData()->urls())
        if (url.isLocalFile())
            addKubeconfig(url.toLocalFile());
    event->acceptProposedAction();
}

void MainWindow::closeEvent(QCloseEvent *event) {
    if (m_options.remember) {
        QSettings settings;
        const Layout l = layout();
        settings.setValue(layoutSetting(QStringLiteral("geometry")), l.geometry);
        settings.setValue(layoutSetting(QStringLiteral("state")), l.state);
        settings.setValue(layoutSetting(QStringLiteral("pane")), l.pane);
        settings.setValue(layoutSetting(QStringLiteral("nodesHeader")), l.nodesHeader);
        settings.setValue(layoutSetting(QStringLiteral("jobsHeader")), l.jobsHeader);
        settings.setValue(layoutSetting(QStringLiteral("unchecked")), l.unchecked);
        if (!m_options.demo) {
            settings.setValue(QStringLiteral("kubeconfig/files"), m_hub->requestedFiles());
            const auto disabled = m_hub->disabledContexts();
            settings.setValue(QStringLiteral("kubeconfig/disabled"),
                              QStringList(disabled.begin(), disabled.end()));
        }
    }
    QMainWindow::closeEvent(event);
    if (event->isAccepted())
        Q_EMIT closing();
}

void MainWindow::updateStatus() {
    int live = 0;
    QSet<QString> names;
    for (auto *c : m_hub->clusters()) {
        names.insert(c->name());
        // Live as its badge says (freshness): synced() also waits for the backlog to be
        // applied, which ends without a state change, so the count stayed behind the badges.
        live += c->freshness().level == models::Freshness::Level::Live ? 1 : 0;
        auto *&badge = m_badges[c->name()];
        if (!badge) {
            badge = new widgets::FreshnessBadge(this);
            badge->setObjectName(QStringLiteral("badge_%1").arg(c->name()));
            statusBar()->addPermanentWidget(badge);
        }
        const auto &f = c->freshness();
        badge->setState(static_cast<widgets::FreshnessBadge::Level>(f.level),
                        QStringLiteral("%1: %2").arg(c->name(), f.text), f.details);
    }
    for (auto it = m_badges.begin(); it != m_badges.end();) {
        if (!names.contains(it.key())) {
            delete it.value();
            it = m_badges.erase(it);
        } else {
            ++it;
        }
    }
    m_statusText->setText(tr("%1 of %2 clusters live").arg(live).arg(m_hub->clusters().size()) +
                          (m_options.readOnly ? tr(" · read-only") : QString()));
}

void MainWindow::updateWriteAccess() {
    // The buttons act on the board's cluster and the nodes' selection; disable them with the
    // reason when no cluster in scope may be written.
    QString why;
    if (m_options.readOnly)
        why = tr("CubeDesk runs read-only (--read-only): writes are disabled.");
    else if (auto *c = m_boardModel->cluster())
        why = c->writeBlockedReason();
    m_boardPane->setWritesEnabled(why.isEmpty(), why);
    QString nodesWhy = m_options.readOnly ? why : QString();
    if (nodesWhy.isEmpty()) {
        bool any = false;
        QStringList reasons;
        for (auto *c : m_hub->clusters()) {
            const QString r = c->writeBlockedReason();
            any = any || r.isEmpty();
            if (!r.isEmpty())
                reasons << r;
        }
        if (!any)
            nodesWhy =
                reasons.isEmpty() ? tr("No cluster connected.") : reasons.join(QLatin1Char('\n'));
    }
    m_nodesPane->setWritesEnabled(nodesWhy.isEmpty(), nodesWhy);
    // Jobs and quotas: the API's answer (403 with its reason) is reported per write; only
    // read-only mode disables the buttons up front.
    const QString readOnly = m_options.readOnly ? why : QString();
    m_jobsPane->setReadOnlyReason(readOnly);
    m_quotasPane->setReadOnlyReason(readOnly);
}

void MainWindow::showWriteReport(const QString &message) {
    statusBar()->showMessage(message, 10000);
}

void MainWindow::openCommandPalette() {
    QList<CommandPalette::Entry> entries;
    for (int i = 0; i < m_tabs->count(); ++i)
        entries.append({CommandPalette::Kind::Pane,
                        tr("Pane: %1").arg(m_tabs->tabText(i)),
                        {},
                        m_tabs->widget(i)->objectName()});
    // Every menu command, with its menu and keys: the palette reaches all of them.
    for (QAction *top : menuBar()->actions())
        if (QMenu *menu = top->menu())
            for (QAction *a : menu->actions()) {
                if (a->isSeparator() || !a->isEnabled() || a->text().isEmpty())
                    continue;
                QString text = tr("%1 › %2").arg(menu->title().remove(QLatin1Char('&')),
                                                 a->text().remove(QLatin1Char('&')));
                if (!a->shortcut().isEmpty())
                    text += QStringLiteral("   (%1)").arg(
                        a->shortcut().toString(QKeySequence::NativeText));
                CommandPalette::Entry entry{CommandPalette::Kind::Action, text, {}, {}};
                entry.action = a;
                entries.append(entry);
            }
    for (auto *c : m_hub->clusters()) {
        for (const auto &[name, org] : c->store().accounting().orgs())
            entries.append(
                {CommandPalette::Kind::Org,
                 tr("Resource group: %1 — %2").arg(QString::fromStdString(name), c->name()),
                 c->name(), QString::fromStdString(name)});
        for (const auto &[name, node] : c->store().nodes())
            entries.append({CommandPalette::Kind::Node,
                            tr("Node: %1 — %2").arg(QString::fromStdString(name), c->name()),
                            c->name(), QString::fromStdString(name)});
        for (const auto &[key, job] : c->store().jobs())
            entries.append(
                {CommandPalette::Kind::Job,
                 tr("Job: %1 %2/%3 — %4")
                     .arg(QString::fromStdString(job->kindName()),
                          QString::fromUtf8(job->namespaceName().data(),
                                            static_cast<qsizetype>(job->namespaceName().size())),
                          QString::fromUtf8(job->name().data(),
                                            static_cast<qsizetype>(job->name().size())),
                          c->name()),
                 c->name(),
                 QString::fromUtf8(job->name().data(),
                                   static_cast<qsizetype>(job->name().size()))});
    }
    auto *palette = new CommandPalette(entries, this);
    palette->setAttribute(Qt::WA_DeleteOnClose);
    connect(palette, &CommandPalette::chosen, this, [this](const CommandPalette::Entry &e) {
        switch (e.kind) {
        case CommandPalette::Kind::Pane:
            showPane(e.name);
            break;
        case CommandPalette::Kind::Node:
            showPane(QStringLiteral("nodesPane"));
            m_nodesPane->selectNode(e.cluster, e.name);
            break;
        case CommandPalette::Kind::Job:
            showPane(QStringLiteral("jobsPane"));
            m_jobsPane->selectJob(e.cluster, e.name);
            break;
        case CommandPalette::Kind::Org:
            showPane(QStringLiteral("boardPane"));
            m_boardPane->showCluster(e.cluster);
            m_boardPane->showOrg(e.name);
            break;
        case CommandPalette::Kind::Action:
            if (e.action)
                e.action->trigger();
            break;
        }
    });
    palette->open();
}

bool MainWindow::requestMove(const QString &clusterName, const QStringList &nodes,
                             const QString &toOrg) {
    auto *cluster = m_hub->cluster(clusterName);
    if (!cluster)
        return false;
    std::vector<std::string> moving;
    for (const auto &n : nodes)
        moving.push_back(n.toStdString());
    const auto &store = cluster->store();
    const auto preview = k8s::OrgMovePreview::compute(store.accounting(), store.nodeList(),
                                                      store.podList(), moving, toOrg.toStdString());
    MovePreviewDialog dialog(clusterName, preview, cluster->writeBlockedReason(), this);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    QStringList really;
    QStringList fromOrgs;
    for (const auto &n : preview.nodes)
        if (!n.unchanged) {
            really << QString::fromStdString(n.node);
            fromOrgs << QString::fromStdString(n.fromOrg);
        }
    const QString description = tr("move %n node(s) to %1", "", really.size()).arg(toOrg);
    return m_moves->move(cluster, really, fromOrgs, toOrg, description, m_moveMode, m_moveReason) !=
           0;
}

void MainWindow::editSelectedLabels() {
    const auto selection = m_nodesPane->selectedNodes();
    if (selection.isEmpty()) {
        showPane(QStringLiteral("nodesPane"));
        QMessageBox::information(this, tr("Edit labels"),
                                 tr("Select one or more nodes in the Nodes pane first."));
        return;
    }
    LabelEditorDialog dialog(m_hub, selection, this);
    runLabelDialog(dialog);
}

void MainWindow::runLabelDialog(LabelEditorDialog &dialog) {
    if (dialog.exec() != QDialog::Accepted)
        return;
    for (const auto &p : dialog.plans())
        if (p.cluster)
            m_writes->apply(
                p.cluster, p.plan, p.edits,
                tr("labels on %n node(s) of %1", "", static_cast<int>(p.plan.changes().size()))
                    .arg(p.cluster->name()));
}

void MainWindow::cordonSelected(bool unschedulable) {
    const auto selection = m_nodesPane->selectedNodes();
    if (selection.isEmpty())
        return;
    int count = 0;
    for (const auto &nodes : selection)
        count += static_cast<int>(nodes.size());
    const QString question =
        unschedulable ? tr("Cordon %n node(s)? New pods will not be scheduled there.", "", count)
                      : tr("Uncordon %n node(s)?", "", count);
    if (QMessageBox::question(this, tr("Confirm"), question) != QMessageBox::Yes)
        return;
    for (auto it = selection.begin(); it != selection.end(); ++it)
        m_writes->cordon(m_hub->cluster(it.key()), it.value(), unschedulable);
}

void MainWindow::editSelectedTaints() {
    const auto selection = m_nodesPane->selectedNodes();
    if (selection.isEmpty()) {
        statusBar()->showMessage(tr("Select the nodes whose taints to edit first."), 5000);
        return;
    }
    if (selection.size() > 1) {
        QMessageBox::information(
            this, tr("Taints"),
            tr("Edit the taints of one cluster's nodes at a time: the "
               "selection spans %1.")
                .arg(QStringList(selection.keys()).join(QStringLiteral(", "))));
        return;
    }
    auto *cluster = m_hub->cluster(selection.firstKey());
    if (cluster == nullptr)
        return;
    const QString blocked = m_options.readOnly
                                ? tr("CubeDesk runs read-only (--read-only): writes are disabled.")
                                : cluster->writeBlockedReason();
    TaintEditorDialog dialog(cluster, selection.first(), blocked, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const quint64 id = m_writes->applyTaints(cluster, dialog.plan(), dialog.description());
    if (id == 0)
        return;
    models::WriteAuditModel::Entry e;
    e.time = QDateTime::currentDateTime();
    e.cluster = cluster->name();
    e.target = selection.first().join(QStringLiteral(", "));
    e.reason = dialog.description();
    e.action = tr("Taints");
    m_taintAudit.insert(id, m_audit->record(std::move(e)));
}

void MainWindow::drainSelected() {
    const auto selection = m_nodesPane->selectedNodes();
    if (selection.isEmpty()) {
        statusBar()->showMessage(tr("Select the nodes to drain first."), 5000);
        return;
    }
    if (selection.size() > 1) {
        QMessageBox::information(
            this, tr("Drain"),
            tr("Drain nodes of one cluster at a time: the selection spans "
               "%1.")
                .arg(QStringList(selection.keys()).join(QStringLiteral(", "))));
        return;
    }
    drainNodes(selection.firstKey(), selection.first());
}

void MainWindow::drainNodes(const QString &cluster, const QStringList &nodes) {
    auto *connection = m_hub->cluster(cluster);
    if (connection == nullptr || nodes.isEmpty())
        return;
    const QString blocked = m_options.readOnly
                                ? tr("CubeDesk runs read-only (--read-only): writes are disabled.")
                                : connection->writeBlockedReason();
    // Not modal for the window: a long drain is watched while the admin goes on working.
    auto *dialog = new DrainDialog(m_drains, cluster, nodes, blocked, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::reportOutcome(const NodeWriteController::Outcome &outcome) {
    const int failed = outcome.failed();
    // Taint writes, and the undo of the last one, are audited with their result.
    const auto resultText = [&] {
        return failed == 0
                   ? tr("done on %n node(s)", nullptr, static_cast<int>(outcome.results.size()))
                   : tr("%1 of %2 failed").arg(failed).arg(outcome.results.size());
    };
    if (const auto row = m_taintAudit.constFind(outcome.id); row != m_taintAudit.constEnd()) {
        m_audit->setResult(row.value(), resultText());
        if (failed == 0)
            m_lastTaints = outcome.description;
        m_taintAudit.erase(row);
    } else if (outcome.undo && !m_lastTaints.isEmpty() &&
               outcome.description.endsWith(m_lastTaints)) {
        models::WriteAuditModel::Entry e;
        e.time = QDateTime::currentDateTime();
        e.cluster = outcome.cluster;
        for (const auto &r : outcome.results)
            e.target += (e.target.isEmpty() ? QString() : QStringLiteral(", ")) + r.node;
        e.action = tr("Taints");
        e.reason = outcome.description;
        e.result = resultText();
        m_audit->record(std::move(e));
        m_lastTaints.clear();
    }
    QStringList failedNodes;
    QStringList lines;
    for (const auto &r : outcome.results) {
        lines << (r.ok ? QStringLiteral("✔ %1").arg(r.node)
                       : QStringLiteral("✘ %1: %2").arg(r.node, r.message));
        if (!r.ok)
            failedNodes << r.node;
    }
    qCInfo(lcWindow).noquote() << outcome.cluster << outcome.description << ":"
                               << outcome.results.size() - static_cast<std::size_t>(failed) << "ok,"
                               << failed << "failed";
    if (failed == 0) {
        statusBar()->showMessage(
            tr("%1: %2 — done on %n node(s).", "", static_cast<int>(outcome.results.size()))
                .arg(outcome.cluster, outcome.description),
            10000);
    } else if (outcome.retryPlan && outcome.retryPlan->ok() &&
               !outcome.retryPlan->changes().empty()) {
        // 409: the nodes changed since the user looked; show the fresh diff and ask again.
        std::vector<LabelEditorDialog::ClusterPlan> plans;
        QStringList nodes;
        for (const auto &c : outcome.retryPlan->changes())
            nodes << QString::fromStdString(c.node);
        plans.push_back(
            {m_hub->cluster(outcome.cluster), nodes, outcome.edits, *outcome.retryPlan});
        LabelEditorDialog dialog(
            std::move(plans),
            tr("%1 changed on the cluster since you looked (409 Conflict). "
               "Nothing was overwritten. This is the change on their current "
               "labels:\n%2")
                .arg(nodes.join(QStringLiteral(", ")), lines.join(QLatin1Char('\n'))),
            this);
        Q_EMIT writeReported(outcome);
        runLabelDialog(dialog);
        return;
    } else {
        QMessageBox box(QMessageBox::Warning, tr("Some changes failed"),
                        tr("%1: %2 — %3 of %4 failed. Nothing else was changed.")
                            .arg(outcome.cluster, outcome.description)
                            .arg(failed)
                            .arg(outcome.results.size()),
                        QMessageBox::Ok, this);
        box.setObjectName(QStringLiteral("outcomeBox"));
        box.setDetailedText(lines.join(QLatin1Char('\n')));
        Q_EMIT writeReported(outcome);
        box.exec();
        return;
    }
    Q_EMIT writeReported(outcome);
}

void MainWindow::setupBalancing() {
    m_balance = new models::BalanceAdvisor(m_hub, this);
    m_audit = m_options.audit ? m_options.audit : new models::WriteAuditModel(this);
    // Drains and their undo are audited beside the moves; the result comes when they end.
    struct DrainRow {
        models::WriteAuditModel::Id row = 0;
        QString cluster;
        QString nodes;
    };
    auto drainRows = std::make_shared<std::map<quint64, DrainRow>>();
    connect(m_drains, &models::DrainController::started, this,
            [this, drainRows](quint64 id, const QString &cluster, const QStringList &nodes,
                              const QString &description) {
                models::WriteAuditModel::Entry e;
                e.time = QDateTime::currentDateTime();
                e.cluster = cluster;
                e.target = nodes.join(QStringLiteral(", "));
                e.reason = description;
                e.action = tr("Drain");
                const QString joined = e.target;
                (*drainRows)[id] = {m_audit->record(std::move(e)), cluster, joined};
            });
    connect(m_drains, &models::DrainController::finished, this,
            [this, drainRows](const models::DrainController::Outcome &o) {
                if (const auto it = drainRows->find(o.id); it != drainRows->end())
                    m_audit->setResult(it->second.row, o.message);
                showWriteReport(o.message);
            });
    connect(m_drains, &models::DrainController::uncordoned, this,
            [this, drainRows](quint64 id, const QString &result) {
                models::WriteAuditModel::Entry e;
                e.time = QDateTime::currentDateTime();
                if (const auto it = drainRows->find(id); it != drainRows->end()) {
                    e.cluster = it->second.cluster;
                    e.target = it->second.nodes;
                }
                e.action = tr("Uncordon");
                e.reason = tr("Undo of a drain");
                e.result = result;
                m_audit->record(std::move(e));
                showWriteReport(result);
            });
    m_notifications = m_options.notifications ? m_options.notifications
                                              : new models::NotificationModel(m_hub, this);

    m_notificationPanel = new NotificationPanel(m_notifications, this);
    m_notificationDock = new QDockWidget(tr("Notifications"), this);
    m_notificationDock->setObjectName(QStringLiteral("notificationDock"));
    m_notificationDock->setWidget(m_notificationPanel);
    addDockWidget(Qt::RightDockWidgetArea, m_notificationDock);
    m_auditView = new WriteAuditView(m_audit, this);
    m_auditDock = new QDockWidget(tr("Audit"), this);
    m_auditDock->setObjectName(QStringLiteral("balanceAuditDock"));
    m_auditDock->setWidget(m_auditView);
    addDockWidget(Qt::BottomDockWidgetArea, m_auditDock);
    m_auditDock->hide();
    // The models go after the views that read them (QObject deletes children in order); shared
    // ones belong to the WindowSet, which outlives its windows.
    if (!m_options.notifications)
        m_notifications->setParent(m_notificationDock);
    if (!m_options.audit)
        m_audit->setParent(m_auditDock);

    // Desktop notifications only where a tray exists (not under Xvfb/offscreen) and from the
    // first window only (the others would repeat them): the panel always has them.
    if (m_options.primary && QSystemTrayIcon::isSystemTrayAvailable()) {
        m_tray = new QSystemTrayIcon(QApplication::windowIcon(), this);
        m_tray->setToolTip(tr("CubeDesk"));
    }
    // Whether the tray shows, and what the panel says about it: applyPreferences().
    connect(m_notifications, &models::NotificationModel::posted, this,
            [this](const QString &title, const QString &text) {
                if (m_tray && m_tray->isVisible())
                    m_tray->showMessage(title, text, QSystemTrayIcon::Information, 10000);
            });
    connect(m_notificationPanel, &NotificationPanel::goToRequested, this,
            [this](int kind, const QString &cluster, const QString &subject) {
                using Kind = models::NotificationModel::Kind;
                switch (static_cast<Kind>(kind)) {
                case Kind::NodeNotReady:
                    showPane(QStringLiteral("nodesPane"));
                    m_nodesPane->selectNode(cluster, subject);
                    break;
                case Kind::FailedJob:
                    showPane(QStringLiteral("jobsPane"));
                    m_jobsPane->selectJob(cluster, subject);
                    break;
                case Kind::GpuFault:
                    showPane(QStringLiteral("gpusPane"));
                    if (auto *gpus = findChild<GpusPane *>())
                        gpus->selectNode(cluster, subject);
                    break;
                case Kind::PendingPods:
                case Kind::MoveApplied:
                    showPane(QStringLiteral("boardPane"));
                    m_boardPane->showCluster(cluster);
                    m_boardPane->showOrg(subject);
                    break;
                }
            });

    BalanceBar *bar = m_boardPane->balanceBar();
    connect(bar, &BalanceBar::suggestRequested, this, &MainWindow::suggestBalance);
    connect(bar, &BalanceBar::applyRequested, this, &MainWindow::applySuggestion);
    connect(bar, &BalanceBar::auditRequested, this, [this] {
        m_auditDock->show();
        m_auditDock->raise();
    });
    // Automatic balancing runs in the first window only: two advisors would move twice.
    if (!m_options.primary)
        bar->setAutoBalanceUnavailable(tr("Automatic balancing runs in CubeDesk's first window."));
    connect(bar, &BalanceBar::autoBalanceToggled, this, [this](bool on, int minutes) {
        if (auto *c = m_boardModel->cluster())
            m_balance->setAutoBalance(c->name(), on, minutes);
    });
    connect(m_balance, &models::BalanceAdvisor::autoBalanceChanged, this,
            &MainWindow::refreshBalanceBar);
    // The idle-GPU signal: the report is polled only while someone asks for it.
    connect(bar, &BalanceBar::utilizationSignalToggled, this, [this](bool on) {
        if (on != m_watchingIdleGpus) {
            m_watchingIdleGpus = on;
            on ? m_hub->idleGpus()->watch() : m_hub->idleGpus()->unwatch();
        }
        refreshBalanceBar();
    });
    connect(m_hub->idleGpus(), &models::IdleGpuReport::updated, this, [this](const QString &c) {
        if (m_watchingIdleGpus && m_boardModel->cluster() && m_boardModel->cluster()->name() == c)
            refreshBalanceBar();
    });
    connect(m_balance, &models::BalanceAdvisor::autoMoveProposed, this, &MainWindow::applyAutoMove);
    // Another cluster on the board: its own suggestion and auto-balance state.
    connect(m_boardModel, &QAbstractItemModel::modelReset, this, [this] {
        if (auto *c = m_boardModel->cluster())
            m_boardModel->setGhosts(m_balance->ghosts(c->name()));
        refreshBalanceBar();
    });
    // Moves: sent (pending cards), refused (no longer pending), confirmed by the watch.
    m_moves = new models::OrgMoveController(m_hub, m_writes, m_audit, m_notifications, this);
    connect(m_moves, &models::OrgMoveController::moveSent, this,
            [this](const QString &, const QStringList &nodes, const QString &toOrg) {
                m_boardModel->setPendingMove(nodes, toOrg);
            });
    connect(
        m_moves, &models::OrgMoveController::moveFailed, this,
        [this](const QString &, const QStringList &nodes) { m_boardModel->clearPending(nodes); });
    connect(m_moves, &models::OrgMoveController::moveConfirmed, this, [this](const QString &c) {
        statusBar()->showMessage(tr("%1: the move is confirmed by the cluster.").arg(c), 8000);
    });
    refreshBalanceBar();
}

void MainWindow::refreshBalanceBar() {
    BalanceBar *bar = m_boardPane->balanceBar();
    auto *c = m_boardModel->cluster();
    if (!c) {
        bar->setSummary({}, false);
        bar->setDonors({});
        bar->setAutoBalance(false, models::BalanceAdvisor::kDefaultIntervalMinutes);
        return;
    }
    const auto *result = m_balance->suggestion(c->name());
    bar->setSummary(m_balance->summary(c->name()),
                    result && !result->moves.empty() && !result->moves.front().node.empty());
    bar->setAutoBalance(m_balance->autoBalance(c->name()), m_balance->intervalMinutes(c->name()));
    if (!m_watchingIdleGpus) {
        bar->setDonors({});
        return;
    }
    const QStringList donors = m_balance->idleDonors(c->name());
    if (!donors.isEmpty()) {
        bar->setDonors(tr("Idle GPUs: %1").arg(donors.join(QLatin1Char(' '))));
        return;
    }
    const QString why = m_hub->idleGpus()->describe(c->name());
    bar->setDonors(m_hub->idleGpus()->computedAt(c->name()).isValid()
                       ? tr("Idle GPUs: no resource group leaves its GPUs idle (%1).").arg(why)
                       : why);
}

void MainWindow::suggestBalance(int runs) {
    auto *c = m_boardModel->cluster();
    if (!c)
        return;
    m_balance->suggest(c->name(), runs);
    m_boardModel->setGhosts(m_balance->ghosts(c->name()));
    refreshBalanceBar();
}

bool MainWindow::applySuggestion() {
    auto *c = m_boardModel->cluster();
    const auto *result = c ? m_balance->suggestion(c->name()) : nullptr;
    if (!result || result->moves.empty() || result->moves.front().node.empty())
        return false;
    const auto move = result->moves.front();
    const QString cluster = c->name();
    m_moveMode = models::WriteAuditModel::Mode::Suggestion;
    m_moveReason = models::BalanceAdvisor::explain(move);
    const bool sent = requestMove(cluster, {QString::fromStdString(move.node)},
                                  QString::fromStdString(move.toOrg));
    m_moveMode = models::WriteAuditModel::Mode::Manual;
    m_moveReason.clear();
    if (sent) {
        // The board is about to change: the remaining runs are re-planned on demand.
        m_balance->clearSuggestion(cluster);
        m_boardModel->clearGhosts();
        refreshBalanceBar();
    }
    return sent;
}

void MainWindow::applyAutoMove(const QString &clusterName,
                               const k8s::RebalancePlanner::Move &move) {
    if (!m_options.readOnly)
        m_moves->moveAuto(clusterName, move);
}

} // namespace cubedesk::ui
