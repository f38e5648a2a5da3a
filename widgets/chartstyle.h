#pragma once
// ChartStyle: how CubeDesk's Qt Charts look in the light and dark palettes, in one place — the
// chart's background and title, the legend, and each axis's labels, line and grid in shades of
// the palette's text on its base, with texts a point smaller than the widget's font; and how a
// chart is given to its view without leaking the view's default one.
//
// Thread: GUI thread. Stateless: static functions; the caller owns the chart and its axes.

#include <QFont>
#include <QList>

QT_BEGIN_NAMESPACE
class QAbstractAxis;
class QChart;
class QChartView;
class QPalette;
QT_END_NAMESPACE

namespace cubedesk::widgets {

class ChartStyle final {
public:
    ChartStyle() = delete;

    /// The axis, legend and bar texts: a point smaller than `font` (7 pt at least).
    static QFont smallFont(QFont font);
    /// Gives `chart` to `view` and deletes the default chart QChartView made for itself
    /// (setChart() only releases the old chart: it would leak).
    static void install(QChartView *view, QChart *chart);
    /// Styles `chart`, its legend and `axes` for `palette`; `font` is the widget's.
    static void apply(QChart *chart, const QList<QAbstractAxis *> &axes, const QPalette &palette,
                      const QFont &font);
};

} // namespace cubedesk::widgets
