#pragma once

// Uuid: random (version 4, RFC 9562) UUIDs in their canonical text form, for what the simulator
// invents — object uids, audit ids. The caller's engine makes them reproducible (a seeded
// scenario) or not (a per-thread engine seeded from the system).
// Thread-safety: a pure function of the engine, which the caller must not share between threads.

#include <random>
#include <string>

namespace cubedesk::sim {

class Uuid final {
public:
    Uuid() = delete;

    /// "xxxxxxxx-xxxx-4xxx-Nxxx-xxxxxxxxxxxx" with N in 8..b, from two draws of `rng`.
    static std::string random(std::mt19937_64 &rng);
};

} // namespace cubedesk::sim
