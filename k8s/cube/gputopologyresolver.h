#pragma once

// GpuTopologyResolver: which topology a node is shown and scored with, from these sources
// (docs/platform.md), in this order:
//   1. the node annotation `cubedesk.io/gpu-topology` (raw `nvidia-smi topo -m`, published on
//      the node by packaging/gpu-topology): the node's own, freshest report;
//   2. a NodeResourceTopology object of the node (NrtTopologyParser): NUMA zones and their free
//      GPUs, no links;
//   3. a file the user imported for the node (GpuTopologyFiles).
// A matrix (1 or 3) beats an NRT object's zones for the links: when the annotation is absent and
// both an NRT object and an imported file exist, the imported matrix is used and the NRT object
// contributes what only it knows — free GPUs per NUMA node (GpuTopology::zoneFree). An NRT
// object's free counts are attached to an annotation's matrix the same way.
// A source that is present but broken is reported (problems) and the next one is used, so a bad
// annotation never hides an imported file, and the user sees why the annotation was ignored.
//
// Pure function; any thread.

#include "k8s/cube/gputopology.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

class GpuTopologyResolver final {
public:
    GpuTopologyResolver() = delete;

    struct Resolved {
        std::optional<GpuTopology> topology;
        /// One line per broken source: "annotation cubedesk.io/gpu-topology: line 4: ...".
        std::vector<std::string> problems;
    };

    static Resolved resolve(std::string_view annotation, const GpuTopology *nrt,
                            std::string_view imported);
};

} // namespace cubedesk::k8s
