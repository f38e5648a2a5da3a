#include "k8s/cube/clusteraccounting.h"

#include "k8s/objects/node.h"
#include "k8s/objects/pod.h"

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

void ClusterAccounting::contribute(const PodEntry &p, int sign) {
    m_totals.pods += sign;
    add(m_namespaces[p.ns], p.requested, p.holds ? sign : 0);
    if (p.pending) {
        m_totals.pendingPods += sign;
        org(p.org).pendingPods += sign;
    }
    if (!p.holds || p.node.empty())
        return;
    m_totals.holdingPods += sign;
    add(m_totals.requested, p.requested, sign);
    NodeEntry &n = m_nodes[p.node];
    n.pods += sign;
    add(n.requested, p.requested, sign);
    add(org(n.org).requested, p.requested, sign);
    if (!n.known && n.pods == 0 && n.requested.empty())
        m_nodes.erase(p.node);
}

bool ClusterAccounting::upsertPod(const std::string &key, const Pod &pod) {
    PodEntry next;
    next.node = std::string(pod.nodeName());
    next.org = std::string(pod.org());
    if (next.org.empty())
        next.org = "public";
    next.ns = std::string(pod.namespaceName());
    const bool bound = !next.node.empty();
    next.holds = pod.phase() == Pod::Phase::Running ||
                 (pod.phase() == Pod::Phase::Pending &&
                  (bound || pod.podScheduledStatus() == Pod::ConditionStatus::True));
    next.pending = pod.phase() == Pod::Phase::Pending && !bound;
    if (next.holds)
        next.requested = amountsOf(pod.effectiveRequests());
    auto it = m_pods.find(key);
    if (it != m_pods.end()) {
        if (it->second == next)
            return false;
        contribute(it->second, -1);
        it->second = std::move(next);
        contribute(it->second, +1);
    } else {
        auto &entry = m_pods.emplace(key, std::move(next)).first->second;
        contribute(entry, +1);
    }
    return true;
}

void ClusterAccounting::removePod(const std::string &key) {
    auto it = m_pods.find(key);
    if (it == m_pods.end())
        return;
    contribute(it->second, -1);
    m_pods.erase(it);
}

} // namespace cubedesk::k8s
