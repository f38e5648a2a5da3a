// The first run: the welcome page stands in for the panes while no cluster is in scope, and each
// of its ways in works — dropping a file, Use ~/.kube/config, Try the demo clusters, and back to
// the page when every cluster is unchecked. The status bar's summary is never covered by a
// message. Both languages, with screenshots (CUBEDESK_SCREENSHOT_DIR, else a temporary folder).
// No simulator: contexts point at a closed loopback port; what matters is that they are loaded.
#include "models/clusterhub.h"
#include "tests/support/screenshot.h"
#include "tests/ui/chinesecatalogue.h"
#include "ui/clustertree.h"
#include "ui/mainwindow.h"
#include "ui/welcomepage.h"

#include <QCoreApplication>
#include <QDir>
#include <QDropEvent>
#include <QFile>
#include <QLabel>
#include <QMimeData>
#include <QPushButton>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QTreeWidgetItemIterator>

#include <memory>

using namespace cubedesk;

namespace {

QByteArray kubeconfig(const QByteArray &context) {
    return "apiVersion: v1\nkind: Config\nclusters:\n- name: " + context +
           "\n  cluster: {server: \"https://127.0.0.1:9\"}\nusers:\n- name: u\n  user: {token: "
           "\"not-a-secret\"}\ncontexts:\n- name: " +
           context + "\n  context: {cluster: " + context +
           ", user: u}\ncurrent-context: " + context + "\n";
}

bool write(const QString &path, const QByteArray &bytes) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

bool showsWelcome(const ui::MainWindow &window) {
    auto *stack = qobject_cast<QStackedWidget *>(window.centralWidget());
    return stack && stack->currentWidget() == window.welcomePage() &&
           window.welcomePage()->isVisible();
}

QPushButton *button(const ui::MainWindow &window, const char *name) {
    return window.welcomePage()->findChild<QPushButton *>(QLatin1String(name));
}

QString reason(const ui::MainWindow &window) {
    return window.welcomePage()->findChild<QLabel *>(QStringLiteral("welcomeReason"))->text();
}

} // namespace

class WelcomeTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void aFirstRunShowsTheWelcomePage();
    void droppingAKubeconfigShowsThePanes();
    void useHomeKubeconfigLoadsIt();
    void theDemoClustersStartFromThePage();
    void theWelcomePageSpeaksChinese();

private:
    std::unique_ptr<ui::MainWindow> open(models::ClusterHub *hub, QStringList files = {},
                                         bool demo = true);
    void shoot(ui::MainWindow &window, const QString &name);

    QTemporaryDir m_home;
    int m_demoStarts = 0;
};

void WelcomeTest::initTestCase() {
    QVERIFY(m_home.isValid());
    // A machine without a kubeconfig: an empty home, no $KUBECONFIG.
    qputenv("HOME", m_home.path().toUtf8());
    qunsetenv("KUBECONFIG");
    QCoreApplication::setOrganizationName(QStringLiteral("cubedesk-test-welcome"));
}

std::unique_ptr<ui::MainWindow> WelcomeTest::open(models::ClusterHub *hub, QStringList files,
                                                  bool demo) {
    ui::MainWindow::Options options;
    options.remember = false;
    options.kubeconfigs = std::move(files);
    if (demo) {
        options.startDemo = [this](QString *) {
            ++m_demoStarts;
            const QString file = m_home.filePath(QStringLiteral("demo/kubeconfig"));
            return write(file, kubeconfig("dev")) ? QStringList{file} : QStringList{};
        };
    }
    auto window = std::make_unique<ui::MainWindow>(hub, options);
    window->resize(1280, 800);
    window->show();
    return window;
}

void WelcomeTest::shoot(ui::MainWindow &window, const QString &name) {
    QVERIFY(
        !test::saveScreenshot(window, name, m_home.filePath(QStringLiteral("shots"))).isEmpty());
}

void WelcomeTest::aFirstRunShowsTheWelcomePage() {
    models::ClusterHub hub;
    auto window = open(&hub);
    QVERIFY(hub.contexts().isEmpty());
    QTRY_VERIFY(showsWelcome(*window));
    QCOMPARE(reason(*window), QStringLiteral("No kubeconfig file is loaded."));
    QVERIFY(button(*window, "welcomeAddKubeconfig")->isVisible());
    QVERIFY(!button(*window, "welcomeUseHome")->isVisible()); // there is no ~/.kube/config
    QVERIFY(button(*window, "welcomeDemo")->isVisible());
    // One place for messages: the summary is permanent, so no message draws over it, and a
    // message goes away by itself.
    auto *summary = window->findChild<QLabel *>(QStringLiteral("statusText"));
    QVERIFY(summary && summary->isVisible());
    QCOMPARE(summary->text(), QStringLiteral("0 of 0 clusters live"));
    QVERIFY(window->statusBar()->currentMessage().isEmpty());
    shoot(*window, QStringLiteral("welcome.png"));

    // Without a demo to offer, no demo button.
    models::ClusterHub other;
    auto plain = open(&other, {}, false);
    QTRY_VERIFY(showsWelcome(*plain));
    QVERIFY(!button(*plain, "welcomeDemo")->isVisible());
}

void WelcomeTest::droppingAKubeconfigShowsThePanes() {
    models::ClusterHub hub;
    auto window = open(&hub);
    QTRY_VERIFY(showsWelcome(*window));
    const QString file = m_home.filePath(QStringLiteral("dropped/alpha.yaml"));
    QVERIFY(write(file, kubeconfig("alpha")));
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(file)});
    const QPoint at = window->rect().center();
    QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(window.get(), &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(window.get(), &drop);
    QCOMPARE(hub.contexts().size(), 1);
    QTRY_VERIFY(!showsWelcome(*window));
    QVERIFY(window->panes()->isVisible());

    // Unchecking the only cluster leaves nothing in scope: the page comes back and says why.
    QTreeWidgetItem *alpha = nullptr;
    for (QTreeWidgetItemIterator it(window->clusterTree()); *it; ++it)
        if ((*it)->text(0).startsWith(QStringLiteral("alpha")))
            alpha = *it;
    QVERIFY(alpha);
    alpha->setCheckState(0, Qt::Unchecked);
    QTRY_VERIFY(showsWelcome(*window));
    QVERIFY(reason(*window).contains(QStringLiteral("No cluster is in scope")));
    alpha->setCheckState(0, Qt::Checked);
    QTRY_VERIFY(!showsWelcome(*window));
}

void WelcomeTest::useHomeKubeconfigLoadsIt() {
    // Started with a file that holds no contexts while ~/.kube/config exists: the page offers it.
    const QString empty = m_home.filePath(QStringLiteral("empty.yaml"));
    QVERIFY(write(empty, "apiVersion: v1\nkind: Config\n"));
    const QString home = QDir::home().filePath(QStringLiteral(".kube/config"));
    QVERIFY(write(home, kubeconfig("beta")));
    models::ClusterHub hub;
    auto window = open(&hub, {empty});
    QTRY_VERIFY(showsWelcome(*window));
    QCOMPARE(reason(*window), QStringLiteral("The loaded kubeconfig files hold no contexts."));
    QPushButton *use = button(*window, "welcomeUseHome");
    QVERIFY(use->isVisible());
    QVERIFY(use->text().contains(QDir::toNativeSeparators(home)));
    QTest::mouseClick(use, Qt::LeftButton);
    QCOMPARE(hub.contexts().size(), 1);
    QCOMPARE(hub.contexts().front().name, QStringLiteral("beta"));
    QTRY_VERIFY(!showsWelcome(*window));
    QFile::remove(home);
}

void WelcomeTest::theDemoClustersStartFromThePage() {
    models::ClusterHub hub;
    auto window = open(&hub);
    QTRY_VERIFY(showsWelcome(*window));
    const int before = m_demoStarts;
    QTest::mouseClick(button(*window, "welcomeDemo"), Qt::LeftButton);
    QCOMPARE(m_demoStarts, before + 1);
    QCOMPARE(hub.contexts().size(), 1);
    QCOMPARE(hub.contexts().front().name, QStringLiteral("dev"));
    QTRY_VERIFY(!showsWelcome(*window));
    QVERIFY(window->windowTitle().contains(QStringLiteral("demo")));
}

void WelcomeTest::theWelcomePageSpeaksChinese() {
    QTranslator translator;
    const QString error = test::loadChineseCatalogue(translator);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCoreApplication::installTranslator(&translator);
    {
        models::ClusterHub hub;
        auto window = open(&hub);
        QTRY_VERIFY(showsWelcome(*window));
        QVERIFY(button(*window, "welcomeDemo")->text() != QStringLiteral("Try the demo clusters"));
        QVERIFY(reason(*window) != QStringLiteral("No kubeconfig file is loaded."));
        shoot(*window, QStringLiteral("welcome-zh.png"));
    }
    QCoreApplication::removeTranslator(&translator);
}

QTEST_MAIN(WelcomeTest)
#include "welcome_test.moc"
