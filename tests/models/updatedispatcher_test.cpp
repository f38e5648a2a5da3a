// UpdateDispatcher against a real session on the simulator: with churn going on during and after
// the first sync, the batches it applies leave nothing lost or behind — the store ends with
// exactly the pods and resourceVersions kubectl lists, and every batch is reported by flushed().

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/updatedispatcher.h"
#include "tests/support/simprocess.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <functional>
#include <map>
#include <sstream>

using namespace cubedesk;

class UpdateDispatcherTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cacheFollowsTheServerUnderChurn_data();
    void cacheFollowsTheServerUnderChurn();
    void streamsDrainOncePerFlush();
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

void UpdateDispatcherTest::cacheFollowsTheServerUnderChurn_data() {
    QTest::addColumn<double>("budgetMs");
    QTest::newRow("frame budget") << models::UpdateDispatcher::kFlushBudgetMs;
    // Every flush applies kMinSlice deltas: the sync and the churn go through many backlogs,
    // each ending with the drain it owes.
    QTest::newRow("smallest slices") << 0.0;
}

void UpdateDispatcherTest::cacheFollowsTheServerUnderChurn() {
    QFETCH(double, budgetMs);
    // Churn for the first seconds: changes arrive during the first sync and after it.
    test::SimProcess sim({"--scenario", "scale", "--nodes", "40", "--pods", "4000", "--churn",
                          "1500", "--churn-duration", "6"});
    QVERIFY2(sim.ready(), sim.error().c_str());
    models::ClusterHub hub;
    auto *dispatcher = hub.dispatcher();
    dispatcher->setFlushBudget(budgetMs);
    qint64 applied = 0;
    qint64 largest = 0;
    qint64 flushes = 0;
    qint64 behind = 0;        // flushes that left a backlog
    qint64 claimedSynced = 0; // ... while the connection said it was synced
    models::ClusterConnection *watched = nullptr;
    connect(dispatcher, &models::UpdateDispatcher::flushed, this, [&](qint64 deltas, double) {
        applied += deltas;
        largest = std::max(largest, deltas);
        ++flushes;
        if (watched != nullptr && watched->hasBacklog()) {
            ++behind;
            claimedSynced += watched->synced() ? 1 : 0;
        }
    });
    QVERIFY(hub.load({QString::fromStdString(sim.kubeconfig())}).isEmpty());
    QCOMPARE(hub.clusters().size(), 1);
    models::ClusterConnection *c = hub.clusters().front();
    watched = c;
    const std::size_t nodes = kubectlCount(sim, "nodes");
    QCOMPARE(nodes, std::size_t{40});
    QTRY_VERIFY_WITH_TIMEOUT(c->synced(), 60000);
    // The churn has run its course when the simulator says so.
    QTRY_VERIFY_WITH_TIMEOUT(sim.stdoutText().find("churn finished") != std::string::npos, 60000);
    // The simulator's scheduler may still bind the last pods it created: compare with what
    // kubectl lists at each try, until the two agree exactly.
    std::map<std::string, std::string> expected;
    // kubectl blocks this thread for a second or two: it runs only once the backlog is applied,
    // so that the event loop, which applies it, is not starved by the comparisons.
    const auto agree = [&] {
        if (c->hasBacklog())
            return false;
        expected = kubectlPods(sim);
        return cachedPods(*c) == expected;
    };
    if (!QTest::qWaitFor(agree, 60000)) { // say which pods differ
        const auto cached = cachedPods(*c);
        QString diff;
        for (const auto &[key, rv] : expected)
            if (auto it = cached.find(key); it == cached.end() || it->second != rv)
                diff += QString::fromStdString(key + " server " + rv + " cache " +
                                               (it == cached.end() ? "-" : it->second) + "; ");
        for (const auto &[key, rv] : cached)
            if (!expected.count(key))
                diff += QString::fromStdString(key + " only in the cache; ");
        if (c->hasBacklog())
            diff.prepend(QStringLiteral("the window's backlog was never applied; "));
        QFAIL(qPrintable(diff.left(2000)));
    }
    QVERIFY(expected.size() >= 4000);
    QCOMPARE(c->store().nodes().size(), nodes);
    QVERIFY(static_cast<std::size_t>(applied) >= expected.size() + nodes);
    if (budgetMs == 0) {
        QCOMPARE(largest, static_cast<qint64>(models::UpdateDispatcher::kMinSlice));
        QVERIFY(flushes >= applied / static_cast<qint64>(models::UpdateDispatcher::kMinSlice));
        QVERIFY(behind > 0);
    }
    // A store with deltas still waiting is never reported as synced (the advisor plans on it).
    QCOMPARE(claimedSynced, qint64{0});
}

// Streams (log feeds) ask for a drain as often as lines arrive; the dispatcher calls each once
// per flush, after the interval, and never for an owner that is gone.
void UpdateDispatcherTest::streamsDrainOncePerFlush() {
    models::UpdateDispatcher dispatcher;
    int drainsA = 0;
    int drainsB = 0;
    QObject a;
    auto b = std::make_unique<QObject>();
    QElapsedTimer clock;
    clock.start();
    qint64 firstDrainAt = -1;
    for (int i = 0; i < 100; ++i) {
        dispatcher.schedule(&a, [&] {
            ++drainsA;
            firstDrainAt = clock.elapsed();
        });
        dispatcher.schedule(b.get(), [&] { ++drainsB; });
    }
    QCOMPARE(drainsA, 0); // not synchronously: at the next flush
    b.reset();
    QTRY_COMPARE(drainsA, 1);
    QCOMPARE(drainsB, 0);
    // Another wake-up comes at least the interval (50 ms) after the last flush.
    qint64 secondDrainAt = -1;
    dispatcher.schedule(&a, [&] {
        ++drainsA;
        secondDrainAt = clock.elapsed();
    });
    QTRY_COMPARE(drainsA, 2);
    QVERIFY2(secondDrainAt - firstDrainAt >= 45,
             qPrintable(QStringLiteral("%1 ms apart").arg(secondDrainAt - firstDrainAt)));
    // A drain that schedules again (more arrived meanwhile) is called in the following flush.
    std::function<void()> again = [&] {
        ++drainsA;
        if (drainsA < 5)
            dispatcher.schedule(&a, again);
    };
    dispatcher.schedule(&a, again);
    QTRY_COMPARE(drainsA, 5);
}

QTEST_GUILESS_MAIN(UpdateDispatcherTest)
#include "updatedispatcher_test.moc"
