#include "ui/responsivenessprobe.h"

#include <QWidget>

#include <algorithm>

namespace cubedesk::ui {

namespace {

double ms(const QElapsedTimer &t) {
    return static_cast<double>(t.nsecsElapsed()) / 1e6;
}

} // namespace

ResponsivenessProbe::ResponsivenessProbe(QWidget *window, QObject *parent)
    : QObject(parent)
    , m_window(window) {
    m_tick.setTimerType(Qt::PreciseTimer);
    m_tick.setInterval(5);
    connect(&m_tick, &QTimer::timeout, this, [this] {
        m_gaps.push_back(ms(m_sinceTick));
        m_sinceTick.restart();
    });
    m_frame.setTimerType(Qt::PreciseTimer);
    m_frame.setInterval(16);
    connect(&m_frame, &QTimer::timeout, this, [this] {
        m_intervals.push_back(ms(m_sinceFrame));
        m_sinceFrame.restart();
        QElapsedTimer paint;
        paint.start();
        m_window->repaint();
        m_paints.push_back(ms(paint));
    });
}

void ResponsivenessProbe::start() {
    m_gaps.clear();
    m_intervals.clear();
    m_paints.clear();
    // Reserve once: the machine pays for the first touch of each page, not the probe.
    m_gaps.reserve(1 << 16);
    m_intervals.reserve(1 << 14);
    m_paints.reserve(1 << 14);
    m_sinceTick.start();
    m_sinceFrame.start();
    m_tick.start();
    m_frame.start();
}

void ResponsivenessProbe::stop() {
    m_tick.stop();
    m_frame.stop();
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
