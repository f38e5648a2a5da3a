#pragma once

// IdleGpuRows: the rows of `cubedesk --dump idle-gpus` and of the window's *Idle and waste* —
// the pods that hold GPUs and leave them idle, and what each resource group holds and wastes —
// from seven instant queries of DCGM_FI_DEV_GPU_UTIL per cluster (queries()), each aggregated
// per series by the labels GpuSeriesAttribution reads, so that an answer is one number per
// device and pod whatever the cluster's size or history (a day of samples as a range query was
// ~480 MB at 40,000 GPUs; these are 15 MB each).
//
// The queries evaluate subqueries on a grid of steps (Prometheus aligns a subquery's steps to
// multiples of its step): the window's statistics and the idle run every windowStep() (about a
// twentieth of the window, a divisor of kDayStep), the day's hours every kDayStep. Each query is
// evaluated at the first multiple of its step at or after now (InstantQuery::time, at most one
// step ahead), so that the grid's last step sees each series' latest sample — a series younger
// than a step would otherwise have no step at all.
//
// Per device and pod (a device is GpuSeriesAttribution's node, GPU, UUID and MIG instance; the
// pod is the one the series names, and must still be in the cluster's snapshot):
// - held now: the exporter reports it now (its latest sample, within Prometheus's lookback);
// - idle for: from the last step at or above the threshold to its latest sample — or, without
//   one, the steps seen × the step —, counted back at most kRunSteps steps and 24 h (a step
//   more than the longest window). A NaN reading is no data: it neither ends the run nor is
//   under the threshold; a gap in the series does not end the run;
// - idle: held now, idle for at least the window, and some reading in the window (a device
//   that reads only NaN is not judged);
// - over the window: the mean and maximum of the steps' readings (NaN and negative readings
//   are no data);
// - over the last 24 h: held = steps seen × kDayStep, used = Σ min(utilization, 100 %) ×
//   kDayStep, wasted = held − used.
// A pod is idle when every device it holds now is.
//
// Rows of one cluster, every field in every row ("" where unknown):
// - kind "pod", one per idle pod, most wasted first: cluster, kind, org, user, namespace, pod,
//   node, gpus (devices held now), idle_for_s (the shortest idle run among them),
//   util_avg_percent and util_max_percent (over the window), gpu_hours_held, gpu_hours_used,
//   gpu_hours_wasted (24 h);
// - then kind "org", one per resource group holding GPUs now or within the day: gpus (held
//   now), util_avg_percent (over the window, the mean of the held GPUs' means), idle_pods, and
//   the group's 24-h hours.
//
// Pure functions; any thread.

#include "k8s/api/result.h"
#include "k8s/cube/dumprow.h"
#include "k8s/cube/dumprows.h"
#include "k8s/cube/prometheusendpoint.h"

#include <cstddef>
#include <string>
#include <vector>

namespace cubedesk::k8s {

class GpuSeriesAttribution;

class IdleGpuRows final {
public:
    IdleGpuRows() = delete;

    /// The longest window: the report is about the last day.
    static constexpr long long kMaxWindowSeconds = 86400;

    struct Options {
        double thresholdPercent = 5;
        long long windowSeconds = 3600; ///< 1 s to kMaxWindowSeconds (clamped to that)
        long long now = 0;              ///< seconds since the epoch
    };

    /// The step of the day's hours (720 steps a day: 40,000 GPUs are 29 million samples in
    /// Prometheus, within its default limit of 50 million per query).
    static constexpr long long kDayStep = 120;
    /// The most steps the idle run is counted back.
    static constexpr long long kRunSteps = 720;

    /// The step of the window's statistics and of the idle run: the largest divisor of
    /// kDayStep at most a twentieth of the window (at least 1 s).
    static long long windowStep(const Options &options);
    /// The queries to ask together, in the order rows() takes their answers.
    static std::vector<InstantQuery> queries(const Options &options);

    /// One cluster's rows from the answers to queries() (their bodies, in order, decoded in
    /// place); `attribution` was built from `cluster`. Fails, naming nothing but the answer's
    /// fault, when an answer is Prometheus's error, not an answer of its API, or has more than
    /// `maxSeries` series.
    static Result<std::vector<DumpRow>, std::string>
    rows(const ClusterSnapshot &cluster, std::vector<std::string> &answers,
         const GpuSeriesAttribution &attribution, const Options &options, std::size_t maxSeries);
};

} // namespace cubedesk::k8s
