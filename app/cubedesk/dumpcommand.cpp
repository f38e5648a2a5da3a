#include "app/cubedesk/dumpcommand.h"

#include "app/cubedesk/dumpprinter.h"
#include "k8s/config/kubeconfig.h"
#include "k8s/config/kubeconfigsources.h"
#include "k8s/cube/dumprows.h"
#include "k8s/cube/gpudumprows.h"
#include "k8s/cube/gpureadings.h"
#include "k8s/cube/gpuseriesattribution.h"
#include "k8s/cube/idlegpurows.h"
#include "k8s/cube/jobkinds.h"
#include "k8s/cube/metricspage.h"
#include "k8s/cube/nrttopologyparser.h"
#include "k8s/cube/prometheusendpoint.h"
#include "k8s/cube/promresponse.h"
#include "k8s/cube/rebalancedumprows.h"
#include "k8s/session/clustersession.h"
#include "k8s/session/transportfactory.h"
#include "k8s/session/urlget.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <map>
#include <thread>

using namespace cubedesk::k8s;

namespace {

int failWith(const QString &line) {
    std::cerr << "cubedesk: " << line.toStdString() << std::endl;
    return 1;
}

std::string describe(const WatchState &s) {
    switch (s.phase) {
    case WatchState::Phase::Connecting:
        return "connecting";
    case WatchState::Phase::Synced:
        return "synced";
    case WatchState::Phase::Stale:
        return "stale: " + s.reason;
    case WatchState::Phase::BackingOff:
        return "reconnecting after: " + s.reason;
    case WatchState::Phase::Forbidden:
        return "forbidden: " + s.reason;
    case WatchState::Phase::AuthError:
        return "auth error: " + s.reason;
    case WatchState::Phase::Unavailable:
        return "not served: " + s.reason;
    }
    return "unknown";
}

/// One GET through the (started) session's write path.
WriteResult getOnce(ClusterSession &session, std::string path, std::string subject,
                    std::chrono::seconds timeout = std::chrono::seconds(30)) {
    WriteRequest get;
    get.method = "GET";
    get.path = std::move(path);
    get.subject = std::move(subject);
    get.timeout = timeout;
    auto results = session.submit({get}, 1).get();
    if (results.empty()) {
        WriteResult none;
        none.error.message = "no answer";
        return none;
    }
    return std::move(results.front());
}

/// GETs the cluster's NodeResourceTopologyList through the (started) session; "" when the
/// cluster has none (404) or the request failed (then `warning` says why).
std::string fetchNodeResourceTopologies(ClusterSession &session, std::string *warning) {
    const WriteResult r = getOnce(session, NrtTopologyParser::listPath(), "noderesourcetopologies");
    if (r.ok())
        return r.body;
    if (r.status != 404 && warning != nullptr)
        *warning = "noderesourcetopologies: " + r.error.toString();
    return {};
}

/// GETs `path` of `endpoint`: through the API server's service proxy, or directly for a URL
/// (without the cluster's credentials).
WriteResult prometheusGet(ClusterSession &session, const PrometheusEndpoint &endpoint,
                          const std::string &path) {
    return endpoint.isUrl()
               ? UrlGet::get(endpoint.url, path, PrometheusEndpoint::kQueryTimeout)
               : getOnce(session, path, "prometheus", PrometheusEndpoint::kQueryTimeout);
}

/// The cluster's Prometheus: the endpoint given (`--prometheus`), else the first well-known
/// install that answers as a Prometheus. False with `error` saying why (every endpoint tried
/// and its answer).
bool findPrometheus(ClusterSession &session, const std::string &given, PrometheusEndpoint &found,
                    std::string *error) {
    std::vector<PrometheusEndpoint> candidates;
    if (!given.empty()) {
        const auto e = PrometheusEndpoint::parse(given);
        if (!e) {
            *error = "--prometheus must be NAMESPACE/SERVICE:PORT or an http(s) URL, not \"" +
                     given + '"';
            return false;
        }
        candidates.push_back(*e);
    } else {
        candidates = PrometheusEndpoint::wellKnown();
    }
    std::string tried;
    for (const PrometheusEndpoint &e : candidates) {
        const WriteResult r = prometheusGet(session, e, e.buildInfoPath());
        if (r.ok() && PromResponse::buildVersion(r.body)) {
            found = e;
            return true;
        }
        tried += (tried.empty() ? "" : "; ") + e.toString() + ": " +
                 (r.ok() ? std::string("not a Prometheus") : r.error.toString());
    }
    *error = "GPU metrics: no Prometheus found (" + tried +
             "); name one with --prometheus NAMESPACE/SERVICE:PORT or URL";
    return false;
}

/// A GET of `path` of the endpoint that must succeed; false with `error` saying why.
bool getPrometheus(ClusterSession &session, const PrometheusEndpoint &endpoint,
                   const std::string &path, std::string &body, std::string *error) {
    WriteResult r = prometheusGet(session, endpoint, path);
    if (!r.ok()) {
        *error = "GPU metrics: Prometheus " + endpoint.toString() + ": " + r.error.toString();
        return false;
    }
    body = std::move(r.body);
    return true;
}

/// The cluster's DCGM readings from its Prometheus (asked as the window asks:
/// GpuMetricsMonitor); false with `error` saying why.
bool fetchGpuReadings(ClusterSession &session, const ClusterSnapshot &cluster,
                      const std::string &given, std::vector<GpuReading> &readings,
                      std::string *error) {
    PrometheusEndpoint endpoint;
    if (!findPrometheus(session, given, endpoint, error))
        return false;
    const GpuSeriesAttribution attribution(cluster);
    const std::size_t maxSeries = GpuReadings::maxSeriesFor(cluster.nodes.size());
    std::string identities;
    std::string values;
    if (!getPrometheus(session, endpoint, endpoint.queryPath(GpuReadings::identityQuery()),
                       identities, error) ||
        !getPrometheus(session, endpoint, endpoint.queryPath(GpuReadings::valuesQuery()), values,
                       error))
        return false;
    GpuReadings::Decoded decoded =
        GpuReadings::fromAnswers(identities, values, attribution, maxSeries);
    if (decoded.needsWholeSeries) {
        std::string whole;
        if (!getPrometheus(session, endpoint, endpoint.queryPath(GpuReadings::query()), whole,
                           error))
            return false;
        auto answer = GpuReadings::fromAnswer(whole, attribution, maxSeries);
        if (answer.ok())
            decoded.readings = std::move(answer.value());
        else
            decoded.error = answer.error();
    }
    if (!decoded.error.empty()) {
        *error = "GPU metrics: Prometheus " + endpoint.toString() + ": " + decoded.error;
        return false;
    }
    readings = std::move(decoded.readings);
    if (readings.empty()) {
        *error = "GPU metrics: Prometheus " + endpoint.toString() +
                 " has no dcgm-exporter series (is dcgm-exporter scraped?)";
        return false;
    }
    return true;
}

/// The cluster's idle-GPU rows from its Prometheus (asked as the window asks: IdleGpuReport);
/// false with `error` saying why.
bool fetchIdleGpuRows(ClusterSession &session, const ClusterSnapshot &cluster,
                      const std::string &given, const IdleGpuRows::Options &options,
                      std::vector<DumpRow> &rows, std::string *error) {
    PrometheusEndpoint endpoint;
    if (!findPrometheus(session, given, endpoint, error))
        return false;
    std::vector<std::string> answers;
    for (const InstantQuery &q : IdleGpuRows::queries(options))
        if (!getPrometheus(session, endpoint, endpoint.queryPath(q), answers.emplace_back(), error))
            return false;
    auto made = IdleGpuRows::rows(cluster, answers, GpuSeriesAttribution(cluster), options,
                                  GpuReadings::maxSeriesFor(cluster.nodes.size()));
    if (!made.ok()) {
        *error = "GPU metrics: Prometheus " + endpoint.toString() + ": " + made.error();
        return false;
    }
    rows.insert(rows.end(), made.value().begin(), made.value().end());
    return true;
}

bool fetchMetrics(ClusterSession &session, bool pods, std::vector<MetricsPage::Item> &items,
                  std::string *error) {
    std::string token;
    do {
        const WriteResult r = getOnce(session, MetricsPage::path(pods, 500, token),
                                      pods ? "podmetrics" : "nodemetrics");
        if (r.status == 404) {
            *error = "metrics.k8s.io is not served (no metrics-server in this cluster)";
            return false;
        }
        if (!r.ok()) {
            *error = "metrics.k8s.io: " + r.error.toString();
            return false;
        }
        auto page = MetricsPage::parse(r.body);
        if (!page.ok()) {
            *error = "metrics.k8s.io: " + page.error();
            return false;
        }
        for (auto &item : page.value().items)
            items.push_back(std::move(item));
        token = page.value().continueToken;
    } while (!token.empty());
    return true;
}

} // namespace

QStringList DumpCommand::supported() {
    return {QStringLiteral("clusters"), QStringLiteral("nodes"),    QStringLiteral("pods"),
            QStringLiteral("orgs"),     QStringLiteral("jobs"),     QStringLiteral("quotas"),
            QStringLiteral("events"),   QStringLiteral("gpus"),     QStringLiteral("rebalance"),
            QStringLiteral("usage"),    QStringLiteral("idle-gpus")};
}

int DumpCommand::run(const Options &options) {
    if (!supported().contains(options.what))
        return failWith(QStringLiteral("--dump %1 is not available yet (supported: %2)")
                            .arg(options.what, supported().join(QStringLiteral(", "))));
    if (options.format != QLatin1String("json") && options.format != QLatin1String("tsv"))
        return failWith(
            QStringLiteral("--format must be json or tsv, not \"%1\"").arg(options.format));

    const Kubeconfig config =
        Kubeconfig::load(KubeconfigSources::fromEnvironment(options.kubeconfigs));
    for (const auto &e : config.loadErrors())
        std::cerr << "cubedesk: warning: " << e.toString().toStdString() << std::endl;
    QStringList contexts = options.contexts;
    if (contexts.isEmpty())
        contexts = config.contextNames();
    if (contexts.isEmpty())
        return failWith(
            QStringLiteral("no kubeconfig contexts found (use --kubeconfig, $KUBECONFIG "
                           "or ~/.kube/config)"));

    std::vector<std::unique_ptr<ClusterSession>> sessions;
    ResolveOptions resolveOptions; // contexts naming one exec user run its plugin once
    resolveOptions.execProviders = std::make_shared<ExecCredentialProviders>();
    for (const auto &name : contexts) {
        auto resolved = config.resolve(name, resolveOptions);
        if (!resolved.ok())
            return failWith(resolved.error().toString());
        auto settings = TransportFactory::fromContext(resolved.value());
        if (!settings)
            return failWith(QStringLiteral("context \"%1\": %2")
                                .arg(name, QString::fromStdString(settings.error())));
        ClusterSession::Options o;
        o.name = name.toStdString();
        o.transport = std::move(*settings);
        // Watch only what the rows need: a user who may not list quotas can still dump jobs.
        if (options.what == QLatin1String("jobs")) {
            o.resources = {ResourceDescriptor::namespaces()};
            o.ifServed = JobKinds::descriptors();
            o.followStatusKinds = true;
            o.skipStatusKinds = JobKinds::notJobs();
        } else if (options.what == QLatin1String("quotas")) {
            o.resources.push_back({ObjectKind::ResourceQuota, "", "v1", "resourcequotas", true});
            o.resources.push_back({ObjectKind::LimitRange, "", "v1", "limitranges", true});
            o.ifServed = {JobKinds::volcanoQueues()};
        } else if (options.what == QLatin1String("events")) {
            o.resources = {{ObjectKind::Event, "", "v1", "events", true}};
        }
        sessions.push_back(std::make_unique<ClusterSession>(std::move(o)));
    }
    for (auto &s : sessions)
        s->start();

    const auto deadline =
        std::chrono::steady_clock::now() +
        std::chrono::milliseconds(static_cast<long long>(options.timeoutSeconds * 1000));
    for (;;) {
        bool all = true;
        for (auto &s : sessions) {
            if (const std::string blocking = s->blockingError(); !blocking.empty())
                return failWith(
                    QStringLiteral("cluster \"%1\": %2")
                        .arg(QString::fromStdString(s->name()), QString::fromStdString(blocking)));
            all = all && s->synced();
        }
        if (all)
            break;
        if (std::chrono::steady_clock::now() >= deadline) {
            for (auto &s : sessions)
                if (!s->optionalSettled())
                    return failWith(
                        QStringLiteral("cluster \"%1\": API discovery did not finish within %2 s")
                            .arg(QString::fromStdString(s->name()))
                            .arg(options.timeoutSeconds));
            for (auto &s : sessions)
                for (const auto &[id, state] : s->states())
                    if (!state.live())
                        return failWith(
                            QStringLiteral("cluster \"%1\" did not sync within %2 s: %3: %4")
                                .arg(QString::fromStdString(s->name()))
                                .arg(options.timeoutSeconds)
                                .arg(QString::fromStdString(id),
                                     QString::fromStdString(describe(state))));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    if (options.followSeconds > 0)
        std::this_thread::sleep_for(
            std::chrono::milliseconds(static_cast<long long>(options.followSeconds * 1000)));

    std::vector<ClusterSnapshot> snapshots;
    for (auto &s : sessions) {
        ClusterSnapshot c;
        c.name = s->name();
        c.server = s->options().transport.server;
        c.version = s->serverVersion();
        std::string state = "synced";
        for (const auto &[id, st] : s->states())
            if (!st.live())
                state = id + ": " + describe(st);
        c.state = state;
        c.discoveryError = s->discoveryError();
        for (const auto &[id, st] : s->states()) {
            auto objects = s->snapshot(id);
            if (id == "nodes")
                c.nodes = std::move(objects);
            else if (id == "pods")
                c.pods = std::move(objects);
            else if (id == "namespaces")
                c.namespaces = std::move(objects);
            else if (id == "events")
                c.events = std::move(objects);
            else if (id == "resourcequotas")
                c.quotas = std::move(objects);
            else if (id == "limitranges")
                c.limitRanges = std::move(objects);
            else if (id == JobKinds::volcanoQueues().id())
                c.queues = std::move(objects);
            else if (id.find('.') != std::string::npos) // every other custom resource is a job
                c.jobs.insert(c.jobs.end(), objects.begin(), objects.end());
        }
        if (options.what == QLatin1String("jobs") && !c.discoveryError.empty())
            std::cerr << "cubedesk: warning: cluster \"" << c.name
                      << "\": job kinds unknown, API discovery failed: " << c.discoveryError
                      << std::endl;
        snapshots.push_back(std::move(c));
    }
    GpuDumpRows::Options gpuOptions; // --dump gpus: the NodeResourceTopology objects, once
    if (options.what == QLatin1String("gpus"))
        for (std::size_t i = 0; i < sessions.size(); ++i) {
            ClusterSession &s = *sessions[i];
            std::string warning;
            gpuOptions.nrtLists[s.name()] = fetchNodeResourceTopologies(s, &warning);
            if (!warning.empty())
                std::cerr << "cubedesk: warning: cluster \"" << s.name() << "\": " << warning
                          << std::endl;
            // The inventory stands without metrics: their absence is a warning, not a failure.
            std::string error;
            if (!fetchGpuReadings(s, snapshots[i], options.prometheus.toStdString(),
                                  gpuOptions.readings[s.name()], &error)) {
                gpuOptions.metricsErrors[s.name()] = error;
                std::cerr << "cubedesk: warning: cluster \"" << s.name() << "\": " << error
                          << std::endl;
            }
        }
    // --dump idle-gpus: IdleGpuRows's queries per cluster; a cluster without answers makes the
    // exit status 1 and says why (idleness cannot be shown without utilization).
    std::vector<DumpRow> idleRows;
    bool utilizationMissing = false;
    if (options.what == QLatin1String("idle-gpus")) {
        IdleGpuRows::Options idleOptions;
        idleOptions.thresholdPercent = options.idleThresholdPercent;
        idleOptions.windowSeconds = options.idleWindowSeconds;
        idleOptions.now = static_cast<long long>(std::time(nullptr));
        for (std::size_t i = 0; i < sessions.size(); ++i) {
            std::string error;
            if (!fetchIdleGpuRows(*sessions[i], snapshots[i], options.prometheus.toStdString(),
                                  idleOptions, idleRows, &error)) {
                utilizationMissing = true;
                std::cerr << "cubedesk: cluster \"" << sessions[i]->name() << "\": " << error
                          << std::endl;
            }
        }
    }
    // --dump usage: rows for every cluster; a cluster whose metrics could not be read has its
    // usage empty, says why on stderr, and makes the exit status 1.
    bool metricsMissing = false;
    if (options.what == QLatin1String("usage"))
        for (std::size_t i = 0; i < sessions.size(); ++i) {
            ClusterSnapshot &c = snapshots[i];
            std::string error;
            if (!fetchMetrics(*sessions[i], false, c.nodeMetrics, &error) ||
                !fetchMetrics(*sessions[i], true, c.podMetrics, &error)) {
                c.metricsError = error;
                metricsMissing = true;
                std::cerr << "cubedesk: cluster \"" << c.name << "\": " << error << std::endl;
            }
        }
    for (auto &s : sessions)
        s->stop();
    std::vector<DumpRow> rows;
    if (options.what == QLatin1String("clusters"))
        rows = DumpRows::clusters(snapshots);
    else if (options.what == QLatin1String("nodes"))
        rows = DumpRows::nodes(snapshots);
    else if (options.what == QLatin1String("pods"))
        rows = DumpRows::pods(snapshots);
    else if (options.what == QLatin1String("jobs"))
        rows = DumpRows::jobs(snapshots, static_cast<std::int64_t>(std::time(nullptr)));
    else if (options.what == QLatin1String("quotas"))
        rows = DumpRows::quotas(snapshots);
    else if (options.what == QLatin1String("events"))
        rows = DumpRows::events(snapshots);
    else if (options.what == QLatin1String("gpus"))
        rows = GpuDumpRows::rows(snapshots, gpuOptions);
    else if (options.what == QLatin1String("idle-gpus"))
        rows = std::move(idleRows);
    else if (options.what == QLatin1String("usage"))
        rows = DumpRows::usage(snapshots);
    else if (options.what == QLatin1String("rebalance")) {
        const auto now = static_cast<std::int64_t>(std::time(nullptr));
        rows = RebalanceDumpRows::rows(snapshots, now);
        for (const auto &note : RebalanceDumpRows::notes(snapshots, now))
            std::cerr << "cubedesk: note: " << note << std::endl;
    } else
        rows = DumpRows::orgs(snapshots);
    DumpPrinter::print(rows, options.format);
    return metricsMissing || utilizationMissing ? 1 : 0;
}
