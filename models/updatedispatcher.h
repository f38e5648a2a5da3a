#pragma once
// UpdateDispatcher: applies every cluster's session deltas on the GUI thread at frame rate
// (docs/threads-and-data-flow.md), never more than a frame's budget at a time. A session's
// wake-up marks its connection dirty; a single-shot timer then applies the dirty connections'
// deltas:
//   * each timer flush spends at most kFlushBudgetMs applying (slices sized from the measured
//     cost per delta, at least kMinSlice deltas per connection so that a flush always makes
//     progress); what does not fit stays in the connection's backlog and the next slice follows
//     kBacklogIntervalMs later, so painting and input run between slices — a 150,000-pod initial
//     sync or a burst after a reconnect is applied over several frames instead of in one stall;
//   * without a backlog the gap between flushes adapts to the cost of applying: 4× the last
//     flush time, clamped to 50–200 ms, so a flood of events never starves painting and a quiet
//     cluster still updates within 50 ms.
// Deltas are applied in the order their session produced them (ClusterConnection::applyPending).
// Streams (a log view's feed) are paced by the same timer: schedule() asks for one call of the
// stream's drain in the next flush, after the connections' deltas; however many lines arrived
// meanwhile, the view gets them as one batch — at most one per flush interval (50–200 ms), never
// one per line or per network read.
//
// Threads: GUI thread only. Does not own the connections (ClusterHub does); a connection that
// is destroyed is dropped from the dirty set.

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>
#include <vector>

namespace cubedesk::models {

class ClusterConnection;

class UpdateDispatcher final : public QObject {
    Q_OBJECT
public:
    /// Time one timer flush may spend applying deltas (of a 16.7 ms frame).
    static constexpr double kFlushBudgetMs = 6.0;
    /// Gap before the next slice while a backlog remains (about one frame).
    static constexpr int kBacklogIntervalMs = 16;
    /// Fewest deltas a flush applies per dirty connection, whatever the estimate says.
    static constexpr std::size_t kMinSlice = 128;

    explicit UpdateDispatcher(QObject *parent = nullptr);

    /// Starts draining `connection` whenever it has changes (and tells it: dispatcher()).
    void watch(ClusterConnection *connection);
    /// Calls `drain` once in the next flush (a stream that has something for its view). Repeated
    /// calls for the same `owner` before then are one call; nothing is called once `owner` is
    /// destroyed.
    void schedule(QObject *owner, std::function<void()> drain);
    /// The current gap between flushes, in ms.
    int interval() const { return m_interval; }
    /// Applies everything now, backlogs included, ignoring the budget (tests, shutdown).
    void flush();
    /// Replaces kFlushBudgetMs (tests: 0 applies kMinSlice deltas per connection and flush).
    void setFlushBudget(double milliseconds) { m_budgetMs = milliseconds; }
    /// The current estimate of what applying one delta costs, in µs (fixed costs included).
    double microsecondsPerDelta() const { return m_usPerDelta; }

Q_SIGNALS:
    /// After each flush or slice: how many deltas were applied and how long it took.
    void flushed(qint64 deltas, double milliseconds);

private:
    void markDirty(ClusterConnection *connection);
    /// Starts the timer for the next flush, if it is not running.
    void arm();
    /// Calls the scheduled streams' drains.
    void drainStreams();
    /// One timer flush: applies within kFlushBudgetMs, reschedules while backlogs remain.
    void flushSlice();
    void finish(qint64 deltas, double ms);

    std::vector<QPointer<ClusterConnection>> m_dirty;
    struct Stream {
        QPointer<QObject> owner;
        std::function<void()> drain;
    };
    std::vector<Stream> m_streams;
    QTimer m_timer;
    QElapsedTimer m_sinceFlush;
    int m_interval = 50;
    double m_usPerDelta = 20;
    double m_budgetMs = kFlushBudgetMs;
};

} // namespace cubedesk::models
