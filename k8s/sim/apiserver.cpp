#include "k8s/sim/apiserver.h"

#include "k8s/api/execchannel.h"
#include "k8s/api/humanduration.h"
#include "k8s/api/rfc3339.h"
#include "k8s/sim/containerlog.h"
#include "k8s/sim/execcontext.h"
#include "k8s/sim/execsession.h"
#include "k8s/sim/metricsserver.h"
#include "k8s/sim/nodegpus.h"
#include "k8s/sim/objectdefaults.h"
#include "k8s/sim/objectfield.h"
#include "k8s/sim/objectindexer.h"
#include "k8s/sim/podeviction.h"
#include "k8s/sim/podlogquery.h"
#include "k8s/sim/podterminator.h"
#include "k8s/sim/protobufdecoder.h"
#include "k8s/sim/rfc3339.h"
#include "k8s/sim/scalesubresource.h"
#include "k8s/sim/strategicmergepatch.h"
#include "k8s/sim/tableprinter.h"
#include "k8s/sim/uuid.h"
#include "k8s/sim/websocketframes.h"

#include <algorithm>
#include <cstdio>
#include <random>
#include <sys/socket.h>

#include <httplib.h>

namespace cubedesk::sim {

using nlohmann::json;

namespace {

using Clock = std::chrono::steady_clock;

constexpr const char *kJson = "application/json";
constexpr const char *kTableType = "application/json;as=Table;v=v1;g=meta.k8s.io";
constexpr const char *kAggregatedType =
    "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
constexpr std::size_t kFlushBytes = std::size_t{256} * 1024;

std::vector<std::string> splitPath(const std::string &path) {
    std::vector<std::string> out;
    std::size_t start = 1;
    while (start <= path.size()) {
        const std::size_t end = path.find('/', start);
        std::string part = path.substr(start, end == std::string::npos ? path.npos : end - start);
        if (!part.empty())
            out.push_back(std::move(part));
        if (end == std::string::npos)
            break;
        start = end + 1;
    }
    return out;
}

std::string param(const httplib::Request &req, const char *key) {
    return req.has_param(key) ? req.get_param_value(key) : std::string();
}

k8s::Rfc3339::Instant toInstant(std::chrono::system_clock::time_point t) {
    const auto since = t.time_since_epoch();
    const auto seconds = std::chrono::floor<std::chrono::seconds>(since);
    return {seconds.count(),
            static_cast<std::int32_t>(
                std::chrono::duration_cast<std::chrono::nanoseconds>(since - seconds).count())};
}

bool boolParam(const httplib::Request &req, const char *key) {
    return PodLogQuery::flag(req.params, key);
}

bool wantsTable(const httplib::Request &req) {
    const std::string accept = req.get_header_value("Accept");
    return accept.find("as=Table") != std::string::npos &&
           accept.find("g=meta.k8s.io") != std::string::npos;
}

bool acceptsJson(const httplib::Request &req) {
    const std::string accept = req.get_header_value("Accept");
    return accept.empty() || accept.find("json") != std::string::npos ||
           accept.find("*/*") != std::string::npos || accept.find("yaml") != std::string::npos;
}

std::string mediaType(const httplib::Request &req) {
    std::string ct = req.get_header_value("Content-Type");
    if (auto semi = ct.find(';'); semi != std::string::npos)
        ct.resize(semi);
    while (!ct.empty() && ct.back() == ' ')
        ct.pop_back();
    return ct;
}

void sendJson(httplib::Response &res, int code, const json &body, const char *contentType = kJson) {
    res.status = code;
    res.set_content(body.dump(), contentType);
}

void sendError(httplib::Response &res, const ApiError &error) {
    if (error.retryAfterSeconds > 0)
        res.set_header("Retry-After", std::to_string(error.retryAfterSeconds));
    if (error.plainText) {
        // API Priority and Fairness rejects with plain text, not a Status
        // (docs/kubernetes-api.md).
        res.status = 429;
        res.set_content("Too many requests, please try again later.\n",
                        "text/plain; charset=utf-8");
        return;
    }
    sendJson(res, error.code, error.toStatus());
}

std::optional<json> parseBody(const httplib::Request &req, httplib::Response &res) {
    const std::string type = mediaType(req);
    if (type == "application/vnd.kubernetes.protobuf") {
        auto decoded = ProtobufDecoder::decode(req.body);
        if (!decoded) {
            sendError(res, ApiError::unsupportedMediaType(
                               "the body of the request was in an unknown format - accepted "
                               "media types include: application/json, application/yaml (" +
                               decoded.error() + ")"));
            return std::nullopt;
        }
        return std::move(*decoded);
    }
    json body = json::parse(req.body, nullptr, false);
    if (body.is_discarded()) {
        sendError(res, ApiError::badRequest("the body of the request could not be decoded as "
                                            "JSON"));
        return std::nullopt;
    }
    return body;
}

std::string auditId() {
    thread_local std::mt19937_64 rng{std::random_device{}()};
    return Uuid::random(rng);
}

/// Parsed label and field selectors of a request; errors already answered.
struct Selectors {
    std::optional<k8s::LabelSelector> labels;
    std::optional<k8s::FieldSelector> fields;

    bool matches(const StoredObject &o) const {
        if (labels && !labels->matches([&](std::string_view k) { return o.label(k); }))
            return false;
        if (fields && !fields->matches([&](std::string_view k) { return o.field(k); }))
            return false;
        return true;
    }
    /// A store query of namespace `ns` ("" for all) with these selectors; valid while they are.
    ListQuery query(const std::string &ns) const {
        ListQuery q;
        q.ns = ns;
        q.labels = labels ? &*labels : nullptr;
        q.fields = fields ? &*fields : nullptr;
        return q;
    }
};

std::optional<Selectors> parseSelectors(const httplib::Request &req, httplib::Response &res,
                                        const ResourceType &type) {
    Selectors s;
    std::string error;
    const std::string ls = param(req, "labelSelector");
    if (!ls.empty()) {
        auto labels = k8s::LabelSelector::parse(ls);
        if (!labels) {
            sendError(res, ApiError::badRequest("unable to parse requirement: " + labels.error()));
            return std::nullopt;
        }
        s.labels = std::move(labels).value();
    }
    const std::string fs = param(req, "fieldSelector");
    if (!fs.empty()) {
        auto fields = k8s::FieldSelector::parse(fs);
        if (!fields) {
            sendError(res, ApiError::badRequest(fields.error()));
            return std::nullopt;
        }
        s.fields = std::move(fields).value();
        if (auto unknown = s.fields->firstUnknownField(ObjectIndexer::selectableFields(type))) {
            sendError(res, ApiError::badRequest(
                               type.custom ? '"' + *unknown +
                                                 "\" is not a known field selector: only "
                                                 "\"metadata.name\", \"metadata.namespace\""
                                           : "field label not supported: " + *unknown));
            return std::nullopt;
        }
    }
    return s;
}

/// The event a watch selecting with `selectors` sends for the change `e`: an object entering
/// the selection is ADDED, one leaving it DELETED; nullptr when it is outside before and after.
const char *watchEventType(const WatchEvent &e, const Selectors &selectors) {
    if (e.type == EventType::Added)
        return selectors.matches(*e.object) ? "ADDED" : nullptr;
    if (e.type == EventType::Deleted)
        return selectors.matches(e.previous ? *e.previous : *e.object) ? "DELETED" : nullptr;
    const bool now = selectors.matches(*e.object);
    const bool before = e.previous && selectors.matches(*e.previous);
    if (now && before)
        return "MODIFIED";
    if (now)
        return "ADDED";
    return before ? "DELETED" : nullptr;
}

/// One BOOKMARK event line of a watch on `type` at `rv`, marking the end of the initial events
/// when `initialEnd`.
std::string bookmarkLine(const ResourceType &type, std::uint64_t rv, bool initialEnd) {
    json meta = {{"resourceVersion", std::to_string(rv)}};
    if (initialEnd)
        meta["annotations"] = {{"k8s.io/initial-events-end", "true"}};
    return json{{"type", "BOOKMARK"},
                {"object",
                 {{"kind", type.kind}, {"apiVersion", type.apiVersion()}, {"metadata", meta}}}}
               .dump() +
           "\n";
}

} // namespace

/// What a WATCH request asked for and where its stream starts, once the request is checked.
struct ApiServer::WatchStart {
    Selectors selectors;
    bool bookmarks = false;
    long timeoutSeconds = 1800;
    std::vector<ObjectPtr> initial; ///< sent as ADDED first (a watch that starts from a list)
    std::uint64_t cursor = 0;       ///< changes after this resourceVersion follow
    bool initialEnd = false;        ///< an initial-events-end BOOKMARK follows the initial list
    std::optional<ApiError> error;  ///< answered at once (an injected expiry)
};

struct ApiServer::Route {
    ResourceType type;
    std::string ns;
    std::string name;
    std::string subresource;
};

ApiServer::ApiServer(ObjectStore &store, ResourceRegistry &registry, FaultInjector &faults,
                     const TlsMaterial *tls, Options options)
    : m_store(store)
    , m_registry(registry)
    , m_faults(faults)
    , m_tls(tls)
    , m_options(std::move(options))
    , m_serviceProxies(m_options.serviceProxies) {}

ApiServer::~ApiServer() {
    stop();
}

int ApiServer::start() {
    if (m_options.tls) {
        const TlsMaterial *tls = m_tls;
        m_server = std::make_unique<httplib::SSLServer>(
            [tls](SSL_CTX &ctx) { return tls->configureServerContext(&ctx, true); });
    } else {
        m_server = std::make_unique<httplib::Server>();
    }
    const int threads = m_options.threads;
    m_server->new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
    m_server->set_keep_alive_max_count(100000);
    m_server->set_keep_alive_timeout(60);
    m_server->set_read_timeout(60);
    m_server->set_write_timeout(60);
    m_server->set_payload_max_length(std::size_t{3} * 1024 * 1024);
    m_server->set_tcp_nodelay(true);
    const bool gzip = m_options.gzip;
    m_server->set_pre_routing_handler([gzip](const httplib::Request &req, httplib::Response &) {
        if (!gzip) {
            // httplib compresses whenever the client offers gzip; the request object is
            // ours to adjust before routing (it is not const where httplib owns it).
            const_cast<httplib::Request &>(req).headers.erase("Accept-Encoding");
        }
        return httplib::Server::HandlerResponse::Unhandled;
    });
    auto handler = [this](const httplib::Request &req, httplib::Response &res) {
        handle(req, res);
    };
    m_server->Get(".*", handler);
    m_server->Post(".*", handler);
    m_server->Put(".*", handler);
    m_server->Patch(".*", handler);
    m_server->Delete(".*", handler);
    m_port = m_options.port == 0
                 ? m_server->bind_to_any_port(m_options.host)
                 : (m_server->bind_to_port(m_options.host, m_options.port) ? m_options.port : -1);
    if (m_port < 0)
        return -1;
    m_thread = std::thread([this] { m_server->listen_after_bind(); });
    return m_port;
}

void ApiServer::stop() {
    if (!m_server || m_stopping.exchange(true))
        return;
    m_store.wakeAll();
    m_server->stop();
    if (m_thread.joinable())
        m_thread.join();
}

void ApiServer::setServiceProxy(const std::string &serviceKey, const std::string &url) {
    std::lock_guard lock(m_proxyMutex);
    if (url.empty())
        m_serviceProxies.erase(serviceKey);
    else
        m_serviceProxies[serviceKey] = url;
}

void ApiServer::serveServiceProxy(const httplib::Request &req, httplib::Response &res,
                                  const SimUser &user, const Route &route) {
    // [SCHEME:]NAME[:PORT]
    std::vector<std::string> parts;
    for (std::size_t start = 0;;) {
        const std::size_t colon = route.name.find(':', start);
        parts.push_back(route.name.substr(start, colon - start));
        if (colon == std::string::npos)
            break;
        start = colon + 1;
    }
    if (parts.size() == 2 && (parts[0] == "http" || parts[0] == "https"))
        parts.emplace_back(); // scheme:name
    else if (parts.size() < 3)
        parts.insert(parts.begin(), std::string()); // name or name:port
    if (parts.size() != 3 || parts[1].empty())
        return sendError(res,
                         ApiError::badRequest("invalid service request \"" + route.name + "\""));
    const std::string &name = parts[1];
    const std::string &portText = parts[2];
    if (user.readOnly || user.denies("services/proxy"))
        return sendError(
            res, ApiError::forbidden(user.name, "get", "services", "", name, route.ns, "proxy"));
    const auto service = m_store.get(route.type, route.ns, name);
    if (!service.ok())
        return sendError(res, ApiError::notFound("services", name, ""));
    if (auto fault = m_faults.requestFault())
        return sendError(res, *fault);
    // The port: its number or name; without one, the service's only (or first) port.
    std::string port;
    for (const auto &p :
         objectField(service.value()->parse(), "spec").value("ports", json::array())) {
        if (!p.is_object() || !p.contains("port") || !p["port"].is_number_integer())
            continue;
        const std::string number = std::to_string(p["port"].get<int>());
        if (portText.empty() || portText == number || portText == p.value("name", "")) {
            port = number;
            break;
        }
    }
    std::string target;
    {
        std::lock_guard lock(m_proxyMutex);
        const auto it = m_serviceProxies.find(route.ns + '/' + name + ':' + port);
        if (!port.empty() && it != m_serviceProxies.end())
            target = it->second;
    }
    if (target.empty())
        return sendError(res, ApiError::serviceUnavailable("no endpoints available for service \"" +
                                                           name + "\""));
    // What follows ".../proxy" in the request as sent (still escaped), and its query.
    const std::string marker = "/services/" + route.name + "/proxy";
    const std::string &raw = req.target.empty() ? req.path : req.target;
    const std::size_t at = raw.find(marker);
    std::string rest = at == std::string::npos ? std::string("/") : raw.substr(at + marker.size());
    if (rest.empty() || rest[0] == '?')
        rest.insert(0, "/");
    // "http://host:port[/base]"
    const std::size_t schemeEnd = target.find("://");
    const std::size_t pathStart =
        target.find('/', schemeEnd == std::string::npos ? 0 : schemeEnd + 3);
    const std::string origin = target.substr(0, pathStart);
    std::string base = pathStart == std::string::npos ? std::string() : target.substr(pathStart);
    if (!base.empty() && base.back() == '/')
        base.pop_back();
    httplib::Client client(origin);
    client.set_connection_timeout(5);
    client.set_read_timeout(120);
    client.set_url_encode(false); // the path and query go on as the client escaped them
    httplib::Headers headers;
    // The answer comes back decompressed; the API server's own encoding applies to it.
    for (const char *h : {"Accept", "User-Agent"})
        if (req.has_header(h))
            headers.emplace(h, req.get_header_value(h));
    const std::string contentType = req.get_header_value("Content-Type");
    const std::string path = base + rest;
    if (req.method != "GET" && req.method != "POST" && req.method != "PUT" &&
        req.method != "DELETE")
        return sendError(res, ApiError::methodNotAllowed(req.method, "services/proxy"));
    httplib::Result answer =
        req.method == "GET"    ? client.Get(path, headers)
        : req.method == "POST" ? client.Post(path, headers, req.body, contentType)
        : req.method == "PUT"  ? client.Put(path, headers, req.body, contentType)
                               : client.Delete(path, headers, req.body, contentType);
    if (!answer)
        return sendError(
            res, ApiError::serviceUnavailable("error trying to reach service: dial tcp " + origin +
                                              ": " + httplib::to_string(answer.error())));
    res.status = answer->status;
    for (const char *h : {"Content-Type", "Retry-After"})
        if (answer->has_header(h))
            res.set_header(h, answer->get_header_value(h));
    res.body = std::move(answer->body);
}

std::string ApiServer::url() const {
    const std::string host = m_options.host.find(':') != std::string::npos
                                 ? '[' + m_options.host + ']' // an IPv6 literal
                                 : m_options.host;
    return std::string(m_options.tls ? "https://" : "http://") + host + ':' +
           std::to_string(m_port);
}

std::optional<SimUser> ApiServer::authenticate(const httplib::Request &req) const {
    const std::string auth = req.get_header_value("Authorization");
    if (auth.rfind("Bearer ", 0) == 0) {
        auto it = m_options.tokens.find(auth.substr(7));
        if (it == m_options.tokens.end())
            return std::nullopt;
        return it->second;
    }
    if (!m_options.tls)
        return SimUser{"system:anonymous", {"system:masters"}, false, {}};
    if (req.ssl != nullptr) {
        if (auto id = TlsMaterial::peerIdentity(req.ssl))
            return SimUser{id->user, id->groups, false, {}};
    }
    return std::nullopt;
}

bool ApiServer::writeBody(httplib::DataSink &sink, const char *data, std::size_t size) const {
    m_faults.waitWhileStalled(m_stopping);
    const std::size_t bps = m_faults.slowBytesPerSecond();
    if (bps == 0)
        return sink.write(data, size);
    // Trickle: a tenth of a second's worth at a time.
    const std::size_t step = std::max<std::size_t>(1, bps / 10);
    for (std::size_t done = 0; done < size && !m_stopping.load(); done += step) {
        if (!sink.write(data + done, std::min(step, size - done)))
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        m_faults.waitWhileStalled(m_stopping);
    }
    return !m_stopping.load();
}

void ApiServer::handle(const httplib::Request &req, httplib::Response &res) {
    // A stalled server answers nothing and closes nothing.
    m_faults.waitWhileStalled(m_stopping);
    res.set_header("Audit-Id", auditId());
    res.set_header("Cache-Control", "no-cache, private");
    if (m_faults.requestDelay().count() > 0)
        std::this_thread::sleep_for(m_faults.requestDelay());
    if (m_faults.resetGeneration() > 0)
        res.set_header("Connection", "close");

    const std::string &path = req.path;
    if (path == "/healthz" || path == "/livez" || path == "/readyz") {
        res.set_content("ok", "text/plain; charset=utf-8");
        return;
    }
    auto user = authenticate(req);
    if (!user) {
        sendError(res, ApiError::unauthorized());
        return;
    }
    const bool aggregated =
        m_options.aggregatedDiscovery &&
        req.get_header_value("Accept").find("as=APIGroupDiscoveryList") != std::string::npos;
    if (req.method == "GET") {
        if (path == "/version")
            return sendJson(res, 200, m_registry.versionDocument());
        if (path == "/api")
            return aggregated ? sendJson(res, 200, m_registry.aggregatedCore(), kAggregatedType)
                              : sendJson(res, 200, m_registry.legacyCoreVersions());
        if (path == "/apis")
            return aggregated ? sendJson(res, 200, m_registry.aggregatedGroups(), kAggregatedType)
                              : sendJson(res, 200, m_registry.legacyGroupList());
    }

    const std::vector<std::string> segs = splitPath(path);
    std::string group;
    std::string version;
    std::size_t next = 0;
    if (segs.size() >= 2 && segs[0] == "api") {
        version = segs[1];
        next = 2;
    } else if (segs.size() >= 3 && segs[0] == "apis") {
        group = segs[1];
        version = segs[2];
        next = 3;
    } else if (segs.size() == 2 && segs[0] == "apis" && req.method == "GET") {
        if (auto doc = m_registry.legacyGroup(segs[1]))
            return sendJson(res, 200, *doc);
        return sendError(res, ApiError::unknownPath());
    } else {
        return sendError(res, ApiError::unknownPath());
    }
    if (next == segs.size()) {
        if (req.method != "GET")
            return sendError(res, ApiError::methodNotAllowed(req.method, "discovery"));
        if (auto doc = m_registry.resourceList(group, version))
            return sendJson(res, 200, *doc);
        return sendError(res, ApiError::unknownPath());
    }

    Route route;
    std::size_t rest = next;
    if (segs[next] == "namespaces" && segs.size() >= next + 3) {
        auto nsType = m_registry.find(group, version, segs[next + 2]);
        if (nsType && nsType->namespaced) {
            route.type = *nsType;
            route.ns = segs[next + 1];
            rest = next + 3;
        }
    }
    if (rest == next) {
        auto t = m_registry.find(group, version, segs[next]);
        if (!t)
            return sendError(res, ApiError::unknownPath());
        route.type = *t;
        rest = next + 1;
    }
    if (rest < segs.size())
        route.name = segs[rest++];
    if (rest < segs.size())
        route.subresource = segs[rest++];
    if (route.subresource == "proxy" && route.type.group.empty() &&
        route.type.plural == "services" && !route.name.empty() && !route.ns.empty())
        return serveServiceProxy(req, res, *user, route);
    const bool podLog = (route.subresource == "log" || route.subresource == "exec" ||
                         route.subresource == "eviction") &&
                        route.type.group.empty() && route.type.plural == "pods" &&
                        !route.name.empty();
    const bool scale = route.subresource == "scale" && !route.name.empty() &&
                       std::any_of(route.type.subresources.begin(), route.type.subresources.end(),
                                   [](const SubresourceInfo &s) { return s.name == "scale"; });
    if (rest < segs.size() || (!route.subresource.empty() && !podLog && !scale &&
                               (route.subresource != "status" || !route.type.statusSubresource)))
        return sendError(res, ApiError::unknownPath());
    if (route.type.namespaced && route.ns.empty() && !route.name.empty())
        return sendError(res, ApiError::unknownPath());
    serveResource(req, res, *user, route);
}

void ApiServer::serveResource(const httplib::Request &req, httplib::Response &res,
                              const SimUser &user, Route &route) {
    const ResourceType &type = route.type;
    if (route.subresource == "exec")
        return serveExec(req, res, user, route);
    if (route.subresource == "eviction") {
        if (req.method != "POST" || m_options.eviction == nullptr)
            return sendError(res, ApiError::methodNotAllowed(req.method, "pods/eviction"));
        if (user.readOnly || user.denies("pods/eviction"))
            return sendError(res, ApiError::forbidden(user.name, "create", type.plural, type.group,
                                                      route.name, route.ns, "eviction"));
        if (auto fault = m_faults.requestFault())
            return sendError(res, *fault);
        WriteOptions options;
        options.dryRun = param(req, "dryRun") == "All";
        return serveEviction(req, res, route, options);
    }
    const bool collection = route.name.empty();
    std::string verb;
    if (req.method == "GET")
        verb = collection ? (boolParam(req, "watch") ? "watch" : "list") : "get";
    else if (req.method == "POST")
        verb = "create";
    else if (req.method == "PUT")
        verb = "update";
    else if (req.method == "PATCH")
        verb = "patch";
    else if (req.method == "DELETE")
        verb = collection ? "deletecollection" : "delete";
    if (std::find(type.verbs.begin(), type.verbs.end(), verb) == type.verbs.end() ||
        (verb == "create" && !collection) || ((verb == "update" || verb == "patch") && collection))
        return sendError(res, ApiError::methodNotAllowed(verb, type.plural));
    if (route.subresource == "log") {
        if (verb != "get")
            return sendError(res, ApiError::methodNotAllowed(verb, "pods/log"));
        if (user.denies("pods/log"))
            return sendError(res, ApiError::forbidden(user.name, verb, type.plural, type.group,
                                                      route.name, route.ns, "log"));
        if (auto fault = m_faults.requestFault())
            return sendError(res, *fault);
        return serveLog(req, res, route);
    }
    if (user.denies(type.plural))
        return sendError(res, ApiError::forbidden(user.name, verb, type.plural, type.group,
                                                  route.name, route.ns));
    const bool write = verb != "get" && verb != "list" && verb != "watch";
    const bool review =
        type.group == "authorization.k8s.io" || type.group == "authentication.k8s.io";
    if (write && user.readOnly && !review)
        return sendError(res, ApiError::forbidden(user.name, verb, type.plural, type.group,
                                                  route.name, route.ns));
    if (!review) {
        if (auto fault = m_faults.requestFault())
            return sendError(res, *fault);
    }
    if (review)
        return serveReview(req, res, user, type);
    if (!acceptsJson(req))
        return sendError(res, ApiError::notAcceptable());
    if (type.group == "metrics.k8s.io")
        return serveMetrics(req, res, route, verb);
    const bool table = wantsTable(req);

    if (route.subresource == "scale") {
        if (verb != "get" && verb != "update" && verb != "patch")
            return sendError(res, ApiError::methodNotAllowed(verb, type.plural + "/scale"));
        WriteOptions options;
        options.dryRun = param(req, "dryRun") == "All";
        return serveScale(req, res, route, verb, options);
    }
    if (verb == "list")
        return serveList(req, res, type, route.ns, table);
    if (verb == "watch")
        return serveWatch(req, res, type, route.ns, table);
    if (verb == "get")
        return serveGet(res, route, table);
    WriteOptions options;
    options.dryRun = param(req, "dryRun") == "All";
    options.statusSubresource = route.subresource == "status";
    if (verb == "create")
        return serveCreate(req, res, route, options);
    if (verb == "update")
        return serveUpdate(req, res, route, options);
    if (verb == "patch")
        return servePatch(req, res, route, options);
    if (verb == "delete")
        return serveDelete(req, res, route, options);
    serveDeleteCollection(req, res, route);
}

void ApiServer::sendObject(httplib::Response &res, const ResourceType &type,
                           const Result<ObjectPtr> &r, int code) const {
    if (!r.ok())
        return sendError(res, r.error());
    res.status = code;
    res.set_content(objectJson(type, r.value()), kJson);
}

void ApiServer::serveMetrics(const httplib::Request &req, httplib::Response &res,
                             const Route &route, const std::string &verb) {
    if (m_options.metrics == nullptr)
        return sendError(res, ApiError::unknownPath());
    const auto now = std::chrono::system_clock::now();
    const bool nodes = route.type.plural == "nodes";
    if (verb == "get") {
        auto doc = nodes ? m_options.metrics->node(route.name, now)
                         : m_options.metrics->pod(route.ns, route.name, now);
        return doc.ok() ? sendJson(res, 200, doc.value()) : sendError(res, doc.error());
    }
    auto selectors = parseSelectors(req, res, route.type);
    if (!selectors)
        return;
    ListQuery q = selectors->query(route.ns);
    q.continueToken = param(req, "continue");
    if (const std::string limit = param(req, "limit"); !limit.empty())
        q.limit = std::strtoull(limit.c_str(), nullptr, 10);
    auto doc = nodes ? m_options.metrics->nodes(q, now) : m_options.metrics->pods(q, now);
    if (!doc.ok())
        return sendError(res, doc.error());
    sendJson(res, 200, doc.value());
}

void ApiServer::serveGet(httplib::Response &res, const Route &route, bool table) {
    const ResourceType &type = route.type;
    auto r = m_store.get(type, route.ns, route.name);
    if (!r.ok())
        return sendError(res, r.error());
    if (table) {
        json t = {{"kind", "Table"},
                  {"apiVersion", "meta.k8s.io/v1"},
                  {"metadata", {{"resourceVersion", std::to_string(r.value()->rv)}}},
                  {"columnDefinitions", TablePrinter::columnDefinitions(type)},
                  {"rows", json::array({json::parse(
                               tableRow(type, r.value(), std::chrono::system_clock::now()))})}};
        return sendJson(res, 200, t, kTableType);
    }
    res.status = 200;
    res.set_content(objectJson(type, r.value()), kJson);
    return;
}

namespace {

/// The API server's container check for logs and exec: `requested`, which must be one of the
/// pod's init, regular or ephemeral containers; or, when empty, the pod's only container. The
/// 400 otherwise, word for word.
Result<std::string> podContainer(const json &pod, const std::string &requested,
                                 const std::string &podName) {
    const json spec = pod.value("spec", json::object());
    std::vector<std::string> names;
    for (const char *list : {"initContainers", "containers", "ephemeralContainers"})
        for (const auto &c : spec.value(list, json::array()))
            names.push_back(c.value("name", ""));
    if (!requested.empty()) {
        if (std::find(names.begin(), names.end(), requested) == names.end())
            return k8s::Failure{ApiError::badRequest("container " + requested +
                                                     " is not valid for pod " + podName)};
        return requested;
    }
    const auto regular = spec.value("containers", json::array());
    if (regular.size() == 1 && names.size() == 1)
        return regular[0].value("name", "");
    std::string list;
    for (const auto &n : names)
        list += (list.empty() ? "" : " ") + n;
    return k8s::Failure{
        ApiError::badRequest("a container name must be specified for pod " + podName +
                             (names.empty() ? "" : ", choose one of: [" + list + ']'))};
}

/// The container's state is running (exec needs a live process).
bool containerRunning(const json &pod, const std::string &container) {
    const json status = pod.value("status", json::object());
    for (const char *list :
         {"containerStatuses", "initContainerStatuses", "ephemeralContainerStatuses"})
        for (const auto &cs : status.value(list, json::array()))
            if (cs.value("name", "") == container)
                return cs.value("state", json::object()).contains("running");
    return false;
}

/// The header's comma-separated values, over every occurrence of the header.
std::vector<std::string> headerTokens(const httplib::Request &req, const char *name) {
    std::vector<std::string> out;
    const std::size_t count = req.get_header_value_count(name);
    for (std::size_t i = 0; i < count; ++i) {
        const std::string value = req.get_header_value(name, i);
        std::size_t start = 0;
        while (start <= value.size()) {
            std::size_t comma = value.find(',', start);
            if (comma == std::string::npos)
                comma = value.size();
            std::string token = value.substr(start, comma - start);
            const auto b = token.find_first_not_of(" \t");
            const auto e = token.find_last_not_of(" \t");
            if (b != std::string::npos)
                out.push_back(token.substr(b, e - b + 1));
            start = comma + 1;
        }
    }
    return out;
}

bool tokenIs(const std::vector<std::string> &tokens, std::string_view want) {
    return std::any_of(tokens.begin(), tokens.end(), [want](const std::string &t) {
        return t.size() == want.size() &&
               std::equal(t.begin(), t.end(), want.begin(), [](char a, char b) {
                   return std::tolower(static_cast<unsigned char>(a)) ==
                          std::tolower(static_cast<unsigned char>(b));
               });
    });
}

} // namespace

void ApiServer::serveExec(const httplib::Request &req, httplib::Response &res, const SimUser &user,
                          const Route &route) {
    if (req.method != "GET" && req.method != "POST")
        return sendError(res, ApiError::methodNotAllowed(req.method, "pods/exec"));
    // Exec is `create` on pods/exec (a WebSocket GET needs it too, as API servers since 1.30
    // check).
    if (user.readOnly || user.denies("pods/exec"))
        return sendError(res, ApiError::forbidden(user.name, "create", "pods", "", route.name,
                                                  route.ns, "exec"));
    if (auto fault = m_faults.requestFault())
        return sendError(res, *fault);
    auto stored = m_store.get(route.type, route.ns, route.name);
    if (!stored.ok())
        return sendError(res, stored.error());
    const json pod = stored.value()->parse();
    std::vector<std::string> command;
    for (auto [it, end] = req.params.equal_range("command"); it != end; ++it)
        command.push_back(it->second);
    const auto flag = [&req](const char *key) {
        const std::string v = req.has_param(key) ? req.get_param_value(key) : "";
        return v == "true" || v == "1";
    };
    ExecSession::Options options;
    options.stdinEnabled = flag("stdin");
    options.stdoutEnabled = flag("stdout");
    options.stderrEnabled = flag("stderr");
    options.tty = flag("tty");
    if (command.empty())
        return sendError(res, ApiError::badRequest("you must specify at least 1 command"));
    if (!options.stdinEnabled && !options.stdoutEnabled && !options.stderrEnabled)
        return sendError(
            res, ApiError::badRequest("you must specify at least one of stdin, stdout, stderr"));
    const json spec = pod.value("spec", json::object());
    auto chosen = podContainer(
        pod, req.has_param("container") ? req.get_param_value("container") : "", route.name);
    if (!chosen)
        return sendError(res, chosen.error());
    const std::string container = *chosen;
    if (spec.value("nodeName", "").empty())
        return sendError(
            res, ApiError::badRequest("pod " + route.name + " does not have a host assigned"));
    if (!containerRunning(pod, container)) {
        // The kubelet's answer, passed through by the API server as plain text.
        res.status = 500;
        res.set_content("container not found (\"" + container + "\")", "text/plain");
        return;
    }
    const auto upgrade = headerTokens(req, "Upgrade");
    if (req.method != "GET" || !tokenIs(upgrade, "websocket"))
        return sendError(
            res, ApiError::badRequest("Upgrade request required: the simulator serves exec over "
                                      "WebSocket (v5.channel.k8s.io, v4.channel.k8s.io) only"));
    const auto offered = headerTokens(req, "Sec-WebSocket-Protocol");
    std::string protocol;
    for (const auto want : {k8s::ExecChannel::kV5, k8s::ExecChannel::kV4})
        if (protocol.empty() && std::find(offered.begin(), offered.end(), want) != offered.end())
            protocol = std::string(want);
    if (protocol.empty())
        return sendError(
            res, ApiError::badRequest("none of the offered WebSocket subprotocols is served; the "
                                      "simulator serves v5.channel.k8s.io and v4.channel.k8s.io"));
    const std::string key = req.get_header_value("Sec-WebSocket-Key");
    if (key.empty() || req.ssl == nullptr)
        return sendError(
            res, ApiError::badRequest(key.empty() ? "a WebSocket upgrade needs Sec-WebSocket-Key"
                                                  : "the simulator serves exec over TLS only"));

    // From here the connection is ours: the 101, then the session on this pool thread. cpp-httplib
    // hands the request's TLS object over as const; this handler is its only user until it
    // returns.
    SSL *ssl = const_cast<SSL *>(req.ssl);
    const std::string answer = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
                               "Connection: Upgrade\r\nSec-WebSocket-Accept: " +
                               WebSocketFrames::acceptKey(key) +
                               "\r\nSec-WebSocket-Protocol: " + protocol + "\r\n\r\n";
    if (SSL_write(ssl, answer.data(), static_cast<int>(answer.size())) <= 0)
        return;
    options.v5 = protocol == k8s::ExecChannel::kV5;
    for (const auto &arg : command)
        options.commandLine += (options.commandLine.empty() ? "" : " ") + arg;
    const auto now = std::chrono::system_clock::now();
    const std::vector<SimGpu> gpus =
        m_options.gpus ? m_options.gpus->devicesOf(spec.value("nodeName", ""), now)
                       : std::vector<SimGpu>();
    const std::string uid = pod.value("metadata", json::object()).value("uid", "");
    SimShell shell(ExecContext::build(pod, container, gpus, now), command, options.tty, 80, 24);
    const ResourceType type = route.type;
    const std::string ns = route.ns;
    const std::string name = route.name;
    ExecSession session(
        ssl, options, shell,
        [this, type, ns, name, uid, container] {
            auto now = m_store.get(type, ns, name);
            if (!now.ok())
                return false;
            const json p = now.value()->parse();
            return p.value("metadata", json::object()).value("uid", "") == uid &&
                   containerRunning(p, container);
        },
        m_stopping);
    session.run();
    // cpp-httplib answers the request after this handler: nothing may reach the client now.
    SSL_shutdown(ssl);
    ::shutdown(SSL_get_fd(ssl), SHUT_RDWR);
    res.set_header("Connection", "close");
}

void ApiServer::serveLog(const httplib::Request &req, httplib::Response &res, const Route &route) {
    auto query = PodLogQuery::parse(req.params, route.name);
    if (!query)
        return sendError(res, query.error());
    auto stored = m_store.get(route.type, route.ns, route.name);
    if (!stored.ok())
        return sendError(res, stored.error());
    const json pod = stored.value()->parse();
    const json spec = pod.value("spec", json::object());
    auto chosen = podContainer(pod, query->container, route.name);
    if (!chosen)
        return sendError(res, chosen.error());
    const std::string container = *chosen;
    if (spec.value("nodeName", "").empty()) {
        res.status = 204; // not scheduled: nothing to read, and no error
        return;
    }
    auto log = ContainerLog::forPod(pod, container, query->previous);
    if (!log)
        return sendError(res, log.error());

    const auto now = std::chrono::system_clock::now();
    std::uint64_t end = log->countAt(now);
    std::uint64_t begin = 0;
    if (query->tailLines)
        begin = end > static_cast<std::uint64_t>(*query->tailLines)
                    ? end - static_cast<std::uint64_t>(*query->tailLines)
                    : 0;
    std::optional<ContainerLog::TimePoint> since = query->sinceTime;
    if (query->sinceSeconds)
        since = now - std::chrono::seconds(*query->sinceSeconds);
    if (since)
        begin = std::max(begin, log->firstAtOrAfter(*since));
    const bool follow = query->follow && log->running() && !query->previous;
    struct Stream {
        ContainerLog log;
        std::uint64_t next;
        std::optional<std::int64_t> remaining; ///< limitBytes left
    };
    auto stream = std::make_shared<Stream>(Stream{std::move(*log), begin, query->limitBytes});
    const bool timestamps = query->timestamps;
    const std::string ns = route.ns;
    const std::string name = route.name;
    const ResourceType type = route.type;
    res.status = 200;
    res.set_chunked_content_provider("text/plain", [this, stream, timestamps, follow, ns, name,
                                                    type, container,
                                                    end](std::size_t, httplib::DataSink &sink) {
        std::string out;
        // Lines [next, upTo) into `out`, within limitBytes; false once the limit is spent.
        const auto produce = [&](std::uint64_t upTo) {
            for (; stream->next < upTo; ++stream->next) {
                const std::uint64_t k = stream->next;
                std::string line;
                if (timestamps)
                    line = k8s::Rfc3339::formatNanosFixed(toInstant(stream->log.timeOf(k))) + ' ';
                line += stream->log.textOf(k);
                if (stream->log.terminated(k))
                    line += '\n';
                if (stream->remaining) {
                    if (*stream->remaining <= 0)
                        return false;
                    if (static_cast<std::int64_t>(line.size()) > *stream->remaining)
                        line.resize(static_cast<std::size_t>(*stream->remaining));
                    *stream->remaining -= static_cast<std::int64_t>(line.size());
                }
                out += line;
                if (out.size() >= std::size_t{64} * 1024) {
                    if (!writeBody(sink, out.data(), out.size()))
                        return false;
                    out.clear();
                }
            }
            return !stream->remaining || *stream->remaining > 0;
        };
        bool more = produce(end);
        if (!out.empty() && !writeBody(sink, out.data(), out.size()))
            return false;
        out.clear();
        auto nextCheck = std::chrono::steady_clock::now();
        const auto followStarted = nextCheck;
        const auto dropAfter = m_faults.dropWatchAfter();
        while (more && follow && !m_stopping.load()) {
            // drop-watch cuts follow streams too (no terminating chunk).
            if (dropAfter.count() > 0 &&
                std::chrono::steady_clock::now() - followStarted >= dropAfter)
                return false;
            // Re-read the pod each second: the run may have ended (then drain and end),
            // the pod may be gone.
            if (std::chrono::steady_clock::now() >= nextCheck) {
                nextCheck = std::chrono::steady_clock::now() + std::chrono::seconds(1);
                auto current = m_store.get(type, ns, name);
                if (!current.ok())
                    break;
                const json latest = current.value()->parse();
                auto run = ContainerLog::forPod(latest, container, false);
                if (!run || run->startedAt() != stream->log.startedAt() || !run->running()) {
                    // The run this stream reads ended: what it printed, then the end.
                    if (!run || run->startedAt() != stream->log.startedAt())
                        run = ContainerLog::forPod(latest, container, true); // restarted
                    if (run && run->startedAt() == stream->log.startedAt())
                        stream->log = *run;
                    produce(stream->log.countAt(std::chrono::system_clock::now()));
                    if (!out.empty())
                        writeBody(sink, out.data(), out.size());
                    break;
                }
            }
            const auto wallNow = std::chrono::system_clock::now();
            more = produce(stream->log.countAt(wallNow));
            if (!out.empty() && !writeBody(sink, out.data(), out.size()))
                return false;
            out.clear();
            if (!more)
                break;
            const auto due = stream->log.timeOf(stream->next);
            const auto wait = std::clamp<std::chrono::system_clock::duration>(
                due - wallNow, std::chrono::milliseconds(5), std::chrono::milliseconds(200));
            std::this_thread::sleep_for(wait);
            if (!sink.is_writable())
                return false;
        }
        sink.done();
        return true;
    });
}

void ApiServer::serveCreate(const httplib::Request &req, httplib::Response &res, const Route &route,
                            const WriteOptions &options) {
    const ResourceType &type = route.type;
    auto body = parseBody(req, res);
    if (!body)
        return;
    if (!body->is_object())
        return sendError(res, ApiError::badRequest("the body of the request must be an "
                                                   "object"));
    json &meta = (*body)["metadata"];
    if (!meta.is_object())
        meta = json::object();
    if (type.namespaced) {
        const std::string bodyNs = meta.value("namespace", "");
        if (!bodyNs.empty() && bodyNs != route.ns)
            return sendError(
                res, ApiError::badRequest("the namespace of the provided object does not match "
                                          "the namespace sent on the request"));
        meta["namespace"] = route.ns;
    }
    ObjectDefaults::apply(type, *body);
    return sendObject(res, type, m_store.create(type, std::move(*body), options), 201);
}

void ApiServer::serveUpdate(const httplib::Request &req, httplib::Response &res, const Route &route,
                            const WriteOptions &options) {
    const ResourceType &type = route.type;
    auto body = parseBody(req, res);
    if (!body)
        return;
    if (body->is_object() && type.namespaced && body->contains("metadata") &&
        (*body)["metadata"].is_object()) {
        const std::string bodyNs = (*body)["metadata"].value("namespace", "");
        if (!bodyNs.empty() && bodyNs != route.ns)
            return sendError(
                res, ApiError::badRequest("the namespace of the provided object does not match "
                                          "the namespace sent on the request"));
    }
    // Pods are defaulted when created only: their spec is immutable.
    if (type.kind != "Pod")
        ObjectDefaults::apply(type, *body);
    return sendObject(res, type,
                      m_store.replace(type, route.ns, route.name, std::move(*body), options), 200);
}

void ApiServer::servePatch(const httplib::Request &req, httplib::Response &res, const Route &route,
                           const WriteOptions &options) {
    const ResourceType &type = route.type;
    const std::string ct = mediaType(req);
    json patch = json::parse(req.body, nullptr, false);
    if (patch.is_discarded())
        return sendError(res, ApiError::badRequest("the body of the request could not be "
                                                   "decoded as JSON"));
    ObjectStore::Mutation mutate;
    if (ct == "application/merge-patch+json" || ct == "application/apply-patch+yaml") {
        if (!patch.is_object())
            return sendError(res, ApiError::badRequest("a merge patch must be a JSON object"));
        mutate = [&patch](json &doc) -> std::optional<ApiError> {
            doc.merge_patch(patch);
            return std::nullopt;
        };
    } else if (ct == "application/json-patch+json") {
        if (!patch.is_array())
            return sendError(res, ApiError::badRequest("a JSON patch must be an array"));
        if (patch.size() > 10000) {
            ApiError e{413, "RequestEntityTooLarge",
                       "The request is too large: the JSON patch has more than 10000 operations",
                       json::object(), 0};
            return sendError(res, e);
        }
        mutate = [&patch](json &doc) -> std::optional<ApiError> {
            try {
                doc = doc.patch(patch);
            } catch (const json::exception &) {
                return ApiError::genericInvalid();
            }
            return std::nullopt;
        };
    } else if (ct == "application/strategic-merge-patch+json") {
        if (type.custom)
            return sendError(res, ApiError::unsupportedMediaType(
                                      "the body of the request was in an unknown format - "
                                      "accepted media types include: "
                                      "application/json-patch+json, "
                                      "application/merge-patch+json, "
                                      "application/apply-patch+yaml"));
        mutate = [&patch](json &doc) -> std::optional<ApiError> {
            auto merged = applyStrategicMergePatch(doc, patch);
            if (!merged)
                return ApiError::badRequest(merged.error());
            doc = std::move(*merged);
            return std::nullopt;
        };
    } else {
        return sendError(res, ApiError::unsupportedMediaType(
                                  "the body of the request was in an unknown format - "
                                  "accepted media types include: "
                                  "application/json-patch+json, "
                                  "application/merge-patch+json, "
                                  "application/apply-patch+yaml, "
                                  "application/strategic-merge-patch+json"));
    }
    // Server-side apply is applied as a merge patch; the manager's managedFields entry says
    // which fields it set, and the result is defaulted as every write is.
    const bool apply = ct == "application/apply-patch+yaml";
    const std::string manager = param(req, "fieldManager");
    const auto now = std::chrono::system_clock::now();
    ObjectStore::Mutation patched = [&](json &doc) -> std::optional<ApiError> {
        if (auto error = mutate(doc))
            return error;
        if (apply && !options.statusSubresource)
            ObjectDefaults::recordApply(doc, patch, manager, now);
        if (type.kind != "Pod" && !options.statusSubresource)
            ObjectDefaults::apply(type, doc);
        return std::nullopt;
    };
    auto r = m_store.update(type, route.ns, route.name, patched, options);
    if (!r.ok() && r.error().code == 404 && apply && !options.statusSubresource) {
        json obj = patch;
        obj["metadata"]["name"] = route.name;
        if (type.namespaced)
            obj["metadata"]["namespace"] = route.ns;
        ObjectDefaults::recordApply(obj, patch, manager, now);
        ObjectDefaults::apply(type, obj);
        return sendObject(res, type, m_store.create(type, std::move(obj), options), 201);
    }
    return sendObject(res, type, r, 200);
}

void ApiServer::serveScale(const httplib::Request &req, httplib::Response &res, const Route &route,
                           const std::string &verb, const WriteOptions &options) {
    const ResourceType &type = route.type;
    auto current = m_store.get(type, route.ns, route.name);
    if (!current.ok())
        return sendError(res, current.error());
    json scale = ScaleSubresource::scaleOf(current.value()->parse());
    if (verb == "get")
        return sendJson(res, 200, scale);
    json wanted;
    if (verb == "update") {
        auto body = parseBody(req, res);
        if (!body)
            return;
        wanted = std::move(*body);
    } else {
        const std::string ct = mediaType(req);
        json patch = json::parse(req.body, nullptr, false);
        if (patch.is_discarded())
            return sendError(res, ApiError::badRequest("the body of the request could not be "
                                                       "decoded as JSON"));
        wanted = scale;
        try {
            if (ct == "application/json-patch+json" && patch.is_array())
                wanted = scale.patch(patch);
            else if (patch.is_object() && ct != "application/json-patch+json")
                wanted.merge_patch(patch); // a Scale has no lists: strategic = merge
            else
                return sendError(res, ApiError::badRequest("the patch does not fit its type"));
        } catch (const json::exception &) {
            return sendError(res, ApiError::genericInvalid());
        }
    }
    auto replicas = ScaleSubresource::replicasOf(wanted, route.name);
    if (!replicas.ok())
        return sendError(res, replicas.error());
    const json &wantedMeta = wanted.contains("metadata") && wanted["metadata"].is_object()
                                 ? wanted["metadata"]
                                 : json::object();
    // A resourceVersion in a PUT body, or set by a patch, is a precondition (the apiserver
    // updates with the Scale's version: 409 when the object moved on).
    const json precondition = wantedMeta.value("resourceVersion", json());
    auto r = m_store.update(
        type, route.ns, route.name,
        [&](json &doc) -> std::optional<ApiError> {
            doc["spec"]["replicas"] = replicas.value();
            if (precondition.is_string() && !precondition.get<std::string>().empty())
                doc["metadata"]["resourceVersion"] = precondition;
            return std::nullopt;
        },
        options);
    if (!r.ok())
        return sendError(res, r.error());
    sendJson(res, 200, ScaleSubresource::scaleOf(r.value()->parse()));
}

void ApiServer::serveDelete(const httplib::Request &req, httplib::Response &res, const Route &route,
                            const WriteOptions &options) {
    const ResourceType &type = route.type;
    std::string uid;
    std::string rv;
    std::optional<std::int64_t> gracePeriod;
    bool dryRun = options.dryRun;
    if (const std::string q = param(req, "gracePeriodSeconds"); !q.empty())
        gracePeriod = std::strtoll(q.c_str(), nullptr, 10);
    if (!req.body.empty()) {
        json opts = json::parse(req.body, nullptr, false);
        if (opts.is_object() && opts.contains("preconditions") &&
            opts["preconditions"].is_object()) {
            uid = opts["preconditions"].value("uid", "");
            rv = opts["preconditions"].value("resourceVersion", "");
        }
        if (opts.is_object() && opts.contains("gracePeriodSeconds") &&
            opts["gracePeriodSeconds"].is_number_integer())
            gracePeriod = opts["gracePeriodSeconds"].get<std::int64_t>();
        if (opts.is_object())
            for (const auto &v : opts.value("dryRun", json::array()))
                if (v == "All")
                    dryRun = true;
    }
    const bool pod = type.group.empty() && type.plural == "pods";
    if (pod && m_options.terminator != nullptr) {
        PodDeleteRequest request;
        request.preconditionUid = uid;
        request.preconditionRv = rv;
        request.dryRun = dryRun;
        request.gracePeriodSeconds = gracePeriod;
        return sendObject(res, type, m_options.terminator->remove(route.ns, route.name, request),
                          200);
    }
    if (dryRun) {
        auto r = m_store.get(type, route.ns, route.name);
        return sendObject(res, type, r, 200);
    }
    if (type.group.empty() && type.plural == "namespaces" && m_options.terminator != nullptr) {
        ListQuery inNs;
        inNs.ns = route.name;
        inNs.limit = 1;
        auto pods = m_store.list(m_registry.core("pods"), inNs);
        if (pods.ok() && !pods.value().items.empty())
            return terminateNamespace(res, route);
    }
    return sendObject(res, type, m_store.remove(type, route.ns, route.name, uid, rv), 200);
}

void ApiServer::terminateNamespace(httplib::Response &res, const Route &route) {
    WriteOptions options;
    options.marksDeletion = true;
    auto r = m_store.update(
        route.type, "", route.name,
        [](json &doc) -> std::optional<ApiError> {
            if (!doc["metadata"].contains("deletionTimestamp"))
                doc["metadata"]["deletionTimestamp"] =
                    formatRfc3339(std::chrono::system_clock::now());
            doc["status"]["phase"] = "Terminating";
            return std::nullopt;
        },
        options);
    sendObject(res, route.type, r, 200);
}

void ApiServer::serveEviction(const httplib::Request &req, httplib::Response &res,
                              const Route &route, const WriteOptions &options) {
    auto body = parseBody(req, res);
    if (!body)
        return;
    auto r = m_options.eviction->evict(route.ns, route.name, *body, options.dryRun);
    if (!r.ok())
        return sendError(res, r.error());
    sendJson(res, 201, r.value());
}

void ApiServer::serveDeleteCollection(const httplib::Request &req, httplib::Response &res,
                                      const Route &route) {
    const ResourceType &type = route.type;
    auto selectors = parseSelectors(req, res, type);
    if (!selectors)
        return;
    auto page = m_store.list(type, selectors->query(route.ns));
    if (!page.ok())
        return sendError(res, page.error());
    json items = json::array();
    for (const auto &o : page.value().items) {
        auto r = m_store.remove(type, o->ns, o->name);
        if (r.ok())
            items.push_back(json::parse(objectJson(type, r.value())));
    }
    sendJson(res, 200,
             {{"apiVersion", type.apiVersion()},
              {"kind", type.listKind},
              {"metadata", {{"resourceVersion", std::to_string(m_store.currentRv())}}},
              {"items", items}});
}

std::string ApiServer::objectJson(const ResourceType &type, const ObjectPtr &object) const {
    if (object->apiVersion == type.apiVersion())
        return object->json;
    // A CRD serves every version from one collection (conversion strategy None): only the
    // apiVersion differs. Keys are sorted, so it is the first member.
    const std::string prefix = "{\"apiVersion\":\"" + object->apiVersion + '"';
    if (object->json.compare(0, prefix.size(), prefix) == 0)
        return "{\"apiVersion\":\"" + type.apiVersion() + '"' + object->json.substr(prefix.size());
    json doc = object->parse();
    doc["apiVersion"] = type.apiVersion();
    return doc.dump();
}

std::string ApiServer::tableRow(const ResourceType &type, const ObjectPtr &object,
                                std::chrono::system_clock::time_point now) const {
    if (object->tableCells.empty())
        return TablePrinter::rowFor(type, object->parse(), now).dump();
    // Only pods and nodes carry cached cells; find their Age column once per kind.
    auto ageIndex = [](const ResourceType &t) {
        const json cols = TablePrinter::columnDefinitions(t);
        for (std::size_t i = 0; i < cols.size(); ++i)
            if (cols[i].value("name", "") == "Age")
                return i;
        return cols.size();
    };
    std::size_t age = 0;
    if (type.kind == "Pod") {
        static const std::size_t podAge = ageIndex(type);
        age = podAge;
    } else {
        static const std::size_t nodeAge = ageIndex(type);
        age = nodeAge;
    }
    std::string row = R"({"cells":[)";
    for (std::size_t i = 0; i < object->tableCells.size(); ++i) {
        if (i > 0)
            row += ',';
        const auto created = i == age ? parseRfc3339(object->creationTimestamp) : std::nullopt;
        if (created)
            row += json(k8s::humanDuration(
                            std::chrono::duration_cast<std::chrono::seconds>(now - *created)))
                       .dump();
        else
            row += object->tableCells[i];
    }
    row += "]";
    if (!object->tableConditions.empty())
        row += R"(,"conditions":)" + object->tableConditions;
    row +=
        R"(,"object":{"apiVersion":"meta.k8s.io/v1","kind":"PartialObjectMetadata","metadata":)" +
        object->tableMetadata + "}}";
    return row;
}

void ApiServer::serveList(const httplib::Request &req, httplib::Response &res,
                          const ResourceType &type, const std::string &ns, bool table) {
    auto selectors = parseSelectors(req, res, type);
    if (!selectors)
        return;
    ListQuery q = selectors->query(ns);
    q.continueToken = param(req, "continue");
    q.resourceVersion = param(req, "resourceVersion");
    q.resourceVersionMatch = param(req, "resourceVersionMatch");
    const std::string limit = param(req, "limit");
    if (!limit.empty())
        q.limit = std::strtoull(limit.c_str(), nullptr, 10);
    const auto invalid = [&](const std::string &field, const std::string &msg) {
        ApiError e =
            ApiError::invalid("ListOptions", "meta.k8s.io", "", field, "FieldValueForbidden", msg);
        sendError(res, e);
    };
    if (!q.resourceVersionMatch.empty()) {
        if (q.resourceVersion.empty())
            return invalid("resourceVersionMatch",
                           "resourceVersionMatch is forbidden unless resourceVersion is provided");
        if (!q.continueToken.empty())
            return invalid("resourceVersionMatch",
                           "resourceVersionMatch is forbidden when continue is provided");
        if (q.resourceVersionMatch != "Exact" && q.resourceVersionMatch != "NotOlderThan")
            return invalid("resourceVersionMatch", "supported values: \"Exact\", \"NotOlderThan\"");
        if (q.resourceVersionMatch == "Exact" && q.resourceVersion == "0")
            return invalid("resourceVersionMatch",
                           "resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\"");
    }
    if (boolParam(req, "sendInitialEvents"))
        return invalid("sendInitialEvents", "sendInitialEvents is forbidden for list");
    if (!q.continueToken.empty() && !q.resourceVersion.empty() && q.resourceVersion != "0")
        return sendError(
            res,
            ApiError::badRequest("specifying resource version is not allowed when using continue"));

    if (!q.continueToken.empty() && m_faults.expireContinue())
        return sendError(res, ApiError::expiredContinue());
    auto result = m_store.list(type, q);
    if (!result.ok())
        return sendError(res, result.error());
    auto page = std::make_shared<ListPage>(std::move(result.value()));

    json meta = {{"resourceVersion", std::to_string(page->rv)}};
    if (!page->continueToken.empty())
        meta["continue"] = page->continueToken;
    if (page->remaining)
        meta["remainingItemCount"] = *page->remaining;
    std::string head;
    std::string tail;
    if (table) {
        head = R"({"apiVersion":"meta.k8s.io/v1","columnDefinitions":)" +
               TablePrinter::columnDefinitions(type).dump() + R"(,"kind":"Table","metadata":)" +
               meta.dump() + R"(,"rows":[)";
        tail = "]}";
    } else {
        head = R"({"apiVersion":")" + type.apiVersion() + R"(","items":[)";
        tail = R"(],"kind":")" + type.listKind + R"(","metadata":)" + meta.dump() + "}";
    }
    const auto now = std::chrono::system_clock::now();
    res.status = 200;
    res.set_chunked_content_provider(table ? kTableType : kJson,
                                     [this, page, head = std::move(head), tail = std::move(tail),
                                      type, table, now](std::size_t, httplib::DataSink &sink) {
                                         std::string buffer;
                                         buffer.reserve(kFlushBytes + std::size_t{64} * 1024);
                                         buffer += head;
                                         bool first = true;
                                         for (const auto &o : page->items) {
                                             if (!first)
                                                 buffer += ',';
                                             first = false;
                                             if (table)
                                                 buffer += tableRow(type, o, now);
                                             else if (o->apiVersion == type.apiVersion())
                                                 buffer += o->json;
                                             else
                                                 buffer += objectJson(type, o);
                                             if (buffer.size() >= kFlushBytes) {
                                                 if (!writeBody(sink, buffer.data(), buffer.size()))
                                                     return false;
                                                 buffer.clear();
                                             }
                                         }
                                         buffer += tail;
                                         if (!writeBody(sink, buffer.data(), buffer.size()))
                                             return false;
                                         sink.done();
                                         return true;
                                     });
}

std::optional<ApiServer::WatchStart> ApiServer::watchStart(const httplib::Request &req,
                                                           httplib::Response &res,
                                                           const ResourceType &type,
                                                           const std::string &ns) {
    auto selectors = parseSelectors(req, res, type);
    if (!selectors)
        return std::nullopt;
    const std::string rvParam = param(req, "resourceVersion");
    const std::string rvMatch = param(req, "resourceVersionMatch");
    const bool sendInitial = boolParam(req, "sendInitialEvents");
    WatchStart start;
    start.selectors = std::move(*selectors);
    start.bookmarks = boolParam(req, "allowWatchBookmarks");
    if (!rvMatch.empty() && !sendInitial) {
        sendError(res, ApiError::invalid("ListOptions", "meta.k8s.io", "", "resourceVersionMatch",
                                         "FieldValueForbidden",
                                         "resourceVersionMatch is forbidden for watch unless "
                                         "sendInitialEvents is provided"));
        return std::nullopt;
    }
    if (sendInitial && !m_options.watchList) {
        sendError(res, ApiError::invalid("ListOptions", "meta.k8s.io", "", "sendInitialEvents",
                                         "FieldValueForbidden",
                                         "sendInitialEvents is forbidden for watch unless the "
                                         "WatchList feature gate is enabled"));
        return std::nullopt;
    }
    if (sendInitial && rvMatch != "NotOlderThan") {
        sendError(res, ApiError::invalid("ListOptions", "meta.k8s.io", "", "sendInitialEvents",
                                         "FieldValueForbidden",
                                         "sendInitialEvents is forbidden for watch unless "
                                         "resourceVersionMatch is set to NotOlderThan"));
        return std::nullopt;
    }
    start.timeoutSeconds = 1800 + static_cast<long>(std::random_device{}() % 1800);
    if (const std::string t = param(req, "timeoutSeconds"); !t.empty())
        start.timeoutSeconds = std::max(0L, std::strtol(t.c_str(), nullptr, 10));
    if (rvParam.empty() || rvParam == "0" || sendInitial) {
        ListQuery q;
        q.ns = ns;
        auto page = m_store.list(type, q);
        if (!page.ok()) {
            sendError(res, page.error());
            return std::nullopt;
        }
        start.initial = std::move(page.value().items);
        start.cursor = page.value().rv;
        start.initialEnd = sendInitial && start.bookmarks;
    } else {
        char *end = nullptr;
        start.cursor = std::strtoull(rvParam.c_str(), &end, 10);
        if (end == nullptr || *end != '\0') {
            sendError(res, ApiError::badRequest("invalid resource version: " + rvParam));
            return std::nullopt;
        }
    }
    if (m_faults.expireWatch())
        start.error =
            ApiError::gone("too old resource version: " + rvParam + " (injected expire-watch)");
    return start;
}

void ApiServer::serveWatch(const httplib::Request &req, httplib::Response &res,
                           const ResourceType &type, const std::string &ns, bool table) {
    auto start = watchStart(req, res, type, ns);
    if (!start)
        return;
    auto state = std::make_shared<WatchStart>(std::move(*start));
    res.status = 200;
    res.set_chunked_content_provider(table ? kTableType : kJson, [this, state, type, ns,
                                                                  table](std::size_t,
                                                                         httplib::DataSink &sink) {
        const auto started = Clock::now();
        const auto deadline = started + std::chrono::seconds(state->timeoutSeconds);
        const auto dropAfter = m_faults.dropWatchAfter();
        const std::uint64_t resetGen = m_faults.resetGeneration();
        auto nextBookmark = started + m_options.bookmarkInterval;
        bool headerSent = false;
        // Events are written in batches (one chunk, one TLS record run, one syscall per batch of
        // up to kWatchChunk bytes): at 10,000 events/s a write per event cost the simulator more
        // than making the events. The stream is the same newline-separated events; a client
        // sees what TCP coalescing would give it from a real API server under load.
        static constexpr std::size_t kWatchChunk = std::size_t{256} * 1024;
        std::string line;
        auto flushLines = [&] {
            if (line.empty())
                return true;
            const bool ok = writeBody(sink, line.data(), line.size());
            line.clear();
            return ok;
        };
        auto emit = [&](const char *kind, const ObjectPtr &o) {
            if (m_faults.malformedEvent()) {
                // A broken chunk in place of this event, then the stream is cut: a client
                // that resumes from its last good version loses nothing.
                line += "{\"type\":\"MODIFIED\",\"object\":{\"kind\"\n";
                flushLines();
                return false;
            }
            line += R"({"type":")";
            line += kind;
            line += R"(","object":)";
            if (table) {
                line += watchTableObject(type, o, headerSent);
                headerSent = true;
            } else {
                line += objectJson(type, o);
            }
            line += "}\n";
            return line.size() < kWatchChunk || flushLines();
        };
        auto bookmark = [&](std::uint64_t rv, bool initialEnd) {
            if (!flushLines())
                return false;
            const std::string l = bookmarkLine(type, rv, initialEnd);
            return writeBody(sink, l.data(), l.size());
        };
        auto fail = [&](const ApiError &e) {
            flushLines();
            const std::string l = json{{"type", "ERROR"}, {"object", e.toStatus()}}.dump() + "\n";
            writeBody(sink, l.data(), l.size());
            sink.done();
            return true;
        };
        if (state->error)
            return fail(*state->error);
        for (const auto &o : state->initial) {
            if (state->selectors.matches(*o) && !emit("ADDED", o))
                return false;
        }
        state->initial.clear();
        if (!flushLines())
            return false;
        if (state->initialEnd && !bookmark(state->cursor, true))
            return false;

        std::vector<WatchEvent> events;
        std::uint64_t complete = state->cursor;
        while (!m_stopping.load()) {
            const auto now = Clock::now();
            if (now >= deadline) {
                if (state->bookmarks)
                    bookmark(complete, false);
                sink.done();
                return true;
            }
            if ((dropAfter.count() > 0 && now - started >= dropAfter) ||
                m_faults.resetGeneration() != resetGen)
                return false; // cut the connection without a terminating chunk
            events.clear();
            const auto wait =
                std::min<Clock::duration>(std::chrono::milliseconds(250), deadline - now);
            auto r =
                m_store.waitForEvents(type, state->cursor, events,
                                      std::chrono::duration_cast<std::chrono::milliseconds>(wait));
            if (!r.ok())
                return fail(r.error());
            for (const auto &e : events) {
                state->cursor = e.rv;
                if (!ns.empty() && e.object->ns != ns)
                    continue;
                const char *kind = watchEventType(e, state->selectors);
                if (kind != nullptr && !emit(kind, e.object))
                    return false;
            }
            if (!flushLines())
                return false;
            // Let a busy collection's events gather for 2 ms before the next batch: at thousands
            // of writes per second a watch then writes hundreds of events per chunk instead of
            // waking and writing for each one (a latency no client can tell from the network's).
            if (!events.empty())
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
            complete = std::max(state->cursor, r.value());
            if (state->bookmarks && Clock::now() >= nextBookmark) {
                if (!bookmark(complete, false))
                    return false;
                nextBookmark = Clock::now() + m_options.bookmarkInterval;
            }
        }
        return false;
    });
}

std::string ApiServer::watchTableObject(const ResourceType &type, const ObjectPtr &object,
                                        bool headerSent) const {
    json t = {
        {"kind", "Table"},
        {"apiVersion", "meta.k8s.io/v1"},
        {"metadata", {{"resourceVersion", std::to_string(object->rv)}}},
        {"rows",
         json::array({json::parse(tableRow(type, object, std::chrono::system_clock::now()))})}};
    t["columnDefinitions"] = headerSent ? json() : TablePrinter::columnDefinitions(type);
    return t.dump();
}

void ApiServer::serveReview(const httplib::Request &req, httplib::Response &res,
                            const SimUser &user, const ResourceType &type) {
    auto body = parseBody(req, res);
    if (!body)
        return;
    json out = body->is_object() ? *body : json::object();
    out["apiVersion"] = type.apiVersion();
    out["kind"] = type.kind;
    if (!out.contains("metadata") || !out["metadata"].is_object())
        out["metadata"] = json::object();
    out["metadata"]["creationTimestamp"] = nullptr;
    if (type.kind == "SelfSubjectAccessReview") {
        const json spec = out.value("spec", json::object());
        std::string verb;
        if (spec.contains("resourceAttributes"))
            verb = spec["resourceAttributes"].value("verb", "");
        else if (spec.contains("nonResourceAttributes"))
            verb = spec["nonResourceAttributes"].value("verb", "");
        else
            return sendError(res, ApiError::invalid(type.kind, type.group, "", "spec",
                                                    "FieldValueRequired",
                                                    "exactly one of nonResourceAttributes or "
                                                    "resourceAttributes must be specified"));
        const bool readVerb = verb == "get" || verb == "list" || verb == "watch";
        std::string resource;
        if (spec.contains("resourceAttributes")) {
            const json &ra = spec["resourceAttributes"];
            resource = ra.value("resource", "");
            if (!ra.value("subresource", "").empty())
                resource += '/' + ra.value("subresource", "");
        }
        const bool allowed =
            (!user.readOnly || readVerb) && (resource.empty() || !user.denies(resource));
        out["status"] = {{"allowed", allowed}};
        if (allowed)
            out["status"]["reason"] =
                user.readOnly ? "RBAC: allowed by ClusterRoleBinding \"cubedesk-sim-view\""
                              : "RBAC: allowed by ClusterRoleBinding \"cubedesk-sim-admin\"";
    } else if (type.kind == "SelfSubjectRulesReview") {
        const json verbs = user.readOnly ? json{"get", "list", "watch"} : json{"*"};
        out["status"] = {
            {"resourceRules",
             json::array({{{"verbs", verbs}, {"apiGroups", {"*"}}, {"resources", {"*"}}}})},
            {"nonResourceRules", json::array({{{"verbs", {"get"}},
                                               {"nonResourceURLs",
                                                {"/healthz", "/livez", "/readyz", "/version",
                                                 "/api", "/api/*", "/apis", "/apis/*"}}}})},
            {"incomplete", false}};
    } else {
        json groups = user.groups;
        groups.push_back("system:authenticated");
        out["status"] = {{"userInfo", {{"username", user.name}, {"groups", groups}}}};
    }
    sendJson(res, 201, out);
}

} // namespace cubedesk::sim
