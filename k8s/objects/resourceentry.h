#pragma once

// ResourceEntry: one (resource name, amount) pair as stored inside cached objects (16 bytes).
// The amount is in milli-units for CPU-like names (ResourceList::isMilliResource: "cpu",
// "requests.cpu", "limits.cpu") and in whole units, rounded up, for everything else (bytes for
// memory, ephemeral-storage and hugepages-*, devices for nvidia.com/gpu, ...).

#include "k8s/objects/stringid.h"

#include <cstdint>

namespace cubedesk::k8s {

struct ResourceEntry {
    StringId name = StringId::Empty;
    std::uint32_t reserved = 0;
    std::int64_t value = 0;
};

static_assert(sizeof(ResourceEntry) == 16);

} // namespace cubedesk::k8s
