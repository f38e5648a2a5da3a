#include "k8s/cube/gpureadings.h"

#include "k8s/api/stringkeymap.h"
#include "k8s/cube/gpuseriesattribution.h"

#include <algorithm>
#include <map>
#include <tuple>

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

const Field *fieldNamed(std::string_view name) {
    const auto f = std::find_if(fields().begin(), fields().end(),
                                [&](const Field &field) { return field.name == name; });
    return f == fields().end() ? nullptr : &*f;
}

/// `{__name__=~"DCGM_FI_DEV_GPU_UTIL|…"}`: every field read.
std::string selector() {
    std::string names;
    for (const Field &f : fields()) {
        if (!names.empty())
            names += '|';
        names += f.name;
    }
    return "{__name__=~\"" + names + "\"}";
}

/// The labels valuesQuery() keeps besides the field's name: what tells devices apart.
constexpr std::string_view kValueKeys[] = {"UUID", "uuid", "GPU_I_ID"};

/// Sets the field's value of `r`; NaN and Inf are no data and leave it unset.
void apply(GpuReading &r, const Field &field, const PromResponse::Sample &v) {
    if (!v.finite)
        return;
    if (field.member != nullptr)
        r.*(field.member) = v.value;
    else
        r.xid = static_cast<int>(v.value);
}

/// Node, GPU, (the UUID when there is no GPU index), MIG instance: the readings' order, and
/// what makes two series one device in an answer of query(). References: sorting 40,000
/// readings compares keys a million times.
auto keyOf(const GpuReading &r) {
    static const std::string kNone;
    return std::tie(r.node, r.gpu, r.gpu < 0 ? r.uuid : kNone, r.migInstance);
}
using DeviceKey = std::tuple<std::string, int, std::string, std::string>;

} // namespace

std::string GpuReadings::identityQuery() {
    return "group by (" + GpuSeriesAttribution::labelList() + ") (" + selector() + ')';
}

std::string GpuReadings::valuesQuery() {
    std::string by = "__name__";
    for (const std::string_view label : kValueKeys)
        by.append(", ").append(label);
    return "max by (" + by + ") (" + selector() + ')';
}

std::string GpuReadings::query() {
    return selector();
}

std::size_t GpuReadings::maxSeriesFor(std::size_t nodes) {
    constexpr std::size_t kPerNode =
        std::size_t{7} * 16; // fields × (GPUs and MIG instances of one)
    return std::max<std::size_t>(200000, kPerNode * nodes);
}

GpuReadings::Decoded GpuReadings::fromAnswers(std::string &identities, std::string &values,
                                              const GpuSeriesAttribution &attribution,
                                              std::size_t maxSeries) {
    // A device is known by its UUID and MIG instance (a MIG instance carries its GPU's UUID).
    std::vector<GpuReading> devices;
    StringKeyMap<std::size_t> byKey;
    bool unmatched = false;
    auto identified =
        PromResponse::stream(identities, maxSeries, [&](const PromResponse::SeriesView &s) {
            GpuReading id = attribution.identify(s);
            if (id.uuid.empty()) {
                unmatched = true;
                return;
            }
            std::string key = id.uuid;
            key.append(1, '\0').append(id.migInstance);
            const auto [it, added] = byKey.try_emplace(std::move(key), devices.size());
            if (added)
                return devices.push_back(std::move(id));
            // The same device twice: its pod label changed within the lookback window, or two
            // scrape jobs read one exporter. The one naming a workload pod wins.
            GpuReading &known = devices[it->second];
            if (known.node != id.node || known.gpu != id.gpu)
                unmatched = true;
            else if (known.pod.empty() && !id.pod.empty())
                known = std::move(id);
        });
    if (!identified.ok())
        return {{}, identified.error()};
    if (unmatched)
        return {{}, {}, true};
    std::string key;
    auto measured = PromResponse::stream(values, maxSeries, [&](const PromResponse::SeriesView &s) {
        std::string_view name;
        std::string_view keys[std::size(kValueKeys)];
        for (const auto &[label, value] : s.labels) {
            if (label == "__name__")
                name = value;
            for (std::size_t i = 0; i < std::size(kValueKeys); ++i)
                if (label == kValueKeys[i])
                    keys[i] = value;
        }
        const Field *field = fieldNamed(name);
        if (field == nullptr || s.samples.empty())
            return;
        key.assign(keys[0].empty() ? keys[1] : keys[0]).append(1, '\0').append(keys[2]);
        if (const auto it = byKey.find(key); it != byKey.end())
            apply(devices[it->second], *field, s.samples.back());
    });
    if (!measured.ok())
        return {{}, measured.error()};
    std::sort(devices.begin(), devices.end(),
              [](const GpuReading &a, const GpuReading &b) { return keyOf(a) < keyOf(b); });
    return {std::move(devices), {}};
}

Result<std::vector<GpuReading>, std::string>
GpuReadings::fromAnswer(std::string &wholeSeries, const GpuSeriesAttribution &attribution,
                        std::size_t maxSeries) {
    std::map<DeviceKey, GpuReading> devices;
    auto answer =
        PromResponse::stream(wholeSeries, maxSeries, [&](const PromResponse::SeriesView &s) {
            const Field *field = fieldNamed(s.label("__name__"));
            if (field == nullptr || s.samples.empty())
                return;
            // Without a node or an index the device is known by its UUID alone. Every series of
            // a device carries the same labels: the first gives its identity.
            GpuReading id = attribution.identify(s);
            DeviceKey key(keyOf(id));
            GpuReading &r = devices.try_emplace(std::move(key), std::move(id)).first->second;
            apply(r, *field, s.samples.back());
        });
    if (!answer.ok())
        return Failure{answer.error()};
    std::vector<GpuReading> out;
    out.reserve(devices.size());
    for (auto &[key, reading] : devices)
        out.push_back(std::move(reading));
    return out;
}

} // namespace cubedesk::k8s
