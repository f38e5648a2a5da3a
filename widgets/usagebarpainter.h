#pragma once
// UsageBarPainter: paints one models::Usage as a horizontal bar: a neutral rounded track, the
// filled part (ratio clipped at 100 %) coloured by the platform's level (calm blue, amber from
// 80 %, red from 95 %), what is measured in use as a strip along the bottom (when known: one bar,
// three marks — requested, used, allocatable) and the usage text over it, in a colour that stays
// readable on the fill and on the track in light and dark palettes. Shared by UsageBarDelegate
// (table cells) and NodeCardDelegate (board cards) so both agree on geometry, colours and
// thresholds.
//
// It also holds the colour arithmetic every custom painter shares, so that both themes stay
// legible: whether a palette is dark, WCAG 2 luminance and contrast, the level colours per theme,
// and legibleOn(), which keeps a semantic hue (red, amber, green) but moves its lightness until it
// reads on a given background. Text in a semantic colour asks for 4.5:1, marks (dots, outlines,
// bands) for 3:1.
//
// Thread: GUI thread (it paints with the caller's QPainter). Stateless: static functions only, it
// owns nothing; the caller keeps the painter, the Usage and the palette. paint() does not allocate
// unless the text must be elided.

#include "models/usage.h"

#include <QColor>
#include <QRect>

class QPainter;
class QPalette;

namespace cubedesk::widgets {

class UsageBarPainter final {
public:
    UsageBarPainter() = delete;

    static constexpr qreal CornerRadius = 3.0;
    /// Horizontal room between the bar's ends and its text.
    static constexpr int TextPadding = 6;
    /// WCAG 2 contrast ratios: text (AA, normal size) and graphical marks (non-text contrast).
    static constexpr qreal TextContrast = 4.5;
    static constexpr qreal MarkContrast = 3.0;

    /// Paints `usage` into `bar` with the painter's current font; `alignment` places the text
    /// (Qt::AlignCenter or Qt::AlignLeft | Qt::AlignVCenter). The painter's state is restored.
    static void paint(QPainter *painter, const QRect &bar, const models::Usage &usage,
                      const QPalette &palette, Qt::Alignment alignment = Qt::AlignCenter);

    /// Width in pixels of the filled part of `bar` for `usage` (ratio clipped to [0, 1]).
    static int fillWidth(const QRect &bar, const models::Usage &usage);
    /// Width in pixels of the measured-use strip (0 when nothing was measured; at least 1 when
    /// something was).
    static int measuredWidth(const QRect &bar, const models::Usage &usage);
    /// The measured-use strip's colour where it lies on `under` (the fill or the track): half
    /// way to the palette's text colour, at MarkContrast against `under` or more.
    static QColor measuredColor(const QColor &under, const QPalette &palette);
    /// Fill colour of a level on a light palette (what fillColor(level, palette) answers there).
    static QColor fillColor(models::Usage::Level level);
    /// Fill colour of a level in `palette`: fillColor(level) on a light Base, lighter tints of the
    /// same hues on a dark one. textColorOn() reads on every one of them at TextContrast or more.
    static QColor fillColor(models::Usage::Level level, const QPalette &palette);
    /// The neutral track: the palette's base shaded towards its text colour.
    static QColor trackColor(const QPalette &palette);
    /// Near-black or white, whichever has the higher contrast on `background`.
    static QColor textColorOn(const QColor &background);
    /// `a` moved towards `b` by `amount` in [0, 1], per channel (alpha kept from `a`).
    static QColor mix(const QColor &a, const QColor &b, qreal amount);

    /// True for a dark theme: the palette's Base is darker than mid-grey.
    static bool isDark(const QPalette &palette);
    /// WCAG 2 relative luminance of `color` (0 black … 1 white; alpha ignored).
    static qreal luminance(const QColor &color);
    /// WCAG 2 contrast ratio of two colours (1 … 21).
    static qreal contrast(const QColor &a, const QColor &b);
    /// `color` as it is when it reaches `ratio` against `background`; otherwise with its
    /// lightness moved (hue and saturation kept) away from the background, darker on light
    /// backgrounds and lighter on dark ones, just far enough. The answer is the nearest colour
    /// of that hue, black or white at worst.
    static QColor legibleOn(const QColor &color, const QColor &background,
                            qreal ratio = TextContrast);
};

} // namespace cubedesk::widgets
