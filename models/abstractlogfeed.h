#pragma once

// AbstractLogFeed: what a log view shows of the stream(s) behind it — one pod's (LogFeed) or a
// training job's (JobLogFeed) — for its status line: the state, why, how often it reconnected,
// whether it follows. Lines go straight into the view's LogViewModel, in batches paced by the
// connection's UpdateDispatcher: a stream's wake-up (from the session thread) becomes one
// schedule() on the GUI thread, and the dispatcher calls drain() in its next flush.
//
// Thread-safety: GUI thread only, except streamWakeUp()'s function (any thread).

#include "k8s/session/logstream.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>

namespace cubedesk::models {

class ClusterConnection;

class AbstractLogFeed : public QObject {
    Q_OBJECT
public:
    explicit AbstractLogFeed(ClusterConnection *connection, QObject *parent = nullptr);

    virtual k8s::LogStream::State state() const = 0;
    virtual QString message() const = 0;
    virtual int reconnects() const = 0;
    /// The stream(s) follow new lines (not only what was there when opened).
    virtual bool follows() const = 0;
    /// Stops reading; what arrived stays in the model.
    virtual void stop() = 0;
    ClusterConnection *connection() const { return m_connection; }

Q_SIGNALS:
    /// The state or its message changed (connecting, streaming, reconnecting, ended, failed).
    void stateChanged();

protected:
    /// Takes what the streams hold into the model (GUI thread).
    virtual void drain() = 0;
    /// For LogStream::setOnReady: from any thread, asks for a drain() in the dispatcher's next
    /// flush (at once when the connection has no dispatcher); nothing once the feed is gone.
    /// The first wake-up after streamsStarted() drains at once: a log just opened shows its
    /// first lines without waiting for a flush.
    std::function<void()> streamWakeUp();
    /// The feed (re)started its streams.
    void streamsStarted() { m_drainedSinceStart = false; }

    QPointer<ClusterConnection> m_connection;

private:
    void scheduleDrain();

    bool m_drainedSinceStart = false;
};

} // namespace cubedesk::models
