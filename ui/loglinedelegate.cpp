#include "ui/loglinedelegate.h"

#include <QApplication>
#include <QPainter>
#include <QTextLayout>

namespace cubedesk::ui {

void LogLineDelegate::setPattern(const QString &pattern, bool regularExpression) {
    m_pattern =
        pattern.isEmpty()
            ? QRegularExpression()
            : QRegularExpression(regularExpression ? pattern : QRegularExpression::escape(pattern),
                                 QRegularExpression::CaseInsensitiveOption);
}

void LogLineDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                            const QModelIndex &index) const {
    if (m_pattern.pattern().isEmpty() || !m_pattern.isValid())
        return QStyledItemDelegate::paint(painter, option, index);
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = opt.text;
    opt.text.clear();
    const QWidget *widget = opt.widget;
    QStyle *style = widget != nullptr ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget); // background, selection
    const QRect rect = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget)
                           .adjusted(2, 0, -2, 0); // the style's text margin

    QList<QTextLayout::FormatRange> ranges;
    for (auto it = m_pattern.globalMatch(text); it.hasNext();) {
        const auto match = it.next();
        if (match.capturedLength() == 0)
            continue;
        QTextLayout::FormatRange range;
        range.start = static_cast<int>(match.capturedStart());
        range.length = static_cast<int>(match.capturedLength());
        range.format.setBackground(QColor(0xff, 0xe0, 0x66));
        range.format.setForeground(QColor(0x20, 0x20, 0x20));
        ranges.append(range);
    }
    QTextLayout layout(text, opt.font);
    QTextOption textOption;
    const bool wrap = opt.features.testFlag(QStyleOptionViewItem::WrapText);
    textOption.setWrapMode(wrap ? QTextOption::WrapAtWordBoundaryOrAnywhere : QTextOption::NoWrap);
    layout.setTextOption(textOption);
    layout.setFormats(ranges);
    layout.beginLayout();
    qreal height = 0;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(rect.width()); // without wrapping the line overflows, clipped
        line.setPosition(QPointF(0, height));
        height += line.height();
    }
    layout.endLayout();

    painter->save();
    painter->setClipRect(opt.rect);
    const bool selected = opt.state.testFlag(QStyle::State_Selected);
    const QVariant foreground = index.data(Qt::ForegroundRole);
    painter->setPen(selected                          ? opt.palette.color(QPalette::HighlightedText)
                    : foreground.canConvert<QColor>() ? foreground.value<QColor>()
                                                      : opt.palette.color(QPalette::Text));
    // Centred in the row, as the stock delegate centres its text.
    const qreal top = opt.rect.top() + (opt.rect.height() - height) / 2;
    layout.draw(painter, QPointF(rect.left(), top));
    painter->restore();
}

} // namespace cubedesk::ui
