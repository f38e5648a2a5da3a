#pragma once

// CustomResource: the generic projection of any other kind, made for the job panes (Kubeflow
// PyTorchJob/TFJob/MPIJob/PaddleJob/XGBoostJob/JAXJob/MXJob, Volcano Job/PodGroup/Queue, Spark
// SparkApplication, Argo Workflow; docs/platform.md).
//
// Phase: rawPhase() is the first present of status.phase, status.state.phase (Volcano Job),
// status.applicationState.state (Spark) and a string status.state (Volcano Queue: "Open"). phase()
// normalises it case-insensitively to Pending (pending, inqueue, new, submitted, created), Running
// (running, restarting, completing, succeeding, failing), Succeeded (succeeded, completed,
// complete) or Failed (failed, error, submission_failed, aborted, terminated); other values are
// passed through unchanged. Without a raw phase (Kubeflow jobs) the type of the last condition
// whose status is "True" is normalised the same way ("Created" → Pending, "Suspended" stays).
//
// replicaStatuses(): Kubeflow status.replicaStatuses (role → active/succeeded/failed) or, for
// Volcano jobs, status.taskStatusCount (Running → active, Succeeded/Completed → succeeded,
// Failed → failed).
//
// gpuRequests(): extended resources (names with a vendor domain: nvidia.com/gpu,
// nvidia.com/mig-1g.10gb, huawei.com/Ascend910, ...) requested by all replicas together: for each
// replica template (spec.*ReplicaSpecs.<role>, Volcano spec.tasks[]) the pod's effective requests
// (as Pod::effectiveRequests) times its replicas (default 1); for Spark, spec.driver.gpu and
// spec.executor.gpu times spec.executor.instances.
//
// Immutable; any thread may read it (see KubeObject for ownership).

#include "k8s/objects/condition.h"
#include "k8s/objects/kubeobject.h"
#include "k8s/objects/resourcelist.h"
#include "k8s/objects/resourceset.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cubedesk::k8s {

class CustomResource final : public KubeObject {
public:
    struct ReplicaStatus {
        std::string role;
        std::int64_t active = 0;
        std::int64_t succeeded = 0;
        std::int64_t failed = 0;
        bool operator==(const ReplicaStatus &) const = default;
    };

    /// One replica role of a job template: Kubeflow spec.<kind>ReplicaSpecs.<role>, Volcano
    /// spec.tasks[].name, Spark "Driver"/"Executor".
    struct ReplicaSpec {
        std::string role;
        std::int64_t replicas = 1;
        ResourceSet requests; ///< one replica's effective requests (cpu, memory, extended)
    };

    CustomResource() = default;

    const std::string &apiVersion() const { return m_apiVersion; }
    const std::string &kindName() const { return m_kindName; }

    const std::string &phase() const { return m_phase; }
    const std::string &rawPhase() const { return m_rawPhase; }
    const std::vector<Condition> &conditions() const { return m_conditions; }
    const std::vector<ReplicaStatus> &replicaStatuses() const { return m_replicaStatuses; }
    ResourceList gpuRequests() const { return m_gpuRequests.view(pool()); }
    const std::vector<ReplicaSpec> &replicaSpecs() const { return m_replicaSpecs; }
    /// Reads one of this object's resource sets (replicaSpecs()[i].requests, ...).
    ResourceList view(const ResourceSet &set) const { return set.view(pool()); }

    /// spec.runPolicy is present (Kubeflow training-operator kinds, MPIJob v2beta1): the job
    /// can be suspended and resumed through spec.runPolicy.suspend.
    bool hasRunPolicy() const { return m_hasRunPolicy; }
    /// spec.runPolicy.suspend is true.
    bool suspended() const { return m_suspended; }

    /// Volcano Queue: spec.capability, spec.deserved, spec.guaranteed.resource and
    /// status.allocated (empty for other kinds).
    ResourceList queueCapability() const { return m_capability.view(pool()); }
    ResourceList queueDeserved() const { return m_deserved.view(pool()); }
    ResourceList queueGuaranteed() const { return m_guaranteed.view(pool()); }
    ResourceList queueAllocated() const { return m_allocated.view(pool()); }

    /// status.startTime (0 when absent).
    std::int64_t startTime() const { return m_startTime; }
    /// status.completionTime, else status.finishedAt (Argo), else, for a finished Volcano job,
    /// status.state.lastTransitionTime; 0 when absent.
    std::int64_t completionTime() const { return m_completionTime; }

    /// The normalisation used by phase(), exposed for tests and other callers.
    static std::string normalisePhase(std::string_view raw);

private:
    friend class ObjectDecoder;
    std::string m_apiVersion;
    std::string m_kindName;
    std::string m_phase;
    std::string m_rawPhase;
    std::vector<Condition> m_conditions;
    std::vector<ReplicaStatus> m_replicaStatuses;
    ResourceSet m_gpuRequests;
    std::vector<ReplicaSpec> m_replicaSpecs;
    bool m_hasRunPolicy = false;
    bool m_suspended = false;
    ResourceSet m_capability;
    ResourceSet m_deserved;
    ResourceSet m_guaranteed;
    ResourceSet m_allocated;
    std::int64_t m_startTime = 0;
    std::int64_t m_completionTime = 0;
};

} // namespace cubedesk::k8s
