// UsageMonitor and the Nodes table's "in use" mark against two in-process simulators, one with
// metrics-server and one without: samples for every Ready node and none for the others, the
// reason shown instead of zeros where the cluster has no metrics-server, nothing polled while
// nothing watches, and samples that stop being given once the cluster stops answering (stale is
// never shown as current).

#include "k8s/sim/simulator.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/modelroles.h"
#include "models/nodetablemodel.h"
#include "models/usage.h"
#include "models/usagemonitor.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace cubedesk;
using models::UsageMonitor;

class UsageMonitorTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void measuresReadyNodesAndSaysWhyNot();
    void nothingIsPolledWhileNothingWatches();
    void samplesGoStaleWhenTheClusterStopsAnswering();

private:
    QString kubeconfigOf(const sim::Simulator &sim, const QString &name);
    /// Ready and not-Ready node names of a simulator.
    static std::pair<QStringList, QStringList> nodesOf(sim::Simulator &sim);

    std::unique_ptr<sim::Simulator> m_measured;
    std::unique_ptr<sim::Simulator> m_plain;
    QTemporaryDir m_dir;
};

namespace {

bool synced(const models::ClusterHub &hub) {
    if (hub.clusters().size() != 2)
        return false;
    for (const auto *c : hub.clusters())
        if (!c->synced())
            return false;
    return true;
}

models::Usage cpuOf(const models::NodeTableModel &model, const QString &cluster,
                    const QString &node) {
    for (int r = 0; r < model.rowCount(); ++r)
        if (model.row(r).clusterName == cluster && model.row(r).name == node)
            return model.index(r, models::NodeTableModel::CpuColumn)
                .data(models::UsageRole)
                .value<models::Usage>();
    return {};
}

QString cpuToolTip(const models::NodeTableModel &model, const QString &cluster,
                   const QString &node) {
    for (int r = 0; r < model.rowCount(); ++r)
        if (model.row(r).clusterName == cluster && model.row(r).name == node)
            return model.index(r, models::NodeTableModel::CpuColumn)
                .data(Qt::ToolTipRole)
                .toString();
    return {};
}

} // namespace

void UsageMonitorTest::initTestCase() {
    QVERIFY(m_dir.isValid());
    sim::SimulatorOptions o;
    o.scenario = "demo";
    o.contextName = "measured";
    m_measured = std::make_unique<sim::Simulator>(o);
    o.contextName = "plain";
    o.metricsServer = false;
    o.seed = 2;
    m_plain = std::make_unique<sim::Simulator>(o);
    for (auto *s : {m_measured.get(), m_plain.get()}) {
        const auto error = s->start();
        QVERIFY2(!error, error ? error->c_str() : "");
    }
}

QString UsageMonitorTest::kubeconfigOf(const sim::Simulator &sim, const QString &name) {
    const QString path = m_dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(QByteArray::fromStdString(sim.kubeconfig()));
    return path;
}

std::pair<QStringList, QStringList> UsageMonitorTest::nodesOf(sim::Simulator &sim) {
    std::pair<QStringList, QStringList> out;
    for (const auto &n : sim.store().all(sim.registry().core("nodes"))) {
        bool ready = false;
        for (const auto &c : n->parse()["status"].value("conditions", nlohmann::json::array()))
            if (c.value("type", "") == "Ready")
                ready = c.value("status", "") == "True";
        (ready ? out.first : out.second) << QString::fromStdString(n->name);
    }
    return out;
}

void UsageMonitorTest::measuresReadyNodesAndSaysWhyNot() {
    models::ClusterHub hub;
    hub.load({kubeconfigOf(*m_measured, QStringLiteral("measured.yaml")),
              kubeconfigOf(*m_plain, QStringLiteral("plain.yaml"))});
    QTRY_VERIFY_WITH_TIMEOUT(synced(hub), 30000);
    models::NodeTableModel model(&hub);
    UsageMonitor *usage = hub.usage();
    QCOMPARE(usage->state(QStringLiteral("measured")), UsageMonitor::State::NotAsked);

    QSignalSpy updated(usage, &UsageMonitor::updated);
    usage->watch();
    QTRY_COMPARE_WITH_TIMEOUT(usage->state(QStringLiteral("measured")),
                              UsageMonitor::State::Measured, 20000);
    QTRY_COMPARE_WITH_TIMEOUT(usage->state(QStringLiteral("plain")), UsageMonitor::State::NotServed,
                              20000);
    QVERIFY(usage->sampledAt(QStringLiteral("measured")).isValid());
    QVERIFY(usage->reason(QStringLiteral("measured")).isEmpty());
    QVERIFY2(usage->reason(QStringLiteral("plain")).contains(QLatin1String("no metrics-server")),
             qPrintable(usage->reason(QStringLiteral("plain"))));

    // Every Ready node is measured, with CPU and memory; a NotReady one has nothing.
    const auto [ready, notReady] = nodesOf(*m_measured);
    QVERIFY(ready.size() > 10);
    QVERIFY(!notReady.isEmpty());
    for (const QString &n : ready) {
        const UsageMonitor::Sample *s = usage->node(QStringLiteral("measured"), n);
        QVERIFY2(s != nullptr, qPrintable(n));
        QVERIFY(s->milliCpu.value_or(0) >= 150); // the system's 0.15 core at least
        QVERIFY(s->memoryBytes.value_or(0) > 1024LL * 1024 * 1024);
        const models::Usage cpu = cpuOf(model, QStringLiteral("measured"), n);
        QCOMPARE(cpu.measured, static_cast<double>(*s->milliCpu) / 1000.0);
        QVERIFY2(cpuToolTip(model, QStringLiteral("measured"), n).contains(QLatin1String("In use")),
                 qPrintable(cpuToolTip(model, QStringLiteral("measured"), n)));
    }
    for (const QString &n : notReady) {
        QVERIFY(usage->node(QStringLiteral("measured"), n) == nullptr);
        QVERIFY(cpuOf(model, QStringLiteral("measured"), n).measured < 0);
    }
    // Without metrics-server: no mark, never a zero, and the tooltip says why.
    for (const QString &n : nodesOf(*m_plain).first) {
        QVERIFY(usage->node(QStringLiteral("plain"), n) == nullptr);
        QVERIFY(cpuOf(model, QStringLiteral("plain"), n).measured < 0);
        QVERIFY(cpuToolTip(model, QStringLiteral("plain"), n)
                    .contains(QLatin1String("no metrics-server")));
    }
    QVERIFY(updated.count() >= 2);
    usage->unwatch();
}

void UsageMonitorTest::nothingIsPolledWhileNothingWatches() {
    models::ClusterHub hub;
    hub.load({kubeconfigOf(*m_measured, QStringLiteral("measured.yaml"))});
    QTRY_VERIFY_WITH_TIMEOUT(hub.clusters().size() == 1 && hub.clusters().front()->synced(), 30000);
    UsageMonitor *usage = hub.usage();
    usage->setInterval(std::chrono::milliseconds(100));
    QSignalSpy updated(usage, &UsageMonitor::updated);
    // Nobody watches: nothing is asked.
    QVERIFY(!updated.wait(500));
    QCOMPARE(usage->state(QStringLiteral("measured")), UsageMonitor::State::NotAsked);
    // Two watchers, one leaves: still polled; both gone: no more polls.
    usage->watch();
    usage->watch();
    usage->unwatch();
    QVERIFY(updated.wait(10000));
    QTRY_VERIFY_WITH_TIMEOUT(updated.count() >= 3, 10000); // polled again and again
    usage->unwatch();
    QVERIFY(!usage->watched());
    updated.clear();
    updated.wait(2000); // a request in flight may still answer, once
    updated.clear();
    QVERIFY(!updated.wait(600));
}

void UsageMonitorTest::samplesGoStaleWhenTheClusterStopsAnswering() {
    sim::SimulatorOptions o;
    o.scenario = "demo";
    o.contextName = "going";
    sim::Simulator going(o);
    const auto error = going.start();
    QVERIFY2(!error, error ? error->c_str() : "");
    models::ClusterHub hub;
    hub.load({kubeconfigOf(going, QStringLiteral("going.yaml"))});
    QTRY_VERIFY_WITH_TIMEOUT(hub.clusters().size() == 1 && hub.clusters().front()->synced(), 30000);
    UsageMonitor *usage = hub.usage();
    usage->setInterval(std::chrono::milliseconds(200));
    usage->watch();
    const QString node = nodesOf(going).first.front();
    QTRY_VERIFY_WITH_TIMEOUT(usage->node(QStringLiteral("going"), node) != nullptr, 20000);
    going.stop();
    // The polls fail and say so; after three intervals without an answer the old sample is no
    // longer given as the node's use.
    QTRY_COMPARE_WITH_TIMEOUT(usage->state(QStringLiteral("going")), UsageMonitor::State::Failed,
                              30000);
    QVERIFY(!usage->reason(QStringLiteral("going")).isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(usage->node(QStringLiteral("going"), node) == nullptr, 30000);
    usage->unwatch();
}

QTEST_MAIN(UsageMonitorTest)
#include "usagemonitor_test.moc"
