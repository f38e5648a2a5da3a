#pragma once

#include <chrono>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

namespace cubedesk::sim {

/// The `demo` scenario: a CubeStudio-like cluster (docs/platform.md) — the platform's
/// namespaces, 20–40 nodes with its workload labels (cpu, gpu, vgpu, train, notebook, service,
/// org, gpu-type, share) and GPU Feature Discovery labels, 4 orgs, T4/V100/A100/H100 nodes (some
/// MIG, some time-sliced, some HAMi vGPU), notebook/pipeline/service pods with requests, jobs of
/// every built-in ML kind in varied phases with their pods, quotas, limit ranges, Volcano queues,
/// events, and a few pods pending because their org is full (org `vision` has no free A100 while
/// org `public` has an idle one — moving it into `vision` lets them run).
///
/// Deterministic for a seed (names, sizes, placement); timestamps are relative to `now`. Pods the
/// scenario places carry spec.nodeName and a Running status (placed with PodScheduler::decide);
/// pods that fit nowhere are returned unbound for the live scheduler. Pure function; the objects
/// come in creation order (namespaces first).
class DemoScenario final {
public:
    static std::vector<nlohmann::json> generate(std::uint64_t seed,
                                                std::chrono::system_clock::time_point now);
    /// A synthetic `nvidia-smi topo -m` matrix for a node of that product and GPU count.
    static std::string topologyText(const std::string &product, int gpus);
};

} // namespace cubedesk::sim
