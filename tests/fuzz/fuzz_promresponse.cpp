// PromResponse and GpuReadings over arbitrary bytes: answers of Prometheus's HTTP API (and
// whatever answers in its place behind a service proxy), attributed as dcgm-exporter series —
// decoded whole, streamed, and as the two answers of the readings (the input split in two at
// its first NUL byte).
#include "k8s/cube/gpureadings.h"
#include "k8s/cube/gpuseriesattribution.h"
#include "k8s/cube/promresponse.h"

#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    using namespace cubedesk::k8s;
    const std::string_view body(reinterpret_cast<const char *>(data), size);
    (void)PromResponse::buildVersion(body);
    (void)PromResponse::parse(std::string(body), 10000);
    const GpuSeriesAttribution attribution{ClusterSnapshot{}};
    std::string whole(body);
    (void)GpuReadings::fromAnswer(whole, attribution, 10000);
    const std::size_t split = body.find('\0');
    std::string identities(body.substr(0, split));
    std::string values(split == std::string_view::npos ? std::string_view()
                                                       : body.substr(split + 1));
    (void)GpuReadings::fromAnswers(identities, values, attribution, 10000);
    return 0;
}
