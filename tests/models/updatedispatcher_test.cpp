// UpdateDispatcher against a real session on the simulator: a first sync bigger than one slice
// is applied over several slices that each stay within the slice size; under churn that goes on
// while backlogs are applied nothing is lost or left behind — the store ends with exactly the pods
// and resourceVersions kubectl lists.

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/updatedispatcher.h"
#include "tests/support/simprocess.h"

#include <QSignalSpy>
#include <QTest>

#include <map>
#include <sstream>

using namespace cubedesk;

class UpdateDispatcherTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void firstSyncIsAppliedInSlices();
};

namespace {

std::size_t kubectlCount(const test::SimProcess &sim, const char *resource) {
    const auto r = sim.kubectl({"get", resource, "-A", "-o", "name"});
    std::istringstream lines(r.out);
    std::size_t n = 0;
    for (std::string line; std::getline(lines, line);)
        n += line.empty() ? 0 : 1;
    return n;
}

/// namespace/name → resourceVersion, as kubectl lists the pods.
std::map<std::string, std::string> kubectlPods(const test::SimProcess &sim) {
    const auto r = sim.kubectl({"get", "pods", "-A", "--no-headers", "-o",
                                "custom-columns=NS:.metadata.namespace,N:.metadata.name,"
                                "RV:.metadata.resourceVersion"});
    std::istringstream lines(r.out);
    std::map<std::string, std::string> out;
    for (std::string ns, name, rv; lines >> ns >> name >> rv;)
        out[ns + '/' + name] = rv;
    return out;
}

std::map<std::string, std::string> cachedPods(const models::ClusterConnection &c) {
    std::map<std::string, std::string> out;
    for (const auto &[key, pod] : c.store().pods())
        out[key] = pod->resourceVersion();
    return out;
}

} // namespace

void UpdateDispatcherTest::firstSyncIsAppliedInSlices() {
    // Churn for the first seconds: changes arrive while the first sync's backlog is applied.
    test::SimProcess sim({"--scenario", "scale", "--nodes", "40", "--pods", "4000", "--churn",
                          "1500", "--churn-duration", "6"});
    QVERIFY2(sim.ready(), sim.error().c_str());
    models::ClusterHub hub;
    auto *dispatcher = hub.dispatcher();
    std::vector<std::pair<qint64, std::size_t>> slices; // applied, the size allowed before it
    std::size_t allowed = dispatcher->sliceSize();
    connect(dispatcher, &models::UpdateDispatcher::flushed, this, [&](qint64 deltas, double) {
        slices.emplace_back(deltas, allowed);
        allowed = dispatcher->sliceSize();
    });
    QVERIFY(hub.load({QString::fromStdString(sim.kubeconfig())}).isEmpty());
    QCOMPARE(hub.clusters().size(), 1);
    models::ClusterConnection *c = hub.clusters().front();
    const std::size_t nodes = kubectlCount(sim, "nodes");
    QCOMPARE(nodes, std::size_t{40});
    QTRY_VERIFY_WITH_TIMEOUT(c->synced(), 60000);
    QTest::qWait(7000); // the churn ends
    const auto expected = kubectlPods(sim);
    QVERIFY(expected.size() >= 4000);
    QTRY_VERIFY_WITH_TIMEOUT(!c->hasBacklog() && cachedPods(*c) == expected, 30000);
    QCOMPARE(c->store().nodes().size(), nodes);
    qint64 total = 0;
    for (const auto &[applied, limit] : slices) {
        QVERIFY2(
            static_cast<std::size_t>(applied) <= limit,
            qPrintable(
                QStringLiteral("a slice applied %1 deltas, allowed %2").arg(applied).arg(limit)));
        total += applied;
    }
    QVERIFY2(slices.size() >= 2, "4,000 pods are more than one slice");
    QVERIFY(static_cast<std::size_t>(total) >= expected.size() + nodes);
}

QTEST_GUILESS_MAIN(UpdateDispatcherTest)
#include "updatedispatcher_test.moc"
