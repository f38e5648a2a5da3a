// MetricsPage over arbitrary bytes: metrics-server's NodeMetricsList and PodMetricsList bodies as
// a cluster (or whatever answers in its place) sends them.
#include "k8s/cube/metricspage.h"

#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    const std::string_view body(reinterpret_cast<const char *>(data), size);
    (void)cubedesk::k8s::MetricsPage::parse(body);
    return 0;
}
