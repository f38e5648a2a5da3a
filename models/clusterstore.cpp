#include "models/clusterstore.h"

#include "k8s/cube/jobkinds.h"
#include "k8s/cube/jobpods.h"

#include <algorithm>

namespace cubedesk::models {

using k8s::ClusterSession;
using Type = k8s::DeltaBuffer<k8s::ObjectPtr>::Type;

namespace {

/// "pods/ns/name" → "ns/name" (the session prefixes every key with its resource id).
std::string objectKey(const std::string &deltaKey) {
    const auto slash = deltaKey.find('/');
    return slash == std::string::npos ? deltaKey : deltaKey.substr(slash + 1);
}

std::string orgOfPending(const k8s::Pod &pod) {
    const std::string_view org = pod.org();
    return org.empty() ? std::string("public") : std::string(org);
}

bool isUnboundPending(const k8s::Pod &pod) {
    return pod.phase() == k8s::Pod::Phase::Pending && pod.nodeName().empty();
}

} // namespace

NodePtr ClusterStore::node(std::string_view name) const {
    auto it = m_nodes.find(name);
    return it == m_nodes.end() ? nullptr : it->second;
}

void ClusterStore::touchPod(const k8s::Pod &pod, ClusterChange &change) const {
    if (const std::string_view n = pod.nodeName(); !n.empty()) {
        if (auto it = m_nodes.find(n); it != m_nodes.end()) {
            change.nodesChanged.emplace(n);
            if (const auto *entry = m_accounting.node(n))
                change.orgsTouched.insert(entry->org);
        }
    } else if (isUnboundPending(pod)) {
        change.orgsTouched.insert(orgOfPending(pod));
    }
}

void ClusterStore::applyNode(const ClusterSession::Delta &d, ClusterChange &change) {
    const std::string name(d.object->name());
    auto it = m_nodes.find(name);
    if (const auto *entry = m_accounting.node(name); entry && entry->known)
        change.orgsTouched.insert(entry->org); // the org it leaves (or stays in)
    if (d.type == Type::Deleted) {
        if (it == m_nodes.end())
            return;
        m_nodes.erase(it);
        m_accounting.removeNode(name);
        change.nodesChanged.erase(name);
        change.nodesRemoved.push_back(name);
        return;
    }
    auto node = std::static_pointer_cast<const k8s::Node>(d.object);
    m_accounting.upsertNode(*node);
    change.orgsTouched.insert(m_accounting.node(name)->org);
    if (it == m_nodes.end()) {
        m_nodes.emplace(name, std::move(node));
        // A node removed and re-added within one batch is a change for the models.
        auto removed = std::find(change.nodesRemoved.begin(), change.nodesRemoved.end(), name);
        if (removed != change.nodesRemoved.end()) {
            change.nodesRemoved.erase(removed);
            change.nodesChanged.insert(name);
        } else {
            change.nodesAdded.push_back(name);
        }
    } else {
        it->second = std::move(node);
        if (std::find(change.nodesAdded.begin(), change.nodesAdded.end(), name) ==
            change.nodesAdded.end())
            change.nodesChanged.insert(name);
    }
}

void ClusterStore::applyPod(const ClusterSession::Delta &d, std::string key,
                            ClusterChange &change) {
    auto it = m_pods.find(key);
    if (d.type != Type::Deleted && it != m_pods.end()) {
        auto pod = std::static_pointer_cast<const k8s::Pod>(d.object);
        // Most updates of a running pod are status heartbeats: when neither the totals nor what
        // a node's pod list shows (phase) moved, its node and org rows stay as they are.
        const bool phaseChanged = pod->phase() != it->second->phase();
        if (m_accounting.upsertPod(key, *pod) || phaseChanged) {
            touchPod(*it->second, change); // where it was
            touchPod(*pod, change);        // where it is now
        }
        if (isUnboundPending(*pod))
            m_pending[key] = pod;
        else
            m_pending.erase(key);
        it->second = std::move(pod);
        change.podsChanged.insert(std::move(key));
        return;
    }
    if (d.type == Type::Deleted) {
        if (it == m_pods.end())
            return;
        touchPod(*it->second, change); // where it was
        m_accounting.removePod(key);
        m_pods.erase(it);
        m_pending.erase(key);
        change.podsChanged.erase(key);
        if (auto added = std::find(change.podsAdded.begin(), change.podsAdded.end(), key);
            added != change.podsAdded.end())
            change.podsAdded.erase(added); // came and went inside the batch
        else
            change.podsRemoved.push_back(std::move(key));
        return;
    }
    auto pod = std::static_pointer_cast<const k8s::Pod>(d.object);
    m_accounting.upsertPod(key, *pod);
    touchPod(*pod, change);
    if (isUnboundPending(*pod))
        m_pending.emplace(key, pod);
    m_pods.emplace(key, std::move(pod));
    // A pod removed and re-added within one batch is a change for the models.
    auto removed = std::find(change.podsRemoved.begin(), change.podsRemoved.end(), key);
    if (removed != change.podsRemoved.end()) {
        change.podsRemoved.erase(removed);
        change.podsChanged.insert(std::move(key));
    } else {
        change.podsAdded.push_back(std::move(key));
    }
}

ClusterChange ClusterStore::apply(std::span<const ClusterSession::Delta> deltas) {
    ClusterChange change;
    for (auto &d : deltas) {
        if (!d.object)
            continue;
        switch (d.object->kind()) {
        case k8s::ObjectKind::Node:
            applyNode(d, change);
            break;
        case k8s::ObjectKind::Pod:
            applyPod(d, objectKey(d.key), change);
            break;
        case k8s::ObjectKind::Namespace:
            if (d.type == Type::Added)
                ++m_namespaces;
            else if (d.type == Type::Deleted && m_namespaces > 0)
                --m_namespaces;
            change.namespacesChanged = true;
            break;
        case k8s::ObjectKind::Event: {
            std::string key = objectKey(d.key);
            if (d.type == Type::Deleted) {
                if (m_events.erase(key) > 0)
                    change.eventsRemoved.push_back(std::move(key));
            } else {
                m_events[key] = std::static_pointer_cast<const k8s::Event>(d.object);
                change.eventsUpserted.push_back(std::move(key));
            }
            break;
        }
        case k8s::ObjectKind::ResourceQuota:
            change.quotasChanged |= upsertOrErase(m_quotas, d, objectKey(d.key));
            break;
        case k8s::ObjectKind::LimitRange:
            change.quotasChanged |= upsertOrErase(m_limitRanges, d, objectKey(d.key));
            break;
        case k8s::ObjectKind::CustomResource:
            applyCustom(d, change);
            break;
        case k8s::ObjectKind::TableRow:
            break; // table watches hand their rows to their own feeds, never to the cache
        }
    }
    // Nodes that came and went inside the batch are neither changed nor added.
    for (const auto &name : change.nodesRemoved)
        change.nodesChanged.erase(name);
    for (const auto &name : change.nodesAdded)
        change.nodesChanged.erase(name);
    for (const auto &key : change.podsAdded)
        change.podsChanged.erase(key);
    for (const auto &key : change.jobsAdded)
        change.jobsChanged.erase(key);
    return change;
}

template <class Map>
bool ClusterStore::upsertOrErase(Map &map, const ClusterSession::Delta &d, std::string key) {
    using Ptr = typename Map::mapped_type;
    if (d.type == Type::Deleted)
        return map.erase(key) > 0;
    map[std::move(key)] = std::static_pointer_cast<typename Ptr::element_type>(d.object);
    return true;
}

void ClusterStore::applyCustom(const ClusterSession::Delta &d, ClusterChange &change) {
    const std::string_view key = d.key;
    const std::string_view resource = key.substr(0, key.find('/'));
    if (resource == k8s::JobKinds::volcanoQueues().id()) {
        change.quotasChanged |= upsertOrErase(m_queues, d, std::string(d.object->name()));
        return;
    }
    // Every other custom resource the session follows is a job: the catalogue's kinds and the
    // CRDs with a lifecycle (ClusterSession::Options::followStatusKinds).
    std::string jobKey(key);
    const bool known = m_jobs.count(jobKey) > 0;
    if (d.type == Type::Deleted) {
        if (!known)
            return;
        m_jobs.erase(jobKey);
        change.jobsChanged.erase(jobKey);
        if (auto added = std::find(change.jobsAdded.begin(), change.jobsAdded.end(), jobKey);
            added != change.jobsAdded.end())
            change.jobsAdded.erase(added);
        else
            change.jobsRemoved.push_back(std::move(jobKey));
        return;
    }
    m_jobs[jobKey] = std::static_pointer_cast<const k8s::CustomResource>(d.object);
    if (known) {
        change.jobsChanged.insert(std::move(jobKey));
    } else if (auto removed =
                   std::find(change.jobsRemoved.begin(), change.jobsRemoved.end(), jobKey);
               removed != change.jobsRemoved.end()) {
        change.jobsRemoved.erase(removed);
        change.jobsChanged.insert(std::move(jobKey));
    } else {
        change.jobsAdded.push_back(std::move(jobKey));
    }
}

CustomResourcePtr ClusterStore::job(std::string_view key) const {
    auto it = m_jobs.find(key);
    return it == m_jobs.end() ? nullptr : it->second;
}

std::vector<PodPtr> ClusterStore::podsOfJob(std::string_view ns, std::string_view kind,
                                            std::string_view name) const {
    std::vector<PodPtr> out;
    for (const auto &[key, pod] : m_pods) {
        if (pod->namespaceName() != ns)
            continue;
        std::vector<k8s::JobPods::Owner> owners;
        for (std::size_t i = 0; i < pod->ownerCount(); ++i)
            owners.push_back({pod->owner(i).kind, pod->owner(i).name});
        const auto labels = pod->labels();
        if (k8s::JobPods::belongsTo(kind, name, owners,
                                    [&labels](std::string_view key) { return labels.value(key); }))
            out.push_back(pod);
    }
    std::sort(out.begin(), out.end(),
              [](const PodPtr &a, const PodPtr &b) { return a->name() < b->name(); });
    return out;
}

std::vector<PodPtr> ClusterStore::podsOwnedBy(std::string_view ns, std::string_view kind,
                                              std::string_view name) const {
    std::vector<PodPtr> out;
    for (const auto &[key, pod] : m_pods) {
        if (pod->namespaceName() != ns)
            continue;
        for (std::size_t i = 0; i < pod->ownerCount(); ++i) {
            const auto owner = pod->owner(i);
            bool owned = owner.kind == kind && owner.name == name;
            if (!owned && kind == "Deployment" && owner.kind == "ReplicaSet" &&
                owner.name.size() > name.size() + 1 && owner.name.substr(0, name.size()) == name &&
                owner.name[name.size()] == '-') {
                // The Deployment controller names its ReplicaSets NAME-HASH and labels their
                // pods pod-template-hash=HASH; a pod without the label is judged by the name.
                const std::string_view hash = owner.name.substr(name.size() + 1);
                const auto label = pod->labels().value("pod-template-hash");
                owned = label ? *label == hash : hash.find('-') == std::string_view::npos;
            }
            if (owned) {
                out.push_back(pod);
                break;
            }
        }
    }
    std::sort(out.begin(), out.end(),
              [](const PodPtr &a, const PodPtr &b) { return a->name() < b->name(); });
    return out;
}

ClusterChange ClusterStore::clear() {
    ClusterChange change;
    for (const auto &[name, node] : m_nodes)
        change.nodesRemoved.push_back(name);
    for (const auto &[name, org] : m_accounting.orgs())
        change.orgsTouched.insert(name);
    for (const auto &[key, pod] : m_pods)
        change.podsRemoved.push_back(key);
    change.namespacesChanged = m_namespaces > 0;
    for (const auto &[key, event] : m_events)
        change.eventsRemoved.push_back(key);
    for (const auto &[key, job] : m_jobs)
        change.jobsRemoved.push_back(key);
    change.quotasChanged = !m_quotas.empty() || !m_limitRanges.empty() || !m_queues.empty();
    m_nodes.clear();
    m_pods.clear();
    m_pending.clear();
    m_events.clear();
    m_jobs.clear();
    m_quotas.clear();
    m_limitRanges.clear();
    m_queues.clear();
    m_namespaces = 0;
    m_accounting = k8s::ClusterAccounting();
    return change;
}

PodPtr ClusterStore::pod(const std::string &key) const {
    auto it = m_pods.find(key);
    return it == m_pods.end() ? nullptr : it->second;
}

EventPtr ClusterStore::event(const std::string &key) const {
    auto it = m_events.find(key);
    return it == m_events.end() ? nullptr : it->second;
}

std::vector<PodPtr> ClusterStore::podsOnNode(std::string_view node) const {
    std::vector<PodPtr> out;
    for (const auto &[key, pod] : m_pods)
        if (pod->nodeName() == node)
            out.push_back(pod);
    std::sort(out.begin(), out.end(), [](const PodPtr &a, const PodPtr &b) {
        return std::pair(a->namespaceName(), a->name()) < std::pair(b->namespaceName(), b->name());
    });
    return out;
}

std::vector<PodPtr> ClusterStore::pendingPods() const {
    std::vector<PodPtr> out;
    out.reserve(m_pending.size());
    for (const auto &[key, pod] : m_pending)
        out.push_back(pod);
    std::sort(out.begin(), out.end(), [](const PodPtr &a, const PodPtr &b) {
        return std::pair(a->creationTimestamp(), a->name()) <
               std::pair(b->creationTimestamp(), b->name());
    });
    return out;
}

std::vector<EventPtr> ClusterStore::eventsFor(std::string_view kind, std::string_view ns,
                                              std::string_view name) const {
    std::vector<EventPtr> out;
    for (const auto &[key, e] : m_events)
        if (e->involvedKind() == kind && e->involvedNamespace() == ns && e->involvedName() == name)
            out.push_back(e);
    std::sort(out.begin(), out.end(), [](const EventPtr &a, const EventPtr &b) {
        return a->lastTimestamp() > b->lastTimestamp();
    });
    return out;
}

std::vector<NodePtr> ClusterStore::nodeList() const {
    std::vector<NodePtr> out;
    out.reserve(m_nodes.size());
    for (const auto &[name, node] : m_nodes)
        out.push_back(node);
    return out;
}

std::vector<PodPtr> ClusterStore::podList() const {
    std::vector<PodPtr> out;
    out.reserve(m_pods.size());
    for (const auto &[key, pod] : m_pods)
        out.push_back(pod);
    return out;
}

} // namespace cubedesk::models
