// cubedesk-bench: how fast the client core syncs a cluster (docs/command-line.md,
// docs/performance.md).
//   cubedesk-bench --kubeconfig PATH [--context NAME] [--resource pods|nodes|all] [--repeat N]
// Prints JSON: per run the objects cached, bytes received, seconds to a full sync (LIST, decode,
// cache), seconds spent decoding, heap bytes per cached object; then medians and peak RSS.
//
// heap_bytes_per_object is all-in: the growth of the whole process heap (every malloc arena's
// in-use chunks, mallinfo2().uordblks, plus the blocks malloc serves by mmap, hblkhd: big
// tables and the string pool's chunks) from before the session was created to after the sync,
// once the consumer has drained the deltas and this program dropped its snapshot copies —
// i.e. the objects, the string pool, the reflector's store and every other byte the live
// session keeps, divided by the objects cached (heap_bytes is the growth itself; it includes the
// session's fixed costs — TLS, parser buffers, the pool's directory — of roughly 0.8 MB).

#include "k8s/config/kubeconfig.h"
#include "k8s/config/kubeconfigsources.h"
#include "k8s/session/clustersession.h"
#include "k8s/session/transportfactory.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QLoggingCategory>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <sys/resource.h>
#include <thread>

#include <malloc.h>

using namespace cubedesk::k8s;

namespace {

/// Heap bytes in use, all arenas, including mmapped blocks.
std::size_t heapInUse() {
    const struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationVersion(QStringLiteral(CUBEDESK_VERSION));
    if (qEnvironmentVariableIsEmpty("QT_LOGGING_RULES"))
        QLoggingCategory::setFilterRules(QStringLiteral("cubedesk.*=false"));
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption kubeconfig(QStringLiteral("kubeconfig"),
                                        QStringLiteral("Kubeconfig file."), QStringLiteral("PATH"));
    const QCommandLineOption context(QStringLiteral("context"),
                                     QStringLiteral("Context (default: current)."),
                                     QStringLiteral("NAME"));
    const QCommandLineOption resource(QStringLiteral("resource"),
                                      QStringLiteral("pods, nodes or all."), QStringLiteral("WHAT"),
                                      QStringLiteral("pods"));
    const QCommandLineOption repeat(QStringLiteral("repeat"), QStringLiteral("Runs (default 3)."),
                                    QStringLiteral("N"), QStringLiteral("3"));
    parser.addOptions({kubeconfig, context, resource, repeat});
    parser.process(app);

    const Kubeconfig config =
        Kubeconfig::load(KubeconfigSources::fromEnvironment(parser.values(kubeconfig)));
    const QString contextName =
        parser.isSet(context) ? parser.value(context) : config.currentContext();
    auto resolved = config.resolve(contextName);
    if (!resolved.ok()) {
        std::cerr << "cubedesk-bench: " << resolved.error().toString().toStdString() << '\n';
        return 1;
    }
    auto settings = TransportFactory::fromContext(resolved.value());
    if (!settings) {
        std::cerr << "cubedesk-bench: " << settings.error() << '\n';
        return 1;
    }
    std::vector<ResourceDescriptor> resources;
    const QString what = parser.value(resource);
    if (what == QLatin1String("pods") || what == QLatin1String("all"))
        resources.push_back(ResourceDescriptor::pods());
    if (what == QLatin1String("nodes") || what == QLatin1String("all"))
        resources.push_back(ResourceDescriptor::nodes());
    if (resources.empty()) {
        std::cerr << "cubedesk-bench: --resource must be pods, nodes or all\n";
        return 2;
    }
    const int runs = std::max(1, parser.value(repeat).toInt());

    std::vector<double> syncs;
    std::vector<double> decodes;
    std::cout << "{\"resource\": \"" << what.toStdString() << "\", \"runs\": [";
    for (int run = 0; run < runs; ++run) {
        const std::size_t heapBefore = heapInUse();
        ClusterSession::Options o;
        o.name = contextName.toStdString();
        o.transport = *settings;
        o.resources = resources;
        auto session = std::make_unique<ClusterSession>(o);
        const auto begin = std::chrono::steady_clock::now();
        session->start();
        while (!session->synced()) {
            if (const std::string blocking = session->blockingError(); !blocking.empty()) {
                std::cerr << "cubedesk-bench: " << blocking << '\n';
                return 1;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        const double sync =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        std::size_t objects = 0;
        for (const auto &r : resources)
            objects += session->snapshot(r.id()).size();
        const auto [bytes, decode] = session->transferStats();
        session->drainDeltas();
        const std::size_t heapAfter = heapInUse();
        const double perObject =
            objects == 0 ? 0
                         : (static_cast<double>(heapAfter) - static_cast<double>(heapBefore)) /
                               static_cast<double>(objects);
        syncs.push_back(sync);
        decodes.push_back(decode);
        std::printf("%s{\"objects\": %zu, \"bytes_received\": %llu, \"sync_seconds\": %.3f, "
                    "\"decode_seconds\": %.3f, \"heap_bytes\": %lld, "
                    "\"heap_bytes_per_object\": %.0f}",
                    run == 0 ? "" : ", ", objects, static_cast<unsigned long long>(bytes), sync,
                    decode, static_cast<long long>(heapAfter) - static_cast<long long>(heapBefore),
                    perObject);
        std::fflush(stdout);
        session->stop();
    }
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("], \"median_sync_seconds\": %.3f, \"median_decode_seconds\": %.3f, "
                "\"peak_rss_mb\": %.1f}\n",
                median(syncs), median(decodes), static_cast<double>(usage.ru_maxrss) / 1024.0);
    return 0;
}
