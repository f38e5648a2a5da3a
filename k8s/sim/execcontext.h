#pragma once

// ExecContext: what a command exec'd into a simulated container sees — the facts the SimShell
// prints, derived from the pod and its node's devices alone: the container's environment (its
// `value` entries, then what the kubelet and the image add), a few synthetic files (/etc/hostname,
// /etc/os-release, /etc/resolv.conf, the service-account namespace, a training script for
// training replicas) and the GPUs the container holds, for `nvidia-smi`.
//
// Which GPUs: those of the node's devices (NodeGpus) that the container holds, with their
// current readings (training busy, notebooks idle, inference bursty), numbered from 0.
//
// Thread-safety: pure functions.

#include "k8s/sim/simshell.h"

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace cubedesk::sim {

class ExecContext final {
public:
    ExecContext() = delete;

    /// `nodeGpus` are the devices of the pod's node (NodeGpus::devicesOf).
    static SimShellContext build(const nlohmann::json &pod, const std::string &container,
                                 const std::vector<SimGpu> &nodeGpus,
                                 std::chrono::system_clock::time_point now);
};

} // namespace cubedesk::sim
