#include "models/abstractlogfeed.h"

#include "models/clusterconnection.h"

namespace cubedesk::models {

AbstractLogFeed::AbstractLogFeed(ClusterConnection *connection, QObject *parent)
    : QObject(parent)
    , m_connection(connection) {
    if (connection != nullptr)
        connect(connection, &ClusterConnection::sessionEnding, this, [this] { stop(); });
}

std::function<void()> AbstractLogFeed::streamWakeUp() {
    QPointer<AbstractLogFeed> self(this);
    return [self] {
        // From the session thread: only queue; the pointer guards a feed already gone.
        QMetaObject::invokeMethod(
            self.data(),
            [self] {
                if (self)
                    self->scheduleDrain();
            },
            Qt::QueuedConnection);
    };
}

void AbstractLogFeed::scheduleDrain() {
    UpdateDispatcher *dispatcher = m_connection ? m_connection->dispatcher() : nullptr;
    if (dispatcher == nullptr || !m_drainedSinceStart) {
        m_drainedSinceStart = true;
        return drain();
    }
    dispatcher->schedule(this, [this] { drain(); });
}

} // namespace cubedesk::models
