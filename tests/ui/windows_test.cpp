// Several windows over one hub (WindowSet): a new window shows the clusters at once from the
// shared caches — the same connection and session, no second watch — with a scope and pane of
// its own; automatic balancing stays with the first window; the windows open at quit come back
// with their layouts, scope and pane; a window closed while others stay open does not.
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "tests/support/simprocess.h"
#include "tests/support/testwindow.h"
#include "ui/balancebar.h"
#include "ui/boardpane.h"
#include "ui/clustertree.h"
#include "ui/mainwindow.h"
#include "ui/nodespane.h"
#include "ui/windowset.h"

#include <QCheckBox>
#include <QSettings>
#include <QStackedWidget>
#include <QTableView>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace cubedesk;

class WindowsTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void aNewWindowSharesTheConnections();

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

QTEST_MAIN(WindowsTest)
#include "windows_test.moc"
