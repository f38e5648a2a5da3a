#pragma once

// NodeGpus: the simulated cluster's physical GPUs — which devices each GPU node has, which pod's
// container holds each one, and what each reads now. The device plugin and the kubelet's device
// manager of a real node, for the simulator: `nvidia-smi` inside `exec` (ExecContext) and the
// dcgm-exporter endpoints (DcgmExporter) both read it, so the two agree on every device.
//
// Devices, from the node's labels and allocatable (as the demo and scale scenarios and the
// NVIDIA GPU feature discovery label them):
// - `nvidia.com/gpu.count` GPUs of `nvidia.com/gpu.product` with `nvidia.com/gpu.memory` MiB.
// - MIG "mixed": the last two GPUs are partitioned (seven 1g.10gb instances; three 2g.20gb and
//   one 1g.10gb), the others stay whole: `nvidia.com/mig-1g.10gb` and `nvidia.com/mig-2g.20gb`
//   claim instances, `nvidia.com/gpu` claims whole GPUs.
// - Time-slicing (`nvidia.com/gpu.replicas` N) and HAMi vGPU (`nvidia.com/gpu` = 4 per card):
//   each card has N (or 4) slots; several containers may share a card.
//
// Allocation is the kubelet's: a container's claim gets free devices when its pod is first seen
// bound to the node (pods in creation order; whole GPUs as one contiguous block where one is
// free), keeps them while the pod lives, and frees them when the pod is gone or has finished.
// Claims beyond what is free get nothing (a real kubelet would have refused the pod).
//
// Readings follow the holders' WorkloadProfile (WorkloadLoad) and the clock: busy training,
// idle notebooks that keep their memory, bursty inference; an idle GPU reads 0 % at idle clocks.
// The node annotation `sim.cubedesk.io/gpu-health` gives individual GPUs a fault, a
// comma-separated list of `INDEX=xid-N` (the last XID error is N) or `INDEX=hot` (runs at
// 88-91 °C and throttles its clocks): the demo scenario sets one of each.
//
// Cost: readings are computed for every GPU node at most once a second; the allocation (the
// store's nodes and pods read again) only when the store changed since, and a node's layout
// parsed again only when that node changed — so 5,000 GPU nodes scraped continuously over a
// 150,000-pod store that does not change cost the readings alone.
//
// Thread-safety: all members may be called from any thread (the allocation state is behind a
// mutex; readings are computed from a snapshot of the store taken at most once a second).

#include "k8s/sim/simnvidiasmi.h"

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace cubedesk::sim {

class ObjectStore;
class ResourceRegistry;

class NodeGpus final {
public:
    using TimePoint = std::chrono::system_clock::time_point;
    /// Every GPU node's devices (node name → devices: whole GPUs, then MIG instances).
    using Snapshot = std::map<std::string, std::vector<SimGpu>>;

    /// `store` and `registry` must outlive this.
    NodeGpus(const ObjectStore &store, const ResourceRegistry &registry);
    ~NodeGpus();
    NodeGpus(const NodeGpus &) = delete;
    NodeGpus &operator=(const NodeGpus &) = delete;

    /// Every GPU node's devices at `now` (recomputed when the cached one is over a second old).
    std::shared_ptr<const Snapshot> snapshot(TimePoint now) const;
    /// One node's devices (empty when it has no GPUs or does not exist).
    std::vector<SimGpu> devicesOf(const std::string &node, TimePoint now) const;

private:
    struct Allocation;
    std::shared_ptr<const Snapshot> compute(TimePoint now) const;
    /// The layouts of the GPU nodes and who holds which device, from the store (under
    /// m_mutex); compute() calls it only when the store changed since the last time.
    void allocate() const;

    const ObjectStore &m_store;
    const ResourceRegistry &m_registry;
    mutable std::mutex m_mutex;
    mutable std::unique_ptr<Allocation> m_allocation; ///< per node: pod uid → its slots
    mutable std::shared_ptr<const Snapshot> m_cached;
    mutable TimePoint m_cachedAt{};
};

} // namespace cubedesk::sim
