#pragma once

// WorkloadLoad: how hard a simulated container works at an instant — the share of its CPU and
// memory allowance it uses and how busy its GPUs are — from its WorkloadProfile, a per-container
// seed and the time. One model behind everything that reports load: the metrics API
// (MetricsServer: `kubectl top`), nvidia-smi inside `exec` (ExecContext) and the GPU counters.
//
// - Training replicas are busy: CPU 80–95 % of their allowance, GPUs 89–97 %.
// - Notebooks sit idle while holding their GPUs: CPU 0.5–2.5 %, GPUs 0 % (memory held).
// - Inference is bursty: most of the time 4 % GPU and ~8 % CPU, one 7-second slot in three
//   busy (61–85 % GPU, 60–85 % CPU).
// - Services and Istio sidecars are light and steady.
// CPU moves every 15 s (metrics-server's default resolution), memory every 5 minutes.
//
// Thread-safety: pure functions of their arguments.

#include "k8s/sim/workloadprofile.h"

#include <cstdint>

namespace cubedesk::sim {

class WorkloadLoad final {
public:
    WorkloadLoad() = delete;

    /// The seconds between two CPU samples (metrics-server's --metric-resolution default).
    static constexpr long long kCpuPeriodSeconds = 15;

    /// Share (0…1) of the container's CPU allowance (its request, else its limit) in use at
    /// `seconds` since the epoch.
    static double cpuShare(WorkloadProfile profile, std::uint64_t seed, long long seconds);
    /// Share (0…1) of its memory allowance in use.
    static double memoryShare(WorkloadProfile profile, std::uint64_t seed, long long seconds);
    /// Utilization (0…100) of each GPU the container holds.
    static int gpuPercent(WorkloadProfile profile, std::uint64_t seed, long long seconds);
    /// Whether an idle container still holds GPU memory (a notebook's loaded model does).
    static bool holdsGpuMemory(WorkloadProfile profile, int gpuPercent);
};

} // namespace cubedesk::sim
