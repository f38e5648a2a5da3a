#include "widgets/sparklinedelegate.h"

#include "models/modelroles.h"
#include "models/sparkline.h"
#include "widgets/usagebarpainter.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPath>
#include <QStyle>

#include <algorithm>
#include <cmath>

namespace cubedesk::widgets {

namespace {
constexpr int Margin = 4;
constexpr int MinWidth = 120;
constexpr int MinRowHeight = 22;
} // namespace

SparklineDelegate::SparklineDelegate(QObject *parent)
    : QStyledItemDelegate(parent) {}

QList<QPolygonF> SparklineDelegate::polylines(const models::Sparkline &line, const QRectF &area) {
    QList<QPolygonF> out;
    if (line.points.isEmpty() || area.isEmpty())
        return out;
    const double first = line.points.front().x();
    const double last = line.points.back().x();
    const double span = last > first ? last - first : 1;
    const double height = line.ceiling > line.floor ? line.ceiling - line.floor : 1;
    QPolygonF run;
    for (const QPointF &p : line.points) {
        if (std::isnan(p.y())) {
            if (!run.isEmpty())
                out.append(std::exchange(run, {}));
            continue;
        }
        const double y = std::clamp((p.y() - line.floor) / height, 0.0, 1.0);
        run.append(QPointF(area.left() + (p.x() - first) / span * area.width(),
                           area.bottom() - y * area.height()));
    }
    if (!run.isEmpty())
        out.append(run);
    return out;
}

void SparklineDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                              const QModelIndex &index) const {
    const QVariant value = index.data(models::SparklineRole);
    if (value.metaType() != QMetaType::fromType<models::Sparkline>() ||
        static_cast<const models::Sparkline *>(value.constData())->points.isEmpty()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    const auto *line = static_cast<const models::Sparkline *>(value.constData());
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawPrimitive(QStyle::PE_PanelItemViewRow, &option, painter, widget);
    style->drawPrimitive(QStyle::PE_PanelItemViewItem, &option, painter, widget);

    const QRectF area = QRectF(option.rect).adjusted(Margin, Margin, -Margin, -Margin);
    const bool selected = option.state & QStyle::State_Selected;
    const QColor background = option.palette.color(selected ? QPalette::Highlight : QPalette::Base);
    const QColor stroke = UsageBarPainter::legibleOn(
        UsageBarPainter::fillColor(models::Usage::Level::Normal, option.palette), background,
        UsageBarPainter::MarkContrast);
    QColor fill = stroke;
    fill.setAlpha(60);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    for (const QPolygonF &run : polylines(*line, area)) {
        if (run.size() == 1) {
            painter->setPen(Qt::NoPen);
            painter->setBrush(stroke);
            painter->drawEllipse(run.front(), 1.5, 1.5);
            continue;
        }
        QPainterPath under;
        under.moveTo(run.front().x(), area.bottom());
        for (const QPointF &p : run)
            under.lineTo(p);
        under.lineTo(run.back().x(), area.bottom());
        under.closeSubpath();
        painter->fillPath(under, fill);
        painter->setPen(QPen(stroke, 1.4));
        painter->setBrush(Qt::NoBrush);
        painter->drawPolyline(run);
    }
    painter->restore();
}

QSize SparklineDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &) const {
    return {MinWidth, std::max(MinRowHeight, option.fontMetrics.height() + 8)};
}

} // namespace cubedesk::widgets
