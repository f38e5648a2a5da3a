#pragma once
// ClusterStore: the GUI thread's view of one cluster — the slim objects the session handed over
// and the platform's aggregates (ClusterAccounting), updated one batch at a time. Models read
// it; nothing here touches the network.
//
// Threads: GUI thread only. Objects are immutable and shared with the session thread.

#include "k8s/cube/clusteraccounting.h"
#include "k8s/objects/customresource.h"
#include "k8s/objects/event.h"
#include "k8s/objects/limitrange.h"
#include "k8s/objects/node.h"
#include "k8s/objects/pod.h"
#include "k8s/objects/resourcequota.h"
#include "k8s/session/clustersession.h"
#include "models/clusterchange.h"

#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace cubedesk::models {

using NodePtr = std::shared_ptr<const k8s::Node>;
using PodPtr = std::shared_ptr<const k8s::Pod>;
using EventPtr = std::shared_ptr<const k8s::Event>;
using CustomResourcePtr = std::shared_ptr<const k8s::CustomResource>;
using ResourceQuotaPtr = std::shared_ptr<const k8s::ResourceQuota>;
using LimitRangePtr = std::shared_ptr<const k8s::LimitRange>;

class ClusterStore final {
public:
    /// Applies drained session deltas in order and says what changed.
    ClusterChange apply(std::span<const k8s::ClusterSession::Delta> deltas);
    /// Forgets everything (the cluster was removed); the change lists every node as removed.
    ClusterChange clear();

    const std::map<std::string, NodePtr, std::less<>> &nodes() const { return m_nodes; }
    NodePtr node(std::string_view name) const;
    /// Pods by "namespace/name".
    const std::unordered_map<std::string, PodPtr> &pods() const { return m_pods; }
    /// The pod "namespace/name", or null.
    PodPtr pod(const std::string &key) const;
    /// Events by "namespace/name".
    const std::unordered_map<std::string, EventPtr> &events() const { return m_events; }
    EventPtr event(const std::string &key) const;
    /// Every pod bound to `node` (a scan; for detail panels and previews, not per frame).
    std::vector<PodPtr> podsOnNode(std::string_view node) const;
    /// Unbound pending pods, oldest first (from an index kept as pods change: the
    /// notifications ask every 30 s, and a walk over 150,000 pods was most of the window's idle
    /// CPU).
    std::vector<PodPtr> pendingPods() const;
    /// Events about one object (kind "Node", namespace "" for cluster-scoped), newest first.
    std::vector<EventPtr> eventsFor(std::string_view kind, std::string_view ns,
                                    std::string_view name) const;
    std::size_t namespaceCount() const { return m_namespaces; }
    /// ML jobs of every kind the session watches, by "resource-id/namespace/name".
    const std::map<std::string, CustomResourcePtr, std::less<>> &jobs() const { return m_jobs; }
    CustomResourcePtr job(std::string_view key) const;
    /// ResourceQuotas and LimitRanges by "namespace/name"; Volcano Queues by name.
    const std::map<std::string, ResourceQuotaPtr, std::less<>> &quotas() const { return m_quotas; }
    const std::map<std::string, LimitRangePtr, std::less<>> &limitRanges() const {
        return m_limitRanges;
    }
    const std::map<std::string, CustomResourcePtr, std::less<>> &queues() const { return m_queues; }
    /// Pods that belong to a job: owned by it (ownerReferences) or labelled with its name the
    /// way the operators do (training.kubeflow.org/job-name, volcano.sh/job-name,
    /// spark-app-name / sparkoperator.k8s.io/app-name, workflows.argoproj.io/workflow), in
    /// the job's namespace (k8s::JobPods); sorted by name. A scan, for detail panels.
    std::vector<PodPtr> podsOfJob(std::string_view ns, std::string_view kind,
                                  std::string_view name) const;
    std::vector<PodPtr> podsOfJob(const k8s::CustomResource &job) const {
        return podsOfJob(job.namespaceName(), job.kindName(), job.name());
    }
    /// Pods a workload owns, as the browser's detail shows them: those whose ownerReferences
    /// name (`kind`, `name`) in `ns`, and for a Deployment those of its ReplicaSets (owner
    /// ReplicaSet NAME-HASH with the pod's pod-template-hash label HASH, or a HASH without a
    /// dash when the pod has no such label); sorted by name. A scan.
    std::vector<PodPtr> podsOwnedBy(std::string_view ns, std::string_view kind,
                                    std::string_view name) const;
    const k8s::ClusterAccounting &accounting() const { return m_accounting; }
    /// Every node and pod as shared pointers (for k8s/cube functions that take vectors).
    std::vector<NodePtr> nodeList() const;
    std::vector<PodPtr> podList() const;

private:
    void applyNode(const k8s::ClusterSession::Delta &d, ClusterChange &change);
    void applyPod(const k8s::ClusterSession::Delta &d, std::string key, ClusterChange &change);
    void touchPod(const k8s::Pod &pod, ClusterChange &change) const;
    void applyCustom(const k8s::ClusterSession::Delta &d, ClusterChange &change);
    template <class Map>
    static bool upsertOrErase(Map &map, const k8s::ClusterSession::Delta &d, std::string key);

    std::map<std::string, NodePtr, std::less<>> m_nodes;
    std::unordered_map<std::string, PodPtr> m_pods;
    std::unordered_map<std::string, PodPtr> m_pending; ///< the unbound pending pods of m_pods
    std::unordered_map<std::string, EventPtr> m_events;
    std::size_t m_namespaces = 0;
    std::map<std::string, CustomResourcePtr, std::less<>> m_jobs;
    std::map<std::string, ResourceQuotaPtr, std::less<>> m_quotas;
    std::map<std::string, LimitRangePtr, std::less<>> m_limitRanges;
    std::map<std::string, CustomResourcePtr, std::less<>> m_queues;
    k8s::ClusterAccounting m_accounting;
};

} // namespace cubedesk::models
