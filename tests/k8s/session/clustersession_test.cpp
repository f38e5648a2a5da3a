// ClusterSession against the simulator: initial sync, deltas, auth errors, and convergence under
// churn with every fault the simulator can inject — after the churn stops the cache must equal
// the server's state, object for object.

#include "k8s/objects/pod.h"
#include "k8s/session/clustersession.h"
#include "k8s/sim/simulator.h"

#include <atomic>
#include <gtest/gtest.h>
#include <map>
#include <thread>

using namespace cubedesk::k8s;
using cubedesk::sim::Simulator;
using cubedesk::sim::SimulatorOptions;

namespace {

TransportSettings settingsFor(const Simulator &sim, std::string token = {}) {
    TransportSettings s;
    s.server = sim.url();
    s.caPem = sim.tls()->caCertificatePem();
    if (token.empty())
        token = sim.adminToken();
    s.bearerToken = [token](bool) -> Result<std::string, std::string> { return token; };
    return s;
}

bool waitFor(const std::function<bool()> &condition, std::chrono::seconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        if (condition())
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return condition();
}

std::map<std::string, std::string> cacheVersions(ClusterSession &session,
                                                 const std::string &resource) {
    std::map<std::string, std::string> out;
    for (const auto &o : session.snapshot(resource))
        out[std::string(o->namespaceName()) + '/' + std::string(o->name())] = o->resourceVersion();
    return out;
}

std::map<std::string, std::string> serverVersions(Simulator &sim, const std::string &plural) {
    std::map<std::string, std::string> out;
    for (const auto &o : sim.store().all(sim.registry().core(plural)))
        out[o->ns + '/' + o->name] = std::to_string(o->rv);
    return out;
}

TEST(ClusterSessionTest, SyncsAndFollowsChanges) {
    SimulatorOptions o;
    o.scenario = "demo";
    Simulator sim(o);
    ASSERT_FALSE(sim.start().has_value());
    ClusterSession::Options so;
    so.name = "demo";
    so.transport = settingsFor(sim);
    ClusterSession session(so);
    std::atomic<int> wakes{0};
    session.setOnChanges([&] { ++wakes; });
    session.start();
    ASSERT_TRUE(waitFor([&] { return session.synced(); }, std::chrono::seconds(30)))
        << session.blockingError();
    EXPECT_EQ(cacheVersions(session, "pods"), serverVersions(sim, "pods"));
    EXPECT_EQ(cacheVersions(session, "nodes"), serverVersions(sim, "nodes"));
    EXPECT_EQ(cacheVersions(session, "namespaces"), serverVersions(sim, "namespaces"));
    EXPECT_TRUE(waitFor([&] { return !session.serverVersion().empty(); }, std::chrono::seconds(5)));
    EXPECT_EQ(session.serverVersion(), "v1.32.0");

    EXPECT_GE(wakes.load(), 1);
    auto initial = session.drainDeltas();
    EXPECT_EQ(initial.size(), sim.store().count(sim.registry().core("pods")) +
                                  sim.store().count(sim.registry().core("nodes")) +
                                  sim.store().count(sim.registry().core("namespaces")));
    const int wakesBefore = wakes.load();

    // A label change arrives as one Updated delta, and one wake-up.
    const auto nodes = sim.registry().core("nodes");
    ASSERT_TRUE(sim.store()
                    .update(nodes, "", "gpu-a100-public-1",
                            [](nlohmann::json &d) -> std::optional<cubedesk::sim::ApiError> {
                                d["metadata"]["labels"]["org"] = "vision";
                                return std::nullopt;
                            })
                    .ok());
    std::vector<ClusterSession::Delta> deltas;
    ASSERT_TRUE(waitFor(
        [&] {
            auto more = session.drainDeltas();
            deltas.insert(deltas.end(), more.begin(), more.end());
            for (const auto &d : deltas)
                if (d.key == "nodes//gpu-a100-public-1")
                    return true;
            return false;
        },
        std::chrono::seconds(10)));
    EXPECT_GT(wakes.load(), wakesBefore);
    // The scheduler then starts the waiting vision pods: their updates follow.
    EXPECT_TRUE(waitFor(
        [&] {
            for (const auto &o : session.snapshot("pods"))
                if (o->name() == "pytorch-detr-vision-master-0")
                    return static_cast<const Pod &>(*o).phase() == Pod::Phase::Running;
            return false;
        },
        std::chrono::seconds(10)));
    session.stop();
}

TEST(ClusterSessionTest, DiscoversAggregatedAndLegacy) {
    for (bool aggregated : {true, false}) {
        SimulatorOptions o;
        o.scenario = "empty";
        o.aggregatedDiscovery = aggregated;
        Simulator sim(o);
        ASSERT_FALSE(sim.start().has_value());
        ClusterSession::Options so;
        so.transport = settingsFor(sim);
        ClusterSession session(so);
        session.start();
        ASSERT_TRUE(
            waitFor([&] { return session.discovery().has_value(); }, std::chrono::seconds(15)))
            << session.discoveryError();
        const Discovery d = *session.discovery();
        auto mpi = d.find("kubeflow.org", "mpijobs");
        ASSERT_TRUE(mpi.has_value()) << "aggregated=" << aggregated;
        EXPECT_EQ(mpi->version, "v1") << "GA preferred over v2beta1";
        EXPECT_TRUE(mpi->hasStatus);
        EXPECT_TRUE(mpi->namespaced);
        auto queues = d.findKind("scheduling.volcano.sh", "Queue");
        ASSERT_TRUE(queues.has_value());
        EXPECT_FALSE(queues->namespaced);
        auto pods = d.find("", "pods");
        ASSERT_TRUE(pods.has_value());
        EXPECT_TRUE(pods->can("watch"));
        EXPECT_FALSE(d.find("example.com", "widgets").has_value());
    }
}

TEST(ClusterSessionTest, ADeadClusterDoesNotDelayALiveOne) {
    SimulatorOptions o;
    o.scenario = "demo";
    Simulator sim(o);
    ASSERT_FALSE(sim.start().has_value());
    ClusterSession::Options deadOptions;
    deadOptions.name = "dead";
    deadOptions.transport = settingsFor(sim);
    deadOptions.transport.server = "https://127.0.0.1:1"; // nothing listens there
    ClusterSession dead(deadOptions);
    dead.start();
    ClusterSession::Options liveOptions;
    liveOptions.name = "live";
    liveOptions.transport = settingsFor(sim);
    ClusterSession live(liveOptions);
    live.start();
    EXPECT_TRUE(waitFor([&] { return live.synced(); }, std::chrono::seconds(20)));
    EXPECT_TRUE(
        waitFor([&] { return dead.states().at("pods").phase == WatchState::Phase::BackingOff; },
                std::chrono::seconds(20)));
    EXPECT_FALSE(dead.synced());
    EXPECT_FALSE(dead.states().at("pods").reason.empty());
    dead.stop();
    live.stop();
}

TEST(ClusterSessionTest, WrongTokenIsAnAuthErrorWithItsReason) {
    SimulatorOptions o;
    o.scenario = "empty";
    Simulator sim(o);
    ASSERT_FALSE(sim.start().has_value());
    ClusterSession::Options so;
    so.name = "broken";
    so.transport = settingsFor(sim, "wrong-token");
    ClusterSession session(so);
    session.start();
    ASSERT_TRUE(
        waitFor([&] { return !session.blockingError().empty(); }, std::chrono::seconds(15)));
    EXPECT_NE(session.blockingError().find("401 Unauthorized"), std::string::npos)
        << session.blockingError();
    EXPECT_FALSE(session.synced());
    // Each watch finds out on its own; the first one may have been namespaces.
    EXPECT_TRUE(
        waitFor([&] { return session.states().at("pods").phase == WatchState::Phase::AuthError; },
                std::chrono::seconds(15)));
}

// A busy server expires a paged list's continue token before the last page (at 10,000 writes/s
// its history outruns 300 pages of pods). Paging again would expire again; like client-go's
// pager the session lists once more in a single unpaged response and syncs.
TEST(ClusterSessionTest, ExpiredContinueTokenFallsBackToOneUnpagedList) {
    SimulatorOptions o;
    o.scenario = "scale";
    o.nodes = 20;
    o.pods = 1600; // four pages of 500
    o.faults = "expire-continue:rate=1";
    Simulator sim(o);
    ASSERT_FALSE(sim.start().has_value());
    ClusterSession::Options so;
    so.name = "busy";
    so.transport = settingsFor(sim);
    ClusterSession session(so);
    session.start();
    ASSERT_TRUE(waitFor([&] { return session.synced(); }, std::chrono::seconds(30)))
        << "every continue page answers 410: only an unpaged list can sync";
    EXPECT_EQ(cacheVersions(session, "pods"), serverVersions(sim, "pods"));
    EXPECT_EQ(cacheVersions(session, "pods").size(), 1600u);
    EXPECT_GE(session.states().at("pods").relists, 1u);
    session.stop();
}

TEST(ClusterSessionTest, ConvergesAfterChurnUnderEveryFault) {
    SimulatorOptions o;
    o.scenario = "demo";
    o.churnPerSecond = 150;
    o.churnDurationSeconds = 6;
    o.historyWindow = 300; // small, so that watches also expire (410) and relist
    o.faults = "drop-watch:every=1500ms,expire-watch:rate=0.2,http500:rate=0.05,"
               "http429:rate=0.05,delay:ms=2,malformed:rate=0.01,reset:every=2s";
    Simulator sim(o);
    ASSERT_FALSE(sim.start().has_value());
    ClusterSession::Options so;
    so.name = "faulty";
    so.transport = settingsFor(sim);
    ClusterSession session(so);
    session.start();
    // The churn runs its course while the faults fire.
    ASSERT_TRUE(waitFor([&] { return sim.churnFinished(); }, std::chrono::seconds(60)));
    // Quiet now (the faults go on): the cache must converge on the server's exact state.
    const bool converged = waitFor(
        [&] {
            return cacheVersions(session, "pods") == serverVersions(sim, "pods") &&
                   cacheVersions(session, "nodes") == serverVersions(sim, "nodes") &&
                   cacheVersions(session, "namespaces") == serverVersions(sim, "namespaces");
        },
        std::chrono::seconds(60));
    EXPECT_TRUE(converged);
    EXPECT_EQ(cacheVersions(session, "pods"), serverVersions(sim, "pods"));
    EXPECT_EQ(cacheVersions(session, "nodes"), serverVersions(sim, "nodes"));
    const auto states = session.states();
    EXPECT_GT(states.at("pods").relists + states.at("nodes").relists, 0u)
        << "the faults made the watches relist at least once";
    session.stop();
}

} // namespace
