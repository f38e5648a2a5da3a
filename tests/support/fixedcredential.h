#pragma once

#include "k8s/net/transportsettings.h"

#include <string>

namespace cubedesk::test {

/// A credential source that always hands out `token` (tests against the simulator).
inline auto fixedToken(std::string token) {
    return [token = std::move(token)](const k8s::TransportCredential *)
               -> k8s::Result<k8s::TransportCredential, std::string> {
        k8s::TransportCredential c;
        c.bearerToken = token;
        return c;
    };
}

} // namespace cubedesk::test
