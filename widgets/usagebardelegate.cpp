#include "widgets/usagebardelegate.h"

#include "models/modelroles.h"
#include "models/usage.h"
#include "widgets/usagebarpainter.h"

#include <QApplication>
#include <QPainter>
#include <QStyle>

#include <algorithm>

namespace cubedesk::widgets {

namespace {
constexpr int SideMargin = 4;
constexpr int MaxBarHeight = 18;
constexpr int MinRowHeight = 22;
constexpr int MinWidth = 96;
} // namespace

UsageBarDelegate::UsageBarDelegate(QObject *parent)
    : QStyledItemDelegate(parent) {}

void UsageBarDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                             const QModelIndex &index) const {
    const QVariant value = index.data(models::UsageRole);
    if (value.metaType() != QMetaType::fromType<models::Usage>()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    const auto *usage = static_cast<const models::Usage *>(value.constData());

    // Only the background primitives: initStyleOption() would copy the display text, icon and
    // font of every cell for nothing.
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawPrimitive(QStyle::PE_PanelItemViewRow, &option, painter, widget);
    style->drawPrimitive(QStyle::PE_PanelItemViewItem, &option, painter, widget);

    painter->save();
    painter->setFont(option.font);
    UsageBarPainter::paint(painter, barRect(option.rect), *usage, option.palette);
    painter->restore();
}

QSize UsageBarDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &) const {
    return {MinWidth, std::max(MinRowHeight, option.fontMetrics.height() + 8)};
}

QRect UsageBarDelegate::barRect(const QRect &cell) {
    const int height = std::min(MaxBarHeight, cell.height() - 6);
    if (height <= 0 || cell.width() <= 2 * SideMargin)
        return {};
    const int top = cell.top() + (cell.height() - height) / 2;
    return {cell.left() + SideMargin, top, cell.width() - 2 * SideMargin, height};
}

} // namespace cubedesk::widgets
