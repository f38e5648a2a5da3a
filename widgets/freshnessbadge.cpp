#include "widgets/freshnessbadge.h"

#include "widgets/usagebarpainter.h"

#include <QEvent>
#include <QPainter>

namespace cubedesk::widgets {

namespace {
constexpr int DotSize = 8;
constexpr int PadX = 8;
constexpr int Gap = 6;
} // namespace

FreshnessBadge::FreshnessBadge(QWidget *parent)
    : QWidget(parent) {
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
}

void FreshnessBadge::setState(Level level, const QString &text, const QString &toolTip) {
    const bool resized = text != m_text;
    m_level = level;
    m_text = text;
    setToolTip(toolTip);
    setAccessibleName(text);
    if (resized)
        updateGeometry();
    update();
}

FreshnessBadge::Level FreshnessBadge::level() const {
    return m_level;
}

QString FreshnessBadge::text() const {
    return m_text;
}

QColor FreshnessBadge::color(Level level) {
    switch (level) {
    case Level::Live:
        return QColor(0x2e, 0xa0, 0x43);
    case Level::Connecting:
        return QColor(0x3c, 0x83, 0xc9);
    case Level::Stale:
        return QColor(0xf2, 0xa5, 0x16);
    case Level::Error:
        return QColor(0xdc, 0x35, 0x45);
    case Level::Offline:
        break;
    }
    return QColor(0x8b, 0x8f, 0x96);
}

QSize FreshnessBadge::sizeHint() const {
    const QFontMetrics metrics = fontMetrics();
    const int textWidth = m_text.isEmpty() ? 0 : Gap + metrics.horizontalAdvance(m_text);
    return {2 * PadX + DotSize + textWidth, metrics.height() + 6};
}

QSize FreshnessBadge::minimumSizeHint() const {
    return sizeHint();
}

void FreshnessBadge::paintEvent(QPaintEvent *) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, true);
    const QColor window = palette().color(QPalette::Window);
    const QColor hue = color(m_level);
    const QColor fill = UsageBarPainter::mix(window, hue, 0.14);
    // The text is WindowText on a faint tint of the window, legible in both themes. On a dark
    // window the red and blue dots are lifted until they stand out from the pill (3:1); the light
    // theme keeps the level colours as they are.
    const QColor dot = UsageBarPainter::isDark(palette())
                           ? UsageBarPainter::legibleOn(hue, fill, UsageBarPainter::MarkContrast)
                           : hue;
    const QRectF pill = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    painter.setPen(QPen(UsageBarPainter::mix(window, dot, 0.55), 1.0));
    painter.setBrush(fill);
    painter.drawRoundedRect(pill, pill.height() / 2, pill.height() / 2);

    const QRectF dotRect(PadX, (height() - DotSize) / 2.0, DotSize, DotSize);
    painter.setPen(Qt::NoPen);
    painter.setBrush(dot);
    painter.drawEllipse(dotRect);

    if (!m_text.isEmpty()) {
        const int textLeft = PadX + DotSize + Gap;
        const QRect textRect(textLeft, 0, width() - textLeft - PadX + 2, height());
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(textRect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine,
                         fontMetrics().elidedText(m_text, Qt::ElideRight, textRect.width()));
    }
}

void FreshnessBadge::changeEvent(QEvent *event) {
    if (event->type() == QEvent::FontChange)
        updateGeometry();
    QWidget::changeEvent(event);
}

} // namespace cubedesk::widgets
