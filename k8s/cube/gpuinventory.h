#pragma once

// GpuInventory: what GPUs a node, a resource group (org) and a cluster have, how they are shared,
// and who holds them — capacity → allocatable → requested → free → idle — for the GPUs pane and
// `cubedesk --dump gpus` (docs/platform.md).
//
// Resource names (Config; the whole-GPU list is configurable, like the platform's GPU_RESOURCE):
//   * whole devices: nvidia.com/gpu, amd.com/gpu, huawei.com/Ascend910, huawei.com/Ascend310 by
//     default, plus the names in $CUBEDESK_GPU_RESOURCES (comma-separated;
//     Config::fromEnvironment);
//   * MIG instances: nvidia.com/mig-<profile> (mixed strategy); with the single strategy and a
//     GFD product ending in -MIG-<profile>, nvidia.com/gpu itself is MIG instances;
//   * replicas of shared GPUs: nvidia.com/gpu on a node whose GFD labels say time-slicing or MPS
//     with nvidia.com/gpu.replicas > 1, or on a HAMi vGPU node (allocatable nvidia.com/gpucores or
//     nvidia.com/gpumem); also any "<name>.shared" (the device plugin's renameByDefault);
//   * HAMi vGPU: nvidia.com/gpucores (percent of a card), nvidia.com/gpumem (MiB),
//     nvidia.com/gpumem-percentage.
// Product, memory per GPU (MiB) and count come from GPU Feature Discovery's labels
// (nvidia.com/gpu.product, .memory, .count, .replicas, .sharing-strategy, mig.strategy) and the
// platform's `gpu-type` label.
//
// Counting (the ClusterAccounting rules): requested = the effective requests of the pods that
// hold resources on the node (Running, or Pending and bound). free = allocatable − requested (not
// below 0). idle = free whole GPUs on nodes that are Ready and schedulable — GPUs a new pod can
// get now; free GPUs of NotReady or cordoned nodes are not idle. Physical GPUs = the GFD count
// when labelled, else whole capacity, else shared replicas ÷ replicas.
//
// A GPU node is a node with any GPU resource in capacity or allocatable, or labelled as one
// (nvidia.com/gpu.present=true, nvidia.com/gpu.count, the platform's gpu=true or vgpu=true): a
// labelled node whose device plugin reports nothing is shown with 0 allocatable, not hidden.
//
// Pure functions and value types; any thread may call them with objects it may read.

#include "k8s/cube/clusteraccounting.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

class Node;
class Pod;

class GpuInventory final {
public:
    GpuInventory() = delete;

    enum class ResourceKind : std::uint8_t {
        Whole,      ///< one unit = one whole device
        Mig,        ///< one unit = one MIG instance
        Replica,    ///< one unit = one share of a time-sliced/MPS/vGPU device
        VgpuCores,  ///< HAMi: percent of a card
        VgpuMemory, ///< HAMi: MiB (or percent, gpumem-percentage)
    };
    enum class Sharing : std::uint8_t { None, TimeSlicing, Mps, Mig, Vgpu };

    struct Config {
        std::vector<std::string> wholeResources;
        /// The four default whole-GPU names.
        static Config defaults();
        /// defaults() plus the comma-separated names of $CUBEDESK_GPU_RESOURCES.
        static Config fromEnvironment();
        /// defaults() plus `extra` (duplicates ignored).
        static Config with(const std::vector<std::string> &extra);
        /// The kind of a resource name by its name alone (a node's sharing may turn Whole into
        /// Replica or Mig); nullopt for non-GPU names.
        std::optional<ResourceKind> kindOf(std::string_view name) const;
        bool isWhole(std::string_view name) const;
    };

    struct Resource {
        std::string name;
        ResourceKind kind = ResourceKind::Whole;
        std::int64_t capacity = 0;
        std::int64_t allocatable = 0;
        std::int64_t requested = 0;
        std::int64_t free() const { return allocatable > requested ? allocatable - requested : 0; }
        bool operator==(const Resource &) const = default;
    };

    struct NodeGpus {
        std::string name;
        std::string org = "public";
        std::string gpuType; ///< the platform's gpu-type label
        std::string product; ///< nvidia.com/gpu.product
        std::string family;  ///< nvidia.com/gpu.family
        bool ready = false;
        bool unschedulable = false;
        /// NoSchedule/NoExecute taints other than the cordon's and nvidia.com/gpu's, as
        /// "key=value:Effect".
        std::vector<std::string> taints;
        std::int64_t memoryMiB = 0;  ///< per GPU (GFD); 0 when unknown
        int count = 0;               ///< GFD nvidia.com/gpu.count; 0 when unknown
        int replicas = 0;            ///< GFD nvidia.com/gpu.replicas; 0 when unknown
        std::string sharingStrategy; ///< GFD label as written ("none", "time-slicing", "mps")
        std::string migStrategy;     ///< GFD label as written ("none", "single", "mixed")
        Sharing sharing = Sharing::None;
        std::vector<Resource> resources; ///< kind order (Whole, Mig, Replica, vGPU), then name
        std::int64_t cpuAllocatableMilli = 0;
        std::int64_t cpuRequestedMilli = 0;
        std::int64_t memoryAllocatable = 0; ///< bytes
        std::int64_t memoryRequested = 0;

        const Resource *resource(std::string_view name) const;
        std::int64_t total(ResourceKind kind, std::int64_t Resource::*field) const;
        std::int64_t wholeCapacity() const {
            return total(ResourceKind::Whole, &Resource::capacity);
        }
        std::int64_t wholeAllocatable() const {
            return total(ResourceKind::Whole, &Resource::allocatable);
        }
        std::int64_t wholeRequested() const {
            return total(ResourceKind::Whole, &Resource::requested);
        }
        std::int64_t wholeFree() const;
        /// Free whole GPUs a new pod can get now (Ready and schedulable), else 0.
        std::int64_t idle() const { return ready && !unschedulable ? wholeFree() : 0; }
        std::int64_t physicalGpus() const;
        /// The name the node's GPUs are requested by: the first Whole resource, else the first
        /// resource, else "nvidia.com/gpu".
        std::string primaryResource() const;
        /// gpu-type, else product, else "".
        std::string model() const;
        bool operator==(const NodeGpus &) const = default;
    };

    /// A pod that holds GPU resources: what it holds, by resource name.
    struct Holder {
        std::string ns;
        std::string name;
        std::string phase;
        std::string user;
        std::vector<std::pair<std::string, std::int64_t>> resources;
        std::int64_t whole = 0; ///< units of whole-GPU names
    };

    /// Sums over GPU nodes (an org or a cluster).
    struct Totals {
        int nodes = 0;
        int readyNodes = 0;
        int notReadyNodes = 0;
        std::int64_t physical = 0;
        std::int64_t capacity = 0; ///< whole GPUs
        std::int64_t allocatable = 0;
        std::int64_t requested = 0;
        std::int64_t free = 0;
        std::int64_t idle = 0;
        std::int64_t notReadyGpus = 0; ///< whole allocatable GPUs on NotReady nodes
        struct PerResource {
            ResourceKind kind = ResourceKind::Whole;
            std::int64_t capacity = 0;
            std::int64_t allocatable = 0;
            std::int64_t requested = 0;
            bool operator==(const PerResource &) const = default;
        };
        std::map<std::string, PerResource, std::less<>> byResource;

        void add(const NodeGpus &node);
        bool operator==(const Totals &) const = default;
    };

    static bool isGpuNode(const Node &node, const Config &config);
    /// The GPU view of a node, with requested amounts from its accounting entry (nullptr: none
    /// requested); nullopt when the node is not a GPU node.
    static std::optional<NodeGpus>
    node(const Node &node, const ClusterAccounting::NodeEntry *accounting, const Config &config);
    /// The pod as a GPU holder; nullopt when it holds no resources (not Running nor bound
    /// Pending) or requests no GPU resource.
    static std::optional<Holder> holder(const Pod &pod, const Config &config);

    static std::string_view kindName(ResourceKind kind);
    static std::string_view sharingName(Sharing sharing);
};

} // namespace cubedesk::k8s
