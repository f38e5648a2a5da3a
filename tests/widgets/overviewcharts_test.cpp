// The Overview pane's charts rendered offscreen into images of a fixed size: bar lengths follow
// requested vs allocatable, the colours follow the levels (amber from 80 %, red from 95 %), the
// donut's rings fill the requested share clockwise from 12 o'clock, and the same data paints the
// same pixels.

#include "testsupport.h"
#include "widgets/overviewbarchart.h"
#include "widgets/overviewdonutchart.h"

#include <QChartView>
#include <QLabel>
#include <QTest>

#include <cmath>

using cubedesk::widgets::OverviewBarChart;
using cubedesk::widgets::OverviewDonutChart;
namespace tests = cubedesk::tests;

namespace {

const QSize kBarSize(520, 260);
const QSize kDonutSize(420, 200);

QImage grabShown(QWidget *w, const QSize &size) {
    w->setFixedSize(size);
    w->show();
    if (!QTest::qWaitForWindowExposed(w))
        qWarning("chart not exposed");
    QCoreApplication::processEvents();
    return w->grab().toImage().convertToFormat(QImage::Format_RGB32);
}

/// Pixels of `color` (within `slack`) on the horizontal line through bar `index`, between the
/// positions of `from` and `to` (in the chart's unit).
int runOf(const OverviewBarChart &chart, const QImage &image, int index, double from, double to,
          const QColor &color, int slack = 10) {
    const QPointF a = chart.barPoint(index, from);
    const QPointF b = chart.barPoint(index, to);
    const QRect line(QPoint(int(std::lround(a.x())), int(std::lround(a.y()))),
                     QPoint(int(std::lround(b.x())), int(std::lround(a.y()))));
    return tests::countPixels(image, line,
                              [&](QColor c) { return tests::colorDistance(c, color) <= slack; });
}

/// "|actual - expected| <= slack", with the numbers for the failure message.
bool near(int actual, double expected, double slack, QString *message) {
    *message = QStringLiteral("%1 px, expected %2 ± %3").arg(actual).arg(expected).arg(slack);
    return std::abs(actual - expected) <= slack;
}

} // namespace

class OverviewChartsTest final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void barLengthsAndLevels() {
        QString why;
        OverviewBarChart chart;
        chart.setTitle(QStringLiteral("CPU (cores)"));
        const QList<OverviewBarChart::Bar> bars{
            {QStringLiteral("vision"), 36, 176, {}},
            {QStringLiteral("speech"), 140, 160, {}}, // 87.5 %: amber
            {QStringLiteral("nlp"), 95, 96, {}},      // 99 %: red
            {QStringLiteral("public"), 0, 64, {}},
        };
        chart.setBars(bars);
        const QImage image = grabShown(&chart, kBarSize);
        tests::saveSnapshot(image, QStringLiteral("overview-bars"));
        QCOMPARE(image.size(), kBarSize);
        // Bar 0: requested from 0 to 36 in the resource colour, free from 36 to 176.
        const double unit = (chart.barPoint(0, 100).x() - chart.barPoint(0, 0).x()) / 100;
        QVERIFY2(unit > 1.0, qPrintable(QString::number(unit)));
        const QColor normal = chart.requestedColor(cubedesk::models::Usage::Level::Normal);
        const QColor warning = chart.requestedColor(cubedesk::models::Usage::Level::Warning);
        const QColor critical = chart.requestedColor(cubedesk::models::Usage::Level::Critical);
        const QColor free = chart.freeColor();
        const int used0 = runOf(chart, image, 0, 0, 176, normal);
        const int free0 = runOf(chart, image, 0, 0, 176, free, 4);
        // (anti-aliased bar ends and grid lines crossing the track cost a few pixels)
        QVERIFY2(std::abs(used0 - 36 * unit) <= 6,
                 qPrintable(QStringLiteral("%1 px for %2").arg(used0).arg(36 * unit)));
        QVERIFY2(std::abs(free0 - 140 * unit) <= 7,
                 qPrintable(QStringLiteral("%1 px for %2").arg(free0).arg(140 * unit)));
        // Bars 1 and 2 are amber and red, none of them in the calm colour; bar 3 is all free.
        QVERIFY2(near(runOf(chart, image, 1, 0, 160, warning), 140 * unit, 6, &why),
                 qPrintable(why));
        QCOMPARE(runOf(chart, image, 1, 0, 160, normal), 0);
        QVERIFY2(near(runOf(chart, image, 2, 0, 96, critical), 95 * unit, 6, &why),
                 qPrintable(why));
        QCOMPARE(runOf(chart, image, 3, 0, 64, normal), 0);
        QVERIFY2(near(runOf(chart, image, 3, 0, 64, free, 4), 64 * unit, 7, &why), qPrintable(why));
        // The first bar is on top.
        QVERIFY(chart.barPoint(0, 10).y() < chart.barPoint(3, 10).y());
        QVERIFY(tests::isSignal(warning, 30, 50));
        QVERIFY(tests::isSignal(critical, 345, 12));
        // The same bars again paint the same pixels.
        chart.setBars(bars);
        QCoreApplication::processEvents();
        QCOMPARE(chart.grab().toImage().convertToFormat(QImage::Format_RGB32), image);
        QCOMPARE(chart.valueLabel(1), QStringLiteral("140 / 160"));
        QCOMPARE(chart.valueLabel(3), QStringLiteral("0 / 64"));
    }

    void barsFollowNewData() {
        QString why;
        OverviewBarChart chart;
        chart.setBars({{QStringLiteral("A100"), 4, 16, {}}});
        const QImage before = grabShown(&chart, kBarSize);
        const QColor normal = chart.requestedColor(cubedesk::models::Usage::Level::Normal);
        const double unitBefore = (chart.barPoint(0, 100).x() - chart.barPoint(0, 0).x()) / 100;
        const int usedBefore = runOf(chart, before, 0, 0, 16, normal);
        QVERIFY2(near(usedBefore, 4 * unitBefore, 6, &why), qPrintable(why));
        chart.setBars({{QStringLiteral("A100"), 12, 16, {}}, {QStringLiteral("T4"), 1, 4, {}}});
        QCoreApplication::processEvents();
        const QImage after = chart.grab().toImage().convertToFormat(QImage::Format_RGB32);
        tests::saveSnapshot(after, QStringLiteral("overview-bars-gpu-types"));
        QCOMPARE(after.size(), kBarSize);
        const double unit = (chart.barPoint(0, 100).x() - chart.barPoint(0, 0).x()) / 100;
        QVERIFY2(near(runOf(chart, after, 0, 0, 16, normal), 12 * unit, 6, &why), qPrintable(why));
        QVERIFY2(near(runOf(chart, after, 1, 0, 4, normal), 1 * unit, 6, &why), qPrintable(why));
        // No bars: nothing in the resource colour anywhere.
        chart.setEmptyText(QStringLiteral("No GPUs"));
        chart.setBars({});
        QCoreApplication::processEvents();
        const QImage empty = chart.grab().toImage().convertToFormat(QImage::Format_RGB32);
        QCOMPARE(
            tests::countPixels(empty, empty.rect(),
                               [&](QColor c) { return tests::colorDistance(c, normal) <= 10; }),
            0);
    }

    void donutRingsFillClockwise() {
        OverviewDonutChart donut;
        const QColor cpu(0x3c, 0x83, 0xc9);
        const QColor memory(0x2a, 0x9d, 0x8f);
        const QColor gpu(0x7b, 0x5e, 0xa7);
        donut.setData(QStringLiteral("dev"), QStringLiteral("30 of 31 nodes ready\n12 pods"),
                      {{QStringLiteral("CPU"), 128, 256, QStringLiteral("128 / 256 cores"), cpu},
                       {QStringLiteral("Memory"), 85, 100, QStringLiteral("85 / 100 Gi"), memory},
                       {QStringLiteral("GPUs"), 0, 0, QStringLiteral("0 / 0"), gpu}});
        const QImage image = grabShown(&donut, kDonutSize);
        tests::saveSnapshot(image, QStringLiteral("overview-donut"));
        QCOMPARE(image.size(), kDonutSize);
        const auto at = [&](int ring, double fraction) {
            return image.pixelColor(donut.ringPoint(ring, fraction));
        };
        const QColor track = donut.freeColor();
        // CPU at 50 %: 3 o'clock is used, 9 o'clock is free.
        QVERIFY2(tests::colorDistance(at(0, 0.25), cpu) <= 12, qPrintable(at(0, 0.25).name()));
        QVERIFY2(tests::colorDistance(at(0, 0.75), track) <= 6, qPrintable(at(0, 0.75).name()));
        // Memory at 85 %: amber up to 85 % of the way round.
        QCOMPARE(donut.usedColor(1), donut.usedColor(1));
        QVERIFY(tests::isSignal(donut.usedColor(1), 30, 50));
        QVERIFY2(tests::colorDistance(at(1, 0.5), donut.usedColor(1)) <= 12,
                 qPrintable(at(1, 0.5).name()));
        QVERIFY2(tests::colorDistance(at(1, 0.93), track) <= 6, qPrintable(at(1, 0.93).name()));
        // No GPUs: an empty track all round.
        for (double f : {0.1, 0.4, 0.6, 0.9})
            QVERIFY2(tests::colorDistance(at(2, f), track) <= 6, qPrintable(at(2, f).name()));
        // Between the rings and outside them: the background.
        const QColor base = donut.palette().color(QPalette::Base);
        QCOMPARE(image.pixelColor(donut.view()->mapTo(&donut, QPoint(2, 2))), base);
        QVERIFY(donut.legend()->text().contains(QStringLiteral("128 / 256 cores")));
        QVERIFY(donut.legend()->text().contains(QStringLiteral("85 %")));
        QVERIFY(donut.legend()->text().contains(QStringLiteral("30 of 31 nodes ready<br>12 pods")));
    }
};

CUBEDESK_WIDGETS_TEST(OverviewChartsTest)

#include "overviewcharts_test.moc"
