#pragma once

// ExecContext: what a command exec'd into a simulated container sees — the facts the SimShell
// prints, derived from the pod and its node alone: the container's environment (its `value`
// entries, then what the kubelet and the image add), a few synthetic files (/etc/hostname,
// /etc/os-release, /etc/resolv.conf, the service-account namespace, a training script for
// training replicas) and the GPUs the container holds, for `nvidia-smi`.
//
// Which GPUs: the container's `nvidia.com/gpu` limit (or request), a block of the node's
// devices chosen from the pod's uid (the simulator assigns no device ids yet), with the node's
// product and memory labels; utilisation, memory, temperature and power follow the pod's
// workload profile (training busy, notebooks idle, inference bursty) and the clock.
//
// Thread-safety: pure functions.

#include "k8s/sim/simshell.h"

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>

namespace cubedesk::sim {

class ExecContext final {
public:
    ExecContext() = delete;

    /// `node` may be null (not found).
    static SimShellContext build(const nlohmann::json &pod, const nlohmann::json &node,
                                 const std::string &container,
                                 std::chrono::system_clock::time_point now);
};

} // namespace cubedesk::sim
