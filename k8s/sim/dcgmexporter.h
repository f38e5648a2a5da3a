#pragma once

// DcgmExporter: what NVIDIA's dcgm-exporter serves on :9400/metrics, for one simulated node —
// the platform's version (nvidia/dcgm-exporter:3.1.7-3.1.4, DaemonSet in
// tests/fixtures/real/cubestudio/install/kubernetes/gpu/dcgm-exporter.yaml) with its default
// counters (etc/default-counters.csv of that tag) and DCGM_EXPORTER_KUBERNETES=true.
//
// Reproduced as that version writes it (pkg/dcgmexporter/pipeline.go, gpu_collector.go,
// kubernetes.go):
// - one "# HELP" and "# TYPE" block per counter, then one sample per device;
// - labels in its order: gpu, UUID, device ("nvidia0"), modelName ("NVIDIA A100-SXM4-80GB"),
//   GPU_I_PROFILE and GPU_I_ID for a MIG instance, Hostname (the node: the pod runs with
//   hostNetwork), DCGM_FI_DRIVER_VERSION, then container, namespace and pod — empty strings
//   for a device no pod holds (Prometheus drops empty labels), and empty as well for
//   time-sliced or vGPU replicas, whose device ids ("GPU-…::1") that version cannot map;
// - integers printed as integers, doubles with six decimals (`%f`: "312.000000");
// - a value DCGM reports as blank or unsupported is left out, not printed as 0: GPU_UTIL of a
//   MIG-enabled GPU and of its instances, NVLink counters of PCIe cards, row remapping before
//   Ampere;
// - DCGM_FI_DEV_XID_ERRORS is the last XID error's number (0: none).
//
// Thread-safety: pure function of its arguments.

#include "k8s/sim/simnvidiasmi.h"

#include <chrono>
#include <string>
#include <vector>

namespace cubedesk::sim {

class DcgmExporter final {
public:
    DcgmExporter() = delete;

    /// The exposition text for a node named `hostname` with `devices` (NodeGpus), at `now`;
    /// `bootTime` starts the energy counter.
    static std::string exposition(const std::string &hostname, const std::vector<SimGpu> &devices,
                                  std::chrono::system_clock::time_point now,
                                  std::chrono::system_clock::time_point bootTime);
};

} // namespace cubedesk::sim
