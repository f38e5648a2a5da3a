#pragma once
// OverviewBarChart: requested vs allocatable of one resource as horizontal stacked bars, one bar
// per category (a resource group, a GPU type) — the requested part in the resource's colour
// (amber from 80 %, red from 95 %, the usage bars' thresholds), the free part as a neutral track,
// so each bar is as long as what is allocatable. The first category is the top bar; its name is
// written left of it (whole, unless the names would take more than 40 % of the width: then
// elided in the middle, with the full name on hover), and "used / total" just past its end (the
// value axis reaches far enough for it). What is measured in use, when known, is a dark mark
// across the bar at that value (one bar, three marks). Hovering a bar shows its tooltip. Titles
// wrap at spaces; the legend drops "Free", then itself, when it does not fit.
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

#include <optional>

QT_BEGIN_NAMESPACE
class QBarCategoryAxis;
class QBarSet;
class QGraphicsRectItem;
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
        std::optional<double> inUse = std::nullopt; ///< measured in use, when known
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
    /// The in-use mark of bar `index` in viewport coordinates (empty when not measured; tests).
    QRectF inUseMark(int index) const;
    /// Where `value` (in the chart's unit) of bar `index` is, in viewport coordinates (tests).
    QPointF barPoint(int index, double value) const;
    /// "36 / 176" (and " · 20 in use" when measured): the text written past the end of a bar.
    static QString valueText(const Bar &bar);
    /// The text written past the end of bar `index` (tests).
    QString valueLabel(int index) const;
    /// The name written left of bar `index`, as shown (elided or whole; tests).
    QString categoryLabel(int index) const;

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void showToolTip(bool status, int index);
    void applyPalette();
    void placeEmptyText();
    /// Puts each bar's value text just past its end and its name left of it.
    void placeValueTexts();
    /// Makes room left of the plot for the names (at most 40 % of the width) and elides those
    /// that do not fit. Changing the margin moves the plot area, which places the texts again.
    void fitCategoryLabels();
    /// Shows the legend's threshold entries when a bar reaches them, "Free" when there is room
    /// for it too, and no legend when even the rest does not fit.
    void fitLegend();
    /// Breaks the title onto two lines at a space when it does not fit the width.
    void fitTitle();
    /// The value axis: far enough for every bar's "used / total" after its end, with as many
    /// ticks as fit without cutting their numbers; `force` sets it again at the same width.
    void fitValueTicks(bool force);

    QList<Bar> m_bars;
    QString m_title;
    double m_valueMax = 1;      ///< the longest bar's end (the axis reaches past it)
    int m_ticksForWidth = -1;   ///< the plot width the ticks were fitted to
    bool m_anyWarning = false;  ///< a bar is at 80 % or more
    bool m_anyCritical = false; ///< a bar is at 95 % or more
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
    QList<QGraphicsSimpleTextItem *> m_labelItems; ///< one per bar, in m_bars order
    QList<QGraphicsRectItem *> m_inUseItems;       ///< one per bar, hidden when not measured
};

} // namespace cubedesk::widgets
