#include "k8s/session/logstream.h"

#include "k8s/api/apistatus.h"
#include "k8s/api/logresumepoint.h"
#include "k8s/api/urlescape.h"
#include "k8s/net/httptransport.h"
#include "k8s/session/clustersession.h"

#include <QLoggingCategory>

#include <algorithm>
#include <atomic>
#include <deque>
#include <mutex>

#include <simdjson.h>

Q_LOGGING_CATEGORY(lcLogStream, "cubedesk.k8s.logs")

namespace cubedesk::k8s {

namespace {

constexpr std::chrono::milliseconds kFirstBackoff{1000};
constexpr std::chrono::milliseconds kMaxBackoff{30000};
constexpr std::size_t kMaxErrorBody = 64 * 1024;
constexpr std::size_t kLineOverhead = sizeof(LogLine); ///< what a pending line costs beyond text
constexpr const char *kNotScheduled = "the pod is not scheduled yet";

/// Whether `container` (the first container when empty) of the pod in `body` runs now; nullopt
/// when the body is not a pod.
std::optional<bool> containerRunning(const std::string &body, const std::string &container) {
    simdjson::dom::parser parser;
    simdjson::dom::element pod;
    if (parser.parse(body).get(pod) != simdjson::SUCCESS)
        return std::nullopt;
    for (const char *list : {"containerStatuses", "initContainerStatuses"}) {
        simdjson::dom::array statuses;
        if (pod.at_pointer(std::string("/status/") + list).get(statuses) != simdjson::SUCCESS)
            continue;
        for (simdjson::dom::element cs : statuses) {
            std::string_view name;
            if (cs["name"].get(name) != simdjson::SUCCESS)
                continue;
            if (!container.empty() && name != container)
                continue;
            simdjson::dom::element running;
            return cs.at_pointer("/state/running").get(running) == simdjson::SUCCESS;
        }
    }
    return false;
}

} // namespace

struct LogStream::Core : std::enable_shared_from_this<Core> {
    ClusterSession *session = nullptr;
    Options options;
    std::atomic<bool> stopped{false};
    std::atomic<ClusterSession::StreamId> stream{0};

    // Session thread only.
    std::unique_ptr<LogLineSplitter> splitter;
    LogResumePoint point;
    bool resuming = false;
    bool follow = false;
    std::chrono::milliseconds backoff{0};

    // Shared with the consumer.
    std::mutex mutex;
    std::deque<LogLine> pending;
    std::size_t pendingBytes = 0;
    std::uint64_t dropped = 0;
    State state = State::Connecting;
    std::string message;
    int reconnects = 0;
    bool wakeArmed = true;
    std::function<void()> onReady;

    void connect();
    void deliver(std::vector<LogLine> &lines);
    void finished(const HttpResponse &r, const std::string &errorBody);
    void checkPod();
    void retryLater(const std::string &why, void (Core::*step)());
    void setState(State s, std::string why);
};

void LogStream::Core::setState(State s, std::string why) {
    std::function<void()> wake;
    {
        const std::lock_guard lock(mutex);
        if (state == s && message == why)
            return;
        state = s;
        message = std::move(why);
        if (wakeArmed) {
            wakeArmed = false;
            wake = onReady;
        }
    }
    if (wake)
        wake();
}

void LogStream::Core::connect() {
    if (stopped.load())
        return;
    PodLogOptions o = options.log;
    o.timestamps = true;
    o.follow = follow;
    if (resuming && point.sinceTime()) {
        // From the last line's second; the lines already shown are skipped as they come again.
        o.sinceTime = point.sinceTime();
        o.sinceSeconds.reset();
        o.tailLines.reset();
        point.resume();
    }
    splitter = std::make_unique<LogLineSplitter>(true, options.maxLineBytes);
    HttpRequest request;
    request.path = o.path(options.ns, options.pod);
    request.responseTimeout = std::chrono::seconds(30);
    auto self = shared_from_this();
    auto errorBody = std::make_shared<std::string>();
    request.onHeaders = [self](int status) {
        if (status / 100 == 2)
            self->setState(State::Streaming, {});
    };
    request.onData = [self, errorBody](std::string_view chunk, int status) {
        if (self->stopped.load())
            return false;
        if (status / 100 != 2) {
            if (errorBody->size() < kMaxErrorBody)
                errorBody->append(chunk.substr(0, kMaxErrorBody - errorBody->size()));
            return true;
        }
        self->backoff = std::chrono::milliseconds(0); // bytes came: the path works
        std::vector<LogLine> lines;
        self->splitter->feed(chunk, lines);
        self->deliver(lines);
        return true;
    };
    stream = session->openStream(std::move(request), [self, errorBody](const HttpResponse &r) {
        self->finished(r, *errorBody);
    });
}

void LogStream::Core::deliver(std::vector<LogLine> &lines) {
    std::function<void()> wake;
    {
        const std::lock_guard lock(mutex);
        for (LogLine &line : lines) {
            if (resuming && !point.accept(line))
                continue;
            point.shown(line);
            pendingBytes += line.text.size() + kLineOverhead;
            pending.push_back(std::move(line));
        }
        // The consumer is behind: the oldest pending lines go, counted.
        while (!pending.empty() && (pending.size() > options.maxPendingLines ||
                                    pendingBytes > options.maxPendingBytes)) {
            pendingBytes -= pending.front().text.size() + kLineOverhead;
            pending.pop_front();
            ++dropped;
        }
        if (wakeArmed && !pending.empty()) {
            wakeArmed = false;
            wake = onReady;
        }
    }
    if (wake)
        wake();
}

void LogStream::Core::finished(const HttpResponse &r, const std::string &errorBody) {
    stream = 0;
    if (stopped.load() || r.cancelled)
        return;
    // Not scheduled: nothing to read yet. A follow waits for the pod to start.
    if (r.status == 204)
        return follow ? retryLater(kNotScheduled, &Core::connect)
                      : setState(State::Ended, kNotScheduled);
    if (r.status != 0 && r.status / 100 != 2) {
        const ApiStatus status = ApiStatus::fromResponse(r.status, errorBody, r.retryAfterSeconds);
        qCInfo(lcLogStream).noquote() << QString::fromStdString(options.ns + '/' + options.pod)
                                      << "log refused:" << QString::fromStdString(status.message);
        if (status.retryable())
            return retryLater(status.message, &Core::connect);
        // The kubelet's "container … is waiting to start: ContainerCreating": a follow waits.
        if (follow && r.status == 400 &&
            status.message.find("is waiting to start") != std::string::npos)
            return retryLater(status.message, &Core::connect);
        return setState(State::Failed, status.message);
    }
    const bool clean = r.status / 100 == 2 && r.curlCode == CURLE_OK && r.error.empty();
    if (clean && !follow) {
        std::vector<LogLine> last;
        splitter->finish(last);
        deliver(last);
        return setState(State::Ended, {});
    }
    // A follow that ended, or any stream that broke: a partial last line comes again whole.
    qCInfo(lcLogStream).noquote() << QString::fromStdString(options.ns + '/' + options.pod)
                                  << "log stream ended"
                                  << (clean ? QString() : QString::fromStdString(r.error))
                                  << "; checking the container";
    checkPod();
}

void LogStream::Core::checkPod() {
    if (stopped.load())
        return;
    HttpRequest get;
    get.path = "/api/v1/namespaces/" + UrlEscape::segment(options.ns) + "/pods/" +
               UrlEscape::segment(options.pod);
    get.headers = {"Accept: application/json"};
    get.responseTimeout = std::chrono::seconds(30);
    auto body = std::make_shared<std::string>();
    get.onData = [body](std::string_view chunk, int) {
        body->append(chunk);
        return body->size() < (std::size_t{16} << 20);
    };
    auto self = shared_from_this();
    stream = session->openStream(std::move(get), [self, body](const HttpResponse &r) {
        self->stream = 0;
        if (self->stopped.load() || r.cancelled)
            return;
        if (r.status == 404)
            return self->setState(State::Ended, "the pod is gone");
        if (r.status != 200)
            return self->retryLater(
                r.status == 0
                    ? r.error
                    : ApiStatus::fromResponse(r.status, *body, r.retryAfterSeconds).message,
                &Core::checkPod);
        const auto running = containerRunning(*body, self->options.log.container);
        self->resuming = true;
        if (running.value_or(false) && self->follow)
            return self->retryLater("the stream broke; the container still runs", &Core::connect);
        // The run ended: read what is left once, then the stream ends.
        self->follow = false;
        self->connect();
    });
}

void LogStream::Core::retryLater(const std::string &why, void (Core::*step)()) {
    backoff = std::clamp(backoff * 2, kFirstBackoff, kMaxBackoff);
    {
        const std::lock_guard lock(mutex);
        ++reconnects;
    }
    setState(State::Reconnecting, why);
    auto self = shared_from_this();
    session->postAfter(backoff, [self, step] {
        self->resuming = true;
        ((*self).*step)();
    });
}

LogStream::LogStream(ClusterSession &session, Options options)
    : m_core(std::make_shared<Core>()) {
    m_core->session = &session;
    m_core->follow = options.log.follow;
    m_core->options = std::move(options);
}

LogStream::~LogStream() {
    stop();
}

void LogStream::start() {
    auto core = m_core;
    m_core->session->postAfter(std::chrono::milliseconds(0), [core] { core->connect(); });
}

void LogStream::stop() {
    if (m_core->stopped.exchange(true))
        return;
    if (const auto id = m_core->stream.load())
        m_core->session->cancelStream(id);
    const std::lock_guard lock(m_core->mutex);
    if (m_core->state != State::Failed)
        m_core->state = State::Ended;
}

LogStream::Batch LogStream::drain() {
    Batch batch;
    const std::lock_guard lock(m_core->mutex);
    batch.lines.reserve(m_core->pending.size());
    for (auto &line : m_core->pending)
        batch.lines.push_back(std::move(line));
    m_core->pending.clear();
    m_core->pendingBytes = 0;
    batch.dropped = std::exchange(m_core->dropped, 0);
    batch.state = m_core->state;
    batch.message = m_core->message;
    batch.reconnects = m_core->reconnects;
    m_core->wakeArmed = true;
    return batch;
}

void LogStream::setOnReady(std::function<void()> callback) {
    const std::lock_guard lock(m_core->mutex);
    m_core->onReady = std::move(callback);
}

} // namespace cubedesk::k8s
