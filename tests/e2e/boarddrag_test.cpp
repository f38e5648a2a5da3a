// End to end under Xvfb: the CubeDesk window against a cubedesk-sim child
// process (demo scenario, light churn). A node card is dragged with the real X pointer (xdotool)
// from its resource-group column onto another one; the preview says which pending pods would
// fit; Apply patches org=<target>; the simulator (asked with kubectl, an independent client)
// has the label and schedules the pending pod; Undo restores the label. The model's mime/drop
// path and the keyboard path (Ctrl+M, Move to…) are driven too.

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/modelroles.h"
#include "models/orgboardmodel.h"
#include "tests/support/simprocess.h"
#include "ui/boardpane.h"
#include "ui/mainwindow.h"
#include "ui/movepreviewdialog.h"
#include "ui/orgcolumnwidget.h"

#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QElapsedTimer>
#include <QInputDialog>
#include <QLineEdit>
#include <QListView>
#include <QMimeData>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>
#include <QToolButton>

#include <functional>
#include <memory>

using cubedesk::models::ClusterConnection;
using cubedesk::models::ClusterHub;
using cubedesk::models::NodeWriteController;
using cubedesk::models::OrgBoardModel;
using cubedesk::test::SimProcess;
using cubedesk::ui::MainWindow;

namespace {

const QString kNode = QStringLiteral("gpu-a100-public-1");
const QString kTarget = QStringLiteral("vision");
const QString kSource = QStringLiteral("public");
const std::string kPendingMaster = "pytorch-detr-vision-master-0";
const std::string kPendingWorker = "pytorch-detr-vision-worker-0";

/// Answers modal dialogs as they open. Modal dialogs run their own event loop inside whatever
/// the test was waiting in (QDrag::exec, QTest::qWait), so they are answered from a timer that
/// fires inside that loop. Each expectation names the dialog (objectName, or a class check)
/// and what to do with it; a modal that nobody expects is recorded and rejected so the test
/// fails with its name instead of hanging.
class ModalAnswerer final : public QObject {
public:
    struct Expectation {
        QString what;
        std::function<bool(QWidget *)> matches;
        std::function<void(QWidget *)> answer;
    };

    ModalAnswerer() {
        m_timer.setInterval(50);
        connect(&m_timer, &QTimer::timeout, this, &ModalAnswerer::poll);
        m_timer.start();
    }

    void expect(Expectation e) { m_queue.push_back(std::move(e)); }
    bool idle() const { return m_queue.empty(); }
    const QStringList &answered() const { return m_answered; }
    const QStringList &unexpected() const { return m_unexpected; }
    void reset() {
        m_queue.clear();
        m_answered.clear();
        m_unexpected.clear();
    }

private:
    void poll() {
        QWidget *modal = QApplication::activeModalWidget();
        if (!modal || modal == m_busy || !modal->isVisible())
            return;
        m_busy = modal;
        if (!m_queue.empty() && m_queue.front().matches(modal)) {
            Expectation e = std::move(m_queue.front());
            m_queue.erase(m_queue.begin());
            m_answered << e.what;
            e.answer(modal);
        } else {
            m_unexpected << QStringLiteral("%1 (%2) \"%3\"")
                                .arg(modal->objectName(),
                                     QString::fromLatin1(modal->metaObject()->className()),
                                     modal->windowTitle());
            if (auto *d = qobject_cast<QDialog *>(modal))
                d->reject();
            else
                modal->close();
        }
        m_busy = nullptr;
    }

    QTimer m_timer;
    std::vector<Expectation> m_queue;
    QStringList m_answered;
    QStringList m_unexpected;
    QWidget *m_busy = nullptr;
};

QString outputDir() {
    QString root = qEnvironmentVariable("CUBEDESK_BINARY_DIR");
    if (root.isEmpty())
        root = QDir::tempPath();
    const QString dir = root + QStringLiteral("/test-output/e2e");
    QDir().mkpath(dir);
    return dir;
}

} // namespace

class BoardDragTest final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void realDragMovesNodeAndSchedulesPendingPods();
    void undoRestoresOrg();
    void mimeDropPathRequestsMoveOnly();
    void keyboardMoveToAndUndo();
    void cleanupTestCase();

private:
    std::string kubectlOut(std::vector<std::string> args) const;
    QString orgOnCluster() const { return QString::fromStdString(kubectlOut(orgArgs())); }
    static std::vector<std::string> orgArgs() {
        return {"get", "node", kNode.toStdString(), "-o", "jsonpath={.metadata.labels.org}"};
    }
    /// The org column the board model shows the card in ("" when not shown).
    QString boardOrgOf(const QString &node) const;
    /// The card's index in the list view of `org`'s column (invalid when it is not there).
    QModelIndex cardInColumn(const QString &org, const QString &node) const;
    /// Waits for the cards' list views of both orgs (columns are rebuilt when orgs change).
    bool columnsShown(const QStringList &orgs) const;
    /// Answers the next move preview: records its text, clicks Apply (or Cancel).
    void expectPreview(bool apply);

    std::unique_ptr<SimProcess> m_sim;
    std::unique_ptr<ClusterHub> m_hub;
    std::unique_ptr<MainWindow> m_window;
    ModalAnswerer *m_answerer = nullptr;
    QString m_previewText;
    bool m_previewApplyEnabled = false;
    QElapsedTimer m_clock;
};

std::string BoardDragTest::kubectlOut(std::vector<std::string> args) const {
    const auto r = m_sim->kubectl(std::move(args), std::chrono::seconds(30));
    if (r.exitCode != 0)
        qWarning("kubectl failed (%d): %s", r.exitCode, r.err.c_str());
    return r.out;
}

QString BoardDragTest::boardOrgOf(const QString &node) const {
    const QModelIndex i = m_window->boardModel()->nodeIndex(node);
    return i.isValid() ? i.parent().data(cubedesk::models::OrgNameRole).toString() : QString();
}

QModelIndex BoardDragTest::cardInColumn(const QString &org, const QString &node) const {
    auto *column = m_window->boardPane()->column(org);
    if (!column)
        return {};
    QListView *list = column->list();
    const QModelIndex root = list->rootIndex();
    for (int r = 0; r < list->model()->rowCount(root); ++r) {
        const QModelIndex i = list->model()->index(r, 0, root);
        if (i.data(cubedesk::models::NodeNameRole).toString() == node)
            return i;
    }
    return {};
}

bool BoardDragTest::columnsShown(const QStringList &orgs) const {
    for (const auto &o : orgs) {
        auto *c = m_window->boardPane()->column(o);
        if (!c || !c->list()->isVisible())
            return false;
    }
    return true;
}

void BoardDragTest::expectPreview(bool apply) {
    m_previewText.clear();
    m_previewApplyEnabled = false;
    m_answerer->expect({QStringLiteral("movePreview"),
                        [](QWidget *w) { return w->objectName() == QLatin1String("movePreview"); },
                        [this, apply](QWidget *w) {
                            auto *dialog = qobject_cast<cubedesk::ui::MovePreviewDialog *>(w);
                            auto *button =
                                w->findChild<QPushButton *>(QStringLiteral("applyMoveButton"));
                            if (!dialog || !button) {
                                m_previewText =
                                    QStringLiteral("(preview without its Apply button)");
                                w->close();
                                return;
                            }
                            m_previewText = dialog->text();
                            m_previewApplyEnabled = button->isEnabled();
                            if (apply && button->isEnabled())
                                QTest::mouseClick(button, Qt::LeftButton);
                            else
                                dialog->reject();
                        }});
}

void BoardDragTest::initTestCase() {
    m_clock.start();
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY2(QGuiApplication::platformName() == QLatin1String("xcb"),
             qPrintable(QStringLiteral("this test drags with the real X pointer and must run under "
                                       "xvfb-run (platform is \"%1\")")
                            .arg(QGuiApplication::platformName())));
    QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("xdotool")).isEmpty(),
             "xdotool is not installed: it drives the real drag");
    QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("kubectl")).isEmpty(),
             "kubectl is not installed: it checks the simulator independently");

    m_sim = std::make_unique<SimProcess>(
        std::vector<std::string>{"--scenario", "demo", "--churn", "1"});
    QVERIFY2(m_sim->ready(), m_sim->error().c_str());
    // The demo as the simulator starts it.
    QCOMPARE(orgOnCluster(), kSource);
    QCOMPARE(QString::fromStdString(kubectlOut({"get", "pod", "-n", "pipeline", kPendingMaster,
                                                "-o", "jsonpath={.spec.nodeName}"})),
             QString());

    m_hub = std::make_unique<ClusterHub>();
    MainWindow::Options options;
    options.kubeconfigs = {QString::fromStdString(m_sim->kubeconfig())};
    options.remember = false;
    m_window = std::make_unique<MainWindow>(m_hub.get(), options);
    m_window->move(0, 0);
    m_window->resize(1580, 960);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));

    QTRY_COMPARE_WITH_TIMEOUT(m_hub->clusters().size(), qsizetype(1), 10000);
    ClusterConnection *cluster = m_hub->clusters().first();
    QTRY_VERIFY2_WITH_TIMEOUT(cluster->synced(), qPrintable(cluster->freshness().text), 60000);
    // Writes are allowed once the access review answered.
    QTRY_VERIFY2_WITH_TIMEOUT(cluster->writeBlockedReason().isEmpty(),
                              qPrintable(cluster->writeBlockedReason()), 30000);
    m_window->showPane(QStringLiteral("boardPane"));
    QCOMPARE(m_window->boardModel()->cluster(), cluster);
    QTRY_COMPARE_WITH_TIMEOUT(boardOrgOf(kNode), kSource, 30000);
    QTRY_VERIFY_WITH_TIMEOUT(columnsShown({kSource, kTarget}), 10000);

    m_answerer = new ModalAnswerer;
    m_answerer->setParent(this);
    qInfo("window up and synced after %lld ms", static_cast<long long>(m_clock.elapsed()));
}

void BoardDragTest::realDragMovesNodeAndSchedulesPendingPods() {
    QElapsedTimer t;
    t.start();
    m_answerer->reset();
    QSignalSpy reported(m_window.get(), &MainWindow::writeReported);
    auto *board = m_window->boardPane();

    // Source: the card's centre on screen; target: the vision column's list, below its cards.
    QListView *from = board->column(kSource)->list();
    QListView *to = board->column(kTarget)->list();
    const QModelIndex card = cardInColumn(kSource, kNode);
    QVERIFY(card.isValid());
    from->scrollTo(card);
    QTRY_VERIFY(from->viewport()->rect().contains(from->visualRect(card).center()));
    const QRect cardRect = from->visualRect(card);
    const QPoint start = from->viewport()->mapToGlobal(cardRect.center());
    const QRect toArea = to->viewport()->rect();
    QVERIFY(!toArea.isEmpty());
    const QPoint end = to->viewport()->mapToGlobal(
        QPoint(toArea.center().x(), toArea.bottom() - std::min(40, toArea.height() / 4)));
    // Both points really are on these widgets (nothing covers them, the columns are on screen).
    QCOMPARE(QApplication::widgetAt(start), from->viewport());
    QCOMPARE(QApplication::widgetAt(end), to->viewport());

    expectPreview(true);
    QStringList args{QStringLiteral("mousemove"), QStringLiteral("--sync"),
                     QString::number(start.x()),  QString::number(start.y()),
                     QStringLiteral("sleep"),     QStringLiteral("0.3"),
                     QStringLiteral("mousedown"), QStringLiteral("1"),
                     QStringLiteral("sleep"),     QStringLiteral("0.3")};
    const int steps = 16;
    for (int i = 1; i <= steps; ++i) {
        const QPoint p = start + (end - start) * i / steps;
        args << QStringLiteral("mousemove") << QString::number(p.x()) << QString::number(p.y())
             << QStringLiteral("sleep") << QStringLiteral("0.08");
    }
    // Linger on the target so the drop site sees the pointer settle, then release.
    args << QStringLiteral("mousemove") << QString::number(end.x() + 2)
         << QString::number(end.y() + 2) << QStringLiteral("sleep") << QStringLiteral("0.5")
         << QStringLiteral("mouseup") << QStringLiteral("1");
    QProcess xdotool;
    xdotool.setProcessChannelMode(QProcess::MergedChannels);
    xdotool.start(QStringLiteral("xdotool"), args);
    QVERIFY2(xdotool.waitForStarted(5000), qPrintable(xdotool.errorString()));
    // Keep the event loop spinning: the drag, the drop and the modal preview all run in it.
    QTRY_VERIFY_WITH_TIMEOUT(xdotool.state() == QProcess::NotRunning, 30000);
    QVERIFY2(xdotool.exitStatus() == QProcess::NormalExit && xdotool.exitCode() == 0,
             xdotool.readAll().constData());

    QTRY_VERIFY2_WITH_TIMEOUT(m_answerer->idle(),
                              "the move preview (movePreview) did not open after the drop", 15000);
    QVERIFY2(m_answerer->unexpected().isEmpty(),
             qPrintable(m_answerer->unexpected().join(QStringLiteral("; "))));
    qInfo().noquote() << "preview:\n" << m_previewText;
    QVERIFY(m_previewText.contains(kNode));
    QVERIFY(m_previewText.contains(QStringLiteral("%1 → %2").arg(kSource, kTarget)));
    // The pending pods of vision are listed as fitting (not under "Still pending").
    const qsizetype fit = m_previewText.indexOf(QStringLiteral("that would fit"));
    QVERIFY2(fit >= 0, "the preview has no \"would fit\" section");
    qsizetype fitEnd = m_previewText.indexOf(QStringLiteral("Still pending"), fit);
    if (fitEnd < 0)
        fitEnd = m_previewText.indexOf(QStringLiteral("Resource groups"), fit);
    QVERIFY(fitEnd > fit);
    const QString fitting = m_previewText.mid(fit, fitEnd - fit);
    QVERIFY2(fitting.contains(QString::fromStdString(kPendingMaster)), qPrintable(fitting));
    QVERIFY2(fitting.contains(QString::fromStdString(kPendingWorker)), qPrintable(fitting));
    QVERIFY(m_previewApplyEnabled);

    // Apply was clicked: the write reports, the watch moves the card, the cluster agrees.
    QTRY_COMPARE_WITH_TIMEOUT(reported.size(), qsizetype(1), 30000);
    const auto outcome = reported.first().first().value<NodeWriteController::Outcome>();
    QCOMPARE(outcome.failed(), 0);
    QCOMPARE(outcome.results.size(), std::size_t(1));
    QCOMPARE(outcome.results.front().node, kNode);
    QTRY_COMPARE_WITH_TIMEOUT(boardOrgOf(kNode), kTarget, 60000);
    QTRY_VERIFY_WITH_TIMEOUT(cardInColumn(kTarget, kNode).isValid(), 10000);
    QVERIFY(!cardInColumn(kSource, kNode).isValid());
    QTRY_COMPARE_WITH_TIMEOUT(orgOnCluster(), kTarget, 60000);
    // The simulator's scheduler binds the pending pod of vision to the moved node.
    QTRY_VERIFY_WITH_TIMEOUT(!kubectlOut({"get", "pod", "-n", "pipeline", kPendingMaster, "-o",
                                          "jsonpath={.spec.nodeName}"})
                                  .empty(),
                             60000);
    const std::string boundTo = kubectlOut(
        {"get", "pod", "-n", "pipeline", kPendingMaster, "-o", "jsonpath={.spec.nodeName}"});
    qInfo("%s scheduled on %s", kPendingMaster.c_str(), boundTo.c_str());
    QCOMPARE(QString::fromStdString(boundTo), kNode);

    // Keep a picture of the window for people to look at (grab() paints what the models hold
    // once the events already queued are handled).
    QCoreApplication::processEvents();
    const QString shot = outputDir() + QStringLiteral("/board-after-move.png");
    QVERIFY(m_window->grab().save(shot));
    qInfo("screenshot: %s; drag test took %lld ms", qPrintable(shot),
          static_cast<long long>(t.elapsed()));
}

void BoardDragTest::undoRestoresOrg() {
    QElapsedTimer t;
    t.start();
    m_answerer->reset();
    QSignalSpy reported(m_window.get(), &MainWindow::writeReported);
    QVERIFY(m_window->writes()->canUndo());
    QVERIFY(m_window->writes()->undo());
    QTRY_COMPARE_WITH_TIMEOUT(reported.size(), qsizetype(1), 30000);
    const auto outcome = reported.first().first().value<NodeWriteController::Outcome>();
    QVERIFY(outcome.undo);
    QCOMPARE(outcome.failed(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(orgOnCluster(), kSource, 60000);
    QTRY_COMPARE_WITH_TIMEOUT(boardOrgOf(kNode), kSource, 60000);
    QTRY_VERIFY_WITH_TIMEOUT(cardInColumn(kSource, kNode).isValid(), 10000);
    QVERIFY(!cardInColumn(kTarget, kNode).isValid());
    QVERIFY(!m_window->writes()->canUndo());
    QVERIFY(m_answerer->unexpected().isEmpty());
    qInfo("undo test took %lld ms", static_cast<long long>(t.elapsed()));
}

void BoardDragTest::mimeDropPathRequestsMoveOnly() {
    QElapsedTimer t;
    t.start();
    m_answerer->reset();
    OrgBoardModel *model = m_window->boardModel();
    const QString cluster = m_hub->clusters().first()->name();
    const QModelIndex node = model->nodeIndex(kNode);
    const QModelIndex source = model->orgIndex(kSource);
    const QModelIndex target = model->orgIndex(kTarget);
    QVERIFY(node.isValid() && source.isValid() && target.isValid());

    // Org rows alone do not drag; node rows drag as "cluster\nnode".
    QVERIFY(model->mimeTypes().contains(QLatin1String(OrgBoardModel::kMimeType)));
    QVERIFY(std::unique_ptr<QMimeData>(model->mimeData({source})) == nullptr);
    std::unique_ptr<QMimeData> data(model->mimeData({node, source}));
    QVERIFY(data);
    QCOMPARE(QString::fromUtf8(data->data(QLatin1String(OrgBoardModel::kMimeType))),
             cluster + QLatin1Char('\n') + kNode);
    const auto [decodedCluster, decodedNodes] = OrgBoardModel::decode(data.get());
    QCOMPARE(decodedCluster, cluster);
    QCOMPARE(decodedNodes, QStringList{kNode});

    // Dropping onto the node's own org (its column or a card in it) is no move.
    QVERIFY(!model->canDropMimeData(data.get(), Qt::MoveAction, -1, 0, source));
    QVERIFY(!model->canDropMimeData(data.get(), Qt::MoveAction, -1, 0, node));
    // Another cluster's cards are refused.
    QMimeData foreign;
    foreign.setData(QLatin1String(OrgBoardModel::kMimeType),
                    QByteArrayLiteral("some-other-cluster\n") + kNode.toUtf8());
    QVERIFY(!model->canDropMimeData(&foreign, Qt::MoveAction, -1, 0, target));
    QVERIFY(model->canDropMimeData(data.get(), Qt::MoveAction, -1, 0, target));
    // A card of the target column stands for the column.
    const QModelIndex targetCard = model->index(0, 0, target);
    QVERIFY(targetCard.isValid());
    QVERIFY(model->canDropMimeData(data.get(), Qt::MoveAction, -1, 0, targetCard));

    // The drop only asks: moveRequested, nothing moved, the preview opens (we cancel it) and
    // nothing is written.
    QSignalSpy requested(model, &OrgBoardModel::moveRequested);
    QSignalSpy reported(m_window.get(), &MainWindow::writeReported);
    expectPreview(false);
    QVERIFY(!model->dropMimeData(data.get(), Qt::MoveAction, -1, 0, targetCard));
    QCOMPARE(requested.size(), qsizetype(1));
    QCOMPARE(requested.first().at(0).toString(), cluster);
    QCOMPARE(requested.first().at(1).toStringList(), QStringList{kNode});
    QCOMPARE(requested.first().at(2).toString(), kTarget);
    QCOMPARE(boardOrgOf(kNode), kSource);
    QTRY_VERIFY2_WITH_TIMEOUT(m_answerer->idle(), "the move preview did not open", 15000);
    QVERIFY2(m_answerer->unexpected().isEmpty(),
             qPrintable(m_answerer->unexpected().join(QStringLiteral("; "))));
    QVERIFY(m_previewText.contains(QStringLiteral("%1 → %2").arg(kSource, kTarget)));
    QVERIFY(m_previewApplyEnabled);
    // Cancelled: no write at all (a cancelled preview sends nothing, so none can be in flight
    // once the dialog is gone), the label stays.
    QCOMPARE(reported.size(), qsizetype(0));
    QVERIFY(!m_window->writes()->busy());
    QCOMPARE(orgOnCluster(), kSource);
    QCOMPARE(boardOrgOf(kNode), kSource);
    qInfo("mime/drop test took %lld ms", static_cast<long long>(t.elapsed()));
}

void BoardDragTest::keyboardMoveToAndUndo() {
    QElapsedTimer t;
    t.start();
    m_answerer->reset();
    QSignalSpy reported(m_window.get(), &MainWindow::writeReported);
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    // Select the card with the keyboard's focus in its column, then Ctrl+M (Move to…).
    QListView *list = m_window->boardPane()->column(kSource)->list();
    const QModelIndex card = cardInColumn(kSource, kNode);
    QVERIFY(card.isValid());
    list->setFocus();
    list->selectionModel()->setCurrentIndex(card, QItemSelectionModel::ClearAndSelect);
    QCOMPARE(m_window->boardPane()->selectedNodes(), QStringList{kNode});

    m_answerer->expect({QStringLiteral("Move to… input"),
                        [](QWidget *w) { return qobject_cast<QInputDialog *>(w) != nullptr; },
                        [](QWidget *w) {
                            // Type the target org over the proposed one, then Enter.
                            auto *combo = w->findChild<QComboBox *>();
                            if (!combo || !combo->lineEdit()) {
                                w->close();
                                return;
                            }
                            combo->lineEdit()->selectAll();
                            QTest::keyClicks(combo->lineEdit(), kTarget);
                            QTest::keyClick(w, Qt::Key_Return);
                        }});
    expectPreview(true);
    QTest::keyClick(list, Qt::Key_M, Qt::ControlModifier);
    QTRY_VERIFY2_WITH_TIMEOUT(
        m_answerer->idle(),
        qPrintable(QStringLiteral("dialogs answered: %1").arg(m_answerer->answered().join(u','))),
        15000);
    QVERIFY2(m_answerer->unexpected().isEmpty(),
             qPrintable(m_answerer->unexpected().join(QStringLiteral("; "))));
    QVERIFY(m_previewText.contains(QStringLiteral("%1 → %2").arg(kSource, kTarget)));
    QTRY_COMPARE_WITH_TIMEOUT(reported.size(), qsizetype(1), 30000);
    QCOMPARE(reported.first().first().value<NodeWriteController::Outcome>().failed(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(orgOnCluster(), kTarget, 60000);
    QTRY_COMPARE_WITH_TIMEOUT(boardOrgOf(kNode), kTarget, 60000);

    // Undo through the board's own button this time.
    QToolButton *undo = nullptr;
    for (auto *b : m_window->boardPane()->findChildren<QToolButton *>())
        if (b->text() == QLatin1String("Undo move"))
            undo = b;
    QVERIFY(undo);
    QVERIFY(m_window->writes()->canUndo());
    QTRY_VERIFY(undo->isEnabled());
    QTest::mouseClick(undo, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(reported.size(), qsizetype(2), 30000);
    QVERIFY(reported.at(1).first().value<NodeWriteController::Outcome>().undo);
    QTRY_COMPARE_WITH_TIMEOUT(orgOnCluster(), kSource, 60000);
    QTRY_COMPARE_WITH_TIMEOUT(boardOrgOf(kNode), kSource, 60000);
    QVERIFY(m_answerer->unexpected().isEmpty());
    qInfo("keyboard test took %lld ms", static_cast<long long>(t.elapsed()));
}

void BoardDragTest::cleanupTestCase() {
    if (m_window)
        m_window->close();
    m_window.reset();
    m_hub.reset();
    if (m_sim && !m_sim->ready())
        qWarning("cubedesk-sim: %s", m_sim->stderrText().c_str());
    m_sim.reset();
    qInfo("whole run %lld ms", static_cast<long long>(m_clock.elapsed()));
}

QTEST_MAIN(BoardDragTest)
#include "boarddrag_test.moc"
