#include "k8s/net/tcpliveness.h"

#include <cerrno>
#include <cstring>

#ifdef _WIN32
#include <winsock2.h>
#include <ws2tcpip.h>
#else
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#endif

namespace cubedesk::k8s {

namespace {

bool setInt(curl_socket_t socket, int level, int option, int value) {
    return setsockopt(socket, level, option, reinterpret_cast<const char *>(&value),
                      sizeof value) == 0;
}

} // namespace

std::string TcpLiveness::apply(curl_socket_t socket) {
    std::string refused;
    const auto note = [&refused](bool ok, const char *name) {
        if (!ok) {
            if (!refused.empty())
                refused += ", ";
            refused += std::string(name) + ": " + std::strerror(errno);
        }
    };
    note(setInt(socket, SOL_SOCKET, SO_KEEPALIVE, 1), "SO_KEEPALIVE");
#ifdef TCP_KEEPIDLE
    note(setInt(socket, IPPROTO_TCP, TCP_KEEPIDLE, static_cast<int>(kIdle.count())),
         "TCP_KEEPIDLE");
#elif defined(TCP_KEEPALIVE) // macOS names the idle time TCP_KEEPALIVE
    note(setInt(socket, IPPROTO_TCP, TCP_KEEPALIVE, static_cast<int>(kIdle.count())),
         "TCP_KEEPALIVE");
#endif
#ifdef TCP_KEEPINTVL
    note(setInt(socket, IPPROTO_TCP, TCP_KEEPINTVL, static_cast<int>(kInterval.count())),
         "TCP_KEEPINTVL");
#endif
#ifdef TCP_KEEPCNT
    note(setInt(socket, IPPROTO_TCP, TCP_KEEPCNT, kProbes), "TCP_KEEPCNT");
#endif
#ifdef TCP_USER_TIMEOUT
    note(setInt(socket, IPPROTO_TCP, TCP_USER_TIMEOUT,
                static_cast<int>(std::chrono::milliseconds(kUnacknowledged).count())),
         "TCP_USER_TIMEOUT");
#endif
    return refused;
}

} // namespace cubedesk::k8s
