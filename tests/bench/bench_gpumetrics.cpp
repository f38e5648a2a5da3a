// cubedesk-bench-gpumetrics: what one refresh of the GPUs pane's DCGM metrics costs on a big GPU
// cluster, against curl fetching the same query through the same proxy (docs/performance.md).
//
//   cubedesk-bench-gpumetrics [--nodes 5000] [--gpu-nodes N] [--pods 150000] [--refreshes 5]
//                             [--curl-runs 5] [--idle-runs 3] [--scrape-interval 60]
//                             [--sim-cpus last|LIST]
//
// Starts `cubedesk-sim --scenario scale --prometheus` (--gpu-nodes of the --nodes have eight
// A100s each and run the dcgm-exporter DaemonSet's pod; default: every node) with a real
// Prometheus scraping every exporter. The simulator stands for an API server and a Prometheus on
// other machines: both get this machine's last CPU (--sim-cpus; Prometheus is the simulator's
// child and inherits it) and this process — its threads, and curl — the others. Ready when
// Prometheus, asked through the API server's service proxy, counts every GPU
// (`count(DCGM_FI_DEV_GPU_UTIL)` = 8 × GPU nodes).
//
// Then, as the application does: a models::ClusterHub on the simulator's kubeconfig, synced, and
// a ui::GpusPane on that cluster, shown (1440×900; run it under xvfb-run, or
// QT_QPA_PLATFORM=offscreen), whose GpuMetricsMonitor (hub->gpuMetrics()) looks for Prometheus
// and asks it once (first_refresh). Five seconds with nothing asked give the window's idle CPU
// (idle_cpu_s_per_s). Then --refreshes polls (the monitor's pollAll, started as watch() starts
// it when the pane appears), each until updated() says the cluster is measured (or failed) —
// the wall time, the process's CPU time (getrusage RUSAGE_SELF: every thread, the decoding in
// Qt's pool included), the same split by thread (the GUI thread, Qt's pool, the others: the
// cluster's transport thread among them) and the page faults — then a second for the pane to
// repaint. Those are measured without a probe: a ui::ResponsivenessProbe wakes the GUI thread
// every few milliseconds, and a refresh waits seconds on Prometheus, so its cost would be
// counted as the refresh's. Then as many again with the probe running throughout, whose frame
// times and longest event-loop gap cover those refreshes and their repaints.
//
// The peer, in the same run: curl fetching the same instant queries (k8s::GpuReadings'
// identityQuery() and valuesQuery() through k8s::PrometheusEndpoint
// monitoring/prometheus-k8s:9090, one after the other) from the same API server with the
// kubeconfig's credentials and CA, --curl-runs times (wall time; CPU of the curl child, getrusage
// RUSAGE_CHILDREN). Last, the monitor's two steps run here on the GUI thread on those bodies, for
// where the time goes: the attribution's tables from the cache (GpuSeriesAttribution) and
// GpuReadings::fromAnswers (streamed decoding and attribution: the monitor runs it in Qt's pool);
// and, for comparison, the bytes of asking every series whole (GpuReadings::query(), what the
// monitor asked before) and fromAnswer on them. Prints one JSON object: medians, and the ratios
// to curl.
// Then the Idle and waste report (models::IdleGpuReport, 5 % and 1 h), --idle-runs times from
// asking to rows (wall, CPU of this process and of its GUI thread), against curl fetching its
// seven queries
// (k8s::IdleGpuRows::queries) one after the other; answer_bytes is what they read.
// A benchmark, not a test: figures go into docs/performance.md.

#include "k8s/config/kubeconfig.h"
#include "k8s/config/kubeconfigsources.h"
#include "k8s/cube/dumprows.h"
#include "k8s/cube/gpureadings.h"
#include "k8s/cube/gpuseriesattribution.h"
#include "k8s/cube/idlegpurows.h"
#include "k8s/cube/prometheusendpoint.h"
#include "k8s/cube/promresponse.h"
#include "k8s/session/processresources.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/clusterstore.h"
#include "models/gpumetricsmonitor.h"
#include "models/idlegpureport.h"
#include "tests/bench/benchmeasures.h"
#include "tests/bench/benchsupport.h"
#include "tests/support/process.h"
#include "tests/support/simprocess.h"
#include "ui/gpuspane.h"
#include "ui/responsivenessprobe.h"

#include <QApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QStandardPaths>
#include <QTimer>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/resource.h>
#include <vector>

#include <unistd.h>

using namespace cubedesk;
using bench::arg;
using bench::runEventLoop;
using Json = nlohmann::ordered_json;

namespace {

constexpr const char *kName = "cubedesk-bench-gpumetrics";

double seconds(const timeval &t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
}

/// CPU time (user + system) and minor page faults of this process (`RUSAGE_SELF`) or of its
/// reaped children (`RUSAGE_CHILDREN`).
struct Usage {
    double cpu = 0;
    long faults = 0;
    static Usage of(int who) {
        rusage u{};
        getrusage(who, &u);
        return {seconds(u.ru_utime) + seconds(u.ru_stime), u.ru_minflt};
    }
};

/// CPU time of each of this process's threads (ns, from /proc/self/task/TID/schedstat),
/// grouped: the GUI thread (the main thread), Qt's pool (where the monitor decodes) and the rest
/// (the cluster's transport thread among them). Threads that end in between are not counted.
struct ThreadCpu {
    std::map<long, std::pair<std::string, double>> byTid; ///< tid → (group, seconds)

    static ThreadCpu now() {
        ThreadCpu out;
        const long self = static_cast<long>(getpid());
        for (const auto &entry : std::filesystem::directory_iterator("/proc/self/task")) {
            const std::string name = entry.path().filename().string();
            char *end = nullptr;
            const long tid = std::strtol(name.c_str(), &end, 10);
            if (end == name.c_str())
                continue;
            std::ifstream comm(entry.path() / "comm");
            std::string threadName;
            std::getline(comm, threadName);
            std::ifstream sched(entry.path() / "schedstat");
            double ns = 0;
            if (!(sched >> ns))
                continue;
            const std::string group = tid == self                                   ? "gui"
                                      : threadName.rfind("Thread (pooled)", 0) == 0 ? "pool"
                                                                                    : "other";
            out.byTid[tid] = {group, ns / 1e9};
        }
        return out;
    }
    /// Seconds per group since `before`.
    std::map<std::string, double> since(const ThreadCpu &before) const {
        std::map<std::string, double> out{{"gui", 0.0}, {"pool", 0.0}, {"other", 0.0}};
        for (const auto &[tid, entry] : byTid) {
            const auto was = before.byTid.find(tid);
            out[entry.first] += entry.second - (was == before.byTid.end() ? 0 : was->second.second);
        }
        return out;
    }
};

double r3(double v) {
    return std::round(v * 1000) / 1000;
}

Json medianMax(const std::vector<double> &v) {
    return Json{{"median", r3(bench::median(v))},
                {"max", r3(v.empty() ? 0 : *std::max_element(v.begin(), v.end()))},
                {"count", v.size()}};
}

Json figuresJson(const ui::ResponsivenessProbe::Figures &f) {
    return Json{
        {"median", r3(f.median)}, {"p99", r3(f.p99)}, {"max", r3(f.max)}, {"count", f.count}};
}

const char *stateName(models::GpuMetricsMonitor::State state) {
    using State = models::GpuMetricsMonitor::State;
    switch (state) {
    case State::NotAsked:
        return "not asked";
    case State::Searching:
        return "searching";
    case State::Measured:
        return "measured";
    case State::NoPrometheus:
        return "no prometheus";
    case State::Refused:
        return "refused";
    case State::Failed:
        return "failed";
    }
    return "?";
}

/// curl against the API server with the kubeconfig's CA and bearer token (a header file, so
/// the token is not on a command line).
class Curl {
public:
    struct Run {
        bool ok = false;
        double wallS = 0;
        double cpuS = 0;
        std::string body; ///< when asked for
        std::string error;
    };

    Curl(std::string server, const std::string &caPem, const std::string &token,
         const test::TempDir &dir)
        : m_server(std::move(server))
        , m_ca(dir.file("ca.pem"))
        , m_header(dir.file("authorization"))
        , m_out(dir.file("body.json")) {
        std::ofstream(m_ca) << caPem;
        std::ofstream(m_header) << "Authorization: Bearer " << token << '\n';
    }

    /// GETs `path`; the body is read back only when `keepBody`.
    Run get(const std::string &path, bool keepBody) const {
        Run run;
        const Usage before = Usage::of(RUSAGE_CHILDREN);
        const auto start = std::chrono::steady_clock::now();
        const test::Process::Result r = test::Process::run(
            {"curl", "--silent", "--show-error", "--fail", "--cacert", m_ca, "--header",
             "@" + m_header, "--output", keepBody ? m_out : "/dev/null", m_server + path},
            std::chrono::minutes(10));
        run.wallS = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        run.cpuS = Usage::of(RUSAGE_CHILDREN).cpu - before.cpu;
        run.ok = r.exitCode == 0;
        run.error = r.err;
        if (run.ok && keepBody) {
            std::ifstream in(m_out, std::ios::binary | std::ios::ate);
            run.body.resize(static_cast<std::size_t>(in.tellg()));
            in.seekg(0);
            in.read(run.body.data(), static_cast<std::streamsize>(run.body.size()));
        }
        return run;
    }

private:
    std::string m_server;
    std::string m_ca;
    std::string m_header;
    std::string m_out;
};

/// The value of a one-sample instant answer (count(...)), or -1.
double scalarOf(const std::string &body) {
    const auto answer = k8s::PromResponse::parse(body);
    if (!answer.ok() || answer.value().series.size() != 1 ||
        answer.value().series.front().samples.empty())
        return -1;
    return answer.value().series.front().samples.back().value;
}

} // namespace

int main(int argc, char **argv) {
    // Before any thread starts: the process keeps its heap, as the application does, and stays
    // off the simulator's (and Prometheus's) CPU.
    k8s::ProcessResources::keepFreedMemory();
    const bench::CpuSplit cpus = bench::splitCpus(arg(argc, argv, "--sim-cpus", "last"));
    if (cpus.error) {
        std::fprintf(stderr, "%s: %s\n", kName, cpus.error->c_str());
        return 2;
    }
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    const std::string nodes = arg(argc, argv, "--nodes", "5000");
    const std::string gpuNodes = arg(argc, argv, "--gpu-nodes", nodes.c_str());
    const std::string pods = arg(argc, argv, "--pods", "150000");
    const std::string scrapeInterval = arg(argc, argv, "--scrape-interval", "60");
    const int refreshes = std::stoi(arg(argc, argv, "--refreshes", "5"));
    const int curlRuns = std::stoi(arg(argc, argv, "--curl-runs", "5"));
    const int idleRuns = std::stoi(arg(argc, argv, "--idle-runs", "3"));
    const long long gpus = 8LL * std::stoll(gpuNodes);

    QElapsedTimer clock;
    clock.start();
    std::vector<std::string> simArgs{"--scenario",   "scale",
                                     "--nodes",      nodes,
                                     "--gpu-nodes",  gpuNodes,
                                     "--pods",       pods,
                                     "--prometheus", "--scrape-interval",
                                     scrapeInterval, "--no-metrics-server"};
    if (!cpus.simulator.empty()) {
        simArgs.emplace_back("--cpus");
        simArgs.push_back(bench::cpuListText(cpus.simulator));
    }
    test::SimProcess sim(simArgs);
    if (!sim.ready()) {
        std::fprintf(stderr, "%s: %s\n", kName, sim.error().c_str());
        return 1;
    }
    // The line after "listening on": Prometheus is ready, or why not.
    while (sim.stdoutText().find("prometheus") == std::string::npos && clock.elapsed() < 300000)
        runEventLoop(100);
    if (sim.stdoutText().find("prometheus on ") == std::string::npos) {
        std::fprintf(stderr, "%s: no Prometheus: %s%s\n", kName, sim.stdoutText().c_str(),
                     sim.stderrText().c_str());
        return 1;
    }
    const double simStartS = static_cast<double>(clock.elapsed()) / 1000.0;

    // The kubeconfig's server, CA and token, for curl.
    k8s::KubeconfigSources sources;
    sources.explicitFiles = {QString::fromStdString(sim.kubeconfig())};
    const k8s::Kubeconfig config = k8s::Kubeconfig::load(sources);
    const auto context = config.resolveCurrent();
    if (!context.ok() || !context.value().credentialProvider) {
        std::fprintf(stderr, "%s: the simulator's kubeconfig does not resolve\n", kName);
        return 1;
    }
    const auto credentials = context.value().credentialProvider->credentials();
    if (!credentials.ok()) {
        std::fprintf(stderr, "%s: no credentials in the simulator's kubeconfig\n", kName);
        return 1;
    }
    std::string server = context.value().server.toString().toStdString();
    while (!server.empty() && server.back() == '/')
        server.pop_back();
    const test::TempDir dir;
    const Curl curl(server, context.value().caPem.toStdString(),
                    credentials.value().bearerToken.toStdString(), dir);

    const k8s::PrometheusEndpoint prometheus{"monitoring", "prometheus-k8s", "9090"};
    const std::vector<std::string> queryPaths = {
        prometheus.queryPath(k8s::GpuReadings::identityQuery()),
        prometheus.queryPath(k8s::GpuReadings::valuesQuery())};
    const std::string wholePath = prometheus.queryPath(k8s::GpuReadings::query());

    // Ready: Prometheus has scraped every exporter (polled through the proxy, as a client would).
    const std::string countPath = prometheus.queryPath("count(DCGM_FI_DEV_GPU_UTIL)");
    double counted = -1;
    QElapsedTimer waiting;
    waiting.start();
    const qint64 readyLimitMs = 600000 + 3LL * std::stoll(scrapeInterval) * 1000;
    while (waiting.elapsed() < readyLimitMs) {
        const Curl::Run r = curl.get(countPath, true);
        counted = r.ok ? scalarOf(r.body) : -1;
        if (counted == static_cast<double>(gpus))
            break;
        std::fprintf(stderr, "%s: Prometheus counts %.0f of %lld GPUs\n", kName, counted, gpus);
        runEventLoop(2000); // polling Prometheus's progress, not waiting for it
    }
    if (counted != static_cast<double>(gpus)) {
        std::fprintf(stderr, "%s: Prometheus never counted %lld GPUs (last: %.0f)\n", kName, gpus,
                     counted);
        return 1;
    }
    const double readyS = static_cast<double>(clock.elapsed()) / 1000.0;

    // The application's side: the hub on the kubeconfig, synced, and the GPUs pane.
    models::ClusterHub hub;
    if (const QStringList errors = hub.load({QString::fromStdString(sim.kubeconfig())});
        !errors.isEmpty() || hub.clusters().size() != 1) {
        std::fprintf(stderr, "%s: %s\n", kName, errors.join(QLatin1Char('\n')).toUtf8().data());
        return 1;
    }
    models::ClusterConnection *connection = hub.clusters().front();
    const QString cluster = connection->name();
    clock.restart();
    while (!connection->synced()) {
        runEventLoop(50);
        if (clock.elapsed() > 900000) {
            std::fprintf(stderr, "%s: no sync within 900 s\n", kName);
            return 1;
        }
    }
    const double syncS = static_cast<double>(clock.elapsed()) / 1000.0;

    models::GpuMetricsMonitor *monitor = hub.gpuMetrics();
    // No timer poll during the run: each refresh below is started by the bench.
    monitor->setInterval(std::chrono::hours(1));
    bool updated = false;
    QObject::connect(monitor, &models::PolledMonitor::updated, &app, [&](const QString &name) {
        if (name == cluster &&
            monitor->state(cluster) != models::GpuMetricsMonitor::State::Searching)
            updated = true;
    });
    // Waits on the signal, not in a polling loop: a loop that wakes every few milliseconds
    // while a refresh waits seconds on Prometheus would be counted as the refresh's CPU.
    const auto awaitUpdate = [&](qint64 limitMs) {
        if (updated)
            return true;
        QEventLoop loop;
        QObject::connect(monitor, &models::PolledMonitor::updated, &loop, [&] {
            if (updated)
                loop.quit();
        });
        QTimer limit; // a timer of its own: the analyzer takes singleShot's for a leak
        limit.setSingleShot(true);
        QObject::connect(&limit, &QTimer::timeout, &loop, &QEventLoop::quit);
        limit.start(static_cast<int>(limitMs));
        loop.exec();
        return updated;
    };

    ui::GpusPane pane(&hub);
    pane.resize(1440, 900);
    pane.setScope({cluster});
    // Showing the pane starts watching: the monitor looks for Prometheus, then asks it.
    clock.restart();
    Usage before = Usage::of(RUSAGE_SELF);
    pane.show();
    if (!awaitUpdate(600000)) {
        std::fprintf(stderr, "%s: the first refresh did not end within 600 s\n", kName);
        return 1;
    }
    const double firstWallS = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    const double firstCpuS = Usage::of(RUSAGE_SELF).cpu - before.cpu;
    std::fprintf(stderr, "%s: first refresh %.2f s (CPU %.2f s): %s\n", kName, firstWallS,
                 firstCpuS, monitor->describe(cluster).toUtf8().constData());
    runEventLoop(2000); // the pane's first paint with readings

    // The idle baseline: what the window costs while nothing is asked (its timers, the
    // freshness badges), for reading the refreshes' CPU against it.
    const Usage idleBefore = Usage::of(RUSAGE_SELF);
    QElapsedTimer idleClock;
    idleClock.start();
    runEventLoop(5000);
    const double idleCpuPerS = (Usage::of(RUSAGE_SELF).cpu - idleBefore.cpu) /
                               (static_cast<double>(idleClock.elapsed()) / 1e3);

    // The refreshes, one after the other: first without the probe, for their CPU (the probe
    // wakes the GUI thread every few milliseconds, and a refresh waits seconds on Prometheus:
    // its cost would be counted as the refresh's), then as many with the probe running
    // throughout, for the frame times.
    struct Refreshes {
        std::vector<double> wallS;
        std::vector<double> cpuS;
        std::vector<double> settledCpuS;
        std::vector<double> faults;
        std::map<std::string, std::vector<double>> threadCpuS; // per group
    };
    const auto refreshAll = [&](const char *phase, Refreshes &out) {
        for (int i = 0; i < refreshes; ++i) {
            updated = false;
            const Usage start = Usage::of(RUSAGE_SELF);
            const ThreadCpu threadsBefore = ThreadCpu::now();
            QElapsedTimer t;
            t.start();
            // The monitor's poll, started as the pane's appearance starts it (the pane's watch
            // is given back at once: the count is as before).
            monitor->unwatch();
            monitor->watch();
            if (!awaitUpdate(600000)) {
                std::fprintf(stderr, "%s: refresh %d did not end within 600 s\n", kName, i + 1);
                return false;
            }
            out.wallS.push_back(static_cast<double>(t.nsecsElapsed()) / 1e9);
            const Usage after = Usage::of(RUSAGE_SELF);
            out.cpuS.push_back(after.cpu - start.cpu);
            out.faults.push_back(static_cast<double>(after.faults - start.faults));
            for (const auto &[group, seconds] : ThreadCpu::now().since(threadsBefore))
                out.threadCpuS[group].push_back(seconds);
            runEventLoop(1000); // the pane repaints what changed
            out.settledCpuS.push_back(Usage::of(RUSAGE_SELF).cpu - start.cpu);
            std::fprintf(stderr, "%s: %s refresh %d: %.3f s, CPU %.3f s (GUI thread %.3f s), %s\n",
                         kName, phase, i + 1, out.wallS.back(), out.cpuS.back(),
                         out.threadCpuS["gui"].back(), stateName(monitor->state(cluster)));
        }
        return true;
    };
    Refreshes measured;
    if (!refreshAll("unprobed", measured))
        return 1;
    Refreshes probed;
    ui::ResponsivenessProbe probe(&pane, ui::ResponsivenessProbe::Mode::OwnUpdates);
    probe.start();
    if (!refreshAll("probed", probed))
        return 1;
    probe.stop();
    const std::vector<double> &wallS = measured.wallS;
    const std::vector<double> &cpuS = measured.cpuS;
    const QStringList readingNodes = monitor->nodes(cluster);
    std::size_t readings = 0;
    for (const QString &node : readingNodes)
        readings += monitor->node(cluster, node).size();

    // The peer: curl, the same queries through the same proxy, the bodies thrown away.
    std::vector<double> curlWallS;
    std::vector<double> curlCpuS;
    for (int i = 0; i < curlRuns; ++i) {
        double wall = 0;
        double cpu = 0;
        for (const std::string &path : queryPaths) {
            const Curl::Run r = curl.get(path, false);
            if (!r.ok) {
                std::fprintf(stderr, "%s: curl failed: %s\n", kName, r.error.c_str());
                return 1;
            }
            wall += r.wallS;
            cpu += r.cpuS;
        }
        curlWallS.push_back(wall);
        curlCpuS.push_back(cpu);
    }

    // Where the time goes: the monitor's two steps on those bodies, here, on the GUI thread.
    Curl::Run identities = curl.get(queryPaths[0], true);
    Curl::Run values = curl.get(queryPaths[1], true);
    Curl::Run whole = curl.get(wholePath, true);
    Json stages;
    if (identities.ok && values.ok && whole.ok) {
        const std::size_t answerBytes = identities.body.size() + values.body.size();
        const std::size_t wholeBytes = whole.body.size();
        const Usage u = Usage::of(RUSAGE_SELF);
        QElapsedTimer t;
        t.start();
        const k8s::GpuSeriesAttribution attribution(
            models::GpuMetricsMonitor::snapshotOf(*connection));
        const double tablesS = static_cast<double>(t.nsecsElapsed()) / 1e9;
        const Usage tabled = Usage::of(RUSAGE_SELF);
        t.restart();
        const k8s::GpuReadings::Decoded decoded = k8s::GpuReadings::fromAnswers(
            identities.body, values.body, attribution, std::size_t{100000000});
        const double decodeS = static_cast<double>(t.nsecsElapsed()) / 1e9;
        const Usage decodedAt = Usage::of(RUSAGE_SELF);
        t.restart();
        const auto wholeReadings =
            k8s::GpuReadings::fromAnswer(whole.body, attribution, std::size_t{100000000});
        const double wholeS = static_cast<double>(t.nsecsElapsed()) / 1e9;
        const Usage wholeAt = Usage::of(RUSAGE_SELF);
        stages =
            Json{{"body_bytes", answerBytes},
                 {"devices", decoded.readings.size()},
                 {"error", decoded.error},
                 {"attribution_tables_s", r3(tablesS)},
                 {"attribution_tables_cpu_s", r3(tabled.cpu - u.cpu)},
                 {"decode_and_attribute_s", r3(decodeS)},
                 {"decode_and_attribute_cpu_s", r3(decodedAt.cpu - tabled.cpu)},
                 {"decode_and_attribute_page_faults", decodedAt.faults - tabled.faults},
                 {"whole_series_body_bytes", wholeBytes},
                 {"whole_series_devices", wholeReadings.ok() ? wholeReadings.value().size() : 0},
                 {"whole_series_decode_and_attribute_s", r3(wholeS)},
                 {"whole_series_decode_and_attribute_cpu_s", r3(wholeAt.cpu - decodedAt.cpu)}};
    }

    // The Idle and waste report (defaults: 5 %, 1 h), --idle-runs times: from asking to rows,
    // wall and CPU of this process (decoding, attribution and sums run in Qt's pool) and of the
    // GUI thread; and curl fetching its seven queries, one after the other, whose bodies' bytes
    // are what it reads.
    models::IdleGpuReport *report = hub.idleGpus();
    report->setInterval(std::chrono::hours(1));
    std::vector<double> idleWallS;
    std::vector<double> idleCpuS;
    std::vector<double> idleGuiCpuS;
    std::size_t idleRows = 0;
    QString idleDescribed;
    for (int i = 0; i < idleRuns; ++i) {
        const Usage start = Usage::of(RUSAGE_SELF);
        const ThreadCpu threadsBefore = ThreadCpu::now();
        QElapsedTimer t;
        t.start();
        QEventLoop loop;
        QObject::connect(report, &models::PolledMonitor::updated, &loop, [&] {
            if (report->computedAt(cluster).isValid() ||
                !report->describe(cluster).contains(QLatin1String("…")))
                loop.quit();
        });
        QTimer limit;
        limit.setSingleShot(true);
        QObject::connect(&limit, &QTimer::timeout, &loop, &QEventLoop::quit);
        limit.start(600000);
        report->watch();
        report->refresh();
        loop.exec();
        idleWallS.push_back(static_cast<double>(t.nsecsElapsed()) / 1e9);
        idleCpuS.push_back(Usage::of(RUSAGE_SELF).cpu - start.cpu);
        idleGuiCpuS.push_back(ThreadCpu::now().since(threadsBefore)["gui"]);
        idleRows = report->rows(cluster).size();
        idleDescribed = report->describe(cluster);
        report->unwatch();
        std::fprintf(stderr, "%s: idle report %d: %.3f s, CPU %.3f s, %zu rows: %s\n", kName, i + 1,
                     idleWallS.back(), idleCpuS.back(), idleRows,
                     idleDescribed.toUtf8().constData());
    }
    k8s::IdleGpuRows::Options idleOptions;
    idleOptions.now = QDateTime::currentSecsSinceEpoch();
    std::vector<double> idleCurlWallS;
    std::vector<double> idleCurlCpuS;
    std::size_t idleBytes = 0;
    for (int i = 0; i < curlRuns; ++i) {
        double wall = 0;
        double cpu = 0;
        idleBytes = 0;
        for (const k8s::InstantQuery &q : k8s::IdleGpuRows::queries(idleOptions)) {
            const Curl::Run r = curl.get(prometheus.queryPath(q), true);
            if (!r.ok) {
                std::fprintf(stderr, "%s: curl failed: %s\n", kName, r.error.c_str());
                return 1;
            }
            wall += r.wallS;
            cpu += r.cpuS;
            idleBytes += r.body.size();
        }
        idleCurlWallS.push_back(wall);
        idleCurlCpuS.push_back(cpu);
    }

    const double appWall = bench::median(wallS);
    const double appCpu = bench::median(cpuS);
    const double peerWall = bench::median(curlWallS);
    const double peerCpu = bench::median(curlCpuS);
    const Json out{
        {"nodes", std::stoll(nodes)},
        {"gpu_nodes", std::stoll(gpuNodes)},
        {"gpus", gpus},
        {"pods", std::stoll(pods)},
        {"scrape_interval_s", std::stoll(scrapeInterval)},
        {"sim_and_prometheus_cpus",
         cpus.simulator.empty() ? Json("shared") : Json(bench::cpuListText(cpus.simulator))},
        {"bench_and_curl_cpus", bench::cpuListText(k8s::ProcessResources::allowedCpus())},
        {"sim_start_s", r3(simStartS)},
        {"prometheus_ready_s", r3(readyS)},
        {"sync_s", r3(syncS)},
        {"queries", {k8s::GpuReadings::identityQuery(), k8s::GpuReadings::valuesQuery()}},
        {"first_refresh", {{"wall_s", r3(firstWallS)}, {"cpu_s", r3(firstCpuS)}}},
        {"state", stateName(monitor->state(cluster))},
        {"describe", monitor->describe(cluster).toStdString()},
        {"nodes_with_readings", readingNodes.size()},
        {"readings", readings},
        {"idle_cpu_s_per_s", r3(idleCpuPerS)},
        {"refresh",
         {{"wall_s", medianMax(measured.wallS)},
          {"cpu_s", medianMax(measured.cpuS)},
          {"cpu_s_with_repaint", medianMax(measured.settledCpuS)},
          {"cpu_s_gui_thread", medianMax(measured.threadCpuS["gui"])},
          {"cpu_s_pool_threads", medianMax(measured.threadCpuS["pool"])},
          {"cpu_s_other_threads", medianMax(measured.threadCpuS["other"])},
          {"page_faults", medianMax(measured.faults)}}},
        {"refresh_with_probe",
         {{"wall_s", medianMax(probed.wallS)},
          {"cpu_s", medianMax(probed.cpuS)},
          {"cpu_s_gui_thread", medianMax(probed.threadCpuS["gui"])}}},
        {"frame_time_ms", figuresJson(probe.frameTimes())},
        {"frames_over_16_7ms", probe.lateFrames()},
        {"paint_ms", figuresJson(probe.paints())},
        {"event_loop_gap_ms", figuresJson(probe.gaps())},
        {"stalls_over_100ms", probe.stalls(100)},
        {"curl", {{"wall_s", medianMax(curlWallS)}, {"cpu_s", medianMax(curlCpuS)}}},
        {"ratio_wall_to_curl", peerWall > 0 ? r3(appWall / peerWall) : 0.0},
        {"ratio_cpu_to_curl", peerCpu > 0 ? r3(appCpu / peerCpu) : 0.0},
        {"stages_on_gui_thread", stages},
        {"idle_report",
         {{"wall_s", medianMax(idleWallS)},
          {"cpu_s", medianMax(idleCpuS)},
          {"cpu_s_gui_thread", medianMax(idleGuiCpuS)},
          {"rows", idleRows},
          {"describe", idleDescribed.toStdString()},
          {"answer_bytes", idleBytes},
          {"curl", {{"wall_s", medianMax(idleCurlWallS)}, {"cpu_s", medianMax(idleCurlCpuS)}}},
          {"ratio_wall_to_curl", r3(bench::median(idleWallS) / bench::median(idleCurlWallS))}}}};
    std::printf("%s\n", out.dump(1).c_str());
    return 0;
}
