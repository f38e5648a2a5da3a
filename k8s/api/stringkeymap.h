#pragma once

// StringKeyMap: an unordered map keyed by std::string that is also looked up by
// std::string_view (C++20's transparent lookup), so that a decoder holding views into a
// document finds an entry without building a key string for each look-up.
//
// Thread-safety: that of std::unordered_map.

#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace cubedesk::k8s {

/// Hashes std::string and std::string_view alike.
struct StringKeyHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept {
        return std::hash<std::string_view>()(s);
    }
};

template <class Value>
using StringKeyMap = std::unordered_map<std::string, Value, StringKeyHash, std::equal_to<>>;

} // namespace cubedesk::k8s
