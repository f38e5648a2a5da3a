#pragma once

// StringId, LabelPairId: 32-bit handles to strings and label pairs interned in one StringPool.
//
// A handle means nothing without the pool that issued it (StringPool::view / StringPool::pair).
// StringId::Empty (0) is the empty string in every pool. Handles are plain values: copy them
// freely, compare them for equality (equal handles of one pool ⇔ equal strings).

#include <cstdint>

namespace cubedesk::k8s {

enum class StringId : std::uint32_t { Empty = 0 };

enum class LabelPairId : std::uint32_t {};

} // namespace cubedesk::k8s
