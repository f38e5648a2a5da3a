// ObjectStore: versions, preconditions, history, consistent pagination, watch windows, text
// rewrites.

#include "k8s/sim/churnengine.h"
#include "k8s/sim/objectindexer.h"
#include "k8s/sim/objectstore.h"
#include "k8s/sim/resourceregistry.h"
#include "k8s/sim/scalescenario.h"

#include <gtest/gtest.h>

using namespace cubedesk::sim;
using nlohmann::json;

namespace {

class ObjectStoreTest : public ::testing::Test {
protected:
    ResourceRegistry registry;
    ResourceType ns = registry.core("namespaces");
    ResourceType pods = registry.core("pods");
    ResourceType cms = registry.core("configmaps");
    ResourceType nodes = registry.core("nodes");

    /// Stores the scale scenario's node `index` (with its status) and returns its name.
    std::string createScaleNode(ObjectStore &store, int index) {
        auto created =
            store.create(nodes, ScaleScenario::node(index, 1), WriteOptions{false, false, true});
        EXPECT_TRUE(created.ok()) << created.error().message;
        return created.ok() ? created.value()->name : std::string();
    }

    json pod(const std::string &name, json labels = json::object()) {
        return {{"apiVersion", "v1"},
                {"kind", "Pod"},
                {"metadata", {{"name", name}, {"namespace", "ml"}, {"labels", labels}}},
                {"spec", {{"containers", json::array({{{"name", "c"}, {"image", "busybox"}}})}}}};
    }
    void makeNamespace(ObjectStore &store, const std::string &name) {
        ASSERT_TRUE(store.create(ns, {{"metadata", {{"name", name}}}}).ok());
    }
};

TEST_F(ObjectStoreTest, CreateFillsServerOwnedMetadata) {
    ObjectStore store;
    makeNamespace(store, "ml");
    auto r = store.create(pods, pod("a"));
    ASSERT_TRUE(r.ok()) << r.error().message;
    const json doc = r.value()->parse();
    EXPECT_EQ(doc["metadata"]["generation"], 1);
    EXPECT_TRUE(doc["metadata"]["resourceVersion"].is_string());
    EXPECT_EQ(doc["metadata"]["uid"].get<std::string>().size(), 36u);
    EXPECT_EQ(doc["status"]["phase"], "Pending");
    EXPECT_EQ(r.value()->rv, store.currentRv());
    EXPECT_EQ(r.value()->json.rfind("{\"apiVersion\":\"v1\"", 0), 0u);

    auto dup = store.create(pods, pod("a"));
    ASSERT_FALSE(dup.ok());
    EXPECT_EQ(dup.error().code, 409);
    EXPECT_EQ(dup.error().reason, "AlreadyExists");
    EXPECT_EQ(dup.error().message, "pods \"a\" already exists");

    json noNs = pod("b");
    noNs["metadata"]["namespace"] = "missing";
    auto missing = store.create(pods, noNs);
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().message, "namespaces \"missing\" not found");

    json generated = pod("");
    generated["metadata"].erase("name");
    generated["metadata"]["generateName"] = "worker-";
    auto gen = store.create(pods, generated);
    ASSERT_TRUE(gen.ok());
    EXPECT_EQ(gen.value()->name.size(), std::string("worker-").size() + 5);

    json badLabels = pod("c");
    badLabels["metadata"]["labels"]["n"] = 5;
    auto bad = store.create(pods, badLabels);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code, 422);
}

TEST_F(ObjectStoreTest, UpdatesBumpVersionsAndHonourPreconditions) {
    ObjectStore store;
    makeNamespace(store, "ml");
    const auto first = store.create(pods, pod("a")).value();

    auto labelled = store.update(pods, "ml", "a", [](json &d) -> std::optional<ApiError> {
        d["metadata"]["labels"]["x"] = "1";
        return std::nullopt;
    });
    ASSERT_TRUE(labelled.ok());
    EXPECT_GT(labelled.value()->rv, first->rv);
    EXPECT_EQ(labelled.value()->parse()["metadata"]["generation"], 1) << "labels are metadata";

    auto specChange = store.update(pods, "ml", "a", [](json &d) -> std::optional<ApiError> {
        d["spec"]["activeDeadlineSeconds"] = 60;
        return std::nullopt;
    });
    EXPECT_EQ(specChange.value()->parse()["metadata"]["generation"], 2);

    auto noop = store.update(pods, "ml", "a",
                             [](json &) -> std::optional<ApiError> { return std::nullopt; });
    EXPECT_EQ(noop.value()->rv, specChange.value()->rv) << "a no-op write keeps the version";

    auto stale = store.update(pods, "ml", "a", [&](json &d) -> std::optional<ApiError> {
        d["metadata"]["resourceVersion"] = std::to_string(first->rv);
        d["metadata"]["labels"]["y"] = "2";
        return std::nullopt;
    });
    ASSERT_FALSE(stale.ok());
    EXPECT_EQ(stale.error().code, 409);
    EXPECT_EQ(stale.error().reason, "Conflict");

    auto statusIgnored = store.update(pods, "ml", "a", [](json &d) -> std::optional<ApiError> {
        d["status"]["phase"] = "Running";
        return std::nullopt;
    });
    EXPECT_EQ(statusIgnored.value()->parse()["status"]["phase"], "Pending")
        << "the main resource ignores status when there is a status subresource";
    auto viaStatus = store.update(
        pods, "ml", "a",
        [](json &d) -> std::optional<ApiError> {
            d["status"]["phase"] = "Running";
            d["metadata"]["labels"]["ignored"] = "yes";
            return std::nullopt;
        },
        WriteOptions{false, true, false});
    const json afterStatus = viaStatus.value()->parse();
    EXPECT_EQ(afterStatus["status"]["phase"], "Running");
    EXPECT_FALSE(afterStatus["metadata"]["labels"].contains("ignored"));
    EXPECT_EQ(afterStatus["metadata"]["generation"], 2);

    auto wrongUid = store.remove(pods, "ml", "a", "not-the-uid");
    EXPECT_EQ(wrongUid.error().code, 409);
    auto removed = store.remove(pods, "ml", "a");
    ASSERT_TRUE(removed.ok());
    EXPECT_EQ(removed.value()->rv, store.currentRv()) << "DELETED carries the deletion version";
    EXPECT_EQ(store.get(pods, "ml", "a").error().code, 404);
}

TEST_F(ObjectStoreTest, PaginationIsAConsistentSnapshot) {
    ObjectStore store;
    makeNamespace(store, "ml");
    for (int i = 0; i < 10; ++i)
        ASSERT_TRUE(store.create(pods, pod("p" + std::to_string(i))).ok());
    ListQuery q;
    q.limit = 4;
    auto page1 = store.list(pods, q);
    ASSERT_TRUE(page1.ok());
    ASSERT_EQ(page1.value().items.size(), 4u);
    EXPECT_EQ(page1.value().remaining, 6u);
    ASSERT_FALSE(page1.value().continueToken.empty());

    // Changes after the first page must not show up in later pages.
    ASSERT_TRUE(store.remove(pods, "ml", "p7").ok());
    ASSERT_TRUE(store.create(pods, pod("p45")).ok());
    ASSERT_TRUE(store
                    .update(pods, "ml", "p8",
                            [](json &d) -> std::optional<ApiError> {
                                d["metadata"]["labels"]["changed"] = "yes";
                                return std::nullopt;
                            })
                    .ok());
    std::vector<std::string> names;
    for (const auto &o : page1.value().items)
        names.push_back(o->name);
    std::string token = page1.value().continueToken;
    while (!token.empty()) {
        ListQuery next;
        next.limit = 4;
        next.continueToken = token;
        auto page = store.list(pods, next);
        ASSERT_TRUE(page.ok()) << page.error().message;
        EXPECT_EQ(page.value().rv, page1.value().rv);
        for (const auto &o : page.value().items) {
            names.push_back(o->name);
            if (o->name == "p8") {
                EXPECT_FALSE(o->label("changed").has_value()) << "p8 as it was";
            }
        }
        token = page.value().continueToken;
    }
    EXPECT_EQ(names, (std::vector<std::string>{"p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8",
                                               "p9"}));

    ListQuery bad;
    bad.continueToken = "not-a-token";
    EXPECT_EQ(store.list(pods, bad).error().code, 400);
}

TEST_F(ObjectStoreTest, ExpiredContinueTokenAndOldWatchGet410) {
    ObjectStore store(3);
    makeNamespace(store, "ml");
    for (int i = 0; i < 6; ++i)
        ASSERT_TRUE(store.create(pods, pod("p" + std::to_string(i))).ok());
    ListQuery q;
    q.limit = 2;
    auto page1 = store.list(pods, q);
    const std::uint64_t listedAt = page1.value().rv;
    for (int i = 0; i < 4; ++i)
        ASSERT_TRUE(store.create(pods, pod("q" + std::to_string(i))).ok());
    ListQuery next;
    next.limit = 2;
    next.continueToken = page1.value().continueToken;
    auto expired = store.list(pods, next);
    ASSERT_FALSE(expired.ok());
    EXPECT_EQ(expired.error().code, 410);
    EXPECT_EQ(expired.error().reason, "Expired");

    std::vector<WatchEvent> events;
    auto old = store.waitForEvents(pods, listedAt, events, std::chrono::milliseconds(10));
    ASSERT_FALSE(old.ok());
    EXPECT_EQ(old.error().code, 410);
    EXPECT_NE(old.error().message.find("too old resource version"), std::string::npos);

    // A collection nobody wrote to has lost no history: a watch from the list's old version is
    // fine there, even after the busy collection compacted past it (no 410 loop for quiet CRDs).
    events.clear();
    auto quiet = store.waitForEvents(cms, listedAt, events, std::chrono::milliseconds(0));
    ASSERT_TRUE(quiet.ok()) << quiet.error().message;
    EXPECT_TRUE(events.empty());

    auto recent =
        store.waitForEvents(pods, store.currentRv() - 2, events, std::chrono::milliseconds(10));
    ASSERT_TRUE(recent.ok());
    ASSERT_EQ(events.size(), 2u);
    EXPECT_EQ(events[0].type, EventType::Added);
    EXPECT_EQ(events[1].object->name, "q3");
}

TEST_F(ObjectStoreTest, SelectorsAndNamespacesFilterLists) {
    ObjectStore store;
    makeNamespace(store, "ml");
    makeNamespace(store, "other");
    ASSERT_TRUE(store.create(pods, pod("gpu", {{"gpu", "true"}, {"org", "vision"}})).ok());
    ASSERT_TRUE(store.create(pods, pod("cpu", {{"cpu", "true"}, {"org", "speech"}})).ok());
    json elsewhere = pod("gpu2", {{"gpu", "true"}});
    elsewhere["metadata"]["namespace"] = "other";
    ASSERT_TRUE(store.create(pods, elsewhere).ok());

    auto sel = cubedesk::k8s::LabelSelector::parse("gpu=true");
    ListQuery all;
    all.labels = &*sel;
    EXPECT_EQ(store.list(pods, all).value().items.size(), 2u);
    ListQuery inMl = all;
    inMl.ns = "ml";
    auto ml = store.list(pods, inMl).value().items;
    ASSERT_EQ(ml.size(), 1u);
    EXPECT_EQ(ml[0]->name, "gpu");
    auto fields = cubedesk::k8s::FieldSelector::parse("metadata.name=cpu,status.phase=Pending");
    ListQuery byField;
    byField.fields = &*fields;
    auto byFieldItems = store.list(pods, byField).value().items;
    ASSERT_EQ(byFieldItems.size(), 1u);
    EXPECT_EQ(byFieldItems[0]->name, "cpu");
}

TEST_F(ObjectStoreTest, WaitForEventsWakesOnWriteAndRemovesNamespaceContents) {
    ObjectStore store;
    makeNamespace(store, "ml");
    const std::uint64_t from = store.currentRv();
    std::thread writer([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        EXPECT_TRUE(store.create(pods, pod("late")).ok());
    });
    std::vector<WatchEvent> events;
    auto r = store.waitForEvents(pods, from, events, std::chrono::seconds(5));
    writer.join();
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].object->name, "late");

    ASSERT_TRUE(store.create(cms, {{"metadata", {{"name", "cfg"}, {"namespace", "ml"}}}}).ok());
    store.removeNamespaceContents("ml");
    EXPECT_EQ(store.count(pods), 0u);
    EXPECT_EQ(store.count(cms), 0u);
}

TEST_F(ObjectStoreTest, BulkLoadInsertsWithoutHistory) {
    ObjectStore store;
    makeNamespace(store, "ml");
    const std::size_t n =
        store.bulkLoad(pods, 500, [&](std::size_t i) { return pod("bulk-" + std::to_string(i)); });
    EXPECT_EQ(n, 500u);
    EXPECT_EQ(store.count(pods), 500u);
    std::vector<WatchEvent> events;
    auto r = store.waitForEvents(pods, store.currentRv(), events, std::chrono::milliseconds(1));
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(events.empty());
    auto p = store.get(pods, "ml", "bulk-42");
    ASSERT_TRUE(p.ok());
    EXPECT_FALSE(p.value()->uid.empty());
}

TEST(ResourceRegistryTest, CrdsServeEveryVersionAndPreferGa) {
    ResourceRegistry registry;
    json crd = {{"spec",
                 {{"group", "kubeflow.org"},
                  {"names", {{"plural", "mpijobs"}, {"kind", "MPIJob"}}},
                  {"scope", "Namespaced"},
                  {"versions", json::array({{{"name", "v2beta1"}, {"served", true}},
                                            {{"name", "v1"}, {"served", true}},
                                            {{"name", "v1alpha1"}, {"served", false}}})}}}};
    ASSERT_FALSE(registry.applyCrd(crd).has_value());
    EXPECT_TRUE(registry.find("kubeflow.org", "v1", "mpijobs").has_value());
    EXPECT_TRUE(registry.find("kubeflow.org", "v2beta1", "mpijobs").has_value());
    EXPECT_FALSE(registry.find("kubeflow.org", "v1alpha1", "mpijobs").has_value());
    const json groups = registry.legacyGroupList();
    bool found = false;
    for (const auto &g : groups["groups"])
        if (g["name"] == "kubeflow.org") {
            found = true;
            EXPECT_EQ(g["preferredVersion"]["version"], "v1");
            EXPECT_EQ(g["versions"].size(), 2u);
        }
    EXPECT_TRUE(found);
    const json aggregated = registry.aggregatedGroups();
    EXPECT_EQ(aggregated["kind"], "APIGroupDiscoveryList");
    EXPECT_EQ(registry.removeCrd(crd).size(), 2u);
    EXPECT_FALSE(registry.find("kubeflow.org", "v1", "mpijobs").has_value());
    EXPECT_TRUE(registry.applyCrd(json{{"spec", json::object()}}).has_value());
}

} // namespace

// The churn engine's heartbeat on the stored text must store what the JSON path stores: same
// bytes (but the resourceVersion), same derived fields, one MODIFIED event with the new version.
TEST_F(ObjectStoreTest, TextRewriteStoresWhatUpdateStores) {
    ObjectStore store;
    makeNamespace(store, ScaleScenario::namespaceName(0));
    json running = ScaleScenario::pod(0, 10, 1, 7);
    ASSERT_EQ(running["status"]["phase"], "Running");
    auto created = store.create(pods, running, WriteOptions{false, false, true});
    ASSERT_TRUE(created.ok()) << created.error().message;
    const std::string ns = created.value()->ns;
    const std::string name = created.value()->name;
    // The scale scenario's running pods carry the probe condition from the start; a pod without
    // it does not take the text path (its first heartbeat adds the condition through update()).
    EXPECT_TRUE(ChurnEngine::withProbeTime(*created.value(), "2026-12-03T08:00:00Z"));
    json unprobed = ScaleScenario::pod(1, 10, 1, 7);
    json &conditions = unprobed["status"]["conditions"];
    const auto sizeBefore = conditions.size();
    for (auto c = conditions.begin(); c != conditions.end();)
        c = (*c)["type"] == "cubedesk.io/KubeletProbe" ? conditions.erase(c) : c + 1;
    ASSERT_EQ(conditions.size(), sizeBefore - 1);
    auto bare = store.create(pods, unprobed, WriteOptions{false, false, true});
    ASSERT_TRUE(bare.ok()) << bare.error().message;
    EXPECT_FALSE(ChurnEngine::withProbeTime(*bare.value(), "2026-12-03T08:00:00Z"));

    const WriteOptions status{false, true, false};
    ASSERT_TRUE(
        store.update(pods, ns, name, ChurnEngine::probedAt("2026-12-03T08:00:00Z"), status).ok());
    auto viaJson =
        store.update(pods, ns, name, ChurnEngine::probedAt("2026-12-03T08:00:07Z"), status);
    ASSERT_TRUE(viaJson.ok());
    ASSERT_TRUE(
        store.update(pods, ns, name, ChurnEngine::probedAt("2026-12-03T08:00:00Z"), status).ok());
    const std::uint64_t before = store.currentRv();
    auto viaText = store.rewriteText(pods, ns, name, [](const StoredObject &o) {
        return ChurnEngine::withProbeTime(o, "2026-12-03T08:00:07Z");
    });
    ASSERT_TRUE(viaText.ok()) << viaText.error().message;
    const StoredObject &j = *viaJson.value();
    const StoredObject &t = *viaText.value();
    EXPECT_EQ(t.rv, before + 1);
    EXPECT_EQ(store.currentRv(), before + 1);
    const auto withRv = [](std::string text, std::uint64_t from, std::uint64_t to) {
        const std::string a = "\"resourceVersion\":\"" + std::to_string(from) + '"';
        const auto at = text.find(a);
        EXPECT_NE(at, std::string::npos);
        if (at != std::string::npos)
            text.replace(at, a.size(), "\"resourceVersion\":\"" + std::to_string(to) + '"');
        return text;
    };
    EXPECT_EQ(t.json, withRv(j.json, j.rv, t.rv));
    EXPECT_EQ(t.parse(), ObjectIndexer::build(pods, t.parse())->parse());
    EXPECT_EQ(t.tableMetadata, withRv(j.tableMetadata, j.rv, t.rv));
    EXPECT_EQ(t.tableCells, j.tableCells);
    EXPECT_EQ(t.tableConditions, j.tableConditions);
    EXPECT_EQ(t.labels, j.labels);
    EXPECT_EQ(t.fields, j.fields);
    EXPECT_EQ(t.uid, j.uid);

    std::vector<WatchEvent> events;
    ASSERT_TRUE(store.waitForEvents(pods, before, events, std::chrono::milliseconds(0)).ok());
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].type, EventType::Modified);
    EXPECT_EQ(events[0].rv, before + 1);
    EXPECT_EQ(events[0].object, viaText.value());

    // Unchanged text: no write. A pod that stopped running: the caller falls back to update().
    auto same = store.rewriteText(pods, ns, name, [](const StoredObject &o) {
        return ChurnEngine::withProbeTime(o, "2026-12-03T08:00:07Z");
    });
    ASSERT_TRUE(same.ok());
    EXPECT_EQ(store.currentRv(), before + 1);
    ASSERT_TRUE(store
                    .update(
                        pods, ns, name,
                        [](json &doc) -> std::optional<ApiError> {
                            doc["status"]["phase"] = "Succeeded";
                            return std::nullopt;
                        },
                        status)
                    .ok());
    EXPECT_FALSE(store
                     .rewriteText(pods, ns, name,
                                  [](const StoredObject &o) {
                                      return ChurnEngine::withProbeTime(o, "2026-12-03T08:00:09Z");
                                  })
                     .ok());
    EXPECT_FALSE(
        store
            .rewriteText(pods, ns, "gone",
                         [](const StoredObject &o) { return std::optional<std::string>(o.json); })
            .ok());

    // A deletion's event object gets its new version the same way: the bytes equal a rebuild.
    const std::uint64_t beforeDelete = store.currentRv();
    ASSERT_TRUE(store.remove(pods, ns, name).ok());
    events.clear();
    ASSERT_TRUE(store.waitForEvents(pods, beforeDelete, events, std::chrono::milliseconds(0)).ok());
    ASSERT_EQ(events.size(), 1u);
    const StoredObject &deleted = *events[0].object;
    EXPECT_EQ(deleted.rv, beforeDelete + 1);
    const ObjectPtr rebuilt = ObjectIndexer::build(pods, deleted.parse());
    EXPECT_EQ(deleted.json, rebuilt->json);
    EXPECT_EQ(deleted.tableMetadata, rebuilt->tableMetadata);
    EXPECT_EQ(deleted.rv, rebuilt->rv);
}

// The churn engine's node Ready toggles: ObjectStore::rewrite edits the Ready condition in the
// text and the table row's Status cell — the same object, field by field, as update() with the
// equivalent mutation, both ways and on a cordoned node.
TEST_F(ObjectStoreTest, ReadyRewriteStoresWhatUpdateStores) {
    ObjectStore store;
    const std::string name = createScaleNode(store, 4);
    ASSERT_FALSE(name.empty());
    const WriteOptions status{false, true, false};
    const auto withoutRv = [](std::string text, std::uint64_t rv) {
        const std::string field = "\"resourceVersion\":\"" + std::to_string(rv) + '"';
        const auto at = text.find(field);
        EXPECT_NE(at, std::string::npos);
        if (at != std::string::npos)
            text.erase(at, field.size());
        return text;
    };
    for (const bool cordoned : {false, true}) {
        if (cordoned) {
            ASSERT_TRUE(store
                            .update(nodes, "", name,
                                    [](json &doc) -> std::optional<ApiError> {
                                        doc["spec"]["unschedulable"] = true;
                                        return std::nullopt;
                                    })
                            .ok());
        }
        for (const bool ready : {false, true}) {
            SCOPED_TRACE(std::string(ready ? "ready" : "not ready") +
                         (cordoned ? ", cordoned" : ""));
            const std::string t = ready ? "2026-12-04T10:00:02Z" : "2026-12-04T10:00:01Z";
            const ObjectPtr start = store.get(nodes, "", name).value();
            auto viaJson =
                store.update(nodes, "", name, ChurnEngine::readyMutation(ready, t), status);
            ASSERT_TRUE(viaJson.ok()) << viaJson.error().message;
            // Back to where it was, then the same change as a text edit.
            ASSERT_TRUE(store
                            .update(
                                nodes, "", name,
                                [&start](json &doc) -> std::optional<ApiError> {
                                    doc["status"] = start->parse()["status"];
                                    return std::nullopt;
                                },
                                status)
                            .ok());
            const std::uint64_t before = store.currentRv();
            auto viaText = store.rewrite(nodes, "", name, [&](StoredObject &o) {
                return ChurnEngine::withReadyCondition(o, ready, t);
            });
            ASSERT_TRUE(viaText.ok()) << viaText.error().message;
            const StoredObject &j = *viaJson.value();
            const StoredObject &x = *viaText.value();
            EXPECT_EQ(x.rv, before + 1);
            EXPECT_NE(x.json, start->json);
            EXPECT_EQ(withoutRv(x.json, x.rv), withoutRv(j.json, j.rv));
            EXPECT_EQ(x.labels, j.labels);
            EXPECT_EQ(x.fields, j.fields);
            EXPECT_EQ(x.tableCells, j.tableCells);
            EXPECT_EQ(x.tableConditions, j.tableConditions);
            EXPECT_EQ(withoutRv(x.tableMetadata, x.rv), withoutRv(j.tableMetadata, j.rv));
            const ObjectPtr rebuilt = ObjectIndexer::build(nodes, x.parse());
            EXPECT_EQ(x.tableCells[1], rebuilt->tableCells[1]);
            EXPECT_EQ(x.tableCells[1],
                      ready ? (cordoned ? "\"Ready,SchedulingDisabled\"" : "\"Ready\"")
                            : (cordoned ? "\"NotReady,SchedulingDisabled\"" : "\"NotReady\""));
        }
    }
    // A node without a Ready condition: the text path declines and writes nothing.
    ASSERT_TRUE(store
                    .update(
                        nodes, "", name,
                        [](json &doc) -> std::optional<ApiError> {
                            doc["status"]["conditions"] = json::array();
                            return std::nullopt;
                        },
                        status)
                    .ok());
    const std::uint64_t rv = store.currentRv();
    EXPECT_FALSE(store
                     .rewrite(nodes, "", name,
                              [](StoredObject &o) {
                                  return ChurnEngine::withReadyCondition(o, true,
                                                                         "2026-12-04T10:00:03Z");
                              })
                     .ok());
    EXPECT_EQ(store.currentRv(), rv);
}

// The churn engine's node-label flips: once the label exists, ObjectStore::rewrite edits its value
// in the text and the label index — same bytes and same labels as update() with that label.
TEST_F(ObjectStoreTest, LabelRewriteStoresWhatUpdateStores) {
    ObjectStore store;
    const std::string name = createScaleNode(store, 3);
    ASSERT_FALSE(name.empty());
    const auto label = [](const std::string &value) {
        return [value](json &doc) -> std::optional<ApiError> {
            doc["metadata"]["labels"]["cubedesk.io/churn-tick"] = value;
            return std::nullopt;
        };
    };
    // No such label yet: the text path declines and writes nothing.
    const std::uint64_t start = store.currentRv();
    EXPECT_FALSE(store
                     .rewrite(nodes, "", name,
                              [](StoredObject &o) {
                                  return ChurnEngine::withLabelValue(o, "cubedesk.io/churn-tick",
                                                                     "7");
                              })
                     .ok());
    EXPECT_EQ(store.currentRv(), start);

    ASSERT_TRUE(store.update(nodes, "", name, label("12")).ok());
    auto viaJson = store.update(nodes, "", name, label("345"));
    ASSERT_TRUE(viaJson.ok());
    ASSERT_TRUE(store.update(nodes, "", name, label("12")).ok());
    const std::uint64_t before = store.currentRv();
    auto viaText = store.rewrite(nodes, "", name, [](StoredObject &o) {
        return ChurnEngine::withLabelValue(o, "cubedesk.io/churn-tick", "345");
    });
    ASSERT_TRUE(viaText.ok()) << viaText.error().message;
    const StoredObject &j = *viaJson.value();
    const StoredObject &t = *viaText.value();
    EXPECT_EQ(t.rv, before + 1);
    std::string expected = j.json;
    const std::string from = "\"resourceVersion\":\"" + std::to_string(j.rv) + '"';
    ASSERT_NE(expected.find(from), std::string::npos);
    expected.replace(expected.find(from), from.size(),
                     "\"resourceVersion\":\"" + std::to_string(t.rv) + '"');
    EXPECT_EQ(t.json, expected);
    EXPECT_EQ(t.labels, j.labels);
    EXPECT_EQ(t.labels, ObjectIndexer::build(nodes, t.parse())->labels);
    EXPECT_EQ(t.tableCells, j.tableCells);
    EXPECT_EQ(t.fields, j.fields);
    std::vector<WatchEvent> events;
    ASSERT_TRUE(store.waitForEvents(nodes, before, events, std::chrono::milliseconds(0)).ok());
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].object, viaText.value());
    ASSERT_TRUE(events[0].previous);
    EXPECT_EQ(events[0].previous->label("cubedesk.io/churn-tick"),
              std::optional<std::string_view>("12"));
}
