// Every pane says why it is empty instead of showing an empty table: against a simulator that
// serves no nodes and no job kinds (the "empty" scenario without the built-in CRDs) the Nodes,
// Jobs, Quotas, GPUs and Pending panes name their own reason; a filter that hides every row says
// so; a cluster that cannot be reached is named with its error; and rows take the message away.
// Screenshots of the empty panes (CUBEDESK_SCREENSHOT_DIR, else a temporary folder).
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "tests/support/screenshot.h"
#include "tests/support/simprocess.h"
#include "tests/support/testwindow.h"
#include "ui/gpuspane.h"
#include "ui/jobspane.h"
#include "ui/mainwindow.h"
#include "ui/nodespane.h"
#include "ui/pendingpane.h"
#include "ui/quotaspane.h"
#include "widgets/emptystateoverlay.h"

#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QTableView>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace cubedesk;

class EmptyStatesTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void eachPaneSaysWhyItIsEmpty();
    void aFilterThatHidesEverythingSaysSo();
    void anUnreachableClusterIsNamedWithItsError();

private:
    void shoot(QWidget &widget, const QString &name);
    QTemporaryDir m_dir;
};

namespace {

widgets::EmptyStateOverlay *overlayOf(QWidget *view) {
    // The overlay is a child of the view's viewport.
    return view->findChild<widgets::EmptyStateOverlay *>();
}

} // namespace

void EmptyStatesTest::shoot(QWidget &widget, const QString &name) {
    QVERIFY(!test::saveScreenshot(widget, name, m_dir.filePath(QStringLiteral("shots"))).isEmpty());
}

void EmptyStatesTest::eachPaneSaysWhyItIsEmpty() {
    test::SimProcess sim({"--scenario", "empty", "--no-builtin-crds"});
    QVERIFY2(sim.ready(), sim.error().c_str());
    models::ClusterHub hub;
    auto window = test::openTestWindow(&hub, sim.kubeconfig());
    window->resize(1280, 800);
    QTRY_VERIFY_WITH_TIMEOUT(test::firstClusterSynced(hub), 30000);

    auto *nodes = overlayOf(window->nodesPane()->view());
    QVERIFY(nodes);
    window->showPane(QStringLiteral("nodesPane"));
    QTRY_VERIFY(nodes->showing());
    QCOMPARE(nodes->title(), QStringLiteral("The clusters in scope have no nodes."));
    shoot(*window, QStringLiteral("empty-nodes.png"));

    window->showPane(QStringLiteral("jobsPane"));
    auto *jobs = overlayOf(window->jobsPane()->view());
    QVERIFY(jobs);
    // Discovery has settled (synced includes it): the cluster serves none of the job kinds.
    QTRY_COMPARE(jobs->title(), QStringLiteral("The clusters in scope serve no job kinds."));
    QVERIFY(jobs->showing());
    QVERIFY(jobs->hint().contains(QStringLiteral("Kubeflow")));
    shoot(*window, QStringLiteral("empty-jobs.png"));

    window->showPane(QStringLiteral("quotasPane"));
    auto *quotas = overlayOf(window->quotasPane()->view());
    QVERIFY(quotas);
    QTRY_VERIFY(quotas->showing());
    QCOMPARE(quotas->title(), QStringLiteral("The clusters in scope have no quotas."));

    auto *gpus = window->findChild<ui::GpusPane *>();
    QVERIFY(gpus);
    window->showPane(gpus->objectName());
    auto *inventory = overlayOf(gpus->inventoryView());
    QVERIFY(inventory);
    QTRY_VERIFY(inventory->showing());
    QCOMPARE(inventory->title(), QStringLiteral("The clusters in scope have no GPU nodes."));
    shoot(*window, QStringLiteral("empty-gpus.png"));

    auto *pending = window->findChild<ui::PendingPane *>();
    QVERIFY(pending);
    window->showPane(pending->objectName());
    auto *pendingEmpty = overlayOf(pending->pendingView());
    QVERIFY(pendingEmpty);
    QTRY_VERIFY(pendingEmpty->showing());
    QCOMPARE(pendingEmpty->title(), QStringLiteral("Nothing is pending."));

    // A node arrives: the Nodes overlay goes by itself.
    const auto created = sim.kubectl(
        {"create", "--validate=false", "-f", "-"}, std::chrono::seconds(60),
        std::string(R"({"apiVersion":"v1","kind":"Node","metadata":{"name":"late-node"}})"));
    QVERIFY2(created.exitCode == 0, created.err.c_str());
    window->showPane(QStringLiteral("nodesPane"));
    QTRY_VERIFY_WITH_TIMEOUT(!nodes->showing(), 20000);
    QVERIFY(nodes->title().isEmpty());
}

void EmptyStatesTest::aFilterThatHidesEverythingSaysSo() {
    test::SimProcess sim({"--scenario", "demo", "--seed", "5"});
    QVERIFY2(sim.ready(), sim.error().c_str());
    models::ClusterHub hub;
    auto window = test::openTestWindow(&hub, sim.kubeconfig());
    QTRY_VERIFY_WITH_TIMEOUT(test::firstClusterSynced(hub), 30000);
    auto *nodes = overlayOf(window->nodesPane()->view());
    QTRY_VERIFY(window->nodesPane()->view()->model()->rowCount() > 0);
    QVERIFY(!nodes->showing());
    window->nodesPane()->setFilterText(QStringLiteral("no-such-node-anywhere"));
    QTRY_VERIFY(nodes->showing());
    QCOMPARE(nodes->title(), QStringLiteral("Nothing matches “no-such-node-anywhere”."));
    window->nodesPane()->setFilterText({});
    QTRY_VERIFY(!nodes->showing());
}

void EmptyStatesTest::anUnreachableClusterIsNamedWithItsError() {
    // A context whose server refuses connections (a closed loopback port).
    const QString path = m_dir.filePath(QStringLiteral("closed.yaml"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("apiVersion: v1\nkind: Config\nclusters:\n- name: closed\n  cluster: {server: "
            "\"https://127.0.0.1:9\"}\nusers:\n- name: u\n  user: {token: \"t\"}\ncontexts:\n"
            "- name: closed\n  context: {cluster: closed, user: u}\ncurrent-context: closed\n");
    f.close();
    models::ClusterHub hub;
    auto window = test::openTestWindow(&hub, path.toStdString());
    window->resize(1280, 800);
    window->showPane(QStringLiteral("nodesPane"));
    auto *nodes = overlayOf(window->nodesPane()->view());
    QVERIFY(nodes);
    QTRY_VERIFY(nodes->showing());
    // First it waits, then — once the connection failed — it names the cluster and the error.
    QTRY_VERIFY_WITH_TIMEOUT(nodes->title() == QStringLiteral("A cluster in scope cannot be read."),
                             30000);
    QVERIFY2(nodes->hint().startsWith(QStringLiteral("closed: ")), qPrintable(nodes->hint()));
    shoot(*window, QStringLiteral("empty-unreachable.png"));
}

QTEST_MAIN(EmptyStatesTest)
#include "emptystates_test.moc"
