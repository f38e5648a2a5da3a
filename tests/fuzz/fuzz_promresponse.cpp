// PromResponse and GpuReadings over arbitrary bytes: answers of Prometheus's HTTP API (and
// whatever answers in its place behind a service proxy), attributed as dcgm-exporter series.
#include "k8s/cube/gpureadings.h"
#include "k8s/cube/promresponse.h"

#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    const std::string_view body(reinterpret_cast<const char *>(data), size);
    (void)cubedesk::k8s::PromResponse::buildVersion(body);
    const auto answer = cubedesk::k8s::PromResponse::parse(body, 10000);
    if (answer.ok())
        (void)cubedesk::k8s::GpuReadings::fromResponse(answer.value(),
                                                       cubedesk::k8s::ClusterSnapshot{});
    return 0;
}
