#include "k8s/cube/clusteraccounting.h"

#include "k8s/objects/node.h"
#include "k8s/objects/pod.h"

#include <algorithm>

namespace cubedesk::k8s {

namespace {

ClusterAccounting::Amounts amountsOf(const ResourceList &list) {
    ClusterAccounting::Amounts out;
    for (const auto entry : list)
        if (entry.value != 0)
            out[std::string(entry.name)] = entry.value;
    return out;
}

} // namespace

void ClusterAccounting::add(Amounts &into, const Amounts &amounts, int sign) {
    for (const auto &[name, value] : amounts) {
        auto it = into.try_emplace(name, 0).first;
        it->second += sign * value;
        if (it->second == 0)
            into.erase(it);
    }
}

const ClusterAccounting::NodeEntry *ClusterAccounting::node(std::string_view name) const {
    auto it = m_nodes.find(name);
    return it == m_nodes.end() ? nullptr : &it->second;
}

void ClusterAccounting::moveNode(NodeEntry &n, const std::string &oldOrg, bool oldReady,
                                 bool wasKnown, const Amounts &oldAllocatable) {
    // Take the node's old state out of its old org, then put the new state in.
    if (wasKnown) {
        OrgEntry &o = org(oldOrg);
        --o.nodes;
        o.readyNodes -= oldReady ? 1 : 0;
        add(o.allocatable, oldAllocatable, -1);
        add(o.requested, n.requested, -1);
        --m_totals.nodes;
        m_totals.readyNodes -= oldReady ? 1 : 0;
        add(m_totals.allocatable, oldAllocatable, -1);
    } else {
        add(org(oldOrg).requested, n.requested, -1);
    }
    OrgEntry &o = org(n.org);
    if (n.known) {
        ++o.nodes;
        o.readyNodes += n.ready ? 1 : 0;
        add(o.allocatable, n.allocatable, +1);
        ++m_totals.nodes;
        m_totals.readyNodes += n.ready ? 1 : 0;
        add(m_totals.allocatable, n.allocatable, +1);
    }
    add(o.requested, n.requested, +1);
}

void ClusterAccounting::upsertNode(const Node &node) {
    NodeEntry &n = m_nodes[std::string(node.name())];
    const std::string oldOrg = n.org;
    const bool oldReady = n.ready;
    const bool wasKnown = n.known;
    const Amounts oldAllocatable = n.allocatable;
    n.org = std::string(node.labels().value("org").value_or("public"));
    if (n.org.empty())
        n.org = "public";
    n.ready = node.isReady();
    n.allocatable = amountsOf(node.allocatable());
    n.known = true;
    moveNode(n, oldOrg, oldReady, wasKnown, oldAllocatable);
}

void ClusterAccounting::removeNode(std::string_view name) {
    auto it = m_nodes.find(name);
    if (it == m_nodes.end() || !it->second.known)
        return;
    NodeEntry &n = it->second;
    const std::string oldOrg = n.org;
    const Amounts oldAllocatable = n.allocatable;
    const bool oldReady = n.ready;
    n.known = false;
    n.ready = false;
    n.allocatable.clear();
    moveNode(n, oldOrg, oldReady, true, oldAllocatable);
    if (n.pods == 0)
        m_nodes.erase(it);
}

std::uint32_t ClusterAccounting::nameId(std::string_view name) {
    if (name.empty())
        return kNoName;
    auto it = m_nameIds.find(name);
    if (it == m_nameIds.end()) {
        it = m_nameIds.emplace(std::string(name), static_cast<std::uint32_t>(m_names.size())).first;
        m_names.emplace_back(name);
    }
    return it->second;
}

ClusterAccounting::RequestSet ClusterAccounting::requestSetOf(const Pod &pod) {
    RequestSet set;
    for (const auto entry : pod.effectiveRequests())
        if (entry.value != 0)
            set.emplace_back(nameId(entry.name), entry.value);
    std::sort(set.begin(), set.end());
    return set;
}

const ClusterAccounting::RequestSet *ClusterAccounting::acquire(RequestSet set) {
    if (set.empty())
        return nullptr;
    auto it = m_requestSets.try_emplace(std::move(set), 0).first;
    ++it->second;
    return &it->first;
}

void ClusterAccounting::release(const RequestSet *set) {
    if (!set)
        return;
    auto it = m_requestSets.find(*set);
    if (it != m_requestSets.end() && --it->second == 0)
        m_requestSets.erase(it);
}

void ClusterAccounting::add(Amounts &into, const RequestSet *set, int sign) const {
    if (!set || sign == 0)
        return;
    for (const auto &[id, value] : *set) {
        const std::string &resource = name(id);
        auto it = into.find(resource);
        if (it == into.end())
            it = into.emplace(resource, 0).first;
        it->second += sign * value;
        if (it->second == 0)
            into.erase(it);
    }
}

void ClusterAccounting::contribute(const PodEntry &p, int sign) {
    m_totals.pods += sign;
    const std::string &ns = name(p.ns);
    auto nsIt = m_namespaces.find(ns);
    if (nsIt == m_namespaces.end())
        nsIt = m_namespaces.emplace(ns, Amounts()).first;
    add(nsIt->second, p.requested, p.holds ? sign : 0);
    if (p.pending) {
        m_totals.pendingPods += sign;
        org(name(p.org)).pendingPods += sign;
    }
    if (!p.holds || p.node == kNoName)
        return;
    m_totals.holdingPods += sign;
    add(m_totals.requested, p.requested, sign);
    const std::string &nodeName = name(p.node);
    auto nodeIt = m_nodes.find(nodeName);
    if (nodeIt == m_nodes.end())
        nodeIt = m_nodes.emplace(nodeName, NodeEntry()).first;
    NodeEntry &n = nodeIt->second;
    n.pods += sign;
    add(n.requested, p.requested, sign);
    add(org(n.org).requested, p.requested, sign);
    if (!n.known && n.pods == 0 && n.requested.empty())
        m_nodes.erase(nodeIt);
}

bool ClusterAccounting::upsertPod(const std::string &key, const Pod &pod) {
    PodEntry next;
    next.node = nameId(pod.nodeName());
    next.org = nameId(pod.org().empty() ? std::string_view("public") : pod.org());
    next.ns = nameId(pod.namespaceName());
    const bool bound = next.node != kNoName;
    next.holds = pod.phase() == Pod::Phase::Running ||
                 (pod.phase() == Pod::Phase::Pending &&
                  (bound || pod.podScheduledStatus() == Pod::ConditionStatus::True));
    next.pending = pod.phase() == Pod::Phase::Pending && !bound;
    RequestSet requested;
    if (next.holds)
        requested = requestSetOf(pod);
    auto it = m_pods.find(key);
    if (it != m_pods.end()) {
        const PodEntry &old = it->second;
        const bool sameRequests = old.requested ? *old.requested == requested : requested.empty();
        next.requested = old.requested;
        if (sameRequests && old == next)
            return false; // a status heartbeat: nothing it counts for moved
        next.requested = acquire(std::move(requested));
        contribute(old, -1);
        release(old.requested);
        it->second = next;
        contribute(it->second, +1);
    } else {
        next.requested = acquire(std::move(requested));
        auto &entry = m_pods.emplace(key, next).first->second;
        contribute(entry, +1);
    }
    return true;
}

void ClusterAccounting::removePod(const std::string &key) {
    auto it = m_pods.find(key);
    if (it == m_pods.end())
        return;
    contribute(it->second, -1);
    release(it->second.requested);
    m_pods.erase(it);
}

} // namespace cubedesk::k8s
