#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cubedesk::k8s {

/// kubectl drain's options, with kubectl's defaults.
struct DrainOptions {
    enum class DryRun { None, Client, Server };
    bool ignoreDaemonSets = false;
    bool deleteEmptyDirData = false;
    bool force = false;              ///< also pods without a controller
    std::optional<int> gracePeriod;  ///< seconds; unset: each pod's own
    std::chrono::seconds timeout{0}; ///< per node; 0: no limit
    bool disableEviction = false;    ///< DELETE instead of evictions: budgets are bypassed
    DryRun dryRun = DryRun::None;
    int nodeConcurrency = 1; ///< nodes drained at the same time
};

/// What a drain will do, computed before anything is sent (docs/writes.md, "Drain"): for each
/// pod on the nodes, kubectl drain's decision (its filters, in its order, with its messages); the
/// training jobs that lose replicas and what that does to them; the GPUs and GPU-hours of
/// running work at risk; the disruption budgets that will block, and why.
///
/// Inputs are the API server's own documents (a pod list per node, the budget list), read fresh
/// when the preview opens, so the plan is kubectl's view rather than the cache's. Pure; any
/// thread.
struct DrainPlan {
    /// What happens to one pod.
    enum class Action {
        Evict,         ///< evicted (or deleted with disableEviction)
        SkipDaemonSet, ///< left: its DaemonSet would recreate it (--ignore-daemonsets)
        SkipMirror,    ///< left: a static pod; only the kubelet's files can remove it
        Refuse,        ///< the node cannot be drained with these options
    };
    /// Why a pod needs a choice, or was let through by one (kubectl's filters).
    enum class Reason {
        None,
        DaemonSet,         ///< managed by a DaemonSet (needs --ignore-daemonsets)
        OrphanedDaemonSet, ///< its DaemonSet is gone (needs --force)
        LocalStorage,      ///< emptyDir data is lost (needs --delete-emptydir-data)
        Unmanaged,         ///< no controller recreates it (needs --force)
    };
    /// What losing replicas does to a job.
    enum class Impact {
        None,            ///< not a job's pod
        GangFails,       ///< a gang loses a member: the job fails (restartPolicy Never)
        GangRestarts,    ///< a gang loses a member: every replica restarts from the last checkpoint
        ReplicaRestarts, ///< a single-replica job's pod restarts from the last checkpoint
        ReplicaFails,    ///< a single-replica job's pod fails with it
        VolcanoPolicy,   ///< Volcano applies the job's PodEvicted policy (commonly RestartJob)
        SparkDriver,     ///< the Spark driver goes: the application fails
        SparkExecutor,   ///< Spark reschedules the executor's tasks
        WorkflowStep,    ///< an Argo step fails (retried when its retryStrategy allows)
    };

    struct Pod {
        std::string ns;
        std::string name;
        std::string uid;
        std::string node;
        std::string phase;
        std::string ownerApiVersion; ///< of the controller; "" without one
        std::string ownerKind;
        std::string ownerName;
        std::string jobKind; ///< the job this pod belongs to ("" for none): kind, name
        std::string jobName;
        std::string budget; ///< the disruption budget selecting it ("" for none)
        bool terminating = false;
        int gpus = 0;
        double runningHours = 0; ///< since the pod started (0 when not running)
        Action action = Action::Evict;
        Reason reason = Reason::None;
        std::string refusal; ///< kubectl's error text for Refuse ("Pods with local storage …")
        std::string warning; ///< kubectl's warning text for a pod let through by an option
    };
    /// A training job that loses replicas on these nodes (counting pods that need a choice: the
    /// preview says what choosing them means).
    struct Job {
        std::string ns;
        std::string apiVersion;
        std::string kind;
        std::string name;
        int replicasHere = 0;
        int replicasTotal = 0; ///< its pods anywhere (from `jobPods`), at least replicasHere
        int gpusHere = 0;
        double gpuHoursHere = 0; ///< GPUs × hours its pods here have run: the work at risk
        std::string restartPolicy;
        /// "label=value" that selects the job's pods (the operator's job-name label), for
        /// counting them; "" when its pods carry none.
        std::string podSelector;
        Impact impact = Impact::None;
        std::string budget; ///< a budget protecting it ("" for none)
    };
    /// A disruption budget that selects pods to be evicted.
    struct Budget {
        std::string ns;
        std::string name;
        int disruptionsAllowed = 0;
        int currentHealthy = 0;
        int desiredHealthy = 0;
        int expectedPods = 0;
        int toEvict = 0;         ///< running pods of this drain it selects (choices included)
        bool blocks = false;     ///< toEvict > disruptionsAllowed: evictions will wait
        bool syncFailed = false; ///< its controller could not compute it (no disruption ever)
        std::string message;     ///< its DisruptionAllowed condition's message
    };
    struct Node {
        std::string name;
        std::vector<std::string> refusals; ///< kubectl's errors: the node cannot be drained
        std::vector<std::string> warnings; ///< kubectl's warnings ("ignoring DaemonSet-managed …")
        int toEvict = 0;
        bool cordoned = false;
    };

    /// The API answers a plan is built from.
    struct Inputs {
        std::vector<std::string> nodes;
        /// Per node, its pods: the `items` of the pod list pages (JSON texts of PodList).
        std::map<std::string, std::vector<std::string>> podLists;
        /// The budget list pages (JSON texts of PodDisruptionBudgetList).
        std::vector<std::string> budgetLists;
        /// DaemonSets that exist, as "ns/name" (a pod whose DaemonSet is missing is an orphan);
        /// nullopt: not checked, every DaemonSet is taken to exist.
        std::optional<std::vector<std::string>> daemonSets;
        /// Per job ("ns/kind/name"), how many pods it has in the cluster.
        std::map<std::string, int> jobPods;
        /// Nodes already cordoned.
        std::vector<std::string> cordoned;
        std::int64_t now = 0; ///< seconds since the epoch
    };

    std::vector<Node> nodes;
    std::vector<Pod> pods; ///< in node order, then the API's order
    std::vector<Job> jobs;
    std::vector<Budget> budgets;
    std::vector<std::string> errors; ///< unreadable inputs (a malformed list): nothing to send

    /// The plan for `inputs` under `options`.
    static DrainPlan build(const Inputs &inputs, const DrainOptions &options);

    int evictCount() const;
    /// GPUs of the running pods this drain evicts or would evict once chosen, and the hours
    /// they have run (the work lost without a checkpoint).
    int gpusAtRisk() const;
    double gpuHoursAtRisk() const;
    /// True when some node is refused: with these options the drain cannot go ahead there.
    bool refused() const;
};

} // namespace cubedesk::k8s
