// cubedesk-bench-overview: what the Overview and Pending-and-events models cost at the scale
// scenario's size, without a window or a network — the scenario's nodes and pods (5,000 and
// 150,000 by default, decoded as the session decodes them) fed to one ClusterConnection:
//   * the initial load into RunningPodModel behind its SortFilterIndex (sorted by GPUs, as the
//     pane opens), PendingPodModel and EventStreamModel;
//   * sorting the running-pods table by every column, both orders, and filter changes;
//   * churn batches like the simulator's (--churn): new pods, finished and deleted pods, status
//     updates and heartbeats, in batches of BATCH changes — the time ClusterConnection::applyDeltas
//     takes with these models attached, and without (the store alone).
//   cubedesk-bench-overview [--nodes 5000] [--pods 150000] [--batch 200] [--batches 100]
// Prints JSON (ms: median, p99, max). A benchmark, not a test.

#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/stringpool.h"
#include "k8s/sim/scalescenario.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/eventstreammodel.h"
#include "models/pendingpodmodel.h"
#include "models/runningpodfilter.h"
#include "models/runningpodmodel.h"
#include "models/sortfilterindex.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <time.h>

using namespace cubedesk;
using Delta = k8s::ClusterSession::Delta;
using Type = k8s::DeltaBuffer<k8s::ObjectPtr>::Type;

namespace {

std::size_t arg(int argc, char **argv, const char *name, std::size_t fallback) {
    for (int i = 1; i + 1 < argc; ++i)
        if (std::string(argv[i]) == name)
            return std::stoul(argv[i + 1]);
    return fallback;
}

struct Stats {
    double median = 0, p99 = 0, max = 0;
};

Stats stats(std::vector<double> v) {
    if (v.empty())
        return {};
    std::sort(v.begin(), v.end());
    const auto at = [&](double p) {
        return v[std::min(v.size() - 1, static_cast<std::size_t>(p * double(v.size())))];
    };
    return {at(0.5), at(0.99), v.back()};
}

double ms(const QElapsedTimer &t) {
    return static_cast<double>(t.nsecsElapsed()) / 1e6;
}

/// CPU time of this thread, ms: the machine is shared, wall time alone says little.
double cpuMs() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

class Feed {
public:
    Feed(std::size_t nodes, std::size_t pods)
        : m_nodes(nodes)
        , m_pods(pods)
        , m_namespaces(std::clamp<std::size_t>(pods / 150, 1, 1000)) {}

    Delta node(std::size_t i) {
        return decode(k8s::ObjectKind::Node, Type::Added,
                      sim::ScaleScenario::node(i, kSeed).dump());
    }
    Delta pod(std::size_t i, Type type = Type::Added, const char *phase = nullptr, int rv = 0) {
        auto json = sim::ScaleScenario::pod(i, m_nodes, m_namespaces, kSeed);
        if (phase)
            json["status"]["phase"] = phase;
        if (rv > 0)
            json["metadata"]["resourceVersion"] = std::to_string(rv);
        return decode(k8s::ObjectKind::Pod, type, json.dump());
    }

private:
    static constexpr std::uint64_t kSeed = 7;
    Delta decode(k8s::ObjectKind kind, Type type, const std::string &json) {
        auto decoded = m_decoder.decode(kind, json);
        if (!decoded) {
            std::fprintf(stderr, "cubedesk-bench-overview: %s\n", decoded.error().c_str());
            std::exit(1);
        }
        std::shared_ptr<const k8s::KubeObject> o = std::move(*decoded);
        const std::string prefix = kind == k8s::ObjectKind::Node ? "nodes//" : "pods/";
        std::string key = prefix;
        if (kind == k8s::ObjectKind::Pod)
            key += std::string(o->namespaceName()) + '/';
        key += std::string(o->name());
        return Delta{type, key, o};
    }

    k8s::ObjectDecoder m_decoder{k8s::StringPool::create()};
    std::size_t m_nodes;
    std::size_t m_pods;
    std::size_t m_namespaces;
};

/// Applies `batches` churn batches of `size` changes to `cluster`; returns each batch's time.
std::vector<double> churn(Feed &feed, models::ClusterConnection *cluster, std::size_t pods,
                          std::size_t size, std::size_t batches, std::size_t &next, int &rv,
                          std::mt19937 &rng) {
    std::vector<double> times;
    std::vector<std::size_t> own; // pods this churn created (it finishes and deletes only those)
    for (std::size_t b = 0; b < batches; ++b) {
        std::vector<Delta> deltas;
        for (std::size_t i = 0; i < size; ++i) {
            const unsigned roll = rng() % 100;
            if (roll < 20 || own.empty()) {
                own.push_back(next);
                deltas.push_back(feed.pod(next++));
            } else if (roll < 30) {
                const std::size_t k = rng() % own.size();
                deltas.push_back(feed.pod(own[k], Type::Updated, "Succeeded", ++rv));
                own.erase(own.begin() + long(k));
            } else if (roll < 40) {
                const std::size_t k = rng() % own.size();
                deltas.push_back(feed.pod(own[k], Type::Deleted));
                own.erase(own.begin() + long(k));
            } else {
                // Status updates and kubelet heartbeats on the scenario's own pods.
                deltas.push_back(feed.pod(rng() % pods, Type::Updated, nullptr, ++rv));
            }
        }
        QElapsedTimer t;
        t.start();
        cluster->applyDeltas(std::move(deltas));
        times.push_back(ms(t));
    }
    return times;
}

} // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    const std::size_t nodes = arg(argc, argv, "--nodes", 5000);
    const std::size_t pods = arg(argc, argv, "--pods", 150000);
    const std::size_t batch = arg(argc, argv, "--batch", 200);
    const std::size_t batches = arg(argc, argv, "--batches", 100);

    Feed feed(nodes, pods);
    std::vector<Delta> initial;
    initial.reserve(nodes + pods);
    for (std::size_t i = 0; i < nodes; ++i)
        initial.push_back(feed.node(i));
    for (std::size_t i = 0; i < pods; ++i)
        initial.push_back(feed.pod(i));

    // The store alone: the baseline a batch costs without these models.
    std::mt19937 rng(11);
    std::size_t next = pods;
    int rv = 1000000;
    std::vector<double> baseline;
    {
        models::ClusterHub hub;
        auto *bare = new models::ClusterConnection(QStringLiteral("bare"), QStringLiteral("-"));
        hub.adopt(bare);
        bare->applyDeltas(std::vector<Delta>(initial));
        baseline = churn(feed, bare, pods, batch, batches, next, rv, rng);
    }

    models::ClusterHub hub;
    models::RunningPodModel running(&hub);
    models::SortFilterIndex proxy;
    proxy.setSourceModel(&running);
    proxy.sort(models::RunningPodModel::GpusColumn, Qt::DescendingOrder);
    const QSet<QString> scope{QStringLiteral("scale")};
    proxy.setFilter([&running, scope](int row) {
        return scope.contains(running.row(row).clusterName->display);
    });
    models::PendingPodModel pending(&hub);
    models::EventStreamModel events(&hub);
    auto *cluster = new models::ClusterConnection(QStringLiteral("scale"), QStringLiteral("-"));
    hub.adopt(cluster);
    QElapsedTimer load;
    load.start();
    cluster->applyDeltas(std::move(initial));
    const double loadMs = ms(load);

    std::vector<double> sorts;
    std::vector<double> sortCpu;
    std::vector<double> worst(models::RunningPodModel::ColumnCount, 0.0);
    for (int c = 0; c < models::RunningPodModel::ColumnCount; ++c)
        for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
            QElapsedTimer t;
            t.start();
            const double cpu0 = cpuMs();
            proxy.sort(c, order);
            sorts.push_back(ms(t));
            sortCpu.push_back(cpuMs() - cpu0);
            worst[std::size_t(c)] = std::max(worst[std::size_t(c)], sorts.back());
        }
    std::vector<double> filters;
    for (const char *text : {"gpus>0", "cpu>=0.3, app-2", "app-12", ""}) {
        const auto f = std::make_shared<models::RunningPodFilter>(
            models::RunningPodFilter::parse(QString::fromLatin1(text)));
        // As OverviewPane: the scope decided once per run of rows of one cluster.
        auto last =
            std::make_shared<std::pair<const models::RunningPodText *, bool>>(nullptr, false);
        QElapsedTimer t;
        t.start();
        proxy.setFilter([&running, scope, f, last](int row) {
            const auto &r = running.row(row);
            if (last->first != r.clusterName)
                *last = {r.clusterName, scope.contains(r.clusterName->display)};
            return last->second && f->matches(r);
        });
        filters.push_back(ms(t));
    }
    proxy.sort(models::RunningPodModel::GpusColumn, Qt::DescendingOrder);
    const auto withModels = churn(feed, cluster, pods, batch, batches, next, rv, rng);

    const Stats s = stats(sorts);
    const Stats sc = stats(sortCpu);
    const Stats f = stats(filters);
    const Stats b = stats(baseline);
    const Stats m = stats(withModels);
    std::printf("{\"nodes\": %zu, \"pods\": %zu, \"rows\": %d, \"pending_tracked\": %d, "
                "\"events\": %d, \"load_ms\": %.1f,\n \"sort_ms\": {\"median\": %.2f, \"max\": "
                "%.2f, \"per_column_max\": [",
                nodes, pods, running.rowCount(), pending.trackedCount(), events.rowCount(), loadMs,
                s.median, s.max);
    for (std::size_t c = 0; c < worst.size(); ++c)
        std::printf("%s%.1f", c ? ", " : "", worst[c]);
    std::printf("]},\n \"sort_cpu_ms\": {\"median\": %.2f, \"max\": %.2f},\n"
                " \"filter_ms\": {\"median\": %.2f, \"max\": %.2f},\n"
                " \"batch\": %zu, \"batch_store_only_ms\": {\"median\": %.2f, \"p99\": %.2f, "
                "\"max\": %.2f},\n \"batch_with_models_ms\": {\"median\": %.2f, \"p99\": %.2f, "
                "\"max\": %.2f}}\n",
                sc.median, sc.max, f.median, f.max, batch, b.median, b.p99, b.max, m.median, m.p99,
                m.max);
    return 0;
}
