#include "models/logfeed.h"

#include "models/clusterconnection.h"

namespace cubedesk::models {

LogFeed::LogFeed(ClusterConnection *connection, LogViewModel *model, QObject *parent)
    : AbstractLogFeed(connection, parent)
    , m_model(model) {}

LogFeed::~LogFeed() {
    // No last drain: the model may already be gone (it is often a sibling destroyed first).
    if (m_stream)
        m_stream->stop();
}

void LogFeed::restart(const k8s::LogStream::Options &options) {
    stop();
    m_options = options;
    m_model->clear();
    m_reconnects = 0;
    k8s::ClusterSession *session = m_connection ? m_connection->session() : nullptr;
    if (session == nullptr) {
        m_state = k8s::LogStream::State::Failed;
        m_message = tr("The cluster is not connected.");
        Q_EMIT stateChanged();
        return;
    }
    m_stream = std::make_unique<k8s::LogStream>(*session, options);
    m_stream->setOnReady(streamWakeUp());
    streamsStarted();
    m_state = k8s::LogStream::State::Connecting;
    m_message.clear();
    Q_EMIT stateChanged();
    m_stream->start();
}

void LogFeed::stop() {
    if (m_stream) {
        m_stream->stop();
        drain(); // the last lines and the final state
        m_stream.reset();
    }
}

void LogFeed::drain() {
    if (!m_stream)
        return;
    auto batch = m_stream->drain();
    m_model->addUpstreamDropped(batch.dropped);
    m_model->append(std::move(batch.lines));
    const QString message = QString::fromStdString(batch.message);
    if (batch.state != m_state || message != m_message || batch.reconnects != m_reconnects) {
        m_state = batch.state;
        m_message = message;
        m_reconnects = batch.reconnects;
        Q_EMIT stateChanged();
    }
}

} // namespace cubedesk::models
