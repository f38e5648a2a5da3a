#include "k8s/cube/idlegpurows.h"

#include "k8s/cube/gpuseriesattribution.h"
#include "k8s/objects/pod.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cubedesk::k8s {

namespace {

constexpr long long kDay = 86400;

/// One device's history while one pod held it.
struct DeviceHistory {
    bool heldNow = false;
    bool idle = false;
    double idleFor = 0;
    double windowSum = 0;
    int windowCount = 0;
    double windowMax = 0;
    double heldHours = 0;
    double usedHours = 0;
};

DeviceHistory historyOf(const PromResponse::Series &s, const IdleGpuRows::Options &o, double step) {
    DeviceHistory h;
    if (s.samples.empty())
        return h;
    const double now = static_cast<double>(o.now);
    const double last = s.samples.back().time;
    h.heldNow = last >= now - 2 * step;
    // The trailing run of samples under the threshold, without gaps (a range query has a sample
    // every step while the series exists).
    double runStart = std::numeric_limits<double>::quiet_NaN();
    double next = last;
    for (auto it = s.samples.rbegin(); it != s.samples.rend(); ++it) {
        if (!it->finite || it->value >= o.thresholdPercent || next - it->time > 1.5 * step)
            break;
        runStart = it->time;
        next = it->time;
    }
    if (h.heldNow && !std::isnan(runStart)) {
        h.idleFor = last - runStart + step; // each sample stands for one step
        h.idle = h.idleFor >= static_cast<double>(o.windowSeconds);
    }
    for (const PromResponse::Sample &v : s.samples) {
        if (v.time > now - static_cast<double>(o.windowSeconds) && v.finite) {
            h.windowSum += v.value;
            h.windowMax = h.windowCount == 0 ? v.value : std::max(h.windowMax, v.value);
            ++h.windowCount;
        }
        if (v.time > now - static_cast<double>(kDay)) {
            h.heldHours += step / 3600.0;
            if (v.finite)
                h.usedHours += std::clamp(v.value, 0.0, 100.0) / 100.0 * step / 3600.0;
        }
    }
    return h;
}

struct PodTotals {
    const Pod *pod = nullptr;
    std::vector<DeviceHistory> devices;
    double heldHours = 0;
    double usedHours = 0;
};

DumpRow::Value orEmpty(bool known, double v) {
    return known ? DumpRow::Value(v) : DumpRow::Value(std::string());
}

DumpRow::Value hours(double h) {
    return std::round(h * 1000) / 1000; // to 3.6 s
}

double tenth(double percent) {
    return std::round(percent * 10) / 10;
}

} // namespace

std::string IdleGpuRows::query() {
    return "DCGM_FI_DEV_GPU_UTIL";
}

long long IdleGpuRows::rangeStart(const Options &options) {
    return options.now - std::max(kDay, options.windowSeconds);
}

long long IdleGpuRows::step(const Options &options) {
    // About twenty samples in the window, at most 5 minutes apart, and at most 10,000 points per
    // series over the whole range (Prometheus refuses more than 11,000).
    const long long range = options.now - rangeStart(options);
    return std::max((range + 9999) / 10000, std::clamp(options.windowSeconds / 20, 1LL, 300LL));
}

std::vector<DumpRow> IdleGpuRows::rows(const std::vector<ClusterSnapshot> &clusters,
                                       const std::map<std::string, PromResponse> &answers,
                                       const Options &options) {
    std::vector<DumpRow> podRows;
    std::vector<DumpRow> orgRows;
    const double step = static_cast<double>(IdleGpuRows::step(options));
    for (const ClusterSnapshot &c : clusters) {
        const auto answer = answers.find(c.name);
        if (answer == answers.end())
            continue;
        std::map<std::string, const Pod *> podsByKey;
        for (const auto &o : c.pods)
            if (o) {
                const auto *p = static_cast<const Pod *>(o.get()); // snapshot pods are Pods
                podsByKey.emplace(std::string(p->namespaceName()) + '/' + std::string(p->name()),
                                  p);
            }
        const GpuSeriesAttribution attribution(c);
        std::map<std::string, PodTotals> pods; // "ns/name"
        for (const PromResponse::Series &s : answer->second.series) {
            const GpuReading id = attribution.identify(s);
            if (id.pod.empty())
                continue;
            const auto known = podsByKey.find(id.podNamespace + '/' + id.pod);
            if (known == podsByKey.end())
                continue; // gone: nobody to ask about it
            PodTotals &t = pods[known->first];
            t.pod = known->second;
            const DeviceHistory h = historyOf(s, options, step);
            t.heldHours += h.heldHours;
            t.usedHours += h.usedHours;
            if (h.heldNow)
                t.devices.push_back(h);
        }
        struct OrgTotals {
            int gpus = 0;
            double windowSum = 0;
            int windowCount = 0;
            int idlePods = 0;
            double heldHours = 0;
            double usedHours = 0;
        };
        std::map<std::string, OrgTotals> orgs;
        for (const auto &[key, t] : pods) {
            const std::string org(t.pod->org());
            OrgTotals &g = orgs[org];
            g.heldHours += t.heldHours;
            g.usedHours += t.usedHours;
            g.gpus += static_cast<int>(t.devices.size());
            if (t.devices.empty())
                continue;
            bool idle = true;
            double idleFor = std::numeric_limits<double>::max();
            double sum = 0;
            int count = 0;
            double max = 0;
            for (const DeviceHistory &d : t.devices) {
                idle = idle && d.idle;
                idleFor = std::min(idleFor, d.idleFor);
                sum += d.windowSum;
                count += d.windowCount;
                max = std::max(max, d.windowMax);
                g.windowSum += d.windowCount > 0 ? d.windowSum / d.windowCount : 0;
                g.windowCount += d.windowCount > 0 ? 1 : 0;
            }
            if (!idle)
                continue;
            ++g.idlePods;
            DumpRow row;
            row.set("cluster", c.name)
                .set("kind", std::string("pod"))
                .set("org", org)
                .set("user", std::string(t.pod->user()))
                .set("namespace", std::string(t.pod->namespaceName()))
                .set("pod", std::string(t.pod->name()))
                .set("node", std::string(t.pod->nodeName()))
                .set("gpus", static_cast<std::int64_t>(t.devices.size()))
                .set("idle_pods", std::string())
                .set("idle_for_s", static_cast<std::int64_t>(idleFor))
                .set("util_avg_percent", orEmpty(count > 0, tenth(count > 0 ? sum / count : 0)))
                .set("util_max_percent", orEmpty(count > 0, tenth(max)))
                .set("gpu_hours_held", hours(t.heldHours))
                .set("gpu_hours_used", hours(t.usedHours))
                .set("gpu_hours_wasted", hours(t.heldHours - t.usedHours));
            podRows.push_back(std::move(row));
        }
        for (const auto &[org, g] : orgs) {
            if (g.gpus == 0 && g.heldHours == 0)
                continue;
            DumpRow row;
            row.set("cluster", c.name)
                .set("kind", std::string("org"))
                .set("org", org)
                .set("user", std::string())
                .set("namespace", std::string())
                .set("pod", std::string())
                .set("node", std::string())
                .set("gpus", std::int64_t{g.gpus})
                .set("idle_pods", std::int64_t{g.idlePods})
                .set("idle_for_s", std::string())
                .set(
                    "util_avg_percent",
                    orEmpty(g.windowCount > 0, g.windowCount > 0 ? g.windowSum / g.windowCount : 0))
                .set("util_max_percent", std::string())
                .set("gpu_hours_held", hours(g.heldHours))
                .set("gpu_hours_used", hours(g.usedHours))
                .set("gpu_hours_wasted", hours(g.heldHours - g.usedHours));
            orgRows.push_back(std::move(row));
        }
    }
    const auto wasted = [](const DumpRow &r) { return std::get<double>(r.fields.back().second); };
    std::stable_sort(podRows.begin(), podRows.end(),
                     [&](const DumpRow &a, const DumpRow &b) { return wasted(a) > wasted(b); });
    podRows.insert(podRows.end(), orgRows.begin(), orgRows.end());
    return podRows;
}

} // namespace cubedesk::k8s
