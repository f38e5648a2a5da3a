// The logs dock offscreen against the simulator (demo scenario): a pod's log opens from the job
// detail panel's pods (Ctrl+L), follows with new lines, switches to the previous run of a
// restarted container (its traceback marked as an error), searches, and shows timestamps; a
// screenshot of the dock is written for people to look at.

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/logseverity.h"
#include "models/logviewmodel.h"
#include "models/modelroles.h"
#include "models/runningpodmodel.h"
#include "models/sortfilterindex.h"
#include "tests/support/demologpods.h"
#include "tests/support/screenshot.h"
#include "tests/support/simprocess.h"
#include "tests/support/testwindow.h"
#include "tests/ui/chinesecatalogue.h"
#include "ui/jobdetailpanel.h"
#include "ui/jobspane.h"
#include "ui/logpanel.h"
#include "ui/logsdock.h"
#include "ui/mainwindow.h"
#include "ui/overviewpane.h"
#include "ui/pendingpane.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QListView>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTableWidget>
#include <QTabWidget>
#include <QTest>
#include <QTranslator>
#include <QTreeView>

using namespace cubedesk;
using cubedesk::test::SimProcess;

namespace {

/// The "Show logs" action PodActionMenu adds to a view (Ctrl+L), or null.
QAction *showLogsAction(QWidget *view) {
    for (QAction *a : view->actions())
        if (a->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_L))
            return a;
    return nullptr;
}

} // namespace

class LogsUiTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void aPodsLogOpensFromTheJobAndFollows();
    void thePreviousRunShowsItsTraceback();
    void runningPodsOpenTheirLogsToo();
    void aJobsLogInterleavesEveryReplica();
    void pendingPodsOpenTheirLogsToo();
    void theLogsSpeakChinese();
    void cleanupTestCase();

private:
    /// Where screenshots go: CUBEDESK_SCREENSHOT_DIR keeps them; else the simulator's folder,
    /// which goes with the test.
    QString screenshotDir() const {
        return test::screenshotDir(QString::fromStdString(m_sim->dir().path()));
    }

    std::unique_ptr<SimProcess> m_sim;
    std::unique_ptr<models::ClusterHub> m_hub;
    std::unique_ptr<ui::MainWindow> m_window;
    QString m_cluster;
};

void LogsUiTest::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().remove(QStringLiteral("logs")); // remembered view options start as defaults
    m_sim = std::make_unique<SimProcess>(std::vector<std::string>{"--scenario", "demo"});
    QVERIFY2(m_sim->ready(), m_sim->error().c_str());
    m_hub = std::make_unique<models::ClusterHub>();
    m_window = test::openTestWindow(m_hub.get(), m_sim->kubeconfig());
    QTRY_VERIFY_WITH_TIMEOUT(test::firstClusterSynced(*m_hub), 30000);
    m_cluster = m_hub->clusters().front()->name();
}

void LogsUiTest::aPodsLogOpensFromTheJobAndFollows() {
    m_window->showPane(QStringLiteral("jobsPane"));
    QTRY_VERIFY(
        m_window->jobsPane()->selectJob(m_cluster, QStringLiteral("pytorch-resnet50-vision")));
    auto *detail = m_window->jobsPane()->findChild<ui::JobDetailPanel *>();
    QVERIFY(detail != nullptr);
    QTableWidget *pods = detail->podsTable();
    QTRY_VERIFY(pods->rowCount() >= 2);
    int master = -1;
    for (int r = 0; r < pods->rowCount(); ++r)
        if (pods->item(r, 0)->text() == QString::fromStdString(test::kDemoMasterPod))
            master = r;
    QVERIFY(master >= 0);
    pods->setCurrentCell(master, 0);
    // The table's "Show logs" action (Ctrl+L, also in its context menu).
    QAction *show = showLogsAction(pods);
    QVERIFY(show != nullptr);
    show->trigger();

    ui::LogsDock *dock = m_window->logsDock();
    QVERIFY(dock->isVisible());
    QCOMPARE(dock->tabs()->count(), 1);
    auto *panel = qobject_cast<ui::LogPanel *>(dock->tabs()->currentWidget());
    QVERIFY(panel != nullptr);
    QCOMPARE(panel->title(), m_cluster + QStringLiteral("/pipeline/") +
                                 QString::fromStdString(test::kDemoMasterPod));
    auto *container = panel->findChild<QComboBox *>(QStringLiteral("logContainer"));
    QTRY_COMPARE(container->currentData().toString(), QStringLiteral("main"));
    QTRY_VERIFY2_WITH_TIMEOUT(panel->model()->rowCount() > 100, qPrintable(panel->statusText()),
                              20000);
    QTRY_VERIFY(panel->statusText().endsWith(QStringLiteral("following")));
    // A line every 5 s: following brings new ones.
    const int before = panel->model()->rowCount();
    QTRY_VERIFY_WITH_TIMEOUT(panel->model()->rowCount() > before, 15000);
    QVERIFY(panel->following());
    // Search pauses following on the match.
    QVERIFY(panel->search(QStringLiteral("NCCL INFO")) > 0);
    QVERIFY(!panel->following());
    // The match is in view, highlighted.
    auto *view = panel->findChild<QListView *>(QStringLiteral("logView"));
    const QImage shown = view->viewport()->grab().toImage();
    bool highlighted = false;
    for (int y = 0; y < shown.height() && !highlighted; ++y)
        for (int x = 0; x < shown.width() && !highlighted; ++x)
            highlighted = shown.pixelColor(x, y) == QColor(0xff, 0xe0, 0x66);
    QVERIFY(highlighted);
    panel->findChild<QCheckBox *>(QStringLiteral("logTimestamps"))->setChecked(true);
    QVERIFY(panel->model()->index(0).data().toString().contains(QLatin1Char(':')));
    // Opening the same pod again shows its tab, not a second one.
    show->trigger();
    QCOMPARE(dock->tabs()->count(), 1);
    dock->resize(1200, 420);
    const QString dir = screenshotDir();
    const QString shot = dir + QStringLiteral("/logs.png");
    QVERIFY(dock->grab().save(shot));
    qInfo("screenshot: %s", qPrintable(shot));
}

void LogsUiTest::thePreviousRunShowsItsTraceback() {
    auto *detail = m_window->jobsPane()->findChild<ui::JobDetailPanel *>();
    QTableWidget *pods = detail->podsTable();
    int worker = -1;
    for (int r = 0; r < pods->rowCount(); ++r)
        if (pods->item(r, 0)->text() == QString::fromStdString(test::kDemoWorkerPod))
            worker = r;
    QVERIFY(worker >= 0);
    auto *panel =
        m_window->logsDock()->openPod(m_hub->clusters().front(), QStringLiteral("pipeline"),
                                      QString::fromStdString(test::kDemoWorkerPod));
    QCOMPARE(m_window->logsDock()->tabs()->count(), 2);
    // The first test turned timestamps on: a new panel remembers that.
    auto *timestamps = panel->findChild<QCheckBox *>(QStringLiteral("logTimestamps"));
    QVERIFY(timestamps->isChecked());
    timestamps->setChecked(false);
    auto *previous = panel->findChild<QCheckBox *>(QStringLiteral("logPrevious"));
    QTRY_VERIFY(previous->isEnabled()); // it restarted once
    previous->setChecked(true);
    QTRY_VERIFY_WITH_TIMEOUT(panel->statusText().endsWith(QStringLiteral("complete")), 20000);
    auto *model = panel->model();
    const QModelIndex last = model->index(model->rowCount() - 1);
    QVERIFY(last.data().toString().startsWith(QStringLiteral("torch.OutOfMemoryError")));
    QCOMPARE(last.data(models::LogSeverityRole).toInt(), int(models::LogSeverity::Error));
    // Closing the tab stops its stream; the dock hides with its last tab.
    m_window->logsDock()->tabs()->tabCloseRequested(1);
    QCOMPARE(m_window->logsDock()->tabs()->count(), 1);
}

// The Overview's running pods offer the same action.
void LogsUiTest::runningPodsOpenTheirLogsToo() {
    m_window->showPane(QStringLiteral("overviewPane"));
    auto *overview = m_window->findChild<ui::OverviewPane *>();
    QVERIFY(overview != nullptr);
    QTableView *view = overview->view();
    QTRY_VERIFY(view->model()->rowCount() > 0);
    // A pod whose log is not open yet (the master's is).
    int pick = -1;
    for (int r = 0; r < view->model()->rowCount() && pick < 0; ++r) {
        const auto &candidate = overview->podModel()->row(
            overview->proxy()->mapToSource(view->model()->index(r, 0)).row());
        if (std::string(candidate.pod->name()) != test::kDemoMasterPod)
            pick = r;
    }
    QVERIFY(pick >= 0);
    view->setCurrentIndex(view->model()->index(pick, 0));
    const QModelIndex source = overview->proxy()->mapToSource(view->currentIndex());
    const auto &row = overview->podModel()->row(source.row());
    QAction *show = showLogsAction(view);
    QVERIFY(show != nullptr);
    const int tabs = m_window->logsDock()->tabs()->count();
    show->trigger();
    QCOMPARE(m_window->logsDock()->tabs()->count(), tabs + 1);
    auto *panel = qobject_cast<ui::LogPanel *>(m_window->logsDock()->tabs()->currentWidget());
    QCOMPARE(panel->title(), row.cluster->name() + QLatin1Char('/') +
                                 QString::fromStdString(std::string(row.pod->namespaceName())) +
                                 QLatin1Char('/') +
                                 QString::fromStdString(std::string(row.pod->name())));
}

// "Logs of all pods" in the job detail: the master's and the workers' lines in one view, each
// prefixed by its replica, the master first, in time order.
void LogsUiTest::aJobsLogInterleavesEveryReplica() {
    m_window->showPane(QStringLiteral("jobsPane"));
    QTRY_VERIFY(
        m_window->jobsPane()->selectJob(m_cluster, QStringLiteral("pytorch-resnet50-vision")));
    auto *detail = m_window->jobsPane()->findChild<ui::JobDetailPanel *>();
    QTRY_VERIFY(detail->jobLogsButton()->isEnabled());
    const int tabs = m_window->logsDock()->tabs()->count();
    detail->jobLogsButton()->click();
    QCOMPARE(m_window->logsDock()->tabs()->count(), tabs + 1);
    auto *panel = qobject_cast<ui::LogPanel *>(m_window->logsDock()->tabs()->currentWidget());
    QVERIFY(panel->isJob());
    QCOMPARE(panel->title(),
             m_cluster + QStringLiteral("/pipeline/PyTorchJob/pytorch-resnet50-vision"));
    QVERIFY(!panel->findChild<QComboBox *>(QStringLiteral("logContainer"))->isVisible());
    auto *model = panel->model();
    // Both replicas' start-up banners are there, interleaved by time.
    QSet<QString> sources;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            sources.clear();
            for (int r = 0; r < model->rowCount(); ++r)
                sources.insert(model->index(r).data(models::LogSourceRole).toString());
            return sources.contains(QStringLiteral("[master-0] ")) &&
                   sources.contains(QStringLiteral("[worker-0] "));
        }(),
        20000);
    QDateTime previous;
    for (int r = 0; r < model->rowCount(); ++r) {
        const QDateTime t = model->index(r).data(models::LogTimeRole).toDateTime();
        QVERIFY2(!previous.isValid() || previous <= t,
                 qPrintable(QStringLiteral("row %1 is out of time order").arg(r)));
        previous = t;
    }
    QVERIFY(model->index(0).data().toString().startsWith(QLatin1Char('[')));
    QVERIFY2(panel->statusText().contains(
                 QStringLiteral("from %1 pod").arg(detail->podsTable()->rowCount())),
             qPrintable(panel->statusText()));
    // Each pod has its colour.
    int master = -1;
    int worker = -1;
    for (int r = 0; r < model->rowCount() && (master < 0 || worker < 0); ++r) {
        const QString source = model->index(r).data(models::LogSourceRole).toString();
        if (model->index(r).data(models::LogSeverityRole).toInt() != 0)
            continue;
        if (source == QStringLiteral("[master-0] "))
            master = r;
        else if (source == QStringLiteral("[worker-0] "))
            worker = r;
    }
    QVERIFY(master >= 0 && worker >= 0);
    QVERIFY(model->index(master).data(Qt::ForegroundRole) !=
            model->index(worker).data(Qt::ForegroundRole));
    // Following brings new lines from the job.
    const auto received = model->buffer().size();
    QTRY_VERIFY_WITH_TIMEOUT(model->buffer().size() > received, 15000);
    const QString dir = screenshotDir();
    QVERIFY(m_window->logsDock()->grab().save(dir + QStringLiteral("/logs-job.png")));
}

// The pending pane's pods offer their logs as well (a waiting container says why).
void LogsUiTest::pendingPodsOpenTheirLogsToo() {
    m_window->showPane(QStringLiteral("pendingPane"));
    auto *pending = m_window->findChild<ui::PendingPane *>();
    QVERIFY(pending != nullptr);
    QTreeView *view = pending->pendingView();
    QTRY_VERIFY(view->model()->rowCount() > 0);
    const QModelIndex group = view->model()->index(0, 0);
    QTRY_VERIFY(view->model()->rowCount(group) > 0);
    const QModelIndex pod = view->model()->index(0, 0, group);
    view->setCurrentIndex(pod);
    QAction *show = showLogsAction(view);
    QVERIFY(show != nullptr);
    const int tabs = m_window->logsDock()->tabs()->count();
    show->trigger();
    QCOMPARE(m_window->logsDock()->tabs()->count(), tabs + 1);
    auto *panel = qobject_cast<ui::LogPanel *>(m_window->logsDock()->tabs()->currentWidget());
    QVERIFY(panel->title().endsWith(QLatin1Char('/') + pod.data().toString()));
    // Not scheduled: nothing to read, said so rather than an empty "following".
    QTRY_VERIFY_WITH_TIMEOUT(!panel->statusText().endsWith(QStringLiteral("connecting")), 20000);
    // Selecting a group row offers nothing to open.
    view->setCurrentIndex(group);
    show->trigger();
    QCOMPARE(m_window->logsDock()->tabs()->count(), tabs + 1);
}

// With the Chinese catalogue (compiled from the source tree), a newly opened log speaks Chinese;
// its screenshot goes beside the English one.
void LogsUiTest::theLogsSpeakChinese() {
    QTranslator translator;
    const QString why = test::loadChineseCatalogue(translator);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QVERIFY(QCoreApplication::installTranslator(&translator));
    auto *panel =
        m_window->logsDock()->openPod(m_hub->clusters().front(), QStringLiteral("service"),
                                      QString::fromStdString(test::kDemoInferencePod));
    QCOMPARE(panel->findChild<QCheckBox *>(QStringLiteral("logPrevious"))->text(),
             QStringLiteral("上一次运行"));
    auto *container = panel->findChild<QComboBox *>(QStringLiteral("logContainer"));
    QTRY_COMPARE(container->count(), 3); // main, istio-proxy, istio-init (初始化)
    QCOMPARE(container->currentData().toString(), QStringLiteral("main")); // the annotation
    QVERIFY(container->itemText(2).endsWith(QStringLiteral("（初始化）")));
    QTRY_VERIFY_WITH_TIMEOUT(panel->model()->rowCount() > 5, 20000);
    QTRY_VERIFY(panel->statusText().contains(QStringLiteral("行")));
    const QString dir = screenshotDir();
    QVERIFY(m_window->logsDock()->grab().save(dir + QStringLiteral("/logs-zh.png")));
    QCoreApplication::removeTranslator(&translator);
}

void LogsUiTest::cleanupTestCase() {
    m_window.reset();
    m_hub.reset();
    m_sim.reset();
}

QTEST_MAIN(LogsUiTest)
#include "logs_test.moc"
