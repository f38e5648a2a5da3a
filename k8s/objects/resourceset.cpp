#include "k8s/objects/resourceset.h"

#include <limits>

namespace cubedesk::k8s {

std::int64_t *ResourceSet::slot(StringId name, bool isCpu, bool isMemory) {
    if (isCpu) {
        if (!(m_fixed & ResourceList::HasCpu)) {
            m_fixed |= ResourceList::HasCpu;
            m_cpu = 0;
        }
        return &m_cpu;
    }
    if (isMemory) {
        if (!(m_fixed & ResourceList::HasMemory)) {
            m_fixed |= ResourceList::HasMemory;
            m_memory = 0;
        }
        return &m_memory;
    }
    for (ResourceEntry &e : m_others) {
        if (e.name == name)
            return &e.value;
    }
    m_others.push_back(ResourceEntry{name, 0, 0});
    return &m_others.back().value;
}

void ResourceSet::set(StringId name, bool isCpu, bool isMemory, std::int64_t value) {
    *slot(name, isCpu, isMemory) = value;
}

void ResourceSet::add(StringId name, bool isCpu, bool isMemory, std::int64_t value) {
    std::int64_t *v = slot(name, isCpu, isMemory);
    if (__builtin_add_overflow(*v, value, v))
        *v = value > 0 ? std::numeric_limits<std::int64_t>::max()
                       : std::numeric_limits<std::int64_t>::min();
}

} // namespace cubedesk::k8s
