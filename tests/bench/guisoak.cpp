#include "tests/bench/guisoak.h"

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
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>

namespace cubedesk::bench {

namespace {

/// "2h", "30m", "900s" or bare seconds; nullopt when malformed.
std::optional<double> seconds(const std::string &text) {
    std::size_t end = 0;
    double v = 0;
    try {
        v = std::stod(text, &end);
    } catch (const std::exception &) {
        return std::nullopt;
    }
    const std::string unit = text.substr(end);
    if (v <= 0)
        return std::nullopt;
    if (unit.empty() || unit == "s")
        return v;
    if (unit == "m")
        return v * 60;
    if (unit == "h")
        return v * 3600;
    return std::nullopt;
}

/// "namespace/name" (or "name") → resourceVersion of every `resource` kubectl lists.
std::optional<std::map<std::string, std::string>>
listed(const test::SimProcess &sim, const std::string &resource, bool namespaced) {
    static constexpr const char *kColumns =
        "custom-columns=NS:.metadata.namespace,NAME:.metadata.name,RV:.metadata.resourceVersion";
    std::vector<std::string> args{"get", resource, "--no-headers", "-o", kColumns};
    if (namespaced)
        args.emplace_back("-A");
    const auto r = sim.kubectl(args, std::chrono::seconds(120));
    if (r.exitCode != 0) {
        std::fprintf(stderr, "cubedesk-bench-gui: kubectl get %s: %s\n", resource.c_str(),
                     r.err.c_str());
        return std::nullopt;
    }
    std::map<std::string, std::string> out;
    std::istringstream lines(r.out);
    std::string ns;
    std::string name;
    std::string rv;
    while (lines >> ns >> name >> rv) {
        std::string key = namespaced ? ns : std::string();
        if (namespaced)
            key += '/';
        key += name;
        out.emplace(std::move(key), rv);
    }
    return out;
}

/// Entries that differ between the cache and the list (missing on either side, or another
/// resourceVersion), as "key cache RV list RV" ("-" for missing).
std::vector<std::string> differences(const std::map<std::string, std::string> &cache,
                                     const std::map<std::string, std::string> &list) {
    std::vector<std::string> out;
    const auto add = [&out](const std::string &key, const std::string &cached,
                            const std::string &listed) {
        std::string line = key;
        line += " cache ";
        line += cached;
        line += " list ";
        line += listed;
        out.push_back(std::move(line));
    };
    for (const auto &[key, rv] : cache) {
        const auto it = list.find(key);
        if (it == list.end() || it->second != rv)
            add(key, rv, it == list.end() ? std::string("-") : it->second);
    }
    for (const auto &[key, rv] : list)
        if (!cache.contains(key))
            add(key, "-", rv);
    return out;
}

} // namespace

int runSoak(int argc, char **argv, const std::vector<int> &simCpus) {
    const auto duration = seconds(arg(argc, argv, "--soak", "2h"));
    const auto faultEvery = seconds(arg(argc, argv, "--fault-every", "120s"));
    const auto sampleEvery = seconds(arg(argc, argv, "--sample-every", "60s"));
    if (!duration || !faultEvery || !sampleEvery) {
        std::fprintf(stderr, "cubedesk-bench-gui: --soak, --fault-every and --sample-every "
                             "take a duration: 2h, 30m, 900s\n");
        return 2;
    }
    const std::string nodes = arg(argc, argv, "--nodes", "500");
    const std::string pods = arg(argc, argv, "--pods", "15000");
    const std::string churn = arg(argc, argv, "--churn", "1000");
    const auto whole = [](double s) { return std::to_string(std::llround(s)); };

    std::vector<std::string> flags{
        "--scenario",       "scale",
        "--nodes",          nodes,
        "--pods",           pods,
        "--churn",          churn,
        "--churn-duration", whole(*duration),
        "--faults",         "cycle:every=" + whole(*faultEvery) + "s:for=" + whole(*duration) + "s",
        "--history-window", "100000",
        "--background"};
    if (!simCpus.empty()) {
        flags.emplace_back("--cpus");
        flags.push_back(cpuListText(simCpus));
    }
    test::SimProcess sim(flags);
    if (!sim.ready()) {
        std::fprintf(stderr, "cubedesk-bench-gui: %s\n", sim.error().c_str());
        return 1;
    }
    QElapsedTimer clock; // from the simulator's start: its churn and fault cycle start there
    clock.start();

    models::ClusterHub hub;
    ui::MainWindow::Options o;
    o.kubeconfigs = {QString::fromStdString(sim.kubeconfig())};
    o.remember = false;
    ui::MainWindow window(&hub, o);
    window.resize(1440, 900);
    window.show();
    window.showPane(QStringLiteral("nodesPane"));

    const auto now = [&clock] { return static_cast<double>(clock.elapsed()) / 1000.0; };
    const auto cluster = [&hub]() -> const models::ClusterConnection * {
        return hub.clusters().isEmpty() ? nullptr : hub.clusters().front();
    };
    while (!cluster() || !cluster()->synced()) {
        runEventLoop(50);
        if (now() > 600) {
            std::fprintf(stderr, "cubedesk-bench-gui: no sync within 600 s\n");
            return 1;
        }
    }
    const double syncedAt = now();

    // The soak: one sample per interval, until the simulator says its churn has run its course.
    Json samples = Json::array();
    std::size_t stalls = 0;
    double maxGap = 0;
    int faultsSeen = 0;
    bool wasLive = true;
    ui::ResponsivenessProbe probe(&window, ui::ResponsivenessProbe::Mode::OwnUpdates);
    while (sim.stdoutText().find("churn finished") == std::string::npos) {
        if (now() > *duration + 600) {
            std::fprintf(stderr, "cubedesk-bench-gui: the churn did not finish\n");
            return 1;
        }
        probe.start();
        QElapsedTimer interval;
        interval.start();
        while (interval.elapsed() < static_cast<qint64>(*sampleEvery * 1000) &&
               sim.stdoutText().find("churn finished") == std::string::npos) {
            runEventLoop(250);
            // Live is what the badge shows; synced() also waits for the backlog, which churn fills.
            const bool live = cluster()->freshness().level == models::Freshness::Level::Live;
            faultsSeen += wasLive && !live ? 1 : 0;
            wasLive = live;
        }
        probe.stop();
        const auto gaps = probe.gaps();
        stalls += probe.stalls(100);
        maxGap = std::max(maxGap, gaps.max);
        samples.push_back(
            {{"t_s", std::round(now())},
             {"resident_mib", r2(residentMiB("self"))},
             {"heap_in_use_mib", r2(heapInUseMiB())},
             {"cached_pods", cluster()->store().pods().size()},
             {"frame_time_p99_ms", r2(probe.frameTimes().p99)},
             {"max_gap_ms", r2(gaps.max)},
             {"stalls_over_100ms", probe.stalls(100)},
             {"faults_seen", faultsSeen},
             {"live", cluster()->freshness().level == models::Freshness::Level::Live}});
        std::fprintf(stderr, "%s\n", samples.back().dump().c_str());
    }

    // The end: the window's cache against a fresh LIST, until equal (the last fault's recovery
    // and the last events may still be on their way) or 120 s pass.
    QElapsedTimer converge;
    converge.start();
    std::vector<std::string> podDiff;
    std::vector<std::string> nodeDiff;
    std::size_t cachedPods = 0;
    for (;;) {
        runEventLoop(1000);
        // kubectl blocks the event loop for seconds: list only once the window has applied what
        // it received, so that the comparisons do not starve the applying.
        if (cluster()->hasBacklog() && converge.elapsed() <= 120000)
            continue;
        const auto podList = listed(sim, "pods", true);
        const auto nodeList = listed(sim, "nodes", false);
        if (!podList || !nodeList)
            return 1;
        std::map<std::string, std::string> podCache;
        for (const auto &[key, pod] : cluster()->store().pods())
            podCache.emplace(key, pod->resourceVersion());
        std::map<std::string, std::string> nodeCache;
        for (const auto &[name, node] : cluster()->store().nodes())
            nodeCache.emplace(name, node->resourceVersion());
        podDiff = differences(podCache, *podList);
        nodeDiff = differences(nodeCache, *nodeList);
        cachedPods = podCache.size();
        if ((podDiff.empty() && nodeDiff.empty()) || converge.elapsed() > 120000)
            break;
    }

    // Growth after the first ten minutes: the last sample against the first at or after 600 s.
    double growth = 0;
    for (const auto &s : samples)
        if (s["t_s"].get<double>() >= 600) {
            growth = samples.back()["resident_mib"].get<double>() - s["resident_mib"].get<double>();
            break;
        }
    const Json out{{"duration_s", *duration},
                   {"nodes", nodes},
                   {"pods", pods},
                   {"churn_per_s", churn},
                   {"fault_every_s", *faultEvery},
                   {"sim_cpus", simCpus.empty() ? Json() : Json(cpuListText(simCpus))},
                   {"window_cpus", cpuListText(k8s::ProcessResources::allowedCpus())},
                   {"synced_at_s", r2(syncedAt)},
                   {"faults_seen", faultsSeen},
                   {"stalls_over_100ms", stalls},
                   {"max_gap_ms", r2(maxGap)},
                   {"resident_growth_after_10min_mib", r2(growth)},
                   {"cached_pods", cachedPods},
                   {"cache_equals_fresh_list", podDiff.empty() && nodeDiff.empty()},
                   {"backlog_left_at_end", cluster()->hasBacklog()},
                   {"pod_differences", podDiff},
                   {"node_differences", nodeDiff},
                   {"converged_after_s", r2(static_cast<double>(converge.elapsed()) / 1000.0)},
                   {"samples", samples}};
    std::printf("%s\n", out.dump(1).c_str());
    return 0;
}

} // namespace cubedesk::bench
