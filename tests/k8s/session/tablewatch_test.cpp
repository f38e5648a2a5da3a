// Table watches (ClusterSession::openTableWatch) against the in-process simulator: the rows and
// columns of any resource as the server prints them, live while open (adds, edits, deletes,
// a namespace scope and a label selector), a resource the server does not serve shown as such,
// and, once closed, no more changes and every row released by the session.

#include "k8s/objects/tablerow.h"
#include "k8s/session/clustersession.h"
#include "k8s/sim/simulator.h"
#include "k8s/sim/tableprinter.h"
#include "tests/support/simcluster.h"

#include <gtest/gtest.h>
#include <map>
#include <thread>

using namespace cubedesk::k8s;
using cubedesk::sim::Simulator;
using cubedesk::sim::SimulatorOptions;
using nlohmann::json;

namespace {

/// The rows a consumer holds: the feed drained into a map, as a browser's model keeps them.
struct Consumer {
    std::shared_ptr<TableWatchFeed> feed;
    std::map<std::string, ObjectPtr> rows;

    void drain() {
        for (auto &d : feed->drain()) {
            if (d.type == DeltaBuffer<ObjectPtr>::Type::Deleted)
                rows.erase(d.key);
            else
                rows[d.key] = d.object;
        }
    }
    const TableRow *row(const std::string &key) const {
        const auto it = rows.find(key);
        return it == rows.end() ? nullptr : static_cast<const TableRow *>(it->second.get());
    }
    /// Drains until `condition` holds or 20 s pass.
    bool waitFor(const std::function<bool()> &condition) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (std::chrono::steady_clock::now() < deadline) {
            drain();
            if (condition())
                return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        drain();
        return condition();
    }
};

using Cluster = cubedesk::test::SimCluster;

json configMap(const std::string &ns, const std::string &name, json data, json labels = {}) {
    json m = {{"apiVersion", "v1"},
              {"kind", "ConfigMap"},
              {"metadata", {{"name", name}, {"namespace", ns}}},
              {"data", std::move(data)}};
    if (!labels.is_null())
        m["metadata"]["labels"] = std::move(labels);
    return m;
}

ResourceDescriptor configMaps(const std::string &ns) {
    ResourceDescriptor r{ObjectKind::TableRow, "", "v1", "configmaps", true};
    r.namespaceScope = ns;
    return r;
}

} // namespace

TEST(TableWatch, RowsAndColumnsAsTheServerPrintsThemLiveUntilClosed) {
    auto c = Cluster::start();
    ASSERT_TRUE(c->session);
    const auto type = c->sim->registry().core("configmaps");
    ASSERT_TRUE(c->sim->store().create(type, configMap("automl", "first", {{"a", "1"}})).ok());
    ASSERT_TRUE(c->sim->store().create(type, configMap("pipeline", "elsewhere", {})).ok());

    std::atomic<int> wakes{0};
    Consumer table{c->session->openTableWatch(configMaps("automl"), [&] { ++wakes; }), {}};
    ASSERT_TRUE(table.waitFor([&] {
        return table.feed->state().live() && table.row("automl/first");
    })) << table.feed->state().reason;
    EXPECT_GT(wakes.load(), 0);
    // The server's own columns, and cells as its printer made them.
    std::vector<std::string> names;
    for (const auto &column : table.feed->columns())
        names.push_back(column.name);
    EXPECT_EQ(names, (std::vector<std::string>{"Name", "Data", "Age"}));
    const json expected = cubedesk::sim::TablePrinter::cells(
        type, c->sim->store().get(type, "automl", "first").value()->parse(),
        std::chrono::system_clock::now());
    EXPECT_EQ(table.row("automl/first")->cell(0), expected[0].get<std::string>());
    EXPECT_EQ(table.row("automl/first")->cell(1), std::to_string(expected[1].get<int>()));
    // Only the namespace asked for.
    for (const auto &[key, row] : table.rows)
        EXPECT_EQ(row->namespaceName(), "automl") << key;

    // Live: an edit, an addition and a deletion arrive as they happen.
    ASSERT_TRUE(c->sim->store()
                    .update(type, "automl", "first",
                            [](json &o) -> std::optional<cubedesk::sim::ApiError> {
                                o["data"]["b"] = "2";
                                return std::nullopt;
                            })
                    .ok());
    ASSERT_TRUE(c->sim->store().create(type, configMap("automl", "second", {})).ok());
    ASSERT_TRUE(table.waitFor([&] {
        const TableRow *first = table.row("automl/first");
        return first && first->cell(1) == "2" && table.row("automl/second");
    }));
    ASSERT_TRUE(c->sim->store().remove(type, "automl", "second").ok());
    ASSERT_TRUE(table.waitFor([&] { return !table.row("automl/second"); }));

    // Closed: the feed says so, nothing more arrives, and the session let go of every row.
    c->session->closeTableWatch(table.feed);
    ASSERT_TRUE(table.waitFor([&] { return table.feed->closed(); }));
    ASSERT_TRUE(c->sim->store().create(type, configMap("automl", "third", {})).ok());
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    table.drain();
    EXPECT_EQ(table.row("automl/third"), nullptr);
    ASSERT_FALSE(table.rows.empty());
    for (const auto &[key, row] : table.rows)
        EXPECT_EQ(row.use_count(), 1) << key << " is still held by the session";
}

TEST(TableWatch, ASelectorAndEveryNamespace) {
    auto c = Cluster::start();
    ASSERT_TRUE(c->session);
    const auto type = c->sim->registry().core("configmaps");
    ASSERT_TRUE(
        c->sim->store().create(type, configMap("automl", "tagged", {}, {{"team", "vision"}})).ok());
    ASSERT_TRUE(c->sim->store()
                    .create(type, configMap("pipeline", "tagged-too", {}, {{"team", "vision"}}))
                    .ok());
    ASSERT_TRUE(c->sim->store()
                    .create(type, configMap("pipeline", "other", {}, {{"team", "speech"}}))
                    .ok());
    ResourceDescriptor all = configMaps("");
    all.labelSelector = "team in (vision)";
    Consumer table{c->session->openTableWatch(all, [] {}), {}};
    ASSERT_TRUE(table.waitFor([&] { return table.feed->state().live() && table.rows.size() == 2; }))
        << table.feed->state().reason;
    EXPECT_TRUE(table.row("automl/tagged"));
    EXPECT_TRUE(table.row("pipeline/tagged-too"));
    // A row that stops matching leaves the table.
    ASSERT_TRUE(c->sim->store()
                    .update(type, "automl", "tagged",
                            [](json &o) -> std::optional<cubedesk::sim::ApiError> {
                                o["metadata"]["labels"]["team"] = "speech";
                                return std::nullopt;
                            })
                    .ok());
    ASSERT_TRUE(table.waitFor([&] { return !table.row("automl/tagged"); }));
    c->session->closeTableWatch(table.feed);
}

TEST(TableWatch, AResourceTheServerDoesNotServeSaysSo) {
    auto c = Cluster::start();
    ASSERT_TRUE(c->session);
    Consumer table{c->session->openTableWatch(
                       {ObjectKind::TableRow, "example.com", "v1", "widgets", true}, [] {}),
                   {}};
    ASSERT_TRUE(table.waitFor([&] {
        return table.feed->state().phase == WatchState::Phase::Unavailable;
    })) << static_cast<int>(table.feed->state().phase)
        << " " << table.feed->state().reason;
    EXPECT_FALSE(table.feed->state().reason.empty());
    EXPECT_TRUE(table.rows.empty());
}

TEST(TableWatch, StoppingTheSessionClosesItsTables) {
    auto c = Cluster::start();
    ASSERT_TRUE(c->session);
    Consumer table{c->session->openTableWatch(configMaps("kube-system"), [] {}), {}};
    ASSERT_TRUE(table.waitFor([&] { return table.feed->state().live(); }));
    c->session->stop();
    EXPECT_TRUE(table.feed->closed());
    // Opening one on a stopped session gives a closed feed at once.
    EXPECT_TRUE(c->session->openTableWatch(configMaps("kube-system"), [] {})->closed());
}

TEST(TableWatch, AUserWhoMayNotListSeesTheServersRefusal) {
    SimulatorOptions o;
    o.scenario = "demo";
    o.readonlyToken = "viewer-token";
    o.readonlyDenied = {"secrets"};
    Simulator sim(o);
    ASSERT_FALSE(sim.start());
    ClusterSession::Options so;
    so.name = "viewer";
    so.transport.server = sim.url();
    so.transport.caPem = sim.tls()->caCertificatePem();
    so.transport.credential = cubedesk::test::fixedToken("viewer-token");
    so.resources = {ResourceDescriptor::namespaces()};
    ClusterSession session(std::move(so));
    session.start();
    Consumer secrets{
        session.openTableWatch({ObjectKind::TableRow, "", "v1", "secrets", true}, [] {}), {}};
    ASSERT_TRUE(secrets.waitFor([&] {
        return secrets.feed->state().phase == WatchState::Phase::Forbidden;
    })) << static_cast<int>(secrets.feed->state().phase)
        << " " << secrets.feed->state().reason;
    EXPECT_NE(secrets.feed->state().reason.find("forbidden"), std::string::npos)
        << secrets.feed->state().reason;
    EXPECT_TRUE(secrets.rows.empty());
    // What the user may read still lists.
    Consumer maps{session.openTableWatch(configMaps("kube-system"), [] {}), {}};
    ASSERT_TRUE(maps.waitFor([&] { return maps.feed->state().live() && !maps.rows.empty(); }));
}
