#pragma once

#include <chrono>
#include <curl/curl.h>
#include <string>

namespace cubedesk::k8s {

/// How a connection to an API server notices that the path to the server is gone (a VPN that
/// dropped, a laptop that slept, a NAT that forgot the flow): no FIN and no RST ever arrive, so
/// without this a connection, and every HTTP/2 stream multiplexed on it, would wait for ever.
///
/// client-go sends an HTTP/2 PING after 30 s without a frame and closes the connection when no
/// answer comes within 15 s. libcurl's multi interface sends no PING of its own
/// (curl_easy_upkeep works only for easy-interface handles), so the same bound is kept one layer
/// down, by the kernel, for HTTP/1.1 and HTTP/2 alike: a keepalive probe after 30 s of silence,
/// then every 5 s, three unanswered probes end the connection (45 s); and data the peer has not
/// acknowledged for 45 s ends it too (TCP_USER_TIMEOUT — keepalive does not probe while data is
/// outstanding). A server that is alive but silent keeps acknowledging, so that case is left to
/// the request deadlines (`WatchTimeouts`). Stateless; any thread.
class TcpLiveness {
public:
    static constexpr std::chrono::seconds kIdle{30};           ///< silence before the first probe
    static constexpr std::chrono::seconds kInterval{5};        ///< between unanswered probes
    static constexpr int kProbes = 3;                          ///< unanswered probes that end it
    static constexpr std::chrono::seconds kUnacknowledged{45}; ///< unacknowledged data that ends it

    /// Sets the options above on a connected or connecting TCP socket. Returns an empty string,
    /// or which option the platform refused (the connection is still usable, only less watched).
    /// On platforms without an option, that option is skipped.
    static std::string apply(curl_socket_t socket);
};

} // namespace cubedesk::k8s
