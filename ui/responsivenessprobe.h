#pragma once
// ResponsivenessProbe: measures how responsive a window stays — the watchdog of the
// responsiveness benchmark (cubedesk-bench-gui). While running it
//   * ticks a 5 ms precise timer and records every event-loop gap (the time between ticks):
//     a gap over `stallMs` is a stall — the GUI thread did something else that long;
//   * runs frames on a 60 Hz grid (slot k starts at k × 16.667 ms after start()) and records,
//     per slot, the frame time: from the slot's start until its frame work is done — the frame
//     tick's lateness (whatever the event loop was doing: applied batches, model signals,
//     layout, the window's own paints) plus the frame's own paint. A frame time over 16.7 ms is
//     a frame the window could not have shown before the next refresh; a slot that passes while
//     the GUI thread is busy is counted as missed with the time it waited (at least 16.7 ms).
//     It also records the interval between consecutive frame ticks (16.7 ms when on time).
//     Paint times depend on the mode:
//       - OwnUpdates: the window repaints what its models and views mark dirty, as in use; the
//         probe times each of the window's update requests (paint and flush of the dirty
//         region) by delivering it itself from an event filter;
//       - FullRepaint: every frame tick repaints the whole window synchronously (the worst case:
//         every frame repaints everything, not only what changed) and times that.
// Figures are medians, p99 and maxima in milliseconds. A probe, not an assertion: thresholds
// belong to the reader (the README's targets), not to code.
//
// Threads: GUI thread only. Does not own the window.

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <cstdint>
#include <vector>

class QWidget;

namespace cubedesk::ui {

class ResponsivenessProbe final : public QObject {
    Q_OBJECT
public:
    struct Figures {
        double median = 0;
        double p99 = 0;
        double max = 0;
        std::size_t count = 0;
    };

    enum class Mode { OwnUpdates, FullRepaint };

    explicit ResponsivenessProbe(QWidget *window, Mode mode = Mode::FullRepaint,
                                 QObject *parent = nullptr);

    void start();
    void stop();

    Figures gaps() const { return figures(m_gaps); }
    Figures frameTimes() const { return figures(m_frameTimes); }
    Figures frameIntervals() const { return figures(m_intervals); }
    Figures paints() const { return figures(m_paints); }
    /// Frames whose frame time exceeded one refresh (kFrameMs).
    std::size_t lateFrames() const;
    /// Event-loop gaps longer than `stallMs`.
    std::size_t stalls(double stallMs = 100) const;

    static Figures figures(std::vector<double> samples);

    /// One refresh at 60 Hz, in ms.
    static constexpr double kFrameMs = 1000.0 / 60.0;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// Arms the frame timer for the start of slot m_slot.
    void scheduleFrame();

    QWidget *m_window;
    Mode m_mode;
    bool m_running = false;
    bool m_delivering = false;
    QTimer m_tick;
    QTimer m_frame;
    QElapsedTimer m_sinceTick;
    QElapsedTimer m_sinceFrame;
    QElapsedTimer m_sinceStart;
    std::int64_t m_slot = 0; ///< the 60 Hz slot the next frame tick is for
    std::vector<double> m_gaps;
    std::vector<double> m_frameTimes;
    std::vector<double> m_intervals;
    std::vector<double> m_paints;
};

} // namespace cubedesk::ui
