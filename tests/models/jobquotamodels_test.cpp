// JobTableModel and QuotaTableModel under QAbstractItemModelTester, with the exact signal
// sequences of an initial load, churn, deletions and a removed cluster
// (docs/threads-and-data-flow.md), and the ClusterStore's job, quota and queue bookkeeping they
// read.

#include "k8s/cube/jobphase.h"
#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/stringpool.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/jobtablemodel.h"
#include "models/modelroles.h"
#include "models/quotatablemodel.h"
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

class JobQuotaModelsTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void jobTableInitialLoadIsOneInsertRun();
    void jobTableChurnChangesOneRowAndDeletionsRemoveRuns();
    void jobTableClusterRemoved();
    void jobRowsTranslatePhasesAndTimeout();
    void storeFindsAJobsPods();
    void quotaTableFollowsQuotasQueuesAndOrgs();
};

namespace {

class Fixture : public test::ModelFixture {
public:
    Delta pytorch(Type type, const std::string &name, const std::string &condition,
                  const std::string &rv = "1") {
        json doc = {
            {"apiVersion", "kubeflow.org/v1"},
            {"kind", "PyTorchJob"},
            {"metadata",
             {{"name", name},
              {"namespace", "pipeline"},
              {"resourceVersion", rv},
              {"creationTimestamp", "2026-01-01T00:00:00Z"},
              {"labels", {{"run-username", "alice"}, {"pipeline-name", "mnist"}}}}},
            {"spec",
             {{"pytorchReplicaSpecs",
               {{"Worker",
                 {{"replicas", 2},
                  {"template",
                   {{"spec",
                     {{"containers",
                       json::array(
                           {{{"name", "w"},
                             {"resources", {{"limits", {{"nvidia.com/gpu", 4}}}}}}})}}}}}}}}}}},
            {"status",
             {{"conditions", json::array({{{"type", condition},
                                           {"status", "True"},
                                           {"lastTransitionTime", "2026-01-01T00:00:00Z"}}})}}}};
        return decode(type, k8s::ObjectKind::CustomResource,
                      "pytorchjobs.kubeflow.org/pipeline/" + name, doc);
    }
    Delta quota(Type type, const std::string &cpuUsed, const std::string &rv = "1") {
        json doc = {
            {"metadata", {{"name", "q"}, {"namespace", "pipeline"}, {"resourceVersion", rv}}},
            {"spec", {{"hard", {{"requests.cpu", "10"}, {"requests.nvidia.com/gpu", "8"}}}}},
            {"status",
             {{"hard", {{"requests.cpu", "10"}, {"requests.nvidia.com/gpu", "8"}}},
              {"used", {{"requests.cpu", cpuUsed}, {"requests.nvidia.com/gpu", "0"}}}}}};
        return decode(type, k8s::ObjectKind::ResourceQuota, "resourcequotas/pipeline/q", doc);
    }
    Delta queue(Type type) {
        json doc = {{"apiVersion", "scheduling.volcano.sh/v1beta1"},
                    {"kind", "Queue"},
                    {"metadata", {{"name", "speech"}, {"resourceVersion", "1"}}},
                    {"spec", {{"capability", {{"cpu", "64"}}}}},
                    {"status", {{"state", "Open"}, {"allocated", {{"cpu", "60"}}}}}};
        return decode(type, k8s::ObjectKind::CustomResource, "queues.scheduling.volcano.sh//speech",
                      doc);
    }
    Delta node(const std::string &name, const std::string &org) {
        json doc = {
            {"metadata", {{"name", name}, {"resourceVersion", "1"}, {"labels", {{"org", org}}}}},
            {"status",
             {{"allocatable", {{"cpu", "64"}, {"memory", "256Gi"}, {"nvidia.com/gpu", "8"}}},
              {"conditions", json::array({{{"type", "Ready"}, {"status", "True"}}})}}}};
        return decode(Type::Added, k8s::ObjectKind::Node, "nodes//" + name, doc);
    }
    Delta pod(const std::string &name, const json &labels, const std::string &node) {
        json doc = {
            {"metadata",
             {{"name", name},
              {"namespace", "pipeline"},
              {"resourceVersion", "1"},
              {"labels", labels}}},
            {"spec",
             {{"nodeName", node},
              {"containers",
               json::array({{{"name", "c"}, {"resources", {{"requests", {{"cpu", "2"}}}}}}})}}},
            {"status", {{"phase", "Running"}}}};
        return decode(Type::Added, k8s::ObjectKind::Pod, "pods/pipeline/" + name, doc);
    }
};

QStringList names(const QAbstractItemModel &m, int column) {
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << m.index(r, column).data().toString();
    return out;
}

} // namespace

void JobQuotaModelsTest::jobTableInitialLoadIsOneInsertRun() {
    Fixture f;
    models::JobTableModel model(&f.hub);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas({f.pytorch(Type::Added, "a", "Running"), f.pytorch(Type::Added, "b", "Created"),
                    f.pytorch(Type::Added, "c", "Failed"), f.queue(Type::Added)});
    QCOMPARE(inserted.size(), 1); // one run; the queue is not a job
    QCOMPARE(inserted[0][1].toInt(), 0);
    QCOMPARE(inserted[0][2].toInt(), 2);
    QCOMPARE(reset.size(), 0);
    QCOMPARE(names(model, models::JobTableModel::NameColumn),
             (QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}));
    QCOMPARE(model.index(0, models::JobTableModel::GpusColumn).data().toInt(), 8); // 2 × 4
    QCOMPARE(model.index(0, models::JobTableModel::ReplicasColumn).data().toString(),
             QStringLiteral("Worker 0/2"));
    QCOMPARE(model.index(0, models::JobTableModel::UserColumn).data().toString(),
             QStringLiteral("alice"));
    QCOMPARE(c->store().jobs().size(), std::size_t{3});
    QCOMPARE(c->store().queues().size(), std::size_t{1});
}

void JobQuotaModelsTest::jobTableChurnChangesOneRowAndDeletionsRemoveRuns() {
    Fixture f;
    models::JobTableModel model(&f.hub);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas({f.pytorch(Type::Added, "a", "Running"), f.pytorch(Type::Added, "b", "Running"),
                    f.pytorch(Type::Added, "c", "Running"),
                    f.pytorch(Type::Added, "d", "Running")});
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    c->applyDeltas({f.pytorch(Type::Updated, "b", "Succeeded", "2")});
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed[0][0].toModelIndex().row(), 1);
    QCOMPARE(changed[0][1].toModelIndex().row(), 1);
    QCOMPARE(model.row(1).job.phase, k8s::JobPhase::Value::Succeeded);
    QCOMPARE(inserted.size(), 0);
    // a and c go (two runs, the last first), d stays, e arrives (one insert).
    c->applyDeltas({f.pytorch(Type::Deleted, "a", "Running"),
                    f.pytorch(Type::Deleted, "c", "Running"),
                    f.pytorch(Type::Added, "e", "Created")});
    QCOMPARE(removed.size(), 2);
    QCOMPARE(removed[0][1].toInt(), 2);
    QCOMPARE(removed[1][1].toInt(), 0);
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(names(model, models::JobTableModel::NameColumn),
             (QStringList{QStringLiteral("b"), QStringLiteral("d"), QStringLiteral("e")}));
    QCOMPARE(model.rowOf(c, QStringLiteral("pytorchjobs.kubeflow.org/pipeline/e")), 2);
}

void JobQuotaModelsTest::jobTableClusterRemoved() {
    Fixture f;
    models::JobTableModel model(&f.hub);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    auto *dev = f.cluster(QStringLiteral("dev"));
    auto *dev1 = f.cluster(QStringLiteral("dev1"));
    dev->applyDeltas({f.pytorch(Type::Added, "a", "Running")});
    dev1->applyDeltas(
        {f.pytorch(Type::Added, "a", "Running"), f.pytorch(Type::Added, "b", "Running")});
    dev->applyDeltas({f.pytorch(Type::Added, "z", "Running")});
    QCOMPARE(model.rowCount(), 4);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    f.hub.removeCluster(dev);
    QCOMPARE(removed.size(), 2); // rows 3 and 0: not contiguous
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(names(model, models::JobTableModel::ClusterColumn),
             (QStringList{QStringLiteral("dev1"), QStringLiteral("dev1")}));
}

void JobQuotaModelsTest::jobRowsTranslatePhasesAndTimeout() {
    Fixture f;
    models::JobTableModel model(&f.hub);
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas({f.pytorch(Type::Added, "old", "Running")});
    // Created 2026-01-01 without a start time: running for months, past the 2-day timeout.
    const QModelIndex phase = model.index(0, models::JobTableModel::PhaseColumn);
    QVERIFY(phase.data().toString().contains(
        models::JobTableModel::phaseText(k8s::JobPhase::Value::Running)));
    QVERIFY(models::JobTableModel::pastTimeout(model.row(0), QDateTime::currentSecsSinceEpoch()));
    QCOMPARE(phase.data(Qt::ForegroundRole).value<QColor>(), QColor(0xc62828));
    QCOMPARE(models::JobTableModel::duration(3 * 3600 + 5 * 60), QStringLiteral("3h5m"));
    QCOMPARE(models::JobTableModel::duration(2 * 86400), QStringLiteral("2d")); // kubectl's rule
    QCOMPARE(models::JobTableModel::duration(0), QString());
}

void JobQuotaModelsTest::storeFindsAJobsPods() {
    Fixture f;
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas({f.pytorch(Type::Added, "mnist", "Running"),
                    f.pod("mnist-worker-0", {{"training.kubeflow.org/job-name", "mnist"}}, "n1"),
                    f.pod("mnist-worker-1", {{"training.kubeflow.org/job-name", "mnist"}}, "n2"),
                    f.pod("other", {{"training.kubeflow.org/job-name", "other"}}, "n1")});
    auto job = c->store().job("pytorchjobs.kubeflow.org/pipeline/mnist");
    QVERIFY(job);
    const auto pods = c->store().podsOfJob(*job);
    QCOMPARE(pods.size(), std::size_t{2});
    QCOMPARE(std::string(pods[0]->name()), std::string("mnist-worker-0"));
    QCOMPARE(std::string(pods[1]->nodeName()), std::string("n2"));
}

void JobQuotaModelsTest::quotaTableFollowsQuotasQueuesAndOrgs() {
    Fixture f;
    models::QuotaTableModel model(&f.hub);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    auto *c = f.cluster(QStringLiteral("dev"));
    c->applyDeltas({f.quota(Type::Added, "8500m"), f.queue(Type::Added), f.node("n1", "vision")});
    // quota: cpu, gpu; queue: cpu; org vision: cpu, memory, nvidia.com/gpu.
    QCOMPARE(model.rowCount(), 6);
    int cpuRow = -1;
    for (int r = 0; r < model.rowCount(); ++r)
        if (model.row(r).quota.kind == k8s::QuotaRow::Kind::ResourceQuota &&
            model.row(r).quota.resource == "requests.cpu")
            cpuRow = r;
    QVERIFY(cpuRow >= 0);
    auto usage = model.index(cpuRow, models::QuotaTableModel::UsageColumn)
                     .data(models::UsageRole)
                     .value<models::Usage>();
    QCOMPARE(usage.text, QStringLiteral("8.5 / 10"));
    QCOMPARE(usage.level(), models::Usage::Level::Warning); // 85 %: amber
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    c->applyDeltas({f.quota(Type::Updated, "9800m", "2")});
    QCOMPARE(changed.size(), 1); // only the cpu line changed
    QCOMPARE(changed[0][0].toModelIndex().row(), cpuRow);
    usage = model.index(cpuRow, models::QuotaTableModel::UsageColumn)
                .data(models::UsageRole)
                .value<models::Usage>();
    QCOMPARE(usage.level(), models::Usage::Level::Critical); // 98 %: red
    c->applyDeltas({f.queue(Type::Deleted)});
    QCOMPARE(removed.size(), 1);
    QCOMPARE(model.rowCount(), 5);
    f.hub.removeCluster(c);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(reset.size(), 0);
}

QTEST_MAIN(JobQuotaModelsTest)
#include "jobquotamodels_test.moc"
