// The balancing advisor against cubedesk-sim (offscreen window, no X pointer): a cluster loaded
// from manifests — org alpha full (3 × 8 cores, 7 requested each) with a pod pending for CPU
// since long ago, org beta nearly empty. "Suggest" proposes moving beta's least-loaded node into
// alpha (the pending-driven rule), shown as a ghost card in alpha's column; "Apply" goes through
// the drag-and-drop path (the move preview, answered here; the label patch; undo available);
// kubectl, an independent client, sees org=alpha on the node and the pending pod scheduled on
// it; the audit has the move with its result and the notifications panel reports it. Then
// auto-balance's run on the new state proposes nothing (the gap closed).

#include "models/balanceadvisor.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/modelroles.h"
#include "models/notificationmodel.h"
#include "models/orgboardmodel.h"
#include "models/writeauditmodel.h"
#include "tests/support/simprocess.h"
#include "ui/balancebar.h"
#include "ui/boardpane.h"
#include "ui/mainwindow.h"
#include "ui/movepreviewdialog.h"

#include <QApplication>
#include <QDialog>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>
#include <QToolButton>

#include <memory>

using cubedesk::models::ClusterConnection;
using cubedesk::models::ClusterHub;
using cubedesk::test::SimProcess;
using cubedesk::ui::MainWindow;

namespace {

std::string node(const std::string &name, const std::string &org, int index) {
    return "apiVersion: v1\nkind: Node\nmetadata:\n  name: " + name +
           "\n  labels:\n    org: " + org +
           "\n    cpu: \"true\"\n    train: \"true\"\n    kubernetes.io/hostname: " + name +
           "\nstatus:\n  allocatable: {cpu: \"8\", memory: 32Gi, pods: \"110\"}\n"
           "  capacity: {cpu: \"8\", memory: 32Gi, pods: \"110\"}\n  addresses:\n"
           "  - {type: InternalIP, address: 10.0.0." +
           std::to_string(index) + "}\n  - {type: Hostname, address: " + name +
           "}\n  conditions:\n  - {type: Ready, status: \"True\", reason: KubeletReady, message: "
           "ok}\n";
}

std::string pod(const std::string &name, const std::string &ns, const std::string &org,
                const std::string &cpu, const std::string &nodeName) {
    std::string s = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: " + name +
                    "\n  namespace: " + ns +
                    "\n  creationTimestamp: \"2026-01-01T00:00:00Z\"\nspec:\n  nodeSelector: "
                    "{org: " +
                    org + ", cpu: \"true\", train: \"true\"}\n";
    if (!nodeName.empty())
        s += "  nodeName: " + nodeName + "\n";
    s += "  containers:\n  - name: main\n    image: busybox\n    resources:\n      requests: {cpu: "
         "\"" +
         cpu + "\", memory: 1Gi}\n      limits: {cpu: \"" + cpu + "\", memory: 1Gi}\n";
    if (!nodeName.empty())
        s += "status:\n  phase: Running\n";
    return s;
}

std::string manifests() {
    std::string out;
    for (const char *ns : {"pipeline", "jupyter", "service", "automl"})
        out += std::string("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ") + ns + "\n---\n";
    int index = 1;
    for (const std::string org : {"alpha", "beta"})
        for (int i = 1; i <= 3; ++i)
            out += node("cpu-" + org + '-' + std::to_string(i), org, index++) + "---\n";
    for (int i = 1; i <= 3; ++i)
        out += pod("train-alpha-" + std::to_string(i), "pipeline", "alpha", "7",
                   "cpu-alpha-" + std::to_string(i)) +
               "---\n";
    out += pod("notebook-beta-1", "jupyter", "beta", "1", "cpu-beta-2") + "---\n";
    out += pod("train-alpha-waiting", "pipeline", "alpha", "4", "");
    return out;
}

} // namespace

class BalanceTest final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void suggestionAppliedSchedulesThePendingPod();
};

void BalanceTest::suggestionAppliedSchedulesThePendingPod() {
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("kubectl")).isEmpty(),
             "kubectl is not installed: it checks the simulator independently");
    // The manifests go into a directory of their own, loaded with --load.
    const QString dir =
        QDir::tempPath() +
        QStringLiteral("/cubedesk-balance-test-%1").arg(QCoreApplication::applicationPid());
    QDir().mkpath(dir);
    {
        QFile f(dir + QStringLiteral("/cluster.yaml"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(manifests()));
    }
    SimProcess sim({"--scenario", "empty", "--load", dir.toStdString()});
    QVERIFY2(sim.ready(), sim.error().c_str());
    const auto kubectl = [&](std::vector<std::string> args) {
        const auto r = sim.kubectl(std::move(args));
        if (r.exitCode != 0)
            qWarning("kubectl failed (%d): %s", r.exitCode, r.err.c_str());
        return QString::fromStdString(r.out);
    };
    const std::vector<std::string> waitingNode = {
        "get", "pod", "-n", "pipeline", "train-alpha-waiting", "-o", "jsonpath={.spec.nodeName}"};
    QCOMPARE(kubectl(waitingNode), QString()); // pending: alpha is full

    ClusterHub hub;
    MainWindow::Options options;
    options.kubeconfigs = {QString::fromStdString(sim.kubeconfig())};
    options.remember = false;
    MainWindow window(&hub, options);
    window.resize(1400, 860);
    window.show();
    QTRY_COMPARE_WITH_TIMEOUT(hub.clusters().size(), qsizetype(1), 10000);
    ClusterConnection *cluster = hub.clusters().first();
    QTRY_VERIFY2_WITH_TIMEOUT(cluster->synced(), qPrintable(cluster->freshness().text), 60000);
    QTRY_VERIFY2_WITH_TIMEOUT(cluster->writeBlockedReason().isEmpty(),
                              qPrintable(cluster->writeBlockedReason()), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(cluster->store().pod("pipeline/train-alpha-waiting") != nullptr,
                             30000);
    window.showPane(QStringLiteral("boardPane"));
    QCOMPARE(window.boardModel()->cluster(), cluster);

    // Suggest: one run proposes cpu-beta-1 (0 of 8 cores, the least-loaded of beta) for the
    // pod pending in alpha.
    auto *bar = window.boardPane()->balanceBar();
    window.suggestBalance(1);
    const auto *result = window.balanceAdvisor()->suggestion(cluster->name());
    QVERIFY(result);
    QCOMPARE(result->moves.size(), std::size_t(1));
    const auto &move = result->moves.front();
    QCOMPARE(move.node, std::string("cpu-beta-1"));
    QCOMPARE(move.fromOrg, std::string("beta"));
    QCOMPARE(move.toOrg, std::string("alpha"));
    QCOMPARE(move.reason, cubedesk::k8s::RebalancePlanner::Reason::PendingPod);
    QCOMPARE(move.pendingPod, std::string("pipeline/train-alpha-waiting"));
    QVERIFY(move.podWouldFit);
    QVERIFY(bar->applyButton()->isEnabled());
    QVERIFY(bar->summaryLabel()->text().contains(QStringLiteral("cpu-beta-1")));
    auto *board = window.boardModel();
    const QModelIndex alpha = board->orgIndex(QStringLiteral("alpha"));
    QCOMPARE(board->ghostCount(), 1);
    const QModelIndex ghost = board->index(board->rowCount(alpha) - 1, 0, alpha);
    QVERIFY(ghost.data(cubedesk::models::BalanceGhostRole).isValid());
    QCOMPARE(ghost.data(cubedesk::models::NodeNameRole).toString(), QStringLiteral("cpu-beta-1"));

    // Apply: the drag-and-drop path opens the move preview; accept it from inside its loop.
    QString previewText;
    QTimer answer;
    answer.setInterval(50);
    connect(&answer, &QTimer::timeout, &window, [&] {
        auto *dialog =
            qobject_cast<cubedesk::ui::MovePreviewDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        previewText = dialog->text();
        answer.stop();
        dialog->accept();
    });
    answer.start();
    QSignalSpy reported(&window, &MainWindow::writeReported);
    QVERIFY(window.applySuggestion());
    QVERIFY2(previewText.contains(QStringLiteral("train-alpha-waiting")), qPrintable(previewText));
    QCOMPARE(board->ghostCount(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(reported.count(), 1, 30000);
    QVERIFY(window.writes()->canUndo());

    // The cluster, asked with kubectl: the node is in alpha and the pod runs on it.
    QCOMPARE(kubectl({"get", "node", "cpu-beta-1", "-o", "jsonpath={.metadata.labels.org}"}),
             QStringLiteral("alpha"));
    QTRY_COMPARE_WITH_TIMEOUT(kubectl(waitingNode), QStringLiteral("cpu-beta-1"), 30000);
    QTRY_COMPARE_WITH_TIMEOUT(kubectl({"get", "pod", "-n", "pipeline", "train-alpha-waiting", "-o",
                                       "jsonpath={.status.phase}"}),
                              QStringLiteral("Running"), 30000);

    // Audit and notification.
    auto *audit = window.balanceAudit();
    QCOMPARE(audit->rowCount(), 1);
    QCOMPARE(audit->entry(0).target, QStringLiteral("cpu-beta-1"));
    QCOMPARE(audit->entry(0).fromOrg, QStringLiteral("beta"));
    QCOMPARE(audit->entry(0).mode, cubedesk::models::WriteAuditModel::Mode::Suggestion);
    QTRY_COMPARE_WITH_TIMEOUT(audit->entry(0).result, QStringLiteral("done"), 10000);
    auto *notifications = window.notifications();
    bool movedReported = false;
    for (int r = 0; r < notifications->rowCount(); ++r)
        movedReported = movedReported || notifications->entry(r).title ==
                                             QStringLiteral("Node cpu-beta-1 moved to alpha");
    QVERIFY(movedReported);

    // Once the watch shows the pod running in alpha, one more run of the rule moves nothing:
    // alpha (4 nodes, 25/32) and beta (2 nodes) — beta takes no part any more.
    QTRY_VERIFY_WITH_TIMEOUT(cluster->store().pod("pipeline/train-alpha-waiting") &&
                                 cluster->store().pod("pipeline/train-alpha-waiting")->phase() ==
                                     cubedesk::k8s::Pod::Phase::Running,
                             30000);
    QSignalSpy autoMoves(window.balanceAdvisor(),
                         &cubedesk::models::BalanceAdvisor::autoMoveProposed);
    QVERIFY(!window.balanceAdvisor()->runOnce(cluster->name()));
    QCOMPARE(autoMoves.count(), 0);
    QDir(dir).removeRecursively();
}

QTEST_MAIN(BalanceTest)
#include "balance_test.moc"
