// The overview and pending-pods models fed by delta batches: RunningPodModel, PendingPodModel,
// EventStreamModel and OverviewAggregator under QAbstractItemModelTester (Fatal), with the exact
// signal sequences of an initial load, churn, deletions and removed clusters
// (docs/threads-and-data-flow.md), the 5-minute pending threshold on an injected clock, the
// scheduler-message summaries and the filter boxes' predicates.

#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/stringpool.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/eventstreamfilter.h"
#include "models/eventstreammodel.h"
#include "models/modelroles.h"
#include "models/overviewaggregator.h"
#include "models/pendingpodmodel.h"
#include "models/pendingpodreason.h"
#include "models/runningpodfilter.h"
#include "models/runningpodmodel.h"
#include "models/runningpodorder.h"
#include "models/sortfilterindex.h"
#include "tests/support/modelfixture.h"

#include <QAbstractItemModelTester>
#include <QDateTime>
#include <QFont>
#include <QSignalSpy>
#include <QTest>

#include <random>

using namespace cubedesk;
using models::ClusterConnection;
using Delta = k8s::ClusterSession::Delta;
using Type = k8s::DeltaBuffer<k8s::ObjectPtr>::Type;

// Declared before the fixtures: moc does not follow the raw string literals below.
class OverviewModelsTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void runningPodsInitialLoadIsOneInsertRun();
    void runningPodsChurn();
    void runningPodsDeletionsAreRemovalRuns();
    void runningPodsClusterRemoved();
    void runningPodsLoadInSlicesWhileTheClusterChanges();
    void runningPodsSortAndFilter();
    void runningPodFilterSyntax();
    void runningPodOrderLabelsFollowTheOrder();
    void runningPodOrderRelabelsWhenAGapIsFull();
    void pendingPodsAppearWhenTheyCrossFiveMinutes();
    void pendingPodsLeaveAndGroupsEmpty();
    void pendingPodsGroupByClusterAndOrg();
    void pendingPodReasonSummaries_data();
    void pendingPodReasonSummaries();
    void eventStreamNewestFirstInRuns();
    void eventStreamUpdatesInPlaceOrMoveToTop();
    void eventStreamIsBounded();
    void eventStreamFilter();
    void overviewAggregatorThrottlesAndFollowsScope();
};

namespace {

constexpr qint64 kNow = 1794477600; // 2026-11-12T10:00:00Z

QString rfc3339(qint64 t) {
    return QDateTime::fromSecsSinceEpoch(t, Qt::UTC).toString(Qt::ISODate);
}

struct PodSpec {
    std::string name;
    std::string node; ///< "" = unbound
    std::string phase = "Running";
    std::string org = "vision"; ///< nodeSelector org ("" = none)
    std::string cpu = "4";      ///< request ("" = none)
    std::string cpuLimit;       ///< "" = none
    std::string memory = "16Gi";
    int gpus = 0;
    qint64 created = kNow - 3600;
    std::string scheduled; ///< PodScheduled status ("" = no condition)
    std::string message;   ///< its message
    std::string user = "alice";
    std::string project = "vision-det";
    std::string ns = "pipeline";
    std::string rv = "2";
};

class Fixture : public test::ModelFixture {
public:
    Delta node(const std::string &name, const std::string &org, int gpus = 8,
               const std::string &gpuType = "A100") {
        const std::string json =
            R"({"metadata":{"name":")" + name + R"(","resourceVersion":"1","labels":{"org":")" +
            org + R"(","gpu-type":")" + gpuType +
            R"("}},"status":{"allocatable":{"cpu":"64","memory":"256Gi","nvidia.com/gpu":")" +
            std::to_string(gpus) + R"("},"conditions":[{"type":"Ready","status":"True"}]}})";
        return decode(Type::Added, k8s::ObjectKind::Node, "nodes//" + name, json);
    }
    Delta pod(const PodSpec &p, Type type = Type::Added) {
        std::string requests;
        const auto add = [](std::string &into, const std::string &k, const std::string &v) {
            into += (into.empty() ? "" : ",") + ('"' + k + R"(":")" + v + '"');
        };
        if (!p.cpu.empty())
            add(requests, "cpu", p.cpu);
        if (!p.memory.empty())
            add(requests, "memory", p.memory);
        if (p.gpus > 0)
            add(requests, "nvidia.com/gpu", std::to_string(p.gpus));
        std::string limits;
        if (!p.cpuLimit.empty())
            add(limits, "cpu", p.cpuLimit);
        std::string spec = "{";
        if (!p.org.empty())
            spec += R"("nodeSelector":{"org":")" + p.org + R"("},)";
        if (!p.node.empty())
            spec += R"("nodeName":")" + p.node + R"(",)";
        spec += R"("containers":[{"name":"c","resources":{"requests":{)" + requests +
                R"(},"limits":{)" + limits + "}}}]}";
        std::string status = R"({"phase":")" + p.phase + '"';
        if (!p.scheduled.empty())
            status += R"(,"conditions":[{"type":"PodScheduled","status":")" + p.scheduled +
                      R"(","reason":"Unschedulable","message":")" + p.message + R"("}])";
        if (p.phase == "Running")
            status += R"(,"startTime":")" + rfc3339(p.created + 5).toStdString() + '"';
        status += '}';
        const std::string json = R"({"metadata":{"name":")" + p.name + R"(","namespace":")" + p.ns +
                                 R"(","resourceVersion":")" + p.rv + R"(","creationTimestamp":")" +
                                 rfc3339(p.created).toStdString() +
                                 R"(","labels":{"run-username":")" + p.user +
                                 R"("},"annotations":{"project":")" + p.project + R"("}},"spec":)" +
                                 spec + R"(,"status":)" + status + "}";
        return decode(type, k8s::ObjectKind::Pod, "pods/" + p.ns + '/' + p.name, json);
    }
    Delta podDeleted(const PodSpec &p) { return pod(p, Type::Deleted); }
    Delta event(const std::string &name, const std::string &type, const std::string &reason,
                const std::string &object, qint64 last, int count = 1, Type delta = Type::Added) {
        const std::string json =
            R"({"metadata":{"name":")" + name +
            R"(","namespace":"pipeline"},"involvedObject":{"kind":"Pod","namespace":"pipeline",)"
            R"("name":")" +
            object + R"("},"reason":")" + reason + R"(","message":")" + reason + " of " + object +
            R"(","source":{"component":"default-scheduler"},"firstTimestamp":")" +
            rfc3339(last - 60).toStdString() + R"(","lastTimestamp":")" +
            rfc3339(last).toStdString() + R"(","count":)" + std::to_string(count) + R"(,"type":")" +
            type + R"("})";
        return decode(delta, k8s::ObjectKind::Event, "events/pipeline/" + name, json);
    }

private:
};

/// Every structural and data signal of a model, in order, as short strings:
/// "ins(root,0,2)", "rem(3,1,1)" (parent row 3), "chg(4-5)", "reset", "layout".
class Recorder {
public:
    explicit Recorder(QAbstractItemModel *m) {
        const auto parent = [](const QModelIndex &p) {
            return p.isValid() ? QString::number(p.row()) : QStringLiteral("root");
        };
        QObject::connect(
            m, &QAbstractItemModel::rowsInserted, &m_context,
            [this, parent](const QModelIndex &p, int first, int last) {
                events << QStringLiteral("ins(%1,%2,%3)").arg(parent(p)).arg(first).arg(last);
            });
        QObject::connect(
            m, &QAbstractItemModel::rowsRemoved, &m_context,
            [this, parent](const QModelIndex &p, int first, int last) {
                events << QStringLiteral("rem(%1,%2,%3)").arg(parent(p)).arg(first).arg(last);
            });
        QObject::connect(m, &QAbstractItemModel::dataChanged, &m_context,
                         [this](const QModelIndex &a, const QModelIndex &b) {
                             QString s = QStringLiteral("chg(%1-%2)").arg(a.row()).arg(b.row());
                             if (a.parent().isValid())
                                 s = QStringLiteral("chg(%1:%2-%3)")
                                         .arg(a.parent().row())
                                         .arg(a.row())
                                         .arg(b.row());
                             events << s;
                         });
        QObject::connect(m, &QAbstractItemModel::modelReset, &m_context,
                         [this] { events << QStringLiteral("reset"); });
        QObject::connect(m, &QAbstractItemModel::layoutChanged, &m_context,
                         [this] { events << QStringLiteral("layout"); });
    }
    QStringList take() {
        QStringList out = events;
        events.clear();
        return out;
    }
    QStringList events;

private:
    QObject m_context;
};

QStringList column(const QAbstractItemModel &m, int c, const QModelIndex &parent = {}) {
    QStringList out;
    for (int r = 0; r < m.rowCount(parent); ++r)
        out << m.index(r, c, parent).data().toString();
    return out;
}

PodSpec running(const std::string &name, const std::string &node, int gpus = 0) {
    PodSpec p;
    p.name = name;
    p.node = node;
    p.gpus = gpus;
    return p;
}

PodSpec pending(const std::string &name, qint64 created, const std::string &org = "vision") {
    PodSpec p;
    p.name = name;
    p.phase = "Pending";
    p.org = org;
    p.created = created;
    p.gpus = 4;
    p.scheduled = "False";
    p.message = "0/40 nodes are available: 3 Insufficient nvidia.com/gpu, 37 node(s) didn't "
                "match Pod's node affinity/selector. preemption: 0/40 nodes are available: 3 No "
                "preemption victims found for incoming pod, 37 Preemption is not helpful for "
                "scheduling.";
    return p;
}

} // namespace

// --- RunningPodModel ---------------------------------------------------------------------------

void OverviewModelsTest::runningPodsInitialLoadIsOneInsertRun() {
    Fixture f;
    models::RunningPodModel model(&f.hub);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    Recorder rec(&model);
    auto *c = f.cluster(QStringLiteral("dev"));
    PodSpec boundPending = running("bound-pending", "gpu-1", 2);
    boundPending.phase = "Pending";
    PodSpec scheduledUnbound = running("scheduled-unbound", "");
    scheduledUnbound.phase = "Pending";
    scheduledUnbound.scheduled = "True";
    PodSpec done = running("done", "gpu-1", 8);
    done.phase = "Succeeded";
    PodSpec notebook = running("notebook", "gpu-2");
    notebook.cpu = "0";
    notebook.cpuLimit = "8";
    notebook.memory = "1G";
    notebook.org = "";
    notebook.user = "bob";
    notebook.project = "public-demo";
    c->applyDeltas({f.node("gpu-1", "vision"), f.node("gpu-2", "public"),
                    f.pod(running("train", "gpu-1", 4)), f.pod(boundPending),
                    f.pod(scheduledUnbound), f.pod(done), f.pod(pending("waiting", kNow - 600)),
                    f.pod(notebook)});
    QCOMPARE(rec.take(), QStringList{QStringLiteral("ins(root,0,3)")});
    QCOMPARE(model.rowCount(), 4);
    const int train = model.rowOf(c, "pipeline/train");
    QVERIFY(train >= 0);
    using M = models::RunningPodModel;
    const auto cell = [&](int row, int col) { return model.index(row, col).data().toString(); };
    QCOMPARE(cell(train, M::ClusterColumn), QStringLiteral("dev"));
    QCOMPARE(cell(train, M::ProjectColumn), QStringLiteral("vision-det"));
    QCOMPARE(cell(train, M::OrgColumn), QStringLiteral("vision"));
    QCOMPARE(cell(train, M::NamespaceColumn), QStringLiteral("pipeline"));
    QCOMPARE(cell(train, M::PodColumn), QStringLiteral("train"));
    QCOMPARE(cell(train, M::UserColumn), QStringLiteral("alice"));
    QCOMPARE(cell(train, M::NodeColumn), QStringLiteral("gpu-1"));
    QCOMPARE(cell(train, M::CpuColumn), QStringLiteral("4"));
    QCOMPARE(cell(train, M::MemoryColumn), QStringLiteral("16 Gi"));
    QCOMPARE(cell(train, M::GpusColumn), QStringLiteral("4"));
    QCOMPARE(cell(train, M::StartColumn), QDateTime::fromSecsSinceEpoch(kNow - 3600 + 5)
                                              .toString(QStringLiteral("yyyy-MM-dd HH:mm")));
    QVERIFY(model.rowOf(c, "pipeline/bound-pending") >= 0);
    QVERIFY(model.rowOf(c, "pipeline/scheduled-unbound") >= 0);
    QCOMPARE(model.rowOf(c, "pipeline/done"), -1);
    QCOMPARE(model.rowOf(c, "pipeline/waiting"), -1);
    // The notebook requests no CPU: its limit is shown, marked; 1G is 10^9 bytes, not 2^30.
    const int nb = model.rowOf(c, "pipeline/notebook");
    QCOMPARE(cell(nb, M::CpuColumn), QStringLiteral("8"));
    QVERIFY(model.row(nb).cpuFromLimit);
    QVERIFY(model.index(nb, M::CpuColumn).data(Qt::FontRole).value<QFont>().italic());
    QCOMPARE(cell(nb, M::MemoryColumn), QStringLiteral("953.7 Mi"));
    QCOMPARE(model.row(nb).memoryBytes, 1000000000LL);
    QCOMPARE(cell(nb, M::OrgColumn), QString());
    QCOMPARE(model.index(nb, M::MemoryColumn).data(models::RawValueRole).toLongLong(),
             1000000000LL);
}

void OverviewModelsTest::runningPodsChurn() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas({f.node("gpu-1", "vision"), f.pod(running("a", "gpu-1")),
                    f.pod(running("b", "gpu-1")), f.pod(running("c", "gpu-1"))});
    models::RunningPodModel model(&f.hub);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QCOMPARE(model.rowCount(), 3);
    Recorder rec(&model);
    // A heartbeat (new resourceVersion, nothing shown changed): no signal at all.
    PodSpec b = running("b", "gpu-1");
    b.rv = "3";
    c->applyDeltas({f.pod(b, Type::Updated)});
    QCOMPARE(rec.take(), QStringList());
    // What is shown changed: one dataChanged over that row.
    b.rv = "4";
    b.gpus = 2;
    c->applyDeltas({f.pod(b, Type::Updated)});
    const int rowB = model.rowOf(c, "pipeline/b");
    QCOMPARE(rec.take(), QStringList{QStringLiteral("chg(%1-%1)").arg(rowB)});
    QCOMPARE(model.index(rowB, models::RunningPodModel::GpusColumn).data().toString(),
             QStringLiteral("2"));
    // Finished: no longer holds resources → removed; a new pod → appended.
    const int rowA = model.rowOf(c, "pipeline/a");
    QStringList expected = column(model, models::RunningPodModel::PodColumn);
    expected.removeAt(rowA);
    expected << QStringLiteral("d");
    PodSpec a = running("a", "gpu-1");
    a.phase = "Succeeded";
    a.rv = "5";
    c->applyDeltas({f.pod(a, Type::Updated), f.pod(running("d", "gpu-1"))});
    QCOMPARE(rec.take(), (QStringList{QStringLiteral("rem(root,%1,%1)").arg(rowA),
                                      QStringLiteral("ins(root,2,2)")}));
    QCOMPARE(column(model, models::RunningPodModel::PodColumn), expected);
    QCOMPARE(model.rowOf(c, "pipeline/d"), 2);
    QCOMPARE(model.rowOf(c, "pipeline/a"), -1);
    // A pending pod that gets bound and runs enters the table.
    PodSpec w = pending("w", kNow - 60);
    c->applyDeltas({f.pod(w)});
    QCOMPARE(rec.take(), QStringList());
    w.node = "gpu-1";
    w.phase = "Running";
    w.rv = "9";
    c->applyDeltas({f.pod(w, Type::Updated)});
    QCOMPARE(rec.take(), QStringList{QStringLiteral("ins(root,3,3)")});
}

void OverviewModelsTest::runningPodsDeletionsAreRemovalRuns() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    std::vector<Delta> initial{f.node("n", "public")};
    for (const char *n : {"p0", "p1", "p2", "p3", "p4", "p5"})
        initial.push_back(f.pod(running(n, "n")));
    c->applyDeltas(std::move(initial));
    models::RunningPodModel model(&f.hub);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QCOMPARE(column(model, models::RunningPodModel::PodColumn).size(), 6);
    const QStringList before = column(model, models::RunningPodModel::PodColumn);
    Recorder rec(&model);
    // Delete the pods on rows 1, 2 and 4 (whatever their names are), in one batch.
    std::vector<Delta> deletions;
    for (int r : {4, 1, 2})
        deletions.push_back(f.podDeleted(running(before[r].toStdString(), "n")));
    c->applyDeltas(std::move(deletions));
    QCOMPARE(rec.take(),
             (QStringList{QStringLiteral("rem(root,4,4)"), QStringLiteral("rem(root,1,2)")}));
    QCOMPARE(column(model, models::RunningPodModel::PodColumn),
             (QStringList{before[0], before[3], before[5]}));
    for (int r = 0; r < model.rowCount(); ++r)
        QCOMPARE(model.rowOf(c, "pipeline/" + model.index(r, models::RunningPodModel::PodColumn)
                                                  .data()
                                                  .toString()
                                                  .toStdString()),
                 r);
    // Slots are reused: new pods index correctly.
    c->applyDeltas({f.pod(running("q1", "n")), f.pod(running("q2", "n"))});
    QCOMPARE(rec.take(), QStringList{QStringLiteral("ins(root,3,4)")});
    QCOMPARE(model.rowOf(c, "pipeline/q2"), 4);
}

// InitialLoad::InSlices (the Overview opened over a big cluster): the constructor takes one
// slice, each event-loop turn the next; pods deleted, changed or added meanwhile end up exactly as
// the store has them — no pod twice, none missing, none that is gone.
void OverviewModelsTest::runningPodsLoadInSlicesWhileTheClusterChanges() {
    using M = models::RunningPodModel;
    constexpr int kPods = static_cast<int>(M::kLoadSlice) * 2 + 500;
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    std::vector<Delta> initial{f.node("n", "public")};
    for (int i = 0; i < kPods; ++i)
        initial.push_back(f.pod(running("p" + std::to_string(i), "n")));
    c->applyDeltas(std::move(initial));
    M model(&f.hub, nullptr, M::InitialLoad::InSlices);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy loaded(&model, &M::loaded);
    QCOMPARE(model.rowCount(), static_cast<int>(M::kLoadSlice));
    QVERIFY(model.loading());
    // Two pods the first slice did not take: one is deleted, one moves to another node.
    std::vector<std::string> notYet;
    for (int i = 0; i < kPods && notYet.size() < 2; ++i)
        if (model.rowOf(c, "pipeline/p" + std::to_string(i)) < 0)
            notYet.push_back("p" + std::to_string(i));
    QCOMPARE(notYet.size(), std::size_t{2});
    c->applyDeltas({f.node("m", "public"), f.podDeleted(running(notYet[0], "n")),
                    f.pod(running(notYet[1], "m"), Type::Updated), f.pod(running("fresh", "n"))});
    QVERIFY(model.loading());
    QTRY_COMPARE(loaded.count(), 1);
    QVERIFY(!model.loading());
    QCOMPARE(model.rowCount(), kPods); // one gone, one new
    QCOMPARE(model.rowOf(c, "pipeline/" + notYet[0]), -1);
    const int moved = model.rowOf(c, "pipeline/" + notYet[1]);
    QVERIFY(moved >= 0);
    QCOMPARE(model.index(moved, M::NodeColumn).data().toString(), QStringLiteral("m"));
    QVERIFY(model.rowOf(c, "pipeline/fresh") >= 0);
    QSet<QString> names;
    for (int r = 0; r < model.rowCount(); ++r)
        names.insert(model.index(r, M::PodColumn).data().toString());
    QCOMPARE(names.size(), kPods);
}

void OverviewModelsTest::runningPodsClusterRemoved() {
    Fixture f;
    auto *a = f.cluster(QStringLiteral("a"));
    auto *b = f.cluster(QStringLiteral("b"));
    models::RunningPodModel model(&f.hub);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    a->applyDeltas({f.node("n", "v"), f.pod(running("x", "n")), f.pod(running("y", "n"))});
    b->applyDeltas({f.node("n", "v"), f.pod(running("x", "n"))});
    a->applyDeltas({f.pod(running("z", "n"))});
    QCOMPARE(model.rowCount(), 4);
    Recorder rec(&model);
    f.hub.removeCluster(a);
    QCOMPARE(rec.take(),
             (QStringList{QStringLiteral("rem(root,3,3)"), QStringLiteral("rem(root,0,1)")}));
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.rowOf(b, "pipeline/x"), 0);
    QCOMPARE(model.index(0, models::RunningPodModel::ClusterColumn).data().toString(),
             QStringLiteral("b"));
}

void OverviewModelsTest::runningPodsSortAndFilter() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    PodSpec small = running("small", "n", 0);
    small.cpu = "500m";
    small.user = "Zed";
    PodSpec big = running("big", "n", 8);
    big.cpu = "32";
    big.org = "speech";
    PodSpec mid = running("mid", "n", 1);
    mid.cpu = "2";
    c->applyDeltas({f.node("n", "vision"), f.pod(small), f.pod(big), f.pod(mid)});
    models::RunningPodModel model(&f.hub);
    models::SortFilterIndex proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    using M = models::RunningPodModel;
    proxy.sort(M::CpuColumn, Qt::DescendingOrder);
    QCOMPARE(column(proxy, M::PodColumn),
             (QStringList{QStringLiteral("big"), QStringLiteral("mid"), QStringLiteral("small")}));
    proxy.sort(M::PodColumn, Qt::AscendingOrder);
    QCOMPARE(column(proxy, M::PodColumn),
             (QStringList{QStringLiteral("big"), QStringLiteral("mid"), QStringLiteral("small")}));
    proxy.sort(M::UserColumn, Qt::DescendingOrder); // folded: "zed" after "alice"
    QCOMPARE(proxy.index(0, M::UserColumn).data().toString(), QStringLiteral("Zed"));
    const auto apply = [&](const QString &text) {
        const auto filter =
            std::make_shared<models::RunningPodFilter>(models::RunningPodFilter::parse(text));
        proxy.setFilter([&model, filter](int row) { return filter->matches(model.row(row)); });
        QStringList names = column(proxy, M::PodColumn);
        names.sort();
        return names;
    };
    QCOMPARE(apply(QStringLiteral("gpus>0")),
             (QStringList{QStringLiteral("big"), QStringLiteral("mid")}));
    QCOMPARE(apply(QStringLiteral("org=vision, gpus>0")), QStringList{QStringLiteral("mid")});
    QCOMPARE(apply(QStringLiteral("cpu<=2")),
             (QStringList{QStringLiteral("mid"), QStringLiteral("small")}));
    QCOMPARE(apply(QStringLiteral("user=zed")), QStringList{QStringLiteral("small")});
    QCOMPARE(apply(QStringLiteral("SPEECH")), QStringList{QStringLiteral("big")});
    QCOMPARE(apply(QStringLiteral("org!=speech, ma")), QStringList{QStringLiteral("small")});
    QCOMPARE(apply(QString()).size(), 3);
}

void OverviewModelsTest::runningPodFilterSyntax() {
    QVERIFY(models::RunningPodFilter::parse(QString()).isEmpty());
    QVERIFY(models::RunningPodFilter::parse(QStringLiteral("org=a, b")).error().isEmpty());
    QVERIFY(!models::RunningPodFilter::parse(QStringLiteral("colour=red")).error().isEmpty());
    QVERIFY(!models::RunningPodFilter::parse(QStringLiteral("gpus>many")).error().isEmpty());
    QVERIFY(!models::RunningPodFilter::parse(QStringLiteral("user>alice")).error().isEmpty());
}

// --- RunningPodOrder -----------------------------------------------------------------------------

namespace {

/// The labels of the present ids increase strictly in (value, id) order.
bool labelsFollow(const models::RunningPodOrder &order, const std::vector<int> &values,
                  const std::vector<std::uint32_t> &present) {
    std::vector<std::uint32_t> ids = present;
    std::sort(ids.begin(), ids.end(), [&](std::uint32_t a, std::uint32_t b) {
        return std::pair(values[a], a) < std::pair(values[b], b);
    });
    for (std::size_t i = 1; i < ids.size(); ++i)
        if (order.key(ids[i - 1]) >= order.key(ids[i]))
            return false;
    return true;
}

} // namespace

void OverviewModelsTest::runningPodOrderLabelsFollowTheOrder() {
    std::mt19937 rng(3);
    std::vector<int> values;
    models::RunningPodOrder order(
        [&values](std::uint32_t a, std::uint32_t b) { return values[a] < values[b]; });
    std::vector<std::uint32_t> present;
    for (int round = 0; round < 200; ++round) {
        // A batch of new ids with random values (duplicates included), sometimes in order.
        std::vector<std::uint32_t> batch;
        const int n = 1 + int(rng() % 40);
        const bool ascending = round % 3 == 0;
        for (int i = 0; i < n; ++i) {
            batch.push_back(static_cast<std::uint32_t>(values.size()));
            values.push_back(ascending ? 10000 + round * 100 + i : int(rng() % 5000));
        }
        order.insert(batch);
        present.insert(present.end(), batch.begin(), batch.end());
        // Some leave.
        for (int i = 0; i < n / 3 && !present.empty(); ++i) {
            const std::size_t k = rng() % present.size();
            order.erase(present[k]);
            present.erase(present.begin() + long(k));
        }
        QVERIFY2(labelsFollow(order, values, present), qPrintable(QString::number(round)));
        QCOMPARE(order.size(), present.size());
    }
    for (const std::uint32_t id : present)
        QVERIFY(order.contains(id));
}

void OverviewModelsTest::runningPodOrderRelabelsWhenAGapIsFull() {
    std::vector<int> values{0, 1000000};
    models::RunningPodOrder order(
        [&values](std::uint32_t a, std::uint32_t b) { return values[a] < values[b]; });
    std::vector<std::uint32_t> present{0, 1};
    QVERIFY(!order.insert({0, 1}));
    // Always into the same gap, one at a time: each takes half of what is left.
    bool relabelled = false;
    for (int i = 1; i < 200; ++i) {
        values.push_back(i);
        const auto id = static_cast<std::uint32_t>(values.size() - 1);
        present.push_back(id);
        relabelled = order.insert({id}) || relabelled;
        QVERIFY2(labelsFollow(order, values, present), qPrintable(QString::number(i)));
    }
    QVERIFY(relabelled);
    QVERIFY(order.relabels() >= 1);
    // Ids arriving in order at the end never run out of room.
    const int before = order.relabels();
    for (int i = 0; i < 5000; ++i) {
        values.push_back(2000000 + i);
        const auto id = static_cast<std::uint32_t>(values.size() - 1);
        present.push_back(id);
        QVERIFY(!order.insert({id}));
    }
    QCOMPARE(order.relabels(), before);
    QVERIFY(labelsFollow(order, values, present));
}

// --- PendingPodModel ---------------------------------------------------------------------------

void OverviewModelsTest::pendingPodsAppearWhenTheyCrossFiveMinutes() {
    Fixture f;
    qint64 now = kNow;
    models::PendingPodModel model(&f.hub, nullptr, [&now] { return now; });
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    Recorder rec(&model);
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas({f.node("n", "vision"), f.pod(pending("young", kNow - 299)),
                    f.pod(pending("older", kNow - 200))});
    QCOMPARE(rec.take(), QStringList());
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.trackedCount(), 2);
    QCOMPARE(model.secondsToNextCrossing(), 1);
    now = kNow + 1; // "young" is 300 s old now
    model.recheck();
    QCOMPARE(rec.take(),
             (QStringList{QStringLiteral("ins(root,0,0)"), QStringLiteral("ins(0,0,0)")}));
    const QModelIndex group = model.groupIndex(QStringLiteral("dev"), QStringLiteral("vision"));
    QVERIFY(group.isValid());
    // Plural forms come from the translations; the tests see the source text.
    QCOMPARE(group.data().toString(), QStringLiteral("vision · dev (1 pod(s))"));
    using M = models::PendingPodModel;
    QCOMPARE(model.index(0, M::NameColumn, group).data().toString(), QStringLiteral("young"));
    QCOMPARE(model.index(0, M::WaitingColumn, group).data().toString(), QStringLiteral("5m"));
    QCOMPARE(model.index(0, M::GpusColumn, group).data().toString(), QStringLiteral("4"));
    QCOMPARE(model.index(0, M::ReasonColumn, group).data().toString(),
             QStringLiteral("Insufficient nvidia.com/gpu (3 node(s)) · selector mismatch (37 "
                            "node(s))"));
    QVERIFY(model.index(0, M::MessageColumn, group)
                .data()
                .toString()
                .startsWith(QStringLiteral("0/40 nodes are available")));
    QCOMPARE(model.secondsToNextCrossing(), 99);
    model.recheck(); // nothing new crossed: no signal
    QCOMPARE(rec.take(), QStringList());
    now = kNow + 100;
    model.recheck();
    QCOMPARE(rec.take(), (QStringList{QStringLiteral("ins(0,1,1)"), QStringLiteral("chg(0-0)")}));
    QCOMPARE(model.podCount(), 2);
    QCOMPARE(model.secondsToNextCrossing(), -1);
    // A pod created long ago but first seen now (a relist) is placed by its age: first.
    c->applyDeltas({f.pod(pending("ancient", kNow - 7200))});
    QCOMPARE(rec.take(), (QStringList{QStringLiteral("ins(0,0,0)"), QStringLiteral("chg(0-0)")}));
    QCOMPARE(
        column(model, M::NameColumn, model.index(0, 0)),
        (QStringList{QStringLiteral("ancient"), QStringLiteral("young"), QStringLiteral("older")}));
    QCOMPARE(model.index(0, M::WaitingColumn, model.index(0, 0)).data().toString(),
             QStringLiteral("121m")); // kubectl's age rule: minutes below three hours
}

void OverviewModelsTest::pendingPodsLeaveAndGroupsEmpty() {
    Fixture f;
    qint64 now = kNow;
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas({f.node("n", "vision"), f.pod(pending("p1", kNow - 900)),
                    f.pod(pending("p2", kNow - 800)), f.pod(pending("p3", kNow - 700)),
                    f.pod(pending("s1", kNow - 600, "speech"))});
    models::PendingPodModel model(&f.hub, nullptr, [&now] { return now; });
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.podCount(), 4);
    Recorder rec(&model);
    // The scheduler's message changes: the row and its group change.
    PodSpec p2 = pending("p2", kNow - 800);
    p2.message = "0/40 nodes are available: 40 Insufficient cpu.";
    p2.rv = "3";
    c->applyDeltas({f.pod(p2, Type::Updated)});
    QCOMPARE(rec.take(), (QStringList{QStringLiteral("chg(1:1-1)"), QStringLiteral("chg(1-1)")}));
    QCOMPARE(
        model.index(1, models::PendingPodModel::ReasonColumn, model.index(1, 0)).data().toString(),
        QStringLiteral("Insufficient cpu (40 node(s))"));
    // p1 is bound (leaves), p3 deleted: one run in group "vision" (row 1).
    PodSpec p1 = pending("p1", kNow - 900);
    p1.node = "n";
    p1.phase = "Running";
    p1.rv = "4";
    c->applyDeltas({f.pod(p1, Type::Updated), f.podDeleted(pending("p3", kNow - 700))});
    QCOMPARE(rec.take(), (QStringList{QStringLiteral("rem(1,2,2)"), QStringLiteral("rem(1,0,0)"),
                                      QStringLiteral("chg(1-1)")}));
    // The last pod of "speech" (row 0) is deleted: the child, then the empty group, go.
    c->applyDeltas({f.podDeleted(pending("s1", kNow - 600, "speech"))});
    QCOMPARE(rec.take(),
             (QStringList{QStringLiteral("rem(0,0,0)"), QStringLiteral("rem(root,0,0)")}));
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, 0).data(models::OrgNameRole).toString(), QStringLiteral("vision"));
    QCOMPARE(model.trackedCount(), 1);
    // Its org changes (a new selector): it moves to another group.
    PodSpec moved = p2;
    moved.org = "nlp";
    moved.rv = "5";
    c->applyDeltas({f.pod(moved, Type::Updated)});
    QCOMPARE(rec.take(),
             (QStringList{QStringLiteral("rem(0,0,0)"), QStringLiteral("rem(root,0,0)"),
                          QStringLiteral("ins(root,0,0)"), QStringLiteral("ins(0,0,0)")}));
    QCOMPARE(model.index(0, 0).data(models::OrgNameRole).toString(), QStringLiteral("nlp"));
}

void OverviewModelsTest::pendingPodsGroupByClusterAndOrg() {
    Fixture f;
    qint64 now = kNow;
    models::PendingPodModel model(&f.hub, nullptr, [&now] { return now; });
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    auto *dev1 = f.cluster(QStringLiteral("dev1"));
    auto *dev = f.cluster(QStringLiteral("dev"));
    dev1->applyDeltas({f.pod(pending("a", kNow - 1000, "vision"))});
    dev->applyDeltas({f.pod(pending("b", kNow - 1000, "vision")),
                      f.pod(pending("c", kNow - 1000, "")), // no org asked: public
                      f.pod(pending("d", kNow - 1000, "nlp"))});
    QStringList groups;
    for (int r = 0; r < model.rowCount(); ++r)
        groups << model.index(r, 0).data(models::ClusterNameRole).toString() + QLatin1Char('/') +
                      model.index(r, 0).data(models::OrgNameRole).toString();
    QCOMPARE(groups, (QStringList{QStringLiteral("dev/nlp"), QStringLiteral("dev/public"),
                                  QStringLiteral("dev/vision"), QStringLiteral("dev1/vision")}));
    QCOMPARE(model.index(3, 0).data().toString(), QStringLiteral("vision · dev1 (1 pod(s))"));
    Recorder rec(&model);
    f.hub.removeCluster(dev);
    QCOMPARE(rec.take().filter(QStringLiteral("root")),
             QStringList{QStringLiteral("rem(root,0,2)")});
    QCOMPARE(model.rowCount(), 1);
}

void OverviewModelsTest::pendingPodReasonSummaries_data() {
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("summary");
    QTest::newRow("gpu and selector")
        << QStringLiteral("0/40 nodes are available: 37 node(s) didn't match Pod's node "
                          "affinity/selector, 3 Insufficient nvidia.com/gpu. preemption: 0/40 "
                          "nodes are available: 40 Preemption is not helpful for scheduling.")
        << QStringLiteral("Insufficient nvidia.com/gpu (3 node(s)) · selector mismatch (37 "
                          "node(s))");
    QTest::newRow("cpu and memory")
        << QStringLiteral("0/5 nodes are available: 2 Insufficient cpu, 5 Insufficient memory.")
        << QStringLiteral("Insufficient cpu (2 node(s)) · Insufficient memory (5 node(s))");
    QTest::newRow("taint and cordon")
        << QStringLiteral("0/4 nodes are available: 1 node(s) had untolerated taint "
                          "{node-role.kubernetes.io/control-plane: }, 1 node(s) were "
                          "unschedulable, 2 Too many pods.")
        << QStringLiteral("untolerated taint {node-role.kubernetes.io/control-plane: } (1 "
                          "node(s)) · cordoned (1 node(s)) · too many pods (2 node(s))");
    QTest::newRow("unknown phrase kept")
        << QStringLiteral("0/3 nodes are available: 3 node(s) had volume node affinity conflict.")
        << QStringLiteral("node(s) had volume node affinity conflict (3 node(s))");
    QTest::newRow("not the scheduler's format")
        << QStringLiteral("pod has unbound immediate PersistentVolumeClaims")
        << QStringLiteral("pod has unbound immediate PersistentVolumeClaims");
    QTest::newRow("nothing said yet") << QString() << QStringLiteral("waiting for the scheduler");
}

void OverviewModelsTest::pendingPodReasonSummaries() {
    QFETCH(QString, message);
    QFETCH(QString, summary);
    const std::string text = message.toStdString();
    const auto reason = models::PendingPodReason::parse(text, "Unschedulable");
    QCOMPARE(reason.summary(), summary);
    if (message.startsWith(QLatin1String("0/")))
        QCOMPARE(reason.totalNodes(),
                 message.section(QLatin1Char('/'), 1, 1).section(QLatin1Char(' '), 0, 0).toInt());
}

// --- EventStreamModel --------------------------------------------------------------------------

void OverviewModelsTest::eventStreamNewestFirstInRuns() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas({f.event("e1", "Normal", "Scheduled", "a", kNow - 300),
                    f.event("e2", "Warning", "FailedScheduling", "b", kNow - 100),
                    f.event("e3", "Normal", "Pulled", "a", kNow - 200)});
    models::EventStreamModel model(&f.hub);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    using M = models::EventStreamModel;
    QCOMPARE(column(model, M::ReasonColumn),
             (QStringList{QStringLiteral("FailedScheduling"), QStringLiteral("Pulled"),
                          QStringLiteral("Scheduled")}));
    QCOMPARE(model.index(0, M::ObjectColumn).data().toString(), QStringLiteral("Pod/b"));
    QCOMPARE(model.index(0, M::TypeColumn).data().toString(), QStringLiteral("Warning"));
    QVERIFY(model.index(0, M::TypeColumn).data(Qt::ForegroundRole).isValid());
    QVERIFY(!model.index(1, M::TypeColumn).data(Qt::ForegroundRole).isValid());
    Recorder rec(&model);
    // A batch of newer events: one run at the top.
    c->applyDeltas({f.event("e4", "Normal", "Started", "a", kNow - 50),
                    f.event("e5", "Normal", "Created", "a", kNow - 40)});
    QCOMPARE(rec.take(), QStringList{QStringLiteral("ins(root,0,1)")});
    QCOMPARE(model.index(0, M::ReasonColumn).data().toString(), QStringLiteral("Created"));
    // One newer and one in the middle: two runs; equal times put the later arrival first.
    c->applyDeltas({f.event("e6", "Normal", "Killing", "a", kNow - 40),
                    f.event("e7", "Normal", "Pulling", "a", kNow - 250)});
    QCOMPARE(rec.take(),
             (QStringList{QStringLiteral("ins(root,0,0)"), QStringLiteral("ins(root,5,5)")}));
    QCOMPARE(column(model, M::ReasonColumn),
             (QStringList{QStringLiteral("Killing"), QStringLiteral("Created"),
                          QStringLiteral("Started"), QStringLiteral("FailedScheduling"),
                          QStringLiteral("Pulled"), QStringLiteral("Pulling"),
                          QStringLiteral("Scheduled")}));
    // Removed events go as runs.
    c->applyDeltas({f.event("e5", "Normal", "Created", "a", kNow - 40, 1, Type::Deleted),
                    f.event("e2", "Normal", "x", "b", kNow - 100, 1, Type::Deleted),
                    f.event("e3", "Normal", "x", "a", kNow - 200, 1, Type::Deleted)});
    QCOMPARE(rec.take(),
             (QStringList{QStringLiteral("rem(root,3,4)"), QStringLiteral("rem(root,1,1)")}));
    QCOMPARE(model.rowOf(c, "pipeline/e7"), 2);
}

void OverviewModelsTest::eventStreamUpdatesInPlaceOrMoveToTop() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas({f.event("e1", "Warning", "BackOff", "a", kNow - 300),
                    f.event("e2", "Normal", "Pulled", "b", kNow - 100)});
    models::EventStreamModel model(&f.hub);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    Recorder rec(&model);
    // The count changes, the time does not: in place.
    c->applyDeltas({f.event("e1", "Warning", "BackOff", "a", kNow - 300, 4, Type::Updated)});
    QCOMPARE(rec.take(), QStringList{QStringLiteral("chg(1-1)")});
    QCOMPARE(model.index(1, models::EventStreamModel::CountColumn).data().toString(),
             QStringLiteral("4"));
    // It happens again now: it moves to the top.
    c->applyDeltas({f.event("e1", "Warning", "BackOff", "a", kNow, 5, Type::Updated)});
    QCOMPARE(rec.take(),
             (QStringList{QStringLiteral("rem(root,1,1)"), QStringLiteral("ins(root,0,0)")}));
    QCOMPARE(model.index(0, models::EventStreamModel::ReasonColumn).data().toString(),
             QStringLiteral("BackOff"));
    QCOMPARE(model.rowOf(c, "pipeline/e1"), 0);
    QCOMPARE(model.rowOf(c, "pipeline/e2"), 1);
}

void OverviewModelsTest::eventStreamIsBounded() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    models::EventStreamModel model(&f.hub, nullptr, 3);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    Recorder rec(&model);
    c->applyDeltas({f.event("e1", "Normal", "A", "x", kNow - 500),
                    f.event("e2", "Normal", "B", "x", kNow - 400),
                    f.event("e3", "Normal", "C", "x", kNow - 300),
                    f.event("e4", "Normal", "D", "x", kNow - 200)});
    QCOMPARE(rec.take(), QStringList{QStringLiteral("ins(root,0,2)")});
    QCOMPARE(column(model, models::EventStreamModel::ReasonColumn),
             (QStringList{QStringLiteral("D"), QStringLiteral("C"), QStringLiteral("B")}));
    // Two newer: the two oldest leave as one run at the end, then one run at the top.
    c->applyDeltas({f.event("e5", "Normal", "E", "x", kNow - 100),
                    f.event("e6", "Normal", "F", "x", kNow - 50)});
    QCOMPARE(rec.take(),
             (QStringList{QStringLiteral("rem(root,1,2)"), QStringLiteral("ins(root,0,1)")}));
    QCOMPARE(column(model, models::EventStreamModel::ReasonColumn),
             (QStringList{QStringLiteral("F"), QStringLiteral("E"), QStringLiteral("D")}));
    // Older than everything in a full stream: not shown, no signal.
    c->applyDeltas({f.event("e0", "Normal", "Z", "x", kNow - 9000)});
    QCOMPARE(rec.take(), QStringList());
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.rowOf(c, "pipeline/e0"), -1);
}

void OverviewModelsTest::eventStreamFilter() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas({f.event("e1", "Warning", "FailedScheduling", "detr-master-0", kNow - 5),
                    f.event("e2", "Normal", "Scheduled", "resnet-worker-0", kNow - 4),
                    f.event("e3", "Warning", "BackOff", "resnet-worker-0", kNow - 3)});
    models::EventStreamModel model(&f.hub);
    using F = models::EventStreamFilter;
    const auto count = [&](F::Type type, const QString &text) {
        const F filter = F::parse(type, text);
        int n = 0;
        for (int r = 0; r < model.rowCount(); ++r)
            n += filter.matches(model.row(r)) ? 1 : 0;
        return n;
    };
    QCOMPARE(count(F::Type::All, QString()), 3);
    QCOMPARE(count(F::Type::Warning, QString()), 2);
    QCOMPARE(count(F::Type::Normal, QString()), 1);
    QCOMPARE(count(F::Type::All, QStringLiteral("reason=failedscheduling")), 1);
    QCOMPARE(count(F::Type::All, QStringLiteral("object=Pod/resnet-worker-0")), 2);
    QCOMPARE(count(F::Type::Warning, QStringLiteral("object=resnet-worker-0")), 1);
    QCOMPARE(count(F::Type::All, QStringLiteral("kind=Pod, reason!=BackOff")), 2);
    QCOMPARE(count(F::Type::All, QStringLiteral("detr")), 1);
    QCOMPARE(count(F::Type::All, QStringLiteral("scheduled of")), 1); // message text
    QVERIFY(!F::parse(F::Type::All, QStringLiteral("colour=red")).error().isEmpty());
    QCOMPARE(count(F::Type::All, QStringLiteral("colour=red")), 0);
}

// --- OverviewAggregator ------------------------------------------------------------------------

void OverviewModelsTest::overviewAggregatorThrottlesAndFollowsScope() {
    Fixture f;
    auto *dev = f.cluster(QStringLiteral("dev"));
    auto *dev1 = f.cluster(QStringLiteral("dev1"));
    models::OverviewAggregator aggregator(&f.hub);
    aggregator.setInterval(3600 * 1000); // never by timer in this test
    QSignalSpy changed(&aggregator, &models::OverviewAggregator::changed);
    const int start = aggregator.recomputations();
    dev->applyDeltas({f.node("a100-1", "vision", 8, "A100"), f.node("t4-1", "public", 4, "T4"),
                      f.pod(running("train", "a100-1", 8))});
    dev1->applyDeltas(
        {f.node("a100-9", "speech", 8, "A100"), f.pod(running("infer", "a100-9", 1))});
    // Batches only mark the snapshot dirty.
    QVERIFY(aggregator.isDirty());
    QCOMPARE(aggregator.recomputations(), start);
    QCOMPARE(changed.size(), 0);
    aggregator.refresh();
    QCOMPARE(changed.size(), 1);
    QCOMPARE(aggregator.clusters().size(), std::size_t(2));
    QCOMPARE(aggregator.totals().gpus.requested, 9);
    QCOMPARE(aggregator.totals().gpus.allocatable, 20);
    QCOMPARE(aggregator.gpuTypes().size(), std::size_t(2));
    QCOMPARE(aggregator.gpuTypes()[0].type, std::string("A100"));
    QCOMPARE(aggregator.gpuTypes()[0].gpus.requested, 9);
    QCOMPARE(aggregator.gpuTypes()[0].gpus.allocatable, 16);
    // Events do not touch the charts: not dirty; the same numbers: no changed().
    dev->applyDeltas({f.event("e", "Normal", "Pulled", "train", kNow)});
    QVERIFY(!aggregator.isDirty());
    aggregator.refresh();
    QCOMPARE(changed.size(), 1);
    // Inactive: dirty only; activation recomputes.
    aggregator.setActive(false);
    dev->applyDeltas({f.podDeleted(running("train", "a100-1", 8))});
    QVERIFY(aggregator.isDirty());
    const int before = aggregator.recomputations();
    aggregator.setActive(true);
    QCOMPARE(aggregator.recomputations(), before + 1);
    QCOMPARE(changed.size(), 2);
    QCOMPARE(aggregator.totals().gpus.requested, 1);
    // Scope.
    aggregator.setScope({QStringLiteral("dev1")});
    QCOMPARE(aggregator.clusters().size(), std::size_t(1));
    QCOMPARE(aggregator.clusters()[0].name, std::string("dev1"));
    QCOMPARE(aggregator.totals().nodes, 1);
    QCOMPARE(aggregator.clusters()[0].orgs.size(), std::size_t(1));
    QCOMPARE(aggregator.clusters()[0].orgs[0].name, std::string("speech"));
}

QTEST_MAIN(OverviewModelsTest)
#include "overviewmodels_test.moc"
