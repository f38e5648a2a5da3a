#pragma once

// LimitRange: spec.limits, one Item per entry (type Container, Pod or PersistentVolumeClaim) with
// its max, min, default (limit), defaultRequest and maxLimitRequestRatio resource lists.
//
// Immutable; any thread may read it (see KubeObject for ownership).

#include "k8s/objects/kubeobject.h"
#include "k8s/objects/resourcelist.h"
#include "k8s/objects/resourceset.h"

#include <string>
#include <vector>

namespace cubedesk::k8s {

class LimitRange final : public KubeObject {
public:
    struct Item {
        std::string type;
        ResourceSet max;
        ResourceSet min;
        ResourceSet defaultLimit;
        ResourceSet defaultRequest;
        ResourceSet maxLimitRequestRatio;
    };

    LimitRange() = default;

    const std::vector<Item> &items() const { return m_items; }
    /// Reads one of an item's lists: items()[i].max.view(pool()) etc.
    ResourceList view(const ResourceSet &set) const { return set.view(pool()); }

private:
    friend class ObjectDecoder;
    std::vector<Item> m_items;
};

} // namespace cubedesk::k8s
