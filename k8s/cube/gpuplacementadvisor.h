#pragma once

// GpuPlacementAdvisor: where would a pod asking for k whole GPUs (optionally of one gpu-type, for
// one org, with some CPU and memory) fit best, and why does it not fit elsewhere. Ranks nodes and
// GPU sets by the topology score (GpuTopology::score, docs/platform.md: per pair of the set,
// NVLink +100, same NUMA node +50, across NUMA 0) within each node's free GPU count, and explains
// every verdict in one sentence a person can act on (explain()).
//
// Checks, in order; the first that fails is the verdict:
//   gpu-type (the `gpu-type` label, else the GFD product, case-insensitive; "a100" matches
//   "A100" and "NVIDIA-A100-SXM4-80GB") → org (the node's org label, "public" when missing) →
//   the node reports allocatable GPUs → Ready → schedulable (not cordoned) → its GPUs are whole
//   (not time-sliced, MPS or vGPU replicas, not MIG-only) → k free whole GPUs → CPU and memory
//   free when asked. Other NoSchedule/NoExecute taints do not reject a node (the pod may
//   tolerate them) but are named in the explanation.
//
// Which GPUs are free is NOT known: Kubernetes reports per node only how many units are
// allocatable and how many pods requested, never which device indices the device plugin handed
// out (that lives in the kubelet's checkpoint on the node), and on a MIG-mixed node not which
// GPUs are partitioned. So for a node with n GPUs in its topology and f free, the advisor
// considers every possible free set A (|A| = f; when a NodeResourceTopology says how many are
// free on each NUMA node, only sets that agree) and reports a score RANGE:
//   * best  = max over A of the best k-subset of A — the score if the busy GPUs are the
//             "right" ones; its k-subset is the suggested GPU set ("GPU0-3 if free");
//   * worst = min over A of the best k-subset of A — the score the pod gets for certain, however
//             the busy GPUs are placed ("guaranteed").
// When f = n (nothing busy) the range is exact (worst = best). Nodes are ranked by the
// guaranteed score (as a fraction of 100 × k(k−1)/2), then the best case, then fewer GPUs left
// over (best fit: big holes stay for big gangs), then cluster and node name; nodes that fit but
// whose topology is unknown follow those with a known topology; nodes that do not fit come last,
// closest (most free GPUs) first. Enumeration is exact up to 200,000 set evaluations per node
// (every 8-GPU node); beyond that (16+ GPUs) the best case comes from a greedy search and the
// guaranteed score is not computed (exact = false).
//
// Pure functions; any thread.

#include "k8s/cube/gpuinventory.h"
#include "k8s/cube/gputopology.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cubedesk::k8s {

class GpuPlacementAdvisor final {
public:
    GpuPlacementAdvisor() = delete;

    struct Request {
        int gpus = 1;
        std::string gpuType;          ///< "" = any
        std::string org;              ///< "" = any
        std::int64_t milliCpu = 0;    ///< 0 = not checked
        std::int64_t memoryBytes = 0; ///< 0 = not checked
    };
    struct Candidate {
        std::string cluster;
        GpuInventory::NodeGpus node;
        std::optional<GpuTopology> topology;
    };
    enum class Verdict : std::uint8_t {
        Fits,
        WrongType,
        WrongOrg,
        NoGpus,
        NotReady,
        Cordoned,
        SharedGpus,
        NotEnoughGpus,
        NotEnoughCpu,
        NotEnoughMemory,
    };
    /// How the score of a set of k GPUs on a node could turn out (see above).
    struct ScoreRange {
        int best = 0;
        int worst = 0;
        int max = 0;
        bool exact = true;        ///< false: worst not computed (too many combinations)
        std::vector<int> bestSet; ///< GPU indices of the best case
    };
    struct Placement {
        std::string cluster;
        std::string node;
        std::string org;
        std::string model; ///< gpu-type or product
        Verdict verdict = Verdict::Fits;
        int requested = 0;      ///< k
        std::int64_t free = 0;  ///< free whole GPUs
        std::int64_t total = 0; ///< allocatable whole GPUs
        GpuInventory::Sharing sharing = GpuInventory::Sharing::None;
        int replicas = 0;
        std::string gpuType; ///< the node's gpu-type label (WrongType)
        std::vector<std::string> taints;
        std::int64_t cpuFreeMilli = 0;
        std::int64_t memoryFreeBytes = 0;
        /// Topology (when the node's is known and consistent with its GPU count).
        GpuTopology::Source topologySource = GpuTopology::Source::None;
        bool topologyKnown = false;
        int topologyGpus = 0; ///< GPUs in the topology (mismatch noted when ≠ total)
        ScoreRange score;
        std::string bestSet;      ///< "GPU0-3"
        int numaSpan = 0;         ///< of the best set
        int islandSpan = 0;       ///< of the best set
        bool nvlinkKnown = false; ///< the topology has links (not NRT-only)

        bool fits() const { return verdict == Verdict::Fits; }
        /// worst ÷ max (1 for k = 1 or an unknown topology's placeholder 0).
        double guaranteedRatio() const;
    };

    static std::vector<Placement> rank(const Request &request,
                                       const std::vector<Candidate> &candidates);
    /// The verdict of one candidate (not ranked).
    static Placement evaluate(const Request &request, const Candidate &candidate);
    /// The score range of k GPUs on `topology` with `free` of its GPUs free.
    static ScoreRange scoreRange(const GpuTopology &topology, int free, int k);
    /// One English sentence (the dump and logs; the GUI builds the same sentence translated).
    static std::string explain(const Placement &placement);
    /// "1,400"
    static std::string thousands(std::int64_t value);
    /// Whether a node's gpu-type / product matches a requested type.
    static bool typeMatches(const GpuInventory::NodeGpus &node, const std::string &type);
};

} // namespace cubedesk::k8s
