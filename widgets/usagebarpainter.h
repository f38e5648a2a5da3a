#pragma once
// UsageBarPainter: paints one models::Usage as a horizontal bar: a neutral rounded track, the
// filled part (ratio clipped at 100 %) coloured by the platform's level (calm blue, amber from
// 80 %, red from 95 %) and the usage text over it, in a colour that stays readable on the fill and
// on the track in light and dark palettes. Shared by UsageBarDelegate (table cells) and
// NodeCardDelegate (board cards) so both agree on geometry, colours and thresholds.
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

    /// Paints `usage` into `bar` with the painter's current font; `alignment` places the text
    /// (Qt::AlignCenter or Qt::AlignLeft | Qt::AlignVCenter). The painter's state is restored.
    static void paint(QPainter *painter, const QRect &bar, const models::Usage &usage,
                      const QPalette &palette, Qt::Alignment alignment = Qt::AlignCenter);

    /// Width in pixels of the filled part of `bar` for `usage` (ratio clipped to [0, 1]).
    static int fillWidth(const QRect &bar, const models::Usage &usage);
    /// Fill colour of a level; the same in light and dark palettes.
    static QColor fillColor(models::Usage::Level level);
    /// The neutral track: the palette's base shaded towards its text colour.
    static QColor trackColor(const QPalette &palette);
    /// Near-black or white, whichever reads better on `background`.
    static QColor textColorOn(const QColor &background);
    /// `a` moved towards `b` by `amount` in [0, 1], per channel (alpha kept from `a`).
    static QColor mix(const QColor &a, const QColor &b, qreal amount);
};

} // namespace cubedesk::widgets
