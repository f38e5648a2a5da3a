#pragma once

#include "k8s/sim/objectstore.h"
#include "k8s/sim/podterminator.h"
#include "k8s/sim/resourceregistry.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

namespace cubedesk::sim {

/// The workload controllers of kube-controller-manager, as far as a console's writes need them:
/// the deployment controller (a Deployment's current ReplicaSet is the one whose template equals
/// the Deployment's, ignoring pod-template-hash; a changed template — `kubectl rollout restart`
/// stamps an annotation into it — gets a new ReplicaSet with a new hash and the next
/// deployment.kubernetes.io/revision, and the old ones are scaled to 0; status replicas,
/// updated, ready, available and unavailable counts, observedGeneration and the Available and
/// Progressing conditions follow the ReplicaSets), the replica set controller (creates pods from
/// its template until it has spec.replicas active ones, deletes the surplus gracefully through
/// PodTerminator, counts replicas and ready replicas) and the stateful set controller (pods
/// NAME-0..N-1, a pod whose controller-revision-hash is not the update revision replaced one at
/// a time from the highest ordinal, currentRevision = updateRevision when done). New pods are
/// left unbound: PodScheduler places them and marks them running, as for any pod.
///
/// It acts on changes only (a workload written, an owned pod changed or gone), never on the
/// objects a scenario loads, so a scenario's story stays as it was built. Deterministic: a pod's
/// name suffix derives from its owner and a per-owner counter.
///
/// Threads: store listeners (any writing thread) mark workloads dirty; one worker thread
/// reconciles them, at most one pass per kMinPassInterval. start()/stop() from the owner.
class WorkloadController final {
public:
    WorkloadController(ObjectStore &store, const ResourceRegistry &registry,
                       PodTerminator &terminator);
    ~WorkloadController();
    WorkloadController(const WorkloadController &) = delete;
    WorkloadController &operator=(const WorkloadController &) = delete;

    void start();
    void stop();

    /// A pod template's hash as the controllers label it (pod-template-hash,
    /// controller-revision-hash): an FNV-1a of the template's JSON in the alphabet of
    /// rand.SafeEncodeString, without vowels, so it never spells a word.
    static std::string templateHash(const nlohmann::json &podTemplate);
    /// The pod a ReplicaSet or StatefulSet makes from its template: the template's metadata and
    /// spec, the owner's namespace, `name`, a controller ownerReference to `owner`.
    static nlohmann::json podFromTemplate(const nlohmann::json &owner, const std::string &name);
    /// Five characters from `seed` in that alphabet, like a generated name's suffix.
    static std::string nameSuffix(const std::string &seed);

    static constexpr std::chrono::milliseconds kMinPassInterval{50};

private:
    /// (kind, namespace, name) of a workload to reconcile; kind is the collection's plural.
    using Key = std::tuple<std::string, std::string, std::string>;

    void run();
    void markOwner(const StoredObject &pod);
    void reconcileDeployment(const std::string &ns, const std::string &name);
    void reconcileReplicaSet(const std::string &ns, const std::string &name);
    void reconcileStatefulSet(const std::string &ns, const std::string &name);
    /// The pods in `ns` whose controller is the `kind` named `owner`.
    std::vector<nlohmann::json> ownedPods(const std::string &ns, const std::string &kind,
                                          const std::string &owner) const;
    void createPod(const nlohmann::json &owner, const std::string &name);
    void deletePod(const std::string &ns, const std::string &name);

    ObjectStore &m_store;
    PodTerminator &m_terminator;
    ResourceType m_pods;
    ResourceType m_deployments;
    ResourceType m_replicaSets;
    ResourceType m_statefulSets;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::set<Key> m_dirty;
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace cubedesk::sim
