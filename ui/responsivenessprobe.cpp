#include "ui/responsivenessprobe.h"

#include <QCoreApplication>
#include <QEvent>
#include <QWidget>

#include <algorithm>
#include <cmath>

namespace cubedesk::ui {

namespace {

double ms(const QElapsedTimer &t) {
    return static_cast<double>(t.nsecsElapsed()) / 1e6;
}

} // namespace

ResponsivenessProbe::ResponsivenessProbe(QWidget *window, Mode mode, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_mode(mode) {
    m_tick.setTimerType(Qt::PreciseTimer);
    m_tick.setInterval(5);
    connect(&m_tick, &QTimer::timeout, this, [this] {
        m_gaps.push_back(ms(m_sinceTick));
        m_sinceTick.restart();
    });
    m_frame.setTimerType(Qt::PreciseTimer);
    m_frame.setSingleShot(true);
    connect(&m_frame, &QTimer::timeout, this, [this] {
        if (ms(m_sinceStart) < static_cast<double>(m_slot) * kFrameMs) {
            scheduleFrame(); // early (timer rounding): not this slot's frame yet
            return;
        }
        m_intervals.push_back(ms(m_sinceFrame));
        m_sinceFrame.restart();
        if (m_mode == Mode::FullRepaint) {
            QElapsedTimer paint;
            paint.start();
            m_window->repaint();
            m_paints.push_back(ms(paint));
        }
        // This slot's frame is done now; slots that began while we were late are missed.
        const double done = ms(m_sinceStart);
        for (; static_cast<double>(m_slot) * kFrameMs <= done; ++m_slot)
            m_frameTimes.push_back(done - static_cast<double>(m_slot) * kFrameMs);
        scheduleFrame();
    });
    if (m_mode == Mode::OwnUpdates)
        m_window->installEventFilter(this);
}

bool ResponsivenessProbe::eventFilter(QObject *watched, QEvent *event) {
    if (!m_running || m_delivering || watched != m_window || event->type() != QEvent::UpdateRequest)
        return false;
    // Deliver the update request here, to time it: the window paints and flushes its dirty
    // region inside QWidget::event(). (The filter sees it again and lets it through.)
    QElapsedTimer paint;
    paint.start();
    m_delivering = true;
    QCoreApplication::sendEvent(m_window, event);
    m_delivering = false;
    m_paints.push_back(ms(paint));
    return true; // delivered
}

void ResponsivenessProbe::start() {
    m_gaps.clear();
    m_intervals.clear();
    m_paints.clear();
    // Reserve once: the machine pays for the first touch of each page, not the probe.
    m_gaps.reserve(1 << 16);
    m_intervals.reserve(1 << 14);
    m_paints.reserve(1 << 14);
    m_frameTimes.clear();
    m_frameTimes.reserve(1 << 14);
    m_sinceTick.start();
    m_sinceFrame.start();
    m_sinceStart.start();
    m_slot = 1;
    m_tick.start();
    scheduleFrame();
    m_running = true;
}

void ResponsivenessProbe::scheduleFrame() {
    const double wait = static_cast<double>(m_slot) * kFrameMs - ms(m_sinceStart);
    m_frame.start(std::max(0, static_cast<int>(std::ceil(wait))));
}

void ResponsivenessProbe::stop() {
    m_running = false;
    m_tick.stop();
    m_frame.stop();
}

std::size_t ResponsivenessProbe::lateFrames() const {
    return static_cast<std::size_t>(std::count_if(m_frameTimes.begin(), m_frameTimes.end(),
                                                  [](double f) { return f > kFrameMs; }));
}

std::size_t ResponsivenessProbe::stalls(double stallMs) const {
    return static_cast<std::size_t>(
        std::count_if(m_gaps.begin(), m_gaps.end(), [stallMs](double g) { return g > stallMs; }));
}

ResponsivenessProbe::Figures ResponsivenessProbe::figures(std::vector<double> samples) {
    Figures f;
    f.count = samples.size();
    if (samples.empty())
        return f;
    std::sort(samples.begin(), samples.end());
    auto at = [&](double p) {
        return samples[std::min(samples.size() - 1,
                                static_cast<std::size_t>(p * static_cast<double>(samples.size())))];
    };
    f.median = at(0.5);
    f.p99 = at(0.99);
    f.max = samples.back();
    return f;
}

} // namespace cubedesk::ui
