#pragma once

// ResourceQuota: spec.hard, status.hard and status.used per resource name ("requests.cpu",
// "limits.memory", "requests.nvidia.com/gpu", "pods", ...; units as in ResourceList, so
// "requests.cpu" and "limits.cpu" are in millicores) and spec.scopes.
//
// Immutable; any thread may read it (see KubeObject for ownership).

#include "k8s/objects/kubeobject.h"
#include "k8s/objects/resourcelist.h"
#include "k8s/objects/resourceset.h"

#include <string>
#include <vector>

namespace cubedesk::k8s {

class ResourceQuota final : public KubeObject {
public:
    ResourceQuota() = default;

    ResourceList specHard() const { return m_specHard.view(pool()); }
    /// status.hard, falling back to spec.hard when the quota controller has not reported yet.
    ResourceList hard() const {
        return (m_statusHard.empty() ? m_specHard : m_statusHard).view(pool());
    }
    ResourceList used() const { return m_used.view(pool()); }
    const std::vector<std::string> &scopes() const { return m_scopes; }

private:
    friend class ObjectDecoder;
    ResourceSet m_specHard;
    ResourceSet m_statusHard;
    ResourceSet m_used;
    std::vector<std::string> m_scopes;
};

} // namespace cubedesk::k8s
