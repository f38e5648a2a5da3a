// ObjectStore: versions, preconditions, history, consistent pagination, watch windows.

#include "k8s/sim/objectstore.h"
#include "k8s/sim/resourceregistry.h"

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

    auto sel = cubedesk::k8s::LabelSelector::parse("gpu=true", nullptr);
    ListQuery all;
    all.labels = &*sel;
    EXPECT_EQ(store.list(pods, all).value().items.size(), 2u);
    ListQuery inMl = all;
    inMl.ns = "ml";
    auto ml = store.list(pods, inMl).value().items;
    ASSERT_EQ(ml.size(), 1u);
    EXPECT_EQ(ml[0]->name, "gpu");
    auto fields =
        cubedesk::k8s::FieldSelector::parse("metadata.name=cpu,status.phase=Pending", nullptr);
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
        store.create(pods, pod("late"));
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
