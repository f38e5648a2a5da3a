// The window against a live simulator (offscreen): panes fill from the real client, the filter
// takes label selectors, a label edit goes through the review and lands on the cluster (checked
// with kubectl), undo restores it, a 409 re-reads and asks again, and --read-only disables every
// write with a reason.

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/modelroles.h"
#include "models/nodetablemodel.h"
#include "models/orgboardmodel.h"
#include "models/orgsummary.h"
#include "models/sortfilterindex.h"
#include "tests/support/process.h"
#include "tests/support/simprocess.h"
#include "tests/support/testwindow.h"
#include "ui/boardpane.h"
#include "ui/labeleditordialog.h"
#include "ui/mainwindow.h"
#include "ui/nodedetailpanel.h"
#include "ui/nodespane.h"
#include "ui/orgcolumnwidget.h"
#include "widgets/labelchipseditor.h"

#include <QApplication>
#include <QListView>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <QTimer>
#include <QToolButton>

using namespace cubedesk;
using cubedesk::test::SimProcess;

class WindowTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void panesFillFromTheCluster();
    void filterTakesLabelSelectors();
    void labelEditReviewApplyAndUndo();
    void conflictRereadsAndAsksAgain();
    void dumpOrgsMatchesTheBoard();
    void readOnlyDisablesWrites();
    void cleanupTestCase();

private:
    std::string kubectl(std::vector<std::string> args);
    void startWindow(bool readOnly = false);
    /// Runs `action` (which opens a modal dialog) and hands the dialog to `answer`.
    template <class Dialog>
    void answerModal(const std::function<void()> &action,
                     const std::function<void(Dialog *)> &answer);

    std::unique_ptr<SimProcess> m_sim;
    std::unique_ptr<models::ClusterHub> m_hub;
    std::unique_ptr<ui::MainWindow> m_window;
};

std::string WindowTest::kubectl(std::vector<std::string> args) {
    const auto r = m_sim->kubectl(std::move(args));
    if (r.exitCode != 0)
        qWarning("kubectl failed: %s", r.err.c_str());
    return r.out;
}

void WindowTest::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    m_sim = std::make_unique<SimProcess>(std::vector<std::string>{"--scenario", "demo"});
    QVERIFY2(m_sim->ready(), m_sim->error().c_str());
}

void WindowTest::startWindow(bool readOnly) {
    m_window.reset();
    m_hub = std::make_unique<models::ClusterHub>();
    m_window = test::openTestWindow(m_hub.get(), m_sim->kubeconfig(), readOnly);
    QTRY_VERIFY_WITH_TIMEOUT(test::firstClusterSynced(*m_hub), 30000);
    // The access review answers right after sync.
    QTRY_VERIFY_WITH_TIMEOUT(readOnly ||
                                 m_window->nodesPane()
                                     ->findChild<QToolButton *>(QStringLiteral("editLabelsButton"))
                                     ->isEnabled(),
                             10000);
}

template <class Dialog>
void WindowTest::answerModal(const std::function<void()> &action,
                             const std::function<void(Dialog *)> &answer) {
    bool answered = false;
    QTimer poll;
    poll.setInterval(20);
    connect(&poll, &QTimer::timeout, this, [&] {
        auto *d = qobject_cast<Dialog *>(QApplication::activeModalWidget());
        if (!d || answered)
            return;
        answered = true;
        answer(d);
    });
    poll.start();
    action();
    QTRY_VERIFY_WITH_TIMEOUT(answered, 10000);
}

void WindowTest::panesFillFromTheCluster() {
    startWindow();
    auto *nodes = m_window->nodesPane();
    const std::string names = kubectl({"get", "nodes", "-o", "name"});
    const int expected = static_cast<int>(std::count(names.begin(), names.end(), '\n'));
    QVERIFY(expected > 10);
    QTRY_COMPARE(nodes->proxy()->rowCount(), expected);
    // Sorted by name (the default), so the first row is the smallest name.
    QStringList shown;
    for (int r = 0; r < nodes->proxy()->rowCount(); ++r)
        shown << nodes->proxy()->index(r, models::NodeTableModel::NameColumn).data().toString();
    QStringList sorted = shown;
    sorted.sort();
    QCOMPARE(shown, sorted);
    // The board shows the cluster's orgs with the numbers --dump orgs prints.
    auto *board = m_window->boardModel();
    QTRY_VERIFY(board->cluster() != nullptr);
    QVERIFY(board->orgs().contains(QStringLiteral("vision")));
    QVERIFY(board->orgs().contains(QStringLiteral("public")));
    QVERIFY(m_window->boardPane()->column(QStringLiteral("vision")) != nullptr);
    // The detail panel shows the selected node and its YAML (fetched on demand).
    nodes->selectNode(m_hub->clusters().front()->name(), QStringLiteral("gpu-a100-public-1"));
    QCOMPARE(nodes->detail()->node(), QStringLiteral("gpu-a100-public-1"));
    QTRY_VERIFY_WITH_TIMEOUT(nodes->detail()->yamlText().contains(QStringLiteral("kind: Node")),
                             10000);
    QVERIFY(!nodes->detail()->yamlText().contains(QStringLiteral("managedFields")));
}

void WindowTest::filterTakesLabelSelectors() {
    auto *nodes = m_window->nodesPane();
    const std::string vision =
        kubectl({"get", "nodes", "-l", "org in (vision,speech),gpu=true", "-o", "name"});
    const int expected = static_cast<int>(std::count(vision.begin(), vision.end(), '\n'));
    QVERIFY(expected > 0);
    nodes->setFilterText(QStringLiteral("org in (vision,speech),gpu=true"));
    QCOMPARE(nodes->proxy()->rowCount(), expected);
    nodes->setFilterText(QStringLiteral("gpu-a100-public"));
    QVERIFY(nodes->proxy()->rowCount() >= 1);
    for (int r = 0; r < nodes->proxy()->rowCount(); ++r)
        QVERIFY(nodes->proxy()->index(r, 1).data().toString().contains(
            QStringLiteral("gpu-a100-public")));
    nodes->setFilterText(QStringLiteral("org in (vision"));
    QCOMPARE(nodes->proxy()->rowCount(), 0);
    nodes->setFilterText({});
}

void WindowTest::labelEditReviewApplyAndUndo() {
    auto *nodes = m_window->nodesPane();
    const QString cluster = m_hub->clusters().front()->name();
    nodes->selectNode(cluster, QStringLiteral("gpu-a100-public-1"));
    QSignalSpy reported(m_window.get(), &ui::MainWindow::writeReported);
    answerModal<ui::LabelEditorDialog>(
        [&] { m_window->editSelectedLabels(); },
        [](ui::LabelEditorDialog *d) {
            QVERIFY(d->editor()->setLabel(QStringLiteral("team"), QStringLiteral("ml")));
            QVERIFY(d->review());
            d->findChild<QPushButton *>(QStringLiteral("applyButton"))->click();
        });
    QTRY_COMPARE_WITH_TIMEOUT(reported.size(), 1, 15000);
    const auto outcome = reported[0][0].value<models::NodeWriteController::Outcome>();
    QCOMPARE(outcome.failed(), 0);
    QCOMPARE(
        kubectl({"get", "node", "gpu-a100-public-1", "-o", "jsonpath={.metadata.labels.team}"}),
        std::string("ml"));
    // The cache follows through the watch, and undo removes the label again.
    QTRY_VERIFY_WITH_TIMEOUT(
        m_hub->clusters().front()->store().node("gpu-a100-public-1")->labels().value("team") ==
            std::optional<std::string_view>("ml"),
        10000);
    QVERIFY(m_window->writes()->canUndo());
    QVERIFY(m_window->writes()->undo());
    QTRY_COMPARE_WITH_TIMEOUT(reported.size(), 2, 15000);
    QCOMPARE(
        kubectl({"get", "node", "gpu-a100-public-1", "-o", "jsonpath={.metadata.labels.team}"}),
        std::string());
}

void WindowTest::conflictRereadsAndAsksAgain() {
    auto *nodes = m_window->nodesPane();
    const QString cluster = m_hub->clusters().front()->name();
    nodes->selectNode(cluster, QStringLiteral("gpu-a100-public-1"));
    QSignalSpy reported(m_window.get(), &ui::MainWindow::writeReported);
    bool retried = false;
    answerModal<ui::LabelEditorDialog>(
        [&] { m_window->editSelectedLabels(); },
        [&](ui::LabelEditorDialog *d) {
            QVERIFY(d->editor()->setLabel(QStringLiteral("owner"), QStringLiteral("alice")));
            QVERIFY(d->review()); // planned on the cached resourceVersion
            // Someone else changes the node meanwhile.
            kubectl({"label", "node", "gpu-a100-public-1", "owner=bob", "--overwrite"});
            // The retry dialog comes after the 409: answer it too.
            const QString firstTitle = d->windowTitle();
            QTimer::singleShot(0, this, [this, firstTitle, &retried] {
                QTimer *poll = new QTimer(this);
                connect(poll, &QTimer::timeout, this, [firstTitle, &retried, poll] {
                    auto *again =
                        qobject_cast<ui::LabelEditorDialog *>(QApplication::activeModalWidget());
                    if (!again || again->windowTitle() == firstTitle)
                        return;
                    poll->deleteLater();
                    retried = true;
                    again->findChild<QPushButton *>(QStringLiteral("applyButton"))->click();
                });
                poll->start(20);
            });
            d->findChild<QPushButton *>(QStringLiteral("applyButton"))->click();
        });
    QTRY_VERIFY_WITH_TIMEOUT(reported.size() >= 2, 20000);
    const auto first = reported[0][0].value<models::NodeWriteController::Outcome>();
    QCOMPARE(first.failed(), 1);
    QVERIFY(first.results.front().conflict);
    QVERIFY(first.retryPlan.has_value());
    QVERIFY(retried);
    const auto second = reported[1][0].value<models::NodeWriteController::Outcome>();
    QCOMPARE(second.failed(), 0);
    QCOMPARE(
        kubectl({"get", "node", "gpu-a100-public-1", "-o", "jsonpath={.metadata.labels.owner}"}),
        std::string("alice"));
    kubectl({"label", "node", "gpu-a100-public-1", "owner-"});
}

void WindowTest::dumpOrgsMatchesTheBoard() {
    // `cubedesk --dump orgs` and the board must print the same numbers (docs/platform.md).
    const auto r =
        cubedesk::test::Process::run({SimProcess::appBinary(), "--dump", "orgs", "--format", "tsv",
                                      "--kubeconfig", m_sim->kubeconfig()},
                                     std::chrono::seconds(60));
    QVERIFY2(r.exitCode == 0, r.err.c_str());
    const QStringList lines =
        QString::fromStdString(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY(lines.size() > 2);
    const QStringList header = lines.front().split(QLatin1Char('\t'));
    const auto column = [&](const char *name) { return header.indexOf(QLatin1String(name)); };
    auto *board = m_window->boardModel();
    int compared = 0;
    for (const QString &line : lines.mid(1)) {
        const QStringList f = line.split(QLatin1Char('\t'));
        const QModelIndex org = board->orgIndex(f[column("org")]);
        QVERIFY2(org.isValid(), qPrintable(f[column("org")]));
        const auto s = org.data(models::OrgSummaryRole).value<models::OrgSummary>();
        QCOMPARE(s.nodes, f[column("nodes")].toInt());
        QCOMPARE(s.readyNodes, f[column("nodes_ready")].toInt());
        QCOMPARE(s.pendingPods, f[column("pending_pods")].toInt());
        QCOMPARE(s.gpus.used, f[column("gpu_requested")].toDouble());
        QCOMPARE(s.gpus.total, f[column("gpu_allocatable")].toDouble());
        QCOMPARE(s.cpu.total, f[column("cpu_allocatable")].toDouble());
        QCOMPARE(s.cpu.used, f[column("cpu_requested")].toDouble());
        ++compared;
    }
    QCOMPARE(compared, board->orgs().size());
}

void WindowTest::readOnlyDisablesWrites() {
    startWindow(true);
    auto *edit =
        m_window->nodesPane()->findChild<QToolButton *>(QStringLiteral("editLabelsButton"));
    QVERIFY(!edit->isEnabled());
    QVERIFY(edit->toolTip().contains(QStringLiteral("read-only")));
    auto *move = m_window->boardPane()->findChild<QToolButton *>(QStringLiteral("moveToButton"));
    QVERIFY(!move->isEnabled());
    QVERIFY(!move->toolTip().isEmpty());
    // Cards cannot be dragged, and the controller refuses even when asked directly.
    auto *column = m_window->boardPane()->column(QStringLiteral("public"));
    QVERIFY(column);
    QVERIFY(!column->list()->dragEnabled());
    auto *c = m_hub->clusters().front();
    const auto plan = models::NodeWriteController::plan(c, {QStringLiteral("gpu-a100-public-1")},
                                                        {{"org", std::string("vision")}});
    QVERIFY(
        !m_window->writes()->apply(c, plan, {{"org", std::string("vision")}}, QStringLiteral("t")));
}

void WindowTest::cleanupTestCase() {
    m_window.reset();
    m_hub.reset();
    m_sim.reset();
}

QTEST_MAIN(WindowTest)
#include "window_test.moc"
