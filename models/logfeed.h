#pragma once

// LogFeed: one container's log flowing from a cluster into a LogViewModel — a k8s::LogStream on
// the connection's session, drained on the GUI thread in batches paced by the update dispatcher
// (AbstractLogFeed), with its state for the viewer's status line.
//
// Lifetime: the feed stops its stream when destroyed, when the connection goes, or on stop().
// restart() starts again with new options (another container, previous run, follow on/off):
// the model is cleared first.
//
// Thread-safety: GUI thread only; the stream's wake-up arrives as a queued call.

#include "k8s/session/logstream.h"
#include "models/abstractlogfeed.h"
#include "models/logviewmodel.h"

#include <memory>

namespace cubedesk::models {

class ClusterConnection;

class LogFeed final : public AbstractLogFeed {
    Q_OBJECT
public:
    /// `model` must outlive the feed (usually both belong to one view).
    LogFeed(ClusterConnection *connection, LogViewModel *model, QObject *parent = nullptr);
    ~LogFeed() override;

    /// Starts reading `options.ns`/`options.pod` (stops a previous stream, clears the model).
    void restart(const k8s::LogStream::Options &options);
    void stop() override;

    k8s::LogStream::State state() const override { return m_state; }
    QString message() const override { return m_message; }
    int reconnects() const override { return m_reconnects; }
    bool follows() const override { return m_options.log.follow; }
    const k8s::LogStream::Options &options() const { return m_options; }

protected:
    void drain() override;

private:
    LogViewModel *m_model;
    std::unique_ptr<k8s::LogStream> m_stream;
    k8s::LogStream::Options m_options;
    k8s::LogStream::State m_state = k8s::LogStream::State::Connecting;
    QString m_message;
    int m_reconnects = 0;
};

} // namespace cubedesk::models
