#pragma once

#include "k8s/net/httptransport.h"

#include <chrono>
#include <string>

/// One request of a headless command (--logs, --exec) run to completion on the command's own
/// transport, or until `deadline` (then cancelled). The body is collected unless the request's
/// `onData` takes it.
///
/// Thread-safety: runs the transport on the calling thread; one exchange at a time per transport.
struct CommandExchange {
    cubedesk::k8s::HttpResponse response;
    std::string body;
    bool finished = false;

    static CommandExchange run(cubedesk::k8s::HttpTransport &transport,
                               cubedesk::k8s::HttpRequest request,
                               std::chrono::steady_clock::time_point deadline =
                                   std::chrono::steady_clock::time_point::max());
    /// What went wrong with an answer that is not 2xx: the Status message, else the transport's.
    std::string problem() const;
};
