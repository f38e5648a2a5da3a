#include "widgets/usagebarpainter.h"

#include <QFontMetrics>
#include <QPainter>
#include <QPalette>

#include <algorithm>

namespace cubedesk::widgets {

void UsageBarPainter::paint(QPainter *painter, const QRect &bar, const models::Usage &usage,
                            const QPalette &palette, Qt::Alignment alignment) {
    if (bar.isEmpty())
        return;
    const QRectF shape(bar);
    const QColor fill = fillColor(usage.level());
    const int filled = fillWidth(bar, usage);
    const QRect fillPart(bar.left(), bar.top(), filled, bar.height());
    const QRect trackPart(bar.left() + filled, bar.top(), bar.width() - filled, bar.height());

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setPen(Qt::NoPen);
    painter->setBrush(trackColor(palette));
    painter->drawRoundedRect(shape, CornerRadius, CornerRadius);
    if (filled > 0) {
        // Clipping the full rounded shape keeps the left corners round and the cut straight, also
        // for fills narrower than the corner radius.
        painter->save();
        painter->setClipRect(fillPart, Qt::IntersectClip);
        painter->setBrush(fill);
        painter->drawRoundedRect(shape, CornerRadius, CornerRadius);
        painter->restore();
    }

    if (!usage.text.isEmpty()) {
        const QRect textRect = bar.adjusted(TextPadding, 0, -TextPadding, 0);
        const QFontMetrics metrics = painter->fontMetrics();
        const bool fits = metrics.horizontalAdvance(usage.text) <= textRect.width();
        const QString elided =
            fits ? QString() : metrics.elidedText(usage.text, Qt::ElideRight, textRect.width());
        const QString &text = fits ? usage.text : elided;
        const int flags = int(alignment) | Qt::TextSingleLine;
        // The text is drawn twice, each time clipped to one part, so the glyphs change colour
        // exactly where the fill ends.
        if (!trackPart.isEmpty()) {
            painter->save();
            painter->setClipRect(trackPart, Qt::IntersectClip);
            painter->setPen(palette.color(QPalette::Text));
            painter->drawText(textRect, flags, text);
            painter->restore();
        }
        if (filled > 0) {
            painter->save();
            painter->setClipRect(fillPart, Qt::IntersectClip);
            painter->setPen(textColorOn(fill));
            painter->drawText(textRect, flags, text);
            painter->restore();
        }
    }
    painter->restore();
}

int UsageBarPainter::fillWidth(const QRect &bar, const models::Usage &usage) {
    const double ratio = std::clamp(usage.ratio(), 0.0, 1.0);
    return std::clamp(qRound(ratio * bar.width()), 0, bar.width());
}

QColor UsageBarPainter::fillColor(models::Usage::Level level) {
    switch (level) {
    case models::Usage::Level::Critical:
        return QColor(0xdc, 0x35, 0x45);
    case models::Usage::Level::Warning:
        return QColor(0xf2, 0xa5, 0x16);
    case models::Usage::Level::Normal:
        break;
    }
    return QColor(0x3c, 0x83, 0xc9);
}

QColor UsageBarPainter::trackColor(const QPalette &palette) {
    return mix(palette.color(QPalette::Base), palette.color(QPalette::Text), 0.13);
}

QColor UsageBarPainter::textColorOn(const QColor &background) {
    // Relative luminance with the sRGB weights; the threshold favours white on mid tones such as
    // the blue and red fills, and dark text on amber.
    const qreal luminance =
        0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
    return luminance > 0.55 ? QColor(0x1b, 0x1b, 0x1f) : QColor(Qt::white);
}

QColor UsageBarPainter::mix(const QColor &a, const QColor &b, qreal amount) {
    const qreal t = std::clamp(amount, 0.0, 1.0);
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
                            float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t), float(a.alphaF()));
}

} // namespace cubedesk::widgets
