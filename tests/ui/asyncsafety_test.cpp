// Callbacks of requests in flight never reach a closed dialog or panel (run under ASan by the
// test command: a call on freed memory fails the test), and a write's outcome still reaches the
// status bar and the log when the dialog that asked is gone. The simulator delays every request
// (`--faults delay:ms=…`) so that each close happens while the request is surely in flight; the
// tests check that it was.

#include "k8s/write/nodewrites.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/quotatablemodel.h"
#include "models/sortfilterindex.h"
#include "tests/support/simprocess.h"
#include "tests/support/testwindow.h"
#include "ui/jobdetailpanel.h"
#include "ui/mainwindow.h"
#include "ui/nodedetailpanel.h"
#include "ui/quotaeditdialog.h"
#include "ui/quotaspane.h"

#include <QLoggingCategory>
#include <QPointer>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTableWidget>
#include <QTest>

#include <memory>
#include <mutex>

using namespace cubedesk;
using cubedesk::test::SimProcess;

namespace {

// What the `cubedesk.models.writes` category logged, in order.
std::mutex g_logMutex;
QStringList g_writeLog;
QtMessageHandler g_previousHandler = nullptr;

void captureWrites(QtMsgType type, const QMessageLogContext &context, const QString &text) {
    if (context.category != nullptr && qstrcmp(context.category, "cubedesk.models.writes") == 0) {
        const std::lock_guard lock(g_logMutex);
        g_writeLog << text;
    }
    if (g_previousHandler != nullptr)
        g_previousHandler(type, context, text);
}

bool logged(const QString &needle) {
    const std::lock_guard lock(g_logMutex);
    return std::any_of(g_writeLog.begin(), g_writeLog.end(),
                       [&](const QString &line) { return line.contains(needle); });
}

} // namespace

class AsyncSafetyTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void resultsForADestroyedContextAreDropped();
    void quotaDialogClosedWhileItsPatchIsInFlight();
    void jobDetailPanelDestroyedWhileItsReadsAreInFlight();
    void nodeDetailPanelDestroyedWhileItsReadIsInFlight();
    void cleanupTestCase();

private:
    models::ClusterConnection *cluster() const { return m_hub->clusters().front(); }
    void waitForIdleWrites();

    std::unique_ptr<SimProcess> m_sim;
    std::unique_ptr<models::ClusterHub> m_hub;
    std::unique_ptr<ui::MainWindow> m_window;
};

void AsyncSafetyTest::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QLoggingCategory::setFilterRules(QStringLiteral("cubedesk.models.writes.info=true"));
    g_previousHandler = qInstallMessageHandler(captureWrites);
    // Every request waits 700 ms on the server: long enough to close a dialog in between.
    m_sim = std::make_unique<SimProcess>(
        std::vector<std::string>{"--scenario", "demo", "--faults", "delay:ms=700"});
    QVERIFY2(m_sim->ready(), m_sim->error().c_str());
    m_hub = std::make_unique<models::ClusterHub>();
    m_window = test::openTestWindow(m_hub.get(), m_sim->kubeconfig());
    QTRY_VERIFY_WITH_TIMEOUT(test::firstClusterSynced(*m_hub), 60000);
    // Writes are allowed once the access review answered.
    QTRY_VERIFY_WITH_TIMEOUT(cluster()->writeBlockedReason().isEmpty(), 30000);
    waitForIdleWrites();
}

void AsyncSafetyTest::waitForIdleWrites() {
    QTRY_COMPARE_WITH_TIMEOUT(cluster()->writesInFlight(), std::size_t(0), 30000);
}

void AsyncSafetyTest::resultsForADestroyedContextAreDropped() {
    int called = 0;
    auto *context = new QObject;
    cluster()->submit({k8s::NodeWrites::get("gpu-a100-public-1")}, context,
                      [&called](std::vector<k8s::WriteResult>) { ++called; });
    QCOMPARE(cluster()->writesInFlight(), std::size_t(1));
    delete context;
    waitForIdleWrites(); // the answer arrived and was dropped
    QCOMPARE(called, 0);

    // The same request with a live context is delivered (the test above can fail).
    QObject alive;
    cluster()->submit({k8s::NodeWrites::get("gpu-a100-public-1")}, &alive,
                      [&called](std::vector<k8s::WriteResult> r) { called += r.front().ok(); });
    QTRY_COMPARE_WITH_TIMEOUT(called, 1, 30000);
}

void AsyncSafetyTest::quotaDialogClosedWhileItsPatchIsInFlight() {
    m_window->showPane(QStringLiteral("quotasPane"));
    auto *pane = m_window->quotasPane();
    const auto *model = static_cast<const models::QuotaTableModel *>(pane->proxy()->sourceModel());
    QTRY_VERIFY_WITH_TIMEOUT(pane->proxy()->rowCount() > 0, 30000);
    int row = -1;
    for (int r = 0; r < pane->proxy()->rowCount() && row < 0; ++r) {
        const auto &q = model->row(pane->proxy()->mapToSource(pane->proxy()->index(r, 0)).row());
        if (q.quota.kind == k8s::QuotaRow::Kind::ResourceQuota && q.quota.ns == "pipeline" &&
            q.quota.resource == "requests.cpu")
            row = r;
    }
    QVERIFY(row >= 0);
    pane->view()->selectRow(row);
    QPointer<ui::QuotaEditDialog> dialog = pane->editSelected();
    QVERIFY(dialog);
    auto *table = dialog->table();
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, 0) && table->item(r, 0)->text() == QStringLiteral("requests.cpu"))
            table->item(r, 1)->setText(QStringLiteral("430"));
    QVERIFY2(dialog->error().isEmpty(), qPrintable(dialog->error()));
    dialog->apply();
    QCOMPARE(cluster()->writesInFlight(), std::size_t(1)); // the patch is on its way
    dialog->close();                                       // WA_DeleteOnClose
    QTRY_VERIFY(dialog.isNull());
    QVERIFY(cluster()->writesInFlight() > 0); // closed while the patch was in flight

    // The outcome reaches the status bar and the log all the same, and the cluster has it.
    QTRY_VERIFY_WITH_TIMEOUT(
        m_window->statusBar()->currentMessage().startsWith(QStringLiteral("Applied")), 30000);
    QVERIFY(logged(QStringLiteral("pipeline/pipeline-quota patched")));
    const auto hard = m_sim->kubectl({"get", "resourcequota", "-n", "pipeline", "pipeline-quota",
                                      "-o", "jsonpath={.spec.hard.requests\\.cpu}"});
    QCOMPARE(hard.out, std::string("430"));
}

void AsyncSafetyTest::jobDetailPanelDestroyedWhileItsReadsAreInFlight() {
    waitForIdleWrites();
    auto *c = cluster();
    QVERIFY(!c->store().jobs().empty());
    const QString key = QString::fromStdString(c->store().jobs().begin()->first);
    auto panel = std::make_unique<ui::JobDetailPanel>();
    panel->showJob(c, key);
    QVERIFY(c->writesInFlight() >= 1); // the YAML (and maybe the printer columns) on their way
    panel.reset();
    waitForIdleWrites(); // every answer came back, none was delivered to the freed panel

    // Kept alive, the same panel shows what the reads brought.
    auto kept = std::make_unique<ui::JobDetailPanel>();
    kept->showJob(c, key);
    QTRY_VERIFY_WITH_TIMEOUT(kept->yamlText().contains(QStringLiteral("kind:")), 30000);
}

void AsyncSafetyTest::nodeDetailPanelDestroyedWhileItsReadIsInFlight() {
    waitForIdleWrites();
    auto *c = cluster();
    auto panel = std::make_unique<ui::NodeDetailPanel>();
    panel->showNode(c, QStringLiteral("gpu-a100-public-1"));
    QCOMPARE(c->writesInFlight(), std::size_t(1));
    panel.reset();
    waitForIdleWrites();

    auto kept = std::make_unique<ui::NodeDetailPanel>();
    kept->showNode(c, QStringLiteral("gpu-a100-public-1"));
    QTRY_VERIFY_WITH_TIMEOUT(kept->yamlText().contains(QStringLiteral("kind: Node")), 30000);
}

void AsyncSafetyTest::cleanupTestCase() {
    m_window.reset();
    m_hub.reset();
    m_sim.reset();
    qInstallMessageHandler(g_previousHandler);
}

QTEST_MAIN(AsyncSafetyTest)
#include "asyncsafety_test.moc"
