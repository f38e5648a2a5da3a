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
    connect(&m_timer, &QTimer::timeout, this, &UpdateDispatcher::applySlice);
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
    apply(std::numeric_limits<std::size_t>::max());
}

void UpdateDispatcher::applySlice() {
    apply(m_sliceSize);
}

void UpdateDispatcher::apply(std::size_t budget) {
    m_timer.stop();
    QElapsedTimer t;
    t.start();
    std::size_t deltas = 0;
    auto dirty = std::move(m_dirty);
    m_dirty.clear();
    // Connections the budget did not reach come first next time, then those with a backlog.
    std::vector<QPointer<ClusterConnection>> unreached;
    std::vector<QPointer<ClusterConnection>> backlogged;
    for (const auto &c : dirty) {
        if (!c)
            continue;
        if (deltas >= budget) {
            unreached.push_back(c);
            continue;
        }
        deltas += c->applyPending(budget - deltas);
        if (c->hasBacklog())
            backlogged.push_back(c);
    }
    const double ms = static_cast<double>(t.nsecsElapsed()) / 1e6;
    if (deltas >= kMinSlice) {
        // A running estimate, so one odd slice (a relist's deletions) does not swing the size.
        m_msPerDelta = 0.7 * m_msPerDelta + 0.3 * (ms / static_cast<double>(deltas));
        m_sliceSize = std::max(kMinSlice, static_cast<std::size_t>(kSliceBudgetMs / m_msPerDelta));
    }
    m_sinceFlush.restart();
    for (auto *list : {&unreached, &backlogged})
        for (const auto &c : *list)
            if (std::find(m_dirty.begin(), m_dirty.end(), c) == m_dirty.end())
                m_dirty.push_back(c);
    if (!m_dirty.empty()) {
        m_timer.start(kBacklogGapMs); // the rest of a burst: soon, after the paints
    } else {
        m_interval = std::clamp(static_cast<int>(ms * 4), kMinInterval, kMaxInterval);
    }
    if (deltas > 0)
        Q_EMIT flushed(static_cast<qint64>(deltas), ms);
}

} // namespace cubedesk::models
