#pragma once
// ResponsivenessProbe: measures how responsive a window stays — the watchdog of the
// responsiveness benchmark (cubedesk-bench-gui) and of its test. While running it
//   * ticks a 5 ms precise timer and records every event-loop gap (the time between ticks):
//     a gap over `stallMs` is a stall — the GUI thread did something else that long;
//   * renders the whole window synchronously at 60 Hz (the worst case: every frame repaints
//     everything, not only what changed) and records each frame's paint time and the interval
//     between frame starts (which includes whatever the event loop did in between: applied
//     batches, model signals, layout).
// Figures are medians, p99 and maxima in milliseconds. A probe, not an assertion: thresholds
// belong to the reader (the README's targets), not to code.
//
// Threads: GUI thread only. Does not own the window.

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

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

    explicit ResponsivenessProbe(QWidget *window, QObject *parent = nullptr);

    void start();
    void stop();

    Figures gaps() const { return figures(m_gaps); }
    Figures frameIntervals() const { return figures(m_intervals); }
    Figures paints() const { return figures(m_paints); }
    /// Event-loop gaps longer than `stallMs`.
    std::size_t stalls(double stallMs = 100) const;

    static Figures figures(std::vector<double> samples);

private:
    QWidget *m_window;
    QTimer m_tick;
    QTimer m_frame;
    QElapsedTimer m_sinceTick;
    QElapsedTimer m_sinceFrame;
    std::vector<double> m_gaps;
    std::vector<double> m_intervals;
    std::vector<double> m_paints;
};

} // namespace cubedesk::ui
