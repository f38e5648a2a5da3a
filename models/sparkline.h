#pragma once
// Sparkline: a row's recent values for a small trend line in a table cell (SparklineRole) —
// the points in time order (x: seconds since the epoch, y: the value) and the value range the
// line is drawn in. A point whose y is NaN is a gap (no data), never a zero.
//
// Value type; any thread.

#include <QList>
#include <QMetaType>
#include <QPointF>

namespace cubedesk::models {

struct Sparkline {
    QList<QPointF> points;
    double floor = 0;
    double ceiling = 100;

    bool operator==(const Sparkline &) const = default;
};

} // namespace cubedesk::models

Q_DECLARE_METATYPE(cubedesk::models::Sparkline)
