// cubedesk-bench-gui: is the window responsive on a big, busy cluster? (issue 4)
//
//   cubedesk-bench-gui [--nodes 5000] [--pods 150000] [--churn 10000] [--seconds 20]
//   cubedesk-bench-gui --kubeconfig FILE [--seconds 20]
//
// Starts cubedesk-sim (scale scenario) with that churn — or, with --kubeconfig, uses the current
// context of FILE: a simulator on another machine (`cubedesk-sim --scenario scale --churn 10000
// --history-window 100000 --listen 0.0.0.0:6443 --write-kubeconfig kc`, then point the server
// address at that machine and add `tls-server-name: localhost`) or a real cluster, so that the
// simulator does not share this machine's cores with the window — opens the real MainWindow on it
// (run it under xvfb-run for a real X server, or QT_QPA_PLATFORM=offscreen), waits for sync, shows
// the Nodes pane, then for --seconds:
//   * ui::ResponsivenessProbe records every event-loop gap (a stall is > 100 ms) and renders the
//     whole window at 60 Hz, recording each frame's paint time and the interval between frames
//     (which includes the applied batches);
//   * every flush of the update dispatcher records how long applying the batch took;
// then sorts the Nodes table by every column, and the Overview pane's running-pods table (every
// pod that holds resources: ~150,000 rows) by every column in both orders and changes its filter
// four times. Prints JSON with medians, p99 and maxima.
// A benchmark, not a test: figures go into the README and the notes.

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/sortfilterindex.h"
#include "models/updatedispatcher.h"
#include "tests/support/simprocess.h"
#include "ui/mainwindow.h"
#include "ui/nodespane.h"
#include "ui/overviewpane.h"
#include "ui/responsivenessprobe.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTableView>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <time.h>

using namespace cubedesk;

namespace {

double percentile(std::vector<double> v, double p) {
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

std::string arg(int argc, char **argv, const char *name, const char *fallback) {
    for (int i = 1; i + 1 < argc; ++i)
        if (std::string(argv[i]) == name)
            return argv[i + 1];
    return fallback;
}

/// CPU time of the calling thread, in ms.
double threadCpuMs() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

/// The simulator's current resourceVersion (its write counter: every write is one watch event),
/// read with kubectl so the count is independent of our client.
long long simResourceVersion(const std::string &kubeconfig) {
    QProcess kubectl;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("KUBECONFIG"), QString::fromStdString(kubeconfig));
    kubectl.setProcessEnvironment(env);
    kubectl.start(QStringLiteral("kubectl"), {QStringLiteral("get"), QStringLiteral("--raw"),
                                              QStringLiteral("/api/v1/namespaces?limit=1")});
    if (!kubectl.waitForFinished(30000) || kubectl.exitCode() != 0)
        return -1;
    const QJsonObject meta = QJsonDocument::fromJson(kubectl.readAllStandardOutput())
                                 .object()
                                 .value(QStringLiteral("metadata"))
                                 .toObject();
    return meta.value(QStringLiteral("resourceVersion")).toString().toLongLong();
}

} // namespace

int main(int argc, char **argv) {
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    std::string nodes = arg(argc, argv, "--nodes", "5000");
    std::string pods = arg(argc, argv, "--pods", "150000");
    std::string churn = arg(argc, argv, "--churn", "10000");
    const int seconds = std::stoi(arg(argc, argv, "--seconds", "20"));
    std::string kubeconfig = arg(argc, argv, "--kubeconfig", "");

    QElapsedTimer clock;
    clock.start();
    std::unique_ptr<test::SimProcess> sim;
    if (kubeconfig.empty()) {
        // At 10,000 writes/s the default 10,000-event history lasts one second, less than the
        // list of 150k pods takes: keep ten seconds' worth, as a real apiserver's watch cache
        // would.
        sim = std::make_unique<test::SimProcess>(
            std::vector<std::string>{"--scenario", "scale", "--nodes", nodes, "--pods", pods,
                                     "--churn", churn, "--history-window", "100000"});
        if (!sim->ready()) {
            std::fprintf(stderr, "cubedesk-bench-gui: %s\n", sim->error().c_str());
            return 1;
        }
        kubeconfig = sim->kubeconfig();
    } else {
        nodes = pods = churn = "null"; // whatever that cluster has: rows and sim_writes_per_s say
    }
    const double simSeconds = static_cast<double>(clock.elapsed()) / 1000.0;

    models::ClusterHub hub;
    ui::MainWindow::Options o;
    o.kubeconfigs = {QString::fromStdString(kubeconfig)};
    o.remember = false;
    ui::MainWindow window(&hub, o);
    window.resize(1440, 900);
    window.show();
    window.showPane(QStringLiteral("nodesPane"));

    std::vector<double> flushMs;
    qint64 applied = 0;
    QObject::connect(hub.dispatcher(), &models::UpdateDispatcher::flushed, &app,
                     [&](qint64 deltas, double ms) {
                         flushMs.push_back(ms);
                         applied += deltas;
                     });
    clock.restart();
    while (hub.clusters().isEmpty() || !hub.clusters().front()->synced()) {
        QApplication::processEvents(QEventLoop::AllEvents, 50);
        if (clock.elapsed() > 600000) {
            std::fprintf(stderr, "cubedesk-bench-gui: no sync within 600 s\n");
            return 1;
        }
    }
    const double syncSeconds = static_cast<double>(clock.elapsed()) / 1000.0;
    // Let the initial flood settle into the model before measuring the steady state.
    QElapsedTimer settle;
    settle.start();
    while (settle.elapsed() < 2000)
        QApplication::processEvents(QEventLoop::AllEvents, 50);
    flushMs.clear();
    applied = 0;
    // One paint of every pane first: the first paint builds glyph and style caches once per
    // process, which is start-up cost, not the steady state this measures.
    for (const char *pane : {"clustersPane", "boardPane", "nodesPane"}) {
        window.showPane(QString::fromLatin1(pane));
        window.repaint();
    }

    ui::ResponsivenessProbe probe(&window);
    const long long rvBefore = simResourceVersion(kubeconfig);
    probe.start();
    QElapsedTimer run;
    run.start();
    while (run.elapsed() < seconds * 1000)
        QApplication::processEvents(QEventLoop::AllEvents, 50);
    probe.stop();
    const double runSeconds = static_cast<double>(run.elapsed()) / 1000.0;
    const long long rvAfter = simResourceVersion(kubeconfig);

    std::vector<double> sorts;
    auto *proxy = window.nodesPane()->proxy();
    for (int c = 0; c < proxy->columnCount(); ++c)
        for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
            QElapsedTimer t;
            t.start();
            window.nodesPane()->view()->sortByColumn(c, order);
            sorts.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        }
    // The running-pods table of the Overview pane: our SortFilterIndex over ~150,000 rows.
    std::vector<double> podSorts;
    std::vector<double> podSortsCpu; // the GUI thread's CPU time: the simulator shares the cores
    std::vector<double> podFilters;
    int podRows = 0;
    if (auto *overview = window.findChild<ui::OverviewPane *>()) {
        window.showPane(QStringLiteral("overviewPane"));
        window.repaint();
        auto *pods = overview->proxy();
        podRows = pods->rowCount();
        for (int c = 0; c < pods->columnCount(); ++c)
            for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
                QElapsedTimer t;
                t.start();
                const double cpu = threadCpuMs();
                // What a click on the header does. (QTableView::sortByColumn() of Qt 6.4 sorts
                // twice when sorting is enabled: once through the header's signal, once itself.)
                overview->view()->horizontalHeader()->setSortIndicator(c, order);
                podSorts.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
                podSortsCpu.push_back(threadCpuMs() - cpu);
            }
        // Filter changes (a typed filter box, after its debounce): a field, free text, none.
        for (const char *text : {"gpus>0", "cpu>=0.3, app-2", "app-12", ""}) {
            QElapsedTimer t;
            t.start();
            overview->setFilterText(QString::fromLatin1(text));
            podFilters.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        }
    }
    const auto frames = probe.frameIntervals();
    const auto paints = probe.paints();
    const auto gaps = probe.gaps();
    std::printf(
        "{\"nodes\": %s, \"pods\": %s, \"churn_per_s\": %s, \"sim_start_s\": %.1f, "
        "\"sync_s\": %.2f, \"rows\": %d, \"seconds\": %d, \"sim_writes_per_s\": %.0f, "
        "\"deltas_applied\": %lld, \"deltas_per_s\": %.0f,\n \"flush_ms\": {\"count\": %zu, "
        "\"median\": %.2f, "
        "\"p99\": %.2f, \"max\": %.2f},\n \"frame_ms\": {\"count\": %zu, \"median\": %.2f, "
        "\"p99\": %.2f, \"max\": %.2f},\n \"repaint_ms\": {\"median\": %.2f, \"p99\": %.2f},\n"
        " \"event_loop_gap_ms\": {\"p99\": %.2f, \"max\": %.2f, \"stalls_over_100ms\": %ld},\n"
        " \"sort_nodes_ms\": {\"median\": %.2f, \"max\": %.2f},\n"
        " \"pod_rows\": %d, \"sort_pods_ms\": {\"median\": %.2f, \"max\": %.2f,"
        " \"cpu_median\": %.2f, \"cpu_max\": %.2f},"
        " \"filter_pods_ms\": {\"median\": %.2f, \"max\": %.2f}}\n",
        nodes.c_str(), pods.c_str(), churn.c_str(), simSeconds, syncSeconds, proxy->rowCount(),
        seconds,
        rvBefore < 0 || rvAfter < 0 ? -1.0 : static_cast<double>(rvAfter - rvBefore) / runSeconds,
        static_cast<long long>(applied), static_cast<double>(applied) / seconds, flushMs.size(),
        percentile(flushMs, 0.5), percentile(flushMs, 0.99), percentile(flushMs, 1.0), frames.count,
        frames.median, frames.p99, frames.max, paints.median, paints.p99, gaps.p99, gaps.max,
        static_cast<long>(probe.stalls(100)), percentile(sorts, 0.5), percentile(sorts, 1.0),
        podRows, percentile(podSorts, 0.5), percentile(podSorts, 1.0), percentile(podSortsCpu, 0.5),
        percentile(podSortsCpu, 1.0), percentile(podFilters, 0.5), percentile(podFilters, 1.0));
    return 0;
}
