// Pod log streams (LogLineSplitter): any bytes in chunks of any size give the same lines, every
// byte is accounted for, and no line or held partial line passes the cap.
#include "k8s/api/loglinesplitter.h"
#include "tests/fuzz/fuzzinput.h"

#include <cstdint>
#include <cstdlib>

using namespace cubedesk::k8s;

namespace {

std::vector<LogLine> split(std::string_view bytes, bool timestamps, std::size_t cap,
                           std::size_t chunk) {
    LogLineSplitter splitter(timestamps, cap);
    std::vector<LogLine> out;
    for (std::size_t at = 0; at < bytes.size(); at += chunk) {
        splitter.feed(bytes.substr(at, chunk), out);
        if (splitter.heldBytes() > cap + 40)
            std::abort();
    }
    splitter.finish(out);
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    cubedesk::fuzz::FuzzInput in(data, size);
    const bool timestamps = (in.byte() & 1U) != 0;
    const std::size_t cap = 1 + in.byte() * 4U;
    const std::size_t chunk = 1 + in.byte();
    const std::string_view bytes = in.rest();
    const auto whole = split(bytes, timestamps, cap, bytes.size() + 1);
    const auto pieces = split(bytes, timestamps, cap, chunk);
    if (whole.size() != pieces.size())
        std::abort();
    std::size_t total = 0;
    for (std::size_t i = 0; i < whole.size(); ++i) {
        const LogLine &a = whole[i];
        const LogLine &b = pieces[i];
        if (a.text != b.text || a.truncated != b.truncated || a.unterminated != b.unterminated ||
            a.streamBytes != b.streamBytes || a.time.has_value() != b.time.has_value() ||
            a.text.size() > cap || (a.unterminated && i + 1 != whole.size()))
            std::abort();
        total += a.streamBytes;
    }
    if (total != bytes.size())
        std::abort();
    return 0;
}
