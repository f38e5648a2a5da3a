// The resource browser offscreen, against the simulator through the real client: the navigator
// from discovery (every heading, custom resources by group), a type's live table with the
// server's columns and exactly kubectl's objects (QAbstractItemModelTester on the way), a
// namespace and a label selector, objects created and deleted while shown, an object's YAML
// (a Secret's values masked), events and related objects with a jump to the owner, the watches
// stopped a while after the pane is hidden (rows and their memory gone) and resumed when shown,
// and two clusters in one table. Screenshots go to test-output/ui/.

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/resourcecatalogmodel.h"
#include "models/resourcetablemodel.h"
#include "models/sortfilterindex.h"
#include "tests/support/simprocess.h"
#include "tests/support/textcolumns.h"
#include "ui/resourcebrowserpane.h"
#include "ui/resourcedetailpanel.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QTableView>
#include <QTabWidget>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>

#include <set>

using namespace cubedesk;

class ResourceBrowserTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void navigatorFromDiscovery();
    void liveTableAsKubectlSeesIt();
    void scopeSelectorAndFilter();
    void detailYamlEventsAndRelated();
    void hiddenPaneStopsWatching();
    void twoClustersInOneTable();

private:
    std::set<std::string> kubectlNames(const std::vector<std::string> &args) const;
    int rowOf(const ui::ResourceBrowserPane &pane, const QString &ns, const QString &name) const;
    void saveShot(QWidget &widget, const QString &name) const;

    std::unique_ptr<test::SimProcess> m_sim;
    std::unique_ptr<test::SimProcess> m_other;
    std::unique_ptr<models::ClusterHub> m_hub;
    std::unique_ptr<ui::ResourceBrowserPane> m_pane;
};

void ResourceBrowserTest::initTestCase() {
    m_sim = std::make_unique<test::SimProcess>(
        std::vector<std::string>{"--scenario", "demo", "--seed", "3", "--context-name", "alpha"});
    QVERIFY2(m_sim->ready(), m_sim->error().c_str());
    m_hub = std::make_unique<models::ClusterHub>();
    m_pane = std::make_unique<ui::ResourceBrowserPane>(m_hub.get());
    m_pane->resize(1500, 950);
    m_hub->load({QString::fromStdString(m_sim->kubeconfig())});
    QVERIFY(!m_hub->clusters().isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(m_hub->clusters().front()->synced(), 30000);
    m_pane->show();
    QTRY_VERIFY_WITH_TIMEOUT(m_pane->catalog()->typeCount() > 20, 20000);
}

void ResourceBrowserTest::cleanupTestCase() {
    m_pane.reset();
    m_hub.reset();
}

std::set<std::string>
ResourceBrowserTest::kubectlNames(const std::vector<std::string> &args) const {
    std::vector<std::string> k = {"get"};
    k.insert(k.end(), args.begin(), args.end());
    k.insert(k.end(),
             {"-o", "custom-columns=NS:.metadata.namespace,NAME:.metadata.name", "--no-headers"});
    const auto r = m_sim->kubectl(k);
    std::set<std::string> out;
    for (const auto &words : test::textColumns(r.out))
        out.insert(words.size() == 2 ? (words[0] == "<none>" ? "" : words[0]) + '/' + words[1]
                                     : words[0]);
    return out;
}

int ResourceBrowserTest::rowOf(const ui::ResourceBrowserPane &pane, const QString &ns,
                               const QString &name) const {
    for (int i = 0; i < pane.model()->rowCount(); ++i)
        if (pane.model()->row(i).key == ns + QLatin1Char('/') + name)
            return i;
    return -1;
}

void ResourceBrowserTest::saveShot(QWidget &widget, const QString &name) const {
    QDir().mkpath(QStringLiteral("test-output/ui"));
    QVERIFY(widget.grab().save(QStringLiteral("test-output/ui/") + name));
}

void ResourceBrowserTest::navigatorFromDiscovery() {
    auto *catalog = m_pane->catalog();
    QStringList headings;
    for (int r = 0; r < catalog->rowCount(); ++r)
        headings << catalog->index(r, 0).data().toString();
    for (const char *h : {"Workloads", "Networking", "Config", "Cluster", "Custom resources"})
        QVERIFY2(headings.contains(QLatin1String(h)), qPrintable(headings.join(QLatin1Char(','))));
    // Types are where an admin looks for them.
    auto headingOf = [&](const QString &key) {
        const QModelIndex at = catalog->indexOf(key);
        QModelIndex top = at;
        while (top.parent().isValid())
            top = top.parent();
        return at.isValid() ? top.data().toString() : QString();
    };
    QCOMPARE(headingOf(QStringLiteral("pods")), QStringLiteral("Workloads"));
    QCOMPARE(headingOf(QStringLiteral("deployments.apps")), QStringLiteral("Workloads"));
    QCOMPARE(headingOf(QStringLiteral("configmaps")), QStringLiteral("Config"));
    QCOMPARE(headingOf(QStringLiteral("virtualservices.networking.istio.io")),
             QStringLiteral("Networking"));
    QCOMPARE(headingOf(QStringLiteral("nodes")), QStringLiteral("Cluster"));
    QCOMPARE(headingOf(QStringLiteral("pytorchjobs.kubeflow.org")),
             QStringLiteral("Custom resources"));
    // Custom resources one level deeper, under their group.
    QCOMPARE(
        catalog->indexOf(QStringLiteral("pytorchjobs.kubeflow.org")).parent().data().toString(),
        QStringLiteral("kubeflow.org"));
    // Nothing that cannot be watched (metrics) and no subresource.
    QVERIFY(!catalog->indexOf(QStringLiteral("nodes.metrics.k8s.io")).isValid());
    QVERIFY(!catalog->indexOf(QStringLiteral("pods/eviction")).isValid());
    // Every type kubectl can list and watch is there.
    const auto served = m_sim->kubectl({"api-resources", "--verbs=list,watch", "-o", "name"});
    for (const auto &line : test::textColumns(served.out))
        QVERIFY2(catalog->indexOf(QString::fromStdString(line.front())).isValid(),
                 line.front().c_str());
}

void ResourceBrowserTest::liveTableAsKubectlSeesIt() {
    QAbstractItemModelTester tester(m_pane->model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(m_pane->openType(QStringLiteral("pods")));
    const auto expected = kubectlNames({"pods", "-A"});
    QTRY_COMPARE_WITH_TIMEOUT(m_pane->model()->rowCount(), static_cast<int>(expected.size()),
                              20000);
    QTRY_VERIFY_WITH_TIMEOUT(m_pane->model()->allLive(), 20000);
    std::set<std::string> shown;
    for (int i = 0; i < m_pane->model()->rowCount(); ++i)
        shown.insert(m_pane->model()->row(i).key.toStdString());
    QVERIFY(shown == expected);
    // The server's columns (kubectl get's), between Cluster/Namespace and our Age.
    QStringList headers;
    for (int c = 0; c < m_pane->model()->columnCount(); ++c)
        headers << m_pane->model()->headerData(c, Qt::Horizontal).toString();
    QCOMPARE(headers,
             (QStringList{QStringLiteral("Cluster"), QStringLiteral("Namespace"),
                          QStringLiteral("NAME"), QStringLiteral("READY"), QStringLiteral("STATUS"),
                          QStringLiteral("RESTARTS"), QStringLiteral("Age")}));
    m_pane->model()->setWide(true);
    QVERIFY(m_pane->model()->columnCount() > headers.size()); // IP, NODE, …
    m_pane->model()->setWide(false);
    // The cells are the server's: READY of a pod as kubectl prints it.
    const auto kube = m_sim->kubectl({"get", "pods", "-n", "kube-system", "--no-headers"});
    const auto first = test::textColumns(kube.out).front();
    const int row = rowOf(*m_pane, QStringLiteral("kube-system"), QString::fromStdString(first[0]));
    QVERIFY(row >= 0);
    QCOMPARE(m_pane->model()->index(row, 3).data().toString(), QString::fromStdString(first[1]));
    QCOMPARE(m_pane->model()->index(row, 4).data().toString(), QString::fromStdString(first[2]));
    QVERIFY(m_pane->statusText().contains(QStringLiteral("live")));

    // Live: a ConfigMap created while its table is shown appears; deleted, it goes.
    QVERIFY(m_pane->openType(QStringLiteral("configmaps")));
    QTRY_VERIFY_WITH_TIMEOUT(m_pane->model()->allLive(), 20000);
    QVERIFY(
        m_sim->kubectl({"create", "configmap", "browse-me", "-n", "automl", "--from-literal=a=1"})
            .exitCode == 0);
    QTRY_VERIFY_WITH_TIMEOUT(
        rowOf(*m_pane, QStringLiteral("automl"), QStringLiteral("browse-me")) >= 0, 10000);
    QVERIFY(m_sim->kubectl({"delete", "configmap", "browse-me", "-n", "automl"}).exitCode == 0);
    QTRY_VERIFY_WITH_TIMEOUT(
        rowOf(*m_pane, QStringLiteral("automl"), QStringLiteral("browse-me")) < 0, 10000);
}

void ResourceBrowserTest::scopeSelectorAndFilter() {
    QVERIFY(m_pane->openType(QStringLiteral("pods")));
    m_pane->setNamespace(QStringLiteral("kube-system"));
    const auto system = kubectlNames({"pods", "-n", "kube-system"});
    QTRY_VERIFY_WITH_TIMEOUT(m_pane->model()->allLive() &&
                                 m_pane->model()->rowCount() == static_cast<int>(system.size()),
                             20000);
    m_pane->setNamespace(QString());
    m_pane->setLabelSelector(QStringLiteral("training.kubeflow.org/replica-type"));
    const auto training = kubectlNames({"pods", "-A", "-l", "training.kubeflow.org/replica-type"});
    QVERIFY(!training.empty());
    QTRY_VERIFY_WITH_TIMEOUT(m_pane->model()->allLive() &&
                                 m_pane->model()->rowCount() == static_cast<int>(training.size()),
                             20000);
    m_pane->setLabelSelector(QString());
    QTRY_VERIFY_WITH_TIMEOUT(m_pane->model()->allLive() &&
                                 m_pane->model()->rowCount() > static_cast<int>(training.size()),
                             20000);
    m_pane->setFilterText(QStringLiteral("coredns"));
    QTRY_COMPARE_WITH_TIMEOUT(m_pane->proxy()->rowCount(), 2, 5000);
    m_pane->setFilterText(QString());
}

void ResourceBrowserTest::detailYamlEventsAndRelated() {
    QVERIFY(m_pane->openType(QStringLiteral("pods")));
    QTRY_VERIFY_WITH_TIMEOUT(m_pane->model()->allLive(), 20000);
    const QString pod = QStringLiteral("coredns-7db6d8ff4d-8xk2p");
    m_pane->selectObject(m_hub->clusters().front()->name(), QStringLiteral("kube-system"), pod);
    auto *detail = m_pane->detail();
    QTRY_VERIFY_WITH_TIMEOUT(detail->yamlText().contains(QStringLiteral("name: ") + pod), 10000);
    QVERIFY(detail->yamlText().contains(QStringLiteral("kind: Pod")));
    QVERIFY(!detail->yamlText().contains(QStringLiteral("managedFields")));
    // Its owner, and a jump to it.
    QTreeWidget *related = detail->related();
    QVERIFY(related->topLevelItemCount() >= 1);
    QCOMPARE(related->topLevelItem(0)->text(1), QStringLiteral("ReplicaSet"));
    QCOMPARE(related->topLevelItem(0)->text(2), QStringLiteral("coredns-7db6d8ff4d"));
    Q_EMIT related->itemDoubleClicked(related->topLevelItem(0), 0);
    QTRY_COMPARE_WITH_TIMEOUT(m_pane->model()->type()->plural, std::string("replicasets"), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(detail->yamlText().contains(QStringLiteral("kind: ReplicaSet")),
                             20000);
    // The ReplicaSet owns its two pods.
    QTRY_VERIFY_WITH_TIMEOUT(related->topLevelItemCount() >= 3, 5000);
    int pods = 0;
    for (int i = 0; i < related->topLevelItemCount(); ++i)
        pods += related->topLevelItem(i)->text(1) == QLatin1String("Pod") ? 1 : 0;
    QCOMPARE(pods, 2);
    saveShot(*m_pane, QStringLiteral("resources-replicaset.png"));

    // Events about an object come from the cache.
    const auto events = m_sim->kubectl({"get", "events", "-A", "-o",
                                        "custom-columns=KIND:.involvedObject.kind,NS:."
                                        "involvedObject.namespace,NAME:.involvedObject.name",
                                        "--no-headers"});
    std::vector<std::string> podEvent;
    for (const auto &words : test::textColumns(events.out))
        if (words.size() == 3 && words[0] == "Pod")
            podEvent = words;
    QVERIFY(!podEvent.empty());
    QVERIFY(m_pane->openType(QStringLiteral("pods")));
    m_pane->selectObject(m_hub->clusters().front()->name(), QString::fromStdString(podEvent[1]),
                         QString::fromStdString(podEvent[2]));
    QTRY_VERIFY_WITH_TIMEOUT(detail->events()->topLevelItemCount() > 0, 20000);

    // A Secret's values never reach the YAML text.
    QVERIFY(m_sim
                ->kubectl({"create", "secret", "generic", "browse-secret", "-n", "infra",
                           "--from-literal=password=hunter2-very-secret"})
                .exitCode == 0);
    QVERIFY(m_pane->openType(QStringLiteral("secrets")));
    m_pane->selectObject(m_hub->clusters().front()->name(), QStringLiteral("infra"),
                         QStringLiteral("browse-secret"));
    QTRY_VERIFY_WITH_TIMEOUT(detail->yamlText().contains(QStringLiteral("kind: Secret")), 20000);
    QVERIFY(detail->yamlText().contains(QStringLiteral("password: \"<hidden: 19 bytes>\"")));
    QVERIFY(!detail->yamlText().contains(QStringLiteral("aHVudGVyMi")));
    QVERIFY(!detail->yamlText().contains(QStringLiteral("hunter2")));
}

void ResourceBrowserTest::hiddenPaneStopsWatching() {
    QVERIFY(m_pane->openType(QStringLiteral("pods")));
    QTRY_VERIFY_WITH_TIMEOUT(m_pane->model()->allLive() && m_pane->model()->rowCount() > 0, 20000);
    // Hold one row as a view would not: once the watch stops, nobody else keeps it.
    const std::weak_ptr<const k8s::TableRow> held = m_pane->model()->row(0).object;
    m_pane->setIdleStop(std::chrono::milliseconds(200));
    m_pane->hide();
    QTRY_VERIFY_WITH_TIMEOUT(!m_pane->model()->isOpen(), 5000);
    QCOMPARE(m_pane->model()->rowCount(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(held.expired(), 5000); // the session let go too
    m_pane->show();
    QTRY_VERIFY_WITH_TIMEOUT(m_pane->model()->allLive() && m_pane->model()->rowCount() > 0, 20000);
    m_pane->setIdleStop(std::chrono::minutes(1));
}

void ResourceBrowserTest::twoClustersInOneTable() {
    m_other = std::make_unique<test::SimProcess>(
        std::vector<std::string>{"--scenario", "demo", "--seed", "4", "--context-name", "beta"});
    QVERIFY2(m_other->ready(), m_other->error().c_str());
    m_hub->load({QString::fromStdString(m_sim->kubeconfig()),
                 QString::fromStdString(m_other->kubeconfig())});
    QTRY_COMPARE_WITH_TIMEOUT(m_hub->clusters().size(), 2, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(m_hub->clusters().at(0)->synced() && m_hub->clusters().at(1)->synced(),
                             30000);
    m_pane->setScope({QStringLiteral("alpha"), QStringLiteral("beta")});
    QVERIFY(m_pane->openType(QStringLiteral("nodes")));
    const auto beta = m_other->kubectl({"get", "nodes", "--no-headers"});
    const int nodes = static_cast<int>(kubectlNames({"nodes"}).size());
    const int betaNodes = static_cast<int>(test::textColumns(beta.out).size());
    QTRY_VERIFY2_WITH_TIMEOUT(m_pane->model()->allLive() &&
                                  m_pane->model()->rowCount() == nodes + betaNodes,
                              qPrintable(m_pane->statusText() + QStringLiteral(" rows ") +
                                         QString::number(m_pane->model()->rowCount())),
                              20000);
    QSet<QString> clusters;
    for (int i = 0; i < m_pane->model()->rowCount(); ++i)
        clusters.insert(m_pane->model()->index(i, 0).data().toString());
    QCOMPARE(clusters, (QSet<QString>{QStringLiteral("alpha"), QStringLiteral("beta")}));
    // Once listed, the columns fit what they hold ("Ready,SchedulingDisabled").
    QTRY_VERIFY_WITH_TIMEOUT(m_pane->view()->columnWidth(2) >
                                 m_pane->view()->fontMetrics().horizontalAdvance(
                                     QStringLiteral("Ready,SchedulingDisabled")),
                             5000);
    saveShot(*m_pane, QStringLiteral("resources-nodes-two-clusters.png"));
    // A cluster removed from the window takes its rows with it; the table goes on.
    m_hub->load({QString::fromStdString(m_sim->kubeconfig())});
    QTRY_COMPARE_WITH_TIMEOUT(m_hub->clusters().size(), 1, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(m_pane->model()->rowCount(), nodes, 10000);
    QVERIFY(m_pane->statusText().contains(QStringLiteral("live on 1 cluster")));
}

QTEST_MAIN(ResourceBrowserTest)
#include "resourcebrowser_test.moc"
