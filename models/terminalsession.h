#pragma once

// TerminalSession: one terminal into a container — an exec with a TTY (k8s::ExecStream) whose
// output is fed into a TerminalScreen, and whose screen's keys, pastes and size go back
// (docs/threads-and-data-flow.md, "Exec").
//
// Before anything is sent, the API server is asked whether this user may `create` and `get`
// `pods/exec` in the namespace (API servers check both for a WebSocket exec); a refusal ends the
// session with the reason. Opening a terminal is a write-like action: it is logged through
// lcWrites (cluster, pod, container, command; never what is typed).
//
// Output is parsed on the GUI thread in slices of at most kSliceMs per event-loop turn, so a
// burst (`yes`, `cat` of a large file) never freezes the window: while the screen is behind,
// no more than kBacklogBytes wait here, and the stream stops reading the socket (ExecStream's
// backpressure) until they are parsed. Keystrokes go out at once.
//
// How it ended (ended(), message()): the command's exit code, the server's refusal or failure,
// a connection that closed without a status, the pod deleted, the cluster's connection reset
// (sessionEnding). A line saying so is written into the screen (after leaving the alternate
// screen). reconnect() starts a new exec on the same screen.
//
// Threads: GUI thread only. Owns the screen and the stream; the connection must outlive the
// session, or end it through sessionEnding() (handled here).

#include "k8s/exec/execstream.h"
#include "models/terminal/terminalscreen.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <memory>

namespace cubedesk::models {

class ClusterConnection;

class TerminalSession final : public QObject {
    Q_OBJECT
public:
    static constexpr int kSliceMs = 4;
    static constexpr int kBacklogBytes = 1 << 20;

    enum class State {
        Checking,   ///< asking the access review
        Connecting, ///< the exec's upgrade is on its way
        Open,       ///< the command runs
        Ended,      ///< see message()
    };

    struct Target {
        QString ns;
        QString pod;
        QString container;
        QStringList command; ///< {"sh"}, {"bash"}, {"sh","-c","…"}
    };

    TerminalSession(ClusterConnection *connection, Target target, QObject *parent = nullptr);
    ~TerminalSession() override;

    void start();
    /// A new exec on the same screen (after it ended).
    void reconnect();
    /// Ends the session (closing its tab).
    void stop();

    TerminalScreen *screen() { return &m_screen; }
    State state() const { return m_state; }
    /// Why it ended, or what it waits for; for people.
    QString message() const { return m_message; }
    /// The command's exit code once it exited, else -1.
    int exitCode() const { return m_exitCode; }
    const Target &target() const { return m_target; }
    QString clusterName() const;
    /// "cluster/namespace/pod/container".
    QString title() const;
    /// Bytes received from the command so far (benchmarks, tests).
    qint64 bytesReceived() const { return m_bytesReceived; }

Q_SIGNALS:
    void stateChanged();

private:
    void checkAccess();
    void open();
    void wake();
    void pump();
    void finish(State state, const QString &message, int exitCode = -1);
    void endFromStream();
    void queuePump();

    QPointer<ClusterConnection> m_connection;
    Target m_target;
    TerminalScreen m_screen;
    std::unique_ptr<k8s::ExecStream> m_stream;
    State m_state = State::Checking;
    QString m_message;
    int m_exitCode = -1;
    QByteArray m_backlog;
    qsizetype m_backlogOffset = 0;
    bool m_pumpQueued = false;
    bool m_streamEnded = false;
    k8s::ExecStream::Batch m_end; ///< the stream's last state, once it ended
    qint64 m_bytesReceived = 0;
    int m_generation = 0; ///< bumped by each exec, so a stale access answer is ignored
};

} // namespace cubedesk::models
