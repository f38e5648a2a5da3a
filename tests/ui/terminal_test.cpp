// The terminal dock offscreen against the simulator (demo scenario): a terminal opens from a
// job's pods table (Ctrl+Shift+T), echoes typed commands, follows the widget's size (stty size
// and a full-screen `top` redrawn at the new size, read back from libvterm's screen), reports a
// non-zero exit code and reconnects; a read-only user is told RBAC refuses, and a deleted pod
// ends its session saying so. Screenshots are written for people to look at.

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/terminal/terminalscreen.h"
#include "models/terminalsession.h"
#include "tests/support/demologpods.h"
#include "tests/support/screenshot.h"
#include "tests/support/simprocess.h"
#include "tests/support/testwindow.h"
#include "tests/ui/chinesecatalogue.h"
#include "ui/jobdetailpanel.h"
#include "ui/jobspane.h"
#include "ui/mainwindow.h"
#include "ui/podactionmenu.h"
#include "ui/terminaldock.h"
#include "ui/terminalpanel.h"
#include "widgets/terminalview.h"

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTabWidget>
#include <QTest>
#include <QTranslator>

using namespace cubedesk;
using cubedesk::test::SimProcess;
using State = models::TerminalSession::State;

namespace {

/// The live screen's rows as text (trailing blanks trimmed).
QStringList screenLines(models::TerminalScreen *screen) {
    QStringList out;
    for (int r = 0; r < screen->rows(); ++r)
        out << screen->text(QPoint(0, r), QPoint(screen->columns() - 1, r));
    return out;
}

bool screenShows(models::TerminalScreen *screen, const QString &text) {
    return screenLines(screen).join(QLatin1Char('\n')).contains(text);
}

/// The scrollback and the screen, for messages written before a screenful of output.
QString everything(models::TerminalScreen *screen) {
    return screen->text(QPoint(0, -screen->scrollbackLines()),
                        QPoint(screen->columns() - 1, screen->rows() - 1));
}

void type(models::TerminalScreen *screen, const QString &text) {
    screen->sendText(text);
}

} // namespace

class TerminalUiTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void aTerminalOpensFromTheJobsPods();
    void itFollowsTheWidgetsSize();
    void aNonZeroExitIsReportedAndReconnectStartsAgain();
    void aReadOnlyUserIsToldWhy();
    void aDeletedPodEndsItsSession();
    void theTerminalSpeaksChinese();
    void cleanupTestCase();

private:
    QString screenshotDir() const {
        return test::screenshotDir(QString::fromStdString(m_sim->dir().path()));
    }
    void shoot(const QString &name) {
        QVERIFY(!test::saveScreenshot(*m_window, name, QString::fromStdString(m_sim->dir().path()))
                     .isEmpty());
    }
    ui::TerminalPanel *current() const {
        return qobject_cast<ui::TerminalPanel *>(m_window->terminalDock()->tabs()->currentWidget());
    }

    std::unique_ptr<SimProcess> m_sim;
    std::unique_ptr<models::ClusterHub> m_hub;
    std::unique_ptr<ui::MainWindow> m_window;
    QString m_cluster;
};

void TerminalUiTest::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().remove(QStringLiteral("terminal")); // sh, the default font
    m_sim = std::make_unique<SimProcess>(std::vector<std::string>{
        "--scenario", "demo", "--readonly-token", "viewer-token-9", "--seed", "7"});
    QVERIFY2(m_sim->ready(), m_sim->error().c_str());
    m_hub = std::make_unique<models::ClusterHub>();
    m_window = test::openTestWindow(m_hub.get(), m_sim->kubeconfig());
    m_window->resize(1400, 900);
    QTRY_VERIFY_WITH_TIMEOUT(test::firstClusterSynced(*m_hub), 30000);
    m_cluster = m_hub->clusters().front()->name();
}

void TerminalUiTest::aTerminalOpensFromTheJobsPods() {
    m_window->showPane(QStringLiteral("jobsPane"));
    QTRY_VERIFY(
        m_window->jobsPane()->selectJob(m_cluster, QStringLiteral("pytorch-resnet50-vision")));
    auto *detail = m_window->jobsPane()->findChild<ui::JobDetailPanel *>();
    QVERIFY(detail != nullptr);
    QTableWidget *pods = detail->podsTable();
    QTRY_VERIFY(pods->rowCount() >= 2);
    for (int r = 0; r < pods->rowCount(); ++r)
        if (pods->item(r, 0)->text() == QString::fromStdString(test::kDemoMasterPod))
            pods->setCurrentCell(r, 0);
    QAction *open = nullptr;
    for (QAction *a : pods->actions())
        if (a->shortcut() == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T))
            open = a;
    QVERIFY(open != nullptr);
    open->trigger();

    ui::TerminalDock *dock = m_window->terminalDock();
    QVERIFY(dock->isVisible());
    QCOMPARE(dock->tabs()->count(), 1);
    ui::TerminalPanel *panel = current();
    QVERIFY(panel != nullptr);
    QTRY_VERIFY(panel->session() != nullptr);
    QTRY_COMPARE_WITH_TIMEOUT(panel->session()->state(), State::Open, 15000);
    models::TerminalScreen *screen = panel->session()->screen();
    QTRY_VERIFY2(screenShows(screen, QStringLiteral("#")), // the prompt, "# ", trimmed
                 qPrintable(QString::number(panel->session()->bytesReceived()) + QLatin1Char(' ') +
                            screenLines(screen).join(QLatin1Char('|'))));
    type(screen, QStringLiteral("echo hello from the terminal\r"));
    QTRY_VERIFY(screenShows(screen, QStringLiteral("\nhello from the terminal")));
    type(screen, QStringLiteral("nvidia-smi\r"));
    QTRY_VERIFY(screenShows(screen, QStringLiteral("NVIDIA-SMI")) ||
                everything(screen).contains(QStringLiteral("NVIDIA-SMI")));
    QTest::qWait(200); // let the view paint its last change
    shoot(QStringLiteral("terminal-nvidia-smi.png"));
}

void TerminalUiTest::itFollowsTheWidgetsSize() {
    ui::TerminalPanel *panel = current();
    QVERIFY(panel != nullptr);
    models::TerminalScreen *screen = panel->session()->screen();
    widgets::TerminalView *view = panel->view();
    type(screen, QStringLiteral("clear\r"));
    type(screen, QStringLiteral("stty size\r"));
    const QString size =
        QString::number(view->rows()) + QLatin1Char(' ') + QString::number(view->columns());
    QTRY_VERIFY2(screenShows(screen, size), qPrintable(screenLines(screen).join(QLatin1Char('|'))));

    type(screen, QStringLiteral("top\r"));
    QTRY_VERIFY(screen->altScreen());
    QTRY_VERIFY(screenShows(screen, QStringLiteral("PID USER")));
    // Narrower and shorter: the screen, the remote terminal and top's frame follow.
    // Moved to the right side and made narrower and taller, as a user drags it.
    ui::TerminalDock *dock = m_window->terminalDock();
    const int wideColumns = view->columns();
    const int shortRows = view->rows();
    m_window->addDockWidget(Qt::RightDockWidgetArea, dock);
    dock->show();
    m_window->resizeDocks({dock}, {dock->minimumSizeHint().width()}, Qt::Horizontal);
    QTRY_VERIFY2(view->columns() < wideColumns && view->rows() > shortRows,
                 qPrintable(QStringLiteral("%1x%2 from %3x%4")
                                .arg(view->columns())
                                .arg(view->rows())
                                .arg(wideColumns)
                                .arg(shortRows)));
    const int cols = view->columns();
    const int rows = view->rows();
    QCOMPARE(screen->columns(), cols);
    QTRY_VERIFY2(screenLines(screen).first().startsWith(QStringLiteral("top - ")),
                 qPrintable(screenLines(screen).join(QLatin1Char('|'))));
    // top redraws exactly `rows` lines, none wider than the terminal: the last row is top's.
    QTRY_VERIFY(screenLines(screen).size() == rows &&
                screenLines(screen).join(QString()).contains(QStringLiteral("top")));
    QTest::qWait(1200); // one refresh at the new size
    const QStringList frame = screenLines(screen);
    for (const QString &line : frame)
        QVERIFY2(line.size() <= cols, qPrintable(line));
    QVERIFY(frame.join(QLatin1Char('\n')).contains(QStringLiteral("PID USER")));
    shoot(QStringLiteral("terminal-top-resized.png"));
    m_window->terminalDock()->grab().save(screenshotDir() + QStringLiteral("/terminal-dock.png"));
    type(screen, QStringLiteral("q"));
    QTRY_VERIFY(!screen->altScreen());
    m_window->addDockWidget(Qt::BottomDockWidgetArea, dock);
    dock->show();
}

void TerminalUiTest::aNonZeroExitIsReportedAndReconnectStartsAgain() {
    ui::TerminalPanel *panel = current();
    models::TerminalSession *session = panel->session();
    type(session->screen(), QStringLiteral("exit 3\r"));
    QTRY_COMPARE_WITH_TIMEOUT(session->state(), State::Ended, 10000);
    QCOMPARE(session->exitCode(), 3);
    QVERIFY2(session->message().contains(QStringLiteral("code 3")), qPrintable(session->message()));
    QTRY_VERIFY(screenShows(session->screen(), QStringLiteral("exited with code 3")));
    auto *reconnect = panel->findChild<QPushButton *>(QStringLiteral("terminalReconnect"));
    QVERIFY(reconnect != nullptr && reconnect->isEnabled());
    QVERIFY(m_window->terminalDock()->tabs()->tabText(0).contains(QStringLiteral("ended")));
    reconnect->click();
    QTRY_COMPARE_WITH_TIMEOUT(session->state(), State::Open, 15000);
    type(session->screen(), QStringLiteral("echo again\r"));
    QTRY_VERIFY(screenShows(session->screen(), QStringLiteral("\nagain")));
}

void TerminalUiTest::aReadOnlyUserIsToldWhy() {
    models::ClusterConnection *readonly = nullptr;
    for (auto *c : m_hub->clusters())
        if (c->name().contains(QStringLiteral("readonly")))
            readonly = c;
    QVERIFY(readonly != nullptr);
    QTRY_VERIFY_WITH_TIMEOUT(readonly->session() != nullptr && readonly->synced(), 30000);
    ui::TerminalPanel *panel = m_window->terminalDock()->openPod(
        readonly, QStringLiteral("pipeline"), QString::fromStdString(test::kDemoMasterPod));
    QTRY_VERIFY(panel->session() != nullptr);
    QTRY_COMPARE_WITH_TIMEOUT(panel->session()->state(), State::Ended, 15000);
    QVERIFY2(panel->session()->message().contains(QStringLiteral("RBAC does not allow create")),
             qPrintable(panel->session()->message()));
    auto *state = panel->findChild<QLabel *>(QStringLiteral("terminalState"));
    QVERIFY(state->text().contains(QStringLiteral("pods/exec")));
    shoot(QStringLiteral("terminal-forbidden.png"));
}

void TerminalUiTest::aDeletedPodEndsItsSession() {
    // A notebook pod that nothing recreates: its terminal ends when it is deleted.
    const auto pods = m_sim->kubectl(
        {"get", "pods", "-n", "pipeline", "-o", "jsonpath={.items[*].metadata.name}"});
    QString victim;
    for (const QString &name : QString::fromStdString(pods.out).split(QLatin1Char(' ')))
        if (name.contains(QStringLiteral("worker-1")))
            victim = name;
    QVERIFY2(!victim.isEmpty(), pods.out.c_str());
    ui::TerminalPanel *panel = m_window->terminalDock()->openPod(
        m_hub->clusters().front(), QStringLiteral("pipeline"), victim);
    QTRY_VERIFY(panel->session() != nullptr);
    QTRY_COMPARE_WITH_TIMEOUT(panel->session()->state(), State::Open, 15000);
    const auto deleted =
        m_sim->kubectl({"delete", "pod", "-n", "pipeline", victim.toStdString(), "--wait=false"});
    QCOMPARE(deleted.exitCode, 0);
    QTRY_COMPARE_WITH_TIMEOUT(panel->session()->state(), State::Ended, 15000);
    QVERIFY2(panel->session()->message().contains(QStringLiteral("deleted")),
             qPrintable(panel->session()->message()));
}

void TerminalUiTest::theTerminalSpeaksChinese() {
    QTranslator translator;
    const QString why = test::loadChineseCatalogue(translator);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QVERIFY(QCoreApplication::installTranslator(&translator));
    ui::TerminalPanel *panel =
        m_window->terminalDock()->openPod(m_hub->clusters().front(), QStringLiteral("service"),
                                          QString::fromStdString(test::kDemoInferencePod));
    QCOMPARE(panel->findChild<QPushButton *>(QStringLiteral("terminalReconnect"))->text(),
             QStringLiteral("重新连接"));
    QTRY_VERIFY(panel->session() != nullptr);
    // The annotated default container, chosen as kubectl chooses it.
    QCOMPARE(panel->findChild<QComboBox *>(QStringLiteral("terminalContainer"))->currentText(),
             QStringLiteral("main"));
    QTRY_COMPARE_WITH_TIMEOUT(panel->session()->state(), State::Open, 15000);
    auto *state = panel->findChild<QLabel *>(QStringLiteral("terminalState"));
    QCOMPARE(state->text(), QStringLiteral("已连接"));
    models::TerminalScreen *screen = panel->session()->screen();
    type(screen, QStringLiteral("echo 你好，终端\r"));
    QTRY_VERIFY(screenShows(screen, QStringLiteral("\n你好，终端")));
    type(screen, QStringLiteral("exit 2\r"));
    QTRY_COMPARE_WITH_TIMEOUT(panel->session()->state(), State::Ended, 10000);
    QCOMPARE(state->text(), QStringLiteral("命令已退出，退出码 2。"));
    QTRY_VERIFY2(screenShows(screen, QStringLiteral("[命令已退出，退出码 2。]")),
                 qPrintable(screenLines(screen).join(QLatin1Char('|'))));
    QVERIFY(m_window->terminalDock()
                ->tabs()
                ->tabText(m_window->terminalDock()->tabs()->currentIndex())
                .contains(QStringLiteral("已结束")));
    QTest::qWait(200);
    QVERIFY(m_window->terminalDock()->grab().save(screenshotDir() +
                                                  QStringLiteral("/terminal-zh.png")));
    QCoreApplication::removeTranslator(&translator);
}

void TerminalUiTest::cleanupTestCase() {
    m_window.reset();
    m_hub.reset();
    m_sim.reset();
}

QTEST_MAIN(TerminalUiTest)
#include "terminal_test.moc"
