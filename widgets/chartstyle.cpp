#include "widgets/chartstyle.h"

#include "widgets/usagebarpainter.h"

#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QPalette>

#include <algorithm>

namespace cubedesk::widgets {

QFont ChartStyle::smallFont(QFont font) {
    font.setPointSizeF(std::max(7.0, font.pointSizeF() - 1));
    return font;
}

void ChartStyle::install(QChartView *view, QChart *chart) {
    QChart *defaultChart = view->chart();
    view->setChart(chart);
    delete defaultChart;
}

void ChartStyle::apply(QChart *chart, const QList<QAbstractAxis *> &axes, const QPalette &p,
                       const QFont &font) {
    chart->setBackgroundBrush(p.color(QPalette::Base));
    chart->setBackgroundPen(Qt::NoPen);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleBrush(p.color(QPalette::Text));
    QFont titleFont = font;
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    const QFont small = smallFont(font);
    chart->legend()->setLabelColor(p.color(QPalette::Text));
    chart->legend()->setFont(small);
    for (QAbstractAxis *axis : axes) {
        axis->setLabelsColor(p.color(QPalette::Text));
        axis->setLabelsFont(small);
        axis->setTitleBrush(p.color(QPalette::Text));
        axis->setTitleFont(small);
        axis->setLinePenColor(
            UsageBarPainter::mix(p.color(QPalette::Base), p.color(QPalette::Text), 0.35));
        axis->setGridLineColor(
            UsageBarPainter::mix(p.color(QPalette::Base), p.color(QPalette::Text), 0.12));
    }
}

} // namespace cubedesk::widgets
