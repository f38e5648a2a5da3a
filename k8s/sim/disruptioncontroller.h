#pragma once

#include "k8s/api/labelselector.h"
#include "k8s/sim/objectstore.h"
#include "k8s/sim/resourceregistry.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace cubedesk::sim {

/// The disruption controller of kube-controller-manager: keeps every PodDisruptionBudget's
/// status current — expectedPods, currentHealthy, desiredHealthy, disruptionsAllowed,
/// disruptedPods (evictions the eviction subresource recorded, forgotten once the pod is being
/// deleted or after two minutes), observedGeneration and the DisruptionAllowed condition.
///
/// minAvailable as an integer counts the selected pods; a percentage, and maxUnavailable, need
/// the scale of the pods' controllers (Deployment, ReplicaSet, StatefulSet spec.replicas); a
/// selected pod whose controller has no scale (a DaemonSet, a training job) makes the sync fail
/// as upstream's failSafe does: no disruption allowed, condition reason SyncFailed, the rest of
/// the status (observedGeneration too) left as it was.
///
/// Threads: a worker recomputes the namespaces whose pods or budgets changed (store listeners),
/// at most one pass per kMinPassInterval; recompute() may be called directly (tests, and the
/// eviction subresource after it recorded a disruption).
class DisruptionController final {
public:
    DisruptionController(ObjectStore &store, const ResourceRegistry &registry);
    ~DisruptionController();
    DisruptionController(const DisruptionController &) = delete;
    DisruptionController &operator=(const DisruptionController &) = delete;

    void start();
    void stop();
    /// Brings the status of every budget in `ns` up to date.
    void recompute(const std::string &ns);

    /// metav1.LabelSelector as JSON (matchLabels, matchExpressions) as a selector; nullopt for
    /// a null or malformed one, which selects nothing.
    static std::optional<k8s::LabelSelector> selector(const nlohmann::json &labelSelector);
    /// Whether the pod's Ready condition is True.
    static bool ready(const nlohmann::json &pod);

    static constexpr std::chrono::milliseconds kMinPassInterval{100};
    /// How long a recorded disruption counts against a budget if the pod is not deleted.
    static constexpr std::chrono::seconds kDisruptionTimeout{120};

private:
    /// The controllers' replica count behind `pods`, or the reason it cannot be known.
    Result<int> expectedScale(const std::vector<nlohmann::json> &pods) const;
    nlohmann::json statusFor(const nlohmann::json &pdb, const std::vector<ObjectPtr> &pods) const;

    ObjectStore &m_store;
    const ResourceRegistry &m_registry;
    ResourceType m_budgets;
    ResourceType m_pods;
    ResourceType m_replicaSets;
    ResourceType m_deployments;
    ResourceType m_statefulSets;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::set<std::string> m_dirty;
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace cubedesk::sim
