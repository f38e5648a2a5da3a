#pragma once

#include "k8s/sim/objectstore.h"
#include "k8s/sim/podterminator.h"
#include "k8s/sim/resourceregistry.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace cubedesk::sim {

/// The eviction subresource (POST /api/v1/namespaces/NS/pods/NAME/eviction with a policy/v1
/// Eviction), as the API server's registry does it:
/// - a pod that is pending, finished or already being deleted is deleted without asking any
///   budget;
/// - more than one PodDisruptionBudget selecting the pod is a 500;
/// - a budget whose status is older than its spec, or that allows no disruption now, refuses
///   with a 429 Status whose cause (reason DisruptionBudget) names the budget; a pod that is not
///   Ready may go while its budget is healthy (unhealthyPodEvictionPolicy IfHealthyBudget, or
///   always with AlwaysAllow);
/// - otherwise the disruption is recorded in the budget's status (disruptionsAllowed minus one,
///   the pod in disruptedPods), then the pod is deleted gracefully with the Eviction's
///   deleteOptions.
/// The namespace lifecycle's 403 comes first. dryRun (query or deleteOptions) checks everything
/// and changes nothing. The answer is a Status "Success" (201).
///
/// Threads: evict() from any request thread; budget updates use optimistic concurrency and are
/// retried on a conflict.
class PodEviction final {
public:
    PodEviction(ObjectStore &store, const ResourceRegistry &registry, PodTerminator &terminator);

    /// The Status to answer with (201), or the error.
    Result<nlohmann::json> evict(const std::string &ns, const std::string &name,
                                 const nlohmann::json &eviction, bool dryRun);

private:
    /// The pod's DisruptionTarget condition (EvictionByEvictionAPI), written before it is
    /// deleted; the pod's new resourceVersion, or nullopt when it could not be written.
    std::optional<std::string> markDisruptionTarget(const std::string &ns, const std::string &name);
    /// One attempt; a conflict on the budget is answered by evict() with another.
    Result<nlohmann::json> attempt(const std::string &ns, const std::string &name,
                                   const PodDeleteRequest &deletion);

    ObjectStore &m_store;
    PodTerminator &m_terminator;
    ResourceType m_pods;
    ResourceType m_namespaces;
    ResourceType m_budgets;
};

} // namespace cubedesk::sim
