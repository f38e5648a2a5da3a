#include "ui/loglinedelegate.h"

#include "widgets/usagebarpainter.h"

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
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget *widget = opt.widget;
    QStyle *style = widget != nullptr ? widget->style() : QApplication::style();
    // initStyleOption() put the model's colour (severities, one per pod of a merged log) into
    // Text. Those are picked for light backgrounds: keep their hues but make them read on this
    // view's Base (4.5:1) in either theme.
    const QColor foreground = widgets::UsageBarPainter::legibleOn(
        opt.palette.color(QPalette::Text), opt.palette.color(QPalette::Base));
    if (m_pattern.pattern().isEmpty() || !m_pattern.isValid()) {
        // What QStyledItemDelegate::paint() does, with the legible foreground.
        if (foreground != opt.palette.color(QPalette::Text))
            opt.palette.setColor(QPalette::Text, foreground);
        style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
        return;
    }
    const QString text = opt.text;
    opt.text.clear();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget); // background, selection
    const QRect rect = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget)
                           .adjusted(2, 0, -2, 0); // the style's text margin

    // Matches: amber with dark text as before on light palettes; on dark ones a deep amber with
    // light text (6.5:1), which does not glare on a dark view.
    const bool dark = widgets::UsageBarPainter::isDark(opt.palette);
    const QColor matchBackground = dark ? QColor(0x6b, 0x53, 0x00) : QColor(0xff, 0xe0, 0x66);
    const QColor matchText = dark ? QColor(0xff, 0xf2, 0xb3) : QColor(0x20, 0x20, 0x20);
    QList<QTextLayout::FormatRange> ranges;
    for (auto it = m_pattern.globalMatch(text); it.hasNext();) {
        const auto match = it.next();
        if (match.capturedLength() == 0)
            continue;
        QTextLayout::FormatRange range;
        range.start = static_cast<int>(match.capturedStart());
        range.length = static_cast<int>(match.capturedLength());
        range.format.setBackground(matchBackground);
        range.format.setForeground(matchText);
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
    painter->setPen(selected ? opt.palette.color(QPalette::HighlightedText) : foreground);
    // Centred in the row, as the stock delegate centres its text.
    const qreal top = opt.rect.top() + (opt.rect.height() - height) / 2;
    layout.draw(painter, QPointF(rect.left(), top));
    painter->restore();
}

} // namespace cubedesk::ui
