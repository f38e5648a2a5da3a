// cubedesk: the desktop console. Composition root and command line only (DESIGN.md §6).

#include "app/cubedesk/democlusters.h"
#include "app/cubedesk/dumpcommand.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QLoggingCategory>

#include <csignal>
#include <iostream>

int main(int argc, char **argv) {
    std::signal(SIGPIPE, SIG_IGN);
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("cubedesk"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CUBEDESK_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "CubeDesk: one fast window over all your GPU and machine-learning Kubernetes clusters."));
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
    const QCommandLineOption dump(
        QStringLiteral("dump"),
        QStringLiteral("Headless: print the rows of clusters|nodes|pods|orgs and exit."),
        QStringLiteral("WHAT"));
    const QCommandLineOption format(QStringLiteral("format"),
                                    QStringLiteral("json (default) or tsv."),
                                    QStringLiteral("FORMAT"), QStringLiteral("json"));
    const QCommandLineOption follow(
        QStringLiteral("follow"),
        QStringLiteral("With --dump: keep watching this long after sync."),
        QStringLiteral("SECONDS"), QStringLiteral("0"));
    const QCommandLineOption timeout(
        QStringLiteral("timeout"),
        QStringLiteral("With --dump: how long to wait for sync (default 60)."),
        QStringLiteral("SECONDS"), QStringLiteral("60"));
    const QCommandLineOption lang(QStringLiteral("lang"), QStringLiteral("zh_CN or en."),
                                  QStringLiteral("LANG"));
    const QCommandLineOption readOnly(QStringLiteral("read-only"),
                                      QStringLiteral("Disable every write."));
    parser.addOptions({kubeconfig, context, demo, dump, format, follow, timeout, lang, readOnly});
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
        return DumpCommand::run(o);
    }
    std::cerr << "cubedesk: the window is not part of this build yet; use --dump "
                 "clusters|nodes|pods|orgs (see --help)"
              << std::endl;
    return 2;
}
