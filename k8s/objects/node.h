#pragma once

// Node: the slim projection of a Node for the node table, the org (resource group) views, the
// balancer and the GPU panes (docs/platform.md): schedulability, taints, the Ready
// condition and the others, capacity and allocatable per resource name, addresses, nodeInfo,
// labels and the `cubedesk.io/gpu-topology` annotation. status.images and managedFields are
// dropped at decode time.
//
// Immutable; any thread may read it (see KubeObject for ownership).

#include "k8s/objects/condition.h"
#include "k8s/objects/kubeobject.h"
#include "k8s/objects/resourcelist.h"
#include "k8s/objects/resourceset.h"

#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

class Node final : public KubeObject {
public:
    struct Taint {
        std::string key;
        std::string value;
        std::string effect; ///< NoSchedule, PreferNoSchedule, NoExecute
        bool operator==(const Taint &) const = default;
    };
    struct Address {
        std::string type; ///< InternalIP, ExternalIP, Hostname, ...
        std::string address;
        bool operator==(const Address &) const = default;
    };
    struct Info {
        std::string kubeletVersion;
        std::string osImage;
        std::string containerRuntimeVersion;
        std::string kernelVersion;
        std::string architecture;
        std::string operatingSystem;
    };

    Node() = default;

    bool unschedulable() const { return m_unschedulable; }
    const std::vector<Taint> &taints() const { return m_taints; }

    /// The Ready condition; type() is empty when the node reports none.
    const Condition &readyCondition() const { return m_ready; }
    /// True when the Ready condition is present with status "True".
    bool isReady() const { return m_ready.status == "True"; }
    /// Every other condition, in document order.
    const std::vector<Condition> &otherConditions() const { return m_conditions; }

    ResourceList capacity() const { return m_capacity.view(pool()); }
    ResourceList allocatable() const { return m_allocatable.view(pool()); }

    const std::vector<Address> &addresses() const { return m_addresses; }
    /// The first InternalIP address ("" when none): CubeStudio keys nodes by it.
    std::string_view internalIp() const;
    /// The first Hostname address ("" when none): CubeStudio patches nodes by it.
    std::string_view hostnameAddress() const;

    const Info &info() const { return m_info; }
    /// The `cubedesk.io/gpu-topology` annotation ("" when absent).
    const std::string &gpuTopology() const { return m_gpuTopology; }

private:
    friend class ObjectDecoder;

    bool m_unschedulable = false;
    std::vector<Taint> m_taints;
    Condition m_ready;
    std::vector<Condition> m_conditions;
    ResourceSet m_capacity;
    ResourceSet m_allocatable;
    std::vector<Address> m_addresses;
    Info m_info;
    std::string m_gpuTopology;
};

} // namespace cubedesk::k8s
