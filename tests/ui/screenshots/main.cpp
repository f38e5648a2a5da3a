// cubedesk-screenshots: takes the README screenshots of the CubeDesk window — every pane, the
// label editor's review page and the move preview — against the two in-process demo clusters
// `dev` and `dev1` that `cubedesk --demo` runs, in one language.
//
//   cubedesk-screenshots --lang zh_CN|en --out DIR
//
// Writes DIR/clusters.png, nodes.png, overview.png, pending.png, jobs.png, quotas.png, gpus.png,
// board.png, balance.png, labels.png and move.png; exits non-zero with a one-line reason when the
// clusters do not sync or a picture cannot be taken. Needs a display with real fonts
// (tests/ui/take-screenshots.sh runs it under xvfb-run).

#include "app/cubedesk/democlusters.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/resourcetablemodel.h"
#include "ui/boardpane.h"
#include "ui/corednsdialog.h"
#include "ui/gpuspane.h"
#include "ui/helmreleasesdialog.h"
#include "ui/jobspane.h"
#include "ui/labeleditordialog.h"
#include "ui/mainwindow.h"
#include "ui/nodespane.h"
#include "ui/preferencesdialog.h"
#include "ui/resourcebrowserpane.h"
#include "ui/themecontroller.h"
#include "ui/translations.h"
#include "ui/yamleditordialog.h"
#include "widgets/labelchipseditor.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDeadlineTimer>
#include <QDir>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTabWidget>
#include <QTimer>
#include <QTreeWidget>

#include <csignal>
#include <functional>
#include <iostream>

namespace {

using cubedesk::models::ClusterHub;
using cubedesk::ui::MainWindow;

const QString kGpuNode = QStringLiteral("gpu-a100-public-1");
const QString kSecondGpuNode = QStringLiteral("gpu-a100-vision-1");
const QString kTargetOrg = QStringLiteral("vision");
const QString kBoardCluster = QStringLiteral("dev");

/// Spins the event loop until `done()` or `ms` pass; returns done().
bool waitFor(const std::function<bool()> &done, int ms) {
    QDeadlineTimer deadline(ms);
    while (!done() && !deadline.hasExpired()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        QEventLoop loop;
        QTimer::singleShot(20, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return done();
}

/// Lets pending layouts, repaints and the update dispatcher run.
void settle(int ms = 400) {
    waitFor([] { return false; }, ms);
}

bool save(QWidget *widget, const QString &dir, const QString &name) {
    const QString path = dir + u'/' + name;
    if (!widget->grab().save(path)) {
        std::cerr << "cubedesk-screenshots: cannot write " << path.toStdString() << std::endl;
        return false;
    }
    std::cout << path.toStdString() << std::endl;
    return true;
}

int fail(const QString &why) {
    std::cerr << "cubedesk-screenshots: " << why.toStdString() << std::endl;
    return 1;
}

} // namespace

int main(int argc, char **argv) {
    std::signal(SIGPIPE, SIG_IGN);
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("CubeDesk"));
    QCoreApplication::setApplicationName(QStringLiteral("cubedesk-screenshots"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CUBEDESK_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Takes the README screenshots of CubeDesk."));
    parser.addHelpOption();
    const QCommandLineOption lang(QStringLiteral("lang"), QStringLiteral("zh_CN or en."),
                                  QStringLiteral("LANG"), QStringLiteral("en"));
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("Folder for the PNG files."),
                                 QStringLiteral("DIR"));
    parser.addOptions({lang, out});
    parser.process(app);
    const QString language = parser.value(lang);
    if (language != QLatin1String("en") && language != QLatin1String("zh_CN"))
        return fail(QStringLiteral("--lang must be zh_CN or en"));
    if (!parser.isSet(out))
        return fail(QStringLiteral("--out DIR is required"));
    const QString dir = QDir(parser.value(out)).absolutePath();
    if (!QDir().mkpath(dir))
        return fail(QStringLiteral("cannot create %1").arg(dir));
    if (!cubedesk::ui::Translations::install(language))
        return fail(QStringLiteral("no %1 catalogue in :/i18n").arg(language));
    QApplication::setApplicationDisplayName(QStringLiteral("CubeDesk"));

    DemoClusters demo;
    if (const QString error = demo.start(); !error.isEmpty())
        return fail(error);

    // Light for the main pictures whatever the desktop says; dark ones follow (*-dark.png).
    cubedesk::ui::ThemeController theme(cubedesk::ui::ThemeController::Choice::Light);
    ClusterHub hub;
    MainWindow::Options options;
    options.demo = true;
    options.kubeconfigs = demo.kubeconfigFiles();
    options.remember = false;
    MainWindow window(&hub, options);
    window.resize(1440, 900);
    window.move(0, 0);
    window.show();

    const bool synced = waitFor(
        [&] {
            if (hub.clusters().size() != 2)
                return false;
            for (auto *c : hub.clusters())
                if (!c->synced() || !c->writeBlockedReason().isEmpty())
                    return false;
            return true;
        },
        90000);
    if (!synced)
        return fail(QStringLiteral("the demo clusters did not sync within 90 s"));
    settle(1000);

    window.showPane(QStringLiteral("clustersPane"));
    settle();
    if (!save(&window, dir, QStringLiteral("clusters.png")))
        return 1;

    window.showPane(QStringLiteral("nodesPane"));
    window.nodesPane()->selectNode(kBoardCluster, kGpuNode);
    settle(800);
    if (window.nodesPane()->selectedNodes().value(kBoardCluster) != QStringList{kGpuNode})
        return fail(QStringLiteral("could not select %1 in the Nodes pane").arg(kGpuNode));
    if (!save(&window, dir, QStringLiteral("nodes.png")))
        return 1;

    window.showPane(QStringLiteral("overviewPane"));
    settle(1200);
    if (!save(&window, dir, QStringLiteral("overview.png")))
        return 1;

    window.showPane(QStringLiteral("pendingPane"));
    settle(800);
    if (!save(&window, dir, QStringLiteral("pending.png")))
        return 1;

    window.showPane(QStringLiteral("jobsPane"));
    if (!window.jobsPane()->selectJob(kBoardCluster, QStringLiteral("pytorch-resnet50-vision")))
        return fail(QStringLiteral("no job pytorch-resnet50-vision in the Jobs pane"));
    settle(800);
    if (!save(&window, dir, QStringLiteral("jobs.png")))
        return 1;

    window.showPane(QStringLiteral("quotasPane"));
    settle(500);
    if (!save(&window, dir, QStringLiteral("quotas.png")))
        return 1;

    window.showPane(QStringLiteral("gpusPane"));
    auto *gpus = window.findChild<cubedesk::ui::GpusPane *>();
    if (!gpus)
        return fail(QStringLiteral("the window has no GPUs pane"));
    gpus->selectNode(kBoardCluster, kGpuNode);
    gpus->gpusField()->setValue(4);
    gpus->runAdvisor();
    settle(800);
    if (!save(&window, dir, QStringLiteral("gpus.png")))
        return 1;

    window.boardPane()->showCluster(kBoardCluster);
    window.showPane(QStringLiteral("boardPane"));
    settle(800);
    if (!save(&window, dir, QStringLiteral("board.png")))
        return 1;

    window.suggestBalance(3);
    settle(800);
    if (!save(&window, dir, QStringLiteral("balance.png")))
        return 1;

    // The same panes in the dark theme, and the preferences dialog.
    theme.setChoice(cubedesk::ui::ThemeController::Choice::Dark);
    settle(800);
    if (!save(&window, dir, QStringLiteral("board-dark.png")))
        return 1;
    for (const auto &[pane, file] :
         {std::pair{QStringLiteral("overviewPane"), QStringLiteral("overview-dark.png")},
          std::pair{QStringLiteral("gpusPane"), QStringLiteral("gpus-dark.png")},
          std::pair{QStringLiteral("nodesPane"), QStringLiteral("nodes-dark.png")}}) {
        window.showPane(pane);
        settle(1000);
        if (!save(&window, dir, file))
            return 1;
    }
    theme.setChoice(cubedesk::ui::ThemeController::Choice::Light);
    window.showPane(QStringLiteral("boardPane"));
    settle(500);
    {
        cubedesk::ui::PreferencesDialog dialog(window.preferences(), &window);
        dialog.show();
        settle(500);
        if (!save(&dialog, dir, QStringLiteral("preferences.png")))
            return 1;
    }

    {
        cubedesk::ui::LabelEditorDialog dialog(&hub, {{kBoardCluster, {kGpuNode, kSecondGpuNode}}},
                                               &window);
        dialog.show();
        settle();
        if (!dialog.editor()->setLabel(QStringLiteral("notebook"), QStringLiteral("true")))
            return fail(QStringLiteral("the label editor refused notebook=true: %1")
                            .arg(dialog.editor()->errorText()));
        if (!dialog.review())
            return fail(QStringLiteral("the label editor's review has nothing to apply"));
        settle();
        if (!save(&dialog, dir, QStringLiteral("labels.png")))
            return 1;
        dialog.reject();
    }

    // The move preview opens modally from the real move path; grab it from inside its loop.
    bool moveShot = false;
    bool moveSaved = false;
    QTimer poll;
    poll.setInterval(100);
    QObject::connect(&poll, &QTimer::timeout, &window, [&] {
        auto *modal = QApplication::activeModalWidget();
        if (moveShot || !modal || modal->objectName() != QLatin1String("movePreview"))
            return;
        moveShot = true;
        settle();
        moveSaved = save(modal, dir, QStringLiteral("move.png"));
        if (auto *d = qobject_cast<QDialog *>(modal))
            d->reject();
    });
    poll.start();
    QTimer::singleShot(0, &window,
                       [&] { window.requestMove(kBoardCluster, {kGpuNode}, kTargetOrg); });
    if (!waitFor([&] { return moveShot; }, 20000))
        return fail(QStringLiteral("the move preview did not open"));
    settle();
    poll.stop();
    if (!moveSaved)
        return 1;

    // The resource browser's editors: a Corefile edit after its dry run, the CoreDNS tables and
    // the Helm releases.
    window.showPane(QStringLiteral("resourcesPane"));
    auto *resources =
        window.findChild<cubedesk::ui::ResourceBrowserPane *>(QStringLiteral("resourcesPane"));
    if (!resources ||
        !waitFor([&] { return resources->openType(QStringLiteral("configmaps")); }, 20000) ||
        !waitFor([&] { return resources->model()->allLive(); }, 20000))
        return fail(QStringLiteral("the ConfigMaps did not list"));
    int coredns = -1;
    for (int i = 0; i < resources->model()->rowCount(); ++i)
        if (resources->model()->row(i).key == QStringLiteral("kube-system/coredns") && coredns < 0)
            coredns = i;
    if (coredns < 0)
        return fail(QStringLiteral("no kube-system/coredns"));
    const auto subject = resources->subjectAt(coredns);
    auto *editor = resources->openEditor(subject);
    if (!editor || !waitFor([&] { return !editor->editor()->isReadOnly(); }, 20000))
        return fail(QStringLiteral("the YAML editor did not load"));
    QString text = editor->editor()->toPlainText();
    text.replace(QStringLiteral("10.101.140.101 modelscope.cn"),
                 QStringLiteral("10.101.140.111 modelscope.cn"));
    editor->editor()->setPlainText(text);
    if (!waitFor([&] { return editor->dryRunButton()->isEnabled(); }, 5000))
        return fail(QStringLiteral("the edit did not parse"));
    editor->dryRunButton()->click();
    if (!waitFor([&] { return editor->applyButton()->isEnabled(); }, 20000))
        return fail(QStringLiteral("the dry run did not pass"));
    settle();
    if (!save(editor, dir, QStringLiteral("yaml-editor.png")))
        return 1;
    editor->close();
    auto *dns = resources->openCoreDns(subject.cluster);
    if (!dns || !waitFor([&] { return dns->hosts()->rowCount() > 0; }, 20000))
        return fail(QStringLiteral("the CoreDNS editor did not load"));
    const int row = dns->hosts()->rowCount();
    dns->hosts()->insertRow(row);
    dns->hosts()->setItem(row, 0, new QTableWidgetItem(QStringLiteral("10.101.140.120")));
    dns->hosts()->setItem(row, 1, new QTableWidgetItem(QStringLiteral("hub.internal")));
    settle();
    if (!save(dns, dir, QStringLiteral("coredns.png")))
        return 1;
    dns->close();
    auto *helm = resources->openHelmReleases();
    if (!waitFor([&] { return helm->releases()->topLevelItemCount() > 0; }, 20000))
        return fail(QStringLiteral("no Helm release listed"));
    helm->selectRelease(subject.cluster->name(), QStringLiteral("monitoring"),
                        QStringLiteral("prometheus"));
    settle();
    if (!save(helm, dir, QStringLiteral("helm-releases.png")))
        return 1;
    helm->close();
    window.close();
    return 0;
}
