// UpdateDispatcher against a real session on the simulator: a first sync bigger than one slice
// is applied over several slices that each stay within the slice size, nothing is lost or
// reordered (the store ends equal to what kubectl counts).

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/updatedispatcher.h"
#include "tests/support/simprocess.h"

#include <QSignalSpy>
#include <QTest>

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

} // namespace

void UpdateDispatcherTest::firstSyncIsAppliedInSlices() {
    test::SimProcess sim({"--scenario", "scale", "--nodes", "40", "--pods", "4000"});
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
    const std::size_t pods = kubectlCount(sim, "pods");
    const std::size_t nodes = kubectlCount(sim, "nodes");
    QCOMPARE(nodes, std::size_t{40});
    QTRY_VERIFY_WITH_TIMEOUT(c->synced() && !c->hasBacklog() && c->store().pods().size() == pods &&
                                 c->store().nodes().size() == nodes,
                             60000);
    qint64 total = 0;
    for (const auto &[applied, limit] : slices) {
        QVERIFY2(
            static_cast<std::size_t>(applied) <= limit,
            qPrintable(
                QStringLiteral("a slice applied %1 deltas, allowed %2").arg(applied).arg(limit)));
        total += applied;
    }
    QVERIFY2(slices.size() >= 2, "4,000 pods are more than one slice");
    QVERIFY(static_cast<std::size_t>(total) >= pods + nodes);
}

QTEST_GUILESS_MAIN(UpdateDispatcherTest)
#include "updatedispatcher_test.moc"
