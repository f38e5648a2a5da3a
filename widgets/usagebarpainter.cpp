#include "widgets/usagebarpainter.h"

#include <QFontMetrics>
#include <QPainter>
#include <QPalette>

#include <algorithm>
#include <cmath>

namespace cubedesk::widgets {

void UsageBarPainter::paint(QPainter *painter, const QRect &bar, const models::Usage &usage,
                            const QPalette &palette, Qt::Alignment alignment) {
    if (bar.isEmpty())
        return;
    const QRectF shape(bar);
    const QColor fill = fillColor(usage.level(), palette);
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
    // The measured use: a strip along the bottom, as long as its share of the total, in a
    // darker shade of whatever it lies on (fill or track), so that it reads on both.
    if (const int measured = measuredWidth(bar, usage); measured > 0) {
        const int height = std::max(3, bar.height() / 4);
        const QRect strip(bar.left(), bar.bottom() - height + 1, measured, height);
        for (const auto &[part, under] :
             {std::pair{trackPart, trackColor(palette)}, std::pair{fillPart, fill}}) {
            if (part.isEmpty())
                continue;
            painter->save();
            painter->setClipRect(strip, Qt::IntersectClip);
            painter->setClipRect(part, Qt::IntersectClip);
            painter->setBrush(measuredColor(under, palette));
            painter->drawRoundedRect(shape, CornerRadius, CornerRadius);
            painter->restore();
        }
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

QColor UsageBarPainter::measuredColor(const QColor &under, const QPalette &palette) {
    return legibleOn(mix(under, palette.color(QPalette::Text), 0.5), under, MarkContrast);
}

int UsageBarPainter::measuredWidth(const QRect &bar, const models::Usage &usage) {
    if (usage.measured < 0 || usage.total <= 0)
        return 0;
    const double ratio = std::clamp(usage.measured / usage.total, 0.0, 1.0);
    // Something measured is never drawn as nothing: at least one pixel.
    return std::clamp(std::max(1, qRound(ratio * bar.width())), 0, bar.width());
}

int UsageBarPainter::fillWidth(const QRect &bar, const models::Usage &usage) {
    const double ratio = std::clamp(usage.ratio(), 0.0, 1.0);
    return std::clamp(qRound(ratio * bar.width()), 0, bar.width());
}

QColor UsageBarPainter::fillColor(models::Usage::Level level) {
    // White text reads on the blue (4.9:1) and the red (4.5:1), near-black on the amber (8.3:1).
    switch (level) {
    case models::Usage::Level::Critical:
        return QColor(0xdc, 0x35, 0x45);
    case models::Usage::Level::Warning:
        return QColor(0xf2, 0xa5, 0x16);
    case models::Usage::Level::Normal:
        break;
    }
    return QColor(0x2f, 0x74, 0xb5);
}

QColor UsageBarPainter::fillColor(models::Usage::Level level, const QPalette &palette) {
    if (!isDark(palette))
        return fillColor(level);
    // On a dark base the saturated light-theme fills sink into the track; lighter tints of the
    // same hues stand out and carry near-black text (5.5:1 and more).
    switch (level) {
    case models::Usage::Level::Critical:
        return QColor(0xf0, 0x64, 0x6e);
    case models::Usage::Level::Warning:
        return QColor(0xf2, 0xa5, 0x16);
    case models::Usage::Level::Normal:
        break;
    }
    return QColor(0x5b, 0x9b, 0xd5);
}

QColor UsageBarPainter::trackColor(const QPalette &palette) {
    return mix(palette.color(QPalette::Base), palette.color(QPalette::Text), 0.13);
}

QColor UsageBarPainter::textColorOn(const QColor &background) {
    const QColor nearBlack(0x1b, 0x1b, 0x1f);
    const QColor white(Qt::white);
    return contrast(nearBlack, background) >= contrast(white, background) ? nearBlack : white;
}

QColor UsageBarPainter::mix(const QColor &a, const QColor &b, qreal amount) {
    const qreal t = std::clamp(amount, 0.0, 1.0);
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
                            float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t), float(a.alphaF()));
}

bool UsageBarPainter::isDark(const QPalette &palette) {
    return palette.color(QPalette::Base).lightness() < 128;
}

qreal UsageBarPainter::luminance(const QColor &color) {
    const auto linear = [](float channel) {
        const qreal c = channel;
        return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    const QColor rgb = color.toRgb();
    return 0.2126 * linear(rgb.redF()) + 0.7152 * linear(rgb.greenF()) +
           0.0722 * linear(rgb.blueF());
}

qreal UsageBarPainter::contrast(const QColor &a, const QColor &b) {
    const qreal la = luminance(a);
    const qreal lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor UsageBarPainter::legibleOn(const QColor &color, const QColor &background, qreal ratio) {
    if (contrast(color, background) >= ratio)
        return color;
    // Towards black on backgrounds where black has the higher contrast, towards white on the
    // others. Contrast with the background only grows on the far side of the background's
    // luminance, so "reaches the ratio" flips once along the way: a bisection on the HSL lightness
    // finds the nearest colour that reaches it.
    const QColor hsl = color.toHsl();
    const float hue = hsl.hslHueF();
    const float saturation = hsl.hslSaturationF();
    const float alpha = hsl.alphaF();
    const bool darken =
        contrast(QColor(Qt::black), background) >= contrast(QColor(Qt::white), background);
    float from = hsl.lightnessF();
    float to = darken ? 0.0f : 1.0f;
    const auto at = [&](float lightness) {
        return QColor::fromHslF(hue, saturation, lightness, alpha).toRgb();
    };
    if (contrast(at(to), background) < ratio)
        return at(to);
    for (int i = 0; i < 12; ++i) { // 1/4096 of the lightness range
        const float middle = (from + to) / 2;
        if (contrast(at(middle), background) >= ratio)
            to = middle;
        else
            from = middle;
    }
    return at(to);
}

} // namespace cubedesk::widgets
