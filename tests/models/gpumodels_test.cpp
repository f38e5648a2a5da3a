// The GPU models fed by delta batches, under QAbstractItemModelTester with exact signal
// sequences: GpuInventoryModel (initial load, churn, nodes that gain or lose GPUs, a removed
// cluster, topology sources), GpuSummaryModel (per cluster and org, in-place updates),
// GpuTopologySources (imported files) and GpuAdvisorModel (ranked rows; its translated sentences
// equal the advisor's English ones when no translation is loaded).

#include "k8s/cube/gputopologyparser.h"
#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/stringpool.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/gpuadvisormodel.h"
#include "models/gpuinventorymodel.h"
#include "models/gpusummarymodel.h"
#include "models/gputopologysources.h"
#include "models/modelroles.h"
#include "tests/support/modelfixture.h"
#include "tests/support/qtfixturefiles.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace cubedesk;
using models::ClusterConnection;
using models::GpuInventoryModel;
using models::GpuSummaryModel;
using Delta = k8s::ClusterSession::Delta;
using Type = k8s::DeltaBuffer<k8s::ObjectPtr>::Type;
using nlohmann::json;

class GpuModelsTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void inventoryInitialLoadIsOneInsertRun();
    void inventoryChurnGainAndLoseGpus();
    void inventoryClusterRemoved();
    void summaryPerClusterAndOrg();
    void importedTopologyUpdatesRowsAndAdvisor();
    void advisorRanksAndExplainsInEnglishWithoutTranslation();
    void explanationsMatchTheAdvisorsEnglish();

private:
    QTemporaryDir m_data;
};

namespace {

QString fixture(const QString &name) {
    return QString::fromUtf8(cubedesk::test::requireFixture(QStringLiteral("k8s/") + name));
}

class Fixture : public test::ModelFixture {
public:
    models::GpuTopologySources sources{&hub};

    Delta node(Type type, const std::string &name, json labels, json allocatable,
               const std::string &topology = {}, bool ready = true, const std::string &rv = "1") {
        allocatable["cpu"] = "64";
        allocatable["memory"] = "512Gi";
        json meta = {{"name", name}, {"resourceVersion", rv}, {"labels", labels}};
        if (!topology.empty())
            meta["annotations"] = {{"cubedesk.io/gpu-topology", topology}};
        json n = {{"metadata", meta},
                  {"status",
                   {{"capacity", allocatable},
                    {"allocatable", allocatable},
                    {"conditions",
                     json::array({{{"type", "Ready"}, {"status", ready ? "True" : "False"}}})}}}};
        return decode(type, k8s::ObjectKind::Node, "nodes//" + name, n.dump());
    }
    Delta a100(Type type, const std::string &name, const std::string &org, bool topology = true,
               int gpus = 8, bool ready = true, const std::string &rv = "1") {
        return node(type, name,
                    {{"gpu", "true"},
                     {"org", org},
                     {"gpu-type", "A100"},
                     {"nvidia.com/gpu.product", "NVIDIA-A100-SXM4-80GB"},
                     {"nvidia.com/gpu.memory", "81920"},
                     {"nvidia.com/gpu.count", std::to_string(gpus)}},
                    {{"nvidia.com/gpu", std::to_string(gpus)}},
                    topology
                        ? fixture(QStringLiteral("nvidia-smi-topo-a100-8gpu.txt")).toStdString()
                        : std::string(),
                    ready, rv);
    }
    Delta pod(Type type, const std::string &name, const std::string &nodeName, int gpus,
              const std::string &phase = "Running") {
        json p = {
            {"metadata", {{"name", name}, {"namespace", "pipeline"}, {"resourceVersion", "2"}}},
            {"spec",
             {{"nodeName", nodeName},
              {"containers",
               json::array({{{"name", "c"},
                             {"resources",
                              {{"requests",
                                {{"cpu", "4"}, {"nvidia.com/gpu", std::to_string(gpus)}}}}}}})}}},
            {"status", {{"phase", phase}}}};
        return decode(type, k8s::ObjectKind::Pod, "pods/pipeline/" + name, p.dump());
    }
};

QString cell(const QAbstractItemModel &m, int row, int column) {
    return m.index(row, column).data().toString();
}

} // namespace

void GpuModelsTest::initTestCase() {
    // Imported topology files go to a private data directory.
    QCoreApplication::setOrganizationName(QStringLiteral("CubeDesk"));
    QCoreApplication::setApplicationName(QStringLiteral("cubedesk-gpu-models-test"));
    qputenv("XDG_DATA_HOME", m_data.path().toUtf8());
}

void GpuModelsTest::inventoryInitialLoadIsOneInsertRun() {
    Fixture f;
    GpuInventoryModel model(&f.hub, &f.sources);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas({f.a100(Type::Added, "gpu-1", "vision"),
                    f.node(Type::Added, "cpu-1", {{"cpu", "true"}}, json::object()),
                    f.a100(Type::Added, "gpu-2", "nlp", false),
                    f.pod(Type::Added, "p1", "gpu-1", 6)});
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(inserted[0][1].toInt(), 0);
    QCOMPARE(inserted[0][2].toInt(), 1);
    QCOMPARE(reset.size(), 0);
    QCOMPARE(model.rowCount(), 2);
    const int r = model.rowOf(c, QStringLiteral("gpu-1"));
    QVERIFY(r >= 0);
    QCOMPARE(model.rowOf(c, QStringLiteral("cpu-1")), -1);
    QCOMPARE(cell(model, r, GpuInventoryModel::GpusColumn), QStringLiteral("6 / 8"));
    QCOMPARE(cell(model, r, GpuInventoryModel::IdleColumn), QStringLiteral("2"));
    QCOMPARE(cell(model, r, GpuInventoryModel::OrgColumn), QStringLiteral("vision"));
    QCOMPARE(cell(model, r, GpuInventoryModel::ModelColumn), QStringLiteral("A100"));
    QCOMPARE(cell(model, r, GpuInventoryModel::SharingColumn), QStringLiteral("whole GPUs"));
    QCOMPARE(cell(model, r, GpuInventoryModel::MemoryColumn), QStringLiteral("80 GiB"));
    QCOMPARE(cell(model, r, GpuInventoryModel::TopologyColumn),
             QStringLiteral("1 NVLink island(s) · 2 NUMA node(s)"));
    const auto usage = model.index(r, GpuInventoryModel::GpusColumn)
                           .data(models::UsageRole)
                           .value<models::Usage>();
    QCOMPARE(usage.used, 6.0);
    QCOMPARE(usage.total, 8.0);
    QCOMPARE(
        cell(model, model.rowOf(c, QStringLiteral("gpu-2")), GpuInventoryModel::TopologyColumn),
        QString());
    const auto holders = model.holders(r);
    QCOMPARE(holders.size(), std::size_t{1});
    QCOMPARE(holders[0].name, std::string("p1"));
    QCOMPARE(holders[0].whole, 6);
}

void GpuModelsTest::inventoryChurnGainAndLoseGpus() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas({f.a100(Type::Added, "a", "vision"), f.a100(Type::Added, "b", "vision"),
                    f.a100(Type::Added, "c", "vision"),
                    f.node(Type::Added, "cpu-1", {{"cpu", "true"}}, json::object())});
    GpuInventoryModel model(&f.hub, &f.sources);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy updated(&model, &GpuInventoryModel::clusterUpdated);

    // A pod lands on b: exactly b's row changes.
    c->applyDeltas({f.pod(Type::Added, "p", "b", 8)});
    QCOMPARE(changed.size(), 1);
    const int b = model.rowOf(c, QStringLiteral("b"));
    QCOMPARE(changed[0][0].toModelIndex().row(), b);
    QCOMPARE(changed[0][1].toModelIndex().row(), b);
    QCOMPARE(changed[0][1].toModelIndex().column(), GpuInventoryModel::ColumnCount - 1);
    QCOMPARE(cell(model, b, GpuInventoryModel::GpusColumn), QStringLiteral("8 / 8"));
    QCOMPARE(updated.size(), 1);

    // The CPU node gains GPUs (inserted), a loses them (removed), c is deleted (removed).
    changed.clear();
    c->applyDeltas({f.a100(Type::Updated, "cpu-1", "public", false, 4, true, "2"),
                    f.node(Type::Updated, "a", {{"org", "vision"}}, json::object(), {}, true, "2"),
                    f.a100(Type::Deleted, "c", "vision")});
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(removed.size(), 2); // rows 0 (a) and 2 (c): two runs
    QVERIFY(model.rowOf(c, QStringLiteral("cpu-1")) >= 0);
    QCOMPARE(model.rowOf(c, QStringLiteral("a")), -1);
    QCOMPARE(model.rowOf(c, QStringLiteral("c")), -1);
    QCOMPARE(reset.size(), 0);
    QCOMPARE(cell(model, model.rowOf(c, QStringLiteral("cpu-1")), GpuInventoryModel::GpusColumn),
             QStringLiteral("0 / 4"));

    // NotReady: no idle GPUs, status says so.
    c->applyDeltas({f.a100(Type::Updated, "cpu-1", "public", false, 4, false, "3")});
    const int r = model.rowOf(c, QStringLiteral("cpu-1"));
    QCOMPARE(cell(model, r, GpuInventoryModel::StatusColumn), QStringLiteral("NotReady"));
    QCOMPARE(cell(model, r, GpuInventoryModel::IdleColumn), QStringLiteral("0"));
}

void GpuModelsTest::inventoryClusterRemoved() {
    Fixture f;
    auto *dev = f.cluster(QStringLiteral("dev"));
    auto *prod = f.cluster(QStringLiteral("prod"));
    dev->applyDeltas({f.a100(Type::Added, "a", "vision"), f.a100(Type::Added, "b", "vision")});
    prod->applyDeltas({f.a100(Type::Added, "x", "nlp")});
    GpuInventoryModel model(&f.hub, &f.sources);
    GpuSummaryModel summary(&model);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester summaryTester(&summary,
                                           QAbstractItemModelTester::FailureReportingMode::Fatal);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(summary.rowCount(), 4); // dev, dev/vision, prod, prod/nlp
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    f.hub.removeCluster(dev);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(removed.size(), 1);
    QCOMPARE(reset.size(), 0);
    QCOMPARE(cell(model, 0, GpuInventoryModel::NodeColumn), QStringLiteral("x"));
    QCOMPARE(summary.rowCount(), 2);
    QCOMPARE(cell(summary, 0, GpuSummaryModel::ClusterColumn), QStringLiteral("prod"));
}

void GpuModelsTest::summaryPerClusterAndOrg() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas({f.a100(Type::Added, "a", "vision"), f.a100(Type::Added, "b", "vision"),
                    f.a100(Type::Added, "n", "nlp", true, 8, false),
                    f.pod(Type::Added, "p", "a", 6)});
    GpuInventoryModel model(&f.hub, &f.sources);
    GpuSummaryModel summary(&model);
    QAbstractItemModelTester tester(&summary,
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    QCOMPARE(summary.rowCount(), 3);
    QCOMPARE(cell(summary, 0, GpuSummaryModel::OrgColumn), QStringLiteral("all"));
    QCOMPARE(cell(summary, 0, GpuSummaryModel::NodesColumn), QStringLiteral("3 (1 NotReady)"));
    QCOMPARE(cell(summary, 0, GpuSummaryModel::GpusColumn), QStringLiteral("24"));
    QCOMPARE(cell(summary, 0, GpuSummaryModel::RequestedColumn), QStringLiteral("6 / 24"));
    QCOMPARE(cell(summary, 0, GpuSummaryModel::IdleColumn), QStringLiteral("10"));
    QCOMPARE(cell(summary, 0, GpuSummaryModel::NotReadyColumn), QStringLiteral("8"));
    QCOMPARE(cell(summary, 1, GpuSummaryModel::OrgColumn), QStringLiteral("nlp"));
    QCOMPARE(cell(summary, 2, GpuSummaryModel::OrgColumn), QStringLiteral("vision"));
    QCOMPARE(cell(summary, 2, GpuSummaryModel::IdleColumn), QStringLiteral("10"));

    QSignalSpy changed(&summary, &QAbstractItemModel::dataChanged);
    QSignalSpy inserted(&summary, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&summary, &QAbstractItemModel::rowsRemoved);
    QSignalSpy reset(&summary, &QAbstractItemModel::modelReset);
    // A pod on b: the cluster row and vision change in place, nlp does not.
    c->applyDeltas({f.pod(Type::Added, "q", "b", 2)});
    QCOMPARE(changed.size(), 2);
    QCOMPARE(changed[0][0].toModelIndex().row(), 0);
    QCOMPARE(changed[1][0].toModelIndex().row(), 2);
    QCOMPARE(inserted.size(), 0);
    // b moves to a new org "speech": a row appears between nlp and vision.
    c->applyDeltas({f.a100(Type::Updated, "b", "speech", true, 8, true, "2")});
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(inserted[0][1].toInt(), 2);
    QCOMPARE(cell(summary, 2, GpuSummaryModel::OrgColumn), QStringLiteral("speech"));
    // nlp's only node goes away: its row is removed.
    c->applyDeltas({f.a100(Type::Deleted, "n", "nlp")});
    QCOMPARE(removed.size(), 1);
    QCOMPARE(removed[0][1].toInt(), 1);
    QCOMPARE(summary.rowCount(), 3);
    QCOMPARE(reset.size(), 0);
}

void GpuModelsTest::importedTopologyUpdatesRowsAndAdvisor() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("imports"));
    c->applyDeltas({f.a100(Type::Added, "plain", "vision", false)});
    GpuInventoryModel model(&f.hub, &f.sources);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy sourcesChanged(&f.sources, &models::GpuTopologySources::changed);

    QTemporaryDir dir;
    const QString broken = dir.filePath(QStringLiteral("broken.txt"));
    QFile b(broken);
    QVERIFY(b.open(QIODevice::WriteOnly));
    b.write("\tGPU0\tGPU1\nGPU0\t X \tNV12\n");
    b.close();
    const QString error = f.sources.importFile(c, QStringLiteral("plain"), broken);
    QVERIFY2(error.contains(QStringLiteral("line 2: GPU1 has no row")), qPrintable(error));
    QCOMPARE(sourcesChanged.size(), 0);
    QVERIFY(!f.sources.importFile(c, QStringLiteral("plain"), dir.filePath(QStringLiteral("none")))
                 .isEmpty());

    const QString good = dir.filePath(QStringLiteral("h100.txt"));
    QFile g(good);
    QVERIFY(g.open(QIODevice::WriteOnly));
    g.write(fixture(QStringLiteral("nvidia-smi-topo-h100-8gpu.txt")).toUtf8());
    g.close();
    QCOMPARE(f.sources.importFile(c, QStringLiteral("plain"), good), QString());
    QCOMPARE(sourcesChanged.size(), 1);
    QCOMPARE(changed.size(), 1);
    QVERIFY(f.sources.hasImportedFile(c, QStringLiteral("plain")));
    QCOMPARE(cell(model, 0, GpuInventoryModel::TopologyColumn),
             QStringLiteral("1 NVLink island(s) · 2 NUMA node(s) · imported"));
    // A new sources object (the next start of the window) finds the file again.
    models::GpuTopologySources again(&f.hub);
    QCOMPARE(again.resolve(c, *model.row(0).node).topology->source(),
             k8s::GpuTopology::Source::ImportedFile);

    models::GpuAdvisorModel advisor(&model);
    k8s::GpuPlacementAdvisor::Request request;
    request.gpus = 8;
    advisor.run(request, {QStringLiteral("imports")}, false);
    QCOMPARE(advisor.rowCount(), 1);
    QCOMPARE(advisor.row(0).placement.topologySource, k8s::GpuTopology::Source::ImportedFile);
    QCOMPARE(advisor.index(0, models::GpuAdvisorModel::ScoreColumn).data().toString(),
             QStringLiteral("2,800 / 2,800"));

    QVERIFY(f.sources.forgetImportedFile(c, QStringLiteral("plain")));
    QCOMPARE(cell(model, 0, GpuInventoryModel::TopologyColumn), QString());
    QVERIFY(!f.sources.forgetImportedFile(c, QStringLiteral("plain")));

    // Without a session, NodeResourceTopology objects cannot be fetched: said, not hidden.
    f.sources.refresh(c);
    QVERIFY(!f.sources.nrtStatus(c).isEmpty());
}

void GpuModelsTest::advisorRanksAndExplainsInEnglishWithoutTranslation() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    auto *other = f.cluster(QStringLiteral("other"));
    c->applyDeltas({f.a100(Type::Added, "full", "vision"), f.a100(Type::Added, "half", "vision"),
                    f.a100(Type::Added, "busy", "vision"), f.a100(Type::Added, "nlp", "nlp"),
                    f.a100(Type::Added, "down", "vision", true, 8, false),
                    f.a100(Type::Added, "plain", "vision", false),
                    f.pod(Type::Added, "p1", "half", 4), f.pod(Type::Added, "p2", "busy", 7)});
    other->applyDeltas({f.a100(Type::Added, "elsewhere", "vision")});
    GpuInventoryModel model(&f.hub, &f.sources);
    models::GpuAdvisorModel advisor(&model);
    QAbstractItemModelTester tester(&advisor,
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy reset(&advisor, &QAbstractItemModel::modelReset);
    k8s::GpuPlacementAdvisor::Request request;
    request.gpus = 4;
    request.org = "vision";
    advisor.run(request, {QStringLiteral("dev")}, false);
    QStringList nodes;
    for (int i = 0; i < advisor.rowCount(); ++i)
        nodes << QString::fromStdString(advisor.row(i).placement.node);
    QCOMPARE(nodes,
             (QStringList{QStringLiteral("half"), QStringLiteral("full"), QStringLiteral("plain"),
                          QStringLiteral("down"), QStringLiteral("busy")}));
    QCOMPARE(advisor.fitting(), 3);
    QCOMPARE(advisor.index(0, models::GpuAdvisorModel::RankColumn).data().toInt(), 1);
    QCOMPARE(advisor.index(3, models::GpuAdvisorModel::RankColumn).data().toString(),
             QStringLiteral("—"));
    QCOMPARE(advisor.index(0, models::GpuAdvisorModel::VerdictColumn).data().toString(),
             QStringLiteral("Fits"));
    QCOMPARE(advisor.index(2, models::GpuAdvisorModel::ScoreColumn).data().toString(),
             QStringLiteral("unknown"));
    QCOMPARE(advisor.index(4, models::GpuAdvisorModel::FreeColumn).data().toString(),
             QStringLiteral("1 / 8"));
    for (int i = 0; i < advisor.rowCount(); ++i)
        QCOMPARE(
            advisor.row(i).explanation,
            QString::fromStdString(k8s::GpuPlacementAdvisor::explain(advisor.row(i).placement)));

    // Asked again with other orgs shown: the old rows go, the new ones come, no reset.
    QSignalSpy removed(&advisor, &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(&advisor, &QAbstractItemModel::rowsInserted);
    advisor.run(request, {QStringLiteral("dev"), QStringLiteral("other")}, true);
    QCOMPARE(removed.size(), 1);
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(advisor.rowCount(), 7);
    QCOMPARE(reset.size(), 0);
}

void GpuModelsTest::explanationsMatchTheAdvisorsEnglish() {
    // Every sentence shape of the advisor, through evaluate(), against the translated copy.
    using k8s::GpuPlacementAdvisor;
    auto topo = [](const QString &text) {
        return k8s::GpuTopologyParser::parse(text.toStdString()).topology;
    };
    const auto a100 = topo(fixture(QStringLiteral("nvidia-smi-topo-a100-8gpu.txt")));
    auto pcie = QStringLiteral("\tGPU0\tGPU1\tGPU2\tGPU3\tCPU Affinity\tNUMA Affinity\n"
                               "GPU0\t X \tNODE\tSYS\tSYS\t0-7\t0\n"
                               "GPU1\tNODE\t X \tSYS\tSYS\t0-7\t0\n"
                               "GPU2\tSYS\tSYS\t X \tNODE\t8-15\t1\n"
                               "GPU3\tSYS\tSYS\tNODE\t X \t8-15\t1\n");
    const auto box = topo(pcie);
    QVERIFY(a100 && box);
    auto node = [](int allocatable, int requested) {
        k8s::GpuInventory::NodeGpus n;
        n.name = "n";
        n.org = "vision";
        n.gpuType = "A100";
        n.ready = true;
        n.resources.push_back({"nvidia.com/gpu", k8s::GpuInventory::ResourceKind::Whole,
                               allocatable, allocatable, requested});
        n.cpuAllocatableMilli = 16500;
        n.memoryAllocatable = 100LL << 30;
        return n;
    };
    std::vector<std::pair<GpuPlacementAdvisor::Request, GpuPlacementAdvisor::Candidate>> cases;
    auto add = [&](int k, k8s::GpuInventory::NodeGpus n, std::optional<k8s::GpuTopology> t,
                   const char *type = "", const char *org = "", std::int64_t cpu = 0,
                   std::int64_t memory = 0) {
        GpuPlacementAdvisor::Request r;
        r.gpus = k;
        r.gpuType = type;
        r.org = org;
        r.milliCpu = cpu;
        r.memoryBytes = memory;
        cases.push_back({r, {"dev", std::move(n), std::move(t)}});
    };
    add(8, node(8, 0), a100);
    add(4, node(8, 0), a100);
    add(4, node(8, 4), a100);
    add(2, node(4, 2), box);
    add(1, node(8, 7), a100);
    add(8, node(8, 0), std::nullopt);
    add(8, node(8, 0), box);
    add(8, node(8, 5), a100);
    add(8, node(8, 8), a100);
    add(2, node(8, 0), a100, "H100");
    add(2, node(8, 0), a100, "", "nlp");
    add(2, node(8, 0), a100, "", "", 32000);
    add(2, node(8, 0), a100, "", "", 0, 200LL << 30);
    auto down = node(8, 7);
    down.ready = false;
    add(2, down, a100);
    auto down8 = node(8, 0);
    down8.ready = false;
    add(2, down8, a100);
    auto cordoned = node(8, 7);
    cordoned.unschedulable = true;
    add(2, cordoned, a100);
    cordoned.resources[0].requested = 0;
    cordoned.taints = {"dedicated=x:NoSchedule"};
    add(2, cordoned, a100);
    cordoned.unschedulable = false;
    add(2, cordoned, a100);
    auto none = node(0, 0);
    none.resources.clear();
    add(2, none, std::nullopt);
    auto shared = node(0, 0);
    shared.resources = {{"nvidia.com/gpu", k8s::GpuInventory::ResourceKind::Replica, 16, 16, 0}};
    for (auto sharing : {k8s::GpuInventory::Sharing::TimeSlicing, k8s::GpuInventory::Sharing::Mps,
                         k8s::GpuInventory::Sharing::Vgpu, k8s::GpuInventory::Sharing::Mig}) {
        shared.sharing = sharing;
        shared.replicas = sharing == k8s::GpuInventory::Sharing::Mps ? 0 : 4;
        add(2, shared, std::nullopt);
    }
    auto noType = node(8, 0);
    noType.gpuType.clear();
    add(2, noType, std::nullopt, "A100");
    add(2, noType, std::nullopt);
    for (const auto &[request, candidate] : cases) {
        const auto p = GpuPlacementAdvisor::evaluate(request, candidate);
        QCOMPARE(models::GpuAdvisorModel::explain(p),
                 QString::fromStdString(GpuPlacementAdvisor::explain(p)));
    }
}

QTEST_GUILESS_MAIN(GpuModelsTest)
#include "gpumodels_test.moc"
