// ClusterSession against the simulator: initial sync, deltas, auth errors, and convergence under
// churn with every fault the simulator can inject — after the churn stops the cache must equal
// the server's state, object for object.

#include "k8s/objects/pod.h"
#include "k8s/objects/stringpool.h"
#include "k8s/session/clustersession.h"
#include "k8s/sim/simulator.h"
#include "tests/support/fixedcredential.h"

#include <atomic>
#include <functional>
#include <gtest/gtest.h>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

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
    s.credential = cubedesk::test::fixedToken(token);
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

/// A started simulator of `scenario` with `faults`; the test fails when it does not start.
std::unique_ptr<Simulator> startSimulator(const std::string &scenario,
                                          const std::string &faults = {}) {
    SimulatorOptions o;
    o.scenario = scenario;
    o.faults = faults;
    auto sim = std::make_unique<Simulator>(o);
    if (auto error = sim->start())
        ADD_FAILURE() << "the simulator did not start: " << *error;
    return sim;
}

/// Relabels a node's org in the simulator's store, as a kubectl label would.
bool moveNodeToOrg(Simulator &sim, const std::string &node, const std::string &org) {
    return sim.store()
        .update(sim.registry().core("nodes"), "", node,
                [&](nlohmann::json &d) -> std::optional<cubedesk::sim::ApiError> {
                    d["metadata"]["labels"]["org"] = org;
                    return std::nullopt;
                })
        .ok();
}

/// Session options named `name` for the admin user of `sim`.
ClusterSession::Options sessionOptions(const Simulator &sim, std::string name) {
    ClusterSession::Options so;
    so.name = std::move(name);
    so.transport = settingsFor(sim);
    return so;
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

/// What separates `cache` from `server` (namespace/name → resourceVersion) for one resource:
/// objects only one side has and objects at different versions (at most five of each). Empty when
/// they agree.
std::string differences(const std::map<std::string, std::string> &cache,
                        const std::map<std::string, std::string> &server,
                        const std::string &resource) {
    std::string onlyCache, onlyServer, versions;
    int shown[3] = {0, 0, 0};
    const auto note = [&shown](std::string &to, int which, const std::string &what) {
        if (shown[which]++ < 5)
            to += ' ' + what;
    };
    for (const auto &[key, rv] : cache) {
        const auto it = server.find(key);
        if (it == server.end())
            note(onlyCache, 0, key);
        else if (it->second != rv)
            note(versions, 2, key + " (cache " + rv + ", server " + it->second + ')');
    }
    for (const auto &[key, rv] : server)
        if (!cache.contains(key))
            note(onlyServer, 1, key);
    if (shown[0] + shown[1] + shown[2] == 0)
        return {};
    return resource + ": " + std::to_string(shown[0]) + " only cached" + onlyCache + "; " +
           std::to_string(shown[1]) + " only on the server" + onlyServer + "; " +
           std::to_string(shown[2]) + " at other versions" + versions + '\n';
}

/// The session's consumer as the window is one: it drains the deltas and applies them, strictly
/// — an addition of an object it has, or an update or deletion of one it has not, is a violation
/// (the hand-over lost or reordered a change).
struct DeltaConsumer {
    /// resource → namespace/name → resourceVersion
    std::map<std::string, std::map<std::string, std::string>> versions;
    std::string violations;

    void drain(ClusterSession &session) {
        for (const auto &d : session.drainDeltas()) {
            const std::size_t slash = d.key.find('/');
            auto &objects = versions[d.key.substr(0, slash)];
            const std::string key = d.key.substr(slash + 1);
            const bool has = objects.contains(key);
            const bool added = d.type == DeltaBuffer<ObjectPtr>::Type::Added;
            if (added == has && violations.size() < 2000)
                violations += (has ? "added again: " : "changed before added: ") + d.key + '\n';
            if (d.type == DeltaBuffer<ObjectPtr>::Type::Deleted)
                objects.erase(key);
            else
                objects[key] = d.object->resourceVersion();
        }
    }
};

/// waitFor(condition, limit) while `consumer` drains `session`, as the window would meanwhile.
bool waitDraining(ClusterSession &session, DeltaConsumer &consumer,
                  const std::function<bool()> &condition, std::chrono::seconds limit) {
    return waitFor(
        [&] {
            consumer.drain(session);
            return condition();
        },
        limit);
}

/// The cache's and — with `consumer` — the consumer's differences from the server for one
/// resource, all taken at the same moment.
std::string differences(ClusterSession &session, Simulator &sim, const std::string &resource,
                        DeltaConsumer *consumer = nullptr) {
    const auto server = serverVersions(sim, resource);
    std::string out = differences(cacheVersions(session, resource), server, resource);
    if (consumer != nullptr)
        out += differences(consumer->versions[resource], server, "consumer's " + resource);
    return out;
}

/// Waits until the cache (and `consumer`, draining) agrees with the server on every one of
/// `resources` at one moment. The
/// simulator's scheduler and controllers go on changing objects after the churn stops, so two
/// comparisons taken one after the other may disagree without anything being wrong: only the
/// comparison that succeeded counts. Empty on success, else the last differences seen.
std::string awaitSameAsServer(ClusterSession &session, Simulator &sim,
                              const std::vector<std::string> &resources, std::chrono::seconds limit,
                              DeltaConsumer *consumer = nullptr) {
    std::string last;
    waitFor(
        [&] {
            if (consumer != nullptr)
                consumer->drain(session);
            last.clear();
            for (const auto &resource : resources)
                last += differences(session, sim, resource, consumer);
            return last.empty();
        },
        limit);
    return last;
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
    ASSERT_TRUE(moveNodeToOrg(sim, "gpu-a100-public-1", "vision"));
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
/// 1,600 workload pods (four pages of 500) on a server whose every continue page answers 410.
std::unique_ptr<Simulator> expiringPagesSimulator(bool watchList) {
    SimulatorOptions o;
    o.scenario = "scale";
    o.nodes = 20;
    o.pods = 1600;
    o.watchList = watchList;
    o.faults = "expire-continue:rate=1";
    auto sim = std::make_unique<Simulator>(o);
    if (auto error = sim->start())
        ADD_FAILURE() << *error;
    return sim;
}

TEST(ClusterSessionTest, ExpiredContinueTokenFallsBackToOneUnpagedList) {
    // A server without streaming lists: the session lists in pages.
    const auto simulator = expiringPagesSimulator(false);
    Simulator &sim = *simulator;
    ClusterSession session(sessionOptions(sim, "busy"));
    session.start();
    ASSERT_TRUE(waitFor([&] { return session.synced(); }, std::chrono::seconds(30)))
        << "every continue page answers 410: only an unpaged list can sync";
    EXPECT_EQ(cacheVersions(session, "pods"), serverVersions(sim, "pods"));
    // The 1,600 workload pods, the dcgm-exporter pods of the two GPU nodes and Prometheus.
    EXPECT_EQ(cacheVersions(session, "pods").size(), 1600u + 2u + 1u);
    EXPECT_GE(session.states().at("pods").relists, 1u);
    session.stop();
}

// A 1.32 server serves streaming lists: the whole state in one watch request, so no page can
// expire (the same server and fault as above), and nothing is relisted.
TEST(ClusterSessionTest, AStreamingListNeedsNoPages) {
    const auto simulator = expiringPagesSimulator(true);
    Simulator &sim = *simulator;
    ClusterSession session(sessionOptions(sim, "streamed"));
    session.start();
    ASSERT_TRUE(waitFor([&] { return session.synced(); }, std::chrono::seconds(30)));
    EXPECT_EQ(cacheVersions(session, "pods"), serverVersions(sim, "pods"));
    EXPECT_EQ(cacheVersions(session, "pods").size(), 1600u + 2u + 1u);
    EXPECT_EQ(session.states().at("pods").relists, 0u) << "no continue page was asked";
    // The stream goes on as the watch: a change made now reaches the cache.
    ASSERT_TRUE(sim.createObject(nlohmann::json::parse(R"({"apiVersion":"v1","kind":"Pod",
        "metadata":{"name":"late","namespace":"monitoring"},
        "spec":{"containers":[{"name":"c","image":"busybox"}]}})"),
                                 false)
                    .ok());
    EXPECT_TRUE(
        waitFor([&] { return cacheVersions(session, "pods") == serverVersions(sim, "pods"); },
                std::chrono::seconds(10)));
    session.stop();
}

namespace {

/// Churns the demo cluster under `faults` for `churnSeconds`: once the churn is over, the
/// session's cache must converge on the server's exact state and, with `mustRelist`, the faults
/// must have made the watches relist at least once.
void convergesAfterChurnUnder(const std::string &faults, double churnSeconds, bool mustRelist,
                              std::size_t historyWindow = 0) {
    SimulatorOptions o;
    o.scenario = "demo";
    o.churnPerSecond = 150;
    o.churnDurationSeconds = churnSeconds;
    if (historyWindow > 0)
        o.historyWindow = historyWindow;
    o.faults = faults;
    Simulator sim(o);
    ASSERT_FALSE(sim.start().has_value());
    ClusterSession::Options so;
    so.name = "faulty";
    so.transport = settingsFor(sim);
    ClusterSession session(so);
    DeltaConsumer consumer;
    session.start();
    ASSERT_TRUE(waitDraining(
        session, consumer, [&] { return sim.churnFinished(); }, std::chrono::seconds(60)));
    EXPECT_EQ(awaitSameAsServer(session, sim, {"pods", "nodes", "namespaces"},
                                std::chrono::seconds(90), &consumer),
              "");
    EXPECT_EQ(consumer.violations, "");
    const auto states = session.states();
    if (mustRelist) {
        EXPECT_GT(states.at("pods").relists + states.at("nodes").relists, 0u)
            << "the faults made the watches relist at least once";
    }
    session.stop();
}

} // namespace

// Every fault at once while the churn runs (they go on after it: the cache must still converge).
TEST(ClusterSessionTest, ConvergesAfterChurnUnderEveryFault) {
    // A small history, so that watches also expire (410) and relist.
    convergesAfterChurnUnder("drop-watch:every=1500ms,expire-watch:rate=0.2,http500:rate=0.05,"
                             "http429:rate=0.05,delay:ms=2,malformed:rate=0.01,reset:every=2s",
                             6, true, 300);
}

// The soak's fault cycle (cubedesk-bench-gui --soak): every connection closed, then in turn a
// 410 on every watch start, 500s and 401s for 2 s each, then over before the churn is. Whether
// a watch restarts inside the 410's 2 s depends on its backoff (under TSan it did not), so only
// the convergence is asserted.
TEST(ClusterSessionTest, ConvergesThroughTheSoakFaultCycle) {
    convergesAfterChurnUnder("cycle:every=1500ms:for=7s", 8, false);
}

// Churn gives every new pod a label value of its own (a run id), which the cache's string pool
// keeps for good: once the pool has grown enough the session renews it — every resource listed
// again into a fresh pool — while the data stays live, no change is lost on the way to the
// consumer, and the old pool goes with its last object.
TEST(ClusterSessionTest, RenewsAGrowingStringPoolWithoutLosingAChange) {
    SimulatorOptions o;
    o.scenario = "demo";
    o.churnPerSecond = 400;
    o.churnDurationSeconds = 10;
    Simulator sim(o);
    ASSERT_FALSE(sim.start().has_value());
    ClusterSession::Options so = sessionOptions(sim, "renewing");
    so.poolRenewalRatio = 0;     // not in proportion to the pool: this demo cluster's is small
    so.poolRenewalGrowth = 2048; // some 70 new label values: the churn makes them at any speed
    so.poolCheckInterval = std::chrono::milliseconds(200);
    ClusterSession session(so);
    DeltaConsumer consumer;
    session.start();
    ASSERT_TRUE(waitDraining(
        session, consumer, [&] { return session.synced(); }, std::chrono::seconds(30)));
    std::vector<ObjectPtr> firstPods = session.snapshot("pods");
    ASSERT_FALSE(firstPods.empty());
    const StringPool *firstPool = firstPods.front()->pool();
    const std::uint16_t firstIndex = firstPool->index();
    bool alwaysLive = true;
    ASSERT_TRUE(waitDraining(
        session, consumer,
        [&] {
            alwaysLive = alwaysLive && session.synced();
            return session.poolRenewals() >= 1 && sim.churnFinished();
        },
        std::chrono::seconds(90)))
        << "renewals: " << session.poolRenewals();
    EXPECT_TRUE(alwaysLive) << "a renewal is no failure: the data stays live";
    EXPECT_EQ(awaitSameAsServer(session, sim, {"pods", "nodes", "namespaces"},
                                std::chrono::seconds(60), &consumer),
              "");
    EXPECT_EQ(consumer.violations, "");
    // Every cached object is in the newest pool once the renewal's lists are done.
    std::set<const StringPool *> pools;
    EXPECT_TRUE(waitFor(
        [&] {
            pools.clear();
            for (const char *resource : {"pods", "nodes", "namespaces"})
                for (const auto &obj : session.snapshot(resource))
                    pools.insert(obj->pool());
            return pools.size() == 1 && !pools.contains(firstPool);
        },
        std::chrono::seconds(30)))
        << pools.size() << " pools";
    const std::size_t renewals = session.poolRenewals();
    session.stop();
    // The snapshot taken before is the last holder of the first pool's objects.
    EXPECT_EQ(StringPool::fromIndex(firstIndex), firstPool);
    firstPods.clear();
    EXPECT_NE(StringPool::fromIndex(firstIndex), firstPool) << "freed with its last object";
    EXPECT_GE(renewals, 1u);
}

// A server that goes silent without closing anything (a VPN that dropped, a laptop that slept):
// the open watches stop receiving and new requests get no answer. The session must say so within
// its watch-idle plus response deadlines, and recover by itself when the server answers again,
// with what changed meanwhile.
TEST(ClusterSessionTest, ASilentServerTurnsStaleAndRecovers) {
    auto simulator = startSimulator("demo");
    Simulator &sim = *simulator;
    ClusterSession::Options so = sessionOptions(sim, "silent");
    so.timeouts.response = std::chrono::milliseconds(1000);
    so.timeouts.listPage = std::chrono::milliseconds(5000);
    so.timeouts.listIdle = std::chrono::milliseconds(2000);
    so.timeouts.watchIdle = std::chrono::milliseconds(1500);
    ClusterSession session(so);
    session.start();
    ASSERT_TRUE(waitFor([&] { return session.synced(); }, std::chrono::seconds(30)));

    const auto stallBegan = std::chrono::steady_clock::now();
    sim.faults().stallNow(std::chrono::seconds(8));
    ASSERT_TRUE(waitFor([&] { return !session.synced(); }, std::chrono::seconds(7)))
        << "a silent server must not look live";
    EXPECT_LT(std::chrono::steady_clock::now() - stallBegan, std::chrono::seconds(5))
        << "watch idle 1.5 s + response 1 s, checked every 250 ms";
    std::string reasons;
    for (const auto &[id, state] : session.states())
        reasons += id + ": " + state.reason + "\n";
    EXPECT_NE(reasons.find("no answer from the server"), std::string::npos) << reasons;

    // Meanwhile the cluster changes (the store is not stalled, only its API server).
    ASSERT_TRUE(moveNodeToOrg(sim, "gpu-a100-public-1", "vision"));
    // The server answers again: the session syncs by itself, change included.
    EXPECT_TRUE(waitFor([&] { return session.synced(); }, std::chrono::seconds(40)));
    EXPECT_EQ(awaitSameAsServer(session, sim, {"nodes", "pods"}, std::chrono::seconds(20)), "");
    session.stop();
}

// A LIST page that trickles in must not keep a resource "connecting" for ever: the page has a
// deadline, and missing it is a visible failure that is retried with backoff.
TEST(ClusterSessionTest, ATricklingListMissesItsDeadlineVisibly) {
    auto sim = startSimulator("demo", "slow:bps=2000");
    ClusterSession::Options so = sessionOptions(*sim, "slow");
    so.timeouts.listPage = std::chrono::milliseconds(1500);
    ClusterSession session(so);
    session.start();
    EXPECT_TRUE(waitFor(
        [&] {
            const auto pods = session.states().at("pods");
            return pods.phase == WatchState::Phase::BackingOff &&
                   pods.reason.find("deadline") != std::string::npos;
        },
        std::chrono::seconds(15)))
        << session.states().at("pods").reason;
    EXPECT_FALSE(session.synced());
    session.stop();
}

// Discovery that fails once (the API server answered nothing while it started) is retried with
// backoff; the job kinds it finds are then watched.
TEST(ClusterSessionTest, FailedDiscoveryIsRetried) {
    auto sim = startSimulator("demo");
    ClusterSession::Options so = sessionOptions(*sim, "late");
    so.timeouts.response = std::chrono::milliseconds(800);
    so.ifServed = {{ObjectKind::CustomResource, "kubeflow.org", "v1", "pytorchjobs", true}};
    ClusterSession session(so);
    // The stall starts when the session does, not when the simulator did: a slow build (tsan)
    // may take longer than the stall to get here.
    sim->faults().stallNow(std::chrono::milliseconds(2500));
    session.start();
    ASSERT_TRUE(
        waitFor([&] { return !session.discoveryError().empty(); }, std::chrono::seconds(10)))
        << "the first discovery meets the stall";
    EXPECT_TRUE(waitFor(
        [&] { return session.synced() && session.states().count("pytorchjobs.kubeflow.org") == 1; },
        std::chrono::seconds(40)))
        << session.discoveryError();
    EXPECT_TRUE(session.discoveryError().empty());
    EXPECT_FALSE(session.snapshot("pytorchjobs.kubeflow.org").empty());
    session.stop();
}

// A CRD with a lifecycle outside the job catalogue (Katib's Experiment, trimmed), in a group of
// its own so that several can be made.
nlohmann::json lifecycleCrd(const std::string &group, const std::string &kind,
                            const std::string &plural) {
    using nlohmann::json;
    json status = {{"type", "object"}};
    status["properties"]["conditions"] = {{"type", "array"}};
    status["properties"]["phase"] = {{"type", "string"}};
    json schema = {{"type", "object"}};
    schema["properties"]["spec"] = {{"type", "object"}};
    schema["properties"]["status"] = status;
    json version = {{"name", "v1"}, {"served", true}, {"storage", true}};
    version["schema"]["openAPIV3Schema"] = schema;
    json crd = {{"apiVersion", "apiextensions.k8s.io/v1"}, {"kind", "CustomResourceDefinition"}};
    crd["metadata"]["name"] = plural + '.' + group;
    crd["spec"]["group"] = group;
    crd["spec"]["scope"] = "Namespaced";
    crd["spec"]["names"] = {{"kind", kind}, {"plural", plural}, {"listKind", kind + "List"}};
    crd["spec"]["versions"] = json::array({version});
    return crd;
}

// CRDs with a lifecycle are found in the streamed CRD list, within a budget, and watched only
// while something needs them: unwatched, their objects leave as deletions.
TEST(ClusterSessionTest, LifecycleCrdsAreWatchedOnDemandWithinABudget) {
    SimulatorOptions o;
    o.scenario = "empty";
    o.builtinCrds = false; // only the three below
    Simulator sim(o);
    ASSERT_FALSE(sim.start().has_value());
    for (int i = 0; i < 3; ++i) {
        const std::string group = "g" + std::to_string(i) + ".example.com";
        ASSERT_TRUE(sim.createObject(lifecycleCrd(group, "Experiment", "experiments"), false).ok());
    }
    // Established CRDs are served; one object of the first kind.
    ASSERT_TRUE(waitFor(
        [&] {
            return sim
                .createObject({{"apiVersion", "g0.example.com/v1"},
                               {"kind", "Experiment"},
                               {"metadata", {{"name", "random-search"}, {"namespace", "default"}}}},
                              false)
                .ok();
        },
        std::chrono::seconds(10)));
    ClusterSession::Options so = sessionOptions(sim, "crds");
    so.followStatusKinds = true;
    so.watchStatusKinds = false;
    so.statusKindBudget = 2;
    ClusterSession session(so);
    session.start();
    ASSERT_TRUE(waitFor([&] { return session.optionalSettled(); }, std::chrono::seconds(30)));
    EXPECT_EQ(session.statusKindsError(), "");
    EXPECT_EQ(session.statusKinds().size(), 2u) << "the budget";
    EXPECT_EQ(session.statusKindsSkipped(), 1u);
    ASSERT_EQ(session.statusKinds().count("experiments.g0.example.com"), 1u);
    EXPECT_EQ(session.states().count("experiments.g0.example.com"), 0u) << "nothing needs it yet";

    session.setStatusKindsWatched(true);
    ASSERT_TRUE(waitFor(
        [&] {
            return session.synced() && session.states().count("experiments.g0.example.com") == 1;
        },
        std::chrono::seconds(20)));
    EXPECT_EQ(session.snapshot("experiments.g0.example.com").size(), 1u);
    session.drainDeltas();

    session.setStatusKindsWatched(false);
    std::vector<ClusterSession::Delta> deltas;
    ASSERT_TRUE(waitFor(
        [&] {
            auto more = session.drainDeltas();
            deltas.insert(deltas.end(), more.begin(), more.end());
            return session.states().count("experiments.g0.example.com") == 0 && !deltas.empty();
        },
        std::chrono::seconds(10)));
    ASSERT_EQ(deltas.size(), 1u);
    EXPECT_EQ(deltas[0].type, DeltaBuffer<ObjectPtr>::Type::Deleted);
    EXPECT_EQ(deltas[0].key, "experiments.g0.example.com/default/random-search");
    EXPECT_TRUE(session.snapshot("experiments.g0.example.com").empty());
    EXPECT_TRUE(session.synced()) << "what is not watched does not hold the cluster's state back";

    session.setStatusKindsWatched(true); // and back
    EXPECT_TRUE(waitFor([&] { return session.snapshot("experiments.g0.example.com").size() == 1; },
                        std::chrono::seconds(20)));
    session.stop();
}

TEST(ClusterSessionTest, SessionsDrawTheirJitterSeedFromTheSystem) {
    ClusterSession::Options so;
    so.name = "a";
    so.transport.server = "https://127.0.0.1:1";
    EXPECT_EQ(so.seed, 0u) << "the default is the system's seed";
    ClusterSession a(so);
    ClusterSession b(so);
    EXPECT_NE(a.seed(), b.seed()) << "two sessions (or two instances) must not retry in lockstep";
    so.seed = 42;
    EXPECT_EQ(ClusterSession(so).seed(), 42u);
}

} // namespace
