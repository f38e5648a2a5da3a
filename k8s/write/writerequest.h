#pragma once

#include "k8s/api/apistatus.h"

#include <chrono>
#include <string>

namespace cubedesk::k8s {

/// One write (or a read that belongs to a write, such as the re-read after a conflict) as the
/// session executes it. Writes to a cluster only ever start from a clear user action.
struct WriteRequest {
    std::string method = "PATCH";
    std::string path;        ///< "/api/v1/nodes/gpu-1"
    std::string contentType; ///< "application/merge-patch+json", ...
    std::string body;
    std::string subject; ///< what it is about, for messages ("node gpu-1")
    std::string accept;  ///< the Accept header; "" is application/json
    /// The whole exchange's limit (a Prometheus query may take longer than a write).
    std::chrono::seconds timeout{30};
};

/// How a WriteRequest ended: the HTTP status, the Status error when it failed, and the
/// response body (the written object) when it succeeded.
struct WriteResult {
    int status = 0;
    ApiStatus error;
    std::string body;

    bool ok() const { return status >= 200 && status < 300; }
};

} // namespace cubedesk::k8s
