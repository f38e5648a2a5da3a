// cubedesk-bench-gui: is the window responsive on a big, busy cluster? (docs/performance.md)
//
//   cubedesk-bench-gui [--nodes 5000] [--pods 150000] [--churn 10000] [--seconds 20]
//                      [--sim-cpus last|LIST|shared]
//   cubedesk-bench-gui --kubeconfig FILE [--seconds 20]
//
// Starts cubedesk-sim (scale scenario) with that churn. The simulator stands for an API server on
// other machines, so by default it gets this machine's last CPU to itself (--cpus) and the window
// the others; --sim-cpus LIST chooses its CPUs, --sim-cpus shared lets both use every CPU (the
// simulator then at SCHED_IDLE; on a 2-core machine it still delays the window's threads by up
// to ~35 ms at a time: perf sched saw SCHED_IDLE simulator threads keep the CPU while the GUI
// thread was runnable, Linux 6.18). With --kubeconfig it uses the current context of FILE: a
// simulator on another machine (`cubedesk-sim --scenario scale --churn 10000 --history-window
// 100000 --listen 0.0.0.0:6443 --write-kubeconfig kc`, then point the server address at that
// machine and add `tls-server-name: localhost`) or a real cluster. It opens the real MainWindow
// (run it under xvfb-run for a real X server, or QT_QPA_PLATFORM=offscreen), waits for sync,
// shows the Nodes pane, waits until the models have applied the sync, then for --seconds twice:
//   * ui::ResponsivenessProbe records every event-loop gap (a stall is > 100 ms) and the
//     interval between 60 Hz frame ticks (which includes the applied batches and painting) —
//     first with the window repainting what changed, as in use (frame_ms, paint_ms: the time of
//     each of the window's own repaints), then forcing a full-window repaint every frame, the
//     worst case (forced_full_repaint);
//   * every flush of the update dispatcher records how long applying its slice took (with a
//     least-squares fit: fixed cost per flush and cost per delta; the slowest go to stderr);
// then times five `kubectl label node` writes until the window's cache has them (local simulator
// only: label_in_window_ms, kubectl's own time included and reported as kubectl_label_ms),
// sorts the Nodes table by every column, and the Overview pane's running-pods table (every
// pod that holds resources: ~150,000 rows) by every column in both orders and changes its filter
// four times. Prints JSON with medians, p99 and maxima.
//
//   cubedesk-bench-gui --memory [--nodes 5000] [--pods 150000]   (no churn)
// instead reports what the window's memory is made of: resident memory and heap (in use, and
// freed but kept: ProcessResources::keepFreedMemory) when the process starts, after the sync
// with the Nodes pane, after each further pane was shown and its models settled, back on the
// Nodes pane once the Overview has released its running-pods table (OverviewPane::
// kReleaseAfterMs), and after malloc_trim (what the kept free heap was, and how long it took).
//
//   cubedesk-bench-gui --clusters N ...   many clusters at once: see guimanyclusters.h.
//   cubedesk-bench-gui --soak DURATION ...   hours of churn and faults: see guisoak.h.
// A benchmark, not a test: figures go into the README and docs/performance.md.

#include "k8s/session/processresources.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/runningpodmodel.h"
#include "models/sortfilterindex.h"
#include "models/updatedispatcher.h"
#include "tests/bench/benchmeasures.h"
#include "tests/bench/benchsupport.h"
#include "tests/bench/guibenchjson.h"
#include "tests/bench/guimanyclusters.h"
#include "tests/bench/guisoak.h"
#include "tests/support/simprocess.h"
#include "ui/mainwindow.h"
#include "ui/nodespane.h"
#include "ui/overviewpane.h"
#include "ui/responsivenessprobe.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTableView>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include <malloc.h>
#include <time.h>

using namespace cubedesk;
using bench::arg;
using bench::cpuListText;
using bench::Json;
using bench::r2;
using bench::responsivenessJson;
using bench::runEventLoop;
using bench::startKubectl;

namespace {

double percentile(std::vector<double> v, double p) {
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

/// Least-squares line y = a + b·x: {a, b}; {0, 0} with fewer than two distinct x.
std::pair<double, double> linearFit(const std::vector<double> &x, const std::vector<double> &y) {
    const double n = static_cast<double>(x.size());
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sx += x[i];
        sy += y[i];
        sxx += x[i] * x[i];
        sxy += x[i] * y[i];
    }
    const double d = n * sxx - sx * sx;
    if (x.size() < 2 || d == 0)
        return {0, 0};
    const double b = (n * sxy - sx * sy) / d;
    return {(sy - b * sx) / n, b};
}

/// Runs the event loop for `ms` as the application does (exec(): it sleeps when idle).
/// processEvents(flags, maxtime) would spin instead, keeping a core busy and making the GUI
/// thread look like a CPU hog to the scheduler.

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
    startKubectl(kubectl, kubeconfig,
                 {QStringLiteral("get"), QStringLiteral("--raw"),
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
    // Before any thread starts (threads inherit both): the window's process keeps its heap, as
    // the application does, and — when the simulator runs here — stays off the simulator's CPUs.
    k8s::ProcessResources::keepFreedMemory();
    const std::string kubeconfigArg = arg(argc, argv, "--kubeconfig", "");
    const bench::CpuSplit cpus =
        bench::splitCpus(kubeconfigArg.empty() ? arg(argc, argv, "--sim-cpus", "last") : "shared");
    if (cpus.error) {
        std::fprintf(stderr, "cubedesk-bench-gui: %s\n", cpus.error->c_str());
        return 2;
    }
    const std::vector<int> &simCpus = cpus.simulator;
    QApplication app(argc, argv);
    const bool memoryMode = bench::hasFlag(argc, argv, "--memory");
    nlohmann::ordered_json memoryStages = nlohmann::ordered_json::array();
    const auto memoryStage = [&memoryStages](const char *stage) {
        const struct mallinfo2 m = mallinfo2();
        memoryStages.push_back(
            {{"stage", stage},
             {"resident_mib", bench::residentMiB("self")},
             {"heap_in_use_mib", bench::heapInUseMiB()},
             {"heap_free_kept_mib", static_cast<double>(m.fordblks) / 1048576.0}});
    };
    memoryStage("process started (Qt, libraries)");
    QStandardPaths::setTestModeEnabled(true);
    if (!bench::arg(argc, argv, "--clusters", "").empty())
        return bench::runManyClusters(argc, argv, simCpus);
    if (!bench::arg(argc, argv, "--soak", "").empty())
        return bench::runSoak(argc, argv, simCpus);
    std::string nodes = arg(argc, argv, "--nodes", "5000");
    std::string pods = arg(argc, argv, "--pods", "150000");
    std::string churn = memoryMode ? "0" : arg(argc, argv, "--churn", "10000");
    const int seconds = std::stoi(arg(argc, argv, "--seconds", "20"));
    std::string kubeconfig = kubeconfigArg;

    QElapsedTimer clock;
    clock.start();
    std::unique_ptr<test::SimProcess> sim;
    if (kubeconfig.empty()) {
        // At 10,000 writes/s the default 10,000-event history lasts one second, less than the
        // list of 150k pods takes: keep ten seconds' worth, as a real apiserver's watch cache
        // would. The simulator stands for an API server on other machines: it runs on its own
        // CPU (--sim-cpus; it needs most of a core for 10,000 writes/s, sim_writes_per_s says what
        // it delivered) and in the background (SCHED_IDLE), for the CPUs the window may share
        // with it. At nice 10 it took 10 ms slices while the GUI thread waited; at SCHED_IDLE
        // on a shared CPU, up to ~35 ms (see the top of this file).
        std::vector<std::string> simArgs{"--scenario",       "scale",  "--nodes",     nodes,
                                         "--pods",           pods,     "--churn",     churn,
                                         "--history-window", "100000", "--background"};
        if (!simCpus.empty()) {
            simArgs.emplace_back("--cpus");
            simArgs.push_back(cpuListText(simCpus));
        }
        sim = std::make_unique<test::SimProcess>(simArgs);
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
    std::vector<double> flushDeltas;
    qint64 applied = 0;
    QObject::connect(hub.dispatcher(), &models::UpdateDispatcher::flushed, &app,
                     [&](qint64 deltas, double ms) {
                         flushMs.push_back(ms);
                         flushDeltas.push_back(static_cast<double>(deltas));
                         applied += deltas;
                     });
    clock.restart();
    while (hub.clusters().isEmpty() || !hub.clusters().front()->synced()) {
        runEventLoop(50);
        if (clock.elapsed() > 600000) {
            std::fprintf(stderr, "cubedesk-bench-gui: no sync within 600 s\n");
            return 1;
        }
    }
    const double syncSeconds = static_cast<double>(clock.elapsed()) / 1000.0;
    // The models then apply the sync's backlog in frame-budget slices: measure after that.
    while (hub.clusters().front()->hasBacklog())
        runEventLoop(50);
    const double appliedSeconds = static_cast<double>(clock.elapsed()) / 1000.0;
    // Let the initial flood settle into the model before measuring the steady state.
    QElapsedTimer settle;
    settle.start();
    while (settle.elapsed() < 2000)
        runEventLoop(50);
    flushMs.clear();
    flushDeltas.clear();
    applied = 0;
    if (memoryMode) {
        memoryStage("synced and applied, Nodes pane shown");
        for (const char *pane : {"clustersPane", "boardPane", "jobsPane", "quotasPane", "gpusPane",
                                 "overviewPane", "pendingPane", "resourcesPane", "nodesPane"}) {
            window.showPane(QString::fromLatin1(pane));
            window.repaint();
            QElapsedTimer shown;
            shown.start();
            auto *overview = window.findChild<ui::OverviewPane *>();
            while (shown.elapsed() < 3000 || hub.clusters().front()->hasBacklog() ||
                   (overview->podModel() && overview->podModel()->loading()))
                runEventLoop(50);
            memoryStage(pane);
        }
        // The running-pods table is released kReleaseAfterMs after the Overview was hidden.
        QElapsedTimer released;
        released.start();
        while (released.elapsed() < ui::OverviewPane::kReleaseAfterMs + 1000)
            runEventLoop(100);
        memoryStage("Nodes pane, after the Overview's table was released");
        QElapsedTimer trim;
        trim.start();
        malloc_trim(0);
        const double trimMs = static_cast<double>(trim.nsecsElapsed()) / 1e6;
        memoryStage("after malloc_trim (freed heap returned)");
        memoryStages.back()["malloc_trim_ms"] = trimMs;
        nlohmann::ordered_json out;
        out["nodes"] = nodes;
        out["pods"] = pods;
        out["sync_s"] = syncSeconds;
        out["stages"] = memoryStages;
        std::printf("%s\n", out.dump(1).c_str());
        return 0;
    }
    // One paint of every pane first: the first paint builds glyph and style caches once per
    // process, which is start-up cost, not the steady state this measures.
    for (const char *pane : {"clustersPane", "boardPane", "nodesPane"}) {
        window.showPane(QString::fromLatin1(pane));
        window.repaint();
    }

    // --seconds as in use (the window repaints what changed), then --seconds of forced
    // full-window repaints at 60 Hz (the worst case).
    ui::ResponsivenessProbe probe(&window, ui::ResponsivenessProbe::Mode::OwnUpdates);
    ui::ResponsivenessProbe forced(&window, ui::ResponsivenessProbe::Mode::FullRepaint);
    const long long rvBefore = simResourceVersion(kubeconfig);
    QElapsedTimer run;
    run.start();
    for (ui::ResponsivenessProbe *p : {&probe, &forced}) {
        p->start();
        QElapsedTimer phase;
        phase.start();
        while (phase.elapsed() < qint64{seconds} * 1000)
            runEventLoop(50);
        p->stop();
    }
    const double runSeconds = static_cast<double>(run.elapsed()) / 1000.0;
    const long long rvAfter = simResourceVersion(kubeconfig);

    // How far behind the cluster is what the window shows, under this load? kubectl labels a
    // node (five times), timed from kubectl's start until the window's cache has the value —
    // kubectl's own run (start-up, discovery, the PATCH) included, and reported alongside.
    // Only on the local simulator: the bench never writes to a cluster it was pointed at.
    std::vector<double> labelSeenMs;
    std::vector<double> kubectlMs;
    if (sim) {
        const models::ClusterConnection *connection = hub.clusters().front();
        const std::string node = connection->store().nodes().begin()->first;
        for (int i = 0; i < 5; ++i) {
            const std::string value = "mark-" + std::to_string(i);
            QProcess kubectl;
            QElapsedTimer t;
            t.start();
            startKubectl(kubectl, kubeconfig,
                         {QStringLiteral("label"), QStringLiteral("node"),
                          QString::fromStdString(node),
                          QString::fromStdString("cubedesk.io/bench-mark=" + value),
                          QStringLiteral("--overwrite")});
            double kubectlDone = -1;
            double seen = -1;
            while (t.elapsed() < 60000 && (seen < 0 || kubectlDone < 0)) {
                runEventLoop(2);
                if (kubectlDone < 0 && kubectl.state() == QProcess::NotRunning)
                    kubectlDone = static_cast<double>(t.nsecsElapsed()) / 1e6;
                const models::NodePtr n = connection->store().node(node);
                if (seen < 0 && n &&
                    n->labels().value("cubedesk.io/bench-mark") == std::string_view(value))
                    seen = static_cast<double>(t.nsecsElapsed()) / 1e6;
            }
            if (seen < 0 || kubectl.exitCode() != 0) {
                std::fprintf(stderr, "cubedesk-bench-gui: kubectl label %s: %s\n",
                             seen < 0 ? "never seen in the window" : "failed",
                             kubectl.readAllStandardError().constData());
                return 1;
            }
            labelSeenMs.push_back(seen);
            kubectlMs.push_back(kubectlDone);
        }
    }

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
    double overviewLoadMs = -1;
    if (auto *overview = window.findChild<ui::OverviewPane *>()) {
        // The pane builds its running-pods table when shown, in slices: time it until complete.
        QElapsedTimer load;
        load.start();
        window.showPane(QStringLiteral("overviewPane"));
        window.repaint();
        while (overview->podModel() && overview->podModel()->loading())
            runEventLoop(5);
        overviewLoadMs = static_cast<double>(load.nsecsElapsed()) / 1e6;
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
    {
        std::vector<std::pair<double, double>> slowest;
        for (std::size_t i = 0; i < flushMs.size(); ++i)
            slowest.emplace_back(flushMs[i], flushDeltas[i]);
        std::sort(slowest.rbegin(), slowest.rend());
        slowest.resize(std::min<std::size_t>(slowest.size(), 8));
        std::fprintf(stderr, "cubedesk-bench-gui: slowest flushes (ms, deltas):");
        for (const auto &[ms, n] : slowest)
            std::fprintf(stderr, " (%.1f, %.0f)", ms, n);
        std::fprintf(stderr, "\n");
    }
    // flush time ≈ fixed + per-delta × deltas (least squares): what a flush costs however small.
    const std::pair<double, double> fit = linearFit(flushDeltas, flushMs);
    const auto medianMax = [&](const std::vector<double> &v) {
        return Json{{"median", r2(percentile(v, 0.5))}, {"max", r2(percentile(v, 1.0))}};
    };
    // The window as in use, then the worst case; frame_time_ms is the criterion (see
    // ResponsivenessProbe): p99 at most 16.7 ms, no stall over 100 ms.
    const Json out{{"nodes", nodes},
                   {"pods", pods},
                   {"churn_per_s", churn},
                   {"sim_cpus", simCpus.empty() ? Json() : Json(cpuListText(simCpus))},
                   {"window_cpus", cpuListText(k8s::ProcessResources::allowedCpus())},
                   {"sim_start_s", r2(simSeconds)},
                   {"sync_s", r2(syncSeconds)},
                   {"models_synced_s", r2(appliedSeconds)},
                   {"rows", proxy->rowCount()},
                   {"seconds", seconds},
                   {"sim_writes_per_s",
                    rvBefore < 0 || rvAfter < 0
                        ? -1.0
                        : std::round(static_cast<double>(rvAfter - rvBefore) / runSeconds)},
                   {"deltas_applied", applied},
                   {"deltas_per_s", std::round(static_cast<double>(applied) / runSeconds)},
                   {"flush_ms", Json{{"count", flushMs.size()},
                                     {"median", r2(percentile(flushMs, 0.5))},
                                     {"p99", r2(percentile(flushMs, 0.99))},
                                     {"max", r2(percentile(flushMs, 1.0))},
                                     {"deltas_median", percentile(flushDeltas, 0.5)},
                                     {"fixed_ms", r2(fit.first)},
                                     {"us_per_delta", r2(fit.second * 1000)}}},
                   {"overview_table_load_ms", r2(overviewLoadMs)},
                   {"kubectl_label_ms", medianMax(kubectlMs)},
                   {"label_in_window_ms", medianMax(labelSeenMs)},
                   {"window", responsivenessJson(probe)},
                   {"forced_full_repaint", responsivenessJson(forced)},
                   {"sort_nodes_ms", medianMax(sorts)},
                   {"pod_rows", podRows},
                   {"sort_pods_ms", medianMax(podSorts)},
                   {"sort_pods_cpu_ms", medianMax(podSortsCpu)},
                   {"filter_pods_ms", medianMax(podFilters)}};
    std::printf("%s\n", out.dump(1).c_str());
    return 0;
}
