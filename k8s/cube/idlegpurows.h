#pragma once

// IdleGpuRows: the rows of `cubedesk --dump idle-gpus` — the pods that hold GPUs and leave them
// idle, and what each resource group holds and wastes, from one range query of
// DCGM_FI_DEV_GPU_UTIL per cluster (rangeStart()…now every step()) attributed by
// GpuSeriesAttribution to the pods in the cluster's snapshot.
//
// A pod is idle when every GPU it holds has stayed under `thresholdPercent` for at least
// `windowSeconds` up to now (its trailing run of low samples; a gap without samples ends the
// run). Hours are counted over the last 24 h, one step per sample: held = samples × step,
// used = Σ utilization × step, wasted = held − used.
//
// Rows, every field in every row ("" where unknown):
// - kind "pod", one per idle pod, most wasted first: cluster, kind, org, user, namespace, pod,
//   node, gpus (devices held now), idle_for_s (the shortest idle run among them),
//   util_avg_percent and util_max_percent (over the window), gpu_hours_held, gpu_hours_used,
//   gpu_hours_wasted (24 h);
// - kind "org", one per resource group holding GPUs now: gpus (held), util_avg_percent (over
//   the window, of the GPUs held now), idle_pods, and the group's 24-h hours.
//
// Pure functions; any thread.

#include "k8s/cube/dumprow.h"
#include "k8s/cube/dumprows.h"
#include "k8s/cube/promresponse.h"

#include <map>
#include <string>
#include <vector>

namespace cubedesk::k8s {

class IdleGpuRows final {
public:
    IdleGpuRows() = delete;

    struct Options {
        double thresholdPercent = 5;
        long long windowSeconds = 3600;
        long long now = 0; ///< seconds since the epoch
    };

    /// The range query's PromQL, and its range and step for `options`.
    static std::string query();
    static long long rangeStart(const Options &options);
    static long long step(const Options &options);

    /// `answers`: each cluster's range answer, by cluster name (a cluster without one has no
    /// rows).
    static std::vector<DumpRow> rows(const std::vector<ClusterSnapshot> &clusters,
                                     const std::map<std::string, PromResponse> &answers,
                                     const Options &options);
};

} // namespace cubedesk::k8s
