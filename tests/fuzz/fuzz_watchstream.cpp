// A watch stream of any kind, cut into chunks of any size: WatchLineSplitter, then ObjectDecoder
// on every line — as a watch feeds them — and each line decoded as a single object too.
#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/stringpool.h"
#include "k8s/objects/watchevent.h"
#include "k8s/watch/watchlinesplitter.h"
#include "tests/fuzz/fuzzinput.h"

#include <cstdint>

using namespace cubedesk::k8s;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    cubedesk::fuzz::FuzzInput in(data, size);
    const auto kind = static_cast<ObjectKind>(in.byte() % 7);
    const std::size_t chunk = 1 + in.byte();
    static ObjectDecoder decoder(StringPool::create(std::size_t{64} << 20));
    WatchLineSplitter splitter(std::size_t{1} << 20);
    WatchEvent event;
    std::string_view body = in.rest();
    const auto onLine = [&](std::string_view line) {
        (void)decoder.decodeWatchEvent(kind, line, event);
        (void)decoder.decode(kind, line);
    };
    while (!body.empty()) {
        const std::string_view piece = body.substr(0, chunk);
        body.remove_prefix(piece.size());
        if (!splitter.feed(piece, onLine))
            break;
    }
    splitter.flush(onLine);
    return 0;
}
