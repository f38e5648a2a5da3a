#pragma once

// NrtTopologyParser: a GpuTopology from NodeResourceTopology objects
// (`topology.node.k8s.io/v1alpha2`, also v1alpha1), as NFD's topology-updater, the Resource
// Topology Exporter or KAI-Scheduler publish them: one cluster-scoped object per node, named
// after it, whose `zones` describe NUMA nodes with their resources.
//
// Zones of type "Node" (or "NUMA") are NUMA nodes; the NUMA number is the trailing number of the
// zone name ("node-1", "numa-node-1", "numa1"), else the zone's position. A zone's GPUs are the
// sum over `gpuResources` (whole-GPU names: nvidia.com/gpu, amd.com/gpu, ...) of the resource's
// `capacity` (else `allocatable`); `available`, when present, becomes the zone's free GPUs
// (GpuTopology::zoneFree). Resources may be a list of {name, capacity, allocatable, available}
// (the CRD) or a name → quantity map; quantities may be strings or numbers.
//
// The topology has no links (NRT does not report them) and names its GPUs after their zone:
// "N0.0", "N0.1", "N1.0" (NUMA node, then position). An object without zone GPUs yields an
// error and no topology.
//
// Pure functions (simdjson); any thread.

#include "k8s/cube/gputopology.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

class NrtTopologyParser final {
public:
    NrtTopologyParser() = delete;

    struct Result {
        std::string node; ///< metadata.name (the node's name)
        std::optional<GpuTopology> topology;
        std::string error; ///< why there is no topology
    };

    /// One NodeResourceTopology object.
    static Result parse(std::string_view json, const std::vector<std::string> &gpuResources);
    /// A NodeResourceTopologyList: one result per item, in order. A body that is not a list
    /// gives one result carrying the error.
    static std::vector<Result> parseList(std::string_view json,
                                         const std::vector<std::string> &gpuResources);

    /// The cluster-wide list path (v1alpha2).
    static std::string listPath();
    /// The object of one node.
    static std::string objectPath(std::string_view node);
};

} // namespace cubedesk::k8s
