// GpuTopologyParser over arbitrary text: whatever a node annotation or an imported file holds.
#include "k8s/cube/gputopologyparser.h"

#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    const auto r = cubedesk::k8s::GpuTopologyParser::parse(text);
    if (r.ok()) {
        const auto &t = *r.topology;
        const std::size_t n = t.devices().size();
        for (std::size_t a = 0; a < n; ++a)
            for (std::size_t b = 0; b < n; ++b)
                (void)t.pairScore(a, b);
        (void)t.islands();
    }
    return 0;
}
