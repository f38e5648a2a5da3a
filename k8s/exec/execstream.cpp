#include "k8s/exec/execstream.h"

#include "k8s/api/apistatus.h"
#include "k8s/exec/execsocketsetup.h"
#include "k8s/net/httptransport.h"

#include <QLoggingCategory>
#include <QRegularExpression>
#include <QThread>
#include <QTimer>
#include <QWebSocket>
#include <QWebSocketHandshakeOptions>

#include <condition_variable>
#include <mutex>
#include <optional>

Q_LOGGING_CATEGORY(lcExec, "cubedesk.exec")

namespace cubedesk::k8s {

namespace {

using Clock = std::chrono::steady_clock;

/// The HTTP status of a refused upgrade, from QWebSocket's error text (it keeps no other
/// record of it): "... Unhandled http status code: 404 (Not Found)." → 404; 0 when none.
int refusedStatus(const QString &errorText) {
    static const QRegularExpression code(QStringLiteral("status code: (\\d{3})"));
    const auto m = code.match(errorText);
    if (m.hasMatch())
        return m.captured(1).toInt();
    if (errorText.contains(QLatin1String("requires authentication"), Qt::CaseInsensitive) ||
        errorText.contains(QLatin1String("Authenticate"), Qt::CaseInsensitive))
        return 401;
    return 0;
}

} // namespace

struct ExecStream::Core : std::enable_shared_from_this<Core> {
    explicit Core(Options o)
        : options(std::move(o)) {}

    Options options;
    std::string path;

    // Shared with the consumer, under `mutex`.
    std::mutex mutex;
    std::condition_variable space;
    Batch pending;
    bool armed = true;
    bool stopRequested = false;
    std::function<void()> onReady;

    // The socket thread's. `home` (the parent of the socket and timers) is deleted on that
    // thread when its loop has quit, and set to null under `mutex`: post() drops jobs then.
    QThread *thread = nullptr;
    QObject *home = nullptr;
    QWebSocket *socket = nullptr;
    QTimer *heartbeat = nullptr;
    QTimer *connectTimer = nullptr;
    QString verifyName;
    bool opened = false;
    bool ended = false;
    bool authRetried = false;
    bool stdinClosePending = false;
    std::optional<TransportCredential> credential;
    std::string queuedStdin;
    std::string errorStream;
    std::pair<int, int> sentSize{0, 0};
    std::pair<int, int> wantedSize{0, 0};
    Clock::time_point lastFrame;

    void post(std::function<void()> job) {
        std::lock_guard lock(mutex);
        if (home)
            QMetaObject::invokeMethod(home, std::move(job), Qt::QueuedConnection);
    }

    /// Publishes a change and fires onReady when armed. Takes the lock itself.
    template <typename F>
    void publish(F &&change) {
        std::function<void()> wake;
        {
            std::lock_guard lock(mutex);
            change(pending);
            if (armed && onReady) {
                armed = false;
                wake = onReady;
            }
        }
        if (wake)
            wake();
    }

    bool stopping() {
        std::lock_guard lock(mutex);
        return stopRequested;
    }

    void end(Ending ending, std::string message, int httpStatus = 0,
             std::optional<ExecStatus> status = std::nullopt) {
        if (ended)
            return;
        ended = true;
        if (ending == Ending::Failed || ending == Ending::Closed)
            qCInfo(lcExec).noquote() << QString::fromStdString(options.ns + '/' + options.pod)
                                     << "exec ended:" << QString::fromStdString(message);
        publish([&](Batch &b) {
            b.state = State::Ended;
            b.ending = ending;
            b.message = std::move(message);
            b.httpStatus = httpStatus;
            if (status)
                b.status = *status;
        });
        if (heartbeat)
            heartbeat->stop();
        if (connectTimer)
            connectTimer->stop();
        if (socket) {
            socket->disconnect();
            socket->abort();
        }
        thread->quit(); // then the thread's finished() handler (start()) deletes `home`
    }

    void connect() {
        if (stopping())
            return end(Ending::Stopped, "stopped");
        const bool tls = options.transport.server.rfind("https://", 0) == 0;
        if (options.transport.credential && tls) {
            auto c = options.transport.credential(credential ? &*credential : nullptr);
            if (stopping())
                return end(Ending::Stopped, "stopped");
            if (!c)
                return end(Ending::Failed, "getting credentials: " + c.error());
            credential = *c;
        }
        auto setup =
            ExecSocketSetup::make(options.transport, credential ? &*credential : nullptr, path);
        if (!setup)
            return end(Ending::Failed, setup.error());
        verifyName = setup->verifyName;
        if (socket) {
            socket->disconnect();
            socket->deleteLater();
        }
        socket = new QWebSocket(QString(), QWebSocketProtocol::VersionLatest, home);
        socket->setSslConfiguration(setup->ssl);
        socket->setProxy(setup->proxy);
        socket->setMaxAllowedIncomingMessageSize(std::uint64_t{64} << 20);
        // Without a limit the TLS socket reads (and decrypts) whatever the kernel has, however
        // long this thread is blocked by the consumer: tens of MiB during a `yes`. Capped, it
        // stops reading and TCP slows the server down.
        socket->setReadBufferSize(qint64{256} << 10);
        QObject::connect(socket, &QWebSocket::connected, home, [this] { onConnected(); });
        QObject::connect(socket, &QWebSocket::binaryMessageReceived, home,
                         [this](const QByteArray &m) { onMessage(m); });
        QObject::connect(socket, &QWebSocket::pong, home,
                         [this](quint64, const QByteArray &) { lastFrame = Clock::now(); });
        QObject::connect(socket, qOverload<QAbstractSocket::SocketError>(&QWebSocket::error), home,
                         [this](QAbstractSocket::SocketError) { onError(); });
        QObject::connect(socket, &QWebSocket::disconnected, home, [this] { onDisconnected(); });
        QObject::connect(socket, &QWebSocket::sslErrors, home, [this](const QList<QSslError> &e) {
            if (!e.isEmpty() &&
                ExecSocketSetup::acceptsCertificateFor(e, e.first().certificate(), verifyName))
                socket->ignoreSslErrors(e);
        });
        if (!connectTimer) {
            connectTimer = new QTimer(home);
            connectTimer->setSingleShot(true);
            QObject::connect(connectTimer, &QTimer::timeout, home, [this] {
                if (!opened)
                    end(Ending::Failed, "no answer from " + options.transport.server + " within " +
                                            std::to_string(options.connectTimeout.count() / 1000) +
                                            " s");
            });
        }
        connectTimer->start(options.connectTimeout);
        QWebSocketHandshakeOptions handshake;
        handshake.setSubprotocols(
            {QString::fromUtf8(ExecChannel::kV5.data(), ExecChannel::kV5.size()),
             QString::fromUtf8(ExecChannel::kV4.data(), ExecChannel::kV4.size())});
        socket->open(setup->request, handshake);
    }

    void onConnected() {
        connectTimer->stop();
        const std::string protocol = socket->subprotocol().toStdString();
        if (protocol != ExecChannel::kV5 && protocol != ExecChannel::kV4)
            return end(Ending::Failed, "the server chose no exec subprotocol this client speaks (" +
                                           (protocol.empty() ? std::string("none") : protocol) +
                                           ")");
        opened = true;
        lastFrame = Clock::now();
        heartbeat = new QTimer(home);
        QObject::connect(heartbeat, &QTimer::timeout, home, [this] {
            if (Clock::now() - lastFrame > options.silenceLimit)
                return end(Ending::Failed,
                           "the connection went silent: no data and no answer to pings for " +
                               std::to_string(options.silenceLimit.count() / 1000) + " s");
            socket->ping();
        });
        heartbeat->start(options.pingPeriod);
        publish([&](Batch &b) {
            b.state = State::Open;
            b.protocol = protocol;
        });
        if (options.exec.tty)
            sendSize(wantedSize.first > 0 ? wantedSize : std::pair{options.columns, options.rows});
        if (!queuedStdin.empty())
            sendStdin(std::exchange(queuedStdin, {}));
        if (stdinClosePending)
            sendStdinClose();
    }

    void sendSize(std::pair<int, int> size) {
        if (!opened || size == sentSize || size.first <= 0 || size.second <= 0)
            return;
        sentSize = size;
        const std::string m = ExecChannel::resize(size.first, size.second);
        socket->sendBinaryMessage(QByteArray(m.data(), static_cast<qsizetype>(m.size())));
    }

    void sendStdin(const std::string &bytes) {
        const std::string m = ExecChannel::message(ExecChannel::Stdin, bytes);
        socket->sendBinaryMessage(QByteArray(m.data(), static_cast<qsizetype>(m.size())));
    }

    void sendStdinClose() {
        stdinClosePending = false;
        if (socket->subprotocol().toStdString() != ExecChannel::kV5)
            return; // v4 cannot say it
        const std::string m = ExecChannel::closeStdin();
        socket->sendBinaryMessage(QByteArray(m.data(), static_cast<qsizetype>(m.size())));
    }

    void onMessage(const QByteArray &message) {
        lastFrame = Clock::now();
        if (message.isEmpty() || ended)
            return;
        const auto stream = static_cast<std::uint8_t>(message[0]);
        const std::string_view data(message.constData() + 1,
                                    static_cast<std::size_t>(message.size() - 1));
        if (stream == ExecChannel::Error) {
            errorStream.append(data);
            return;
        }
        if (stream != ExecChannel::Stdout && stream != ExecChannel::Stderr)
            return;
        std::function<void()> wake;
        {
            std::unique_lock lock(mutex);
            // Backpressure: while the consumer has enough to read, this thread reads nothing
            // more from the socket, and TCP slows the server down.
            space.wait(lock, [this] {
                return stopRequested || pending.stdoutBytes.size() + pending.stderrBytes.size() <
                                            options.maxPendingBytes;
            });
            if (stopRequested)
                return;
            (stream == ExecChannel::Stdout ? pending.stdoutBytes : pending.stderrBytes)
                .append(data);
            if (armed && onReady) {
                armed = false;
                wake = onReady;
            }
        }
        lastFrame = Clock::now();
        if (wake)
            wake();
    }

    void onError() {
        if (ended || opened)
            return; // once open, disconnected() follows and says how it ended
        const QString text = socket->errorString();
        const int status = refusedStatus(text);
        if (status == 401 && !authRetried && options.transport.credential) {
            authRetried = true; // the credential may have expired: refresh it once
            return post([self = shared_from_this()] { self->connect(); });
        }
        // The server answered, but not 101: QWebSocket keeps the status only in its text, and
        // not even there for some (a 400 is an "unknown error condition").
        if (status > 0 || text.contains(QLatin1String("processHandshake")))
            return end(Ending::Failed, explainRefusal(status, text.toStdString()), status);
        end(Ending::Failed, text.toStdString());
    }

    void onDisconnected() {
        if (ended)
            return;
        if (!opened)
            return onError();
        if (stopping())
            return end(Ending::Stopped, "stopped");
        if (!errorStream.empty()) {
            const ExecStatus status = ExecStatus::fromErrorStream(errorStream);
            return end(status.kind == ExecStatus::Kind::Failure ? Ending::Failed : Ending::Exited,
                       status.message, 0, status);
        }
        QString why = socket->closeReason();
        if (why.isEmpty())
            why = QStringLiteral("the connection closed without an exit status");
        end(Ending::Closed, why.toStdString());
    }

    /// A WebSocket handshake hands over no body: the same request, asked again over HTTP,
    /// brings the API server's Status (pods "x" not found, forbidden, container not valid).
    std::string explainRefusal(int status, const std::string &fallback) {
        HttpTransport transport(options.transport);
        HttpRequest request;
        request.path = path;
        request.headers = {"Accept: application/json"};
        request.timeout = std::chrono::seconds(10);
        std::string body;
        request.onData = [&body](std::string_view chunk, int) {
            if (body.size() < (std::size_t{64} << 10))
                body.append(chunk);
            return true;
        };
        std::optional<HttpResponse> response;
        transport.start(std::move(request), [&response](HttpTransport::RequestId,
                                                        const HttpResponse &r) { response = r; });
        while (!response && !stopping())
            transport.perform(std::chrono::milliseconds(50));
        int code = status;
        if (response && response->status >= 400)
            code = response->status;
        else
            body.clear(); // the second answer says nothing about the first
        if (code == 0)
            return fallback;
        const ApiStatus api = ApiStatus::fromResponse(code, body, -1);
        const bool plain =
            !body.empty() && body.front() != '{' && body.front() != '<' && body.size() < 1024;
        if (plain) {
            std::string text = body;
            while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
                text.pop_back();
            return "unable to upgrade connection: " + text;
        }
        return api.message.empty()
                   ? "the server refused the terminal (HTTP " + std::to_string(code) + ')'
                   : api.message;
    }
};

namespace {

/// Exec threads not finished yet (waitForAllThreads()).
struct LiveThreads {
    std::mutex mutex;
    std::condition_variable changed;
    int count = 0;
};

LiveThreads &liveThreads() {
    static LiveThreads live;
    return live;
}

} // namespace

ExecStream::ExecStream(Options options)
    : m_core(std::make_shared<Core>(std::move(options))) {
    m_core->path = m_core->options.exec.path(m_core->options.ns, m_core->options.pod);
}

ExecStream::~ExecStream() {
    stop();
}

void ExecStream::start() {
    auto core = m_core;
    if (core->thread != nullptr)
        return;
    core->thread = new QThread;
    core->thread->setObjectName(QStringLiteral("exec"));
    core->home = new QObject;
    core->home->moveToThread(core->thread);
    {
        std::lock_guard lock(liveThreads().mutex);
        ++liveThreads().count;
    }
    // Right after the loop quit, still on the exec thread and outside every socket signal:
    // the socket, its TLS state and the timers go with `home`, before the thread counts as
    // finished — so that nothing of Qt's network stack runs after waitForAllThreads().
    QObject::connect(
        core->thread, &QThread::finished, core->thread,
        [core] {
            QObject *home = nullptr;
            {
                std::lock_guard lock(core->mutex);
                home = std::exchange(core->home, nullptr);
            }
            delete home;
            core->socket = nullptr;
            std::lock_guard lock(liveThreads().mutex);
            --liveThreads().count;
            liveThreads().changed.notify_all();
        },
        Qt::DirectConnection);
    QObject::connect(core->thread, &QThread::finished, core->thread, &QObject::deleteLater);
    core->thread->start();
    core->post([core] { core->connect(); });
}

bool ExecStream::waitForAllThreads(std::chrono::milliseconds timeout) {
    std::unique_lock lock(liveThreads().mutex);
    return liveThreads().changed.wait_for(lock, timeout, [] { return liveThreads().count == 0; });
}

void ExecStream::stop() {
    auto core = m_core;
    {
        std::lock_guard lock(core->mutex);
        if (core->stopRequested)
            return;
        core->stopRequested = true;
    }
    core->space.notify_all();
    if (core->thread != nullptr)
        core->post([core] { core->end(Ending::Stopped, "stopped"); });
}

void ExecStream::writeStdin(std::string bytes) {
    if (!m_core->options.exec.stdinEnabled || bytes.empty() || m_core->thread == nullptr)
        return;
    auto core = m_core;
    core->post([core, bytes = std::move(bytes)]() mutable {
        if (core->ended)
            return;
        if (!core->opened)
            core->queuedStdin += bytes;
        else
            core->sendStdin(bytes);
    });
}

void ExecStream::closeStdin() {
    if (m_core->thread == nullptr)
        return;
    auto core = m_core;
    core->post([core] {
        if (core->ended)
            return;
        if (!core->opened)
            core->stdinClosePending = true;
        else
            core->sendStdinClose();
    });
}

void ExecStream::resize(int columns, int rows) {
    if (!m_core->options.exec.tty || m_core->thread == nullptr)
        return;
    auto core = m_core;
    core->post([core, columns, rows] {
        core->wantedSize = {columns, rows};
        if (!core->ended)
            core->sendSize(core->wantedSize);
    });
}

ExecStream::Batch ExecStream::drain() {
    Batch out;
    {
        std::lock_guard lock(m_core->mutex);
        Batch &p = m_core->pending;
        out.stdoutBytes = std::exchange(p.stdoutBytes, {});
        out.stderrBytes = std::exchange(p.stderrBytes, {});
        out.state = p.state;
        out.ending = p.ending;
        out.status = p.status;
        out.message = p.message;
        out.httpStatus = p.httpStatus;
        out.protocol = p.protocol;
        m_core->armed = true;
    }
    m_core->space.notify_all();
    return out;
}

void ExecStream::setOnReady(std::function<void()> callback) {
    std::lock_guard lock(m_core->mutex);
    m_core->onReady = std::move(callback);
}

} // namespace cubedesk::k8s
