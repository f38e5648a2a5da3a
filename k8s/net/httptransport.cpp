#include "k8s/net/httptransport.h"

#include "k8s/api/asciicase.h"
#include "k8s/net/tcpliveness.h"

#include <QLoggingCategory>

#include <algorithm>
#include <array>
#include <cctype>
#include <mutex>
#include <thread>

#ifdef _WIN32
#include <winsock2.h>
#define SHUT_RDWR SD_BOTH
#else
#include <sys/socket.h>
#endif

Q_LOGGING_CATEGORY(lcTransport, "cubedesk.k8s.net")

namespace cubedesk::k8s {

namespace {

/// How soon after a transfer last received bytes it is driven once more without a socket event:
/// libcurl 7.88 can leave bytes it already decrypted in its TLS layer undelivered until the
/// socket becomes readable again (a watch's last events then waited for the next bookmark).
constexpr std::chrono::milliseconds kAfterData{50};

void globalInit() {
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

/// CURLOPT_SOCKOPTFUNCTION: every connection gets TcpLiveness's bounds.
int onSocketCreated(void *, curl_socket_t socket, curlsocktype purpose) {
    if (purpose == CURLSOCKTYPE_IPCXN) {
        const std::string refused = TcpLiveness::apply(socket);
        static std::once_flag warned;
        if (!refused.empty())
            std::call_once(warned, [&] {
                qCWarning(lcTransport, "a dead connection may be noticed late: %s",
                          refused.c_str());
            });
    }
    return CURL_SOCKOPT_OK;
}

struct UrlParts {
    std::string scheme;
    std::string host;
    std::string port;
    std::string path;
};

std::optional<UrlParts> parseUrl(const std::string &url) {
    CURLU *u = curl_url();
    if (curl_url_set(u, CURLUPART_URL, url.c_str(), 0) != CURLUE_OK) {
        curl_url_cleanup(u);
        return std::nullopt;
    }
    UrlParts parts;
    auto get = [&](CURLUPart part, std::string &out, unsigned flags) {
        char *value = nullptr;
        if (curl_url_get(u, part, &value, flags) == CURLUE_OK && value != nullptr) {
            out = value;
            curl_free(value);
        }
    };
    get(CURLUPART_SCHEME, parts.scheme, 0);
    get(CURLUPART_HOST, parts.host, 0);
    get(CURLUPART_PORT, parts.port, CURLU_DEFAULT_PORT);
    get(CURLUPART_PATH, parts.path, 0);
    curl_url_cleanup(u);
    while (!parts.path.empty() && parts.path.back() == '/')
        parts.path.pop_back();
    return parts;
}

bool hasLineBreakOrNul(std::string_view s) {
    return s.find_first_of(std::string_view("\r\n\0", 3)) != std::string_view::npos;
}

/// A DNS name or an IP literal: what may stand as a URL's host without changing the URL.
bool isHostName(std::string_view name) {
    if (name.empty() || name.size() > 253)
        return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == ':';
    });
}

/// The host as it goes into a URL: an IPv6 literal in brackets (curl answers it without).
std::string urlHost(const std::string &host) {
    if (host.find(':') != std::string::npos && host.front() != '[')
        return '[' + host + ']';
    return host;
}

} // namespace

std::optional<std::string> HttpTransport::validate(const TransportSettings &settings) {
    const auto parts = parseUrl(settings.server);
    if (!parts ||
        (AsciiCase::lower(parts->scheme) != "https" && AsciiCase::lower(parts->scheme) != "http") ||
        parts->host.empty())
        return "the server \"" + settings.server + "\" is not an http(s) URL";
    if (!settings.tlsServerName.empty() && !isHostName(settings.tlsServerName))
        return "tls-server-name \"" + settings.tlsServerName + "\" is not a host name or address";
    for (const auto &h : settings.extraHeaders)
        if (hasLineBreakOrNul(h))
            return "a header value (impersonation) contains a line break";
    if (hasLineBreakOrNul(settings.userAgent))
        return "the user agent contains a line break";
    if (!settings.proxyUrl.empty() && !parseUrl(settings.proxyUrl))
        return "the proxy \"" + settings.proxyUrl + "\" is not a URL";
    return std::nullopt;
}

/// A credential fetch in flight: shared between the owner and the fetching thread, which may
/// outlive the transport (a plugin is never waited for).
struct HttpTransport::CredentialFetch {
    std::mutex mutex;
    HttpTransport *owner = nullptr; ///< null once the transport is gone
    bool ahead = false; ///< a renewal before the expiry: the current credential still works
    std::optional<Result<TransportCredential, std::string>> result;
};

struct HttpTransport::Transfer {
    RequestId id = 0;
    HttpRequest request;
    DoneCallback done;
    CURL *easy = nullptr;
    curl_slist *headers = nullptr;
    HttpResponse response;
    bool usedCredential = false;
    std::uint64_t credentialGeneration = 0;
    bool retriedAuth = false;
    bool swallowBody = false;
    HttpTransport *owner = nullptr;
    std::chrono::steady_clock::time_point launchedAt;
    std::chrono::steady_clock::time_point lastActivity;
    /// lastActivity when perform() last drove it once more after data (kAfterData).
    std::chrono::steady_clock::time_point drivenAfter;
    /// libcurl's own words for a failure ("SSL certificate problem: certificate has expired"),
    /// more precise than its error code's text.
    std::array<char, CURL_ERROR_SIZE> errorText{};

    ~Transfer() {
        if (headers != nullptr)
            curl_slist_free_all(headers);
        if (easy != nullptr)
            curl_easy_cleanup(easy);
    }
};

HttpTransport::HttpTransport(TransportSettings settings)
    : m_settings(std::move(settings)) {
    globalInit();
    m_multi = curl_multi_init();
    curl_multi_setopt(m_multi, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX);
    m_url = m_settings.server;
    m_invalid = validate(m_settings);
    m_proxyUrl = m_settings.proxyUrl;
    if (AsciiCase::lower(m_proxyUrl).rfind("socks5://", 0) == 0)
        m_proxyUrl = "socks5h://" + m_proxyUrl.substr(9); // as Go's SOCKS5 dialer: no local DNS
    if (auto parts = parseUrl(m_settings.server); parts && !m_invalid) {
        m_tls = AsciiCase::lower(parts->scheme) == "https";
        if (m_tls && !m_settings.tlsServerName.empty()) {
            // SNI and certificate verification use the URL's host; CONNECT_TO sends the bytes to
            // the real address (docs/kubernetes-api.md, TLS).
            m_url = "https://" + m_settings.tlsServerName + ':' + parts->port + parts->path;
            m_connectTo = m_settings.tlsServerName + ':' + parts->port + ':' +
                          urlHost(parts->host) + ':' + parts->port;
            m_connectToList = curl_slist_append(nullptr, m_connectTo.c_str());
        } else {
            m_url = parts->scheme + "://" + urlHost(parts->host) + ':' + parts->port + parts->path;
        }
    }
}

HttpTransport::~HttpTransport() {
    if (m_fetch) {
        const std::lock_guard lock(m_fetch->mutex);
        m_fetch->owner = nullptr;
    }
    for (auto &[easy, t] : m_running)
        curl_multi_remove_handle(m_multi, easy);
    m_running.clear();
    curl_multi_cleanup(m_multi);
    if (m_connectToList != nullptr)
        curl_slist_free_all(m_connectToList);
}

HttpTransport::RequestId HttpTransport::start(HttpRequest request, DoneCallback done) {
    auto t = std::make_shared<Transfer>();
    t->id = m_nextId.fetch_add(1);
    t->request = std::move(request);
    t->done = std::move(done);
    t->owner = this;
    {
        std::lock_guard lock(m_queueMutex);
        m_pending.push_back(t);
    }
    wakeup();
    return t->id;
}

void HttpTransport::cancel(RequestId id) {
    {
        std::lock_guard lock(m_queueMutex);
        m_cancelled.push_back(id);
    }
    wakeup();
}

void HttpTransport::wakeup() {
    curl_multi_wakeup(m_multi);
}

void HttpTransport::cancelAll() {
    std::vector<std::shared_ptr<Transfer>> pending;
    {
        std::lock_guard lock(m_queueMutex);
        pending.swap(m_pending);
        m_cancelled.clear();
    }
    for (auto &t : m_awaitingCredential)
        pending.push_back(t);
    m_awaitingCredential.clear();
    std::map<CURL *, std::shared_ptr<Transfer>> running;
    running.swap(m_running);
    for (auto &[easy, t] : running) {
        curl_multi_remove_handle(m_multi, easy);
        pending.push_back(t);
    }
    for (auto &t : pending) {
        t->response.cancelled = true;
        if (t->done)
            t->done(t->id, t->response);
    }
}

std::size_t HttpTransport::onWrite(char *data, std::size_t size, std::size_t n, void *self) {
    auto *t = static_cast<Transfer *>(self);
    const std::size_t bytes = size * n;
    t->lastActivity = std::chrono::steady_clock::now();
    if (t->response.status == 0) {
        long code = 0;
        curl_easy_getinfo(t->easy, CURLINFO_RESPONSE_CODE, &code);
        t->response.status = static_cast<int>(code);
        t->swallowBody = code == 401 && t->usedCredential && !t->retriedAuth;
    }
    if (t->swallowBody || !t->request.onData)
        return bytes;
    if (!t->request.onData(std::string_view(data, bytes), t->response.status)) {
        t->response.cancelled = true;
        return 0; // aborts the transfer with CURLE_WRITE_ERROR
    }
    return bytes;
}

std::size_t HttpTransport::onHeader(char *data, std::size_t size, std::size_t n, void *self) {
    auto *t = static_cast<Transfer *>(self);
    const std::size_t bytes = size * n;
    t->lastActivity = std::chrono::steady_clock::now();
    std::string line(data, bytes);
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n'))
        line.pop_back();
    if (line.empty() && t->request.onHeaders) { // the blank line that ends a header block
        long code = 0;
        curl_easy_getinfo(t->easy, CURLINFO_RESPONSE_CODE, &code);
        if (code >= 200) // not a 100 Continue
            t->request.onHeaders(static_cast<int>(code));
        return bytes;
    }
    if (line.rfind("HTTP/", 0) == 0) { // a new response (after 100-continue or a redirect)
        t->response.contentType.clear();
        t->response.retryAfterSeconds = -1;
        t->response.status = 0;
        return bytes;
    }
    const auto colon = line.find(':');
    if (colon == std::string::npos)
        return bytes;
    const std::string name = AsciiCase::lower(line.substr(0, colon));
    std::string value = line.substr(colon + 1);
    value.erase(0, value.find_first_not_of(" \t"));
    if (name == "content-type")
        t->response.contentType = value;
    else if (name == "retry-after") {
        char *end = nullptr;
        const long v = std::strtol(value.c_str(), &end, 10);
        if (end != value.c_str() && *end == '\0' && v >= 0)
            t->response.retryAfterSeconds = static_cast<int>(v);
    }
    return bytes;
}

void HttpTransport::launch(const std::shared_ptr<Transfer> &t) {
    t->response = HttpResponse{};
    t->swallowBody = false;
    CURL *e = curl_easy_init();
    t->easy = e;
    const std::string url = m_url + t->request.path;
    curl_easy_setopt(e, CURLOPT_URL, url.c_str());
    curl_easy_setopt(e, CURLOPT_PRIVATE, t.get());
    curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, &HttpTransport::onWrite);
    curl_easy_setopt(e, CURLOPT_WRITEDATA, t.get());
    t->errorText[0] = '\0';
    curl_easy_setopt(e, CURLOPT_ERRORBUFFER, t->errorText.data());
    curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, &HttpTransport::onHeader);
    curl_easy_setopt(e, CURLOPT_HEADERDATA, t.get());
    curl_easy_setopt(e, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS);
    curl_easy_setopt(e, CURLOPT_PIPEWAIT, 1L);
    curl_easy_setopt(e, CURLOPT_SOCKOPTFUNCTION, &onSocketCreated);
    curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, 15000L);
    curl_easy_setopt(e, CURLOPT_USERAGENT, m_settings.userAgent.c_str());
    if (t->request.timeout.count() > 0)
        curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, static_cast<long>(t->request.timeout.count()));
    if (!m_settings.disableCompression)
        curl_easy_setopt(e, CURLOPT_ACCEPT_ENCODING, ""); // every encoding libcurl can decode
    if (m_connectToList != nullptr)
        curl_easy_setopt(e, CURLOPT_CONNECT_TO, m_connectToList);
    if (!m_proxyUrl.empty())
        curl_easy_setopt(e, CURLOPT_PROXY, m_proxyUrl.c_str());
    if (m_tls) {
        if (m_settings.insecureSkipTlsVerify) {
            curl_easy_setopt(e, CURLOPT_SSL_VERIFYPEER, 0L);
            curl_easy_setopt(e, CURLOPT_SSL_VERIFYHOST, 0L);
        } else if (!m_settings.caPem.empty()) {
            curl_blob ca{const_cast<char *>(m_settings.caPem.data()), m_settings.caPem.size(),
                         CURL_BLOB_COPY};
            curl_easy_setopt(e, CURLOPT_CAINFO_BLOB, &ca);
        }
        // A certificate from the credential source (an exec plugin) replaces the kubeconfig's.
        const bool fromSource = m_credential && !m_credential->clientCertificatePem.empty();
        const std::string &certPem =
            fromSource ? m_credential->clientCertificatePem : m_settings.clientCertificatePem;
        const std::string &keyPem =
            fromSource ? m_credential->clientKeyPem : m_settings.clientKeyPem;
        if (!certPem.empty()) {
            curl_blob cert{const_cast<char *>(certPem.data()), certPem.size(), CURL_BLOB_COPY};
            curl_blob key{const_cast<char *>(keyPem.data()), keyPem.size(), CURL_BLOB_COPY};
            curl_easy_setopt(e, CURLOPT_SSLCERTTYPE, "PEM");
            curl_easy_setopt(e, CURLOPT_SSLCERT_BLOB, &cert);
            curl_easy_setopt(e, CURLOPT_SSLKEYTYPE, "PEM");
            curl_easy_setopt(e, CURLOPT_SSLKEY_BLOB, &key);
        }
    }
    curl_slist *headers = nullptr;
    for (const auto &h : t->request.headers)
        headers = curl_slist_append(headers, h.c_str());
    // Credentials only travel over TLS (client-go's rule; docs/kubernetes-api.md).
    if (m_tls) {
        for (const auto &h : m_settings.extraHeaders)
            headers = curl_slist_append(headers, h.c_str());
        if (!m_settings.basicUser.empty()) {
            curl_easy_setopt(e, CURLOPT_HTTPAUTH, static_cast<long>(CURLAUTH_BASIC));
            curl_easy_setopt(e, CURLOPT_USERNAME, m_settings.basicUser.c_str());
            curl_easy_setopt(e, CURLOPT_PASSWORD, m_settings.basicPassword.c_str());
        }
    }
    if (m_tls && m_credential) {
        if (!m_credential->bearerToken.empty())
            headers = curl_slist_append(
                headers, ("Authorization: Bearer " + m_credential->bearerToken).c_str());
        t->usedCredential = true;
        t->credentialGeneration = m_credentialGeneration;
    }
    t->headers = headers;
    curl_easy_setopt(e, CURLOPT_HTTPHEADER, headers);
    const std::string &m = t->request.method;
    if (m == "POST" || m == "PUT" || m == "PATCH" || (m == "DELETE" && !t->request.body.empty())) {
        curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE,
                         static_cast<curl_off_t>(t->request.body.size()));
        curl_easy_setopt(e, CURLOPT_POSTFIELDS, t->request.body.data());
    }
    if (m != "GET" && m != "POST")
        curl_easy_setopt(e, CURLOPT_CUSTOMREQUEST, m.c_str());
    t->launchedAt = t->lastActivity = std::chrono::steady_clock::now();
    curl_multi_add_handle(m_multi, e);
    m_running[e] = t;
}

void HttpTransport::launchWhenCredentialed(const std::shared_ptr<Transfer> &t) {
    if (m_invalid) {
        t->response.error = *m_invalid;
        return complete(t);
    }
    if (!m_tls || !m_settings.credential)
        return launch(t);
    if (!m_fetch && (!m_credential || std::chrono::system_clock::now() >= m_refreshAt))
        fetchCredential(m_credential.has_value(), currentCredentialValid());
    // While a renewal ahead of the expiry runs, the current credential is still good.
    if (m_fetch && !(m_fetch->ahead && currentCredentialValid()))
        return m_awaitingCredential.push_back(t);
    launch(t);
}

bool HttpTransport::currentCredentialValid() const {
    return m_credential &&
           (!m_credential->expiry || std::chrono::system_clock::now() < *m_credential->expiry);
}

void HttpTransport::fetchCredential(bool rejectCurrent, bool ahead) {
    auto fetch = std::make_shared<CredentialFetch>();
    fetch->owner = this;
    fetch->ahead = ahead;
    m_fetch = fetch;
    std::optional<TransportCredential> rejected;
    if (rejectCurrent)
        rejected = m_credential;
    // Detached: a plugin that takes its full timeout must not hold up stop(); the fetch's
    // shared state tells it whether anybody still wants the answer.
    std::thread([fetch, source = m_settings.credential, rejected = std::move(rejected)] {
        auto result = source(rejected ? &*rejected : nullptr);
        const std::lock_guard lock(fetch->mutex);
        fetch->result = std::move(result);
        if (fetch->owner != nullptr)
            fetch->owner->wakeup();
    }).detach();
}

void HttpTransport::collectCredential() {
    if (!m_fetch)
        return;
    std::optional<Result<TransportCredential, std::string>> result;
    {
        const std::lock_guard lock(m_fetch->mutex);
        if (!m_fetch->result)
            return;
        result = std::move(m_fetch->result);
    }
    const bool ahead = m_fetch->ahead;
    m_fetch.reset();
    std::vector<std::shared_ptr<Transfer>> parked;
    parked.swap(m_awaitingCredential);
    if (!*result && ahead && currentCredentialValid()) {
        // A renewal ahead of the expiry failed (a plugin's SSO hiccup): keep the credential
        // that still works and try again soon, rather than failing requests that would pass.
        const auto now = std::chrono::system_clock::now();
        m_refreshAt = now + std::min<std::chrono::system_clock::duration>(
                                std::chrono::seconds(10), (*m_credential->expiry - now) / 2);
        qCWarning(lcTransport).noquote()
            << "credential renewal failed; the current one is kept until it expires:"
            << QString::fromStdString(result->error());
        for (const auto &t : parked)
            launch(t);
        return;
    }
    if (!*result)
        return failParked(parked, result->error());
    if (hasLineBreakOrNul((*result)->bearerToken)) {
        *result = Failure{std::string("the credential source returned a token with a line break")};
        return failParked(parked, result->error());
    }
    m_credential = std::move(**result);
    ++m_credentialGeneration;
    // Refresh ahead of the expiry: 30 s before it, or half-way for a credential that short.
    const auto now = std::chrono::system_clock::now();
    m_refreshAt = std::chrono::system_clock::time_point::max();
    if (m_credential->expiry) {
        const auto life = *m_credential->expiry - now;
        m_refreshAt = *m_credential->expiry - std::min<std::chrono::system_clock::duration>(
                                                  std::chrono::seconds(30), std::max(life / 2, {}));
    }
    for (const auto &t : parked)
        launch(t);
}

void HttpTransport::failParked(const std::vector<std::shared_ptr<Transfer>> &parked,
                               const std::string &error) {
    m_credential.reset();
    qCWarning(lcTransport).noquote() << "credential unavailable:" << QString::fromStdString(error);
    for (const auto &t : parked) {
        t->response.authFailed = true;
        t->response.error = error;
        complete(t);
    }
}

std::optional<std::chrono::steady_clock::time_point> HttpTransport::nextDeadline() const {
    std::optional<std::chrono::steady_clock::time_point> next;
    const auto earliest = [&](std::chrono::steady_clock::time_point at) {
        if (!next || at < *next)
            next = at;
    };
    for (const auto &[easy, t] : m_running) {
        const HttpRequest &r = t->request;
        if (r.responseTimeout.count() > 0) {
            long code = 0;
            curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &code);
            if (code == 0)
                earliest(t->launchedAt + r.responseTimeout);
        }
        if (r.idleTimeout.count() > 0)
            earliest(t->lastActivity + r.idleTimeout);
        if (t->drivenAfter != t->lastActivity)
            earliest(t->lastActivity + kAfterData);
    }
    if (next) // expireDeadlines() scans at most every 100 ms
        next = std::max(*next, m_lastDeadlineScan + std::chrono::milliseconds(100));
    return next;
}

void HttpTransport::expireDeadlines() {
    const auto now = std::chrono::steady_clock::now();
    // Deadlines are seconds long: a scan of every transfer each 100 ms is exact enough, and a
    // busy perform() loop over hundreds of watches does not pay it per call.
    if (now - m_lastDeadlineScan < std::chrono::milliseconds(100))
        return;
    m_lastDeadlineScan = now;
    std::vector<std::shared_ptr<Transfer>> expired;
    for (const auto &[easy, t] : m_running) {
        const HttpRequest &r = t->request;
        long code = 0;
        curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &code);
        if (r.responseTimeout.count() > 0 && now - t->launchedAt >= r.responseTimeout &&
            code == 0) {
            t->response.timedOut = HttpResponse::Deadline::Response;
            t->response.error = "no answer from the server within " +
                                std::to_string(r.responseTimeout.count()) + " ms";
            expired.push_back(t);
        } else if (r.idleTimeout.count() > 0 && now - t->lastActivity >= r.idleTimeout) {
            // The status is known once the headers are in, before any body byte (a quiet
            // watch): the caller tells a silent stream from a failed request by it.
            t->response.status = static_cast<int>(code);
            t->response.timedOut = HttpResponse::Deadline::Idle;
            t->response.error =
                "nothing received for " + std::to_string(r.idleTimeout.count()) + " ms";
            expired.push_back(t);
        }
    }
    for (const auto &t : expired) {
        if (t->response.timedOut == HttpResponse::Deadline::Response) {
            // The connection carried nothing back: it may be dead without a FIN or RST (a VPN
            // that dropped, a laptop that slept). Shut it down so that libcurl fails every
            // stream on it and the next request opens a new one, instead of queueing behind it.
            curl_socket_t socket = CURL_SOCKET_BAD;
            if (curl_easy_getinfo(t->easy, CURLINFO_ACTIVESOCKET, &socket) == CURLE_OK &&
                socket != CURL_SOCKET_BAD)
                ::shutdown(socket, SHUT_RDWR);
        }
        qCInfo(lcTransport).noquote()
            << QString::fromStdString(t->request.method)
            << "request ended:" << QString::fromStdString(t->response.error);
        m_running.erase(t->easy);
        curl_multi_remove_handle(m_multi, t->easy);
        t->response.curlCode = CURLE_OPERATION_TIMEDOUT;
        complete(t);
    }
}

void HttpTransport::complete(const std::shared_ptr<Transfer> &t) {
    if (t->done)
        t->done(t->id, t->response);
}

void HttpTransport::finish(CURL *easy, CURLcode code) {
    auto it = m_running.find(easy);
    if (it == m_running.end())
        return;
    std::shared_ptr<Transfer> t = it->second;
    m_running.erase(it);
    curl_multi_remove_handle(m_multi, easy);
    long status = 0;
    curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
    t->response.status = static_cast<int>(status);
    long version = 0;
    curl_easy_getinfo(easy, CURLINFO_HTTP_VERSION, &version);
    t->response.httpVersion = version == CURL_HTTP_VERSION_2_0   ? 20
                              : version == CURL_HTTP_VERSION_1_1 ? 11
                                                                 : 0;
    curl_easy_getinfo(easy, CURLINFO_NUM_CONNECTS, &t->response.newConnections);
    t->response.curlCode = code;
    if (code == CURLE_OPERATION_TIMEDOUT && t->request.timeout.count() > 0)
        t->response.timedOut = HttpResponse::Deadline::Total;
    if (code != CURLE_OK && !t->response.cancelled)
        t->response.error = t->errorText[0] != '\0' ? std::string(t->errorText.data())
                                                    : std::string(curl_easy_strerror(code));
    if (status == 401 && t->usedCredential && !t->retriedAuth && !t->response.cancelled) {
        // The credential may have expired: one fresh credential for every request the same one
        // failed, then each of them is tried once more.
        curl_slist_free_all(t->headers);
        t->headers = nullptr;
        curl_easy_cleanup(t->easy);
        t->easy = nullptr;
        t->retriedAuth = true;
        t->usedCredential = false;
        if (t->credentialGeneration == m_credentialGeneration) {
            if (!m_fetch) {
                qCInfo(lcTransport)
                    << "401 from the server; refreshing the credential and retrying";
                fetchCredential(true, false);
            } else {
                m_fetch->ahead = false; // the renewal in flight is now needed: wait for it
            }
        }
        launchWhenCredentialed(t);
        return;
    }
    if (t->done)
        t->done(t->id, t->response);
}

void HttpTransport::perform(std::chrono::milliseconds maxWait) {
    std::vector<std::shared_ptr<Transfer>> pending;
    std::vector<RequestId> cancelled;
    {
        std::lock_guard lock(m_queueMutex);
        pending.swap(m_pending);
        cancelled.swap(m_cancelled);
    }
    collectCredential();
    for (auto &t : pending)
        launchWhenCredentialed(t);
    for (RequestId id : cancelled) {
        const auto parked = std::find_if(m_awaitingCredential.begin(), m_awaitingCredential.end(),
                                         [id](const auto &t) { return t->id == id; });
        if (parked != m_awaitingCredential.end()) {
            std::shared_ptr<Transfer> t = *parked;
            m_awaitingCredential.erase(parked);
            t->response.cancelled = true;
            complete(t);
            continue;
        }
        for (auto it = m_running.begin(); it != m_running.end(); ++it) {
            if (it->second->id != id)
                continue;
            std::shared_ptr<Transfer> t = it->second;
            curl_multi_remove_handle(m_multi, it->first);
            m_running.erase(it);
            t->response.cancelled = true;
            if (t->done)
                t->done(t->id, t->response);
            break;
        }
    }
    int running = 0;
    curl_multi_perform(m_multi, &running);
    expireDeadlines();
    // Transfers may have finished already (data was waiting in the socket): hand them over
    // before sleeping in poll, or every request would cost a full `maxWait`.
    if (collectFinished() > 0)
        return;
    {
        std::lock_guard lock(m_queueMutex);
        if (!m_pending.empty() || !m_cancelled.empty())
            return;
    }
    if (const auto deadline = nextDeadline()) {
        const auto untilDue = std::chrono::ceil<std::chrono::milliseconds>(
            *deadline - std::chrono::steady_clock::now());
        maxWait = std::clamp(untilDue, std::chrono::milliseconds(0), maxWait);
    }
    int numfds = 0;
    curl_multi_poll(m_multi, nullptr, 0, static_cast<int>(maxWait.count()), &numfds);
    // Data that came kAfterData ago or more has now been followed by one more drive (below).
    const auto drivenBefore = std::chrono::steady_clock::now() - kAfterData;
    for (auto &[easy, t] : m_running)
        if (t->lastActivity <= drivenBefore)
            t->drivenAfter = t->lastActivity;
    expireDeadlines(); // it scans at most every 100 ms, so a busy loop pays nothing for it
    curl_multi_perform(m_multi, &running);
    collectFinished();
}

std::size_t HttpTransport::collectFinished() {
    std::size_t n = 0;
    int queued = 0;
    while (CURLMsg *msg = curl_multi_info_read(m_multi, &queued))
        if (msg->msg == CURLMSG_DONE) {
            finish(msg->easy_handle, msg->data.result);
            ++n;
        }
    return n;
}

} // namespace cubedesk::k8s
