#pragma once
// OverviewDonutChart: one cluster at a glance — concentric donut rings (outermost first: CPU,
// memory, GPUs, as the caller orders them), each the requested share of what is allocatable in
// the ring's colour (amber from 80 %, red from 95 %) over a neutral track, the cluster's name in
// the hole, and a legend beside it: the subtitle (a '\n' breaks it), then per ring "● CPU  47 %"
// over "120 / 256 cores".
//
// It paints precomputed numbers only: setData() with the same data does nothing; no animations.
//
// Threads: GUI thread. Owns its chart view, series and legend label.

#include "models/usage.h"

#include <QColor>
#include <QList>
#include <QString>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QChartView;
class QGraphicsSimpleTextItem;
class QLabel;
class QPieSeries;
QT_END_NAMESPACE

namespace cubedesk::widgets {

class OverviewDonutChart final : public QWidget {
    Q_OBJECT
public:
    struct Ring {
        QString name;     ///< "CPU"
        double used = 0;  ///< requested
        double total = 0; ///< allocatable; 0 draws an empty track
        QString text;     ///< "120 / 256 cores"
        QColor color;     ///< below 80 %
        bool operator==(const Ring &) const = default;
    };

    explicit OverviewDonutChart(QWidget *parent = nullptr);

    void setData(const QString &title, const QString &subtitle, const QList<Ring> &rings);
    QString title() const { return m_title; }
    const QList<Ring> &rings() const { return m_rings; }

    /// The colour ring `ring`'s requested share is painted in.
    QColor usedColor(int ring) const;
    QColor freeColor() const;
    /// The point on the middle of ring `ring` at `fraction` of the way round (0 = 12 o'clock,
    /// clockwise), in this widget's coordinates (tests).
    QPoint ringPoint(int ring, double fraction) const;
    QChartView *view() const { return m_view; }
    QLabel *legend() const { return m_legend; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    void placeCentre();
    /// Outer and inner size of ring `ring` as fractions of the plot area.
    static std::pair<double, double> ringSize(int ring, int rings);

    QString m_title;
    QString m_subtitle;
    QList<Ring> m_rings;
    QChartView *m_view;
    QLabel *m_legend;
    QList<QPieSeries *> m_series;
    QGraphicsSimpleTextItem *m_titleItem;
};

} // namespace cubedesk::widgets
