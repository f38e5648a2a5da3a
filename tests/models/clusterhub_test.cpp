// ClusterHub against an in-process simulator with kubeconfigs whose exec plugins take their time:
// loading and stopping never wait for a plugin, contexts naming one user share its plugin run,
// --context starts nothing for the other contexts, and no password from a server URL reaches what
// the window shows.

#include "k8s/sim/simulator.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace cubedesk;

class ClusterHubTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void loadingNeverWaitsForAPlugin();
    void stoppingNeverWaitsForAPlugin();
    void onlyTheNamedContextsConnect();
    void aPasswordInTheServerUrlIsNeverShown();
    void cleanupTestCase();

private:
    /// A kubeconfig with contexts slow-a and slow-b (an exec plugin that takes `pluginSeconds`)
    /// and direct (a token), all on the simulator; returns its path.
    QString writeKubeconfig(int pluginSeconds, const QString &server = {});
    /// Where the plugin of writeKubeconfig(pluginSeconds) counts its runs, one line each.
    QString runsFile(int pluginSeconds) const {
        return m_dir.filePath(QStringLiteral("runs-%1").arg(pluginSeconds));
    }

    std::unique_ptr<sim::Simulator> m_sim;
    QTemporaryDir m_dir;
};

void ClusterHubTest::initTestCase() {
    sim::SimulatorOptions o;
    o.scenario = "demo";
    m_sim = std::make_unique<sim::Simulator>(o);
    const auto error = m_sim->start();
    QVERIFY2(!error, error ? error->c_str() : "");
    QVERIFY(m_dir.isValid());
}

QString ClusterHubTest::writeKubeconfig(int pluginSeconds, const QString &server) {
    const QString plugin = m_dir.filePath(QStringLiteral("plugin-%1.sh").arg(pluginSeconds));
    QFile script(plugin);
    if (!script.open(QIODevice::WriteOnly))
        return {};
    // Each run leaves a line in runs-N: contexts naming one user must share one run.
    script.write("#!/bin/sh\necho run >> '" + runsFile(pluginSeconds).toUtf8() + "'\nsleep " +
                 QByteArray::number(pluginSeconds) +
                 "\nprintf '{\"apiVersion\":\"client.authentication.k8s.io/v1beta1\","
                 "\"kind\":\"ExecCredential\",\"status\":{\"token\":\"" +
                 QByteArray::fromStdString(m_sim->adminToken()) + "\"}}'\n");
    script.close();
    script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    const QByteArray ca = QByteArray::fromStdString(m_sim->tls()->caCertificatePem()).toBase64();
    const QByteArray url =
        server.isEmpty() ? QByteArray::fromStdString(m_sim->url()) : server.toUtf8();
    const QByteArray yaml =
        "apiVersion: v1\nkind: Config\n"
        "clusters:\n- name: sim\n  cluster:\n    server: " +
        url + "\n    certificate-authority-data: " + ca +
        "\nusers:\n- name: slow\n  user:\n    exec:\n"
        "      apiVersion: client.authentication.k8s.io/v1beta1\n      command: " +
        plugin.toUtf8() +
        "\n- name: admin\n  user:\n    token: " + QByteArray::fromStdString(m_sim->adminToken()) +
        "\ncontexts:\n"
        "- name: slow-a\n  context: {cluster: sim, user: slow}\n"
        "- name: slow-b\n  context: {cluster: sim, user: slow}\n"
        "- name: direct\n  context: {cluster: sim, user: admin}\n"
        "current-context: direct\n";
    const QString path = m_dir.filePath(QStringLiteral("config-%1").arg(pluginSeconds));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(yaml);
    return path;
}

void ClusterHubTest::loadingNeverWaitsForAPlugin() {
    const QString config = writeKubeconfig(4);
    QVERIFY(!config.isEmpty());
    models::ClusterHub hub;
    QElapsedTimer timer;
    timer.start();
    QVERIFY(hub.load({config}).isEmpty());
    const qint64 loadMs = timer.elapsed();
    QCOMPARE(hub.clusters().size(), 3);
    QVERIFY2(loadMs < 1500,
             qPrintable(QStringLiteral("load took %1 ms (two 4 s plugins)").arg(loadMs)));
    // The context without a plugin syncs on its own; the others once their plugin answered.
    QTRY_VERIFY_WITH_TIMEOUT(hub.cluster(QStringLiteral("direct"))->synced(), 30000);
    QVERIFY(!hub.cluster(QStringLiteral("slow-a"))->synced());
    QTRY_VERIFY_WITH_TIMEOUT(hub.cluster(QStringLiteral("slow-a"))->synced(), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(hub.cluster(QStringLiteral("slow-b"))->synced(), 30000);
    // slow-a and slow-b name the same user: one plugin run served both.
    QFile runs(runsFile(4));
    QVERIFY(runs.open(QIODevice::ReadOnly));
    QCOMPARE(runs.readAll().count('\n'), 1);
}

void ClusterHubTest::stoppingNeverWaitsForAPlugin() {
    const QString config = writeKubeconfig(20);
    QVERIFY(!config.isEmpty());
    auto hub = std::make_unique<models::ClusterHub>();
    QVERIFY(hub->load({config}).isEmpty());
    QTest::qWait(300); // the plugins are running now
    QElapsedTimer timer;
    timer.start();
    hub.reset();
    QVERIFY2(timer.elapsed() < 2000,
             qPrintable(QStringLiteral("stopping took %1 ms").arg(timer.elapsed())));
}

void ClusterHubTest::onlyTheNamedContextsConnect() {
    const QString config = writeKubeconfig(4);
    models::ClusterHub hub;
    hub.setOnlyContexts({QStringLiteral("direct")});
    QVERIFY(hub.load({config}).isEmpty());
    QCOMPARE(hub.contexts().size(), 3);
    QCOMPARE(hub.clusters().size(), 1);
    QCOMPARE(hub.clusters().front()->name(), QStringLiteral("direct"));
    for (const auto &info : hub.contexts())
        QCOMPARE(info.enabled, info.name == QStringLiteral("direct"));
    // Connecting another one by hand works.
    hub.setContextEnabled(QStringLiteral("slow-a"), true);
    QCOMPARE(hub.clusters().size(), 2);
}

void ClusterHubTest::aPasswordInTheServerUrlIsNeverShown() {
    QString url = QString::fromStdString(m_sim->url());
    url.replace(QStringLiteral("https://"), QStringLiteral("https://alice:hunter2@"));
    const QString config = writeKubeconfig(1, url);
    models::ClusterHub hub;
    QVERIFY(hub.load({config}).isEmpty());
    QVERIFY(!hub.contexts().isEmpty());
    for (const auto &info : hub.contexts()) {
        QVERIFY2(!info.server.contains(QStringLiteral("hunter2")), qPrintable(info.server));
        QVERIFY(info.server.startsWith(QStringLiteral("https://127.0.0.1:")));
    }
    for (const auto *c : hub.clusters())
        QVERIFY(!c->server().contains(QStringLiteral("hunter2")));
}

void ClusterHubTest::cleanupTestCase() {
    m_sim.reset();
}

QTEST_GUILESS_MAIN(ClusterHubTest)
#include "clusterhub_test.moc"
