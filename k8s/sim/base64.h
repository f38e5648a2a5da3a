#pragma once

// The simulator's base64 is the client's (k8s/api/base64.h): Go's base64.StdEncoding, which the
// API server uses for every `[]byte` field (a Secret's data) and Helm for its release records.

#include "k8s/api/base64.h"

namespace cubedesk::sim {

using Base64 = k8s::Base64;

} // namespace cubedesk::sim
