#include "k8s/cube/idlegpurows.h"

#include "k8s/api/stringkeymap.h"
#include "k8s/cube/gpuseriesattribution.h"
#include "k8s/objects/pod.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <optional>

namespace cubedesk::k8s {

namespace {

constexpr long long kDay = 86400;

/// What each of the queries measures, in the order of queries().
enum Field : std::size_t { Latest, LastBusy, RunSteps, WindowAvg, WindowMax, Held, Used, kFields };

/// One device while one pod held it: each field's value (nullopt: not in that answer).
struct Device {
    std::string pod; ///< "namespace/name"
    std::array<std::optional<double>, kFields> values;
};

std::string number(double v) {
    std::array<char, 32> text{};
    const auto end = std::to_chars(text.data(), text.data() + text.size(), v).ptr;
    return {text.data(), end};
}

std::string seconds(long long s) {
    return std::to_string(s) + 's';
}

/// The first multiple of `step` at or after `now`.
long long alignedUp(long long now, long long step) {
    return (now + step - 1) / step * step;
}

long long windowOf(const IdleGpuRows::Options &o) {
    return std::clamp(o.windowSeconds, 1LL, IdleGpuRows::kMaxWindowSeconds);
}

DumpRow::Value orEmpty(const std::optional<double> &v) {
    return v ? DumpRow::Value(std::round(*v * 10) / 10) : DumpRow::Value(std::string());
}

DumpRow::Value hours(double h) {
    return std::round(h * 1000) / 1000; // to 3.6 s
}

} // namespace

long long IdleGpuRows::windowStep(const Options &options) {
    constexpr std::array<long long, 16> kDivisors = {1,  2,  3,  4,  5,  6,  8,  10,
                                                     12, 15, 20, 24, 30, 40, 60, 120};
    static_assert(kDivisors.back() == kDayStep);
    const long long wanted = windowOf(options) / 20;
    long long step = 1;
    for (const long long d : kDivisors)
        if (d <= wanted)
            step = d;
    return step;
}

std::vector<InstantQuery> IdleGpuRows::queries(const Options &options) {
    const std::string x = "DCGM_FI_DEV_GPU_UTIL";
    const std::string by = "max by (" + GpuSeriesAttribution::labelList() + ") ";
    const long long step = windowStep(options);
    const std::string windowGrid = '[' + seconds(windowOf(options)) + ':' + seconds(step) + ']';
    const std::string runGrid =
        '[' + seconds(std::min(kDay, kRunSteps * step) + step) + ':' + seconds(step) + ']';
    const std::string dayGrid = '[' + seconds(kDay) + ':' + seconds(kDayStep) + ']';
    const long long windowTime = alignedUp(options.now, step);
    const long long dayTime = alignedUp(options.now, kDayStep);
    std::vector<InstantQuery> q(kFields);
    q[Latest] = {by + "(timestamp(" + x + "))", windowTime};
    // A filter and a plain selector: `timestamp()` of a bare selector inside a subquery, or a
    // set operation, cost Prometheus ten times as much at 40,000 series.
    q[LastBusy] = {by + "(max_over_time(timestamp(" + x +
                       " >= " + number(options.thresholdPercent) + ")" + runGrid + "))",
                   windowTime};
    q[RunSteps] = {by + "(count_over_time(" + x + runGrid + "))", windowTime};
    q[WindowAvg] = {by + "(avg_over_time((" + x + " >= 0)" + windowGrid + "))", windowTime};
    q[WindowMax] = {by + "(max_over_time((" + x + " >= 0)" + windowGrid + "))", windowTime};
    q[Held] = {by + "(count_over_time(" + x + dayGrid + "))", dayTime};
    q[Used] = {by + "(sum_over_time(clamp_max(" + x + " >= 0, 100)" + dayGrid + "))", dayTime};
    return q;
}

Result<std::vector<DumpRow>, std::string> IdleGpuRows::rows(const ClusterSnapshot &cluster,
                                                            std::vector<std::string> &answers,
                                                            const GpuSeriesAttribution &attribution,
                                                            const Options &options,
                                                            std::size_t maxSeries) {
    if (answers.size() != kFields)
        return Failure{std::string("expected ") + std::to_string(kFields) + " answers, got " +
                       std::to_string(answers.size())};
    // Each answer's series by device and pod; where two series are one (two scrape jobs read
    // one exporter) the larger value counts.
    StringKeyMap<Device> devices;
    std::string key;
    for (std::size_t f = 0; f < kFields; ++f) {
        auto streamed =
            PromResponse::stream(answers[f], maxSeries, [&](const PromResponse::SeriesView &s) {
                if (s.samples.empty() || !s.samples.back().finite)
                    return;
                const GpuReading id = attribution.identify(s);
                if (id.pod.empty())
                    return;
                key.assign(id.podNamespace).append(1, '/').append(id.pod);
                const std::size_t podLength = key.size();
                key.append(1, '\0').append(id.node).append(1, '\0').append(std::to_string(id.gpu));
                key.append(1, '\0').append(id.gpu < 0 ? id.uuid : std::string());
                key.append(1, '\0').append(id.migInstance);
                auto [it, added] = devices.try_emplace(key);
                if (added)
                    it->second.pod = key.substr(0, podLength);
                std::optional<double> &v = it->second.values[f];
                v = std::max(v.value_or(-std::numeric_limits<double>::infinity()),
                             s.samples.back().value);
            });
        answers[f] = std::string(); // freed as soon as read
        if (!streamed.ok())
            return Failure{streamed.error()};
    }
    // The pods the series name that are still in the cluster (gone ones have nobody to ask).
    StringKeyMap<const Pod *> pods;
    for (const auto &[k, device] : devices)
        pods.try_emplace(device.pod, nullptr);
    for (const auto &o : cluster.pods) {
        if (!o)
            continue;
        const auto *p = static_cast<const Pod *>(o.get()); // snapshot pods are Pods
        key.assign(p->namespaceName()).append(1, '/').append(p->name());
        if (const auto it = pods.find(std::string_view(key)); it != pods.end())
            it->second = p;
    }

    struct PodTotals {
        int gpus = 0; ///< held now
        bool idle = true;
        double idleFor = std::numeric_limits<double>::max();
        double windowSum = 0;
        int windowCount = 0;
        std::optional<double> windowMax;
        double heldHours = 0;
        double usedHours = 0;
    };
    struct OrgTotals {
        int gpus = 0;
        double windowSum = 0; ///< Σ of the held GPUs' means
        int windowCount = 0;
        int idlePods = 0;
        double heldHours = 0;
        double usedHours = 0;
    };
    const long long window = windowOf(options);
    const auto runStep = static_cast<double>(windowStep(options));
    constexpr double kDayStepHours = static_cast<double>(kDayStep) / 3600.0;
    std::map<std::string, PodTotals, std::less<>> podTotals; // by "ns/name"
    for (const auto &[k, d] : devices) {
        if (pods.at(d.pod) == nullptr)
            continue;
        PodTotals &t = podTotals[d.pod];
        const auto &v = d.values;
        t.heldHours += v[Held].value_or(0) * kDayStepHours;
        t.usedHours += v[Used].value_or(0) / 100.0 * kDayStepHours;
        if (!v[Latest])
            continue; // not held now
        ++t.gpus;
        // Since the last busy step, else for every step seen.
        const double idleFor = v[LastBusy] ? std::max(0.0, *v[Latest] - *v[LastBusy])
                                           : v[RunSteps].value_or(0) * runStep;
        // Idle needs a reading: a device that reads only NaN in the window is not judged.
        t.idle = t.idle && idleFor >= static_cast<double>(window) && v[WindowMax].has_value();
        t.idleFor = std::min(t.idleFor, idleFor);
        if (v[WindowAvg]) {
            t.windowSum += *v[WindowAvg];
            ++t.windowCount;
        }
        if (v[WindowMax])
            t.windowMax = std::max(t.windowMax.value_or(0), *v[WindowMax]);
    }

    std::vector<DumpRow> podRows;
    std::map<std::string, OrgTotals> orgs;
    for (const auto &[podKey, t] : podTotals) {
        const Pod &pod = *pods.at(podKey);
        OrgTotals &g = orgs[std::string(pod.org())];
        g.heldHours += t.heldHours;
        g.usedHours += t.usedHours;
        g.gpus += t.gpus;
        g.windowSum += t.windowSum;
        g.windowCount += t.windowCount;
        if (t.gpus == 0 || !t.idle)
            continue;
        ++g.idlePods;
        DumpRow row;
        row.set("cluster", cluster.name)
            .set("kind", std::string("pod"))
            .set("org", std::string(pod.org()))
            .set("user", std::string(pod.user()))
            .set("namespace", std::string(pod.namespaceName()))
            .set("pod", std::string(pod.name()))
            .set("node", std::string(pod.nodeName()))
            .set("gpus", std::int64_t{t.gpus})
            .set("idle_pods", std::string())
            .set("idle_for_s", static_cast<std::int64_t>(t.idleFor))
            .set("util_avg_percent",
                 orEmpty(t.windowCount > 0 ? std::optional(t.windowSum / t.windowCount)
                                           : std::nullopt))
            .set("util_max_percent", orEmpty(t.windowMax))
            .set("gpu_hours_held", hours(t.heldHours))
            .set("gpu_hours_used", hours(t.usedHours))
            .set("gpu_hours_wasted", hours(t.heldHours - t.usedHours));
        podRows.push_back(std::move(row));
    }
    const auto wasted = [](const DumpRow &r) { return std::get<double>(r.fields.back().second); };
    std::stable_sort(podRows.begin(), podRows.end(),
                     [&](const DumpRow &a, const DumpRow &b) { return wasted(a) > wasted(b); });
    for (const auto &[org, g] : orgs) {
        if (g.gpus == 0 && g.heldHours == 0)
            continue;
        DumpRow row;
        row.set("cluster", cluster.name)
            .set("kind", std::string("org"))
            .set("org", org)
            .set("user", std::string())
            .set("namespace", std::string())
            .set("pod", std::string())
            .set("node", std::string())
            .set("gpus", std::int64_t{g.gpus})
            .set("idle_pods", std::int64_t{g.idlePods})
            .set("idle_for_s", std::string())
            .set("util_avg_percent",
                 orEmpty(g.windowCount > 0 ? std::optional(g.windowSum / g.windowCount)
                                           : std::nullopt))
            .set("util_max_percent", std::string())
            .set("gpu_hours_held", hours(g.heldHours))
            .set("gpu_hours_used", hours(g.usedHours))
            .set("gpu_hours_wasted", hours(g.heldHours - g.usedHours));
        podRows.push_back(std::move(row));
    }
    return podRows;
}

} // namespace cubedesk::k8s
