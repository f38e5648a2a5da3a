#include "widgets/gpuhistorychart.h"

#include "widgets/chartstyle.h"
#include "widgets/usagebarpainter.h"

#include <QChart>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QEvent>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <vector>

namespace cubedesk::widgets {

GpuHistoryChart::GpuHistoryChart(QWidget *parent)
    : QChartView(parent)
    , m_time(new QDateTimeAxis)
    , m_values(new QValueAxis) {
    auto *chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(4, 4, 8, 4));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->addAxis(m_time, Qt::AlignBottom);
    chart->addAxis(m_values, Qt::AlignLeft);
    m_time->setFormat(QStringLiteral("HH:mm"));
    m_time->setTickCount(7);
    m_values->setLabelFormat(QStringLiteral("%.0f"));
    m_values->setTickCount(5);
    ChartStyle::install(this, chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(180);
    m_empty = new QGraphicsSimpleTextItem(chart);
    m_empty->setVisible(false);
    connect(chart, &QChart::plotAreaChanged, this, [this] {
        placeEmptyText();
        fitTimeTicks();
    });
    applyPalette();
    rebuild();
}

QColor GpuHistoryChart::lineColor(int index) {
    static const QColor colors[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e),
                                    QColor(0x2c, 0xa0, 0x2c), QColor(0xd6, 0x27, 0x28),
                                    QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
                                    QColor(0xe3, 0x77, 0xc2), QColor(0x7f, 0x7f, 0x7f),
                                    QColor(0xbc, 0xbd, 0x22), QColor(0x17, 0xbe, 0xcf)};
    return colors[static_cast<std::size_t>(std::max(index, 0)) % std::size(colors)];
}

void GpuHistoryChart::setLines(const QList<Line> &lines, qint64 start, qint64 end, bool percent,
                               const QString &unit) {
    if (lines == m_lines && start == m_start && end == m_end && percent == m_percent &&
        unit == m_unit)
        return;
    m_lines = lines;
    m_start = start;
    m_end = end;
    m_percent = percent;
    m_unit = unit;
    rebuild();
}

void GpuHistoryChart::setEmptyText(const QString &text) {
    m_emptyText = text;
    rebuild();
}

double GpuHistoryChart::ceiling() const {
    return m_values->max();
}

void GpuHistoryChart::rebuild() {
    QChart *c = chart();
    c->removeAllSeries();
    double top = 0;
    bool any = false;
    std::vector<QLineSeries *> unnamed; ///< a line's later runs: no legend entry
    for (int i = 0; i < m_lines.size(); ++i) {
        const Line &line = m_lines[i];
        QLineSeries *series = nullptr;
        bool named = false;
        // One series per run without gaps, all of the line's colour; only the first has a
        // legend entry.
        const auto finish = [&] {
            if (!series)
                return;
            c->addSeries(series);
            series->attachAxis(m_time);
            series->attachAxis(m_values);
            series->setPen(QPen(lineColor(i), 1.6));
            // A run of one sample draws no line: a dot then (a Prometheus with little history,
            // a series that just began).
            series->setPointsVisible(series->count() == 1);
            if (named)
                unnamed.push_back(series);
            named = true;
            series = nullptr;
        };
        for (const QPointF &p : line.points) {
            if (std::isnan(p.y())) {
                finish();
                continue;
            }
            if (!series) {
                series = new QLineSeries;
                series->setName(line.name);
            }
            series->append(p.x() * 1000.0, p.y());
            top = std::max(top, p.y());
            any = true;
        }
        finish();
    }
    m_time->setRange(QDateTime::fromSecsSinceEpoch(m_start), QDateTime::fromSecsSinceEpoch(m_end));
    m_time->setFormat(m_end - m_start > 12LL * 3600 ? QStringLiteral("ddd HH:mm")
                                                    : QStringLiteral("HH:mm"));
    m_values->setRange(0, m_percent ? 100.0 : (top > 0 ? top * 1.1 : 1.0));
    if (!m_percent && top > 0)
        m_values->applyNiceNumbers();
    m_values->setTitleText(m_unit);
    c->legend()->setVisible(any);
    for (QLineSeries *series : unnamed)
        for (QLegendMarker *marker : c->legend()->markers(series))
            marker->setVisible(false);
    m_empty->setText(m_emptyText);
    m_empty->setVisible(!any && !m_emptyText.isEmpty());
    placeEmptyText();
    fitTimeTicks();
    applyPalette();
}

void GpuHistoryChart::fitTimeTicks() {
    // As many times as fit side by side with room between them: seven crowd a narrow panel
    // into elided labels ("22:…").
    const QString widest = QDateTime::fromSecsSinceEpoch(m_end).toString(m_time->format());
    const double label = QFontMetricsF(m_time->labelsFont()).horizontalAdvance(widest) * 1.6;
    const double width = chart()->plotArea().width();
    const int ticks = label > 0 ? static_cast<int>(width / label) + 1 : 7;
    const int fitted = std::clamp(ticks, 2, 7);
    if (m_time->tickCount() != fitted)
        m_time->setTickCount(fitted);
}

void GpuHistoryChart::applyPalette() {
    ChartStyle::apply(chart(), {m_time, m_values}, palette(), font());
    m_empty->setBrush(UsageBarPainter::mix(palette().color(QPalette::Base),
                                           palette().color(QPalette::Text), 0.6));
    m_empty->setFont(font());
}

void GpuHistoryChart::placeEmptyText() {
    const QRectF area = chart()->plotArea();
    const QRectF text = m_empty->boundingRect();
    m_empty->setPos(area.center() - QPointF(text.width() / 2, text.height() / 2));
}

void GpuHistoryChart::changeEvent(QEvent *event) {
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        applyPalette();
}

void GpuHistoryChart::resizeEvent(QResizeEvent *event) {
    QChartView::resizeEvent(event);
    placeEmptyText();
}

} // namespace cubedesk::widgets
