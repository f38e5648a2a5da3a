// NrtTopologyParser over arbitrary JSON: NodeResourceTopology objects and lists from a cluster.
#include "k8s/cube/nrttopologyparser.h"

#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    const std::string_view json(reinterpret_cast<const char *>(data), size);
    static const std::vector<std::string> gpus = {"nvidia.com/gpu", "amd.com/gpu"};
    (void)cubedesk::k8s::NrtTopologyParser::parse(json, gpus);
    (void)cubedesk::k8s::NrtTopologyParser::parseList(json, gpus);
    return 0;
}
