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
#include <optional>
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
    /// The response's headers are complete (its status known, no body byte needed yet: a watch
    /// with nothing to say is open all the same). Optional.
    std::function<void(int httpStatus)> onHeaders;
    /// 0: no overall timeout (watches, unpaged lists).
    std::chrono::milliseconds timeout{0};
    /// 0: none. No response (status line) within this: the request fails (`timedOut`), and the
    /// connection it waited on is shut down, since every stream multiplexed on a dead HTTP/2
    /// connection would wait the same way (client-go closes a connection whose ping fails).
    std::chrono::milliseconds responseTimeout{0};
    /// 0: none. No byte (header or body) for this long: the request fails (`timedOut`); the
    /// connection is kept (one silent stream says nothing about the others on it).
    std::chrono::milliseconds idleTimeout{0};
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
    /// Which deadline ended the request, if one did.
    enum class Deadline { None, Total, Response, Idle };
    Deadline timedOut = Deadline::None;
};

/// HTTP/1.1 and HTTP/2 client over one libcurl multi handle: TLS through OpenSSL with the CA,
/// client certificate and key passed from memory (no secret touches the disk), tls-server-name
/// through CURLOPT_CONNECT_TO, proxies, gzip, HTTP/2 multiplexing where the server offers it.
/// Credentials (TransportSettings::credential) are only used over TLS (as client-go). They are
/// fetched on a thread of their own, so a slow exec plugin never blocks perform() — requests
/// wait for the credential meanwhile, and stopping does not wait for the plugin. One fetch at a
/// time: a credential is fetched when the first request needs it, again before it expires, and
/// after a 401 — once for every request that the same credential failed, which are then retried
/// once with the new one. Each request may carry deadlines for its first answer and
/// for silence (HttpRequest::responseTimeout, idleTimeout), checked at every perform().
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

    /// Why these settings cannot be used safely, or nullopt: a server URL that is not
    /// http(s)://host[:port][/path], a tls-server-name that is not a host name or address (it
    /// becomes the URL's host, so `#`, `/` or `@` would send the credential elsewhere), a
    /// header value (impersonation) with a line break or NUL. A transport built from such
    /// settings fails every request with this message.
    static std::optional<std::string> validate(const TransportSettings &settings);

    RequestId start(HttpRequest request, DoneCallback done);
    void cancel(RequestId id);
    /// Ends every queued and running request now, each reporting `cancelled` (owner thread).
    void cancelAll();
    /// Runs transfers for up to `maxWait`; returns early when woken, when something completed,
    /// or when a running request's response or idle deadline is due (so an owner may wait long:
    /// it is woken for every deadline).
    void perform(std::chrono::milliseconds maxWait);
    /// Wakes perform() from another thread.
    void wakeup();
    const TransportSettings &settings() const { return m_settings; }

private:
    struct Transfer;
    struct CredentialFetch;
    /// Launches `t` now, or parks it until a credential arrives (fetching one when needed).
    void launchWhenCredentialed(const std::shared_ptr<Transfer> &t);
    /// Starts a fetch on its own thread; `rejectCurrent`: the current credential failed or
    /// expires, so the source must not hand it out again; `ahead`: a renewal before the expiry
    /// (requests keep using the current credential meanwhile, and keep it if the renewal fails).
    void fetchCredential(bool rejectCurrent, bool ahead);
    /// A credential is held and has not reached its expiry.
    bool currentCredentialValid() const;
    /// Takes a finished fetch's result: launches the parked requests, or fails them.
    void collectCredential();
    void failParked(const std::vector<std::shared_ptr<Transfer>> &parked, const std::string &error);
    void launch(const std::shared_ptr<Transfer> &t);
    void finish(CURL *easy, CURLcode code);
    /// Completes every finished transfer; returns how many.
    std::size_t collectFinished();
    /// Ends every running request whose response or idle deadline passed.
    void expireDeadlines();
    /// When expireDeadlines() next has something to end, if a running request has a deadline.
    std::optional<std::chrono::steady_clock::time_point> nextDeadline() const;
    void complete(const std::shared_ptr<Transfer> &t);
    static std::size_t onWrite(char *data, std::size_t size, std::size_t n, void *self);
    static std::size_t onHeader(char *data, std::size_t size, std::size_t n, void *self);

    TransportSettings m_settings;
    std::string m_url;       ///< server URL with the tls-server-name as host, when given
    std::string m_connectTo; ///< "name:port:realhost:realport" for CURLOPT_CONNECT_TO
    std::string m_proxyUrl;  ///< the proxy, socks5:// as socks5h:// (the proxy resolves names)
    std::optional<std::string> m_invalid; ///< validate()'s answer: every request fails with it
    bool m_tls = false;
    CURLM *m_multi = nullptr;
    curl_slist *m_connectToList = nullptr;
    std::map<CURL *, std::shared_ptr<Transfer>> m_running;
    mutable std::mutex m_queueMutex;
    std::vector<std::shared_ptr<Transfer>> m_pending;
    std::vector<RequestId> m_cancelled;
    std::atomic<RequestId> m_nextId{1};
    // Owner-thread credential state.
    std::optional<TransportCredential> m_credential;
    std::chrono::system_clock::time_point m_refreshAt;        ///< fetch a new one from then on
    std::uint64_t m_credentialGeneration = 0;                 ///< bumped by every credential taken
    std::chrono::steady_clock::time_point m_lastDeadlineScan; ///< by expireDeadlines()
    std::shared_ptr<CredentialFetch> m_fetch;                 ///< the fetch in flight, if any
    std::vector<std::shared_ptr<Transfer>> m_awaitingCredential;
};

} // namespace cubedesk::k8s
