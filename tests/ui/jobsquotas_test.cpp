// The Jobs and Quotas panes offscreen against the simulator (demo scenario), checked with
// kubectl: every job kind the cluster serves is listed with the phase `--dump jobs` prints, the
// detail panel finds the job's pods and its YAML, resume and delete reach the cluster, and the
// quota editor validates, previews, patches — and refuses to overwrite a quota changed meanwhile.

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/jobtablemodel.h"
#include "models/quotatablemodel.h"
#include "models/sortfilterindex.h"
#include "tests/support/process.h"
#include "tests/support/simprocess.h"
#include "tests/support/testwindow.h"
#include "ui/jobdetailpanel.h"
#include "ui/jobspane.h"
#include "ui/mainwindow.h"
#include "ui/quotaeditdialog.h"
#include "ui/quotaspane.h"

#include <QApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QToolButton>

#include <algorithm>
#include <fstream>
#include <memory>

using namespace cubedesk;
using cubedesk::test::SimProcess;

class JobsQuotasTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void jobsPaneListsEveryKindWithTheDumpsPhases();
    void aCrdWithALifecycleIsShownGenerically();
    void lifecycleCrdsAreWatchedWhileTheJobsPaneIsShown();
    void jobDetailFindsPodsAndYaml();
    void resumeAndDeleteReachTheCluster();
    void quotaEditorValidatesPreviewsAndPatches();
    void quotaEditorRefusesAQuotaChangedMeanwhile();
    void cleanupTestCase();

private:
    std::string kubectl(std::vector<std::string> args);
    int kubectlCount(std::vector<std::string> args);
    bool selectJob(const QString &name);
    ui::QuotaEditDialog *editQuota(const QString &ns, const QString &resource);

    std::unique_ptr<SimProcess> m_sim;
    std::unique_ptr<models::ClusterHub> m_hub;
    std::unique_ptr<ui::MainWindow> m_window;
    QString m_cluster;
};

namespace {

const char *const kExperimentManifests = R"(apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: experiments.kubeflow.org
spec:
  group: kubeflow.org
  scope: Namespaced
  names: {kind: Experiment, listKind: ExperimentList, plural: experiments, singular: experiment}
  versions:
  - name: v1beta1
    served: true
    storage: true
    subresources: {status: {}}
    additionalPrinterColumns:
    - {name: Type, type: string, jsonPath: ".status.conditions[-1:].type"}
    - {name: Status, type: string, jsonPath: ".status.conditions[-1:].status"}
    - {name: Trials, type: integer, jsonPath: ".status.trials"}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, x-kubernetes-preserve-unknown-fields: true}
          status:
            type: object
            properties:
              trials: {type: integer}
              conditions:
                type: array
                items: {type: object, x-kubernetes-preserve-unknown-fields: true}
)";

const char *const kExperimentObject = R"(apiVersion: kubeflow.org/v1beta1
kind: Experiment
metadata: {name: random-search, namespace: pipeline}
spec: {maxTrialCount: 12}
)";

} // namespace

std::string JobsQuotasTest::kubectl(std::vector<std::string> args) {
    const auto r = m_sim->kubectl(std::move(args));
    if (r.exitCode != 0)
        qWarning("kubectl failed: %s", r.err.c_str());
    return r.out;
}

int JobsQuotasTest::kubectlCount(std::vector<std::string> args) {
    const std::string out = kubectl(std::move(args));
    return static_cast<int>(std::count(out.begin(), out.end(), '\n'));
}

void JobsQuotasTest::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    m_sim = std::make_unique<SimProcess>(std::vector<std::string>{"--scenario", "demo"});
    QVERIFY2(m_sim->ready(), m_sim->error().c_str());
    // A CRD outside the catalogue with a lifecycle in its schema (Katib's Experiment, trimmed),
    // and one object of it: the Jobs pane must show it generically.
    const std::string manifests = m_sim->dir().path() + "/experiment.yaml";
    {
        std::ofstream f(manifests);
        f << kExperimentManifests;
        std::ofstream o(m_sim->dir().path() + "/experiment-object.yaml");
        o << kExperimentObject;
    }
    const auto created = m_sim->kubectl({"create", "--validate=false", "-f", manifests});
    QVERIFY2(created.exitCode == 0, created.err.c_str());
    const auto object = m_sim->kubectl(
        {"create", "--validate=false", "-f", m_sim->dir().path() + "/experiment-object.yaml"});
    QVERIFY2(object.exitCode == 0, object.err.c_str());
    // status is a subresource: create ignores it; the operator would write it like this.
    const auto status = m_sim->kubectl(
        {"patch", "experiments.kubeflow.org", "random-search", "-n", "pipeline",
         "--subresource=status", "--type=merge", "-p",
         R"({"status":{"trials":7,"conditions":[)"
         R"({"type":"Created","status":"True","lastTransitionTime":"2026-01-01T00:00:00Z"},)"
         R"({"type":"Running","status":"True","lastTransitionTime":"2026-01-01T00:01:00Z"}]}})"});
    QVERIFY2(status.exitCode == 0, status.err.c_str());
    m_hub = std::make_unique<models::ClusterHub>();
    m_hub->setStatusKindsGraceMs(0); // leaving the Jobs pane unwatches at once
    m_window = test::openTestWindow(m_hub.get(), m_sim->kubeconfig());
    // Synced includes the job kinds discovery found.
    QTRY_VERIFY_WITH_TIMEOUT(test::firstClusterSynced(*m_hub), 30000);
    m_cluster = m_hub->clusters().front()->name();
}

bool JobsQuotasTest::selectJob(const QString &name) {
    m_window->showPane(QStringLiteral("jobsPane"));
    return m_window->jobsPane()->selectJob(m_cluster, name);
}

void JobsQuotasTest::jobsPaneListsEveryKindWithTheDumpsPhases() {
    // Every job kind the simulator serves, counted by kubectl in each kind's preferred version.
    const int expected =
        kubectlCount({"get",
                      "pytorchjobs.kubeflow.org,tfjobs.kubeflow.org,mpijobs.kubeflow.org,"
                      "xgboostjobs.kubeflow.org,mxjobs.kubeflow.org,paddlejobs.kubeflow.org,"
                      "jaxjobs.kubeflow.org,xgboostjobs.xgboostjob.kubeflow.org,"
                      "paddlejobs.batch.paddlepaddle.org,jobs.batch.volcano.sh,"
                      "sparkapplications.sparkoperator.k8s.io,workflows.argoproj.io,"
                      "experiments.kubeflow.org",
                      "-A", "-o", "name"});
    QVERIFY(expected >= 16);
    m_window->showPane(QStringLiteral("jobsPane"));
    auto *pane = m_window->jobsPane();
    QTRY_COMPARE(pane->proxy()->rowCount(), expected);

    // The same phases and GPU counts as the headless dump.
    const auto dump = cubedesk::test::Process::run(
        {SimProcess::appBinary(), "--dump", "jobs", "--kubeconfig", m_sim->kubeconfig()});
    QCOMPARE(dump.exitCode, 0);
    const QJsonArray rows = QJsonDocument::fromJson(QByteArray::fromStdString(dump.out)).array();
    QCOMPARE(rows.size(), expected);
    const auto *model = static_cast<const models::JobTableModel *>(pane->proxy()->sourceModel());
    int compared = 0;
    for (const auto &v : rows) {
        const QJsonObject r = v.toObject();
        for (int i = 0; i < model->rowCount(); ++i) {
            const auto &row = model->row(i);
            if (row.name != r[QStringLiteral("name")].toString() ||
                row.kind != r[QStringLiteral("kind")].toString() ||
                row.ns != r[QStringLiteral("namespace")].toString())
                continue;
            QCOMPARE(QString::fromLatin1(k8s::JobPhase::name(row.job.phase).data()),
                     r[QStringLiteral("phase")].toString());
            QCOMPARE(row.job.gpus, r[QStringLiteral("gpus")].toInteger());
            QCOMPARE(row.replicas, r[QStringLiteral("replicas")].toString());
            ++compared;
        }
    }
    QCOMPARE(compared, expected);

    // Phases against the objects themselves, read with kubectl.
    QVERIFY(selectJob(QStringLiteral("nni-hp-search-public")));
    const auto volcano = kubectl({"get", "jobs.batch.volcano.sh", "-n", "automl",
                                  "nni-hp-search-public", "-o", "jsonpath={.status.state.phase}"});
    QCOMPARE(volcano, std::string("Running"));
    const auto &spark = kubectl({"get", "sparkapplications", "-n", "pipeline", "spark-pi", "-o",
                                 "jsonpath={.status.applicationState.state}"});
    QCOMPARE(spark, std::string("COMPLETED"));
    for (int i = 0; i < model->rowCount(); ++i) {
        const auto &row = model->row(i);
        if (row.name == QStringLiteral("nni-hp-search-public"))
            QCOMPARE(row.job.phase, k8s::JobPhase::Value::Running);
        if (row.name == QStringLiteral("spark-pi"))
            QCOMPARE(row.job.phase, k8s::JobPhase::Value::Succeeded);
    }

    // The phase choice and the text filter.
    pane->setShow(ui::JobsPane::Show::Failed);
    for (int r = 0; r < pane->proxy()->rowCount(); ++r)
        QCOMPARE(pane->proxy()->index(r, models::JobTableModel::PhaseColumn).data().toString(),
                 models::JobTableModel::phaseText(k8s::JobPhase::Value::Failed));
    QVERIFY(pane->proxy()->rowCount() >= 1);
    pane->setShow(ui::JobsPane::Show::All);
    pane->setFilterText(QStringLiteral("pytorch vision"));
    for (int r = 0; r < pane->proxy()->rowCount(); ++r)
        QVERIFY(pane->proxy()
                    ->index(r, models::JobTableModel::NameColumn)
                    .data()
                    .toString()
                    .contains(QStringLiteral("vision")));
    QVERIFY(pane->proxy()->rowCount() >= 2);
    pane->setFilterText({});
}

void JobsQuotasTest::aCrdWithALifecycleIsShownGenerically() {
    // Found in the CRD list (status.conditions in its schema), watched in its served version,
    // its phase from the latest true condition, its printer columns evaluated by the server.
    auto *c = m_hub->clusters().front();
    const auto kind = c->statusKind("experiments.kubeflow.org");
    QVERIFY(kind.has_value());
    QCOMPARE(kind->version, std::string("v1beta1"));
    QCOMPARE(kind->columns.size(), std::size_t{3});
    QVERIFY(!c->statusKind("podgroups.scheduling.volcano.sh")); // a job's PodGroup is no job
    QVERIFY(selectJob(QStringLiteral("random-search")));
    const auto *model =
        static_cast<const models::JobTableModel *>(m_window->jobsPane()->proxy()->sourceModel());
    const int row =
        model->rowOf(c, QStringLiteral("experiments.kubeflow.org/pipeline/random-search"));
    QVERIFY(row >= 0);
    QCOMPARE(model->row(row).kind, QStringLiteral("Experiment"));
    QCOMPARE(model->row(row).job.phase, k8s::JobPhase::Value::Running);
    auto *detail = m_window->jobsPane()->detail();
    QTRY_VERIFY_WITH_TIMEOUT(detail->columnsText().contains(QStringLiteral("Trials: 7")), 10000);
    QVERIFY(detail->columnsText().contains(QStringLiteral("Type: Running")));
    QTRY_VERIFY_WITH_TIMEOUT(detail->yamlText().contains(QStringLiteral("kind: Experiment")),
                             10000);
}

// Other CRDs with a lifecycle are watched while the Jobs pane is shown, and only then: on a
// cluster with hundreds of CRDs nothing streams for them while the user looks at nodes.
void JobsQuotasTest::lifecycleCrdsAreWatchedWhileTheJobsPaneIsShown() {
    auto *c = m_hub->clusters().front();
    const auto *model =
        static_cast<const models::JobTableModel *>(m_window->jobsPane()->proxy()->sourceModel());
    const QString key = QStringLiteral("experiments.kubeflow.org/pipeline/random-search");
    m_window->showPane(QStringLiteral("jobsPane"));
    QTRY_VERIFY_WITH_TIMEOUT(model->rowOf(c, key) >= 0, 20000);
    m_window->showPane(QStringLiteral("nodesPane"));
    QTRY_VERIFY_WITH_TIMEOUT(model->rowOf(c, key) < 0, 20000);
    QTRY_VERIFY_WITH_TIMEOUT(!c->freshness().details.contains(QStringLiteral("experiments")), 5000);
    QVERIFY2(model->rowOf(c, QStringLiteral("pytorchjobs.kubeflow.org/pipeline/"
                                            "pytorch-resnet50-vision")) >= 0,
             "the catalogue's job kinds stay watched");
    m_window->showPane(QStringLiteral("jobsPane"));
    QTRY_VERIFY_WITH_TIMEOUT(model->rowOf(c, key) >= 0, 20000);
}

void JobsQuotasTest::jobDetailFindsPodsAndYaml() {
    QVERIFY(selectJob(QStringLiteral("pytorch-resnet50-vision")));
    auto *detail = m_window->jobsPane()->detail();
    const int pods =
        kubectlCount({"get", "pods", "-n", "pipeline", "-l",
                      "training.kubeflow.org/job-name=pytorch-resnet50-vision", "-o", "name"});
    QVERIFY(pods >= 2);
    QTRY_COMPARE(detail->podsTable()->rowCount(), pods);
    QTRY_VERIFY_WITH_TIMEOUT(detail->yamlText().contains(QStringLiteral("kind: PyTorchJob")),
                             10000);
    // Double-clicking a pod jumps to its node.
    QSignalSpy jump(m_window->jobsPane(), &ui::JobsPane::nodeRequested);
    Q_EMIT detail->podsTable()->cellDoubleClicked(0, 0);
    QCOMPARE(jump.size(), 1);
    QCOMPARE(jump[0][1].toString(), detail->podsTable()->item(0, 2)->text());
}

void JobsQuotasTest::resumeAndDeleteReachTheCluster() {
    auto *pane = m_window->jobsPane();
    QSignalSpy reported(pane, &ui::JobsPane::writeReported);
    QVERIFY(selectJob(QStringLiteral("jax-gemma-nlp")));
    QCOMPARE(kubectl({"get", "jaxjobs", "-n", "pipeline", "jax-gemma-nlp", "-o",
                      "jsonpath={.spec.runPolicy.suspend}"}),
             std::string("true"));
    auto *resume = pane->findChild<QToolButton *>(QStringLiteral("resumeJobsButton"));
    QVERIFY(resume->isEnabled());
    QVERIFY(!pane->findChild<QToolButton *>(QStringLiteral("suspendJobsButton"))->isEnabled());
    resume->click();
    QTRY_COMPARE_WITH_TIMEOUT(reported.size(), 1, 15000);
    QVERIFY2(!reported[0][0].toString().contains(QStringLiteral("failed")),
             qPrintable(reported[0][0].toString()));
    QCOMPARE(kubectl({"get", "jaxjobs", "-n", "pipeline", "jax-gemma-nlp", "-o",
                      "jsonpath={.spec.runPolicy.suspend}"}),
             std::string("false"));

    QVERIFY(selectJob(QStringLiteral("spark-pi")));
    const int before = pane->proxy()->rowCount();
    pane->deleteSelected(false);
    QTRY_COMPARE_WITH_TIMEOUT(reported.size(), 2, 15000);
    QVERIFY2(!reported[1][0].toString().contains(QStringLiteral("failed")),
             qPrintable(reported[1][0].toString()));
    const auto gone = m_sim->kubectl({"get", "sparkapplications", "-n", "pipeline", "spark-pi"});
    QVERIFY(gone.exitCode != 0);
    QVERIFY(gone.err.find("NotFound") != std::string::npos);
    QTRY_COMPARE_WITH_TIMEOUT(pane->proxy()->rowCount(), before - 1, 10000);
}

ui::QuotaEditDialog *JobsQuotasTest::editQuota(const QString &ns, const QString &resource) {
    m_window->showPane(QStringLiteral("quotasPane"));
    auto *pane = m_window->quotasPane();
    auto *view = pane->view();
    const auto *model = static_cast<const models::QuotaTableModel *>(pane->proxy()->sourceModel());
    for (int r = 0; r < pane->proxy()->rowCount(); ++r) {
        const auto &row = model->row(pane->proxy()->mapToSource(pane->proxy()->index(r, 0)).row());
        if (row.quota.kind == k8s::QuotaRow::Kind::ResourceQuota &&
            QString::fromStdString(row.quota.ns) == ns &&
            QString::fromStdString(row.quota.resource) == resource) {
            view->selectRow(r);
            return pane->editSelected();
        }
    }
    return nullptr;
}

void JobsQuotasTest::quotaEditorValidatesPreviewsAndPatches() {
    auto *dialog = editQuota(QStringLiteral("pipeline"), QStringLiteral("requests.cpu"));
    QVERIFY(dialog);
    auto *table = dialog->table();
    auto *apply = dialog->findChild<QPushButton *>(QStringLiteral("quotaApply"));
    auto *preview = dialog->findChild<QPlainTextEdit *>(QStringLiteral("quotaPreview"));
    QVERIFY(!apply->isEnabled()); // nothing changed yet
    int cpu = -1;
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, 0) && table->item(r, 0)->text() == QStringLiteral("requests.cpu"))
            cpu = r;
    QVERIFY(cpu >= 0);
    table->item(cpu, 1)->setText(QStringLiteral("12 cores"));
    QVERIFY(!apply->isEnabled());
    QVERIFY(dialog->error().contains(QStringLiteral("not a quantity")));
    table->item(cpu, 1)->setText(QStringLiteral("420"));
    QVERIFY(dialog->error().isEmpty());
    QCOMPARE(preview->toPlainText(), QStringLiteral("requests.cpu: 400 → 420"));
    QVERIFY(apply->isEnabled());
    apply->click();
    QTRY_VERIFY_WITH_TIMEOUT(dialog->resultText().startsWith(QStringLiteral("Applied")), 15000);
    QCOMPARE(kubectl({"get", "resourcequota", "-n", "pipeline", "pipeline-quota", "-o",
                      "jsonpath={.spec.hard.requests\\.cpu}"}),
             std::string("420"));
    delete dialog;
}

void JobsQuotasTest::quotaEditorRefusesAQuotaChangedMeanwhile() {
    // The watch must have delivered the previous edit, or the dialog starts from a stale quota.
    auto *c = m_hub->clusters().front();
    QTRY_VERIFY_WITH_TIMEOUT(
        c->store().quotas().count("pipeline/pipeline-quota") &&
            c->store().quotas().at("pipeline/pipeline-quota")->specHard().get("requests.cpu") ==
                420000,
        10000);
    auto *dialog = editQuota(QStringLiteral("pipeline"), QStringLiteral("requests.cpu"));
    QVERIFY(dialog);
    // Someone else changes the quota after the dialog read it.
    kubectl({"patch", "resourcequota", "-n", "pipeline", "pipeline-quota", "--type", "merge", "-p",
             R"({"spec":{"hard":{"pods":"600"}}})"});
    auto *table = dialog->table();
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, 0) && table->item(r, 0)->text() == QStringLiteral("requests.cpu"))
            table->item(r, 1)->setText(QStringLiteral("10"));
    dialog->apply();
    QTRY_VERIFY_WITH_TIMEOUT(dialog->resultText().contains(QStringLiteral("changed on the server")),
                             15000);
    QCOMPARE(kubectl({"get", "resourcequota", "-n", "pipeline", "pipeline-quota", "-o",
                      "jsonpath={.spec.hard.requests\\.cpu}"}),
             std::string("420")); // nothing written
    delete dialog;
}

void JobsQuotasTest::cleanupTestCase() {
    m_window.reset();
    m_hub.reset();
    m_sim.reset();
}

QTEST_MAIN(JobsQuotasTest)
#include "jobsquotas_test.moc"
