#pragma once
// UpdateDispatcher: drains every cluster's session at frame rate on the GUI thread (DESIGN.md
// §2). A session's wake-up marks its connection dirty; a single-shot timer then applies every
// dirty connection's deltas in one go. The gap between flushes adapts to the cost of applying:
// 4× the last flush time, clamped to 50–200 ms, so a flood of events never starves painting
// and a quiet cluster still updates within 50 ms.
//
// Threads: GUI thread only. Does not own the connections (ClusterHub does); a connection that
// is destroyed is dropped from the dirty set.

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <vector>

namespace cubedesk::models {

class ClusterConnection;

class UpdateDispatcher final : public QObject {
    Q_OBJECT
public:
    explicit UpdateDispatcher(QObject *parent = nullptr);

    /// Starts draining `connection` whenever it has changes.
    void watch(ClusterConnection *connection);
    /// The current gap between flushes, in ms.
    int interval() const { return m_interval; }
    /// Applies everything now (tests, shutdown).
    void flush();

Q_SIGNALS:
    /// After each flush: how many deltas were applied and how long it took.
    void flushed(qint64 deltas, double milliseconds);

private:
    void markDirty(ClusterConnection *connection);

    std::vector<QPointer<ClusterConnection>> m_dirty;
    QTimer m_timer;
    QElapsedTimer m_sinceFlush;
    int m_interval = 50;
};

} // namespace cubedesk::models
