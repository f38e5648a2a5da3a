#pragma once
// GpuHistoryChart: one GPU node's history as a line chart — one line per device (whole GPUs,
// MIG instances) over time, the time axis in local time, the value axis in the field's unit
// (0–100 for percent, else from 0 to a little above the largest value). A gap in a device's
// samples (a NaN point: no data) breaks its line instead of drawing a zero. Shows a centred
// text instead of lines when there are none (why: loading, no Prometheus, no samples).
//
// It paints what setLines() hands it; setLines() with the same lines does nothing. No
// animations.
//
// Threads: GUI thread. Owns its chart, series and axes.

#include <QChartView>
#include <QList>
#include <QPointF>
#include <QString>

QT_BEGIN_NAMESPACE
class QDateTimeAxis;
class QGraphicsSimpleTextItem;
class QValueAxis;
QT_END_NAMESPACE

namespace cubedesk::widgets {

class GpuHistoryChart final : public QChartView {
    Q_OBJECT
public:
    struct Line {
        QString name;
        QList<QPointF> points; ///< x: seconds since the epoch; y: the value, NaN for no data
        bool operator==(const Line &) const = default;
    };

    explicit GpuHistoryChart(QWidget *parent = nullptr);

    /// Shows `lines` from `start` to `end` (seconds since the epoch); `percent` fixes the value
    /// axis at 0–100; `unit` titles it.
    void setLines(const QList<Line> &lines, qint64 start, qint64 end, bool percent,
                  const QString &unit);
    const QList<Line> &lines() const { return m_lines; }
    /// Shown instead of lines when there are none.
    void setEmptyText(const QString &text);
    QString emptyText() const { return m_emptyText; }
    /// The value axis's upper end (tests).
    double ceiling() const;
    /// The colour of line `index`.
    static QColor lineColor(int index);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void rebuild();
    void applyPalette();
    void placeEmptyText();
    /// The time axis's tick count for the plot's width, so that no label is elided.
    void fitTimeTicks();

    QDateTimeAxis *m_time;
    QValueAxis *m_values;
    QGraphicsSimpleTextItem *m_empty;
    QList<Line> m_lines;
    qint64 m_start = 0;
    qint64 m_end = 0;
    bool m_percent = true;
    QString m_unit;
    QString m_emptyText;
};

} // namespace cubedesk::widgets
