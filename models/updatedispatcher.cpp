#include "models/updatedispatcher.h"

#include "models/clusterconnection.h"

#include <algorithm>
#include <limits>

namespace cubedesk::models {

namespace {
constexpr int kMinInterval = 50;
constexpr int kMaxInterval = 200;
} // namespace

UpdateDispatcher::UpdateDispatcher(QObject *parent)
    : QObject(parent) {
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &UpdateDispatcher::flushSlice);
    m_sinceFlush.start();
}

void UpdateDispatcher::watch(ClusterConnection *connection) {
    connection->setDispatcher(this);
    connect(connection, &ClusterConnection::changesPending, this,
            [this, connection] { markDirty(connection); });
}

void UpdateDispatcher::markDirty(ClusterConnection *connection) {
    if (std::find(m_dirty.begin(), m_dirty.end(), connection) == m_dirty.end())
        m_dirty.emplace_back(connection);
    arm();
}

void UpdateDispatcher::schedule(QObject *owner, std::function<void()> drain) {
    if (std::none_of(m_streams.begin(), m_streams.end(),
                     [owner](const Stream &s) { return s.owner == owner; }))
        m_streams.push_back({owner, std::move(drain)});
    arm();
}

void UpdateDispatcher::arm() {
    if (m_timer.isActive())
        return;
    const qint64 wait = std::max<qint64>(0, m_interval - m_sinceFlush.elapsed());
    m_timer.start(static_cast<int>(wait));
}

void UpdateDispatcher::drainStreams() {
    // A drain may schedule again (more arrived while it ran): that is the next flush's.
    auto streams = std::move(m_streams);
    m_streams.clear();
    for (auto &s : streams)
        if (s.owner)
            s.drain();
}

void UpdateDispatcher::flush() {
    m_timer.stop();
    QElapsedTimer t;
    t.start();
    qint64 deltas = 0;
    auto dirty = std::move(m_dirty);
    m_dirty.clear();
    for (const auto &c : dirty) {
        // Once a backlog is used up the session is drained once more: its wake-up for what it
        // queued meanwhile came (once per drain) while the backlog was still there.
        bool owed = true;
        while (c && owed) {
            owed = c->hasBacklog();
            deltas += static_cast<qint64>(c->applyPending());
        }
    }
    drainStreams();
    finish(deltas, static_cast<double>(t.nsecsElapsed()) / 1e6);
}

void UpdateDispatcher::flushSlice() {
    QElapsedTimer t;
    t.start();
    qint64 deltas = 0;
    auto dirty = std::move(m_dirty);
    m_dirty.clear();
    std::vector<QPointer<ClusterConnection>> behind;
    for (const auto &c : dirty) {
        if (!c)
            continue;
        const double left = m_budgetMs - static_cast<double>(t.nsecsElapsed()) / 1e6;
        const double fits = std::max(0.0, left) * 1000.0 / m_usPerDelta;
        const auto slice = std::max(
            kMinSlice, static_cast<std::size_t>(std::min(
                           fits, static_cast<double>(std::numeric_limits<std::uint32_t>::max()))));
        // A connection that works off a backlog stays due until a call finds no backlog: the
        // session's wake-up for deltas queued meanwhile came (once per drain) while the backlog
        // was still there, so the drain that picks them up is owed.
        const bool owed = c->hasBacklog();
        deltas += static_cast<qint64>(c->applyPending(slice));
        if (c && (owed || c->hasBacklog()))
            behind.push_back(c);
    }
    const double deltaMs = static_cast<double>(t.nsecsElapsed()) / 1e6;
    drainStreams();
    const double ms = static_cast<double>(t.nsecsElapsed()) / 1e6;
    // Learn the cost per delta from slices big enough to say (a few deltas are all fixed cost).
    if (deltas >= static_cast<qint64>(kMinSlice))
        m_usPerDelta = std::max(1.0, 0.7 * m_usPerDelta + 0.3 * deltaMs * 1000.0 / deltas);
    finish(deltas, ms);
    // Connections woken during the slice are already in m_dirty; add those still behind.
    for (auto &c : behind)
        if (std::find(m_dirty.begin(), m_dirty.end(), c) == m_dirty.end())
            m_dirty.push_back(c);
    if (!behind.empty())
        m_timer.start(kBacklogIntervalMs);
    else if ((!m_dirty.empty() || !m_streams.empty()) && !m_timer.isActive())
        m_timer.start(m_interval);
}

void UpdateDispatcher::finish(qint64 deltas, double ms) {
    m_interval = std::clamp(static_cast<int>(ms * 4), kMinInterval, kMaxInterval);
    m_sinceFlush.restart();
    if (deltas > 0)
        Q_EMIT flushed(deltas, ms);
}

} // namespace cubedesk::models
