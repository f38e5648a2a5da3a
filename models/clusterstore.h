#pragma once
// ClusterStore: the GUI thread's view of one cluster — the slim objects the session handed over
// and the platform's aggregates (ClusterAccounting), updated one batch at a time. Models read
// it; nothing here touches the network.
//
// Threads: GUI thread only. Objects are immutable and shared with the session thread.

#include "k8s/cube/clusteraccounting.h"
#include "k8s/objects/event.h"
#include "k8s/objects/node.h"
#include "k8s/objects/pod.h"
#include "k8s/session/clustersession.h"
#include "models/clusterchange.h"

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace cubedesk::models {

using NodePtr = std::shared_ptr<const k8s::Node>;
using PodPtr = std::shared_ptr<const k8s::Pod>;
using EventPtr = std::shared_ptr<const k8s::Event>;

class ClusterStore final {
public:
    /// Applies drained session deltas in order and says what changed.
    ClusterChange apply(std::vector<k8s::ClusterSession::Delta> deltas);
    /// Forgets everything (the cluster was removed); the change lists every node as removed.
    ClusterChange clear();

    const std::map<std::string, NodePtr, std::less<>> &nodes() const { return m_nodes; }
    NodePtr node(std::string_view name) const;
    /// Pods by "namespace/name".
    const std::unordered_map<std::string, PodPtr> &pods() const { return m_pods; }
    /// Every pod bound to `node` (a scan; for detail panels and previews, not per frame).
    std::vector<PodPtr> podsOnNode(std::string_view node) const;
    /// Unbound pending pods, oldest first.
    std::vector<PodPtr> pendingPods() const;
    /// Events about one object (kind "Node", namespace "" for cluster-scoped), newest first.
    std::vector<EventPtr> eventsFor(std::string_view kind, std::string_view ns,
                                    std::string_view name) const;
    std::size_t namespaceCount() const { return m_namespaces; }
    const k8s::ClusterAccounting &accounting() const { return m_accounting; }
    /// Every node and pod as shared pointers (for k8s/cube functions that take vectors).
    std::vector<NodePtr> nodeList() const;
    std::vector<PodPtr> podList() const;

private:
    void applyNode(const k8s::ClusterSession::Delta &d, ClusterChange &change);
    void applyPod(const k8s::ClusterSession::Delta &d, std::string key, ClusterChange &change);
    void touchPod(const k8s::Pod &pod, ClusterChange &change) const;

    std::map<std::string, NodePtr, std::less<>> m_nodes;
    std::unordered_map<std::string, PodPtr> m_pods;
    std::unordered_map<std::string, EventPtr> m_events;
    std::size_t m_namespaces = 0;
    k8s::ClusterAccounting m_accounting;
};

} // namespace cubedesk::models
