// The models fed by delta batches: every model under QAbstractItemModelTester, and the exact
// signal sequences of an initial load, churn, a relist with deletions and a removed cluster
// (docs/threads-and-data-flow.md: never a reset for data, contiguous runs, per-row dataChanged).

#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/stringpool.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/clusterlistmodel.h"
#include "models/freshness.h"
#include "models/modelroles.h"
#include "models/nodefilter.h"
#include "models/nodetablemodel.h"
#include "models/orgboardmodel.h"
#include "models/orgsummary.h"
#include "tests/support/modelfixture.h"

#include <QAbstractItemModelTester>
#include <QMimeData>
#include <QSignalSpy>
#include <QTest>

#include <set>

using namespace cubedesk;
using models::ClusterConnection;
using Delta = k8s::ClusterSession::Delta;
using Type = k8s::DeltaBuffer<k8s::ObjectPtr>::Type;

// Declared before the fixtures: moc does not follow the raw string literals below.
class ModelsTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void nodeTableInitialLoadIsOneInsertRun();
    void nodeTableChurnChangesOneRow();
    void nodeTableScatteredChangesAreRuns();
    void nodeTableRelistWithDeletionsRemovesRuns();
    void nodeTableClusterRemoved();
    void clusterListFollowsTheHub();
    void boardGroupsNodesByOrgAndMovesCards();
    void boardDropEmitsMoveRequestAndChangesNothing();
    void boardPendingMoveClearsWhenTheWatchConfirms();
    void nodeFilterSelectorAndText();
    void freshnessLevels();
};

namespace {

class Fixture : public test::ModelFixture {
public:
    Delta node(Type type, const std::string &name, const std::string &org, int gpus = 8,
               bool ready = true, const std::string &rv = "1") {
        std::string labels = R"({"gpu":"true","train":"true","gpu-type":"A100")";
        if (!org.empty())
            labels += R"(,"org":")" + org + '"';
        labels += '}';
        const std::string json =
            R"({"metadata":{"name":")" + name + R"(","resourceVersion":")" + rv +
            R"(","creationTimestamp":"2026-01-01T00:00:00Z","labels":)" + labels +
            R"(},"status":{"allocatable":{"cpu":"64","memory":"256Gi","nvidia.com/gpu":")" +
            std::to_string(gpus) + R"("},"conditions":[{"type":"Ready","status":")" +
            (ready ? "True" : "False") +
            R"("}],"addresses":[{"type":"InternalIP","address":"10.0.0.1"}]}})";
        return decode(type, k8s::ObjectKind::Node, "nodes//" + name, json);
    }
    Delta pod(Type type, const std::string &name, const std::string &nodeName,
              const std::string &org, int gpus, const std::string &phase = "Running") {
        std::string spec = R"({"nodeSelector":{"org":")" + org + R"("},)";
        if (!nodeName.empty())
            spec += R"("nodeName":")" + nodeName + R"(",)";
        spec +=
            R"("containers":[{"name":"c","resources":{"requests":{"cpu":"4","nvidia.com/gpu":")" +
            std::to_string(gpus) + R"("}}}]})";
        const std::string json = R"({"metadata":{"name":")" + name +
                                 R"(","namespace":"pipeline","resourceVersion":"2"},"spec":)" +
                                 spec + R"(,"status":{"phase":")" + phase + R"("}})";
        return decode(type, k8s::ObjectKind::Pod, "pods/pipeline/" + name, json);
    }
};

QStringList nodeNames(const QAbstractItemModel &m) {
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << m.index(r, models::NodeTableModel::NameColumn).data().toString();
    return out;
}

} // namespace

void ModelsTest::nodeTableInitialLoadIsOneInsertRun() {
    Fixture f;
    models::NodeTableModel model(&f.hub);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas({f.node(Type::Added, "gpu-1", "vision"), f.node(Type::Added, "gpu-2", ""),
                    f.node(Type::Added, "gpu-3", "speech"),
                    f.pod(Type::Added, "p1", "gpu-1", "vision", 2)});
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(inserted[0][1].toInt(), 0);
    QCOMPARE(inserted[0][2].toInt(), 2);
    QCOMPARE(reset.size(), 0);
    QCOMPARE(nodeNames(model), (QStringList{QStringLiteral("gpu-1"), QStringLiteral("gpu-2"),
                                            QStringLiteral("gpu-3")}));
    const int row = model.rowOf(c, QStringLiteral("gpu-1"));
    QCOMPARE(model.index(row, models::NodeTableModel::GpusColumn).data().toString(),
             QStringLiteral("2 / 8"));
    QCOMPARE(model.index(row, models::NodeTableModel::OrgColumn).data().toString(),
             QStringLiteral("vision"));
    QCOMPARE(model.index(model.rowOf(c, QStringLiteral("gpu-2")), models::NodeTableModel::OrgColumn)
                 .data()
                 .toString(),
             QStringLiteral("public"));
    QCOMPARE(model.index(row, models::NodeTableModel::RolesColumn).data().toString(),
             QStringLiteral("gpu,train"));
    const auto usage = model.index(row, models::NodeTableModel::GpusColumn)
                           .data(models::UsageRole)
                           .value<models::Usage>();
    QCOMPARE(usage.used, 2.0);
    QCOMPARE(usage.total, 8.0);
}

void ModelsTest::nodeTableChurnChangesOneRow() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas({f.node(Type::Added, "a", "vision"), f.node(Type::Added, "b", "vision"),
                    f.node(Type::Added, "c", "vision")});
    models::NodeTableModel model(&f.hub);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QCOMPARE(model.rowCount(), 3);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    c->applyDeltas({f.pod(Type::Added, "p", "b", "vision", 4)});
    QCOMPARE(changed.size(), 1);
    const int row = model.rowOf(c, QStringLiteral("b"));
    QCOMPARE(changed[0][0].value<QModelIndex>().row(), row);
    QCOMPARE(changed[0][1].value<QModelIndex>().row(), row);
    QCOMPARE(inserted.size(), 0);
    QCOMPARE(removed.size(), 0);
    QCOMPARE(model.index(row, models::NodeTableModel::PodsColumn).data().toInt(), 1);
    // A status heartbeat (the pod again, nothing counted changed) leaves the node row alone.
    c->applyDeltas({f.pod(Type::Updated, "p", "b", "vision", 4)});
    QCOMPARE(changed.size(), 1);
    // A pod that moves off the node and is deleted changes that row again.
    c->applyDeltas({f.pod(Type::Deleted, "p", "b", "vision", 4)});
    QCOMPARE(changed.size(), 2);
    QCOMPARE(model.index(row, models::NodeTableModel::GpusColumn).data().toString(),
             QStringLiteral("0 / 8"));
}

// Changes on scattered nodes: one dataChanged per run of neighbours (a range over the whole span
// would make a sort index re-read every row in between), and one range beyond kMaxChangedRuns.
void ModelsTest::nodeTableScatteredChangesAreRuns() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    std::vector<Delta> nodes;
    for (int i = 0; i < 600; ++i)
        nodes.push_back(f.node(Type::Added, "n" + std::to_string(1000 + i), "vision"));
    c->applyDeltas(std::move(nodes));
    models::NodeTableModel model(&f.hub);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QCOMPARE(model.rowCount(), 600);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    // A pod on every tenth node: 40 rows, no two neighbours, so 40 runs.
    std::vector<Delta> pods;
    std::set<int> rows;
    for (int i = 0; i < 400; i += 10) {
        const std::string node = "n" + std::to_string(1000 + i);
        pods.push_back(f.pod(Type::Added, "p" + std::to_string(i), node, "vision", 1));
        rows.insert(model.rowOf(c, QString::fromStdString(node)));
    }
    QCOMPARE(rows.size(), std::size_t(40));
    c->applyDeltas(std::move(pods));
    QCOMPARE(static_cast<std::size_t>(changed.size()), rows.size());
    std::set<int> reported;
    for (const auto &args : changed) {
        const int top = args[0].value<QModelIndex>().row();
        const int bottom = args[1].value<QModelIndex>().row();
        for (int r = top; r <= bottom; ++r)
            reported.insert(r);
    }
    QCOMPARE(reported, rows);

    // More runs than kMaxChangedRuns: one range from the first changed row to the last.
    changed.clear();
    std::vector<Delta> many;
    for (int i = 0; i < 600; i += 2)
        many.push_back(f.pod(Type::Added, "q" + std::to_string(i), "n" + std::to_string(1000 + i),
                             "vision", 1));
    c->applyDeltas(std::move(many));
    QVERIFY(300 > models::NodeTableModel::kMaxChangedRuns);
    QCOMPARE(changed.size(), 1);
}

void ModelsTest::nodeTableRelistWithDeletionsRemovesRuns() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    std::vector<Delta> initial;
    for (const char *n : {"n0", "n1", "n2", "n3", "n4", "n5"})
        initial.push_back(f.node(Type::Added, n, "public"));
    c->applyDeltas(std::move(initial));
    models::NodeTableModel model(&f.hub);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    // A relist found n1, n2 and n4 gone (the session emits deletions for them) and n3 changed.
    c->applyDeltas({f.node(Type::Deleted, "n1", "public"), f.node(Type::Deleted, "n2", "public"),
                    f.node(Type::Updated, "n3", "speech", 8, true, "9"),
                    f.node(Type::Deleted, "n4", "public")});
    QCOMPARE(reset.size(), 0);
    QCOMPARE(removed.size(), 2); // runs: [4,4] then [1,2]
    QCOMPARE(removed[0][1].toInt(), 4);
    QCOMPARE(removed[0][2].toInt(), 4);
    QCOMPARE(removed[1][1].toInt(), 1);
    QCOMPARE(removed[1][2].toInt(), 2);
    QCOMPARE(nodeNames(model),
             (QStringList{QStringLiteral("n0"), QStringLiteral("n3"), QStringLiteral("n5")}));
    QCOMPARE(model.index(model.rowOf(c, QStringLiteral("n3")), models::NodeTableModel::OrgColumn)
                 .data()
                 .toString(),
             QStringLiteral("speech"));
    QCOMPARE(model.rowOf(c, QStringLiteral("n5")), 2);
}

void ModelsTest::nodeTableClusterRemoved() {
    Fixture f;
    auto *a = f.cluster(QStringLiteral("a"));
    auto *b = f.cluster(QStringLiteral("b"));
    models::NodeTableModel model(&f.hub);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    a->applyDeltas({f.node(Type::Added, "x", "v"), f.node(Type::Added, "y", "v")});
    b->applyDeltas({f.node(Type::Added, "x", "v")});
    a->applyDeltas({f.node(Type::Added, "z", "v")});
    QCOMPARE(model.rowCount(), 4);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    f.hub.removeCluster(a);
    QCOMPARE(removed.size(), 2); // rows 3 and 0..1: two runs, last first
    QCOMPARE(removed[0][1].toInt(), 3);
    QCOMPARE(removed[1][1].toInt(), 0);
    QCOMPARE(removed[1][2].toInt(), 1);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, models::NodeTableModel::ClusterColumn).data().toString(),
             QStringLiteral("b"));
}

void ModelsTest::clusterListFollowsTheHub() {
    Fixture f;
    models::ClusterListModel model(&f.hub);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    auto *c = f.cluster(QStringLiteral("dev"));
    QCOMPARE(inserted.size(), 1);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    c->applyDeltas({f.node(Type::Added, "a", "v", 8), f.node(Type::Added, "b", "v", 8, false),
                    f.pod(Type::Added, "p", "a", "v", 3)});
    QCOMPARE(changed.size(), 1);
    QCOMPARE(model.index(0, models::ClusterListModel::NodesColumn).data().toString(),
             QStringLiteral("1 / 2"));
    QCOMPARE(model.index(0, models::ClusterListModel::GpuColumn).data().toString(),
             QStringLiteral("3 / 16"));
    QCOMPARE(model.index(0, models::ClusterListModel::StateColumn).data().toString(),
             models::Freshness::from({}).text);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    f.hub.removeCluster(c);
    QCOMPARE(removed.size(), 1);
    QCOMPARE(model.rowCount(), 0);
}

void ModelsTest::boardGroupsNodesByOrgAndMovesCards() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas({f.node(Type::Added, "g1", "vision"), f.node(Type::Added, "g2", "vision"),
                    f.node(Type::Added, "g3", ""), f.pod(Type::Added, "run", "g1", "vision", 8),
                    f.pod(Type::Added, "wait", "", "vision", 8, "Pending")});
    models::OrgBoardModel model(&f.hub);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setCluster(c);
    QCOMPARE(model.orgs(), (QStringList{QStringLiteral("public"), QStringLiteral("vision")}));
    const auto vision = model.orgIndex(QStringLiteral("vision"));
    QCOMPARE(model.rowCount(vision), 2);
    auto summary = vision.data(models::OrgSummaryRole).value<models::OrgSummary>();
    QCOMPARE(summary.nodes, 2);
    QCOMPARE(summary.pendingPods, 1);
    QCOMPARE(summary.gpus.text, QStringLiteral("8 / 16"));
    const auto card =
        model.nodeIndex(QStringLiteral("g1")).data(models::CardRole).value<models::NodeCard>();
    QCOMPARE(card.gpuType, QStringLiteral("A100"));
    QCOMPARE(card.gpus.text, QStringLiteral("8 / 8"));

    // g3 moves public → vision: one removal under public, one insertion under vision, and the
    // emptied public column stays as a target.
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    c->applyDeltas({f.node(Type::Updated, "g3", "vision", 8, true, "5")});
    QCOMPARE(reset.size(), 0);
    QCOMPARE(removed.size(), 1);
    QCOMPARE(removed[0][0].value<QModelIndex>().data().toString(), QStringLiteral("public"));
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(inserted[0][0].value<QModelIndex>().data().toString(), QStringLiteral("vision"));
    QCOMPARE(inserted[0][1].toInt(), 2);
    QCOMPARE(model.orgs(), (QStringList{QStringLiteral("public"), QStringLiteral("vision")}));
    QCOMPARE(model.rowCount(model.orgIndex(QStringLiteral("public"))), 0);
    // A new org appears as a new top-level row at its sorted place.
    c->applyDeltas({f.node(Type::Updated, "g2", "audio", 8, true, "6")});
    QCOMPARE(model.orgs(), (QStringList{QStringLiteral("audio"), QStringLiteral("public"),
                                        QStringLiteral("vision")}));
    // The user adds an empty target column; invalid names are refused.
    QVERIFY(model.addOrg(QStringLiteral("speech")));
    QVERIFY(!model.addOrg(QStringLiteral("speech")));
    QVERIFY(!model.addOrg(QStringLiteral("no spaces")));
    QCOMPARE(model.orgs(), (QStringList{QStringLiteral("audio"), QStringLiteral("public"),
                                        QStringLiteral("speech"), QStringLiteral("vision")}));
}

void ModelsTest::boardDropEmitsMoveRequestAndChangesNothing() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas({f.node(Type::Added, "g1", "vision"), f.node(Type::Added, "g2", ""),
                    f.node(Type::Added, "g3", "")});
    models::OrgBoardModel model(&f.hub);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setCluster(c);
    std::unique_ptr<QMimeData> mime(model.mimeData(
        {model.nodeIndex(QStringLiteral("g2")), model.nodeIndex(QStringLiteral("g3"))}));
    QVERIFY(mime);
    const auto [cluster, nodes] = models::OrgBoardModel::decode(mime.get());
    QCOMPARE(cluster, QStringLiteral("dev"));
    QCOMPARE(nodes, (QStringList{QStringLiteral("g2"), QStringLiteral("g3")}));
    const auto vision = model.orgIndex(QStringLiteral("vision"));
    const auto pub = model.orgIndex(QStringLiteral("public"));
    QVERIFY(model.canDropMimeData(mime.get(), Qt::MoveAction, -1, -1, vision));
    // Onto a card: its column. Onto the column the nodes are already in: no move.
    QVERIFY(model.canDropMimeData(mime.get(), Qt::MoveAction, -1, -1,
                                  model.nodeIndex(QStringLiteral("g1"))));
    QVERIFY(!model.canDropMimeData(mime.get(), Qt::MoveAction, -1, -1, pub));
    QVERIFY(!model.canDropMimeData(mime.get(), Qt::MoveAction, -1, -1, QModelIndex()));
    QSignalSpy requested(&model, &models::OrgBoardModel::moveRequested);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QVERIFY(!model.dropMimeData(mime.get(), Qt::MoveAction, -1, -1, vision));
    QCOMPARE(requested.size(), 1);
    QCOMPARE(requested[0][0].toString(), QStringLiteral("dev"));
    QCOMPARE(requested[0][1].toStringList(),
             (QStringList{QStringLiteral("g2"), QStringLiteral("g3")}));
    QCOMPARE(requested[0][2].toString(), QStringLiteral("vision"));
    QCOMPARE(removed.size(), 0); // cards move only when the watch confirms
    // Data from another cluster's board is refused.
    auto other = std::make_unique<QMimeData>();
    other->setData(QLatin1String(models::OrgBoardModel::kMimeType), "dev1\ng2");
    QVERIFY(!model.canDropMimeData(other.get(), Qt::MoveAction, -1, -1, vision));
}

void ModelsTest::boardPendingMoveClearsWhenTheWatchConfirms() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas({f.node(Type::Added, "g1", "vision"), f.node(Type::Added, "g2", "")});
    models::OrgBoardModel model(&f.hub);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setCluster(c);
    model.setPendingMove(QStringList{QStringLiteral("g2")}, QStringLiteral("vision"));
    auto card = [&] {
        return model.nodeIndex(QStringLiteral("g2"))
            .data(models::CardRole)
            .value<models::NodeCard>();
    };
    QVERIFY(card().pendingMove);
    c->applyDeltas({f.node(Type::Updated, "g2", "vision", 8, true, "3")});
    QCOMPARE(model.nodeIndex(QStringLiteral("g2")).parent().data().toString(),
             QStringLiteral("vision"));
    QVERIFY(!card().pendingMove);
}

void ModelsTest::nodeFilterSelectorAndText() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas({f.node(Type::Added, "gpu-a", "speech"), f.node(Type::Added, "gpu-b", "vision"),
                    f.node(Type::Added, "gpu-c", "audio", 8, false)});
    auto row = [&](const char *name) {
        return models::NodeTableModel::makeRow(c, c->store().node(name));
    };
    const auto sel = models::NodeFilter::parse(QStringLiteral("gpu=true,org in (speech,vision)"));
    QVERIFY(sel.error().isEmpty());
    QVERIFY(sel.matches(row("gpu-a")));
    QVERIFY(sel.matches(row("gpu-b")));
    QVERIFY(!sel.matches(row("gpu-c")));
    const auto text = models::NodeFilter::parse(QStringLiteral("NotReady"));
    QVERIFY(!text.matches(row("gpu-a")));
    QVERIFY(text.matches(row("gpu-c")));
    const auto mixed = models::NodeFilter::parse(QStringLiteral("train=true, -b"));
    QVERIFY(mixed.matches(row("gpu-b")));
    QVERIFY(!mixed.matches(row("gpu-a")));
    const auto bad = models::NodeFilter::parse(QStringLiteral("org in (speech"));
    QVERIFY(!bad.error().isEmpty());
    QVERIFY(!bad.matches(row("gpu-a")));
    QVERIFY(models::NodeFilter::parse(QStringLiteral("  ")).isEmpty());
}

void ModelsTest::freshnessLevels() {
    using Phase = k8s::WatchState::Phase;
    const auto now = std::chrono::steady_clock::now();
    std::map<std::string, k8s::WatchState> states;
    states["nodes"].phase = Phase::Synced;
    states["pods"].phase = Phase::Synced;
    auto f = models::Freshness::from(states, {}, now);
    QCOMPARE(f.level, models::Freshness::Level::Live);
    QCOMPARE(f.text, QStringLiteral("synced"));
    QVERIFY2(!f.countsDown, "nothing in a live badge changes by itself: no timer needed");
    states["pods"].phase = Phase::BackingOff;
    states["pods"].since = std::chrono::system_clock::from_time_t(1700000000);
    states["pods"].retryAt = now + std::chrono::milliseconds(4500);
    states["pods"].reason = "connection refused";
    f = models::Freshness::from(states, {}, now);
    QCOMPARE(f.level, models::Freshness::Level::Stale);
    QVERIFY2(f.text.contains(QStringLiteral("reconnecting in 5 s")), qPrintable(f.text));
    QVERIFY(f.text.contains(QStringLiteral("stale since")));
    QVERIFY(f.error.contains(QStringLiteral("connection refused")));
    QVERIFY2(f.countsDown, "the retry countdown needs a read every second");
    // A watch that never listed is not "stale since 00:00:00": it has no data yet.
    auto never = states;
    never["pods"].since = {};
    const auto first = models::Freshness::from(never, {}, now);
    QCOMPARE(first.level, models::Freshness::Level::Stale);
    QVERIFY2(first.text.startsWith(QStringLiteral("no data yet, retrying in 5 s")),
             qPrintable(first.text));
    states["nodes"].phase = Phase::Forbidden;
    states["nodes"].reason = "nodes is forbidden";
    f = models::Freshness::from(states, {}, now);
    QCOMPARE(f.level, models::Freshness::Level::Error);
    QVERIFY(f.text.contains(QStringLiteral("forbidden")));
    states["pods"].phase = Phase::Stale;
    QVERIFY(!models::Freshness::from(states, {}, now).countsDown);
    f = models::Freshness::from({}, QStringLiteral("bad certificate"), now);
    QCOMPARE(f.level, models::Freshness::Level::Offline);
    QCOMPARE(f.error, QStringLiteral("bad certificate"));
}

QTEST_GUILESS_MAIN(ModelsTest)
#include "models_test.moc"
