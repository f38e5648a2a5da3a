#pragma once

// WorkloadProfile: what a container of a simulated pod does, chosen from the pod's labels and the
// container's name as the platform labels its pods (docs/simulator.md): a training job's master
// (or chief, launcher, Volcano master) and its workers, a notebook (`pod-type=notebook`), an
// inference service (`pod-type=inferenceservice`), Istio's init container and sidecar, and any
// other service. Its log (ContainerLog), its load (WorkloadLoad: the metrics API, nvidia-smi) and
// later its GPU counters all follow the same profile.
//
// Thread-safety: a pure function of its arguments.

#include <nlohmann/json.hpp>
#include <string>

namespace cubedesk::sim {

enum class WorkloadProfile {
    TrainingMaster,
    TrainingWorker,
    Notebook,
    Inference,
    IstioInit,
    IstioProxy,
    Service,
};

/// The profile of `container` in `pod` (a Pod object).
WorkloadProfile workloadProfileOf(const nlohmann::json &pod, const std::string &container);

} // namespace cubedesk::sim
