#include "k8s/session/resourcewatch.h"

#include "k8s/api/apistatus.h"
#include "k8s/api/urlescape.h"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcWatch, "cubedesk.k8s.reflector")

namespace cubedesk::k8s {

namespace {

constexpr std::size_t kMaxErrorBody = std::size_t{64} * 1024;
/// A streaming list gets a LIST page's deadline (WatchTimeouts::listPage) for each this many
/// objects of its state.
constexpr std::size_t kStreamPage = 500;

} // namespace

ResourceWatch::ResourceWatch(ResourceDescriptor resource, HttpTransport &transport,
                             ObjectDecoder &decoder, Sink sink, std::uint64_t seed,
                             WatchTimeouts timeouts)
    : m_resource(std::move(resource))
    , m_timeouts(timeouts)
    , m_transport(transport)
    , m_decoder(decoder)
    , m_reflector(KubeReflector::Config{500, 300, 600, std::chrono::milliseconds(800),
                                        std::chrono::milliseconds(30000), std::chrono::seconds(120),
                                        std::chrono::seconds(60), std::chrono::milliseconds(1000),
                                        seed, m_resource.kind != ObjectKind::TableRow},
                  std::move(sink))
    , m_listSplitter(m_resource.kind == ObjectKind::TableRow ? "rows" : "items") {}

ResourceWatch::~ResourceWatch() {
    stop();
}

void ResourceWatch::start() {
    execute(m_reflector.start(std::chrono::steady_clock::now()));
}

void ResourceWatch::stop() {
    m_stopped = true;
    m_streamDeadline.reset();
    if (m_request) {
        m_transport.cancel(*m_request);
        m_request.reset();
    }
}

void ResourceWatch::abandonRequest() {
    m_streamDeadline.reset();
    if (m_request) {
        m_transport.cancel(*m_request);
        m_request.reset();
    }
    ++m_generation;
}

void ResourceWatch::restart() {
    abandonRequest();
    execute(m_reflector.restart());
}

void ResourceWatch::renew() {
    if (m_stopped)
        return;
    abandonRequest();
    execute(m_reflector.renew());
}

void ResourceWatch::tick() {
    if (m_streamDeadline && std::chrono::steady_clock::now() >= *m_streamDeadline) {
        abandonRequest();
        return fail({0,
                     "the streamed list missed its deadline: " + std::to_string(kStreamPage) +
                         " objects did not arrive within " +
                         std::to_string(m_timeouts.listPage.count()) + " ms",
                     "", -1});
    }
    if (!m_request)
        execute(m_reflector.onTimer(std::chrono::steady_clock::now()));
}

std::vector<ObjectPtr> ResourceWatch::snapshot() const {
    std::vector<ObjectPtr> out;
    out.reserve(m_reflector.size());
    m_reflector.items().forEach([&](const ObjectPtr &obj) { out.push_back(obj); });
    return out;
}

void ResourceWatch::execute(const ReflectorCommand &command) {
    if (m_stopped)
        return;
    switch (command.type) {
    case ReflectorCommand::Type::None:
        break;
    case ReflectorCommand::Type::List:
        startList(command.continueToken, command.unpaged);
        break;
    case ReflectorCommand::Type::Watch:
        startWatch(command);
        break;
    }
}

ReflectorFailure ResourceWatch::failureOf(const HttpResponse &response, const std::string &body) {
    ReflectorFailure f;
    if (response.authFailed) {
        f.httpStatus = 401;
        f.reason = "Unauthorized";
        f.message = response.error;
        return f;
    }
    if (response.timedOut == HttpResponse::Deadline::Total) {
        f.reason = "no complete answer within the request's deadline";
        return f;
    }
    if (response.status == 0 || (response.status == 200 && response.curlCode != CURLE_OK)) {
        f.httpStatus = 0;
        f.reason = response.error.empty() ? "connection lost" : response.error;
        return f;
    }
    const ApiStatus s = ApiStatus::fromResponse(response.status, body, response.retryAfterSeconds);
    f.httpStatus = s.code;
    f.reason = s.reason;
    f.message = s.message;
    f.retryAfterSeconds = s.retryAfterSeconds;
    return f;
}

void ResourceWatch::fail(const ReflectorFailure &failure) {
    m_streamDeadline.reset();
    qCWarning(lcWatch).noquote() << QString::fromStdString(m_resource.id())
                                 << "failed:" << failure.httpStatus
                                 << QString::fromStdString(failure.reason)
                                 << QString::fromStdString(failure.message);
    const bool streamed = m_reflector.streamsLists();
    execute(m_reflector.onFailure(failure, std::chrono::steady_clock::now()));
    if (streamed && !m_reflector.streamsLists())
        qCInfo(lcWatch).noquote() << QString::fromStdString(m_resource.id())
                                  << "the server does not serve streaming lists; listing in pages";
}

void ResourceWatch::send(HttpRequest req, const std::function<void(std::string_view)> &onBody,
                         void (ResourceWatch::*onDone)(const HttpResponse &)) {
    req.headers = {tableRows() ? "Accept: application/json;as=Table;v=v1;g=meta.k8s.io"
                               : "Accept: application/json"};
    const std::uint64_t generation = ++m_generation;
    if (req.onHeaders)
        req.onHeaders = [this, generation, onHeaders = std::move(req.onHeaders)](int status) {
            if (generation == m_generation) // not abandoned by restart()
                onHeaders(status);
        };
    req.onData = [this, generation, onBody](std::string_view chunk, int status) {
        if (generation != m_generation)
            return false; // abandoned by restart()
        m_bytes += chunk.size();
        if (status != 200) {
            // An error answer: keep (the start of) its Status body for the message.
            if (m_errorBody.size() < kMaxErrorBody)
                m_errorBody.append(chunk.substr(0, kMaxErrorBody - m_errorBody.size()));
            return true;
        }
        const auto begin = std::chrono::steady_clock::now();
        onBody(chunk);
        m_decodeSeconds +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        return !m_pendingFailure;
    };
    m_request =
        m_transport.start(std::move(req), [this, generation, onDone](HttpTransport::RequestId,
                                                                     const HttpResponse &r) {
            if (generation != m_generation)
                return;
            m_request.reset();
            m_streamDeadline.reset();
            // A failure seen in the body (ERROR event, malformed data) wins over how the
            // request ended; our own cancellations end quietly.
            if (m_pendingFailure) {
                auto f = *m_pendingFailure;
                m_pendingFailure.reset();
                return fail(f);
            }
            if (!r.cancelled)
                (this->*onDone)(r);
        });
}

void ResourceWatch::startList(const std::string &continueToken, bool unpaged) {
    m_streamDeadline.reset();
    if (continueToken.empty())
        m_page.clear();
    m_listSplitter.reset();
    m_errorBody.clear();
    m_pendingFailure.reset();
    HttpRequest request;
    std::string query = unpaged ? "" : "&limit=500";
    if (!unpaged && !continueToken.empty())
        query += "&continue=" + UrlEscape::queryValue(continueToken);
    query += m_resource.selectorQuery();
    if (!query.empty())
        query[0] = '?';
    request.path = m_resource.collectionPath() + query;
    request.responseTimeout = m_timeouts.response;
    if (unpaged)
        request.idleTimeout = m_timeouts.listIdle; // it may be big: only silence is wrong
    else
        request.timeout = m_timeouts.listPage;
    send(
        std::move(request),
        [this](std::string_view chunk) {
            const bool ok = m_listSplitter.feed(chunk, [&](std::string_view item) {
                if (m_pendingFailure)
                    return;
                auto obj = m_decoder.decode(m_resource.kind, item);
                if (obj)
                    m_page.push_back(std::move(*obj));
                else
                    m_pendingFailure =
                        ReflectorFailure{0, "malformed object in LIST: " + obj.error(), "", -1};
            });
            if (!ok && !m_pendingFailure)
                m_pendingFailure =
                    ReflectorFailure{0, "malformed LIST body: " + m_listSplitter.error(), "", -1};
        },
        &ResourceWatch::onListDone);
}

void ResourceWatch::onListDone(const HttpResponse &r) {
    if (r.status != 200 || r.curlCode != CURLE_OK || r.authFailed)
        return fail(failureOf(r, m_errorBody));
    if (!m_listSplitter.finish())
        return fail({0, "incomplete LIST body: " + m_listSplitter.error(), "", -1});
    if (tableRows()) {
        if (m_listSplitter.kind() != "Table")
            return fail({0,
                         "the server answered a " +
                             (m_listSplitter.kind().empty() ? std::string("body without a kind")
                                                            : m_listSplitter.kind()) +
                             ", not a Table: it cannot print this resource",
                         "", -1});
        takeColumns(m_listSplitter.columnDefinitions());
        if (m_pendingFailure) {
            auto f = *m_pendingFailure;
            m_pendingFailure.reset();
            return fail(f);
        }
    }
    std::vector<ObjectPtr> page;
    page.swap(m_page);
    const std::string cont = m_listSplitter.continueToken();
    auto next = m_reflector.onListPage(std::move(page), m_listSplitter.resourceVersion(), cont,
                                       std::chrono::steady_clock::now());
    execute(next);
}

void ResourceWatch::takeColumns(const std::string &json) {
    if (json.empty())
        return;
    auto columns = ServerTable::parseColumns(json);
    if (!columns) {
        m_pendingFailure = ReflectorFailure{0, columns.error(), "", -1};
        return;
    }
    if (*columns == m_columns)
        return;
    m_columns = std::move(*columns);
    if (m_columnsSink)
        m_columnsSink(m_columns);
}

void ResourceWatch::startWatch(const ReflectorCommand &command) {
    m_lineSplitter.reset();
    m_errorBody.clear();
    m_pendingFailure.reset();
    HttpRequest request;
    request.path = m_resource.collectionPath() + "?watch=1&allowWatchBookmarks=true" +
                   m_resource.selectorQuery();
    m_streamDeadline.reset();
    if (command.sendInitialEvents) {
        request.path += "&sendInitialEvents=true&resourceVersionMatch=NotOlderThan";
        m_streamDeadline = std::chrono::steady_clock::now() + m_timeouts.listPage;
        m_streamedSinceDeadline = 0;
    } else if (!command.resourceVersion.empty())
        request.path += "&resourceVersion=" + UrlEscape::queryValue(command.resourceVersion);
    request.path += "&timeoutSeconds=" + std::to_string(command.timeoutSeconds);
    request.responseTimeout = m_timeouts.response;
    request.idleTimeout = m_timeouts.watchIdle;
    request.onHeaders = [this](int status) {
        if (status == 200)
            m_reflector.onWatchOpened(std::chrono::steady_clock::now());
    };
    send(
        std::move(request),
        [this](std::string_view chunk) {
            const bool fed = m_lineSplitter.feed(chunk, [&](std::string_view line) {
                if (m_pendingFailure || line.empty())
                    return;
                if (const auto decoded = m_decoder.decodeWatchEvent(m_resource.kind, line, m_event);
                    !decoded) {
                    // Resume from the last good event: nothing is lost (client-go does the same).
                    m_pendingFailure =
                        ReflectorFailure{0, "malformed watch event: " + decoded.error(), "", -1};
                    return;
                }
                if (!m_event.tableColumns.empty()) {
                    takeColumns(m_event.tableColumns);
                    if (m_pendingFailure)
                        return;
                }
                if (m_streamDeadline && ++m_streamedSinceDeadline == kStreamPage) {
                    m_streamedSinceDeadline = 0;
                    m_streamDeadline = std::chrono::steady_clock::now() + m_timeouts.listPage;
                }
                switch (m_event.type) {
                case WatchEvent::Type::Added:
                    m_reflector.onAdded(m_event.object);
                    break;
                case WatchEvent::Type::Modified:
                    m_reflector.onModified(m_event.object);
                    break;
                case WatchEvent::Type::Deleted:
                    m_reflector.onDeleted(m_event.object);
                    break;
                case WatchEvent::Type::Bookmark:
                    if (m_event.initialEventsEnd) {
                        m_streamDeadline.reset();
                        m_reflector.onInitialEventsEnd(m_event.resourceVersion,
                                                       std::chrono::steady_clock::now());
                    } else
                        m_reflector.onBookmark(m_event.resourceVersion);
                    break;
                case WatchEvent::Type::Error:
                    m_pendingFailure = ReflectorFailure{m_event.status.code, m_event.status.reason,
                                                        m_event.status.message, -1};
                    break;
                }
            });
            if (!fed && !m_pendingFailure)
                m_pendingFailure = ReflectorFailure{
                    0,
                    "a watch event longer than " +
                        std::to_string(WatchLineSplitter::kDefaultMaxLineLength >> 20) +
                        " MiB: the stream is dropped and the watch opened again",
                    "", -1};
        },
        &ResourceWatch::onWatchDone);
}

void ResourceWatch::onWatchDone(const HttpResponse &r) {
    if (r.status == 200 && r.curlCode == CURLE_OK)
        return execute(m_reflector.onWatchClosed(std::chrono::steady_clock::now()));
    if (r.status == 200 && r.timedOut == HttpResponse::Deadline::Idle) {
        qCInfo(lcWatch).noquote() << QString::fromStdString(m_resource.id()) << "watch silent for"
                                  << m_timeouts.watchIdle.count() << "ms; opening it again";
        return execute(m_reflector.onWatchIdle(std::chrono::steady_clock::now()));
    }
    fail(failureOf(r, m_errorBody));
}

} // namespace cubedesk::k8s
