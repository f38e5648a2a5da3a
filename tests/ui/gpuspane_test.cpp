// The GPUs pane offscreen: inventory, summary and scope from delta batches; the selected node's
// topology matrix, notes and pods; importing a topology file; the advisor's ranking choosing a
// node and highlighting its best GPU set; and, against the simulator through the real client,
// NodeResourceTopology objects fetched on demand. A screenshot of the pane goes to
// test-output/ui/gpus-pane.png.

#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/stringpool.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/gpuadvisormodel.h"
#include "models/gpudevicemodel.h"
#include "models/gpuinventorymodel.h"
#include "models/gpumetricsmonitor.h"
#include "models/gpunodehistory.h"
#include "models/idlegpureport.h"
#include "models/idlegputablemodel.h"
#include "models/modelroles.h"
#include "models/sortfilterindex.h"
#include "tests/support/qtfixturefiles.h"
#include "tests/support/simprocess.h"
#include "ui/gpunodemetricspanel.h"
#include "ui/gpuspane.h"
#include "ui/idlegpuspanel.h"
#include "ui/preferences.h"
#include "ui/prometheusdialog.h"
#include "widgets/gpuhistorychart.h"
#include "widgets/gputopologymatrix.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <QStyle>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using namespace cubedesk;
using Delta = k8s::ClusterSession::Delta;
using Type = k8s::DeltaBuffer<k8s::ObjectPtr>::Type;

class GpusPaneTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void inventoryTopologyAndAdvisor();
    void nodeResourceTopologyFromTheSimulator();
    void metricsIdleGpusAndPrometheusChoice();

private:
    QTemporaryDir m_data;
};

namespace {

QByteArray fixture(const QString &name) {
    return cubedesk::test::requireFixture(QStringLiteral("k8s/") + name);
}

std::string quoted(const QByteArray &text) {
    std::string out = "\"";
    for (char c : text.toStdString()) {
        if (c == '\n')
            out += "\\n";
        else if (c == '\t')
            out += "\\t";
        else if (c == '"' || c == '\\')
            out += std::string("\\") + c;
        else
            out += c;
    }
    return out + '"';
}

class Cluster {
public:
    k8s::ObjectDecoder decoder{k8s::StringPool::create()};

    Delta node(const std::string &name, const std::string &org, const std::string &type, int gpus,
               const QByteArray &topology = {}) {
        std::string json = R"({"metadata":{"name":")" + name +
                           R"(","resourceVersion":"1","labels":{"gpu":"true","org":")" + org +
                           R"(","gpu-type":")" + type + R"(","nvidia.com/gpu.count":")" +
                           std::to_string(gpus) + R"("})";
        if (!topology.isEmpty())
            json += R"(,"annotations":{"cubedesk.io/gpu-topology":)" + quoted(topology) + "}";
        json += R"(},"status":{"allocatable":{"cpu":"64","memory":"512Gi","nvidia.com/gpu":")" +
                std::to_string(gpus) + R"("},"conditions":[{"type":"Ready","status":"True"}]}})";
        auto o = decoder.decode(k8s::ObjectKind::Node, json);
        if (!o)
            qFatal("node: %s", o.error().c_str());
        return Delta{Type::Added, "nodes//" + name, std::move(*o)};
    }
    Delta pod(const std::string &name, const std::string &node, int gpus) {
        const std::string json =
            R"({"metadata":{"name":")" + name +
            R"(","namespace":"pipeline","resourceVersion":"2","labels":{"user":"li.na"}},"spec":{"nodeName":")" +
            node + R"(","containers":[{"name":"c","resources":{"requests":{"nvidia.com/gpu":")" +
            std::to_string(gpus) + R"("}}}]},"status":{"phase":"Running"}})";
        auto o = decoder.decode(k8s::ObjectKind::Pod, json);
        if (!o)
            qFatal("pod: %s", o.error().c_str());
        return Delta{Type::Added, "pods/pipeline/" + name, std::move(*o)};
    }
};

int rowOfNode(const QAbstractItemModel *m, const QString &node) {
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, models::GpuInventoryModel::NodeColumn).data().toString() == node)
            return r;
    return -1;
}

} // namespace

void GpusPaneTest::initTestCase() {
    QApplication::setStyle(QStringLiteral("Fusion"));
    QCoreApplication::setOrganizationName(QStringLiteral("CubeDesk"));
    QCoreApplication::setApplicationName(QStringLiteral("cubedesk-gpus-pane-test"));
    qputenv("XDG_DATA_HOME", m_data.path().toUtf8());
}

void GpusPaneTest::inventoryTopologyAndAdvisor() {
    models::ClusterHub hub;
    auto *dev = new models::ClusterConnection(QStringLiteral("dev"), QStringLiteral("/tmp/k"));
    auto *prod = new models::ClusterConnection(QStringLiteral("prod"), QStringLiteral("/tmp/k"));
    hub.adopt(dev);
    hub.adopt(prod);
    Cluster c;
    dev->applyDeltas({c.node("gpu-a100-1", "vision", "A100", 8,
                             fixture(QStringLiteral("nvidia-smi-topo-a100-8gpu.txt"))),
                      c.node("gpu-a100-2", "vision", "A100", 8,
                             fixture(QStringLiteral("nvidia-smi-topo-a100-8gpu.txt"))),
                      c.node("gpu-h100-1", "nlp", "H100", 8,
                             fixture(QStringLiteral("nvidia-smi-topo-h100-8gpu.txt"))),
                      c.node("gpu-v100-1", "speech", "V100", 8), c.pod("train-a", "gpu-a100-1", 4),
                      c.pod("train-b", "gpu-a100-2", 2), c.pod("train-c", "gpu-a100-2", 1)});
    prod->applyDeltas({c.node("prod-gpu-1", "public", "A100", 8)});

    ui::GpusPane pane(&hub);
    pane.resize(1500, 950);
    pane.setScope({QStringLiteral("dev")});
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    QCOMPARE(pane.proxy()->rowCount(), 4);
    QCOMPARE(pane.summaryView()->model()->rowCount(), 4); // dev, nlp, speech, vision
    pane.setScope({QStringLiteral("dev"), QStringLiteral("prod")});
    QCOMPARE(pane.proxy()->rowCount(), 5);
    pane.setFilterText(QStringLiteral("a100 vision"));
    QCOMPARE(pane.proxy()->rowCount(), 2);
    pane.setFilterText({});
    pane.setScope({QStringLiteral("dev")});

    // Selecting a node shows its matrix and the pods holding its GPUs.
    pane.selectNode(QStringLiteral("dev"), QStringLiteral("gpu-a100-2"));
    QVERIFY(pane.matrix()->topology().has_value());
    QCOMPARE(pane.matrix()->topology()->gpuCount(), std::size_t{8});
    QVERIFY(pane.topologyNote()->text().contains(QStringLiteral("cubedesk.io/gpu-topology")));
    QCOMPARE(pane.podsTable()->rowCount(), 2);
    QCOMPARE(pane.podsTable()->item(0, 1)->text(), QStringLiteral("train-b"));
    QCOMPARE(pane.podsTable()->item(0, 4)->text(), QStringLiteral("nvidia.com/gpu × 2"));

    // The V100 node publishes nothing: the matrix says how to get it; an import fixes that,
    // and a broken file is refused with its line.
    pane.selectNode(QStringLiteral("dev"), QStringLiteral("gpu-v100-1"));
    QVERIFY(!pane.matrix()->topology().has_value());
    QTemporaryDir dir;
    const QString broken = dir.filePath(QStringLiteral("broken.txt"));
    {
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("\tGPU0\tGPU1\nGPU0\t X \tNV2\nGPU1\tQPI\t X \n");
    }
    const QString error = pane.importTopology(broken);
    QVERIFY2(error.contains(QStringLiteral("line 3: GPU1, column GPU0: unknown link \"QPI\"")),
             qPrintable(error));
    const QString good = dir.filePath(QStringLiteral("v100.txt"));
    {
        QFile f(good);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(fixture(QStringLiteral("nvidia-smi-topo-h100-8gpu-ht.txt")));
    }
    QCOMPARE(pane.importTopology(good), QString());
    QVERIFY(pane.matrix()->topology().has_value());
    QVERIFY(pane.topologyNote()->text().contains(QStringLiteral("imported")));
    const int v100 = rowOfNode(pane.proxy(), QStringLiteral("gpu-v100-1"));
    QVERIFY(pane.proxy()
                ->index(v100, models::GpuInventoryModel::TopologyColumn)
                .data()
                .toString()
                .contains(QStringLiteral("imported")));

    // The advisor: 4 A100 GPUs. gpu-a100-1 has exactly 4 free (best fit), gpu-a100-2 has 5.
    pane.gpusField()->setValue(4);
    pane.typeField()->setCurrentText(QStringLiteral("A100"));
    pane.runAdvisor();
    auto *advisor = pane.advisor();
    QCOMPARE(advisor->rowCount(), 2);
    QCOMPARE(advisor->fitting(), 2);
    QCOMPARE(advisor->row(0).placement.node, std::string("gpu-a100-1"));
    QVERIFY(pane.explanation()->text().startsWith(QStringLiteral("gpu-a100-1: fits")));
    // Choosing the result shows its node with the best set highlighted.
    QCOMPARE(pane.inventoryView()->currentIndex().data().toString().isEmpty(), false);
    const int shown = pane.inventoryView()->currentIndex().row();
    QCOMPARE(pane.proxy()->index(shown, models::GpuInventoryModel::NodeColumn).data().toString(),
             QStringLiteral("gpu-a100-1"));
    QVERIFY(pane.topologyNote()->text().contains(QStringLiteral("best GPU set GPU0-3")));
    pane.advisorView()->selectionModel()->setCurrentIndex(
        advisor->index(1, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QVERIFY(pane.explanation()->text().startsWith(QStringLiteral("gpu-a100-2: fits")));

    QTest::qWait(50);
    const QImage shot = pane.grab().toImage();
    const QString outDir =
        qEnvironmentVariable("CUBEDESK_BINARY_DIR") + QStringLiteral("/test-output/ui");
    QDir().mkpath(outDir);
    QVERIFY(shot.save(outDir + QStringLiteral("/gpus-pane.png")));
    const QImage matrixShot = pane.matrix()->grab().toImage();
    int highlighted = 0;
    for (int y = 0; y < matrixShot.height(); ++y)
        for (int x = 0; x < matrixShot.width(); ++x)
            highlighted +=
                matrixShot.pixelColor(x, y) == widgets::GpuTopologyMatrix::highlightColor();
    QVERIFY(highlighted > 100);
}

void GpusPaneTest::nodeResourceTopologyFromTheSimulator() {
    test::SimProcess sim({"--scenario", "demo", "--seed", "3"});
    QVERIFY2(sim.ready(), sim.error().c_str());
    const std::string nrt = sim.dir().file("nrt.json");
    std::ofstream(nrt)
        << R"({"apiVersion":"topology.node.k8s.io/v1alpha2","kind":"NodeResourceTopology",
               "metadata":{"name":"gpu-v100-speech-1"},"zones":[
               {"name":"node-0","type":"Node","resources":[{"name":"nvidia.com/gpu","capacity":"4","allocatable":"4","available":"1"}]},
               {"name":"node-1","type":"Node","resources":[{"name":"nvidia.com/gpu","capacity":"4","allocatable":"4","available":"3"}]}]})";
    const auto applied = sim.kubectl({"apply", "--validate=false", "-f", nrt});
    QVERIFY2(applied.exitCode == 0, applied.err.c_str());

    models::ClusterHub hub;
    ui::GpusPane pane(&hub);
    pane.resize(1500, 950);
    hub.load({QString::fromStdString(sim.kubeconfig())});
    QVERIFY(!hub.clusters().isEmpty());
    pane.setScope({hub.clusters().front()->name()});
    QTRY_VERIFY_WITH_TIMEOUT(hub.clusters().front()->synced(), 30000);
    pane.show(); // fetches the NodeResourceTopology objects
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            const int r = rowOfNode(pane.proxy(), QStringLiteral("gpu-v100-speech-1"));
            return r >= 0 && pane.proxy()
                                 ->index(r, models::GpuInventoryModel::TopologyColumn)
                                 .data()
                                 .toString()
                                 .contains(QStringLiteral("NodeResourceTopology"));
        }(),
        20000);
    pane.selectNode(hub.clusters().front()->name(), QStringLiteral("gpu-v100-speech-1"));
    QVERIFY2(pane.topologyNote()->text().contains(
                 QStringLiteral("Free GPUs per NUMA node: NUMA 0: 1, NUMA 1: 3.")),
             qPrintable(pane.topologyNote()->text()));
    QCOMPARE(pane.matrix()->topology()->gpuCount(), std::size_t{8});

    // The advisor over the demo cluster: the idle public A100 node gives a full NVLink island.
    pane.gpusField()->setValue(8);
    pane.typeField()->setCurrentText(QStringLiteral("A100"));
    pane.runAdvisor();
    QVERIFY(pane.advisor()->fitting() >= 1);
    QCOMPARE(pane.advisor()->row(0).placement.node, std::string("gpu-a100-public-1"));
    QCOMPARE(pane.advisor()->index(0, models::GpuAdvisorModel::ScoreColumn).data().toString(),
             QStringLiteral("2,800 / 2,800"));
    const QString outDir =
        qEnvironmentVariable("CUBEDESK_BINARY_DIR") + QStringLiteral("/test-output/ui");
    QDir().mkpath(outDir);
    QVERIFY(pane.grab().toImage().save(outDir + QStringLiteral("/gpus-pane-demo.png")));
}

void GpusPaneTest::metricsIdleGpusAndPrometheusChoice() {
    test::SimProcess sim(
        {"--scenario", "demo", "--seed", "4", "--prometheus", "--scrape-interval", "1"});
    QVERIFY2(sim.ready(), sim.error().c_str());
    models::ClusterHub hub;
    hub.gpuMetrics()->setInterval(std::chrono::milliseconds(500));
    ui::GpusPane pane(&hub);
    pane.resize(1500, 950);
    hub.load({QString::fromStdString(sim.kubeconfig())});
    QVERIFY(!hub.clusters().isEmpty());
    const QString cluster = hub.clusters().front()->name();
    pane.setScope({cluster});
    QTRY_VERIFY_WITH_TIMEOUT(hub.clusters().front()->synced(), 30000);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    pane.selectNode(cluster, QStringLiteral("gpu-a100-vision-2"));
    auto *tabs = pane.findChild<QTabWidget *>(QStringLiteral("gpuDetailTabs"));
    QVERIFY(tabs);
    tabs->setCurrentWidget(pane.metricsPanel());
    QCOMPARE(tabs->tabText(tabs->indexOf(pane.metricsPanel())), QStringLiteral("Metrics"));
    QCOMPARE(tabs->tabText(tabs->indexOf(pane.podsTable())),
             QStringLiteral("Pods holding GPUs (1)"));
    ui::GpuNodeMetricsPanel *metrics = pane.metricsPanel();
    QTRY_COMPARE_WITH_TIMEOUT(metrics->devices()->rowCount(), 8, 40000);
    QTRY_COMPARE_WITH_TIMEOUT(metrics->chart()->lines().size(), 8, 40000);
    QVERIFY2(metrics->status()->text().contains(QLatin1String("monitoring/prometheus-k8s:9090")),
             qPrintable(metrics->status()->text()));
    QCOMPARE(metrics->devices()->index(5, models::GpuDeviceModel::HealthColumn).data().toString(),
             QStringLiteral("XID 79 on GPU5"));
    // Another range asks again, and keeps 8 lines.
    metrics->rangeField()->setCurrentIndex(2);
    QCOMPARE(metrics->history()->rangeSeconds(), 24 * 3600);
    QTRY_VERIFY_WITH_TIMEOUT(metrics->history()->state() == models::GpuNodeHistory::State::Loaded &&
                                 metrics->chart()->lines().size() == 8,
                             30000);

    // Idle and waste: every pod under 100 % for a second is listed; the filter narrows.
    pane.lowerTabs()->setCurrentWidget(pane.idlePanel());
    hub.idleGpus()->setInterval(std::chrono::milliseconds(2000));
    hub.idleGpus()->setCriteria(100, 1);
    ui::IdleGpusPanel *idle = pane.idlePanel();
    QTRY_VERIFY_WITH_TIMEOUT(idle->podView()->model()->rowCount() >= 2, 40000);
    QVERIFY(idle->orgView()->model()->rowCount() >= 2);
    idle->filterField()->setText(QStringLiteral("wang.fang"));
    // (the report is asked again every 2 s here: the notebook's first scrape may come later)
    QTRY_COMPARE_WITH_TIMEOUT(idle->podView()->model()->rowCount(), 1, 30000);
    // Activating the row shows its node in the pane.
    Q_EMIT idle->podView()->activated(idle->podView()->model()->index(0, 0));
    QCOMPARE(pane.metricsPanel()->history()->node(),
             idle->podView()->model()->index(0, 0).data(models::NodeNameRole).toString());
    idle->filterField()->clear();
    const QString outDir =
        qEnvironmentVariable("CUBEDESK_BINARY_DIR") + QStringLiteral("/test-output/ui");
    QDir().mkpath(outDir);
    QVERIFY(pane.grab().toImage().save(outDir + QStringLiteral("/gpus-pane-metrics.png")));

    // The Prometheus dialog: a malformed entry is named and nothing is kept; a URL is kept.
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_data.path());
    QCoreApplication::setOrganizationName(QStringLiteral("cubedesk-test-gpus"));
    ui::Preferences preferences;
    ui::PrometheusDialog dialog(&hub, &preferences);
    QVERIFY(dialog.field(cluster));
    dialog.field(cluster)->setText(QStringLiteral("prometheus-k8s"));
    dialog.accept();
    QVERIFY(dialog.result() != QDialog::Accepted);
    QVERIFY2(dialog.errorLabel()->text().contains(QLatin1String("prometheus-k8s")),
             qPrintable(dialog.errorLabel()->text()));
    QVERIFY(preferences.values().prometheus.isEmpty());
    dialog.field(cluster)->setText(QStringLiteral("http://127.0.0.1:9"));
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(preferences.values().prometheus.value(cluster), QStringLiteral("http://127.0.0.1:9"));
    ui::Preferences reread;
    QCOMPARE(reread.values().prometheus, preferences.values().prometheus);
}

QTEST_MAIN(GpusPaneTest)
#include "gpuspane_test.moc"
