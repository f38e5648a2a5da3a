#pragma once
// SparklineDelegate: paints the models::Sparkline of a cell's SparklineRole as a small trend
// line — the points scaled into the cell between the sparkline's floor and ceiling, the area
// under the line lightly filled, gaps (NaN points) left open, the last point marked. Cells
// without a Sparkline, or with no points, are painted by QStyledItemDelegate (their text).
//
// Thread: GUI thread. The view does not own the delegate (give it the view as parent); it keeps
// no per-row state.

#include <QStyledItemDelegate>

namespace cubedesk::models {
struct Sparkline;
}

namespace cubedesk::widgets {

class SparklineDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit SparklineDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    /// The polylines of `line` inside `area` (one per run without gaps), for paint() and tests.
    static QList<QPolygonF> polylines(const models::Sparkline &line, const QRectF &area);
};

} // namespace cubedesk::widgets
