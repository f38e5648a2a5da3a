#pragma once

#include "k8s/api/stringkeymap.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cubedesk::k8s {

class Node;
class Pod;

/// Requested-vs-allocatable bookkeeping of one cluster, per node, per org (resource group), per
/// namespace and for the whole cluster, kept up to date one event at a time — never recomputed
/// over all pods (docs/threads-and-data-flow.md). Platform rules (docs/platform.md):
///   * a node's org is its `org` label, "public" when missing;
///   * a pod holds resources when it is Running, or Pending with PodScheduled=True (bound);
///   * requests are the pod's effective requests (Kubernetes rules, exact quantities — unlike
///     the platform, which reads decimal SI suffixes as binary);
///   * a pending (unbound) pod counts against the org its nodeSelector/affinity asks for.
/// Amounts: cpu in millicores, memory in bytes, every other resource name (nvidia.com/gpu,
/// MIG profiles, nvidia.com/gpucores, ...) in whole units.
///
/// Memory: what it keeps per pod is small (~140 bytes at 150,000 pods: the key, four ids and a
/// hash node): node, org and namespace names are interned once as ids (the table grows by the
/// distinct names ever seen, tens of bytes each), and a pod's requests are one shared, counted
/// set per distinct shape (a workload's replicas share one), freed with its last pod.
///
/// Threads: single-threaded; the owner feeds it deltas in order.
class ClusterAccounting final {
public:
    using Amounts = std::map<std::string, std::int64_t, std::less<>>;
    struct NodeEntry {
        std::string org = "public";
        bool ready = false;
        bool known = false; ///< the Node object has been seen (pods may arrive first)
        Amounts allocatable;
        Amounts requested;
        int pods = 0;
    };
    struct OrgEntry {
        int nodes = 0;
        int readyNodes = 0;
        Amounts allocatable;
        Amounts requested;
        int pendingPods = 0;
    };
    struct Totals {
        int nodes = 0;
        int readyNodes = 0;
        int pods = 0;        ///< every pod
        int holdingPods = 0; ///< pods that hold resources
        int pendingPods = 0; ///< unbound pods
        Amounts allocatable;
        Amounts requested;
    };

    ClusterAccounting() = default;
    /// Not copyable: pods point into the accounting's own request sets. Moves keep them valid.
    ClusterAccounting(const ClusterAccounting &) = delete;
    ClusterAccounting &operator=(const ClusterAccounting &) = delete;
    ClusterAccounting(ClusterAccounting &&) noexcept = default;
    ClusterAccounting &operator=(ClusterAccounting &&) noexcept = default;

    void upsertNode(const Node &node);
    void removeNode(std::string_view name);
    /// `key` identifies the pod across updates ("namespace/name"). Returns false when the pod was
    /// known and what it counts for (node, org, namespace, holding, pending, requests) is
    /// unchanged — a status heartbeat — so no total moved.
    bool upsertPod(const std::string &key, const Pod &pod);
    void removePod(const std::string &key);

    const NodeEntry *node(std::string_view name) const;
    const std::map<std::string, NodeEntry, std::less<>> &nodes() const { return m_nodes; }
    const std::map<std::string, OrgEntry, std::less<>> &orgs() const { return m_orgs; }
    const std::map<std::string, Amounts, std::less<>> &namespaces() const { return m_namespaces; }
    const Totals &totals() const { return m_totals; }

    /// Adds (sign +1) or removes (sign -1) `amounts` into `into`; zero entries are dropped.
    static void add(Amounts &into, const Amounts &amounts, int sign);

private:
    /// A pod's requests as (name id, amount) pairs, sorted by id; interned in m_requestSets.
    using RequestSet = std::vector<std::pair<std::uint32_t, std::int64_t>>;
    struct PodEntry {
        /// The interned requests (counted in m_requestSets); null when it holds nothing.
        const RequestSet *requested = nullptr;
        std::uint32_t node = 0; ///< ids in m_names; kNoName when not bound
        std::uint32_t org = 0;  ///< the org the pod asks for (pending pods)
        std::uint32_t ns = 0;
        bool holds = false;
        bool pending = false;
        bool operator==(const PodEntry &) const = default;
    };
    static constexpr std::uint32_t kNoName = 0; ///< m_names[0] is ""

    std::uint32_t nameId(std::string_view name);
    const std::string &name(std::uint32_t id) const { return m_names[id]; }
    /// The pod's effective requests as a set of interned ids, not interned itself yet.
    RequestSet requestSetOf(const Pod &pod);
    /// Counts one more pod on `set`'s shared copy (made on first use); null for an empty set.
    const RequestSet *acquire(RequestSet set);
    /// Counts one pod less on `set`, freeing it with its last pod.
    void release(const RequestSet *set);
    void add(Amounts &into, const RequestSet *set, int sign) const;
    void contribute(const PodEntry &pod, int sign);
    void moveNode(NodeEntry &n, const std::string &oldOrg, bool oldReady, bool wasKnown,
                  const Amounts &oldAllocatable);
    OrgEntry &org(const std::string &name) { return m_orgs[name]; }

    std::map<std::string, NodeEntry, std::less<>> m_nodes;
    std::map<std::string, OrgEntry, std::less<>> m_orgs;
    std::map<std::string, Amounts, std::less<>> m_namespaces;
    std::vector<std::string> m_names{std::string()}; ///< id → name
    StringKeyMap<std::uint32_t> m_nameIds;           ///< name → id
    std::map<RequestSet, std::size_t> m_requestSets; ///< distinct sets → pods using each
    std::unordered_map<std::string, PodEntry> m_pods;
    Totals m_totals;
};

} // namespace cubedesk::k8s
