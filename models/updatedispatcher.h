#pragma once
// UpdateDispatcher: drains every cluster's session at frame rate on the GUI thread (DESIGN.md
// §2). A session's wake-up marks its connection dirty; a single-shot timer then applies the dirty
// connections' deltas. The gap between flushes adapts to the cost of applying: 4× the last
// flush time, clamped to 50–200 ms, so a flood of events never starves painting and a quiet
// cluster still updates within 50 ms.
//
// A flush is a slice that fits a frame: it applies as many deltas as the measured cost per delta
// allows in kSliceBudgetMs (at least kMinSlice), and when some are left it comes back after
// kBacklogGapMs, once pending paints had their turn. So a burst of 10,000 changes — or the
// first sync of 150,000 pods — is applied over several frames instead of freezing one.
//
// Threads: GUI thread only. Does not own the connections (ClusterHub does); a connection that
// is destroyed is dropped from the dirty set.

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <cstddef>
#include <vector>

namespace cubedesk::models {

class ClusterConnection;

class UpdateDispatcher final : public QObject {
    Q_OBJECT
public:
    static constexpr double kSliceBudgetMs = 6.0;
    static constexpr std::size_t kMinSlice = 200;
    static constexpr int kBacklogGapMs = 2;

    explicit UpdateDispatcher(QObject *parent = nullptr);

    /// Starts draining `connection` whenever it has changes.
    void watch(ClusterConnection *connection);
    /// The current gap between flushes, in ms.
    int interval() const { return m_interval; }
    /// How many deltas the next slice may apply (from the measured cost per delta).
    std::size_t sliceSize() const { return m_sliceSize; }
    /// Applies everything now, with no slicing (tests, shutdown).
    void flush();

Q_SIGNALS:
    /// After each flush or slice: how many deltas were applied and how long it took.
    void flushed(qint64 deltas, double milliseconds);

private:
    void markDirty(ClusterConnection *connection);
    void applySlice();
    void apply(std::size_t budget);

    std::vector<QPointer<ClusterConnection>> m_dirty;
    QTimer m_timer;
    QElapsedTimer m_sinceFlush;
    int m_interval = 50;
    double m_msPerDelta = 0.02; ///< running estimate of the cost of one delta
    std::size_t m_sliceSize = static_cast<std::size_t>(kSliceBudgetMs / 0.02);
};

} // namespace cubedesk::models
