#include "models/terminalsession.h"

#include "k8s/write/nodewrites.h"
#include "models/clusterconnection.h"
#include "models/writelogging.h"

#include <QTimer>

namespace cubedesk::models {

TerminalSession::TerminalSession(ClusterConnection *connection, Target target, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_target(std::move(target)) {
    if (m_target.command.isEmpty())
        m_target.command = {QStringLiteral("sh")};
    connect(&m_screen, &TerminalScreen::outputReady, this, [this](const QByteArray &bytes) {
        if (m_stream && m_state != State::Ended)
            m_stream->writeStdin(bytes.toStdString());
    });
    connect(&m_screen, &TerminalScreen::sizeChanged, this, [this](int cols, int rows) {
        if (m_stream && m_state != State::Ended)
            m_stream->resize(cols, rows);
    });
    if (connection != nullptr)
        connect(connection, &ClusterConnection::sessionEnding, this, [this] {
            if (m_state != State::Ended)
                finish(State::Ended, tr("The connection to the cluster was reset."));
        });
}

TerminalSession::~TerminalSession() {
    if (m_stream)
        m_stream->stop();
}

QString TerminalSession::clusterName() const {
    return m_connection ? m_connection->name() : QString();
}

QString TerminalSession::title() const {
    return clusterName() + QLatin1Char('/') + m_target.ns + QLatin1Char('/') + m_target.pod +
           QLatin1Char('/') + m_target.container;
}

void TerminalSession::start() {
    checkAccess();
}

void TerminalSession::reconnect() {
    if (m_state != State::Ended)
        return;
    if (m_stream) {
        m_stream->stop();
        m_stream.reset();
    }
    m_screen.write("\r\n");
    checkAccess();
}

void TerminalSession::stop() {
    if (m_state != State::Ended)
        finish(State::Ended, tr("Closed."));
}

void TerminalSession::checkAccess() {
    m_state = State::Checking;
    m_exitCode = -1;
    m_message = tr("Checking whether you may open a terminal in %1…").arg(m_target.ns);
    Q_EMIT stateChanged();
    if (!m_connection || m_connection->session() == nullptr)
        return finish(State::Ended, tr("The cluster is not connected."));
    const int generation = ++m_generation;
    const std::string ns = m_target.ns.toStdString();
    // API servers check `create` on pods/exec, and newer ones `get` too, for a WebSocket exec.
    m_connection->submit(
        {k8s::NodeWrites::accessReview("create", "", "pods", ns, "exec"),
         k8s::NodeWrites::accessReview("get", "", "pods", ns, "exec")},
        this,
        [this, generation](std::vector<k8s::WriteResult> results) {
            if (generation != m_generation || m_state != State::Checking)
                return;
            QStringList denied;
            QString failure;
            const char *verbs[] = {"create", "get"};
            for (std::size_t i = 0; i < results.size() && i < 2; ++i) {
                if (!results[i].ok())
                    failure = QString::fromStdString(results[i].error.message);
                else if (!k8s::NodeWrites::allowed(results[i]))
                    denied << QLatin1String(verbs[i]);
            }
            if (!failure.isEmpty())
                return finish(State::Ended,
                              tr("Could not ask the cluster whether you may open a terminal: %1")
                                  .arg(failure));
            if (!denied.isEmpty())
                return finish(State::Ended,
                              tr("You may not open a terminal in namespace %1: the cluster's "
                                 "RBAC does not allow %2 on pods/exec.")
                                  .arg(m_target.ns, denied.join(QLatin1String(" and "))));
            open();
        },
        2);
}

void TerminalSession::open() {
    k8s::ClusterSession *session = m_connection ? m_connection->session() : nullptr;
    if (session == nullptr)
        return finish(State::Ended, tr("The cluster is not connected."));
    k8s::ExecStream::Options options;
    options.transport = session->options().transport;
    options.ns = m_target.ns.toStdString();
    options.pod = m_target.pod.toStdString();
    std::vector<std::string> command;
    for (const auto &arg : m_target.command)
        command.push_back(arg.toStdString());
    options.exec = k8s::PodExecOptions::forCommand(m_target.container.toStdString(),
                                                   std::move(command), true, true);
    options.columns = m_screen.columns();
    options.rows = m_screen.rows();
    m_stream = std::make_unique<k8s::ExecStream>(std::move(options));
    QPointer<TerminalSession> self(this);
    m_stream->setOnReady([self] {
        // From the stream's thread: only queue.
        QMetaObject::invokeMethod(
            self.data(),
            [self] {
                if (self)
                    self->wake();
            },
            Qt::QueuedConnection);
    });
    m_streamEnded = false;
    m_end = {};
    m_state = State::Connecting;
    m_message = tr("Connecting…");
    qCInfo(lcWrites).noquote() << "exec" << clusterName()
                               << m_target.ns + QLatin1Char('/') + m_target.pod << "container"
                               << m_target.container << "command"
                               << m_target.command.join(QLatin1Char(' '));
    Q_EMIT stateChanged();
    m_stream->start();
}

void TerminalSession::wake() {
    if (!m_pumpQueued)
        pump();
}

void TerminalSession::queuePump() {
    if (m_pumpQueued)
        return;
    m_pumpQueued = true;
    QTimer::singleShot(0, this, [this] {
        m_pumpQueued = false;
        pump();
    });
}

void TerminalSession::pump() {
    QElapsedTimer clock;
    clock.start();
    while (true) {
        if (m_stream && !m_streamEnded && m_backlog.size() - m_backlogOffset < kBacklogBytes / 4) {
            k8s::ExecStream::Batch b = m_stream->drain();
            m_bytesReceived += static_cast<qint64>(b.stdoutBytes.size() + b.stderrBytes.size());
            m_backlog.append(b.stdoutBytes.data(), static_cast<qsizetype>(b.stdoutBytes.size()));
            m_backlog.append(b.stderrBytes.data(), static_cast<qsizetype>(b.stderrBytes.size()));
            if (b.state == k8s::ExecStream::State::Open && m_state == State::Connecting) {
                m_state = State::Open;
                m_message.clear();
                Q_EMIT stateChanged();
            }
            if (b.state == k8s::ExecStream::State::Ended) {
                m_streamEnded = true;
                m_end = std::move(b);
            }
        }
        const qsizetype left = m_backlog.size() - m_backlogOffset;
        if (left <= 0)
            break;
        const qsizetype slice = std::min<qsizetype>(left, qsizetype{16} << 10);
        m_screen.write(QByteArrayView(m_backlog.constData() + m_backlogOffset, slice));
        m_backlogOffset += slice;
        if (clock.elapsed() >= kSliceMs)
            break;
    }
    if (m_backlogOffset >= m_backlog.size()) {
        m_backlog.clear();
        m_backlogOffset = 0;
    } else if (m_backlogOffset > m_backlog.size() / 2) {
        m_backlog.remove(0, m_backlogOffset);
        m_backlogOffset = 0;
    }
    if (!m_backlog.isEmpty())
        return queuePump(); // the rest in the next turn, after painting and input
    if (m_streamEnded && m_state != State::Ended)
        endFromStream();
}

void TerminalSession::endFromStream() {
    using Ending = k8s::ExecStream::Ending;
    const bool podGone =
        m_connection &&
        !m_connection->store().pod(m_target.ns.toStdString() + '/' + m_target.pod.toStdString());
    switch (m_end.ending) {
    case Ending::Exited:
        if (podGone)
            return finish(State::Ended, tr("The pod was deleted."), m_end.status.exitCode);
        return finish(State::Ended,
                      m_end.status.exitCode == 0
                          ? tr("The command exited.")
                          : tr("The command exited with code %1.").arg(m_end.status.exitCode),
                      m_end.status.exitCode);
    case Ending::Closed:
        return finish(
            State::Ended,
            podGone ? tr("The pod was deleted.")
                    : tr("The connection closed: %1").arg(QString::fromStdString(m_end.message)));
    case Ending::Failed:
        return finish(State::Ended, QString::fromStdString(m_end.message));
    case Ending::Stopped:
    case Ending::None:
        return finish(State::Ended, tr("Closed."));
    }
}

void TerminalSession::finish(State state, const QString &message, int exitCode) {
    if (m_stream)
        m_stream->stop();
    m_state = state;
    m_message = message;
    m_exitCode = exitCode;
    if (!m_backlog.isEmpty()) { // what arrived before the end is shown first
        m_screen.write(QByteArrayView(m_backlog.constData() + m_backlogOffset,
                                      m_backlog.size() - m_backlogOffset));
        m_backlog.clear();
        m_backlogOffset = 0;
    }
    // Back on the main screen (leaving the alternate one restores the cursor it saved: only
    // when a program left it there), the cursor shown, the reason in bold on a line of its own.
    QString shown = message;
    for (QChar &c : shown) // the server's words must not carry escape sequences into the screen
        if (c.category() == QChar::Other_Control)
            c = QLatin1Char(' ');
    QByteArray line("\x1b[0m");
    if (m_screen.altScreen())
        line += "\x1b[?1049l";
    line += "\x1b[?25h\r\n\x1b[1m[" + shown.toUtf8() + "]\x1b[0m\r\n";
    m_screen.write(line);
    qCInfo(lcWrites).noquote() << "exec ended" << clusterName()
                               << m_target.ns + QLatin1Char('/') + m_target.pod << message;
    Q_EMIT stateChanged();
}

} // namespace cubedesk::models
