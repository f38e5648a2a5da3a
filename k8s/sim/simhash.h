#pragma once

// The simulator's deterministic numbers: fnv1a turns a name (a pod, a container, a node and
// device) into a seed; splitmix64 turns a seed and a counter into well-mixed bits. The same
// inputs give the same logs, loads and device ids in every run. Pure functions; any thread.

#include <cstdint>
#include <string_view>

namespace cubedesk::sim {

/// 64-bit FNV-1a of `text`.
inline std::uint64_t fnv1a(std::string_view text) {
    std::uint64_t h = 1469598103934665603ULL;
    for (const char c : text) {
        h ^= static_cast<unsigned char>(c);
        h *= 1099511628211ULL;
    }
    return h;
}

/// splitmix64: the golden-ratio increment, then its finaliser.
inline std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30U)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27U)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31U);
}

} // namespace cubedesk::sim
