#pragma once

#include "k8s/net/transportsettings.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <curl/curl.h>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

/// One HTTP request to the API server.
struct HttpRequest {
    std::string method = "GET";
    std::string path; ///< path and query, appended to the server URL ("/api/v1/pods?limit=500")
    std::vector<std::string> headers; ///< "Name: value"
    std::string body;
    /// Response body bytes as they arrive (already decompressed), with the HTTP status they
    /// belong to. Return false to cancel.
    std::function<bool(std::string_view chunk, int httpStatus)> onData;
    /// 0: no overall timeout (watches). Dead peers are caught by the low-speed limit and
    /// TCP keep-alive instead.
    std::chrono::milliseconds timeout{0};
};

/// How a request ended.
struct HttpResponse {
    int status = 0; ///< HTTP status, 0 when no response arrived
    CURLcode curlCode = CURLE_OK;
    std::string error; ///< human-readable transport error ("" when a response arrived)
    std::string contentType;
    int retryAfterSeconds = -1; ///< the Retry-After header, -1 when absent
    bool cancelled = false;
    bool authFailed = false; ///< the credential source failed before sending
    int httpVersion = 0;     ///< 11 or 20 when a response arrived over HTTP/1.1 or HTTP/2
    long newConnections = 0; ///< connections this request had to open (0: it reused one)
};

/// HTTP/1.1 and HTTP/2 client over one libcurl multi handle: TLS through OpenSSL with the CA,
/// client certificate and key passed from memory (no secret touches the disk), tls-server-name
/// through CURLOPT_CONNECT_TO, proxies, gzip, HTTP/2 multiplexing where the server offers it.
/// Bearer tokens are only sent over TLS (as client-go). A 401 asks the credential source once to
/// refresh and retries the request.
///
/// Threads: one owner thread calls perform(); start() and cancel() and wakeup() may be called from
/// any thread (they queue and wake the owner). Callbacks run on the owner thread inside perform().
class HttpTransport final {
public:
    using RequestId = std::uint64_t;
    using DoneCallback = std::function<void(RequestId, const HttpResponse &)>;

    explicit HttpTransport(TransportSettings settings);
    ~HttpTransport();
    HttpTransport(const HttpTransport &) = delete;
    HttpTransport &operator=(const HttpTransport &) = delete;

    RequestId start(HttpRequest request, DoneCallback done);
    void cancel(RequestId id);
    /// Ends every queued and running request now, each reporting `cancelled` (owner thread).
    void cancelAll();
    /// Runs transfers for up to `maxWait` (returns early when woken or something completed).
    void perform(std::chrono::milliseconds maxWait);
    /// Wakes perform() from another thread.
    void wakeup();
    const TransportSettings &settings() const { return m_settings; }

private:
    struct Transfer;
    void launch(const std::shared_ptr<Transfer> &t);
    void finish(CURL *easy, CURLcode code);
    /// Completes every finished transfer; returns how many.
    std::size_t collectFinished();
    static std::size_t onWrite(char *data, std::size_t size, std::size_t n, void *self);
    static std::size_t onHeader(char *data, std::size_t size, std::size_t n, void *self);

    TransportSettings m_settings;
    std::string m_url;       ///< server URL with the tls-server-name as host, when given
    std::string m_connectTo; ///< "name:port:realhost:realport" for CURLOPT_CONNECT_TO
    bool m_tls = false;
    CURLM *m_multi = nullptr;
    curl_slist *m_connectToList = nullptr;
    std::map<CURL *, std::shared_ptr<Transfer>> m_running;
    mutable std::mutex m_queueMutex;
    std::vector<std::shared_ptr<Transfer>> m_pending;
    std::vector<RequestId> m_cancelled;
    std::atomic<RequestId> m_nextId{1};
    std::string m_token;
    bool m_tokenFetched = false;
};

} // namespace cubedesk::k8s
