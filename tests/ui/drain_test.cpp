// Drain… in the window, offscreen against the simulator (demo scenario): the preview of a GPU
// node names the PyTorchJob that loses a replica, what that does, its GPUs, the budget that
// blocks and the pods that need a choice; options re-plan at once; the run blocks on the budget
// visibly, Cancel leaves the node cordoned, Undo uncordons it, and the audit lists both; a
// master whose CoreDNS replica is within its budget drains. In Chinese too. Screenshots are
// written for people to look at.

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/draincontroller.h"
#include "models/nodewritecontroller.h"
#include "models/writeauditmodel.h"
#include "tests/support/screenshot.h"
#include "tests/support/simprocess.h"
#include "tests/support/testwindow.h"
#include "tests/ui/chinesecatalogue.h"
#include "ui/draindialog.h"
#include "ui/mainwindow.h"
#include "ui/nodespane.h"
#include "ui/tainteditordialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QCoreApplication>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTest>
#include <QTimer>
#include <QTranslator>
#include <QTreeWidget>

using namespace cubedesk;
using cubedesk::test::SimProcess;

namespace {

const QString kGpuNode = QStringLiteral("gpu-a100-vision-2");

QString cell(QTableWidget *t, int row, int column) {
    auto *item = t->item(row, column);
    return item ? item->text() : QString();
}

/// The row of `t` whose first cell contains `text`, or -1.
int rowWith(QTableWidget *t, const QString &text) {
    for (int r = 0; r < t->rowCount(); ++r)
        if (cell(t, r, 0).contains(text))
            return r;
    return -1;
}

} // namespace

class DrainUiTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void thePreviewNamesTheJobTheBudgetAndTheChoices();
    void theRunBlocksOnTheBudgetCancelKeepsItCordonedAndUndoUncordons();
    void aMasterWithinItsBudgetDrains();
    void taintsAreReviewedWrittenAndUndone();
    void theDialogSpeaksChinese();
    void cleanupTestCase();

private:
    ui::DrainDialog *openDrain(const QString &node) {
        m_window->showPane(QStringLiteral("nodesPane"));
        m_window->nodesPane()->selectNode(m_cluster, node);
        m_window->drainSelected();
        ui::DrainDialog *dialog = nullptr;
        for (auto *d : m_window->findChildren<ui::DrainDialog *>())
            if (d->isVisible() && d->runId() == 0)
                dialog = d;
        return dialog;
    }
    void shoot(QWidget &widget, const QString &name) {
        QVERIFY(!test::saveScreenshot(widget, name, QString::fromStdString(m_sim->dir().path()))
                     .isEmpty());
    }
    std::string kubectlOut(std::vector<std::string> args) {
        return m_sim->kubectl(std::move(args)).out;
    }

    std::unique_ptr<SimProcess> m_sim;
    std::unique_ptr<models::ClusterHub> m_hub;
    std::unique_ptr<ui::MainWindow> m_window;
    QString m_cluster;
};

void DrainUiTest::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    m_sim = std::make_unique<SimProcess>(std::vector<std::string>{"--scenario", "demo"});
    QVERIFY2(m_sim->ready(), m_sim->error().c_str());
    m_hub = std::make_unique<models::ClusterHub>();
    m_window = test::openTestWindow(m_hub.get(), m_sim->kubeconfig());
    m_window->resize(1400, 900);
    QTRY_VERIFY_WITH_TIMEOUT(test::firstClusterSynced(*m_hub), 30000);
    m_cluster = m_hub->clusters().front()->name();
    QTRY_VERIFY_WITH_TIMEOUT(m_hub->clusters().front()->writeBlockedReason().isEmpty(), 20000);
}

void DrainUiTest::thePreviewNamesTheJobTheBudgetAndTheChoices() {
    ui::DrainDialog *dialog = openDrain(kGpuNode);
    QVERIFY(dialog != nullptr);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->plan().nodes.empty(), 20000);
    // kubectl's defaults: the DaemonSet pod and the worker's /dev/shm need a choice.
    auto *drain = dialog->findChild<QPushButton *>(QStringLiteral("drainButton"));
    QVERIFY(!drain->isEnabled());
    auto *refusals = dialog->findChild<QLabel *>(QStringLiteral("drainRefusals"));
    QVERIFY(refusals->isVisibleTo(dialog));
    QVERIFY2(refusals->text().contains(QStringLiteral("DaemonSet pod")) &&
                 refusals->text().contains(QStringLiteral("kube-system/nvidia-device-plugin")) &&
                 refusals->text().contains(
                     QStringLiteral("emptyDir data — choose “Delete emptyDir data”: "
                                    "pipeline/pytorch-resnet50-vision-worker-0")),
             qPrintable(refusals->text()));
    auto *jobs = dialog->findChild<QTableWidget *>(QStringLiteral("drainJobs"));
    const int job = rowWith(jobs, QStringLiteral("PyTorchJob pipeline/pytorch-resnet50-vision"));
    QVERIFY2(job >= 0, qPrintable(dialog->previewText()));
    QCOMPARE(cell(jobs, job, 1), QStringLiteral("1 of 2"));
    QCOMPARE(cell(jobs, job, 4), QStringLiteral("pytorch-resnet50-vision"));
    QVERIFY(cell(jobs, job, 5).contains(QStringLiteral("fails")));
    QVERIFY(cell(jobs, job, 2).toInt() > 0);
    auto *budgets = dialog->findChild<QTableWidget *>(QStringLiteral("drainBudgets"));
    const int budget = rowWith(budgets, QStringLiteral("pipeline/pytorch-resnet50-vision"));
    QVERIFY(budget >= 0);
    QCOMPARE(cell(budgets, budget, 1), QStringLiteral("0"));
    QVERIFY(cell(budgets, budget, 4).startsWith(QStringLiteral("Will block")));
    // The choices re-plan at once.
    dialog->findChild<QCheckBox *>(QStringLiteral("drainIgnoreDaemonSets"))->setChecked(true);
    dialog->findChild<QCheckBox *>(QStringLiteral("drainDeleteEmptyDir"))->setChecked(true);
    QVERIFY(drain->isEnabled());
    QVERIFY(!refusals->isVisibleTo(dialog));
    auto *pods = dialog->findChild<QTreeWidget *>(QStringLiteral("drainPods"));
    QVERIFY(pods->topLevelItemCount() >= 2);
    dialog->resize(1280, 800);
    shoot(*dialog, QStringLiteral("drain-preview.png"));
    dialog->close();
}

void DrainUiTest::theRunBlocksOnTheBudgetCancelKeepsItCordonedAndUndoUncordons() {
    ui::DrainDialog *dialog = openDrain(kGpuNode);
    QVERIFY(dialog != nullptr);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->plan().nodes.empty(), 20000);
    dialog->findChild<QCheckBox *>(QStringLiteral("drainIgnoreDaemonSets"))->setChecked(true);
    dialog->findChild<QCheckBox *>(QStringLiteral("drainDeleteEmptyDir"))->setChecked(true);
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("drainButton")),
                      Qt::LeftButton);
    QVERIFY(dialog->runId() != 0);
    auto *pods = dialog->findChild<QTableWidget *>(QStringLiteral("drainPodProgress"));
    const QString worker = QStringLiteral("pipeline/pytorch-resnet50-vision-worker-0");
    QTRY_VERIFY_WITH_TIMEOUT(
        rowWith(pods, worker) >= 0 &&
            cell(pods, rowWith(pods, worker), 2) ==
                models::DrainController::podStateText(k8s::DrainRun::PodState::Blocked),
        20000);
    QVERIFY(cell(pods, rowWith(pods, worker), 4)
                .contains(QStringLiteral("needs 2 healthy pods and has 2 currently")));
    dialog->resize(1280, 800);
    shoot(*dialog, QStringLiteral("drain-blocked.png"));
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("drainCancelButton")),
                      Qt::LeftButton);
    auto *undo = dialog->findChild<QPushButton *>(QStringLiteral("drainUndoButton"));
    QTRY_VERIFY_WITH_TIMEOUT(undo->isEnabled(), 10000);
    QCOMPARE(cell(pods, rowWith(pods, worker), 2),
             models::DrainController::podStateText(k8s::DrainRun::PodState::Cancelled));
    QCOMPARE(
        kubectlOut({"get", "node", kGpuNode.toStdString(), "-o", "jsonpath={.spec.unschedulable}"}),
        "true");
    QCOMPARE(kubectlOut({"get", "pod", "-n", "pipeline", "pytorch-resnet50-vision-worker-0", "-o",
                         "jsonpath={.status.phase}"}),
             "Running");
    QTest::mouseClick(undo, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(
        kubectlOut({"get", "node", kGpuNode.toStdString(), "-o", "jsonpath={.spec.unschedulable}"}),
        std::string(), 10000);
    // The audit lists the drain with its result, and the undo.
    models::WriteAuditModel *audit = m_window->balanceAudit();
    QTRY_VERIFY(audit->rowCount() >= 2);
    const auto &drainRow = audit->entry(audit->rowCount() - 2);
    QCOMPARE(drainRow.action, QStringLiteral("Drain"));
    QCOMPARE(drainRow.target, kGpuNode);
    QVERIFY(drainRow.result.contains(QStringLiteral("cancelled")));
    QCOMPARE(audit->entry(audit->rowCount() - 1).action, QStringLiteral("Uncordon"));
    dialog->close();
}

void DrainUiTest::aMasterWithinItsBudgetDrains() {
    const QString master = QString::fromStdString(
        kubectlOut({"get", "pod", "-n", "kube-system", "coredns-7db6d8ff4d-8xk2p", "-o",
                    "jsonpath={.spec.nodeName}"}));
    QVERIFY(!master.isEmpty());
    ui::DrainDialog *dialog = openDrain(master);
    QVERIFY(dialog != nullptr);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->plan().nodes.empty(), 20000);
    auto *drain = dialog->findChild<QPushButton *>(QStringLiteral("drainButton"));
    // Masters hold no DaemonSet pod here; their static pods are left without asking.
    QVERIFY2(drain->isEnabled(), qPrintable(dialog->previewText()));
    QTest::mouseClick(drain, Qt::LeftButton);
    auto *nodes = dialog->findChild<QTableWidget *>(QStringLiteral("drainNodeProgress"));
    QTRY_COMPARE_WITH_TIMEOUT(
        cell(nodes, 0, 1),
        models::DrainController::nodeStateText(k8s::DrainRun::NodeState::Drained), 30000);
    QCOMPARE(
        kubectlOut({"get", "pod", "-n", "kube-system", "coredns-7db6d8ff4d-8xk2p", "-o", "name"}),
        "");
    dialog->resize(1280, 800);
    shoot(*dialog, QStringLiteral("drain-done.png"));
    dialog->close();
}

void DrainUiTest::taintsAreReviewedWrittenAndUndone() {
    models::ClusterConnection *cluster = m_hub->clusters().front();
    const QStringList nodes{QStringLiteral("gpu-a100-vision-1"),
                            QStringLiteral("gpu-a100-public-1")};
    ui::TaintEditorDialog dialog(cluster, nodes, QString(), m_window.get());
    dialog.show();
    // A key that is not a label key blocks Apply and says why.
    dialog.addEdit({"bad key", "NoSchedule", std::string("x")});
    QVERIFY(!dialog.applyButton()->isEnabled());
    QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("taintErrors"))->isVisibleTo(&dialog));
    auto *changes = dialog.findChild<QListWidget *>(QStringLiteral("taintChanges"));
    Q_EMIT changes->itemDoubleClicked(changes->item(0));
    dialog.addEdit({"nvidia.com/gpu", "NoSchedule", std::string("present")});
    QVERIFY(dialog.applyButton()->isEnabled());
    const QString diff =
        dialog.findChild<QPlainTextEdit *>(QStringLiteral("taintDiff"))->toPlainText();
    QVERIFY2(
        diff.contains(QStringLiteral("gpu-a100-vision-1:\n  + nvidia.com/gpu=present:NoSchedule")),
        qPrintable(diff));
    QVERIFY(diff.contains(QStringLiteral("gpu-a100-public-1:")));
    shoot(dialog, QStringLiteral("taints.png"));
    // What Apply does in the window: one patch per node, under its resourceVersion.
    models::NodeWriteController *writes = m_window->writes();
    QSignalSpy done(writes, &models::NodeWriteController::finished);
    QVERIFY(writes->applyTaints(cluster, dialog.plan(), dialog.description()) != 0);
    QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 10000);
    for (const QString &n : nodes)
        QCOMPARE(kubectlOut({"get", "node", n.toStdString(), "-o",
                             "jsonpath={.spec.taints[?(@.key==\"nvidia.com/gpu\")].value}"}),
                 "present");
    // The cache follows, and Undo restores the taints the nodes had.
    QTRY_VERIFY_WITH_TIMEOUT(
        !models::NodeWriteController::currentTaints(cluster, nodes).front().taints.empty(), 10000);
    QVERIFY(writes->canUndo());
    QVERIFY(writes->undo() != 0);
    QTRY_COMPARE_WITH_TIMEOUT(done.count(), 2, 10000);
    for (const QString &n : nodes)
        QCOMPARE(kubectlOut({"get", "node", n.toStdString(), "-o", "jsonpath={.spec.taints}"}), "");

    // The editor reads the cache: wait until it has seen the undo (else the patch carries the
    // version from before it and rightly gets 409).
    QTRY_VERIFY_WITH_TIMEOUT(
        models::NodeWriteController::currentTaints(cluster, nodes).front().taints.empty(), 10000);
    // The window's own path (Nodes ▸ Edit taints…): the write is audited with its result.
    m_window->showPane(QStringLiteral("nodesPane"));
    m_window->nodesPane()->selectNode(m_cluster, nodes.front());
    QTimer::singleShot(0, this, [] {
        for (auto *w : QApplication::topLevelWidgets())
            if (auto *editor = qobject_cast<ui::TaintEditorDialog *>(w)) {
                editor->addEdit({"maintenance", "NoExecute", std::string()});
                editor->applyButton()->click();
            }
    });
    const int rows = m_window->balanceAudit()->rowCount();
    m_window->editSelectedTaints();
    QTRY_COMPARE_WITH_TIMEOUT(done.count(), 3, 10000);
    QCOMPARE(kubectlOut({"get", "node", nodes.front().toStdString(), "-o",
                         "jsonpath={.spec.taints[0].effect}"}),
             "NoExecute");
    models::WriteAuditModel *audit = m_window->balanceAudit();
    QCOMPARE(audit->rowCount(), rows + 1);
    const auto &row = audit->entry(rows);
    QCOMPARE(row.action, QStringLiteral("Taints"));
    QVERIFY2(row.reason.contains(QStringLiteral("maintenance:NoExecute")), qPrintable(row.reason));
    QTRY_VERIFY(!audit->entry(rows).result.isEmpty());
    QVERIFY2(audit->entry(rows).result.startsWith(QStringLiteral("done")),
             qPrintable(audit->entry(rows).result));
}

void DrainUiTest::theDialogSpeaksChinese() {
    QTranslator translator;
    const QString why = test::loadChineseCatalogue(translator);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QVERIFY(QCoreApplication::installTranslator(&translator));
    ui::DrainDialog *dialog = openDrain(kGpuNode);
    QVERIFY(dialog != nullptr);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->plan().nodes.empty(), 20000);
    QCOMPARE(dialog->findChild<QPushButton *>(QStringLiteral("drainButton"))->text(),
             QStringLiteral("排空"));
    auto *jobs = dialog->findChild<QTableWidget *>(QStringLiteral("drainJobs"));
    const int job = rowWith(jobs, QStringLiteral("pytorch-resnet50-vision"));
    QVERIFY(job >= 0);
    QVERIFY2(cell(jobs, job, 5).contains(QStringLiteral("失败")), qPrintable(cell(jobs, job, 5)));
    dialog->resize(1280, 800);
    shoot(*dialog, QStringLiteral("drain-preview-zh.png"));
    dialog->close();
    QCoreApplication::removeTranslator(&translator);
}

void DrainUiTest::cleanupTestCase() {
    m_window.reset();
    m_hub.reset();
    m_sim.reset();
}

QTEST_MAIN(DrainUiTest)
#include "drain_test.moc"
