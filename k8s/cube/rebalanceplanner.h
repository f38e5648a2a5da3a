#pragma once

// RebalancePlanner: the platform's resource-group balancing task, `adjust_node_resource`
// (docs/platform.md), as a pure function that says which node the task would move and why,
// for one run or for k successive runs (the board's balancing advisor, `--dump rebalance`).
//
// The rule, as the platform's code has it (the planner follows the platform, NOT
// ClusterAccounting):
//   * Candidate nodes: label share is "true" (missing = "true"), train is "true" (missing =
//     "false"), and cpu or gpu is "true". Nodes are taken in name order (the API's list order;
//     Python's dicts keep it, so it decides ties). A node's cpu = int(allocatable cpu) cores, gpu
//     = int(allocatable nvidia.com/gpu).
//   * Load: only pods of the namespaces jupyter, pipeline, automl and service, phase Running,
//     bound to a candidate node; the node adds the pod's requests (cpu in cores; gpu =
//     nvidia.com/gpu + nvidia.com/gpucores / 100), summed as doubles, then truncated per node
//     (used = int(sum)). Limits, usage, memory and other namespaces play no part.
//   * Per org (label org, "public" when missing or empty), per device type: nodes labelled
//     cpu=true add to the CPU totals, gpu=true to the GPU totals (a node with both, to both).
//     ratio = requested / allocatable.
//   * Max and min org: start at "public" with max ratio 0 and min ratio 1; only orgs with at
//     least 3 nodes of that type take part; strictly greater / strictly less wins (the first org
//     seen keeps a tie). If none qualifies, "public" stays (the public fallback) even with fewer
//     than 3 nodes. An eligible org with 0 allocatable makes the platform's run stop with
//     ZeroDivisionError: then nothing moves (Result::platformError).
//   * Donor node: the least-loaded node (used / allocatable, ascending, name order on ties)
//     among the candidates labelled explicitly org=<donor org> (no "public" default here) and
//     cpu=true (or gpu=true). A node with 0 allocatable there is the same ZeroDivisionError.
//     When the donor org has no such node the platform announces the move and patches nothing:
//     the Move has an empty node and every later run would do the same (the preview stops).
//   * Pending-driven move first (when Options::pendingRule): see below. Then the balance move:
//     if max_cpu_org != min_cpu_org and max_cpu_ratio > min_cpu_ratio + 0.2, the CPU donor
//     moves to max_cpu_org; otherwise the same test for GPU. One move per run.
//
// The pending-driven rule, done as intended. The platform checks pending pods after filtering
// pods by host_ip, and an unscheduled pod has none, so its branch practically never fires
// (docs/platform.md). Here: a pod of the four namespaces, Pending, not bound, not being deleted,
// created more than 300 s before Options::now, whose PodScheduled message contains
// "insufficient" (any case). Records are keyed by namespace/name (the platform keys by name
// only) and taken oldest first (the platform: list order). For a record, des_org = the pod's org
// selector ("public" when none); if the pod selects cpu and des_org != min_cpu_org, the least-
// loaded CPU node of min_cpu_org — among its Ready, schedulable nodes when it has one, since the
// move is for a pod to start there — moves to des_org; otherwise, if it selects gpu and des_org !=
// min_gpu_org, the same with GPUs; otherwise the next record is tried.
// LIMITATION: the slim Pod keeps only the org of the node selector, so "selects cpu / gpu" is
// inferred as the platform builds selectors (base.py get_default_node_selector): a pod that
// requests nvidia.com/gpu (and no nvidia.com/gpucores share, which means vgpu=true) selects
// gpu=true, any other pod cpu=true. Options::pendingRule = false gives the platform's behaviour
// exactly.
//
// Multi-run preview: after each move the node carries its org label to the target with its
// Running pods (no eviction); for a pending-driven move, the pod starts on the moved node when
// that node is Ready, schedulable and has room for the pod's effective requests (allocatable
// minus the pods holding resources there, every namespace) — then it counts as Running in the
// next run — else its record stays and may pull another node. gpu-type, taints and other
// selector terms are not considered (the platform does not consider them either), so
// Move::podWouldFit is a resource check only.
//
// Differences that the slim objects force (documented, small): pods are matched to nodes by
// spec.nodeName instead of status.hostIP (a Running pod's hostIP is its node's InternalIP); CPU
// requests are the pod's exact sum in millicores (the platform rounds each container's cores to
// two decimals before summing).
//
// Pure function of its inputs; any thread may call it with objects it may read.

#include "k8s/objects/node.h"
#include "k8s/objects/pod.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace cubedesk::k8s {

class RebalancePlanner final {
public:
    RebalancePlanner() = delete;

    enum class Device : std::uint8_t { Cpu, Gpu };
    enum class Reason : std::uint8_t { Balance, PendingPod };

    struct Options {
        std::int64_t now = 0; ///< seconds since the epoch, for the 300 s pending age
        int runs = 1;         ///< successive runs to preview (at least 1)
        bool pendingRule = true;
    };

    /// One org's standing for one device type, as the rule counts it.
    struct OrgRatio {
        std::string org;
        int nodes = 0;                ///< candidate nodes of this type (cpu_node_num)
        std::int64_t requested = 0;   ///< Σ per-node truncated requests (cores or GPUs)
        std::int64_t allocatable = 0; ///< Σ int(allocatable)
        bool eligible() const { return nodes >= 3; }
        /// requested / allocatable; 0 when nothing is allocatable.
        double ratio() const;
        bool operator==(const OrgRatio &) const = default;
    };

    /// The state one run sees: every org with candidate nodes (first-seen order) and the max
    /// and min orgs the rule picked per device.
    struct Standing {
        std::vector<OrgRatio> cpu;
        std::vector<OrgRatio> gpu;
        std::string maxCpuOrg = "public";
        std::string minCpuOrg = "public";
        std::string maxGpuOrg = "public";
        std::string minGpuOrg = "public";
        double maxCpuRatio = 0;
        double minCpuRatio = 1;
        double maxGpuRatio = 0;
        double minGpuRatio = 1;
        /// The org's entry for `device` (nodes 0 when it has none).
        OrgRatio of(Device device, const std::string &org) const;
    };

    struct Move {
        int run = 1; ///< 1 = what the next run of the task does
        Device device = Device::Cpu;
        Reason reason = Reason::Balance;
        /// "" when the donor org has no node labelled org=<donor> explicitly: the platform
        /// announces the move and patches nothing.
        std::string node;
        std::string nodeIp;
        std::int64_t nodeUsed = 0; ///< truncated, cores or GPUs
        std::int64_t nodeAllocatable = 0;
        std::string fromOrg;
        std::string toOrg;
        std::string pendingPod;          ///< "ns/name" (PendingPod)
        std::int64_t pendingSeconds = 0; ///< how long it has been pending (PendingPod)
        bool podWouldFit = false;        ///< PendingPod: the pod fits the moved node
        OrgRatio fromBefore, fromAfter, toBefore, toAfter; ///< for `device`
        std::string explanation;                           ///< one English sentence (logs, --dump)
    };

    struct Result {
        std::vector<Move> moves;         ///< in run order; moves[0] is the next run's move
        std::vector<Standing> standings; ///< [0] before run 1, [i] after run i
        std::string stopped;             ///< why fewer than Options::runs moves ("" when all ran)
        bool platformError = false;      ///< the platform's run would fail (ZeroDivisionError)
    };

    static Result plan(const std::vector<std::shared_ptr<const Node>> &nodes,
                       const std::vector<std::shared_ptr<const Pod>> &pods, const Options &options);

    static const char *deviceName(Device device); ///< "cpu", "gpu"
    static const char *reasonName(Reason reason); ///< "balance", "pending"
    /// The namespaces the platform reads: jupyter, pipeline, automl, service.
    static const std::vector<std::string> &workloadNamespaces();
};

} // namespace cubedesk::k8s
