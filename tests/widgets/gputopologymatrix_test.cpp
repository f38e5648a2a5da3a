// GpuTopologyMatrix rendered offscreen: cells coloured by bandwidth class on the real 8×A100
// output, NVLink islands outlined in their own colours, NIC rows and columns, NUMA chips, the
// advisor's set highlighted, a NodeResourceTopology's grey cells, the placeholder, and the
// legend's swatches. Snapshots go to test-output/widgets/ for a look.

#include "k8s/cube/gputopologyparser.h"
#include "tests/support/qtfixturefiles.h"
#include "testsupport.h"
#include "widgets/gputopologymatrix.h"

#include <QFile>
#include <QTest>

using cubedesk::k8s::GpuTopology;
using cubedesk::k8s::GpuTopologyParser;
using cubedesk::widgets::GpuTopologyMatrix;
using Class = GpuTopology::BandwidthClass;
namespace tests = cubedesk::tests;

class GpuTopologyMatrixTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void realA100CellsAndOneIsland();
    void bridgesNicsAndTwoIslands();
    void highlightedSetAndNumaChips();
    void nrtZonesAndPlaceholder();
};

namespace {

GpuTopology parse(const QByteArray &text) {
    auto r = GpuTopologyParser::parse(text.toStdString());
    if (!r.ok())
        qFatal("fixture does not parse: %s", r.errors.front().toString().c_str());
    return *r.topology;
}

QByteArray realFixture(const QString &name) {
    return cubedesk::test::requireFixture(QStringLiteral("k8s/") + name);
}

QImage render(GpuTopologyMatrix &m) {
    m.resize(m.sizeHint());
    return m.grab().toImage();
}

/// Pixels of `color` (within `tolerance`) in `area`.
int count(const QImage &image, const QRect &area, const QColor &color, int tolerance = 12) {
    return tests::countPixels(
        image, area, [&](QColor c) { return tests::colorDistance(c, color) <= tolerance; });
}

/// The cell minus its text: a band along the top edge.
QRect topBand(const QRect &cell) {
    return QRect(cell.left() + 4, cell.top() + 2, cell.width() - 8, 4);
}

const char *const kBridges =
    "\tGPU0\tGPU1\tGPU2\tGPU3\tNIC0\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\n"
    "GPU0\t X \tNV4\tSYS\tSYS\tPIX\t0-15\t0\t\tN/A\n"
    "GPU1\tNV4\t X \tSYS\tSYS\tPHB\t0-15\t0\t\tN/A\n"
    "GPU2\tSYS\tSYS\t X \tNV4\tSYS\t16-31\t1\t\tN/A\n"
    "GPU3\tSYS\tSYS\tNV4\t X \tSYS\t16-31\t1\t\tN/A\n"
    "NIC0\tPIX\tPHB\tSYS\tSYS\t X \n"
    "\nNIC Legend:\n\n  NIC0: mlx5_0\n";

} // namespace

void GpuTopologyMatrixTest::realA100CellsAndOneIsland() {
    GpuTopologyMatrix m;
    m.setTopology(parse(realFixture(QStringLiteral("nvidia-smi-topo-a100-8gpu.txt"))));
    const QImage image = render(m);
    tests::saveSnapshot(image, QStringLiteral("gpu-topology-a100"));
    const QColor nvlink = GpuTopologyMatrix::classColor(Class::NVLink);
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 8; ++c) {
            const QRect band = topBand(m.cellRect(r, c));
            const int green = count(image, band, nvlink);
            if (r == c)
                QCOMPARE(green, 0);
            else
                QVERIFY2(green >= band.width() * band.height() * 3 / 4,
                         qPrintable(QStringLiteral("cell %1,%2").arg(r).arg(c)));
        }
    // One island: its outline runs along the whole matrix, top and left, in island colour 0.
    const QRect matrix = m.matrixRect();
    const QColor outline = GpuTopologyMatrix::islandColor(0);
    QVERIFY(count(image, QRect(matrix.left(), matrix.top() - 3, matrix.width(), 3), outline, 40) >=
            matrix.width() * 3 / 4);
    QVERIFY(count(image, QRect(matrix.left() - 3, matrix.top(), 3, matrix.height()), outline, 40) >=
            matrix.height() * 3 / 4);
    QCOMPARE(count(image, QRect(matrix.left() - 3, matrix.top(), 3, matrix.height()),
                   GpuTopologyMatrix::islandColor(1), 40),
             0);
    // The legend has its swatches.
    for (Class c : {Class::NVLink, Class::PcieSwitch, Class::HostBridge, Class::CrossNuma}) {
        const QRect s = m.legendSwatchRect(c);
        QVERIFY(!s.isEmpty());
        QVERIFY(count(image, s.adjusted(3, 3, -3, -3), GpuTopologyMatrix::classColor(c)) > 20);
    }
    QVERIFY(m.legendSwatchRect(Class::Unknown).isEmpty());
}

void GpuTopologyMatrixTest::bridgesNicsAndTwoIslands() {
    GpuTopologyMatrix m;
    m.setTopology(parse(kBridges));
    const QImage image = render(m);
    tests::saveSnapshot(image, QStringLiteral("gpu-topology-bridges"));
    auto has = [&](int r, int c, Class cls) {
        const QRect band = topBand(m.cellRect(r, c));
        return count(image, band, GpuTopologyMatrix::classColor(cls)) >=
               band.width() * band.height() * 3 / 4;
    };
    QVERIFY(has(0, 1, Class::NVLink));
    QVERIFY(has(2, 3, Class::NVLink));
    QVERIFY(has(0, 2, Class::CrossNuma));
    QVERIFY(has(0, 4, Class::PcieSwitch)); // GPU0–NIC0 PIX
    QVERIFY(has(1, 4, Class::HostBridge)); // GPU1–NIC0 PHB
    QVERIFY(has(4, 0, Class::PcieSwitch));
    // Two islands, two outline colours: {0,1} in the top-left, {2,3} below it.
    const QRect a = m.cellRect(0, 0).united(m.cellRect(1, 1));
    const QRect b = m.cellRect(2, 2).united(m.cellRect(3, 3));
    QVERIFY(count(image, QRect(a.left(), a.top() - 3, a.width(), 3),
                  GpuTopologyMatrix::islandColor(0), 40) > a.width() / 2);
    QVERIFY(count(image, QRect(b.left(), b.top() - 3, b.width(), 3),
                  GpuTopologyMatrix::islandColor(1), 40) > b.width() / 2);
    QCOMPARE(count(image, QRect(b.left(), b.top() - 3, b.width(), 3),
                   GpuTopologyMatrix::islandColor(0), 40),
             0);
    // NICs are not outlined: no island colour in the ring around the NIC's own cell.
    const QRect nic = m.cellRect(4, 4);
    const QRect ring = nic.adjusted(-3, -3, 3, 3);
    int ringPixels = 0;
    // (Corners left out: the outline of the island above-left of the NIC ends there.)
    for (const QRect &strip : {QRect(nic.left() + 3, ring.top(), nic.width() - 6, 3),
                               QRect(nic.left() + 3, nic.bottom() + 1, nic.width() - 6, 3),
                               QRect(ring.left(), nic.top() + 3, 3, nic.height() - 6),
                               QRect(nic.right() + 1, nic.top() + 3, 3, nic.height() - 6)})
        for (int island = 0; island < 2; ++island)
            ringPixels += count(image, strip, GpuTopologyMatrix::islandColor(island), 40);
    QCOMPARE(ringPixels, 0);
}

void GpuTopologyMatrixTest::highlightedSetAndNumaChips() {
    GpuTopologyMatrix m;
    m.setTopology(parse(kBridges));
    m.setHighlight({2, 3});
    const QImage image = render(m);
    tests::saveSnapshot(image, QStringLiteral("gpu-topology-highlight"));
    const QColor accent = GpuTopologyMatrix::highlightColor();
    QVERIFY(count(image, m.rowHeaderRect(2), accent) > 40);
    QVERIFY(count(image, m.rowHeaderRect(3), accent) > 40);
    QCOMPARE(count(image, m.rowHeaderRect(0), accent), 0);
    // NUMA 0 and NUMA 1 chips beside the matrix, in their colours.
    const QRect right(m.matrixRect().right() + 1, m.matrixRect().top(), image.width(),
                      m.matrixRect().height());
    QVERIFY(count(image, right, GpuTopologyMatrix::numaColor(0)) > 40);
    QVERIFY(count(image, right, GpuTopologyMatrix::numaColor(1)) > 40);
    QVERIFY(m.sizeHint().width() > m.matrixRect().right() + 60);
}

void GpuTopologyMatrixTest::nrtZonesAndPlaceholder() {
    GpuTopology nrt({{"N0.0", true, "", 0, std::nullopt, ""},
                     {"N0.1", true, "", 0, std::nullopt, ""},
                     {"N1.0", true, "", 1, std::nullopt, ""}},
                    {{GpuTopology::LinkType::Self, 0, "X"},
                     {},
                     {},
                     {},
                     {GpuTopology::LinkType::Self, 0, "X"},
                     {},
                     {},
                     {},
                     {GpuTopology::LinkType::Self, 0, "X"}},
                    GpuTopology::Source::NodeResourceTopology);
    GpuTopologyMatrix m;
    m.setTopology(nrt);
    QImage image = render(m);
    tests::saveSnapshot(image, QStringLiteral("gpu-topology-nrt"));
    const QColor grey = GpuTopologyMatrix::classColor(Class::Unknown);
    QVERIFY(count(image, topBand(m.cellRect(0, 1)), grey, 6) > 20);
    QVERIFY(!m.legendSwatchRect(Class::Unknown).isEmpty());

    m.setTopology(std::nullopt);
    m.setPlaceholderText(QStringLiteral("No topology."));
    image = render(m);
    QVERIFY(m.cellRect(0, 0).isEmpty());
    QVERIFY(m.sizeHint().height() < 60);
    QVERIFY(tests::countPixels(image, image.rect(), [](QColor c) { return c.lightness() < 200; }) >
            10);
}

CUBEDESK_WIDGETS_TEST(GpuTopologyMatrixTest)
#include "gputopologymatrix_test.moc"
