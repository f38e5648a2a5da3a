#include "widgets/flowlayout.h"

#include <QStyle>
#include <QWidget>

#include <algorithm>

namespace cubedesk::widgets {

FlowLayout::FlowLayout(QWidget *parent, int horizontalSpacing, int verticalSpacing)
    : QLayout(parent)
    , m_horizontalSpacing(horizontalSpacing)
    , m_verticalSpacing(verticalSpacing) {
    setContentsMargins(0, 0, 0, 0);
}

FlowLayout::~FlowLayout() {
    while (QLayoutItem *item = takeAt(0))
        delete item;
}

void FlowLayout::insertWidget(int index, QWidget *widget) {
    addChildWidget(widget);
    auto *item = new QWidgetItem(widget);
    if (index < 0 || index >= m_items.size())
        m_items.append(item);
    else
        m_items.insert(index, item);
    invalidate();
}

void FlowLayout::addItem(QLayoutItem *item) {
    m_items.append(item);
}

int FlowLayout::horizontalSpacing() const {
    return m_horizontalSpacing >= 0 ? m_horizontalSpacing
                                    : styleSpacing(QStyle::PM_LayoutHorizontalSpacing);
}

int FlowLayout::verticalSpacing() const {
    return m_verticalSpacing >= 0 ? m_verticalSpacing
                                  : styleSpacing(QStyle::PM_LayoutVerticalSpacing);
}

int FlowLayout::count() const {
    return int(m_items.size());
}

QLayoutItem *FlowLayout::itemAt(int index) const {
    return index >= 0 && index < m_items.size() ? m_items.at(index) : nullptr;
}

QLayoutItem *FlowLayout::takeAt(int index) {
    if (index < 0 || index >= m_items.size())
        return nullptr;
    QLayoutItem *item = m_items.takeAt(index);
    invalidate();
    return item;
}

Qt::Orientations FlowLayout::expandingDirections() const {
    return {};
}

bool FlowLayout::hasHeightForWidth() const {
    return true;
}

int FlowLayout::heightForWidth(int width) const {
    return doLayout(QRect(0, 0, width, 0), false);
}

void FlowLayout::setGeometry(const QRect &rect) {
    QLayout::setGeometry(rect);
    doLayout(rect, true);
}

QSize FlowLayout::sizeHint() const {
    return minimumSize();
}

QSize FlowLayout::minimumSize() const {
    QSize size;
    for (const QLayoutItem *item : m_items)
        size = size.expandedTo(item->minimumSize());
    const QMargins margins = contentsMargins();
    return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom());
}

int FlowLayout::doLayout(const QRect &rect, bool apply) const {
    const QMargins margins = contentsMargins();
    const QRect area =
        rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom());
    const int hSpace = horizontalSpacing();
    const int vSpace = verticalSpacing();
    int x = area.x();
    int y = area.y();
    int lineHeight = 0;
    for (QLayoutItem *item : m_items) {
        if (item->isEmpty())
            continue; // hidden widgets take no room
        const QSize hint = item->sizeHint();
        int nextX = x + hint.width() + hSpace;
        if (nextX - hSpace > area.right() + 1 && lineHeight > 0) {
            x = area.x();
            y += lineHeight + vSpace;
            nextX = x + hint.width() + hSpace;
            lineHeight = 0;
        }
        if (apply)
            item->setGeometry(
                QRect(QPoint(x, y), QSize(std::min(hint.width(), area.width()), hint.height())));
        x = nextX;
        lineHeight = std::max(lineHeight, hint.height());
    }
    return y + lineHeight - rect.y() + margins.bottom();
}

int FlowLayout::styleSpacing(QStyle::PixelMetric metric) const {
    QObject *owner = parent();
    if (!owner)
        return 6;
    if (owner->isWidgetType()) {
        auto *widget = static_cast<QWidget *>(owner);
        return widget->style()->pixelMetric(metric, nullptr, widget);
    }
    return static_cast<QLayout *>(owner)->spacing();
}

} // namespace cubedesk::widgets
