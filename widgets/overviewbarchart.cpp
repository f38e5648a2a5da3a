#include "widgets/overviewbarchart.h"

#include "widgets/chartstyle.h"
#include "widgets/usagebarpainter.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QEvent>
#include <QGraphicsLayout>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace cubedesk::widgets {

namespace {

QString number(double v) {
    const double rounded = std::round(v * 10.0) / 10.0;
    return QString::number(rounded, 'f', rounded == std::floor(rounded) ? 0 : 1);
}

models::Usage::Level levelOf(const OverviewBarChart::Bar &bar) {
    return models::Usage{bar.used, bar.total, {}}.level();
}

QColor valueColor(const QPalette &p) {
    return UsageBarPainter::mix(p.color(QPalette::Text), p.color(QPalette::Base), 0.3);
}

/// The in-use mark: near the palette's text colour, so it reads on the fill and the track.
QColor inUseColor(const QPalette &p) {
    return UsageBarPainter::mix(p.color(QPalette::Text), p.color(QPalette::Base), 0.1);
}

void replaceValues(QBarSet *set, const QList<qreal> &values) {
    if (set->count() == values.size()) {
        for (int i = 0; i < values.size(); ++i)
            if (set->at(i) != values[i])
                set->replace(i, values[i]);
        return;
    }
    set->remove(0, set->count());
    set->append(values);
}

} // namespace

OverviewBarChart::OverviewBarChart(QWidget *parent)
    : QChartView(parent)
    , m_color(UsageBarPainter::fillColor(models::Usage::Level::Normal))
    , m_series(new QHorizontalStackedBarSeries)
    , m_normal(new QBarSet(tr("Requested")))
    , m_warning(new QBarSet(tr("≥80%")))
    , m_critical(new QBarSet(tr("≥95%")))
    , m_free(new QBarSet(tr("Free")))
    , m_categories(new QBarCategoryAxis)
    , m_values(new QValueAxis)
    , m_emptyItem(nullptr) {
    auto *chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(4, 4, 8, 4));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    for (QBarSet *set : {m_normal, m_warning, m_critical, m_free}) {
        set->setBorderColor(Qt::transparent);
        m_series->append(set);
    }
    m_series->setBarWidth(0.72);
    chart->addSeries(m_series);
    m_categories->setGridLineVisible(false);
    // Qt Charts cuts category labels to "…" as soon as space is short; the chart writes the
    // names itself (fitCategoryLabels) and keeps the axis for its line.
    m_categories->setLabelsVisible(false);
    m_values->setLabelFormat(QStringLiteral("%g"));
    m_values->setMinorGridLineVisible(false);
    chart->addAxis(m_categories, Qt::AlignLeft);
    chart->addAxis(m_values, Qt::AlignBottom);
    m_series->attachAxis(m_categories);
    m_series->attachAxis(m_values);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setMarkerShape(QLegend::MarkerShapeRectangle);
    ChartStyle::install(this, chart);
    setRenderHint(QPainter::Antialiasing);
    setFrameShape(QFrame::NoFrame);
    setMinimumSize(160, 140);
    m_emptyItem = new QGraphicsSimpleTextItem(chart);
    m_emptyItem->setVisible(false);
    connect(chart, &QChart::plotAreaChanged, this, [this] {
        placeEmptyText();
        placeValueTexts();
    });
    connect(m_series, &QAbstractBarSeries::hovered, this,
            [this](bool status, int index, QBarSet *) { showToolTip(status, index); });
    applyPalette();
    setBars({});
}

void OverviewBarChart::applyPalette() {
    const QPalette &p = palette();
    ChartStyle::apply(chart(), {m_categories, m_values}, p, font());
    const QFont small = ChartStyle::smallFont(font());
    m_normal->setColor(m_color);
    m_warning->setColor(requestedColor(models::Usage::Level::Warning));
    m_critical->setColor(requestedColor(models::Usage::Level::Critical));
    m_free->setColor(freeColor());
    m_emptyItem->setBrush(
        UsageBarPainter::mix(p.color(QPalette::Base), p.color(QPalette::Text), 0.6));
    m_emptyItem->setFont(font());
    for (QGraphicsSimpleTextItem *item : std::as_const(m_valueItems)) {
        item->setBrush(valueColor(p));
        item->setFont(small);
    }
    for (QGraphicsRectItem *item : std::as_const(m_inUseItems))
        item->setBrush(inUseColor(p));
    for (QGraphicsSimpleTextItem *item : std::as_const(m_labelItems)) {
        item->setBrush(p.color(QPalette::Text));
        item->setFont(small);
    }
    fitCategoryLabels();
}

void OverviewBarChart::changeEvent(QEvent *event) {
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        applyPalette();
}

void OverviewBarChart::resizeEvent(QResizeEvent *event) {
    QChartView::resizeEvent(event);
    fitTitle();
    fitCategoryLabels();
    fitValueTicks(false);
}

void OverviewBarChart::fitValueTicks(bool force) {
    // As many ticks as their numbers fit side by side (Qt Charts cuts them to "2…" otherwise),
    // on a range made nice from the bars' own maximum each time (never from the last nice one).
    // The plot's width from the widget's and the margins (never from the plot area, which the
    // ticks themselves move: that would feed back).
    const QFontMetrics metrics(ChartStyle::smallFont(font()));
    const QMargins margins = chart()->margins();
    const int plot = std::max(1, width() - margins.left() - margins.right() - 24);
    if (!force && plot == m_ticksForWidth)
        return;
    m_ticksForWidth = plot;
    // Room past each bar for its "used / total": the axis reaches far enough that the longest
    // text still fits after its bar (total · plot / (plot − text) for each bar).
    double reach = m_valueMax;
    for (const Bar &bar : std::as_const(m_bars)) {
        const int text = metrics.horizontalAdvance(valueText(bar)) + 10;
        const double end = std::max(bar.used, bar.total);
        if (end > 0)
            reach = std::max(reach, end * plot / std::max(plot - text, plot / 4));
    }
    for (int ticks = 6; ticks >= 2; --ticks) {
        m_values->setRange(0, reach);
        m_values->setTickCount(ticks);
        m_values->applyNiceNumbers(); // may choose another count and a rounder maximum
        const int label =
            metrics.horizontalAdvance(QString::number(m_values->max(), 'g', 6)) * 3 / 2 + 12;
        if (plot / std::max(1, m_values->tickCount() - 1) >= label)
            break;
    }
    // A new range moves every value without moving the plot area (no plotAreaChanged).
    placeValueTexts();
}

void OverviewBarChart::setTitle(const QString &title) {
    m_title = title;
    fitTitle();
}

QString OverviewBarChart::title() const {
    return m_title;
}

void OverviewBarChart::fitTitle() {
    // Qt Charts cuts a long title to "…": wrap it at spaces onto as many lines as it needs
    // instead. The title shares the chart's margins (the left one holds the bar names).
    const QFontMetrics metrics(chart()->titleFont());
    const QMargins margins = chart()->margins();
    const int room = std::max(40, width() - margins.left() - margins.right() - 8);
    QStringList lines;
    for (const QString &word : m_title.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!lines.isEmpty() &&
            metrics.horizontalAdvance(lines.last() + QLatin1Char(' ') + word) <= room)
            lines.last() += QLatin1Char(' ') + word;
        else
            lines << word;
    }
    for (QString &line : lines)
        line = line.toHtmlEscaped();
    const QString html = lines.join(QStringLiteral("<br>"));
    if (chart()->title() != html)
        chart()->setTitle(html);
}

void OverviewBarChart::setColor(const QColor &color) {
    m_color = color;
    m_normal->setColor(color);
}

void OverviewBarChart::setEmptyText(const QString &text) {
    m_emptyText = text;
    m_emptyItem->setText(text);
    placeEmptyText();
}

QColor OverviewBarChart::requestedColor(models::Usage::Level level) const {
    return level == models::Usage::Level::Normal ? m_color
                                                 : UsageBarPainter::fillColor(level, palette());
}

QColor OverviewBarChart::freeColor() const {
    return UsageBarPainter::trackColor(palette());
}

QString OverviewBarChart::valueText(const Bar &bar) {
    QString text = number(bar.used) + QStringLiteral(" / ") + number(bar.total);
    if (bar.inUse)
        text += QStringLiteral(" · ") + tr("%1 in use").arg(number(*bar.inUse));
    return text;
}

QRectF OverviewBarChart::inUseMark(int index) const {
    if (index < 0 || index >= m_inUseItems.size() || !m_inUseItems[index]->isVisible())
        return {};
    const QGraphicsRectItem *item = m_inUseItems[index];
    return viewportTransform().mapRect(item->mapRectToScene(item->rect()));
}

QString OverviewBarChart::valueLabel(int index) const {
    return index >= 0 && index < m_valueItems.size() ? m_valueItems[index]->text() : QString();
}

QString OverviewBarChart::categoryLabel(int index) const {
    return index >= 0 && index < m_labelItems.size() ? m_labelItems[index]->text() : QString();
}

void OverviewBarChart::setBars(const QList<Bar> &bars) {
    if (bars == m_bars && !m_categories->categories().isEmpty())
        return;
    m_bars = bars;
    QList<qreal> normal;
    QList<qreal> warning;
    QList<qreal> critical;
    QList<qreal> free;
    QStringList labels;
    double most = 0;
    bool anyWarning = false;
    bool anyCritical = false;
    // A horizontal bar chart puts its first category at the bottom: hand the bars over in
    // reverse so that the first one is on top (QAbstractAxis::setReverse does not do it here).
    for (auto it = bars.crbegin(); it != bars.crend(); ++it) {
        const Bar &bar = *it;
        const auto level = levelOf(bar);
        normal << (level == models::Usage::Level::Normal ? bar.used : 0.0);
        warning << (level == models::Usage::Level::Warning ? bar.used : 0.0);
        critical << (level == models::Usage::Level::Critical ? bar.used : 0.0);
        free << std::max(0.0, bar.total - bar.used);
        anyWarning = anyWarning || level == models::Usage::Level::Warning;
        anyCritical = anyCritical || level == models::Usage::Level::Critical;
        most = std::max({most, bar.total, bar.used});
        QString label = bar.label;
        // Category labels must be unique; two clusters may have the same org name.
        while (labels.contains(label))
            label += QChar(0x200B);
        labels << label;
    }
    replaceValues(m_normal, normal);
    replaceValues(m_warning, warning);
    replaceValues(m_critical, critical);
    replaceValues(m_free, free);
    if (labels.isEmpty())
        labels << QString();
    if (m_categories->categories() != labels) {
        m_categories->clear();
        m_categories->append(labels);
    }
    // Room past the longest bar for its value text.
    m_valueMax = most > 0 ? most : 1;
    fitValueTicks(true);
    m_anyWarning = anyWarning;
    m_anyCritical = anyCritical;
    fitLegend();
    m_categories->setVisible(!bars.isEmpty());
    m_values->setVisible(!bars.isEmpty());

    m_emptyItem->setVisible(bars.isEmpty() && !m_emptyText.isEmpty());
    placeEmptyText();

    while (m_valueItems.size() > bars.size())
        delete m_valueItems.takeLast();
    const QFont small = ChartStyle::smallFont(font());
    while (m_valueItems.size() < bars.size()) {
        auto *item = new QGraphicsSimpleTextItem(chart());
        item->setBrush(valueColor(palette()));
        item->setFont(small);
        item->setZValue(10);
        m_valueItems.append(item);
    }
    for (qsizetype i = 0; i < bars.size(); ++i)
        m_valueItems[i]->setText(valueText(bars[i]));
    while (m_inUseItems.size() > bars.size())
        delete m_inUseItems.takeLast();
    while (m_inUseItems.size() < bars.size()) {
        auto *item = new QGraphicsRectItem(chart());
        item->setPen(Qt::NoPen);
        item->setBrush(inUseColor(palette()));
        item->setZValue(11);
        m_inUseItems.append(item);
    }
    for (qsizetype i = 0; i < bars.size(); ++i)
        m_inUseItems[i]->setVisible(bars[i].inUse.has_value());
    while (m_labelItems.size() > bars.size())
        delete m_labelItems.takeLast();
    while (m_labelItems.size() < bars.size()) {
        auto *item = new QGraphicsSimpleTextItem(chart());
        item->setBrush(palette().color(QPalette::Text));
        item->setFont(small);
        item->setZValue(10);
        m_labelItems.append(item);
    }
    fitCategoryLabels();
    placeValueTexts();
}

void OverviewBarChart::fitCategoryLabels() {
    const QFont small = ChartStyle::smallFont(font());
    const QFontMetrics metrics(small);
    int widest = 0;
    for (const Bar &bar : std::as_const(m_bars))
        widest = std::max(widest, metrics.horizontalAdvance(bar.label));
    // A pixel or two of slack: elidedText measures a little wider than horizontalAdvance.
    const int room = std::min(widest + 2, width() * 2 / 5);
    for (qsizetype i = 0; i < m_labelItems.size() && i < m_bars.size(); ++i) {
        const QString &full = m_bars[i].label;
        const QString shown = metrics.elidedText(full, Qt::ElideMiddle, room);
        m_labelItems[i]->setText(shown);
        m_labelItems[i]->setToolTip(shown == full ? QString() : full);
    }
    QMargins margins = chart()->margins();
    const int left = m_labelItems.isEmpty() ? 4 : room + 8;
    if (margins.left() != left) {
        margins.setLeft(left);
        chart()->setMargins(margins); // moves the plot area: placeValueTexts follows
        fitTitle();
        fitValueTicks(false);
    }
    fitLegend();
}

void OverviewBarChart::fitLegend() {
    // The legend shares the chart's margins: when its entries do not fit side by side, "Free"
    // (the grey track, plain enough) goes first rather than having every entry cut to "Req…".
    const QFontMetrics metrics(ChartStyle::smallFont(font()));
    const QMargins margins = chart()->margins();
    const int room = width() - margins.left() - margins.right();
    const auto markers = chart()->legend()->markers(m_series);
    int needed = 0;
    for (QLegendMarker *marker : markers) {
        const QString label = marker->label();
        const bool shown = label == m_warning->label()    ? m_anyWarning
                           : label == m_critical->label() ? m_anyCritical
                                                          : true;
        marker->setVisible(shown);
        if (shown)
            needed += metrics.horizontalAdvance(label) + 3 * metrics.height() + 24;
    }
    // Too narrow still: no legend at all (the colours are the usage bars' everywhere).
    int withoutFree = needed;
    for (QLegendMarker *marker : markers)
        if (marker->label() == m_free->label()) {
            marker->setVisible(needed <= room);
            withoutFree -= metrics.horizontalAdvance(marker->label()) + 3 * metrics.height() + 24;
        }
    chart()->legend()->setVisible(!m_bars.isEmpty() && withoutFree <= room);
}

void OverviewBarChart::placeValueTexts() {
    for (qsizetype i = 0; i < m_valueItems.size() && i < m_bars.size(); ++i) {
        const Bar &bar = m_bars[i];
        const auto category = static_cast<double>(m_bars.size() - 1 - i);
        const QPointF end =
            chart()->mapToPosition(QPointF(std::max(bar.used, bar.total), category), m_series);
        const QRectF text = m_valueItems[i]->boundingRect();
        m_valueItems[i]->setPos(end.x() + 4, end.y() - text.height() / 2);
        if (i < m_inUseItems.size() && bar.inUse) {
            // Across the bar (QtCharts draws bars half a category wide).
            const double at = std::clamp(*bar.inUse, 0.0, std::max(bar.total, bar.used));
            const QPointF top = chart()->mapToPosition(QPointF(at, category + 0.3), m_series);
            const QPointF bottom = chart()->mapToPosition(QPointF(at, category - 0.3), m_series);
            m_inUseItems[i]->setRect(QRectF(top.x() - 1.5, top.y(), 3, bottom.y() - top.y()));
        }
        if (i < m_labelItems.size()) {
            const QPointF start = chart()->mapToPosition(QPointF(0, category), m_series);
            const QRectF name = m_labelItems[i]->boundingRect();
            m_labelItems[i]->setPos(start.x() - 6 - name.width(), start.y() - name.height() / 2);
        }
    }
}

void OverviewBarChart::placeEmptyText() {
    if (!m_emptyItem)
        return;
    const QRectF area = chart()->plotArea();
    const QRectF text = m_emptyItem->boundingRect();
    m_emptyItem->setPos(area.center() - QPointF(text.width() / 2, text.height() / 2));
}

QPointF OverviewBarChart::barPoint(int index, double value) const {
    const auto category = static_cast<double>(m_bars.size() - 1 - index);
    const QPointF scene = chart()->mapToPosition(QPointF(value, category), m_series);
    return viewportTransform().map(chart()->mapToScene(scene));
}

void OverviewBarChart::showToolTip(bool status, int index) {
    const auto row = m_bars.size() - 1 - index; // categories are in reverse
    if (!status || index < 0 || row < 0 || row >= m_bars.size()) {
        QToolTip::hideText();
        return;
    }
    const Bar &bar = m_bars[row];
    QString text = bar.toolTip;
    if (text.isEmpty())
        text = bar.label + QStringLiteral("  ") + valueText(bar);
    QToolTip::showText(QCursor::pos(), text, this);
}

} // namespace cubedesk::widgets
