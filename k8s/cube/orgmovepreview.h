#pragma once

// OrgMovePreview: what moving nodes to another resource group (org) would do, for the
// confirmation shown before the label patches go out (docs/writes.md, docs/platform.md).
//
// Moving a node is one merge patch of its `org` label. Kubernetes does not evict on a label
// change, so every pod that holds resources on the node (Running, or Pending and bound — the
// ClusterAccounting rule) stays where it is and keeps counting against the node. The preview
// lists, per moving node: from → to, Ready, schedulable (not cordoned), shareable (label share
// is not "false"), the pods that stay, and the resources left free (allocatable minus the
// staying pods' effective requests). Nodes already in the target org are reported as unchanged
// and produce no write.
//
// Pending pods that would now fit: the unbound Pending pods (no nodeName, not being deleted)
// whose org — Pod::org(), "" meaning "public" — is the target org, oldest creationTimestamp
// first, each placed on the first moving node (in the order given) that is Ready, schedulable
// and has room for every resource the pod effectively requests (cpu, memory, nvidia.com/gpu and
// every other name; a name the node does not offer has no room) plus one pod slot when the node
// declares allocatable "pods". Placed pods take their room from the node, so later pods see less.
// LIMITATION: the slim Pod keeps only the org of a pod's node selector / affinity, not its other
// terms (gpu=true, gpu-type=V100, train=true, ...), nor taints and tolerations, so "would fit"
// is by org and resources only: the scheduler may still decline a pod the preview places.
//
// Warnings: a moving node labelled share=false, NotReady, or cordoned; a source org left with no
// Ready node; a name that is not a node of the cluster. Errors (nothing may be written): an
// empty or invalid target org.
//
// Org totals (before/after the move, pending pods not placed) follow ClusterAccounting, with GPUs
// counted as DumpRows::gpus, so they match the Orgs pane and `--dump orgs`.
//
// Pure function of its inputs; any thread may call it with objects it may read.

#include "k8s/cube/clusteraccounting.h"
#include "k8s/objects/node.h"
#include "k8s/objects/pod.h"
#include "k8s/write/writerequest.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace cubedesk::k8s {

class OrgMovePreview final {
public:
    OrgMovePreview() = delete;

    /// Free room on a node: allocatable minus requested, never below zero per resource.
    struct Free {
        std::int64_t milliCpu = 0;
        std::int64_t memoryBytes = 0;
        std::int64_t gpus = 0;              ///< DumpRows::gpus of the free amounts
        ClusterAccounting::Amounts amounts; ///< every allocatable name; "pods" = free pod slots
    };
    struct NodeLine {
        std::string node;
        std::string fromOrg;
        std::string toOrg;
        bool unchanged = false; ///< already in the target org: no write
        bool ready = false;
        bool schedulable = false;             ///< not cordoned
        bool shareable = true;                ///< label share is not "false"
        std::vector<std::string> stayingPods; ///< "ns/name" of the pods holding resources, sorted
        Free free;                            ///< after the move (the staying pods keep theirs)
        Free freeAfterPlacement;              ///< after the `wouldFit` pods land here too
    };
    struct Placement {
        std::string pod; ///< "ns/name"
        std::string node;
    };
    struct StillPending {
        std::string pod;    ///< "ns/name"
        std::string reason; ///< "needs 8 nvidia.com/gpu, the largest free is 4 on gpu-a100-1"
    };
    struct Usage {
        int nodes = 0;
        int readyNodes = 0;
        std::int64_t milliCpuAllocatable = 0;
        std::int64_t milliCpuRequested = 0;
        std::int64_t memoryAllocatable = 0;
        std::int64_t memoryRequested = 0;
        std::int64_t gpuAllocatable = 0;
        std::int64_t gpuRequested = 0;
        bool operator==(const Usage &) const = default;
    };
    struct OrgChange {
        std::string org;
        bool target = false;
        Usage before;
        Usage after;
    };
    struct Result {
        std::string targetOrg;
        std::vector<NodeLine> nodes;            ///< in the order of `moving`, duplicates dropped
        std::vector<WriteRequest> writes;       ///< one org patch per node that really moves
        std::vector<Placement> wouldFit;        ///< oldest first
        std::vector<StillPending> stillPending; ///< oldest first
        std::vector<std::string> warnings;
        std::vector<std::string> errors; ///< non-empty: `writes` is empty
        std::vector<OrgChange> orgs;     ///< the source orgs by name, then the target org
    };

    /// `nodes` and `pods` are all of the cluster's; `accounting` was fed the same objects.
    static Result compute(const ClusterAccounting &accounting,
                          const std::vector<std::shared_ptr<const Node>> &nodes,
                          const std::vector<std::shared_ptr<const Pod>> &pods,
                          const std::vector<std::string> &moving, const std::string &targetOrg);

    /// "8", "2.5" (cpu, in cores), "64Gi", "1536Mi" (memory: the largest exact binary unit), "4"
    /// (other names).
    static std::string formatAmount(const std::string &resource, std::int64_t amount);
};

} // namespace cubedesk::k8s
