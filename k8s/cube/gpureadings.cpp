#include "k8s/cube/gpureadings.h"

#include "k8s/cube/gpuseriesattribution.h"
#include "k8s/objects/node.h"
#include "k8s/objects/pod.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <tuple>
#include <unordered_map>

namespace cubedesk::k8s {

namespace {

/// The DCGM fields read, and the reading each fills (XID: `xid`, an integer code).
struct Field {
    std::string_view name;
    std::optional<double> GpuReading::*member;
};

const std::vector<Field> &fields() {
    static const std::vector<Field> kFields = {
        {"DCGM_FI_DEV_GPU_UTIL", &GpuReading::utilization},
        {"DCGM_FI_DEV_FB_USED", &GpuReading::memoryUsedMiB},
        {"DCGM_FI_DEV_FB_FREE", &GpuReading::memoryFreeMiB},
        {"DCGM_FI_DEV_POWER_USAGE", &GpuReading::powerW},
        {"DCGM_FI_DEV_GPU_TEMP", &GpuReading::temperatureC},
        {"DCGM_FI_DEV_SM_CLOCK", &GpuReading::smClockMHz},
        {"DCGM_FI_DEV_XID_ERRORS", nullptr},
    };
    return kFields;
}

} // namespace

std::string GpuReadings::query() {
    std::string names;
    for (const Field &f : fields()) {
        if (!names.empty())
            names += '|';
        names += f.name;
    }
    return "{__name__=~\"" + names + "\"}";
}

std::vector<GpuReading> GpuReadings::fromResponse(const PromResponse &answer,
                                                  const ClusterSnapshot &cluster) {
    return fromResponse(answer, GpuSeriesAttribution(cluster));
}

std::vector<GpuReading> GpuReadings::fromResponse(const PromResponse &answer,
                                                  const GpuSeriesAttribution &attribution) {
    std::map<std::tuple<std::string, int, std::string, std::string>, GpuReading> devices;
    for (const PromResponse::Series &s : answer.series) {
        const std::string &metric = s.label("__name__");
        const auto field = std::find_if(fields().begin(), fields().end(),
                                        [&](const Field &f) { return f.name == metric; });
        if (field == fields().end() || s.samples.empty())
            continue;
        const GpuReading id = attribution.identify(s);
        // Without a node or an index the device is known by its UUID alone. Every series of a
        // device carries the same labels: the first gives its identity.
        GpuReading &r =
            devices
                .try_emplace(
                    {id.node, id.gpu, id.gpu < 0 ? id.uuid : std::string(), id.migInstance}, id)
                .first->second;
        const PromResponse::Sample &v = s.samples.back();
        if (!v.finite)
            continue; // NaN, Inf: no data
        if (field->member != nullptr)
            r.*(field->member) = v.value;
        else
            r.xid = static_cast<int>(v.value);
    }
    std::vector<GpuReading> out;
    out.reserve(devices.size());
    for (auto &[key, reading] : devices)
        out.push_back(std::move(reading));
    return out;
}

} // namespace cubedesk::k8s
