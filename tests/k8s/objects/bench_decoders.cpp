// cubedesk-bench-decoders: throughput of the LIST path of the cluster cache — ListItemSplitter
// over a PodList body arriving in 64 KiB chunks, each item decoded by ObjectDecoder into a
// cached Pod — over a generated list of realistic pods (the simulator's scale scenario, 150,000
// pods by default). Not a test: it prints numbers.
//
//   cubedesk-bench-decoders [--pods N] [--chunk BYTES] [--repeat N]
//
// Build it with the release preset for meaningful figures. Each pass reuses the splitter, the
// decoder and the body buffer (the machine pays ~12 µs per first touch of a page: the first pass
// is reported separately from the best warm pass).

#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/pod.h"
#include "k8s/objects/stringpool.h"
#include "k8s/sim/scalescenario.h"
#include "k8s/watch/listitemsplitter.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace cubedesk::k8s;

namespace {

double seconds(std::chrono::steady_clock::duration d) {
    return std::chrono::duration<double>(d).count();
}

std::string buildBody(std::size_t pods) {
    const std::size_t namespaces = std::clamp<std::size_t>(pods / 150, 1, 1000);
    std::string body = R"({"kind":"PodList","apiVersion":"v1","items":[)";
    body.reserve(pods * 7600);
    for (std::size_t i = 0; i < pods; ++i) {
        nlohmann::json pod = cubedesk::sim::ScaleScenario::pod(i, 5000, namespaces, 42);
        char uid[40];
        std::snprintf(uid, sizeof uid, "%08zx-1f2e-4d3c-8b4a-%012zx",
                      (i * 2654435761u) % 0xffffffffu, i * 40503u);
        pod["metadata"]["uid"] = uid;
        pod["metadata"]["resourceVersion"] = std::to_string(48000000 + i * 3);
        if (i)
            body += ',';
        body += pod.dump();
    }
    body += R"(],"metadata":{"resourceVersion":"48999999","continue":""}})";
    return body;
}

} // namespace

int main(int argc, char **argv) {
    std::size_t pods = 150000;
    std::size_t chunk = 64 * 1024;
    int repeat = 3;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--pods") == 0)
            pods = std::strtoull(argv[i + 1], nullptr, 10);
        else if (std::strcmp(argv[i], "--chunk") == 0)
            chunk = std::strtoull(argv[i + 1], nullptr, 10);
        else if (std::strcmp(argv[i], "--repeat") == 0)
            repeat = std::atoi(argv[i + 1]);
    }
    const auto t0 = std::chrono::steady_clock::now();
    const std::string body = buildBody(pods);
    const double mb = double(body.size()) / 1e6;
    std::printf("body: %zu pods, %.1f MB (%.0f B/pod), generated in %.1f s, chunks of %zu B\n",
                pods, mb, double(body.size()) / double(pods),
                seconds(std::chrono::steady_clock::now() - t0), chunk);

    ListItemSplitter splitter;
    std::size_t checksum = 0;
    const ListItemSplitter::ItemCallback count = [&](std::string_view item) {
        checksum += item.size();
    };
    double bestSplit = 1e9;
    for (int r = 0; r < repeat; ++r) {
        splitter.reset();
        const auto s = std::chrono::steady_clock::now();
        for (std::size_t i = 0; i < body.size(); i += chunk)
            splitter.feed(std::string_view(body).substr(i, chunk), count);
        if (!splitter.finish() || splitter.itemCount() != pods) {
            std::fprintf(stderr, "split failed: %s\n", splitter.error().c_str());
            return 1;
        }
        const double t = seconds(std::chrono::steady_clock::now() - s);
        bestSplit = std::min(bestSplit, t);
        std::printf("splitter alone, pass %d: %.3f s, %.0f MB/s\n", r + 1, t, mb / t);
    }

    double bestDecode = 1e9;
    std::size_t failures = 0;
    for (int r = 0; r < repeat; ++r) {
        // A fresh pool and cache per pass, as a relist into a new session would have.
        ObjectDecoder decoder(StringPool::create());
        std::vector<std::shared_ptr<const KubeObject>> cache;
        cache.reserve(pods);
        const ListItemSplitter::ItemCallback decode = [&](std::string_view item) {
            auto pod = decoder.decode(ObjectKind::Pod, item);
            if (!pod)
                ++failures;
            else
                cache.push_back(std::move(*pod));
        };
        splitter.reset();
        const auto s = std::chrono::steady_clock::now();
        for (std::size_t i = 0; i < body.size(); i += chunk)
            splitter.feed(std::string_view(body).substr(i, chunk), decode);
        splitter.finish();
        const double t = seconds(std::chrono::steady_clock::now() - s);
        bestDecode = std::min(bestDecode, t);
        std::printf("splitter + decoder -> cached Pods, pass %d: %.3f s, %.0f MB/s, %.0f pods/s "
                    "(%zu cached, %zu failed; pool %zu strings, %zu label sets, arena+indexes "
                    "%.1f B per pod)\n",
                    r + 1, t, mb / t, double(pods) / t, cache.size(), failures,
                    decoder.pool()->stringCount(), decoder.pool()->labelSetCount(),
                    double(decoder.pool()->indexAndArenaBytes()) / double(pods));
    }
    std::printf(
        "best: splitter %.0f MB/s; splitter+decoder %.0f MB/s, %.0f pods/s (checksum %zu)\n",
        mb / bestSplit, mb / bestDecode, double(pods) / bestDecode, checksum);
    return failures == 0 ? 0 : 1;
}
