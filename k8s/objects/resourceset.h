#pragma once

// ResourceSet: owned resource amounts for the less numerous kinds (Node capacity/allocatable,
// ResourceQuota hard/used, LimitRange limits, CustomResource GPU totals). Pods keep theirs
// inline instead (Pod). Read it through view(pool).
//
// Thread-safety: immutable once its owning object is published.

#include "k8s/objects/resourceentry.h"
#include "k8s/objects/resourcelist.h"

#include <cstdint>
#include <vector>

namespace cubedesk::k8s {

class StringPool;

class ResourceSet final {
public:
    ResourceList view(const StringPool *pool) const {
        return ResourceList(pool, m_fixed, m_cpu, m_memory, m_others.data(), m_others.size());
    }
    bool empty() const { return m_fixed == 0 && m_others.empty(); }

    /// Sets (replaces) the amount of a resource; `isCpu`/`isMemory` select the fixed slots.
    void set(StringId name, bool isCpu, bool isMemory, std::int64_t value);
    /// Adds to the amount of a resource (saturating).
    void add(StringId name, bool isCpu, bool isMemory, std::int64_t value);

private:
    std::int64_t *slot(StringId name, bool isCpu, bool isMemory);

    std::int64_t m_cpu = 0;
    std::int64_t m_memory = 0;
    std::uint8_t m_fixed = 0;
    std::vector<ResourceEntry> m_others;
};

} // namespace cubedesk::k8s
