// How many watch events per second one core decodes and applies (target ≥ 100,000/s,
// docs/performance.md):
// a pre-built stream of MODIFIED events for realistic pods (the scale scenario's), fed in 64 KiB
// chunks through WatchLineSplitter → ObjectDecoder::decodeWatchEvent → Reflector (cache update)
// → ObjectDeltaQueue (coalesced hand-over), exactly the session thread's path minus the socket.
// Not a test; prints one JSON line per pass.   cubedesk-bench-watch [EVENTS] [PODS]

#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/stringpool.h"
#include "k8s/session/objectdeltaqueue.h"
#include "k8s/session/resourcewatch.h"
#include "k8s/sim/scalescenario.h"
#include "k8s/watch/watchlinesplitter.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

using namespace cubedesk::k8s;

int main(int argc, char **argv) {
    const std::size_t events = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 200000;
    const std::size_t pods = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 20000;
    const std::size_t namespaces = std::max<std::size_t>(1, pods / 150);
    // Every pod once as ADDED, then MODIFIED events round-robin with fresh resourceVersions.
    std::vector<std::string> bodies;
    bodies.reserve(pods);
    for (std::size_t i = 0; i < pods; ++i) {
        nlohmann::json pod = cubedesk::sim::ScaleScenario::pod(i, 500, namespaces, 1);
        pod["metadata"]["uid"] = "0000000-0000-4000-8000-" + std::to_string(100000000000 + i);
        pod["metadata"]["resourceVersion"] = "RV";
        bodies.push_back(pod.dump());
    }
    std::string stream;
    stream.reserve((events + pods) * (bodies[0].size() + 64));
    std::uint64_t rv = 1000;
    auto append = [&](const char *type, const std::string &body) {
        const auto at = body.find("\"RV\"");
        stream += R"({"type":")";
        stream += type;
        stream += R"(","object":)";
        stream.append(body, 0, at);
        stream += '"' + std::to_string(++rv) + '"';
        stream.append(body, at + 4);
        stream += "}\n";
    };
    for (std::size_t i = 0; i < pods; ++i)
        append("ADDED", bodies[i]);
    for (std::size_t e = 0; e < events; ++e)
        append("MODIFIED", bodies[e % pods]);
    std::printf("{\"stream_mb\": %.1f, \"events\": %zu, \"pods\": %zu}\n",
                static_cast<double>(stream.size()) / 1e6, events + pods, pods);

    for (int pass = 1; pass <= 3; ++pass) {
        ObjectDecoder decoder(StringPool::create());
        ObjectDeltaQueue deltas({"pods/"});
        std::size_t applied = 0;
        KubeReflector reflector(KubeReflector::Config{}, [&](KubeReflector::DeltaType type,
                                                             const ObjectPtr &obj) {
            ++applied;
            deltas.add(type == KubeReflector::DeltaType::Added ? ObjectDeltaQueue::Type::Added
                                                               : ObjectDeltaQueue::Type::Updated,
                       0, obj);
        });
        WatchLineSplitter splitter;
        WatchEvent event;
        std::size_t failed = 0;
        const auto begin = std::chrono::steady_clock::now();
        constexpr std::size_t chunk = 64 * 1024;
        for (std::size_t off = 0; off < stream.size(); off += chunk) {
            splitter.feed(std::string_view(stream).substr(off, chunk), [&](std::string_view line) {
                if (!decoder.decodeWatchEvent(ObjectKind::Pod, line, event)) {
                    ++failed;
                    return;
                }
                if (event.type == WatchEvent::Type::Added)
                    reflector.onAdded(event.object);
                else
                    reflector.onModified(event.object);
            });
            if ((off / chunk) % 16 == 0)
                deltas.drain(); // the GUI drains at frame rate
        }
        deltas.drain();
        const double secs =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        std::printf(
            "{\"pass\": %d, \"seconds\": %.3f, \"events_per_second\": %.0f, \"mb_per_second\": "
            "%.0f, \"applied\": %zu, \"failed\": %zu}\n",
            pass, secs, static_cast<double>(events + pods) / secs,
            static_cast<double>(stream.size()) / 1e6 / secs, applied, failed);
    }
    return 0;
}
