// Several windows over one hub (WindowSet): a new window shows the clusters at once from the
// shared caches — the same connection and session, no second watch — with a scope and pane of
// its own; automatic balancing stays with the first window; the windows open at quit come back
// with their layouts, scope and pane; a window closed while others stay open does not. Every
// window shows the same notifications and audit. A new language reopens the windows in it at
// once, each with its layout, pane and scope, over the same connections; open work (automatic
// balancing here) is asked about first, and "At the next start" leaves the windows alone.
#include "models/balanceadvisor.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "tests/support/screenshot.h"
#include "tests/support/simprocess.h"
#include "tests/support/testwindow.h"
#include "ui/balancebar.h"
#include "ui/boardpane.h"
#include "ui/clustertree.h"
#include "ui/mainwindow.h"
#include "ui/nodespane.h"
#include "ui/preferences.h"
#include "ui/translations.h"
#include "ui/windowset.h"

#include <QCheckBox>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTableView>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace cubedesk;

class WindowsTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void aNewWindowSharesTheConnections();
    void aNewLanguageReopensTheWindows();

private:
    QTemporaryDir m_settings;
};

namespace {

bool showsPanes(const ui::MainWindow &window) {
    auto *stack = qobject_cast<QStackedWidget *>(window.centralWidget());
    return stack && stack->currentWidget() == window.panes();
}

QString currentPane(const ui::MainWindow &window) {
    return window.panes()->currentWidget()->objectName();
}

QString paneTitle(const ui::MainWindow &window, const QString &pane) {
    for (int i = 0; i < window.panes()->count(); ++i)
        if (window.panes()->widget(i)->objectName() == pane)
            return window.panes()->tabText(i);
    return {};
}

/// Compiles translations/cubedesk_<lang>.ts into `folder` as Translations expects it.
QString compileCatalogue(const QString &lang, const QString &folder) {
    const QString ts = qEnvironmentVariable("CUBEDESK_SOURCE_DIR") +
                       QStringLiteral("/translations/cubedesk_%1.ts").arg(lang);
    const QString qm = folder + QStringLiteral("/cubedesk_%1.qm").arg(lang);
    const int rc = QProcess::execute(QStringLiteral(CUBEDESK_LRELEASE),
                                     {QStringLiteral("-silent"), ts, QStringLiteral("-qm"), qm});
    return rc == 0 ? QString() : QStringLiteral("lrelease %1 exited with %2").arg(ts).arg(rc);
}

/// Clicks the button of the language question that has `role` once the question shows.
void answerReopenQuestion(QMessageBox::ButtonRole role) {
    // NOLINTNEXTLINE(clang-analyzer-cplusplus.NewDeleteLeaks): Qt owns the timer's slot object
    QTimer::singleShot(50, [role] {
        for (QWidget *w : QApplication::topLevelWidgets())
            if (auto *box = qobject_cast<QMessageBox *>(w);
                box && box->objectName() == QLatin1String("reopenBox") && box->isVisible()) {
                for (QAbstractButton *b : box->buttons())
                    if (box->buttonRole(b) == role)
                        b->click();
                return;
            }
        answerReopenQuestion(role); // not shown yet
    });
}

} // namespace

void WindowsTest::initTestCase() {
    QVERIFY(m_settings.isValid());
    // Settings go to a private folder: the test writes and reads the windows it remembers.
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settings.path());
    QCoreApplication::setOrganizationName(QStringLiteral("cubedesk-test-windows"));
    QSettings().clear();
}

void WindowsTest::aNewWindowSharesTheConnections() {
    test::SimProcess sim({"--scenario", "demo", "--seed", "4"});
    QVERIFY2(sim.ready(), sim.error().c_str());
    ui::MainWindow::Options options;
    options.kubeconfigs = {QString::fromStdString(sim.kubeconfig())};
    QString cluster;
    {
        models::ClusterHub hub;
        ui::WindowSet set(&hub, options);
        ui::MainWindow *first = set.open();
        QTRY_VERIFY_WITH_TIMEOUT(test::firstClusterSynced(hub), 30000);
        QCOMPARE(hub.clusters().size(), 1);
        models::ClusterConnection *connection = hub.clusters().front();
        k8s::ClusterSession *session = connection->session();
        cluster = connection->name();
        QTRY_VERIFY(first->nodesPane()->view()->model()->rowCount() > 0);
        const int nodes = first->nodesPane()->view()->model()->rowCount();

        ui::MainWindow *second = set.newWindow();
        QCOMPARE(set.windows().size(), 2);
        // Not on top of the first one.
        QCOMPARE(second->pos(), first->pos() + QPoint(32, 32));
        QCOMPARE(second->layoutKey(), QStringLiteral("window2"));
        // The same connection and session: nothing was loaded or connected again, and the new
        // window's tables fill from the cache without waiting for a list.
        QCOMPARE(hub.clusters().size(), 1);
        QCOMPARE(hub.clusters().front(), connection);
        QCOMPARE(connection->session(), session);
        QVERIFY(connection->synced());
        QTRY_COMPARE_WITH_TIMEOUT(second->nodesPane()->view()->model()->rowCount(), nodes, 2000);
        QVERIFY(showsPanes(*second));
        // One list of notifications and one audit for every window.
        QCOMPARE(second->notifications(), first->notifications());
        QCOMPARE(second->balanceAudit(), first->balanceAudit());

        // Its own pane and scope.
        first->showPane(QStringLiteral("nodesPane"));
        second->showPane(QStringLiteral("jobsPane"));
        QCOMPARE(currentPane(*first), QStringLiteral("nodesPane"));
        second->clusterTree()->setUnchecked({cluster});
        QVERIFY(!showsPanes(*second)); // the welcome page: nothing in its scope
        QVERIFY(showsPanes(*first));
        QCOMPARE(first->nodesPane()->view()->model()->rowCount(), nodes);
        // Automatic balancing runs once, in the first window.
        QVERIFY(first->boardPane()->balanceBar()->autoBox()->isEnabled() ||
                !hub.clusters().front()->writeBlockedReason().isEmpty());
        QVERIFY(!second->boardPane()->balanceBar()->autoBox()->isEnabled());

        set.quit();
        QTRY_VERIFY(set.windows().isEmpty());
    }
    QCOMPARE(QSettings().value(QStringLiteral("windows/open")).toStringList(),
             (QStringList{QStringLiteral("window"), QStringLiteral("window2")}));

    // The next start: both windows, the second with its scope and pane.
    {
        models::ClusterHub hub;
        ui::WindowSet set(&hub, options);
        set.open();
        QCOMPARE(set.windows().size(), 2);
        ui::MainWindow *second = set.windows().at(1);
        QCOMPARE(second->layoutKey(), QStringLiteral("window2"));
        QCOMPARE(second->clusterTree()->unchecked(), QStringList{cluster});
        QCOMPARE(currentPane(*second), QStringLiteral("jobsPane"));
        QTRY_VERIFY_WITH_TIMEOUT(test::firstClusterSynced(hub), 30000);
        QVERIFY(showsPanes(*set.windows().at(0)));
        QVERIFY(!showsPanes(*second));
        // Closing a window while another stays open: it is not restored.
        second->close();
        QTRY_COMPARE(set.windows().size(), 1);
        QCOMPARE(QSettings().value(QStringLiteral("windows/open")).toStringList(),
                 QStringList{QStringLiteral("window")});
        set.quit();
    }
    QCOMPARE(QSettings().value(QStringLiteral("windows/open")).toStringList(),
             QStringList{QStringLiteral("window")});
}

void WindowsTest::aNewLanguageReopensTheWindows() {
    QSettings().clear();
    QTemporaryDir catalogues;
    QVERIFY(catalogues.isValid());
    for (const QString &lang : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        const QString error = compileCatalogue(lang, catalogues.path());
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
    ui::Translations::setCatalogueFolder(catalogues.path());
    QVERIFY(ui::Translations::install(QStringLiteral("en")));

    test::SimProcess sim({"--scenario", "demo", "--seed", "4"});
    QVERIFY2(sim.ready(), sim.error().c_str());
    ui::MainWindow::Options options;
    options.kubeconfigs = {QString::fromStdString(sim.kubeconfig())};
    models::ClusterHub hub;
    ui::WindowSet set(&hub, options);
    QPointer<ui::MainWindow> first = set.open();
    QTRY_VERIFY_WITH_TIMEOUT(test::firstClusterSynced(hub), 30000);
    models::ClusterConnection *connection = hub.clusters().front();
    k8s::ClusterSession *session = connection->session();
    const QString cluster = connection->name();
    QPointer<ui::MainWindow> second = set.newWindow();
    first->showPane(QStringLiteral("gpusPane"));
    second->showPane(QStringLiteral("jobsPane"));
    second->clusterTree()->setUnchecked({cluster});
    models::NotificationModel *notifications = first->notifications();
    QCOMPARE(paneTitle(*first, QStringLiteral("nodesPane")), QStringLiteral("Nodes"));
    QVERIFY(first->openWork().isEmpty());
    QVERIFY(
        !test::saveScreenshot(*first, QStringLiteral("language-before-en.png"), catalogues.path())
             .isEmpty());

    // Chinese, from the preferences: nothing is open that reopening would end, so no question.
    QSignalSpy reopened(&set, &ui::WindowSet::windowsReopened);
    ui::Preferences::Values values = set.preferences()->values();
    values.language = QStringLiteral("zh_CN");
    set.preferences()->apply(values);
    QVERIFY(reopened.wait(10000));
    QCOMPARE(ui::Translations::installed(), QStringLiteral("zh_CN"));
    QTRY_VERIFY(first.isNull() && second.isNull()); // the old windows are gone
    QCOMPARE(set.windows().size(), 2);
    ui::MainWindow *zhFirst = set.windows().at(0);
    ui::MainWindow *zhSecond = set.windows().at(1);
    QVERIFY(zhFirst->isPrimary());
    QCOMPARE(zhFirst->layoutKey(), QStringLiteral("window"));
    QCOMPARE(zhSecond->layoutKey(), QStringLiteral("window2"));
    const QString nodesZh = paneTitle(*zhFirst, QStringLiteral("nodesPane"));
    QCOMPARE(nodesZh, QCoreApplication::translate("cubedesk::ui::MainWindow", "Nodes"));
    QVERIFY2(nodesZh != QLatin1String("Nodes"), qPrintable(nodesZh));
    QCOMPARE(zhFirst->menuBar()->actions().size(), zhSecond->menuBar()->actions().size());
    // Each window kept its pane and scope; the hub kept its connection and cache.
    QCOMPARE(currentPane(*zhFirst), QStringLiteral("gpusPane"));
    QCOMPARE(currentPane(*zhSecond), QStringLiteral("jobsPane"));
    QCOMPARE(zhSecond->clusterTree()->unchecked(), QStringList{cluster});
    QVERIFY(showsPanes(*zhFirst));
    QVERIFY(!showsPanes(*zhSecond));
    // Pictures of the reopened window to look at (CUBEDESK_SCREENSHOT_DIR keeps them).
    QVERIFY(!test::saveScreenshot(*zhFirst, QStringLiteral("language-reopened-zh.png"),
                                  catalogues.path())
                 .isEmpty());
    QCOMPARE(hub.clusters().size(), 1);
    QCOMPARE(hub.clusters().front(), connection);
    QCOMPARE(connection->session(), session);
    QCOMPARE(zhFirst->notifications(), notifications);
    QCOMPARE(zhSecond->notifications(), notifications);

    // Automatic balancing would end with the window: the user is asked, and may keep it.
    zhFirst->balanceAdvisor()->setAutoBalance(cluster, true, 10);
    QVERIFY(zhFirst->balanceAdvisor()->autoBalance(cluster));
    QCOMPARE(zhFirst->openWork().size(), 1);
    answerReopenQuestion(QMessageBox::RejectRole);
    QVERIFY(!set.reopenWindows());
    QCOMPARE(set.windows().at(0), zhFirst);
    QVERIFY(zhFirst->balanceAdvisor()->autoBalance(cluster));

    // Or reopen now: English again.
    answerReopenQuestion(QMessageBox::AcceptRole);
    values.language = QStringLiteral("en");
    set.preferences()->apply(values);
    QVERIFY(reopened.wait(10000));
    QCOMPARE(set.windows().size(), 2);
    QCOMPARE(paneTitle(*set.windows().at(0), QStringLiteral("nodesPane")), QStringLiteral("Nodes"));
    QCOMPARE(currentPane(*set.windows().at(1)), QStringLiteral("jobsPane"));
    set.quit();
    QTRY_VERIFY(set.windows().isEmpty());
}

QTEST_MAIN(WindowsTest)
#include "windows_test.moc"
