#pragma once
// UsageBarDelegate: paints the models::Usage of a cell's UsageRole as a usage bar
// (UsageBarPainter): filled ratio clipped at 100 %, blue / amber (>= 80 %) / red (>= 95 %), the
// Usage's text over it. Cells whose UsageRole holds no Usage are painted by QStyledItemDelegate.
//
// Thread: GUI thread. The view does not own the delegate (give it the view as parent); the
// delegate keeps no per-row state: it paints the precomputed Usage and nothing else, so it is cheap
// at 150k rows. Every row has the same height (sizeHint), for uniform row heights.

#include <QStyledItemDelegate>

namespace cubedesk::widgets {

class UsageBarDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit UsageBarDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    /// The same height for every row of a font (the font's line height + 8, at least 22 px); the
    /// width is a comfortable minimum for "12.5 / 64" texts.
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    /// Where the bar sits inside a cell: 4 px from the sides, at most 18 px high, centred.
    static QRect barRect(const QRect &cell);
};

} // namespace cubedesk::widgets
