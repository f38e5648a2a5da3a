#pragma once
// OverviewBarChart: requested vs allocatable of one resource as horizontal stacked bars, one bar
// per category (a resource group, a GPU type) — the requested part in the resource's colour
// (amber from 80 %, red from 95 %, the usage bars' thresholds), the free part as a neutral track,
// so each bar is as long as what is allocatable. The first category is the top bar; the axis
// labels carry the names, and "used / total" is written just past each bar's end. Hovering a bar
// shows its tooltip.
//
// It paints precomputed numbers only: setBars() with the same bars does nothing, so a caller may
// hand it a snapshot as often as it likes; no animations.
//
// Threads: GUI thread. Owns its chart, series and axes.

#include "models/usage.h"

#include <QChartView>
#include <QColor>
#include <QList>
#include <QString>

QT_BEGIN_NAMESPACE
class QBarCategoryAxis;
class QBarSet;
class QGraphicsSimpleTextItem;
class QHorizontalStackedBarSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace cubedesk::widgets {

class OverviewBarChart final : public QChartView {
    Q_OBJECT
public:
    struct Bar {
        QString label;
        double used = 0;  ///< requested, in the chart's unit
        double total = 0; ///< allocatable
        QString toolTip;
        bool operator==(const Bar &) const = default;
    };

    explicit OverviewBarChart(QWidget *parent = nullptr);

    void setTitle(const QString &title);
    QString title() const;
    /// The colour of requested amounts below 80 %.
    void setColor(const QColor &color);
    QColor color() const { return m_color; }
    /// Shown instead of bars when there are none ("No GPUs").
    void setEmptyText(const QString &text);
    void setBars(const QList<Bar> &bars);
    const QList<Bar> &bars() const { return m_bars; }

    /// Colour of the requested part of a bar at `level`.
    QColor requestedColor(models::Usage::Level level) const;
    /// Colour of the free part.
    QColor freeColor() const;
    /// Where `value` (in the chart's unit) of bar `index` is, in viewport coordinates (tests).
    QPointF barPoint(int index, double value) const;
    /// "36 / 176": the text written past the end of a bar.
    static QString valueText(const Bar &bar);
    /// The text written past the end of bar `index` (tests).
    QString valueLabel(int index) const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void showToolTip(bool status, int index);
    void applyPalette();
    void placeEmptyText();
    /// Puts each bar's value text just past its end.
    void placeValueTexts();

    QList<Bar> m_bars;
    QColor m_color;
    QString m_emptyText;
    QHorizontalStackedBarSeries *m_series;
    QBarSet *m_normal;
    QBarSet *m_warning;
    QBarSet *m_critical;
    QBarSet *m_free;
    QBarCategoryAxis *m_categories;
    QValueAxis *m_values;
    QGraphicsSimpleTextItem *m_emptyItem;
    QList<QGraphicsSimpleTextItem *> m_valueItems; ///< one per bar, in m_bars order
};

} // namespace cubedesk::widgets
