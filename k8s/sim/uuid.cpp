#include "k8s/sim/uuid.h"

#include <cstdint>
#include <cstdio>

namespace cubedesk::sim {

std::string Uuid::random(std::mt19937_64 &rng) {
    const std::uint64_t a = rng();
    const std::uint64_t b = rng();
    char buf[40];
    std::snprintf(buf, sizeof buf, "%08x-%04x-4%03x-%04x-%012llx", static_cast<unsigned>(a >> 32),
                  static_cast<unsigned>((a >> 16) & 0xffff), static_cast<unsigned>(a & 0xfff),
                  static_cast<unsigned>(0x8000 | ((b >> 48) & 0x3fff)),
                  static_cast<unsigned long long>(b & 0xffffffffffffULL));
    return buf;
}

} // namespace cubedesk::sim
