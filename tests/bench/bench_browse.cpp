// cubedesk-bench-browse: what browsing a resource type costs in the resource browser, and that
// closing it gives the cost back (docs/performance.md, "Browsing a type").
//
//   cubedesk-bench-browse [--nodes 5000] [--pods 150000] [--rounds 3] [--sim-cpus last|LIST|shared]
//
// Starts cubedesk-sim (scale scenario, no churn) on its own CPU (--sim-cpus, as the other
// benchmarks), connects one ClusterHub (the cache of nodes and pods CubeDesk always keeps), then
// `rounds` times: opens the Pods type in a ResourceTableModel (the browser's model: a table watch
// listing every pod as the server's Table, paged), waits until every row is there and the watch
// is live, and closes it. Each time it records the wall time to a full table, the heap in use
// (mallinfo2: what the allocator has handed out and not been given back) and the resident size,
// before opening, while open and after closing; and the table watches still running. The peer is
// `kubectl get pods -A` (the same rows, printed) on the same server: its wall time and peak RSS.
// Prints JSON. A benchmark, not a test.

#include "k8s/session/processresources.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/resourcetablemodel.h"
#include "tests/bench/benchmeasures.h"
#include "tests/bench/benchsupport.h"
#include "tests/support/simprocess.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <sys/resource.h>
#include <sys/wait.h>

#include <malloc.h>

using namespace cubedesk;
using bench::arg;
using bench::median;
using bench::residentMiB;
using bench::runEventLoop;

namespace {

double heapMiB() {
    const struct mallinfo2 info = mallinfo2();
    return static_cast<double>(info.uordblks + info.hblkhd) / (1024.0 * 1024.0);
}

} // namespace

int main(int argc, char **argv) {
    k8s::ProcessResources::keepFreedMemory();
    const bench::CpuSplit cpus = bench::splitCpus(arg(argc, argv, "--sim-cpus", "last"));
    if (cpus.error) {
        std::fprintf(stderr, "cubedesk-bench-browse: %s\n", cpus.error->c_str());
        return 2;
    }
    QCoreApplication app(argc, argv);
    const std::string nodes = arg(argc, argv, "--nodes", "5000");
    const std::string pods = arg(argc, argv, "--pods", "150000");
    const int rounds = std::stoi(arg(argc, argv, "--rounds", "3"));
    std::vector<std::string> simArgs{"--scenario", "scale", "--nodes",     nodes,
                                     "--pods",     pods,    "--background"};
    if (!cpus.simulator.empty()) {
        simArgs.emplace_back("--cpus");
        simArgs.push_back(bench::cpuListText(cpus.simulator));
    }
    test::SimProcess sim(simArgs);
    if (!sim.ready()) {
        std::fprintf(stderr, "cubedesk-bench-browse: %s\n", sim.error().c_str());
        return 1;
    }

    models::ClusterHub hub;
    hub.load({QString::fromStdString(sim.kubeconfig())});
    QElapsedTimer clock;
    clock.start();
    while (hub.clusters().isEmpty() || !hub.clusters().front()->synced()) {
        runEventLoop(50);
        if (clock.elapsed() > 600000) {
            std::fprintf(stderr, "cubedesk-bench-browse: no sync within 600 s\n");
            return 1;
        }
    }
    runEventLoop(1000); // the sync's last batches applied
    malloc_trim(0);

    nlohmann::json out;
    out["nodes"] = std::stoi(nodes);
    out["pods"] = std::stoi(pods);
    out["sim_cpus"] = cpus.simulator.empty() ? "shared" : bench::cpuListText(cpus.simulator);
    out["heap_cache_only_mib"] = heapMiB();
    out["rss_cache_only_mib"] = residentMiB("self");
    std::vector<double> openMs;
    nlohmann::json perRound = nlohmann::json::array();
    const models::ResourceTypeRef podsType{"", "pods", "Pod", true};
    for (int round = 0; round < rounds; ++round) {
        models::ResourceTableModel model;
        clock.restart();
        model.open(podsType, hub.clusters());
        while (!(model.allLive() && model.rowCount() >= std::stoi(pods))) {
            runEventLoop(20);
            if (clock.elapsed() > 600000) {
                std::fprintf(stderr, "cubedesk-bench-browse: the table did not fill in 600 s\n");
                return 1;
            }
        }
        openMs.push_back(static_cast<double>(clock.elapsed()));
        const double heapOpen = heapMiB();
        const double rssOpen = residentMiB("self");
        const int rows = model.rowCount();
        model.close();
        runEventLoop(500); // the watch threads end, their buffers go
        const double heapClosed = heapMiB();
        malloc_trim(0);
        perRound.push_back(
            {{"rows", rows},
             {"open_ms", openMs.back()},
             {"heap_open_mib", heapOpen},
             {"heap_closed_mib", heapClosed},
             {"rss_open_mib", rssOpen},
             {"rss_closed_trimmed_mib", residentMiB("self")},
             {"table_watches_after_close", hub.clusters().front()->session()->tableWatchCount()}});
    }
    out["rounds"] = perRound;
    out["open_ms_median"] = median(openMs);

    // The peer: kubectl get pods -A on the same server, three times.
    std::vector<double> kubectlMs;
    double kubectlRss = 0;
    for (int i = 0; i < 3; ++i) {
        QProcess kubectl;
        kubectl.setStandardOutputFile(QProcess::nullDevice());
        clock.restart();
        bench::startKubectl(kubectl, sim.kubeconfig(),
                            {QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-A")});
        kubectl.waitForFinished(600000);
        kubectlMs.push_back(static_cast<double>(clock.elapsed()));
        struct rusage usage {};
        getrusage(RUSAGE_CHILDREN, &usage);
        kubectlRss = std::max(kubectlRss, static_cast<double>(usage.ru_maxrss) / 1024.0);
    }
    out["kubectl_get_pods_ms_median"] = median(kubectlMs);
    out["kubectl_peak_rss_mib"] = kubectlRss;
    out["open_vs_kubectl_ratio"] = median(openMs) / std::max(1.0, median(kubectlMs));
    std::printf("%s\n", out.dump(2).c_str());
    return 0;
}
