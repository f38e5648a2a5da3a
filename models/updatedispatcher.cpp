#include "models/updatedispatcher.h"

#include "models/clusterconnection.h"

#include <algorithm>

namespace cubedesk::models {

namespace {
constexpr int kMinInterval = 50;
constexpr int kMaxInterval = 200;
} // namespace

UpdateDispatcher::UpdateDispatcher(QObject *parent)
    : QObject(parent) {
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &UpdateDispatcher::flush);
    m_sinceFlush.start();
}

void UpdateDispatcher::watch(ClusterConnection *connection) {
    connect(connection, &ClusterConnection::changesPending, this,
            [this, connection] { markDirty(connection); });
}

void UpdateDispatcher::markDirty(ClusterConnection *connection) {
    if (std::find(m_dirty.begin(), m_dirty.end(), connection) == m_dirty.end())
        m_dirty.emplace_back(connection);
    if (m_timer.isActive())
        return;
    const qint64 wait = std::max<qint64>(0, m_interval - m_sinceFlush.elapsed());
    m_timer.start(static_cast<int>(wait));
}

void UpdateDispatcher::flush() {
    m_timer.stop();
    QElapsedTimer t;
    t.start();
    qint64 deltas = 0;
    auto dirty = std::move(m_dirty);
    m_dirty.clear();
    for (const auto &c : dirty)
        if (c)
            deltas += static_cast<qint64>(c->applyPending());
    const double ms = static_cast<double>(t.nsecsElapsed()) / 1e6;
    m_interval = std::clamp(static_cast<int>(ms * 4), kMinInterval, kMaxInterval);
    m_sinceFlush.restart();
    if (deltas > 0)
        Q_EMIT flushed(deltas, ms);
}

} // namespace cubedesk::models
