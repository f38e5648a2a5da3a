#pragma once

// ResourceOverview: the numbers of the platform's "overall resources" page (整体资源,
// docs/platform.md) for one cluster — CPU, memory and GPUs allocatable vs requested for the whole
// cluster, per resource group (org) and per GPU type (the nodes' `gpu-type` label), also per org.
//
// Everything is read from a ClusterAccounting, so the counting rules are its rules and the
// numbers are those of `cubedesk --dump clusters|orgs` and the Resource-groups board:
//   * a node's org is its `org` label, "public" when missing (the platform's page says "unknown";
//     its scheduler and selectors say "public", and that is where such a node's pods land);
//   * a pod holds resources when Running, or Pending and bound / PodScheduled=True, in every
//     namespace; requests are effective requests, quantities parsed exactly (decimal SI suffixes
//     are decimal: 1G = 10^9 bytes; the platform reads them as binary);
//   * an org's requested amounts are those of the holding pods on its nodes; an org's pending
//     pods are the unbound pending pods whose selector asks for it;
//   * GPUs are whole devices (DumpRows::gpuResourceNames); MIG slices and HAMi vGPU shares
//     (nvidia.com/gpucores) are not cards and are not added.
//
// Pure functions and value types; any thread may call them with objects it may read.

#include "k8s/cube/clusteraccounting.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

class ResourceOverview final {
public:
    ResourceOverview() = delete;

    /// Requested vs allocatable of one resource.
    struct Amount {
        std::int64_t requested = 0;
        std::int64_t allocatable = 0;
        bool operator==(const Amount &) const = default;
    };
    /// GPUs of one `gpu-type` ("" for GPU nodes without the label).
    struct GpuType {
        std::string type;
        Amount gpus;
        int nodes = 0; ///< nodes of this type with GPUs allocatable or requested
        bool operator==(const GpuType &) const = default;
    };
    struct Totals {
        Amount cpu;    ///< millicores
        Amount memory; ///< bytes
        Amount gpus;   ///< whole devices
        int nodes = 0;
        int readyNodes = 0;
        int pods = 0;        ///< pods holding resources on these nodes
        int pendingPods = 0; ///< unbound pending pods (asking for this org)
        bool operator==(const Totals &) const = default;
    };
    struct Org {
        std::string name;
        Totals totals;
        std::vector<GpuType> gpuTypes; ///< by type; "" last
        bool operator==(const Org &) const = default;
    };
    struct Cluster {
        std::string name;
        Totals totals;
        std::vector<Org> orgs;         ///< by name; orgs without nodes, pods or pending omitted
        std::vector<GpuType> gpuTypes; ///< by type; "" last
        bool operator==(const Cluster &) const = default;
    };

    /// The `gpu-type` label of a node ("" when unlabelled or unknown). The view must stay valid
    /// until compute() returns.
    using GpuTypeOf = std::function<std::string_view(std::string_view node)>;

    /// One cluster's overview. Costs one pass over the accounting's nodes and orgs (never pods).
    static Cluster compute(std::string cluster, const ClusterAccounting &accounting,
                           const GpuTypeOf &gpuTypeOf);
    /// GPU types summed over clusters, by type ("" last).
    static std::vector<GpuType> mergeGpuTypes(const std::vector<Cluster> &clusters);
    /// Cluster totals summed.
    static Totals sum(const std::vector<Cluster> &clusters);
};

} // namespace cubedesk::k8s
