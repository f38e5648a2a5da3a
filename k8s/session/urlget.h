#pragma once

#include "k8s/write/writerequest.h"

#include <chrono>
#include <string>

namespace cubedesk::k8s {

/// UrlGet: one blocking GET of `path` under an absolute http(s) URL — for a Prometheus the user
/// named by URL rather than as a service behind the API server. It runs its own HttpTransport
/// whose settings carry no credential, so nothing of the cluster's is ever sent there; TLS is
/// verified against the system's trust store (there is no kubeconfig entry to say otherwise);
/// proxies follow the environment; limits and the outcome are WriteExchange's (`timeout`,
/// 256 MiB, a WriteResult as if the answer had come through the API server).
///
/// Threads: any; blocks the calling thread until the answer (the window calls it from a worker
/// thread, the CLI from its own).
class UrlGet final {
public:
    UrlGet() = delete;

    static WriteResult get(const std::string &baseUrl, const std::string &path,
                           std::chrono::seconds timeout = std::chrono::seconds(30));
};

} // namespace cubedesk::k8s
