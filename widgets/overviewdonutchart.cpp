#include "widgets/overviewdonutchart.h"

#include "widgets/chartstyle.h"
#include "widgets/usagebarpainter.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QFontMetrics>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QPieSeries>
#include <QPieSlice>

#include <algorithm>
#include <cmath>

namespace cubedesk::widgets {

namespace {

constexpr double kOuter = 0.96;
constexpr double kRing = 0.17; ///< width of one ring, fraction of the plot area
constexpr double kGap = 0.025;

} // namespace

OverviewDonutChart::OverviewDonutChart(QWidget *parent)
    : QWidget(parent)
    , m_view(new QChartView(this))
    , m_legend(new QLabel(this))
    , m_titleItem(nullptr) {
    auto *chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(0, 0, 0, 0));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    chart->legend()->hide();
    ChartStyle::install(m_view, chart);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFrameShape(QFrame::NoFrame);
    m_view->setMinimumSize(130, 130);
    m_view->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);
    m_titleItem = new QGraphicsSimpleTextItem(chart);
    connect(chart, &QChart::plotAreaChanged, this, &OverviewDonutChart::placeCentre);

    m_legend->setTextFormat(Qt::RichText);
    m_legend->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_legend->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Preferred);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_legend);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
    rebuild();
}

std::pair<double, double> OverviewDonutChart::ringSize(int ring, int) {
    const double outer = kOuter - ring * (kRing + kGap);
    return {outer, outer - kRing};
}

QColor OverviewDonutChart::usedColor(int ring) const {
    if (ring < 0 || ring >= m_rings.size())
        return {};
    const Ring &r = m_rings[ring];
    const auto level = models::Usage{r.used, r.total, {}}.level();
    return level == models::Usage::Level::Normal ? r.color
                                                 : UsageBarPainter::fillColor(level, palette());
}

QColor OverviewDonutChart::freeColor() const {
    return UsageBarPainter::trackColor(palette());
}

void OverviewDonutChart::setData(const QString &title, const QString &subtitle,
                                 const QList<Ring> &rings) {
    if (title == m_title && subtitle == m_subtitle && rings == m_rings)
        return;
    m_title = title;
    m_subtitle = subtitle;
    m_rings = rings;
    rebuild();
}

void OverviewDonutChart::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        rebuild();
}

void OverviewDonutChart::rebuild() {
    QChart *chart = m_view->chart();
    const QPalette &p = palette();
    chart->setBackgroundBrush(p.color(QPalette::Base));
    chart->setBackgroundPen(Qt::NoPen);
    // One series per ring; reuse them, so a refresh does not rebuild the scene.
    while (m_series.size() > m_rings.size()) {
        QPieSeries *s = m_series.takeLast();
        chart->removeSeries(s);
        delete s;
    }
    while (m_series.size() < m_rings.size()) {
        auto *s = new QPieSeries;
        s->append(QString(), 0);
        s->append(QString(), 1);
        for (QPieSlice *slice : s->slices()) {
            slice->setBorderWidth(0);
            slice->setBorderColor(Qt::transparent);
        }
        chart->addSeries(s);
        m_series.append(s);
    }
    QStringList legend;
    const QColor track = freeColor();
    const QColor muted =
        UsageBarPainter::mix(p.color(QPalette::Text), p.color(QPalette::Base), 0.4);
    for (int i = 0; i < m_rings.size(); ++i) {
        const Ring &r = m_rings[i];
        QPieSeries *s = m_series[i];
        const auto [outer, inner] = ringSize(i, static_cast<int>(m_rings.size()));
        s->setPieSize(outer);
        s->setHoleSize(inner);
        const double used = r.total > 0 ? std::min(r.used, r.total) : 0.0;
        const double free = r.total > 0 ? r.total - used : 1.0;
        QPieSlice *usedSlice = s->slices().at(0);
        QPieSlice *freeSlice = s->slices().at(1);
        usedSlice->setValue(used);
        freeSlice->setValue(free);
        usedSlice->setColor(usedColor(i));
        usedSlice->setBorderColor(usedColor(i));
        freeSlice->setColor(track);
        freeSlice->setBorderColor(track);
        const int percent =
            r.total > 0 ? static_cast<int>(std::round(100.0 * r.used / r.total)) : 0;
        // Two lines per ring: "● CPU   47 %" and, below, "120 / 256 cores".
        legend << QStringLiteral("<tr><td rowspan=\"2\" valign=\"top\" style=\"color:%1\">●</td>"
                                 "<td style=\"padding-left:4px\">%2</td>"
                                 "<td align=\"right\" style=\"padding-left:10px\"><b>%3</b></td>"
                                 "</tr><tr><td colspan=\"2\" style=\"padding-left:4px; "
                                 "padding-bottom:3px; color:%4\">%5</td></tr>")
                      .arg(usedColor(i).name(), r.name.toHtmlEscaped(),
                           r.total > 0 ? QStringLiteral("%1 %").arg(percent) : QStringLiteral("—"),
                           muted.name(), r.text.toHtmlEscaped());
    }
    QString header;
    if (!m_subtitle.isEmpty())
        header = QStringLiteral("<tr><td colspan=\"3\" style=\"color:%1; padding-bottom:6px\">"
                                "%2</td></tr>")
                     .arg(muted.name(), m_subtitle.toHtmlEscaped().replace(QLatin1Char('\n'),
                                                                           QStringLiteral("<br>")));
    m_legend->setText(QStringLiteral("<table cellspacing=\"0\" cellpadding=\"0\">") + header +
                      legend.join(QString()) + QStringLiteral("</table>"));
    QFont bold = font();
    bold.setBold(true);
    m_titleItem->setFont(bold);
    m_titleItem->setBrush(p.color(QPalette::Text));
    placeCentre();
}

void OverviewDonutChart::placeCentre() {
    if (!m_titleItem)
        return;
    const QRectF area = m_view->chart()->plotArea();
    const QPointF c = area.center();
    // The name fits in the hole of the innermost ring, elided when it is long.
    const int rings = std::max<int>(1, static_cast<int>(m_rings.size()));
    const double hole = ringSize(rings - 1, rings).second * std::min(area.width(), area.height());
    m_titleItem->setText(
        QFontMetrics(m_titleItem->font())
            .elidedText(m_title, Qt::ElideMiddle, std::max(0, static_cast<int>(hole) - 10)));
    const QRectF t = m_titleItem->boundingRect();
    m_titleItem->setPos(c.x() - t.width() / 2, c.y() - t.height() / 2);
}

QPoint OverviewDonutChart::ringPoint(int ring, double fraction) const {
    const QRectF area = m_view->chart()->plotArea();
    const auto [outer, inner] = ringSize(ring, static_cast<int>(m_rings.size()));
    const double radius = (outer + inner) / 2 * std::min(area.width(), area.height()) / 2;
    const double angle = fraction * 2 * M_PI;
    const QPointF local(area.center().x() + radius * std::sin(angle),
                        area.center().y() - radius * std::cos(angle));
    const QPoint inView = m_view->mapFromScene(m_view->chart()->mapToScene(local));
    return m_view->mapTo(this, inView);
}

} // namespace cubedesk::widgets
