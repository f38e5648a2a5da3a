#pragma once

#include "k8s/net/httptransport.h"
#include "k8s/write/writerequest.h"

#include <functional>

namespace cubedesk::k8s {

/// One WriteRequest over an HttpTransport, and its WriteResult: the request's headers (Accept
/// as asked, application/json by default; its Content-Type), a 30 s timeout, an answer of at
/// most 256 MiB (one object, or one page of a list), and the outcome as a value — the body on
/// 2xx, the parsed Status otherwise, the transport's error when nothing arrived. The one place
/// where writes become HTTP: ClusterSession::submit and the headless commands use it.
///
/// Thread: the transport's (its perform() loop); `done` runs there, exactly once (with a
/// "cancelled" error when the transfer was cancelled).
class WriteExchange final {
public:
    static HttpTransport::RequestId start(HttpTransport &transport, const WriteRequest &request,
                                          std::function<void(WriteResult)> done);

    static constexpr std::size_t kMaxAnswerBytes = std::size_t{256} << 20;
};

} // namespace cubedesk::k8s
