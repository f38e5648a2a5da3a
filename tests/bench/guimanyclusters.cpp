#include "tests/bench/guimanyclusters.h"

#include "k8s/session/processresources.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "tests/bench/benchmeasures.h"
#include "tests/bench/benchsupport.h"
#include "tests/bench/guibenchjson.h"
#include "tests/support/simprocess.h"
#include "ui/mainwindow.h"
#include "ui/responsivenessprobe.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

namespace cubedesk::bench {

namespace {

Json medianMax(const std::vector<double> &v) {
    return Json{{"median", r2(median(v))},
                {"max", r2(v.empty() ? 0.0 : *std::max_element(v.begin(), v.end()))}};
}

/// Seconds from now until every cluster of `hub` named in `names` is synced (Live, backlog
/// applied): each one's time by name. Empty when `limitS` passes first.
std::map<std::string, double> waitForSync(const models::ClusterHub &hub,
                                          const std::vector<std::string> &names, double limitS) {
    std::map<std::string, double> synced;
    QElapsedTimer clock;
    clock.start();
    while (synced.size() < names.size()) {
        runEventLoop(10);
        const double now = static_cast<double>(clock.nsecsElapsed()) / 1e9;
        for (const models::ClusterConnection *c : hub.clusters()) {
            const std::string name = c->name().toStdString();
            if (c->synced() && !synced.contains(name))
                synced.emplace(name, now);
        }
        if (now > limitS)
            return {};
    }
    return synced;
}

ui::MainWindow::Options windowOptions(const QStringList &kubeconfigs) {
    ui::MainWindow::Options o;
    o.kubeconfigs = kubeconfigs;
    o.remember = false;
    return o;
}

std::size_t lineCount(const std::string &text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

} // namespace

int runManyClusters(int argc, char **argv, const std::vector<int> &simCpus) {
    const int count = std::stoi(arg(argc, argv, "--clusters", "10"));
    const std::string nodes = arg(argc, argv, "--nodes", "500");
    const std::string pods = arg(argc, argv, "--pods", "15000");
    const std::string churn = arg(argc, argv, "--churn", "1000");
    const int seconds = std::stoi(arg(argc, argv, "--seconds", "20"));
    const bool peers = !hasFlag(argc, argv, "--no-peers");
    constexpr double kSyncLimitS = 600;

    // The simulators stand for N API servers elsewhere: on their own CPUs, in the background.
    QElapsedTimer clock;
    clock.start();
    std::vector<std::unique_ptr<test::SimProcess>> sims;
    std::vector<std::string> names;
    QStringList kubeconfigs;
    for (int i = 0; i < count; ++i) {
        const std::string name = "c" + std::to_string(i + 1);
        std::vector<std::string> flags{"--scenario",       "scale", "--nodes",        nodes,
                                       "--pods",           pods,    "--churn",        churn,
                                       "--history-window", "20000", "--context-name", name,
                                       "--background"};
        if (!simCpus.empty()) {
            flags.emplace_back("--cpus");
            flags.push_back(cpuListText(simCpus));
        }
        sims.push_back(std::make_unique<test::SimProcess>(flags));
        if (!sims.back()->ready()) {
            std::fprintf(stderr, "cubedesk-bench-gui: simulator %s: %s\n", name.c_str(),
                         sims.back()->error().c_str());
            return 1;
        }
        names.push_back(name);
        kubeconfigs << QString::fromStdString(sims.back()->kubeconfig());
    }
    const double simStartS = static_cast<double>(clock.elapsed()) / 1000.0;

    const double residentBefore = residentMiB("self");
    const double heapBefore = heapInUseMiB();
    Json together;
    Json inUse;
    Json memory;
    std::map<std::string, double> syncTogether;
    {
        models::ClusterHub hub;
        ui::MainWindow window(&hub, windowOptions(kubeconfigs));
        window.resize(1440, 900);
        window.show();
        window.showPane(QStringLiteral("nodesPane"));
        // From the window's first moment: N clusters connecting and syncing must not freeze it.
        ui::ResponsivenessProbe connecting(&window, ui::ResponsivenessProbe::Mode::OwnUpdates);
        connecting.start();
        syncTogether = waitForSync(hub, names, kSyncLimitS);
        connecting.stop();
        if (syncTogether.empty()) {
            std::fprintf(stderr, "cubedesk-bench-gui: not every cluster synced within %.0f s\n",
                         kSyncLimitS);
            return 1;
        }
        std::vector<double> times;
        for (const auto &[name, s] : syncTogether)
            times.push_back(s);
        together = responsivenessJson(connecting);
        together["sync_s"] = medianMax(times);

        QElapsedTimer settle;
        settle.start();
        while (settle.elapsed() < 2000)
            runEventLoop(50);
        ui::ResponsivenessProbe use(&window, ui::ResponsivenessProbe::Mode::OwnUpdates);
        const double cpuBefore = cpuSeconds("self");
        QElapsedTimer run;
        run.start();
        use.start();
        while (run.elapsed() < qint64{seconds} * 1000)
            runEventLoop(50);
        use.stop();
        const double runS = static_cast<double>(run.elapsed()) / 1000.0;
        inUse = responsivenessJson(use);
        inUse["cpu_percent_of_one_core"] = r2(100.0 * (cpuSeconds("self") - cpuBefore) / runS);

        std::size_t cached = 0;
        for (const models::ClusterConnection *c : hub.clusters())
            cached += c->store().pods().size();
        const double residentAfter = residentMiB("self");
        const double heapAfter = heapInUseMiB();
        const auto perPod = [cached](double mib) {
            return cached == 0 ? 0.0 : std::round(mib * 1048576.0 / static_cast<double>(cached));
        };
        memory = Json{{"cached_pods", cached},
                      {"resident_before_mib", r2(residentBefore)},
                      {"resident_after_mib", r2(residentAfter)},
                      {"resident_bytes_per_pod", perPod(residentAfter - residentBefore)},
                      {"heap_before_mib", r2(heapBefore)},
                      {"heap_after_mib", r2(heapAfter)},
                      {"heap_bytes_per_pod", perPod(heapAfter - heapBefore)}};
    }

    // Each cluster alone, in a window of its own, under the same churn.
    std::vector<double> alone;
    double worstRatio = 0;
    for (int i = 0; i < count; ++i) {
        models::ClusterHub hub;
        ui::MainWindow window(&hub, windowOptions({kubeconfigs[i]}));
        window.resize(1440, 900);
        window.show();
        window.showPane(QStringLiteral("nodesPane"));
        const auto synced = waitForSync(hub, {names[static_cast<std::size_t>(i)]}, kSyncLimitS);
        if (synced.empty()) {
            std::fprintf(stderr, "cubedesk-bench-gui: %s alone did not sync\n",
                         names[static_cast<std::size_t>(i)].c_str());
            return 1;
        }
        const double s = synced.begin()->second;
        alone.push_back(s);
        worstRatio = std::max(worstRatio, syncTogether.at(synced.begin()->first) / s);
    }

    // What a user would otherwise run: `kubectl get pods -A -w` per cluster.
    Json peer;
    if (peers) {
        std::vector<std::unique_ptr<test::Process>> watches;
        for (const auto &sim : sims)
            watches.push_back(sim->kubectlAsync({"get", "pods", "-A", "-w"}));
        const std::size_t listed = std::stoul(pods);
        QElapsedTimer wait;
        wait.start();
        for (const auto &w : watches)
            while (lineCount(w->out()) < listed && wait.elapsed() < kSyncLimitS * 1000)
                runEventLoop(50);
        double cpuBefore = 0;
        for (const auto &w : watches)
            cpuBefore += cpuSeconds(std::to_string(w->pid()));
        QElapsedTimer run;
        run.start();
        while (run.elapsed() < qint64{seconds} * 1000)
            runEventLoop(50);
        double cpuAfter = 0;
        double resident = 0;
        for (const auto &w : watches) {
            cpuAfter += cpuSeconds(std::to_string(w->pid()));
            resident += residentMiB(std::to_string(w->pid()));
        }
        const double runS = static_cast<double>(run.elapsed()) / 1000.0;
        peer = Json{{"listed_s", r2(static_cast<double>(wait.elapsed()) / 1000.0 - runS)},
                    {"resident_mib_sum", r2(resident)},
                    {"resident_bytes_per_pod",
                     std::round(resident * 1048576.0 / static_cast<double>(listed * sims.size()))},
                    {"cpu_percent_of_one_core_sum", r2(100.0 * (cpuAfter - cpuBefore) / runS)}};
        for (const auto &w : watches)
            w->terminate();
    }

    const Json out{{"clusters", count},
                   {"nodes_each", nodes},
                   {"pods_each", pods},
                   {"churn_per_s_each", churn},
                   {"sim_cpus", simCpus.empty() ? Json() : Json(cpuListText(simCpus))},
                   {"window_cpus", cpuListText(k8s::ProcessResources::allowedCpus())},
                   {"sim_start_s", r2(simStartS)},
                   {"connect_and_sync", together},
                   {"alone_sync_s", medianMax(alone)},
                   {"worst_sync_ratio_to_alone", r2(worstRatio)},
                   {"in_use", inUse},
                   {"memory", memory},
                   {"kubectl_get_w", peer}};
    std::printf("%s\n", out.dump(1).c_str());
    return 0;
}

} // namespace cubedesk::bench
