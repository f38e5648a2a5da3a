// cubedesk: the desktop console. Composition root and command line only (docs/command-line.md).

#include "app/cubedesk/democlusters.h"
#include "app/cubedesk/draincommand.h"
#include "app/cubedesk/dumpcommand.h"
#include "app/cubedesk/execcommand.h"
#include "app/cubedesk/getcommand.h"
#include "app/cubedesk/logscommand.h"
#include "k8s/api/goduration.h"
#include "k8s/api/rfc3339.h"
#include "k8s/cube/idlegpurows.h"
#include "k8s/exec/execstream.h"
#include "k8s/session/processresources.h"
#include "models/clusterhub.h"
#include "ui/firstframelog.h"
#include "ui/mainwindow.h"
#include "ui/preferences.h"
#include "ui/translations.h"
#include "ui/windowset.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QLoggingCategory>

#include <csignal>
#include <cstring>
#include <iostream>
#include <memory>

namespace {

/// Headless runs (--dump, --logs, --exec, --drain, --help, --version) need no display: a
/// QCoreApplication is enough.
bool headless(int argc, char **argv) {
    for (int i = 1; i < argc && std::strcmp(argv[i], "--") != 0; ++i)
        if (std::strncmp(argv[i], "--dump", 6) == 0 || std::strncmp(argv[i], "--logs", 6) == 0 ||
            std::strncmp(argv[i], "--get", 5) == 0 || std::strncmp(argv[i], "--exec", 6) == 0 ||
            std::strncmp(argv[i], "--drain", 7) == 0 || std::strcmp(argv[i], "--help") == 0 ||
            std::strcmp(argv[i], "-h") == 0 || std::strcmp(argv[i], "--version") == 0 ||
            std::strcmp(argv[i], "-v") == 0)
            return true;
    return false;
}

} // namespace

int main(int argc, char **argv) {
#ifdef SIGPIPE
    // A peer that closes a TLS connection mid-write must not end the process (POSIX only).
    std::signal(SIGPIPE, SIG_IGN);
#endif
    // Before any thread starts: the cluster caches turn their objects over at the watch rate.
    cubedesk::k8s::ProcessResources::keepFreedMemory();
    std::unique_ptr<QCoreApplication> application;
    if (headless(argc, argv))
        application = std::make_unique<QCoreApplication>(argc, argv);
    else
        application = std::make_unique<QApplication>(argc, argv);
    QCoreApplication &app = *application;
    QCoreApplication::setOrganizationName(QStringLiteral("CubeDesk"));
    QCoreApplication::setApplicationName(QStringLiteral("cubedesk"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CUBEDESK_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("CubeDesk " CUBEDESK_VERSION
                                                    ": one fast window over all your GPU and "
                                                    "machine-learning Kubernetes clusters."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption kubeconfig(
        QStringLiteral("kubeconfig"),
        QStringLiteral("A kubeconfig file (repeatable; merged in order)."), QStringLiteral("PATH"));
    const QCommandLineOption context(QStringLiteral("context"),
                                     QStringLiteral("A context to use (repeatable; default: all)."),
                                     QStringLiteral("NAME"));
    const QCommandLineOption demo(
        QStringLiteral("demo"),
        QStringLiteral("Run two simulated clusters, dev and dev1, in-process."));
    const QCommandLineOption dump(QStringLiteral("dump"),
                                  QStringLiteral("Headless: print the rows of %1 and exit.")
                                      .arg(DumpCommand::supported().join(QLatin1Char('|'))),
                                  QStringLiteral("WHAT"));
    const QCommandLineOption format(QStringLiteral("format"),
                                    QStringLiteral("json (default) or tsv; with --get: wide."),
                                    QStringLiteral("FORMAT"), QStringLiteral("json"));
    const QCommandLineOption follow(
        QStringLiteral("follow"),
        QStringLiteral("With --dump: keep watching this long after sync. With --logs: follow "
                       "the log this long (0: until it ends)."),
        QStringLiteral("SECONDS"), QStringLiteral("0"));
    const QCommandLineOption logs(
        QStringLiteral("logs"),
        QStringLiteral("Headless: write the log of [CONTEXT/]NAMESPACE/POD, or of every pod of "
                       "job:NAMESPACE/KIND/NAME, as kubectl logs does."),
        QStringLiteral("TARGET"));
    const QCommandLineOption exec(
        QStringLiteral("exec"),
        QStringLiteral("Headless: run the command after -- in a container of "
                       "[CONTEXT/]NAMESPACE/POD without a terminal, as kubectl exec does, and "
                       "exit with its exit code."),
        QStringLiteral("TARGET"));
    const QCommandLineOption stdinOption(
        {QStringLiteral("i"), QStringLiteral("stdin")},
        QStringLiteral("With --exec: pass our standard input to the command."));
    const QCommandLineOption container({QStringLiteral("c"), QStringLiteral("container")},
                                       QStringLiteral("With --logs or --exec: the container."),
                                       QStringLiteral("NAME"));
    const QCommandLineOption previous(QStringLiteral("previous"),
                                      QStringLiteral("With --logs: the previous run."));
    const QCommandLineOption tail(QStringLiteral("tail"),
                                  QStringLiteral("With --logs: the last N lines."),
                                  QStringLiteral("N"));
    const QCommandLineOption since(QStringLiteral("since"),
                                   QStringLiteral("With --logs: lines newer than DURATION (5s, 2m, "
                                                  "3h)."),
                                   QStringLiteral("DURATION"));
    const QCommandLineOption sinceTime(QStringLiteral("since-time"),
                                       QStringLiteral("With --logs: lines after this RFC 3339 "
                                                      "time."),
                                       QStringLiteral("TIME"));
    const QCommandLineOption timestamps(QStringLiteral("timestamps"),
                                        QStringLiteral("With --logs: prefix each line with its "
                                                       "time."));
    const QCommandLineOption limitBytes(QStringLiteral("limit-bytes"),
                                        QStringLiteral("With --logs: at most N bytes."),
                                        QStringLiteral("N"));
    const QCommandLineOption timeout(
        QStringLiteral("timeout"),
        QStringLiteral("With --dump: how long to wait for sync (default 60). With --drain: how "
                       "long each node may take (default: no limit). With --get: for the whole "
                       "answer (default 60)."),
        QStringLiteral("SECONDS"), QStringLiteral("60"));
    const QCommandLineOption prometheus(
        QStringLiteral("prometheus"),
        QStringLiteral("With --dump gpus or idle-gpus: read DCGM metrics from this Prometheus "
                       "service, reached through the API server's service proxy, or from this "
                       "http(s) URL, reached directly without the cluster's credentials "
                       "(default: the well-known installs, such as "
                       "monitoring/prometheus-k8s:9090)."),
        QStringLiteral("NAMESPACE/SERVICE:PORT|URL"));
    const QCommandLineOption threshold(
        QStringLiteral("threshold"),
        QStringLiteral("With --dump idle-gpus: a GPU under this utilization is idle (default 5)."),
        QStringLiteral("PERCENT"), QStringLiteral("5"));
    const QCommandLineOption window(
        QStringLiteral("window"),
        QStringLiteral("With --dump idle-gpus: for at least this long (default 1h)."),
        QStringLiteral("DURATION"), QStringLiteral("1h"));
    const QCommandLineOption drain(
        QStringLiteral("drain"),
        QStringLiteral("Headless: cordon NODE (and the nodes named after the options) and evict "
                       "its pods as kubectl drain does, honouring disruption budgets; print one "
                       "row per pod; exit 0 only when every node is drained."),
        QStringLiteral("NODE"));
    const QCommandLineOption ignoreDaemonSets(
        QStringLiteral("ignore-daemonsets"),
        QStringLiteral("With --drain: leave DaemonSet-managed pods."));
    const QCommandLineOption deleteEmptyDirData(
        QStringLiteral("delete-emptydir-data"),
        QStringLiteral("With --drain: evict pods with emptyDir data (the data is lost)."));
    const QCommandLineOption force(
        QStringLiteral("force"),
        QStringLiteral("With --drain: also pods without a controller (nothing recreates them)."));
    const QCommandLineOption gracePeriod(
        QStringLiteral("grace-period"),
        QStringLiteral("With --drain: seconds each pod gets to stop (default: its own)."),
        QStringLiteral("SECONDS"));
    const QCommandLineOption dryRun(QStringLiteral("dry-run"),
                                    QStringLiteral("With --drain: show what would happen; send "
                                                   "nothing."));
    const QCommandLineOption serverDryRun(
        QStringLiteral("server-dry-run"),
        QStringLiteral("With --drain: the server checks the cordon and every eviction and keeps "
                       "none."));
    const QCommandLineOption disableEviction(
        QStringLiteral("disable-eviction"),
        QStringLiteral("With --drain: delete pods instead of evicting them (bypasses disruption "
                       "budgets)."));
    const QCommandLineOption concurrency(
        QStringLiteral("concurrency"),
        QStringLiteral("With --drain: nodes drained at the same time (default 1)."),
        QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption get(
        QStringLiteral("get"),
        QStringLiteral("Headless: print the server's table of RESOURCE as kubectl get does; a "
                       "NAME after it prints one object."),
        QStringLiteral("RESOURCE"));
    const QCommandLineOption namespaceOption(
        QStringList{QStringLiteral("n"), QStringLiteral("namespace")},
        QStringLiteral("With --get: the namespace (default: the context's)."),
        QStringLiteral("NS"));
    const QCommandLineOption allNamespaces(
        QStringList{QStringLiteral("A"), QStringLiteral("all-namespaces")},
        QStringLiteral("With --get: every namespace (a NAMESPACE column first)."));
    const QCommandLineOption selector(QStringList{QStringLiteral("l"), QStringLiteral("selector")},
                                      QStringLiteral("With --get: a label selector."),
                                      QStringLiteral("SELECTOR"));
    const QCommandLineOption lang(QStringLiteral("lang"), QStringLiteral("zh_CN or en."),
                                  QStringLiteral("LANG"));
    const QCommandLineOption readOnly(QStringLiteral("read-only"),
                                      QStringLiteral("Disable every write."));
    parser.addOptions({kubeconfig,
                       context,
                       demo,
                       dump,
                       format,
                       follow,
                       timeout,
                       prometheus,
                       threshold,
                       window,
                       lang,
                       readOnly,
                       logs,
                       container,
                       previous,
                       tail,
                       since,
                       sinceTime,
                       timestamps,
                       limitBytes,
                       exec,
                       stdinOption,
                       drain,
                       ignoreDaemonSets,
                       deleteEmptyDirData,
                       force,
                       gracePeriod,
                       dryRun,
                       serverDryRun,
                       disableEviction,
                       concurrency,
                       get,
                       namespaceOption,
                       allNamespaces,
                       selector});
    parser.addPositionalArgument(QStringLiteral("-- COMMAND"),
                                 QStringLiteral("With --exec: the command and its arguments."));
    parser.process(app);

    DemoClusters demoClusters;
    QStringList kubeconfigs = parser.values(kubeconfig);
    if (parser.isSet(demo)) {
        const QString error = demoClusters.start();
        if (!error.isEmpty()) {
            std::cerr << "cubedesk: " << error.toStdString() << std::endl;
            return 1;
        }
        kubeconfigs = demoClusters.kubeconfigFiles();
    }
    if (parser.isSet(drain)) {
        if (qEnvironmentVariableIsEmpty("QT_LOGGING_RULES"))
            QLoggingCategory::setFilterRules(QStringLiteral("cubedesk.*=false"));
        DrainCommand::Options o;
        o.nodes = QStringList{parser.value(drain)} + parser.positionalArguments();
        o.kubeconfigs = kubeconfigs;
        o.context = parser.values(context).value(0);
        o.format = parser.value(format);
        o.ignoreDaemonSets = parser.isSet(ignoreDaemonSets);
        o.deleteEmptyDirData = parser.isSet(deleteEmptyDirData);
        o.force = parser.isSet(force);
        o.disableEviction = parser.isSet(disableEviction);
        o.dryRun = parser.isSet(dryRun);
        o.serverDryRun = parser.isSet(serverDryRun);
        const auto whole = [&parser](const QCommandLineOption &option, const char *flag, int min) {
            bool ok = false;
            const int n = parser.value(option).toInt(&ok);
            if (!ok || n < min) {
                std::cerr << "cubedesk: " << flag << " must be a whole number of at least " << min
                          << std::endl;
                std::exit(2);
            }
            return n;
        };
        if (parser.isSet(gracePeriod))
            o.gracePeriod = whole(gracePeriod, "--grace-period", 0);
        if (parser.isSet(timeout))
            o.timeoutSeconds = whole(timeout, "--timeout", 0);
        o.concurrency = whole(concurrency, "--concurrency", 1);
        if (o.format != QLatin1String("json") && o.format != QLatin1String("tsv")) {
            std::cerr << "cubedesk: --format must be json or tsv" << std::endl;
            return 2;
        }
        return DrainCommand::run(o);
    }
    if (parser.isSet(exec)) {
        if (qEnvironmentVariableIsEmpty("QT_LOGGING_RULES"))
            QLoggingCategory::setFilterRules(QStringLiteral("cubedesk.*=false"));
        ExecCommand::Options o;
        o.target = parser.value(exec);
        o.kubeconfigs = kubeconfigs;
        o.context = parser.values(context).value(0);
        o.container = parser.value(container);
        o.stdinEnabled = parser.isSet(stdinOption);
        o.command = parser.positionalArguments();
        return ExecCommand::run(o);
    }
    if (parser.isSet(logs)) {
        if (qEnvironmentVariableIsEmpty("QT_LOGGING_RULES"))
            QLoggingCategory::setFilterRules(QStringLiteral("cubedesk.*=false"));
        LogsCommand::Options o;
        o.target = parser.value(logs);
        o.kubeconfigs = kubeconfigs;
        o.context = parser.values(context).value(0);
        o.container = parser.value(container);
        o.previous = parser.isSet(previous);
        o.timestamps = parser.isSet(timestamps);
        const auto number = [&parser](const QCommandLineOption &option, const char *flag,
                                      std::int64_t min) -> std::optional<std::int64_t> {
            bool ok = false;
            const qint64 n = parser.value(option).toLongLong(&ok);
            if (!ok || n < min) {
                std::cerr << "cubedesk: " << flag << " must be a number of at least " << min
                          << std::endl;
                std::exit(2);
            }
            return n;
        };
        if (parser.isSet(tail)) {
            o.tailLines = number(tail, "--tail", -1);
            if (*o.tailLines < 0)
                o.tailLines.reset(); // -1: everything, as kubectl
        }
        if (parser.isSet(limitBytes))
            o.limitBytes = number(limitBytes, "--limit-bytes", 1);
        if (parser.isSet(since) && parser.isSet(sinceTime)) {
            std::cerr << "cubedesk: at most one of --since and --since-time" << std::endl;
            return 2;
        }
        if (parser.isSet(since)) {
            const auto d = cubedesk::k8s::GoDuration::parse(parser.value(since).toStdString());
            if (!d || d->count() < 0) {
                std::cerr << "cubedesk: --since needs a duration such as 30s, 5m or 2h"
                          << std::endl;
                return 2;
            }
            // kubectl rounds to whole seconds (half away from zero).
            o.sinceSeconds = (d->count() + 500000000) / 1000000000;
        }
        if (parser.isSet(sinceTime)) {
            const auto t =
                cubedesk::k8s::Rfc3339::parseSeconds(parser.value(sinceTime).toStdString());
            if (!t) {
                std::cerr << "cubedesk: --since-time needs an RFC 3339 time" << std::endl;
                return 2;
            }
            o.sinceTime = *t;
        }
        if (parser.isSet(follow)) {
            bool ok = false;
            o.followSeconds = parser.value(follow).toDouble(&ok);
            if (!ok || *o.followSeconds < 0) {
                std::cerr << "cubedesk: --follow needs a number of seconds" << std::endl;
                return 2;
            }
        }
        return LogsCommand::run(o);
    }
    if (parser.isSet(get)) {
        if (qEnvironmentVariableIsEmpty("QT_LOGGING_RULES"))
            QLoggingCategory::setFilterRules(QStringLiteral("cubedesk.*=false"));
        GetCommand::Options o;
        o.resource = parser.value(get);
        const QStringList names = parser.positionalArguments();
        if (names.size() > 1) {
            std::cerr << "cubedesk: --get takes at most one NAME" << std::endl;
            return 2;
        }
        o.name = names.value(0);
        o.kubeconfigs = kubeconfigs;
        o.contexts = parser.values(context);
        o.ns = parser.value(namespaceOption);
        o.allNamespaces = parser.isSet(allNamespaces);
        o.selector = parser.value(selector);
        const QString output = parser.isSet(format) ? parser.value(format) : QString();
        if (!output.isEmpty() && output != QLatin1String("wide")) {
            std::cerr << "cubedesk: --get prints tables; --format may only be wide" << std::endl;
            return 2;
        }
        o.wide = output == QLatin1String("wide");
        bool ok = false;
        o.timeoutSeconds = parser.value(timeout).toDouble(&ok);
        if (!ok || o.timeoutSeconds <= 0) {
            std::cerr << "cubedesk: --timeout needs a positive number of seconds" << std::endl;
            return 2;
        }
        return GetCommand::run(o);
    }
    if (parser.isSet(dump)) {
        // Headless output is the rows on stdout and at most one line of error on stderr; the
        // library's logs are for QT_LOGGING_RULES=cubedesk.*=true when someone asks for them.
        if (qEnvironmentVariableIsEmpty("QT_LOGGING_RULES"))
            QLoggingCategory::setFilterRules(QStringLiteral("cubedesk.*=false"));
        DumpCommand::Options o;
        o.what = parser.value(dump);
        o.format = parser.value(format);
        o.kubeconfigs = kubeconfigs;
        o.contexts = parser.values(context);
        bool ok = false;
        o.followSeconds = parser.value(follow).toDouble(&ok);
        if (!ok || o.followSeconds < 0) {
            std::cerr << "cubedesk: --follow needs a number of seconds" << std::endl;
            return 2;
        }
        o.timeoutSeconds = parser.value(timeout).toDouble(&ok);
        if (!ok || o.timeoutSeconds <= 0) {
            std::cerr << "cubedesk: --timeout needs a positive number of seconds" << std::endl;
            return 2;
        }
        o.prometheus = parser.value(prometheus);
        o.idleThresholdPercent = parser.value(threshold).toDouble(&ok);
        if (!ok || o.idleThresholdPercent < 0 || o.idleThresholdPercent > 100) {
            std::cerr << "cubedesk: --threshold needs a percentage from 0 to 100" << std::endl;
            return 2;
        }
        const auto idleWindow =
            cubedesk::k8s::GoDuration::parse(parser.value(window).toStdString());
        if (!idleWindow || idleWindow->count() < 1000000000 ||
            idleWindow->count() / 1000000000 > cubedesk::k8s::IdleGpuRows::kMaxWindowSeconds) {
            std::cerr << "cubedesk: --window needs a duration from 1s to 24h, such as 30m or 2h"
                      << std::endl;
            return 2;
        }
        o.idleWindowSeconds = idleWindow->count() / 1000000000;
        return DumpCommand::run(o);
    }
    const QString language = parser.value(lang);
    if (!language.isEmpty() && language != QLatin1String("en") &&
        language != QLatin1String("zh_CN")) {
        std::cerr << "cubedesk: --lang must be zh_CN or en" << std::endl;
        return 2;
    }
    // --lang wins; else the language chosen in Preferences; else the desktop's.
    cubedesk::ui::Translations::install(
        language.isEmpty() ? cubedesk::ui::Preferences().values().language : language);
    QApplication::setApplicationDisplayName(QStringLiteral("CubeDesk"));
    // The installed theme icon when there is one (packages), else the copy compiled in; the
    // desktop file name lets Wayland compositors match the window to its .desktop entry and icon.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.cubedesk.CubeDesk"));
    QApplication::setWindowIcon(
        QIcon::fromTheme(QStringLiteral("io.cubedesk.CubeDesk"),
                         QIcon(QStringLiteral(":/icons/io.cubedesk.CubeDesk.png"))));

    cubedesk::models::ClusterHub hub;
    cubedesk::ui::MainWindow::Options options;
    options.demo = parser.isSet(demo);
    // The welcome page's "Try the demo clusters": the same in-process clusters as --demo.
    options.startDemo = [&demoClusters](QString *error) {
        *error = demoClusters.start();
        return error->isEmpty() ? demoClusters.kubeconfigFiles() : QStringList();
    };
    options.readOnly = parser.isSet(readOnly);
    options.kubeconfigs = kubeconfigs;
    options.contexts = parser.values(context);
    int rc = 0;
    {
        // The first window, the windows of the last run, and Window → New window.
        cubedesk::ui::FirstFrameLog::install();
        cubedesk::ui::WindowSet windows(&hub, options);
        windows.open();
        rc = QApplication::exec();
    }
    // Terminals closed with the window: their exec threads free their sockets before Qt's
    // globals go.
    cubedesk::k8s::ExecStream::waitForAllThreads(std::chrono::seconds(5));
    return rc;
}
