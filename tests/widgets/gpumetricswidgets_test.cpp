// The widgets that draw GPU metrics, offscreen: the sparkline delegate's lines (scaled into the
// cell, broken at gaps, never drawn at zero for no data), the history chart (a line per device,
// percent fixed at 0–100, other units fitted, its text when there is nothing), the Overview bar
// chart's in-use mark where the measured value is, and the topology matrix's diagonal shaded by
// each GPU's utilization. Snapshots go to test-output/widgets/ for a look.

#include "k8s/cube/gputopologyparser.h"
#include "models/modelroles.h"
#include "models/sparkline.h"
#include "testsupport.h"
#include "widgets/gpuhistorychart.h"
#include "widgets/gputopologymatrix.h"
#include "widgets/overviewbarchart.h"
#include "widgets/sparklinedelegate.h"
#include "widgets/usagebarpainter.h"

#include <QChart>
#include <QDateTimeAxis>
#include <QFontMetricsF>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QStandardItemModel>
#include <QTableView>
#include <QTest>

#include <cmath>
#include <limits>

using namespace cubedesk;
namespace tests = cubedesk::tests;

class GpuMetricsWidgetsTest final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sparklinesScaleAndBreakAtGaps() {
        models::Sparkline line;
        const double nan = std::numeric_limits<double>::quiet_NaN();
        line.points = {{0, 0}, {10, 100}, {20, nan}, {30, 50}, {40, 50}};
        const QRectF area(0, 0, 100, 20);
        const auto runs = widgets::SparklineDelegate::polylines(line, area);
        QCOMPARE(runs.size(), 2);
        QCOMPARE(runs[0].size(), 2);
        QCOMPARE(runs[0][0], QPointF(0, 20)); // 0 at the bottom
        QCOMPARE(runs[0][1], QPointF(25, 0)); // 100 at the top
        QCOMPARE(runs[1][0], QPointF(75, 10));
        QCOMPARE(runs[1][1], QPointF(100, 10));
        line.ceiling = 50; // values over the ceiling stay inside the cell
        QCOMPARE(widgets::SparklineDelegate::polylines(line, area)[0][1], QPointF(25, 0));
        QVERIFY(widgets::SparklineDelegate::polylines({}, area).isEmpty());

        // Painted in a table: the line's colour in the cell, nothing for a row without points.
        QStandardItemModel model(2, 1);
        model.setData(model.index(0, 0), QVariant::fromValue(line), models::SparklineRole);
        QTableView view;
        view.setModel(&model);
        view.setItemDelegate(new widgets::SparklineDelegate(&view));
        view.setColumnWidth(0, 160);
        view.resize(220, 120);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QImage image = view.viewport()->grab().toImage();
        tests::saveSnapshot(image, QStringLiteral("sparkline"));
        const QColor stroke = widgets::UsageBarPainter::fillColor(models::Usage::Level::Normal);
        const auto strokes = [&](int row) {
            return tests::countPixels(image, view.visualRect(model.index(row, 0)), [&](QColor c) {
                return tests::colorDistance(c, stroke) <= 60;
            });
        };
        QVERIFY2(strokes(0) > 40, qPrintable(QString::number(strokes(0))));
        QCOMPARE(strokes(1), 0);
    }

    void historyChartLinesAxesAndEmptyText() {
        widgets::GpuHistoryChart chart;
        chart.resize(520, 260);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setEmptyText(QStringLiteral("No history: nothing scraped"));
        chart.setLines({}, 1000, 4600, true, QStringLiteral("%"));
        QCOMPARE(chart.ceiling(), 100.0);
        QCOMPARE(chart.chart()->series().size(), 0);
        const double nan = std::numeric_limits<double>::quiet_NaN();
        chart.setLines({{QStringLiteral("GPU0"), {{1000, 10}, {1015, 20}, {1030, nan}, {1045, 30}}},
                        {QStringLiteral("GPU1"), {{1000, 90}, {1015, 95}}}},
                       1000, 4600, true, QStringLiteral("%"));
        // A gap breaks GPU0 into two series; only the first has a legend entry. Its second run
        // is one sample: a dot, since one sample draws no line.
        QCOMPARE(chart.chart()->series().size(), 3);
        for (QAbstractSeries *series : chart.chart()->series()) {
            auto *line = qobject_cast<QLineSeries *>(series);
            QVERIFY(line);
            QCOMPARE(line->pointsVisible(), line->count() == 1);
        }
        QCoreApplication::processEvents();
        int visibleMarkers = 0;
        for (QLegendMarker *m : chart.chart()->legend()->markers())
            visibleMarkers += m->isVisible() ? 1 : 0;
        QCOMPARE(visibleMarkers, 2);
        QCOMPARE(chart.ceiling(), 100.0);
        chart.setLines({{QStringLiteral("GPU0"), {{1000, 250}, {1015, 400}}}}, 1000, 4600, false,
                       QStringLiteral("W"));
        QVERIFY2(chart.ceiling() >= 400 && chart.ceiling() <= 600,
                 qPrintable(QString::number(chart.ceiling())));
        QCoreApplication::processEvents();
        tests::saveSnapshot(chart.grab().toImage(), QStringLiteral("gpu-history-chart"));
        // A narrow panel gets fewer time ticks, so that none is elided ("22:…").
        auto *time = qobject_cast<QDateTimeAxis *>(chart.chart()->axes(Qt::Horizontal).value(0));
        QVERIFY(time);
        const int wide = time->tickCount();
        chart.resize(240, 260);
        QCoreApplication::processEvents();
        QTRY_VERIFY(time->tickCount() < wide);
        const double label =
            QFontMetricsF(time->labelsFont()).horizontalAdvance(QStringLiteral("00:00"));
        QVERIFY2(chart.chart()->plotArea().width() / (time->tickCount() - 1) > label,
                 qPrintable(QString::number(time->tickCount())));
    }

    void overviewBarsMarkWhatIsInUse() {
        widgets::OverviewBarChart chart;
        chart.setBars(
            {{QStringLiteral("vision"), 32, 32, {}, 29.5}, {QStringLiteral("public"), 0, 16, {}}});
        chart.setFixedSize(520, 220);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QCoreApplication::processEvents();
        const QImage image = chart.grab().toImage();
        tests::saveSnapshot(image, QStringLiteral("overview-bars-in-use"));
        const QRectF mark = chart.inUseMark(0);
        QVERIFY(!mark.isEmpty());
        QVERIFY2(std::abs(mark.center().x() - chart.barPoint(0, 29.5).x()) <= 2,
                 qPrintable(QStringLiteral("%1 vs %2")
                                .arg(mark.center().x())
                                .arg(chart.barPoint(0, 29.5).x())));
        QVERIFY(std::abs(mark.center().y() - chart.barPoint(0, 29.5).y()) <= 2);
        QVERIFY2(chart.inUseMark(1).isEmpty(), "not measured: no mark");
        QCOMPARE(chart.valueLabel(0), QStringLiteral("32 / 32 · 29.5 in use"));
        QCOMPARE(chart.valueLabel(1), QStringLiteral("0 / 16"));
        // The mark is drawn in a colour that is neither the fill nor the track.
        const QColor fill = chart.requestedColor(models::Usage::Level::Critical);
        const QPoint centre = mark.center().toPoint();
        QVERIFY2(tests::colorDistance(image.pixelColor(centre), fill) > 60,
                 qPrintable(image.pixelColor(centre).name()));
    }

    void topologyDiagonalShowsUtilization() {
        const char *text = "\tGPU0\tGPU1\tGPU2\tCPU Affinity\tNUMA Affinity\n"
                           "GPU0\t X \tNV4\tNV4\t0-15\t0\n"
                           "GPU1\tNV4\t X \tNV4\t0-15\t0\n"
                           "GPU2\tNV4\tNV4\t X \t0-15\t0\n";
        auto parsed = k8s::GpuTopologyParser::parse(text);
        QVERIFY(parsed.ok());
        widgets::GpuTopologyMatrix m;
        m.setTopology(*parsed.topology);
        m.resize(m.sizeHint());
        const QImage plain = m.grab().toImage();
        QVERIFY(m.legendSwatchRect(k8s::GpuTopology::BandwidthClass::Self).isEmpty());
        m.setUtilization({0.0, 100.0, std::nullopt});
        m.resize(m.sizeHint());
        const QImage image = m.grab().toImage();
        tests::saveSnapshot(image, QStringLiteral("gpu-topology-utilization"));
        const auto band = [](const QRect &cell) {
            return QRect(cell.left() + 4, cell.top() + 2, cell.width() - 8, 4);
        };
        const QColor busy = widgets::GpuTopologyMatrix::utilizationColor();
        const auto near = [&](const QRect &r, const QColor &c) {
            return tests::countPixels(image, r,
                                      [&](QColor p) { return tests::colorDistance(p, c) <= 12; });
        };
        const QRect full = band(m.cellRect(1, 1));
        QVERIFY(near(full, busy) >= full.width() * full.height() * 3 / 4);
        QCOMPARE(near(band(m.cellRect(0, 0)), busy), 0); // idle: nearly the base colour
        // Unknown: the diagonal as nvidia-smi draws it, the same pixels as before.
        const QRect unknown = m.cellRect(2, 2);
        QCOMPARE(image.copy(unknown), plain.copy(unknown));
        QVERIFY(!m.legendSwatchRect(k8s::GpuTopology::BandwidthClass::Self).isEmpty());
    }
};

CUBEDESK_WIDGETS_TEST(GpuMetricsWidgetsTest)

#include "gpumetricswidgets_test.moc"
