// The balancing advisor's models fed by delta batches: BalanceAdvisor's suggestion as ghost
// cards on OrgBoardModel (QAbstractItemModelTester, the ghost rows after the cards, removed when
// the node arrives), WriteAuditModel rows and results, NotificationModel grouping pending pods
// per org on an injected clock, NotReady nodes and failed jobs reported once.

#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/stringpool.h"
#include "models/balanceadvisor.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/modelroles.h"
#include "models/notificationmodel.h"
#include "models/orgboardmodel.h"
#include "models/writeauditmodel.h"
#include "tests/support/modelfixture.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace cubedesk;
using models::ClusterConnection;
using Delta = k8s::ClusterSession::Delta;
using Type = k8s::DeltaBuffer<k8s::ObjectPtr>::Type;
using nlohmann::json;

class BalanceModelsTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void suggestionBecomesGhostCardsInTheTargetColumn();
    void ghostLeavesWhenTheNodeArrives();
    void auditRowsAppendAndTakeResults();
    void auditKeepsTheNewestRowsOnly();
    void pendingPodsAreGroupedPerOrgAfterFiveMinutes();
    void notReadyNodesAndFailedJobsAreReportedOnce();
    void explanationNamesTheRuleThatChoseTheNode();
};

namespace {

constexpr qint64 kNow = 1794477600; // 2026-11-12T10:00:00Z

std::string rfc3339(qint64 t) {
    return QDateTime::fromSecsSinceEpoch(t, Qt::UTC).toString(Qt::ISODate).toStdString();
}

class Fixture : public test::ModelFixture {
public:
    Delta node(const std::string &name, const std::string &org, bool ready = true,
               Type type = Type::Added, const std::string &rv = "1") {
        json doc = {
            {"metadata",
             {{"name", name},
              {"resourceVersion", rv},
              {"labels", {{"org", org}, {"cpu", "true"}, {"train", "true"}}}}},
            {"status",
             {{"allocatable", {{"cpu", "8"}, {"memory", "32Gi"}, {"pods", "110"}}},
              {"conditions", json::array({{{"type", "Ready"},
                                           {"status", ready ? "True" : "False"},
                                           {"message", ready ? "" : "kubelet stopped"}}})}}}};
        return decode(type, k8s::ObjectKind::Node, "nodes//" + name, doc);
    }
    Delta pod(const std::string &name, const std::string &node, const std::string &cpu,
              const std::string &org = "", qint64 created = kNow - 3600) {
        json spec = {
            {"containers",
             json::array({{{"name", "c"}, {"resources", {{"requests", {{"cpu", cpu}}}}}}})}};
        json status = {{"phase", node.empty() ? "Pending" : "Running"}};
        if (!node.empty())
            spec["nodeName"] = node;
        else
            status["conditions"] = json::array({{{"type", "PodScheduled"},
                                                 {"status", "False"},
                                                 {"reason", "Unschedulable"},
                                                 {"message", "0/6 nodes: 3 Insufficient cpu"}}});
        if (!org.empty())
            spec["nodeSelector"] = {{"org", org}};
        json doc = {{"metadata",
                     {{"name", name},
                      {"namespace", "pipeline"},
                      {"resourceVersion", "1"},
                      {"creationTimestamp", rfc3339(created)}}},
                    {"spec", spec},
                    {"status", status}};
        return decode(Type::Added, k8s::ObjectKind::Pod, "pods/pipeline/" + name, doc);
    }
    Delta pytorch(const std::string &name, const std::string &condition, Type type = Type::Added,
                  const std::string &rv = "1") {
        json doc = {
            {"apiVersion", "kubeflow.org/v1"},
            {"kind", "PyTorchJob"},
            {"metadata",
             {{"name", name},
              {"namespace", "pipeline"},
              {"resourceVersion", rv},
              {"creationTimestamp", "2026-01-01T00:00:00Z"}}},
            {"spec", {{"pytorchReplicaSpecs", {{"Worker", {{"replicas", 1}}}}}}},
            {"status",
             {{"conditions", json::array({{{"type", condition},
                                           {"status", "True"},
                                           {"lastTransitionTime", "2026-01-01T00:00:00Z"}}})}}}};
        return decode(type, k8s::ObjectKind::CustomResource,
                      "pytorchjobs.kubeflow.org/pipeline/" + name, doc);
    }
    /// busy-1..3 at 7 of 8 cores, idle-1..4 empty but idle-1 (1 core).
    std::vector<Delta> busyAndIdle() {
        std::vector<Delta> d;
        for (int i = 1; i <= 4; ++i) {
            const std::string n = std::to_string(i);
            d.push_back(node("idle-" + n, "idle"));
            if (i == 4)
                break;
            d.push_back(node("busy-" + n, "busy"));
            d.push_back(pod("train-" + n, "busy-" + n, "7"));
        }
        d.push_back(pod("nb", "idle-1", "1"));
        return d;
    }
};

QStringList childNames(const QAbstractItemModel &m, const QModelIndex &parent) {
    QStringList out;
    for (int r = 0; r < m.rowCount(parent); ++r)
        out << m.index(r, 0, parent).data(models::NodeNameRole).toString() +
                   (m.index(r, 0, parent).data(models::BalanceGhostRole).isValid()
                        ? QStringLiteral("(ghost)")
                        : QString());
    return out;
}

} // namespace

void BalanceModelsTest::suggestionBecomesGhostCardsInTheTargetColumn() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas(f.busyAndIdle());
    models::OrgBoardModel board(&f.hub);
    QAbstractItemModelTester tester(&board, QAbstractItemModelTester::FailureReportingMode::Fatal);
    board.setCluster(c);
    models::BalanceAdvisor advisor(&f.hub);
    advisor.setClock([] { return kNow; });
    QSignalSpy changed(&advisor, &models::BalanceAdvisor::suggestionChanged);

    const auto &result = advisor.suggest(QStringLiteral("dev"), 3);
    QCOMPARE(changed.count(), 1);
    // idle-2, then idle-3; then idle has 2 nodes and takes no part.
    QCOMPARE(result.moves.size(), std::size_t(2));
    const auto ghosts = advisor.ghosts(QStringLiteral("dev"));
    QCOMPARE(ghosts.size(), 2);
    QCOMPARE(ghosts[0].node, QStringLiteral("idle-2"));
    QCOMPARE(ghosts[0].toOrg, QStringLiteral("busy"));
    QCOMPARE(ghosts[0].numbers, QStringLiteral("CPU: busy 87.5 % → 65.6 %"));
    QCOMPARE(ghosts[1].headline, QStringLiteral("run 2 · from idle"));
    QCOMPARE(ghosts[0].card.cpu.total, 8.0);
    QVERIFY2(ghosts[0].reason.contains(QStringLiteral("idle at 3.1 % (1/32 cores, 4 node(s))")),
             qPrintable(ghosts[0].reason));
    QVERIFY(advisor.summary(QStringLiteral("dev")).contains(QStringLiteral("idle-2")));

    QSignalSpy inserted(&board, &QAbstractItemModel::rowsInserted);
    board.setGhosts(ghosts);
    const QModelIndex busy = board.orgIndex(QStringLiteral("busy"));
    QCOMPARE(
        childNames(board, busy),
        (QStringList{QStringLiteral("busy-1"), QStringLiteral("busy-2"), QStringLiteral("busy-3"),
                     QStringLiteral("idle-2(ghost)"), QStringLiteral("idle-3(ghost)")}));
    QCOMPARE(inserted.count(), 2);
    QCOMPARE(inserted[0][0].value<QModelIndex>(), busy);
    QCOMPARE(inserted[0][1].toInt(), 3);
    QCOMPARE(board.ghostCount(), 2);
    // The real card stays where it is and is still the one nodeIndex finds.
    QCOMPARE(board.nodeIndex(QStringLiteral("idle-2")).parent(),
             board.orgIndex(QStringLiteral("idle")));
    const QModelIndex ghost = board.index(3, 0, busy);
    QVERIFY(!(board.flags(ghost) & Qt::ItemIsSelectable));
    QVERIFY(!(board.flags(ghost) & Qt::ItemIsDragEnabled));
    QVERIFY(ghost.data(Qt::ToolTipRole).toString().contains(QStringLiteral("run 1")));

    QSignalSpy removed(&board, &QAbstractItemModel::rowsRemoved);
    board.clearGhosts();
    QCOMPARE(removed.count(), 1);
    QCOMPARE(board.ghostCount(), 0);
    QCOMPARE(board.rowCount(busy), 3);
}

void BalanceModelsTest::ghostLeavesWhenTheNodeArrives() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas(f.busyAndIdle());
    models::OrgBoardModel board(&f.hub);
    QAbstractItemModelTester tester(&board, QAbstractItemModelTester::FailureReportingMode::Fatal);
    board.setCluster(c);
    models::BalanceAdvisor advisor(&f.hub);
    advisor.setClock([] { return kNow; });
    advisor.suggest(QStringLiteral("dev"), 1);
    board.setGhosts(advisor.ghosts(QStringLiteral("dev")));
    QCOMPARE(board.ghostCount(), 1);

    // The watch shows idle-2 labelled org=busy: the card moves, the ghost goes.
    c->applyDeltas({f.node("idle-2", "busy", true, Type::Updated, "2")});
    const QModelIndex busy = board.orgIndex(QStringLiteral("busy"));
    QCOMPARE(childNames(board, busy),
             (QStringList{QStringLiteral("busy-1"), QStringLiteral("busy-2"),
                          QStringLiteral("busy-3"), QStringLiteral("idle-2")}));
    QCOMPARE(board.ghostCount(), 0);
    // The next suggestion starts from the new board.
    const auto &next = advisor.suggest(QStringLiteral("dev"), 1);
    QCOMPARE(next.moves.size(), std::size_t(1));
    QCOMPARE(next.moves[0].node, std::string("idle-3"));
}

void BalanceModelsTest::auditRowsAppendAndTakeResults() {
    models::WriteAuditModel audit;
    QAbstractItemModelTester tester(&audit, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy changed(&audit, &QAbstractItemModel::dataChanged);
    const QDateTime t = QDateTime::fromSecsSinceEpoch(kNow, Qt::UTC);
    QCOMPARE(audit.record({t,
                           QStringLiteral("dev"),
                           QStringLiteral("idle-2"),
                           QStringLiteral("idle"),
                           QStringLiteral("busy"),
                           models::WriteAuditModel::Mode::Auto,
                           QStringLiteral("gap"),
                           {}}),
             models::WriteAuditModel::Id(1));
    QCOMPARE(audit.index(0, models::WriteAuditModel::ResultColumn).data().toString(),
             QStringLiteral("sent…"));
    QCOMPARE(audit.index(0, models::WriteAuditModel::ModeColumn).data().toString(),
             QStringLiteral("auto-balance"));
    audit.setResult(1, QStringLiteral("done"));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(audit.index(0, models::WriteAuditModel::ResultColumn).data().toString(),
             QStringLiteral("done"));
    QCOMPARE(audit.rowCount(), 1);
}

void BalanceModelsTest::auditKeepsTheNewestRowsOnly() {
    const std::size_t maxRows = 200; // the model tester re-checks every row: keep it small
    models::WriteAuditModel audit(nullptr, maxRows);
    QAbstractItemModelTester tester(&audit, QAbstractItemModelTester::FailureReportingMode::Fatal);
    const QDateTime t = QDateTime::fromSecsSinceEpoch(kNow, Qt::UTC);
    const auto entry = [&](int i) {
        return models::WriteAuditModel::Entry{t,
                                              QStringLiteral("dev"),
                                              QStringLiteral("node-%1").arg(i),
                                              QStringLiteral("a"),
                                              QStringLiteral("b"),
                                              models::WriteAuditModel::Mode::Auto,
                                              {},
                                              {}};
    };
    const auto first = audit.record(entry(0));
    models::WriteAuditModel::Id last = 0;
    const int total = static_cast<int>(maxRows) + 25;
    for (int i = 1; i < total; ++i)
        last = audit.record(entry(i));
    QCOMPARE(audit.rowCount(), int(maxRows));
    QCOMPARE(audit.entry(0).target, QStringLiteral("node-25"));
    QVERIFY(audit.find(first) == nullptr);
    audit.setResult(first, QStringLiteral("done")); // dropped: nothing happens
    audit.setResult(last, QStringLiteral("done"));
    QCOMPARE(audit.find(last)->target, QStringLiteral("node-%1").arg(total - 1));
    QCOMPARE(
        audit.index(audit.rowCount() - 1, models::WriteAuditModel::ResultColumn).data().toString(),
        QStringLiteral("done"));
}

void BalanceModelsTest::pendingPodsAreGroupedPerOrgAfterFiveMinutes() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas({f.node("n1", "vision"), f.pod("a", "", "4", "vision", kNow - 600),
                    f.pod("b", "", "4", "vision", kNow - 400),
                    f.pod("young", "", "4", "vision", kNow - 100),
                    f.pod("s", "", "4", "speech", kNow - 900)});
    models::NotificationModel n(&f.hub);
    QAbstractItemModelTester tester(&n, QAbstractItemModelTester::FailureReportingMode::Fatal);
    qint64 now = kNow;
    n.setClock([&now] { return now; });
    QSignalSpy posted(&n, &models::NotificationModel::posted);
    n.checkPending();
    QCOMPARE(n.rowCount(), 2);
    QCOMPARE(posted.count(), 2);
    int vision = n.entry(0).subject == QStringLiteral("vision") ? 0 : 1;
    QCOMPARE(n.entry(vision).count, 2);
    QCOMPARE(n.entry(vision).title, QStringLiteral("2 pod(s) pending over 5 minutes in vision"));
    QVERIFY(n.entry(vision).text.contains(QStringLiteral("pipeline/a")));

    n.checkPending(); // nothing new: no row, no post
    QCOMPARE(n.rowCount(), 2);
    QCOMPARE(posted.count(), 2);

    now = kNow + 250; // "young" crosses 5 minutes: the vision row counts 3, one more post
    n.checkPending();
    QCOMPARE(n.rowCount(), 2);
    QCOMPARE(posted.count(), 3);
    vision = n.entry(0).subject == QStringLiteral("vision") ? 0 : 1;
    QCOMPARE(n.entry(vision).count, 3);
    QCOMPARE(n.index(vision).data(models::NotificationModel::KindRole).toInt(),
             int(models::NotificationModel::Kind::PendingPods));

    // The store keeps its pending pods as they change (checkPending walks only those): a pod
    // that was bound or deleted leaves, the rest stay oldest first.
    auto bound = f.pod("a", "n1", "4", "vision", kNow - 600);
    bound.type = Type::Updated;
    auto gone = f.pod("s", "", "4", "speech", kNow - 900);
    gone.type = Type::Deleted;
    c->applyDeltas({bound, gone});
    QStringList pending;
    for (const auto &pod : c->store().pendingPods())
        pending << QString::fromUtf8(pod->name().data(),
                                     static_cast<qsizetype>(pod->name().size()));
    QCOMPARE(pending, (QStringList{QStringLiteral("b"), QStringLiteral("young")}));
    auto again = f.pod("a", "", "4", "vision", kNow - 600);
    again.type = Type::Updated; // unbound again (a rescheduled pod keeps its name)
    c->applyDeltas({again});
    QCOMPARE(c->store().pendingPods().size(), std::size_t{3});
}

void BalanceModelsTest::notReadyNodesAndFailedJobsAreReportedOnce() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    models::NotificationModel n(&f.hub);
    QAbstractItemModelTester tester(&n, QAbstractItemModelTester::FailureReportingMode::Fatal);
    n.setClock([] { return kNow; });
    QSignalSpy posted(&n, &models::NotificationModel::posted);
    c->applyDeltas({f.node("n1", "vision"), f.node("n2", "vision", false),
                    f.pytorch("ok", "Running"), f.pytorch("bad", "Failed")});
    QCOMPARE(n.rowCount(), 2);
    QStringList titles{n.entry(0).title, n.entry(1).title};
    titles.sort();
    QCOMPARE(titles, (QStringList{QStringLiteral("Job bad failed"),
                                  QStringLiteral("Node n2 is NotReady")}));
    // The connection never synced: already-true facts go to the list, not the desktop.
    QCOMPARE(posted.count(), 0);

    c->applyDeltas({f.node("n2", "vision", false, Type::Updated, "2"),
                    f.pytorch("bad", "Failed", Type::Updated, "2")});
    QCOMPARE(n.rowCount(), 2); // still down, still failed: nothing new
    c->applyDeltas({f.node("n1", "vision", false, Type::Updated, "3")});
    QCOMPARE(n.rowCount(), 3);
    QCOMPARE(n.entry(0).title, QStringLiteral("Node n1 is NotReady"));
    QCOMPARE(n.entry(0).subject, QStringLiteral("n1"));
    QVERIFY(n.entry(0).text.contains(QStringLiteral("kubelet stopped")));

    n.addMoveApplied(QStringLiteral("dev"), QStringLiteral("idle-2"), QStringLiteral("idle"),
                     QStringLiteral("busy"), QStringLiteral("auto-balance"));
    QCOMPARE(n.rowCount(), 4);
    QCOMPARE(posted.count(), 1);
    QCOMPARE(n.entry(0).title, QStringLiteral("Node idle-2 moved to busy"));

    // Hours of auto-balance: the list keeps the newest notifications only.
    const int more = static_cast<int>(models::NotificationModel::kMaxEntries) + 10;
    for (int i = 0; i < more; ++i)
        n.addMoveApplied(QStringLiteral("dev"), QStringLiteral("node-%1").arg(i),
                         QStringLiteral("idle"), QStringLiteral("busy"),
                         QStringLiteral("auto-balance"));
    QCOMPARE(n.rowCount(), int(models::NotificationModel::kMaxEntries));
    QCOMPARE(n.entry(0).title, QStringLiteral("Node node-%1 moved to busy").arg(more - 1));
}

// The pending-pod rule takes the least-loaded Ready, schedulable node; the gap rule the
// least-loaded node whatever its state (the platform's choice): the sentence says which.
void BalanceModelsTest::explanationNamesTheRuleThatChoseTheNode() {
    k8s::RebalancePlanner::Move move;
    move.node = "idle-2";
    move.nodeUsed = 1;
    move.nodeAllocatable = 8;
    move.fromOrg = "idle";
    move.toOrg = "busy";
    move.reason = k8s::RebalancePlanner::Reason::Balance;
    const QString gap = models::BalanceAdvisor::explain(move);
    QVERIFY2(gap.contains(QStringLiteral("its least-loaded node idle-2 (1/8 cores) moves to busy")),
             qPrintable(gap));
    move.reason = k8s::RebalancePlanner::Reason::PendingPod;
    move.pendingPod = "pipeline/train-1";
    move.pendingSeconds = 600;
    const QString pending = models::BalanceAdvisor::explain(move);
    QVERIFY2(pending.contains(QStringLiteral("its least-loaded usable node")), qPrintable(pending));
    QVERIFY(!gap.contains(QStringLiteral("usable")));
}

QTEST_GUILESS_MAIN(BalanceModelsTest)
#include "balancemodels_test.moc"
