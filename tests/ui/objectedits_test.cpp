// The resource browser's writes against the simulator through the real client, each checked with
// kubectl: the actions (scale, restart, suspend, run now, delete with its preconditions) after an
// access review that a read-only user fails, every one in the audit; and the YAML editor's edit
// session — a change dry-run (nothing stored, the server's result diffed) then applied with its
// resourceVersion; a change made meanwhile by someone else (409) shown as three versions and
// rebased; a Secret edited with its values masked whose values survive untouched and never reach
// the log; several objects created from one text; parse errors with their line.

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/corednseditor.h"
#include "models/objectactioncontroller.h"
#include "models/objecteditsession.h"
#include "models/resourcetablemodel.h"
#include "models/writeauditmodel.h"
#include "tests/support/simprocess.h"
#include "ui/corednsdialog.h"
#include "ui/helmreleasesdialog.h"
#include "ui/resourcebrowserpane.h"
#include "ui/resourcedetailpanel.h"
#include "ui/yamleditordialog.h"
#include "widgets/diffview.h"

#include <QCheckBox>
#include <QDir>
#include <QLabel>
#include <QLoggingCategory>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTabWidget>
#include <QTest>
#include <QTreeWidget>

#include <nlohmann/json.hpp>
#include <set>

using namespace cubedesk;
using Action = models::ObjectActionController::Action;
using Order = models::ObjectActionController::Order;

namespace {

QStringList g_log;

void captureLog(QtMsgType, const QMessageLogContext &, const QString &message) {
    g_log << message;
}

} // namespace

class ObjectEditsTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void accessReviewRefusesAReadOnlyUser();
    void scaleRestartAndCronJobActions();
    void deleteNeedsTheVersionTheUserSaw();
    void editDryRunThenApply();
    void conflictShowsThreeVersionsAndRebases();
    void secretValuesStayMaskedAndIntact();
    void createSeveralObjectsFromOneText();
    void parseErrorsCarryTheirLine();
    void theWindowsMenuAndEditor();
    void coreDnsHostsAndForwarders();
    void helmReleasesAndSchedulerPolicy();

private:
    models::ClusterConnection *cluster(const QString &name) const;
    nlohmann::json kubectlJson(const std::vector<std::string> &args) const;
    k8s::WorkloadWrites::Target target(const std::string &group, const std::string &version,
                                       const std::string &plural, const std::string &kind,
                                       const std::string &ns, const std::string &name) const;
    bool ask(models::ClusterConnection *c, const Order &order, QString *reason);
    models::ObjectActionController::Outcome perform(const Order &order);
    /// An edit of `ns`/`name` (a ConfigMap unless `plural` says otherwise), read (null and a
    /// test failure when it was not within 10 s).
    std::unique_ptr<models::ObjectEditSession> openEdit(const std::string &ns,
                                                        const std::string &name,
                                                        const std::string &plural = "configmaps",
                                                        const std::string &kind = "ConfigMap",
                                                        std::set<std::string> revealed = {});

    std::unique_ptr<test::SimProcess> m_sim;
    std::unique_ptr<models::ClusterHub> m_hub;
    std::unique_ptr<models::WriteAuditModel> m_audit;
    std::unique_ptr<models::ObjectActionController> m_actions;
};

void ObjectEditsTest::initTestCase() {
    m_sim = std::make_unique<test::SimProcess>(
        std::vector<std::string>{"--scenario", "demo", "--seed", "5", "--context-name", "alpha",
                                 "--readonly-token", "viewer-token"});
    QVERIFY2(m_sim->ready(), m_sim->error().c_str());
    m_hub = std::make_unique<models::ClusterHub>();
    m_hub->load({QString::fromStdString(m_sim->kubeconfig())});
    QVERIFY(cluster(QStringLiteral("alpha")) != nullptr);
    QVERIFY(cluster(QStringLiteral("alpha-readonly")) != nullptr);
    QTRY_VERIFY_WITH_TIMEOUT(cluster(QStringLiteral("alpha"))->synced() &&
                                 cluster(QStringLiteral("alpha"))->session()->discovery(),
                             30000);
    m_audit = std::make_unique<models::WriteAuditModel>();
    m_actions = std::make_unique<models::ObjectActionController>(m_audit.get());
}

void ObjectEditsTest::cleanupTestCase() {
    m_actions.reset();
    m_hub.reset();
}

models::ClusterConnection *ObjectEditsTest::cluster(const QString &name) const {
    for (auto *c : m_hub->clusters())
        if (c->name() == name)
            return c;
    return nullptr;
}

nlohmann::json ObjectEditsTest::kubectlJson(const std::vector<std::string> &args) const {
    std::vector<std::string> a = {"get"};
    a.insert(a.end(), args.begin(), args.end());
    a.insert(a.end(), {"-o", "json"});
    const auto r = m_sim->kubectl(a);
    if (r.exitCode != 0)
        return nullptr;
    return nlohmann::json::parse(r.out, nullptr, false);
}

k8s::WorkloadWrites::Target ObjectEditsTest::target(const std::string &group,
                                                    const std::string &version,
                                                    const std::string &plural,
                                                    const std::string &kind, const std::string &ns,
                                                    const std::string &name) const {
    const auto object =
        kubectlJson({group.empty() ? plural : plural + '.' + group, name, "-n", ns});
    return {k8s::ResourceDescriptor(k8s::ObjectKind::CustomResource, group, version, plural, true),
            ns,
            name,
            object.is_object() ? object["metadata"].value("resourceVersion", "") : "",
            object.is_object() ? object["metadata"].value("uid", "") : "",
            kind};
}

bool ObjectEditsTest::ask(models::ClusterConnection *c, const Order &order, QString *reason) {
    std::optional<bool> answer;
    m_actions->askPermission(c, order, m_actions.get(), [&](bool allowed, const QString &why) {
        answer = allowed;
        *reason = why;
    });
    [&] { QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 10000); }();
    return answer.value_or(false);
}

models::ObjectActionController::Outcome ObjectEditsTest::perform(const Order &order) {
    QSignalSpy done(m_actions.get(), &models::ObjectActionController::finished);
    const quint64 id = m_actions->perform(cluster(QStringLiteral("alpha")), order);
    [&] { QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 15000); }();
    if (done.isEmpty())
        return {};
    auto outcome = done.front().front().value<models::ObjectActionController::Outcome>();
    [&] { QCOMPARE(outcome.id, id); }();
    return outcome;
}

std::unique_ptr<models::ObjectEditSession>
ObjectEditsTest::openEdit(const std::string &ns, const std::string &name, const std::string &plural,
                          const std::string &kind, std::set<std::string> revealed) {
    auto edit = std::make_unique<models::ObjectEditSession>(
        cluster(QStringLiteral("alpha")), m_actions.get(), target("", "v1", plural, kind, ns, name),
        std::move(revealed));
    QSignalSpy loaded(edit.get(), &models::ObjectEditSession::loaded);
    edit->load();
    return loaded.wait(10000) || !loaded.isEmpty() ? std::move(edit) : nullptr;
}

void ObjectEditsTest::accessReviewRefusesAReadOnlyUser() {
    Order order;
    order.action = Action::Scale;
    order.target =
        target("apps", "v1", "deployments", "Deployment", "monitoring", "kube-state-metrics");
    QString reason;
    QVERIFY(ask(cluster(QStringLiteral("alpha")), order, &reason));
    QVERIFY(reason.isEmpty());
    auto *viewer = cluster(QStringLiteral("alpha-readonly"));
    QTRY_VERIFY_WITH_TIMEOUT(viewer->session() != nullptr, 10000);
    QVERIFY(!ask(viewer, order, &reason));
    QVERIFY2(reason.contains(QStringLiteral("RBAC")) &&
                 reason.contains(QStringLiteral("deployments/scale")),
             qPrintable(reason));
    // Read-only mode answers at once, without asking the cluster.
    viewer->setReadOnly(true);
    QVERIFY(!ask(viewer, order, &reason));
    QVERIFY2(reason.contains(QStringLiteral("read-only")), qPrintable(reason));
    viewer->setReadOnly(false);
}

void ObjectEditsTest::scaleRestartAndCronJobActions() {
    const int auditBefore = m_audit->rowCount();
    Order scale;
    scale.action = Action::Scale;
    scale.target =
        target("apps", "v1", "deployments", "Deployment", "monitoring", "kube-state-metrics");
    scale.replicas = 2;
    auto o = perform(scale);
    QVERIFY2(o.ok, qPrintable(o.message));
    QCOMPARE(kubectlJson({"deployment", "kube-state-metrics", "-n", "monitoring"})["spec"].value(
                 "replicas", -1),
             2);
    // Audited with what was done and how it ended.
    QCOMPARE(m_audit->rowCount(), auditBefore + 1);
    const auto &row = m_audit->entry(m_audit->rowCount() - 1);
    QCOMPARE(row.cluster, QStringLiteral("alpha"));
    QCOMPARE(row.target, QStringLiteral("Deployment monitoring/kube-state-metrics"));
    QCOMPARE(row.action, QStringLiteral("Scale to 2"));
    QCOMPARE(row.result, QStringLiteral("done"));

    // The simulator's deployment controller updates the status after the scale: the version
    // read for the restart may be overtaken meanwhile (a 409, "changed since you looked"), and
    // the user would look again and restart again.
    Order restart;
    restart.action = Action::Restart;
    for (int attempt = 0; attempt < 5; ++attempt) {
        restart.target =
            target("apps", "v1", "deployments", "Deployment", "monitoring", "kube-state-metrics");
        o = perform(restart);
        if (o.ok || !o.message.contains(QStringLiteral("409")))
            break;
    }
    QVERIFY2(o.ok, qPrintable(o.message));
    const auto deployment = kubectlJson({"deployment", "kube-state-metrics", "-n", "monitoring"});
    QVERIFY(!deployment["spec"]["template"]["metadata"]["annotations"]
                 .value("kubectl.kubernetes.io/restartedAt", "")
                 .empty());

    Order suspend;
    suspend.action = Action::Suspend;
    suspend.target = target("batch", "v1", "cronjobs", "CronJob", "infra", "mysql-backup");
    o = perform(suspend);
    QVERIFY2(o.ok, qPrintable(o.message));
    QCOMPARE(
        kubectlJson({"cronjob", "mysql-backup", "-n", "infra"})["spec"].value("suspend", false),
        true);
    Order resume = suspend;
    resume.action = Action::Resume;
    resume.target = target("batch", "v1", "cronjobs", "CronJob", "infra", "mysql-backup");
    o = perform(resume);
    QVERIFY2(o.ok, qPrintable(o.message));
    QCOMPARE(kubectlJson({"cronjob", "mysql-backup", "-n", "infra"})["spec"].value("suspend", true),
             false);

    Order run;
    run.action = Action::RunNow;
    run.target = target("batch", "v1", "cronjobs", "CronJob", "infra", "mysql-backup");
    o = perform(run);
    QVERIFY2(o.ok, qPrintable(o.message));
    const auto job = nlohmann::json::parse(o.body, nullptr, false);
    const std::string jobName = job["metadata"].value("name", "");
    QVERIFY2(jobName.rfind("mysql-backup-manual-", 0) == 0, jobName.c_str());
    QCOMPARE(kubectlJson({"job", jobName, "-n", "infra"})["metadata"]["ownerReferences"][0].value(
                 "name", ""),
             std::string("mysql-backup"));
    QCOMPARE(m_audit->rowCount(), auditBefore + 5);
}

void ObjectEditsTest::deleteNeedsTheVersionTheUserSaw() {
    QVERIFY(m_sim->kubectl({"create", "configmap", "doomed", "-n", "infra", "--from-literal=a=1"})
                .exitCode == 0);
    Order remove;
    remove.action = Action::Delete;
    remove.target = target("", "v1", "configmaps", "ConfigMap", "infra", "doomed");
    // Someone changes it after the user looked: the delete is refused, nothing is deleted.
    QVERIFY(
        m_sim->kubectl({"label", "configmap", "doomed", "-n", "infra", "touched=yes"}).exitCode ==
        0);
    auto o = perform(remove);
    QVERIFY(!o.ok);
    QCOMPARE(o.status, 409);
    QVERIFY2(o.message.contains(QStringLiteral("changed on the cluster")), qPrintable(o.message));
    QVERIFY(kubectlJson({"configmap", "doomed", "-n", "infra"}).is_object());
    QVERIFY(m_audit->entry(m_audit->rowCount() - 1).result.contains(QStringLiteral("409")));
    // Looked at again: deleted.
    remove.target = target("", "v1", "configmaps", "ConfigMap", "infra", "doomed");
    remove.propagation = k8s::WorkloadWrites::Propagation::Foreground;
    o = perform(remove);
    QVERIFY2(o.ok, qPrintable(o.message));
    QTRY_VERIFY_WITH_TIMEOUT(kubectlJson({"configmap", "doomed", "-n", "infra"}).is_null(), 10000);
    QCOMPARE(m_audit->entry(m_audit->rowCount() - 1).action, QStringLiteral("Delete (Foreground)"));
}

void ObjectEditsTest::editDryRunThenApply() {
    const auto opened = openEdit("infra", "kubeflow-dashboard-config");
    QVERIFY(opened);
    auto &edit = *opened;
    QVERIFY(edit.baseText().contains(QStringLiteral("ENVIRONMENT: prod")));
    QVERIFY(!edit.baseText().contains(QStringLiteral("managedFields")));
    QVERIFY(!edit.parseError());
    QVERIFY(edit.diffToBase().empty());

    QString text = edit.baseText();
    text.replace(QStringLiteral("ENVIRONMENT: prod"), QStringLiteral("ENVIRONMENT: staging"));
    edit.setText(text);
    QVERIFY(!edit.parseError());
    const auto diff = edit.diffToBase();
    QCOMPARE(k8s::LineDiff::count(diff).added, std::size_t(1));
    QCOMPARE(k8s::LineDiff::count(diff).removed, std::size_t(1));
    QVERIFY(!edit.canApply());
    edit.apply(); // refused before a dry run
    QVERIFY(kubectlJson({"configmap", "kubeflow-dashboard-config", "-n", "infra"})["data"].value(
                "ENVIRONMENT", "") == "prod");

    QSignalSpy dry(&edit, &models::ObjectEditSession::dryRunFinished);
    edit.dryRun();
    QTRY_COMPARE_WITH_TIMEOUT(dry.count(), 1, 10000);
    QVERIFY2(dry.front().at(0).toBool(), qPrintable(dry.front().at(1).toString()));
    bool sawChange = false;
    for (const auto &line : edit.dryRunDiff())
        sawChange |= line.op == k8s::LineDiff::Op::Added &&
                     line.text.find("ENVIRONMENT: staging") != std::string::npos;
    QVERIFY(sawChange);
    // A dry run stores nothing.
    QCOMPARE(kubectlJson({"configmap", "kubeflow-dashboard-config", "-n", "infra"})["data"].value(
                 "ENVIRONMENT", ""),
             std::string("prod"));
    QVERIFY(edit.canApply());
    // Any other text needs its own dry run; exactly the text that passed may be applied.
    edit.setText(text + QStringLiteral("# note\n"));
    QVERIFY(!edit.canApply());
    edit.setText(text);
    QVERIFY(edit.canApply());

    QSignalSpy applied(&edit, &models::ObjectEditSession::applyFinished);
    edit.apply();
    QTRY_COMPARE_WITH_TIMEOUT(applied.count(), 1, 10000);
    QVERIFY2(applied.front().at(0).toBool(), qPrintable(applied.front().at(1).toString()));
    QCOMPARE(kubectlJson({"configmap", "kubeflow-dashboard-config", "-n", "infra"})["data"].value(
                 "ENVIRONMENT", ""),
             std::string("staging"));
    QCOMPARE(m_audit->entry(m_audit->rowCount() - 1).action, QStringLiteral("Apply YAML"));
    QCOMPARE(m_audit->entry(m_audit->rowCount() - 1).result, QStringLiteral("done"));
}

void ObjectEditsTest::conflictShowsThreeVersionsAndRebases() {
    const auto opened = openEdit("infra", "kubeflow-dashboard-config");
    QVERIFY(opened);
    auto &edit = *opened;
    // Lines apart (changes on neighbouring lines overlap, as in any diff3).
    QString mine = edit.baseText();
    mine.replace(QStringLiteral("ENVIRONMENT: staging"), QStringLiteral("ENVIRONMENT: qa"));
    edit.setText(mine);
    // Meanwhile someone else changes another key.
    QVERIFY(m_sim
                ->kubectl({"patch", "configmap", "kubeflow-dashboard-config", "-n", "infra",
                           "--type=merge", "-p", R"({"data":{"SERVICE_DOMAIN":"svc.corp"}})"})
                .exitCode == 0);
    QSignalSpy conflicted(&edit, &models::ObjectEditSession::conflicted);
    edit.dryRun();
    QTRY_COMPARE_WITH_TIMEOUT(conflicted.count(), 1, 10000);
    QCOMPARE(edit.stage(), models::ObjectEditSession::Stage::Conflict);
    QVERIFY(edit.theirsText().contains(QStringLiteral("SERVICE_DOMAIN: svc.corp")));
    QVERIFY(edit.baseText().contains(QStringLiteral("SERVICE_DOMAIN: service.local.com")));
    QVERIFY(edit.text().contains(QStringLiteral("ENVIRONMENT: qa")));
    // Rebased: both changes, on their version.
    QVERIFY2(edit.rebase(), qPrintable(edit.text()));
    QVERIFY(edit.text().contains(QStringLiteral("SERVICE_DOMAIN: svc.corp")));
    QVERIFY(edit.text().contains(QStringLiteral("ENVIRONMENT: qa")));
    QSignalSpy dry(&edit, &models::ObjectEditSession::dryRunFinished);
    edit.dryRun();
    QTRY_COMPARE_WITH_TIMEOUT(dry.count(), 1, 10000);
    QVERIFY2(dry.front().at(0).toBool(), qPrintable(dry.front().at(1).toString()));
    QSignalSpy applied(&edit, &models::ObjectEditSession::applyFinished);
    edit.apply();
    QTRY_COMPARE_WITH_TIMEOUT(applied.count(), 1, 10000);
    QVERIFY2(applied.front().at(0).toBool(), qPrintable(applied.front().at(1).toString()));
    const auto data =
        kubectlJson({"configmap", "kubeflow-dashboard-config", "-n", "infra"})["data"];
    QCOMPARE(data.value("SERVICE_DOMAIN", ""), std::string("svc.corp"));
    QCOMPARE(data.value("ENVIRONMENT", ""), std::string("qa"));

    // Overlapping changes are not merged: the edit stays as it was.
    const auto reopened = openEdit("infra", "kubeflow-dashboard-config");
    QVERIFY(reopened);
    auto &second = *reopened;
    QString clash = second.baseText();
    clash.replace(QStringLiteral("REDIS_HOST: redis.infra"),
                  QStringLiteral("REDIS_HOST: mine.infra"));
    second.setText(clash);
    QVERIFY(m_sim
                ->kubectl({"patch", "configmap", "kubeflow-dashboard-config", "-n", "infra",
                           "--type=merge", "-p", R"({"data":{"REDIS_HOST":"theirs.infra"}})"})
                .exitCode == 0);
    QSignalSpy conflicted2(&second, &models::ObjectEditSession::conflicted);
    second.dryRun();
    QTRY_COMPARE_WITH_TIMEOUT(conflicted2.count(), 1, 10000);
    QVERIFY(!second.rebase());
    QCOMPARE(second.text(), clash);
    QCOMPARE(kubectlJson({"configmap", "kubeflow-dashboard-config", "-n", "infra"})["data"].value(
                 "REDIS_HOST", ""),
             std::string("theirs.infra"));
}

void ObjectEditsTest::secretValuesStayMaskedAndIntact() {
    g_log.clear();
    const auto previous = qInstallMessageHandler(captureLog);
    QLoggingCategory::setFilterRules(QStringLiteral("cubedesk.*=true"));
    const auto before = kubectlJson({"secret", "mysql-secret", "-n", "infra"});
    const auto opened = openEdit("infra", "mysql-secret", "secrets", "Secret", {"database"});
    QVERIFY(opened);
    auto &edit = *opened;
    // "admin" base64 is YWRtaW4=; "root" cm9vdA==: never shown; "database" was revealed.
    QVERIFY(!edit.baseText().contains(QStringLiteral("YWRtaW4=")));
    QVERIFY(!edit.baseText().contains(QStringLiteral("cm9vdA==")));
    QVERIFY2(edit.baseText().contains(QStringLiteral("password: \"<hidden: 5 bytes>\"")),
             qPrintable(edit.baseText()));
    QVERIFY(edit.baseText().contains(QStringLiteral("database: a3ViZWZsb3c=")));
    QString text = edit.baseText();
    text.replace(QStringLiteral("metadata:\n"),
                 QStringLiteral("metadata:\n  labels:\n    rotated: \"no\"\n"));
    edit.setText(text);
    QSignalSpy dry(&edit, &models::ObjectEditSession::dryRunFinished);
    edit.dryRun();
    QTRY_COMPARE_WITH_TIMEOUT(dry.count(), 1, 10000);
    QVERIFY2(dry.front().at(0).toBool(), qPrintable(dry.front().at(1).toString()));
    for (const auto &line : edit.dryRunDiff())
        QVERIFY2(line.text.find("YWRtaW4=") == std::string::npos, line.text.c_str());
    QSignalSpy applied(&edit, &models::ObjectEditSession::applyFinished);
    edit.apply();
    QTRY_COMPARE_WITH_TIMEOUT(applied.count(), 1, 10000);
    QVERIFY2(applied.front().at(0).toBool(), qPrintable(applied.front().at(1).toString()));
    const auto after = kubectlJson({"secret", "mysql-secret", "-n", "infra"});
    QVERIFY(after["data"] == before["data"]);
    QCOMPARE(after["metadata"]["labels"].value("rotated", ""), std::string("no"));
    QVERIFY(!edit.text().contains(QStringLiteral("YWRtaW4=")));
    qInstallMessageHandler(previous);
    QVERIFY(!g_log.isEmpty());        // the write was logged …
    for (const QString &line : g_log) // … without a value
        QVERIFY2(!line.contains(QStringLiteral("YWRtaW4=")) &&
                     !line.contains(QStringLiteral("cm9vdA==")),
                 qPrintable(line));
}

void ObjectEditsTest::createSeveralObjectsFromOneText() {
    auto *alpha = cluster(QStringLiteral("alpha"));
    models::ObjectEditSession create(alpha, m_actions.get(), QStringLiteral("infra"));
    create.load();
    QVERIFY(!create.parseError());
    create.setText(QStringLiteral("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: made-one\n"
                                  "data:\n  replicas: \"3\"\n  enabled: \"true\"\n---\n"
                                  "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: made-two\n"
                                  "  namespace: kubeflow\ndata:\n  x: y\n---\n"));
    QVERIFY(!create.parseError());
    QCOMPARE(create.documents().size(), std::size_t(2));
    QSignalSpy dry(&create, &models::ObjectEditSession::dryRunFinished);
    create.dryRun();
    QTRY_COMPARE_WITH_TIMEOUT(dry.count(), 1, 10000);
    QVERIFY2(dry.front().at(0).toBool(), qPrintable(dry.front().at(1).toString()));
    QVERIFY(kubectlJson({"configmap", "made-one", "-n", "infra"}).is_null());
    QSignalSpy applied(&create, &models::ObjectEditSession::applyFinished);
    create.apply();
    QTRY_COMPARE_WITH_TIMEOUT(applied.count(), 1, 15000);
    QVERIFY2(applied.front().at(0).toBool(), qPrintable(applied.front().at(1).toString()));
    const auto one = kubectlJson({"configmap", "made-one", "-n", "infra"});
    // Quoted scalars stay strings, as kubectl reads them.
    QCOMPARE(one["data"].value("replicas", ""), std::string("3"));
    QCOMPARE(one["data"].value("enabled", ""), std::string("true"));
    QVERIFY(kubectlJson({"configmap", "made-two", "-n", "kubeflow"}).is_object());

    // A kind the cluster does not serve is refused before anything is sent, with its line.
    create.setText(QStringLiteral("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: made-3\n"
                                  "---\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n"
                                  "  name: w\n"));
    create.dryRun();
    QTRY_COMPARE_WITH_TIMEOUT(dry.count(), 2, 10000);
    QVERIFY(!dry.back().at(0).toBool());
    QVERIFY2(dry.back().at(1).toString().contains(QStringLiteral("Line 6")),
             qPrintable(dry.back().at(1).toString()));
    QVERIFY(kubectlJson({"configmap", "made-3", "-n", "infra"}).is_null());
}

void ObjectEditsTest::parseErrorsCarryTheirLine() {
    models::ObjectEditSession create(cluster(QStringLiteral("alpha")), m_actions.get(),
                                     QStringLiteral("infra"));
    create.load();
    create.setText(QStringLiteral("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: [x\n"));
    QVERIFY(create.parseError().has_value());
    QVERIFY(create.parseError()->line >= 4);
    create.setText(QStringLiteral("kind: ConfigMap\nmetadata:\n  name: x\n"));
    QVERIFY(create.parseError().has_value());
    QVERIFY2(create.parseError()->message.contains(QStringLiteral("apiVersion")),
             qPrintable(create.parseError()->message));
    QSignalSpy dry(&create, &models::ObjectEditSession::dryRunFinished);
    create.dryRun();
    QCOMPARE(dry.count(), 1); // refused at once
    QVERIFY(!dry.front().at(0).toBool());
}

// The same, as the user meets it: the context menu offers what fits the kind, and the editor
// window validates, dry-runs, applies, and shows a conflict's three versions.
void ObjectEditsTest::theWindowsMenuAndEditor() {
    ui::ResourceBrowserPane pane(m_hub.get());
    pane.setScope({QStringLiteral("alpha")});
    pane.setActions(m_actions.get());
    pane.resize(1400, 900);
    pane.show();
    QTRY_VERIFY_WITH_TIMEOUT(pane.openType(QStringLiteral("deployments.apps")), 20000);
    QTRY_VERIFY_WITH_TIMEOUT(pane.model()->allLive() && pane.model()->rowCount() > 3, 20000);
    const auto entries = [&](const ui::ResourceActionMenu::Subject &subject) {
        QMenu menu;
        pane.actions()->fill(&menu, subject);
        QStringList names;
        for (QAction *a : menu.actions())
            if (!a->isSeparator())
                names << a->text();
        return names;
    };
    int row = -1;
    for (int i = 0; i < pane.model()->rowCount(); ++i)
        if (pane.model()->row(i).key == QStringLiteral("monitoring/kube-state-metrics"))
            row = i;
    QVERIFY(row >= 0);
    const auto deployment = pane.subjectAt(row);
    QCOMPARE(deployment.target.kind, std::string("Deployment"));
    QVERIFY(deployment.replicas.has_value());
    QCOMPARE(entries(deployment),
             (QStringList{QStringLiteral("Edit YAML…"), QStringLiteral("Scale…"),
                          QStringLiteral("Restart (rollout)"), QStringLiteral("Delete…")}));
    QVERIFY(pane.openType(QStringLiteral("cronjobs.batch")));
    QTRY_VERIFY_WITH_TIMEOUT(pane.model()->allLive() && pane.model()->rowCount() > 0, 20000);
    int suspended = -1;
    for (int i = 0; i < pane.model()->rowCount(); ++i)
        if (pane.model()->row(i).key == QStringLiteral("pipeline/clean-pipeline-workspace"))
            suspended = i;
    QVERIFY(suspended >= 0);
    QCOMPARE(entries(pane.subjectAt(suspended)),
             (QStringList{QStringLiteral("Edit YAML…"), QStringLiteral("Resume"),
                          QStringLiteral("Run now"), QStringLiteral("Delete…")}));

    QVERIFY(pane.openType(QStringLiteral("configmaps")));
    QTRY_VERIFY_WITH_TIMEOUT(pane.model()->allLive() && pane.model()->rowCount() > 0, 20000);
    int coredns = -1;
    for (int i = 0; i < pane.model()->rowCount(); ++i)
        if (pane.model()->row(i).key == QStringLiteral("kube-system/coredns"))
            coredns = i;
    QVERIFY(coredns >= 0);
    QCOMPARE(
        entries(pane.subjectAt(coredns)),
        (QStringList{QStringLiteral("Edit YAML…"), QStringLiteral("Edit DNS hosts and forwarders…"),
                     QStringLiteral("Delete…")}));
    auto *dialog = pane.openEditor(pane.subjectAt(coredns));
    QVERIFY(dialog != nullptr);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->editor()->isReadOnly(), 10000);
    // The Corefile reads as a block, as it was written.
    QVERIFY2(dialog->editor()->toPlainText().contains(QStringLiteral("Corefile: |\n")),
             qPrintable(dialog->editor()->toPlainText()));
    QVERIFY(!dialog->applyButton()->isEnabled());
    // A typing error shows with its line; Dry run waits for valid YAML.
    QString text = dialog->editor()->toPlainText();
    dialog->editor()->setPlainText(text + QStringLiteral("extra: [\n"));
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->dryRunButton()->isEnabled(), 5000);
    auto *parse = dialog->findChild<QLabel *>(QStringLiteral("yamlParseStatus"));
    QVERIFY2(parse->text().startsWith(QStringLiteral("Line ")), qPrintable(parse->text()));
    text.replace(QStringLiteral("10.101.140.101 modelscope.cn"),
                 QStringLiteral("10.101.140.111 modelscope.cn"));
    dialog->editor()->setPlainText(text);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->dryRunButton()->isEnabled(), 5000);
    auto *changes = dialog->findChild<widgets::DiffView *>(QStringLiteral("yamlChanges"));
    QCOMPARE(changes->counts().added, std::size_t(1));
    QTest::mouseClick(dialog->dryRunButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->applyButton()->isEnabled(), 10000);
    QDir().mkpath(QStringLiteral("test-output/ui"));
    QVERIFY(dialog->grab().save(QStringLiteral("test-output/ui/yaml-editor-dry-run.png")));
    QTest::mouseClick(dialog->applyButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->statusText().contains(QStringLiteral("done")), 10000);
    QVERIFY(kubectlJson({"configmap", "coredns", "-n", "kube-system"})["data"]
                .value("Corefile", "")
                .find("10.101.140.111 modelscope.cn") != std::string::npos);

    // Someone else changes it while it is open: the conflict's three versions.
    text = dialog->editor()->toPlainText();
    text.replace(QStringLiteral("10.101.140.98 docker.oa.com"),
                 QStringLiteral("10.101.140.97 docker.oa.com"));
    dialog->editor()->setPlainText(text);
    QVERIFY(m_sim->kubectl({"label", "configmap", "coredns", "-n", "kube-system", "edited=by-hand"})
                .exitCode == 0);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->dryRunButton()->isEnabled(), 5000);
    QTest::mouseClick(dialog->dryRunButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->rebaseButton()->isEnabled(), 10000);
    QCOMPARE(dialog->tabs()->currentIndex(), 2);
    QVERIFY(dialog->findChild<QPlainTextEdit *>(QStringLiteral("conflictTheirs"))
                ->toPlainText()
                .contains(QStringLiteral("edited: by-hand")));
    QVERIFY(dialog->grab().save(QStringLiteral("test-output/ui/yaml-editor-conflict.png")));
    QTest::mouseClick(dialog->rebaseButton(), Qt::LeftButton);
    QVERIFY(dialog->editor()->toPlainText().contains(QStringLiteral("edited: by-hand")));
    QVERIFY(dialog->editor()->toPlainText().contains(QStringLiteral("10.101.140.97 docker")));
    dialog->close();
}

// The platform's intranet DNS as tables: a wrong cell is marked and blocks Save; a new host and
// a changed forwarder reach the Corefile (checked with kubectl), the rest of it untouched.
void ObjectEditsTest::coreDnsHostsAndForwarders() {
    const std::string before =
        kubectlJson({"configmap", "coredns", "-n", "kube-system"})["data"].value("Corefile", "");
    ui::CoreDnsDialog dialog(cluster(QStringLiteral("alpha")), m_actions.get());
    dialog.show();
    QTRY_COMPARE_WITH_TIMEOUT(dialog.hosts()->rowCount(), 5, 10000);
    QCOMPARE(dialog.forwarders()->rowCount(), 1);
    QCOMPARE(dialog.forwarders()->item(0, 0)->text(), QStringLiteral("oa.com"));
    QCOMPARE(dialog.forwarders()->item(0, 1)->text(), QStringLiteral("10.88.0.53"));
    QVERIFY(!dialog.saveButton()->isEnabled()); // nothing changed yet
    // A new row, first wrong.
    const int row = dialog.hosts()->rowCount();
    dialog.hosts()->insertRow(row);
    dialog.hosts()->setItem(row, 0, new QTableWidgetItem(QStringLiteral("10.101.140")));
    dialog.hosts()->setItem(row, 1, new QTableWidgetItem(QStringLiteral("hub.internal")));
    QVERIFY2(dialog.problemsText().contains(QStringLiteral("row 6")),
             qPrintable(dialog.problemsText()));
    QVERIFY(!dialog.saveButton()->isEnabled());
    QVERIFY(!dialog.hosts()->item(row, 0)->toolTip().isEmpty());
    dialog.hosts()->item(row, 0)->setText(QStringLiteral("10.101.140.120"));
    QVERIFY(dialog.problemsText().isEmpty());
    dialog.forwarders()->item(0, 1)->setText(QStringLiteral("10.88.0.53 10.88.0.54:53"));
    QVERIFY(dialog.saveButton()->isEnabled());
    QVERIFY(dialog.grab().save(QStringLiteral("test-output/ui/coredns-editor.png")));
    QTest::mouseClick(dialog.saveButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(dialog.statusText().startsWith(QStringLiteral("Saved")), 10000);
    const std::string after =
        kubectlJson({"configmap", "coredns", "-n", "kube-system"})["data"].value("Corefile", "");
    QVERIFY2(after.find("10.101.140.120 hub.internal") != std::string::npos, after.c_str());
    QVERIFY2(after.find("forward . 10.88.0.53 10.88.0.54:53") != std::string::npos, after.c_str());
    // Only those lines changed.
    const auto diff = k8s::LineDiff::diff(before, after);
    QCOMPARE(k8s::LineDiff::count(diff).added, std::size_t(2));
    QCOMPARE(k8s::LineDiff::count(diff).removed, std::size_t(1));
    QCOMPARE(m_audit->entry(m_audit->rowCount() - 1).action,
             QStringLiteral("Edit CoreDNS hosts and forwarders"));
    QTRY_COMPARE_WITH_TIMEOUT(dialog.hosts()->rowCount(), 6, 5000); // read back
}

// Helm's releases as `helm list` and `helm history` show them, and a scheduler policy kept in a
// ConfigMap as readable rows.
void ObjectEditsTest::helmReleasesAndSchedulerPolicy() {
    ui::HelmReleasesDialog helm({cluster(QStringLiteral("alpha"))});
    helm.show();
    QTRY_VERIFY_WITH_TIMEOUT(helm.releases()->topLevelItemCount() >= 3, 10000);
    QVERIFY(helm.selectRelease(QStringLiteral("alpha"), QStringLiteral("monitoring"),
                               QStringLiteral("prometheus")));
    QCOMPARE(helm.history()->topLevelItemCount(), 3);
    QVERIFY(!helm.values()->toPlainText().isEmpty());
    const QString user = helm.values()->toPlainText();
    helm.computedValues()->setChecked(true);
    QVERIFY(helm.values()->toPlainText().size() >= user.size());
    QVERIFY(helm.manifest()->toPlainText().contains(QStringLiteral("kind:")));
    QVERIFY(helm.grab().save(QStringLiteral("test-output/ui/helm-releases.png")));

    ui::ResourceBrowserPane pane(m_hub.get());
    pane.setScope({QStringLiteral("alpha")});
    pane.resize(1400, 900);
    pane.show();
    QTRY_VERIFY_WITH_TIMEOUT(pane.openType(QStringLiteral("configmaps")), 20000);
    QTRY_VERIFY_WITH_TIMEOUT(pane.model()->allLive() && pane.model()->rowCount() > 0, 20000);
    pane.selectObject(QStringLiteral("alpha"), QStringLiteral("kube-system"),
                      QStringLiteral("scheduler-policy-config"));
    auto *policy = pane.detail()->schedulerPolicy();
    QTRY_VERIFY_WITH_TIMEOUT(policy->topLevelItemCount() > 5, 10000);
    bool avoid = false;
    for (int i = 0; i < policy->topLevelItemCount(); ++i)
        avoid |=
            policy->topLevelItem(i)->text(1) == QStringLiteral("NodePreferAvoidPodsPriority") &&
            policy->topLevelItem(i)->text(2) == QStringLiteral("10000");
    QVERIFY(avoid);
    pane.detail()->tabs()->setCurrentIndex(3);
    QVERIFY(pane.grab().save(QStringLiteral("test-output/ui/scheduler-policy.png")));
}

QTEST_MAIN(ObjectEditsTest)
#include "objectedits_test.moc"
