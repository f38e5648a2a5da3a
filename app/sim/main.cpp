// cubedesk-sim: the Kubernetes API-server simulator as a program (docs/command-line.md).
// Composition root and command line only; everything else lives in k8s/sim.

#include "k8s/session/processresources.h"
#include "k8s/sim/prometheusprocess.h"
#include "k8s/sim/simulator.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <mutex>
#include <string>
#include <sys/resource.h>
#include <sys/stat.h>
#include <vector>

#include <sched.h>

namespace {

constexpr const char *kUsage =
    R"(Usage: cubedesk-sim [options]

A Kubernetes API server simulator for CubeDesk's tests and demo. Serves HTTPS on loopback with
generated certificates, discovery, list/watch with selectors and pagination, writes with
optimistic concurrency, CRDs, server-side tables and a small scheduler.

  --listen HOST:PORT          address to serve (default 127.0.0.1:0, a free port)
  --no-tls                    plain HTTP (no authentication)
  --auth token|cert           what the written kubeconfig uses (default token)
  --readonly-token TOKEN      add a user whose writes get 403 (context <name>-readonly)
  --readonly-deny R[,R...]    what that user may not read either (pods/log, pods/exec, secrets)
  --write-kubeconfig PATH     write a kubeconfig for this server (mode 0600)
  --context-name NAME         cluster/context name in the kubeconfig (default cubedesk-sim)
  --scenario demo|scale|empty what to serve (default demo)
  --nodes N --pods N          size of the scale scenario (default 500 / 15000)
  --gpu-nodes N               how many of those nodes have GPUs (8 A100s each; default a
                              tenth: every tenth node)
  --load DIR                  apply every YAML/JSON manifest under DIR (keeps status)
  --no-builtin-crds           do not install the Kubeflow/Volcano/Spark/Argo/Istio/NRT CRDs
  --churn EVENTS_PER_S        make that many realistic changes per second
  --churn-duration SECONDS    stop churning after that long
  --faults SPEC               comma list: drop-watch:every=2s, expire-watch:rate=0.3,
                              expire-continue:rate=P, http500:rate=P, http429:rate=P,
                              delay:ms=N, malformed:rate=P, reset:every=Ns
  --seed N                    scenario and churn seed (default 1)
  --history-window N          watch history kept per resource (default 10000 events)
  --background                run at the lowest CPU priority (Linux SCHED_IDLE, else nice 19):
                              on a machine the client shares, the client's threads always
                              come first, as if the API server ran elsewhere
  --cpus LIST                 run only on these CPUs (taskset syntax: 1 or 0,2 or 2-3), so that
                              a client measured on the same machine keeps the other cores
  --bookmark-interval-ms N    how often watches get a BOOKMARK (default 10000)
  --pod-shutdown-ms N         how long a deleted pod's containers take to stop (default 1000)
  --legacy-discovery          never answer aggregated discovery
  --no-watch-list             refuse streaming lists (sendInitialEvents) with 422, as a server
                              with the WatchList feature gate off
  --no-metrics-server         do not serve metrics.k8s.io (kubectl top: "Metrics API not
                              available"), as a cluster without metrics-server
  --no-dcgm-exporter          serve no dcgm-exporter endpoints for the GPU nodes
  --proxy-service NS/NAME:PORT=URL
                              the API server's service proxy forwards that service's port
                              to URL (repeatable), e.g. monitoring/prometheus-k8s:9090=
                              http://127.0.0.1:9090 for a Prometheus of your own
  --prometheus                start Debian's prometheus scraping the dcgm-exporter endpoints
                              and proxy monitoring/prometheus-k8s:9090 to it
  --scrape-interval SECONDS   that Prometheus's scrape interval (default 15)
  --prometheus-history HOURS  first store that many hours of the DCGM fields CubeDesk reads,
                              every 3 minutes, as if scraped (promtool; default 0)
  --gzip                      gzip responses when the client asks
  --version, --help

Prints one line "listening on https://127.0.0.1:PORT" on stdout when ready (after it, with
--prometheus, "prometheus on http://127.0.0.1:PORT" or "prometheus: REASON", then
"prometheus: history: REASON" when the history could not be stored) and, with
--churn-duration, one line "churn finished: N changes" when the churn has run its course.
Stops cleanly on SIGINT or SIGTERM.
)";

bool parseSize(const std::string &text, std::size_t &out) {
    char *end = nullptr;
    const unsigned long long v = std::strtoull(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0')
        return false;
    out = static_cast<std::size_t>(v);
    return true;
}

bool parseDouble(const std::string &text, double &out) {
    char *end = nullptr;
    out = std::strtod(text.c_str(), &end);
    return !text.empty() && *end == '\0' && out >= 0;
}

} // namespace

int main(int argc, char **argv) {
    cubedesk::sim::SimulatorOptions options;
    std::string kubeconfigPath;
    bool background = false;
    bool startPrometheus = false;
    std::chrono::seconds scrapeInterval{15};
    std::chrono::hours history{0};
    std::vector<int> cpus;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&](std::string &out) {
            if (i + 1 >= argc) {
                std::cerr << "cubedesk-sim: " << arg << " needs a value\n";
                std::exit(2);
            }
            out = argv[++i];
        };
        auto bad = [&](const std::string &v) {
            std::cerr << "cubedesk-sim: invalid value '" << v << "' for " << arg << '\n';
            std::exit(2);
        };
        std::string v;
        if (arg == "--help" || arg == "-h") {
            std::cout << kUsage;
            return 0;
        } else if (arg == "--version") {
            std::cout << "cubedesk-sim " << CUBEDESK_VERSION << '\n';
            return 0;
        } else if (arg == "--listen") {
            value(v);
            const auto colon = v.rfind(':');
            std::size_t port = 0;
            if (colon == std::string::npos || !parseSize(v.substr(colon + 1), port) || port > 65535)
                bad(v);
            options.host = v.substr(0, colon);
            options.port = static_cast<int>(port);
        } else if (arg == "--no-tls") {
            options.tls = false;
        } else if (arg == "--auth") {
            value(options.auth);
        } else if (arg == "--readonly-token") {
            value(options.readonlyToken);
        } else if (arg == "--readonly-deny") {
            value(v);
            for (std::size_t from = 0; from <= v.size();) {
                const std::size_t comma = std::min(v.find(',', from), v.size());
                if (comma > from)
                    options.readonlyDenied.push_back(v.substr(from, comma - from));
                from = comma + 1;
            }
        } else if (arg == "--write-kubeconfig") {
            value(kubeconfigPath);
        } else if (arg == "--context-name") {
            value(options.contextName);
        } else if (arg == "--scenario") {
            value(options.scenario);
        } else if (arg == "--nodes") {
            value(v);
            if (!parseSize(v, options.nodes))
                bad(v);
        } else if (arg == "--pods") {
            value(v);
            if (!parseSize(v, options.pods))
                bad(v);
        } else if (arg == "--gpu-nodes") {
            value(v);
            std::size_t n = 0;
            if (!parseSize(v, n))
                bad(v);
            options.gpuNodes = n;
        } else if (arg == "--load") {
            value(options.loadDir);
        } else if (arg == "--no-builtin-crds") {
            options.builtinCrds = false;
        } else if (arg == "--churn") {
            value(v);
            if (!parseDouble(v, options.churnPerSecond))
                bad(v);
        } else if (arg == "--churn-duration") {
            value(v);
            if (!parseDouble(v, options.churnDurationSeconds))
                bad(v);
        } else if (arg == "--faults") {
            value(options.faults);
        } else if (arg == "--seed") {
            value(v);
            std::size_t seed = 0;
            if (!parseSize(v, seed))
                bad(v);
            options.seed = seed;
        } else if (arg == "--history-window") {
            value(v);
            if (!parseSize(v, options.historyWindow) || options.historyWindow == 0)
                bad(v);
        } else if (arg == "--bookmark-interval-ms") {
            value(v);
            std::size_t ms = 0;
            if (!parseSize(v, ms) || ms == 0)
                bad(v);
            options.bookmarkIntervalMs = static_cast<int>(ms);
        } else if (arg == "--pod-shutdown-ms") {
            value(v);
            std::size_t ms = 0;
            if (!parseSize(v, ms) || ms > 600000)
                bad(v);
            options.podShutdownMs = static_cast<int>(ms);
        } else if (arg == "--no-metrics-server") {
            options.metricsServer = false;
        } else if (arg == "--background") {
            background = true;
        } else if (arg == "--cpus") {
            value(v);
            if (auto list = cubedesk::k8s::ProcessResources::parseCpuList(v))
                cpus = *list;
            else
                bad(v);
        } else if (arg == "--legacy-discovery") {
            options.aggregatedDiscovery = false;
        } else if (arg == "--no-watch-list") {
            options.watchList = false;
        } else if (arg == "--no-dcgm-exporter") {
            options.dcgmExporter = false;
        } else if (arg == "--proxy-service") {
            value(v);
            const std::size_t eq = v.find('=');
            const std::size_t slash = v.find('/');
            const std::size_t colon = v.rfind(':', eq);
            if (eq == std::string::npos || slash == std::string::npos || slash > eq ||
                colon == std::string::npos || colon < slash || eq + 1 == v.size())
                bad(v);
            options.serviceProxies[v.substr(0, eq)] = v.substr(eq + 1);
        } else if (arg == "--prometheus") {
            startPrometheus = true;
        } else if (arg == "--scrape-interval") {
            value(v);
            std::size_t s = 0;
            if (!parseSize(v, s) || s == 0 || s > 3600)
                bad(v);
            scrapeInterval = std::chrono::seconds(s);
        } else if (arg == "--prometheus-history") {
            value(v);
            std::size_t h = 0;
            if (!parseSize(v, h) || h > 48)
                bad(v);
            history = std::chrono::hours(h);
        } else if (arg == "--gzip") {
            options.gzip = true;
        } else {
            std::cerr << "cubedesk-sim: unknown option '" << arg << "' (see --help)\n";
            return 2;
        }
    }

    // Before any thread starts, so that every thread inherits it (Linux: per-thread settings).
    if (background) {
#ifdef SCHED_IDLE
        const sched_param idle{};
        if (sched_setscheduler(0, SCHED_IDLE, &idle) != 0)
#endif
            if (setpriority(PRIO_PROCESS, 0, 19) != 0)
                std::cerr << "cubedesk-sim: --background refused: " << std::strerror(errno) << '\n';
    }
    if (!cpus.empty())
        if (auto refused = cubedesk::k8s::ProcessResources::restrictToCpus(cpus)) {
            std::cerr << "cubedesk-sim: --cpus refused: " << *refused << '\n';
            return 1;
        }
    // The store turns over its objects at the churn rate.
    cubedesk::k8s::ProcessResources::keepFreedMemory();

    // Block the stop signals before any thread starts, so that every thread inherits the mask
    // and the main thread alone receives them through sigwait.
    sigset_t stopSignals;
    sigemptyset(&stopSignals);
    sigaddset(&stopSignals, SIGINT);
    sigaddset(&stopSignals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);
    std::signal(SIGPIPE, SIG_IGN);

    // The churn's thread says when it is done; stdout lines are whole lines (one lock).
    static std::mutex stdoutLock;
    options.churnFinished = [](std::uint64_t changes) {
        const std::lock_guard lock(stdoutLock);
        std::cout << "churn finished: " << changes << " changes" << std::endl;
    };
    cubedesk::sim::Simulator simulator(options);
    if (auto error = simulator.start()) {
        std::cerr << "cubedesk-sim: " << *error << '\n';
        return 1;
    }
    if (!kubeconfigPath.empty()) {
        const mode_t old = umask(077);
        std::ofstream out(kubeconfigPath, std::ios::trunc);
        out << simulator.kubeconfig();
        out.close();
        umask(old);
        if (!out) {
            std::cerr << "cubedesk-sim: cannot write " << kubeconfigPath << '\n';
            return 1;
        }
        chmod(kubeconfigPath.c_str(), 0600);
    }
    {
        const std::lock_guard lock(stdoutLock);
        std::cout << "listening on " << simulator.url() << std::endl;
    }
    cubedesk::sim::PrometheusProcess::Options prometheusOptions;
    prometheusOptions.scrapeInterval = scrapeInterval;
    cubedesk::sim::PrometheusProcess prometheus(prometheusOptions);
    if (startPrometheus) {
        cubedesk::sim::PrometheusProcess::HistoryWriter writer;
        if (history.count() > 0)
            writer = [&simulator, history](std::ostream &out) {
                return simulator.writeDcgmHistory(out, std::chrono::system_clock::now(), history,
                                                  std::chrono::minutes(3));
            };
        const auto error = prometheus.start(simulator.dcgmScrapeTargets(), writer);
        if (!error)
            simulator.setServiceProxy("monitoring/prometheus-k8s:9090", prometheus.url());
        const std::lock_guard lock(stdoutLock);
        std::cout << (error ? "prometheus: " + *error : "prometheus on " + prometheus.url())
                  << std::endl;
        if (!prometheus.historyError().empty())
            std::cout << "prometheus: history: " << prometheus.historyError() << std::endl;
    }

    int signal = 0;
    sigwait(&stopSignals, &signal);
    std::cerr << "cubedesk-sim: stopping\n";
    simulator.stop();
    prometheus.stop();
    return 0;
}
