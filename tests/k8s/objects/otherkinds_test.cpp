#include "fixtures.h"
#include "k8s/objects/event.h"
#include "k8s/objects/limitrange.h"
#include "k8s/objects/namespace.h"
#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/resourcequota.h"
#include "k8s/objects/stringpool.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using cubedesk::k8s::Event;
using cubedesk::k8s::LimitRange;
using cubedesk::k8s::Namespace;
using cubedesk::k8s::ObjectDecoder;
using cubedesk::k8s::ObjectKind;
using cubedesk::k8s::ResourceQuota;
using cubedesk::k8s::StringPool;
using cubedesk::k8s::testing::decodeAs;
using cubedesk::k8s::testing::manifestJson;
using cubedesk::k8s::testing::readFixture;
using nlohmann::json;

namespace {
constexpr std::int64_t kMi = 1024 * 1024;
}

TEST(OtherKinds, ResourceQuotaFixtureWithStatus) {
    ObjectDecoder decoder(StringPool::create());
    json quota = json::parse(manifestJson("k8s/resourcequota-mem-cpu.yaml"));
    auto specOnly = decodeAs<ResourceQuota>(decoder, ObjectKind::ResourceQuota, quota.dump());
    ASSERT_TRUE(specOnly);
    EXPECT_EQ(specOnly->name(), "mem-cpu-demo");
    EXPECT_EQ(specOnly->specHard().value("requests.cpu"), 1000);
    EXPECT_EQ(specOnly->specHard().value("limits.cpu"), 2000);
    EXPECT_EQ(specOnly->specHard().value("requests.memory"), 1024 * kMi);
    EXPECT_EQ(specOnly->specHard().value("limits.memory"), 2048 * kMi);
    EXPECT_EQ(specOnly->hard().value("limits.cpu"), 2000); // falls back to spec.hard
    EXPECT_TRUE(specOnly->used().empty());

    const auto status = cubedesk::sim::ManifestLoader::yamlToJson(
        readFixture("k8s/resourcequota-mem-cpu-status-fragment.yaml"));
    ASSERT_TRUE(status) << status.error();
    quota["status"] = (*status)["status"];
    auto full = decodeAs<ResourceQuota>(decoder, ObjectKind::ResourceQuota, quota.dump());
    ASSERT_TRUE(full);
    EXPECT_EQ(full->used().value("limits.cpu"), 800);
    EXPECT_EQ(full->used().value("limits.memory"), 800 * kMi);
    EXPECT_EQ(full->used().value("requests.cpu"), 400);
    EXPECT_EQ(full->used().value("requests.memory"), 600 * kMi);
    EXPECT_EQ(full->hard().value("requests.cpu"), 1000);
    EXPECT_EQ(full->hard().size(), 4u);
}

TEST(OtherKinds, LimitRangeFixture) {
    ObjectDecoder decoder(StringPool::create());
    auto range = decodeAs<LimitRange>(decoder, ObjectKind::LimitRange,
                                      manifestJson("k8s/limitrange-mem-cpu-per-container.yaml"));
    ASSERT_TRUE(range);
    EXPECT_EQ(range->name(), "limit-mem-cpu-per-container");
    ASSERT_EQ(range->items().size(), 1u);
    const LimitRange::Item &item = range->items()[0];
    EXPECT_EQ(item.type, "Container");
    EXPECT_EQ(range->view(item.max).milliCpu(), 800);
    EXPECT_EQ(range->view(item.max).memoryBytes(), 1024 * kMi);
    EXPECT_EQ(range->view(item.min).milliCpu(), 100);
    EXPECT_EQ(range->view(item.min).memoryBytes(), 99 * kMi);
    EXPECT_EQ(range->view(item.defaultLimit).milliCpu(), 700);
    EXPECT_EQ(range->view(item.defaultLimit).memoryBytes(), 900 * kMi);
    EXPECT_EQ(range->view(item.defaultRequest).milliCpu(), 110);
    EXPECT_EQ(range->view(item.defaultRequest).memoryBytes(), 111 * kMi);
    EXPECT_TRUE(range->view(item.maxLimitRequestRatio).empty());
}

TEST(OtherKinds, Namespace) {
    ObjectDecoder decoder(StringPool::create());
    const std::string text =
        R"({"apiVersion":"v1","kind":"Namespace","metadata":{"name":"team-0001",)"
        R"("uid":"8a7c4f3e-1111-4222-8333-944455556666","resourceVersion":"12",)"
        R"("creationTimestamp":"2026-01-01T00:00:00Z","labels":)"
        R"({"kubernetes.io/metadata.name":"team-0001"}},)"
        R"("spec":{"finalizers":["kubernetes"]},"status":{"phase":"Terminating"}})";
    auto ns = decodeAs<Namespace>(decoder, ObjectKind::Namespace, text);
    ASSERT_TRUE(ns);
    EXPECT_EQ(ns->name(), "team-0001");
    EXPECT_EQ(ns->phase(), "Terminating");
    EXPECT_EQ(ns->labels().value("kubernetes.io/metadata.name"), "team-0001");
    EXPECT_EQ(ns->creationTimestamp(), 1767225600);
    EXPECT_EQ(ns->uid(), "8a7c4f3e-1111-4222-8333-944455556666");
}

TEST(OtherKinds, EventsCoreAndNewApi) {
    ObjectDecoder decoder(StringPool::create());
    const std::string core =
        R"({"apiVersion":"v1","kind":"Event","metadata":{"name":"big.17a1b2c3d4e5f6a7",)"
        R"("namespace":"team-0001"},"involvedObject":{"kind":"Pod","namespace":"team-0001",)"
        R"("name":"big","uid":"x","fieldPath":"spec.containers{m}"},"reason":"FailedScheduling",)"
        R"("message":"0/5000 nodes are available: 5000 Insufficient cpu.","source":)"
        R"({"component":"default-scheduler"},"firstTimestamp":"2026-11-12T10:03:00Z",)"
        R"("lastTimestamp":"2026-11-12T10:08:00Z","count":6,"type":"Warning"})";
    auto e = decodeAs<Event>(decoder, ObjectKind::Event, core);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->name(), "big.17a1b2c3d4e5f6a7");
    EXPECT_EQ(e->type(), "Warning");
    EXPECT_EQ(e->reason(), "FailedScheduling");
    EXPECT_EQ(e->message(), "0/5000 nodes are available: 5000 Insufficient cpu.");
    EXPECT_EQ(e->involvedKind(), "Pod");
    EXPECT_EQ(e->involvedNamespace(), "team-0001");
    EXPECT_EQ(e->involvedName(), "big");
    EXPECT_EQ(e->involvedFieldPath(), "spec.containers{m}");
    EXPECT_EQ(e->source(), "default-scheduler");
    EXPECT_EQ(e->count(), 6);
    EXPECT_EQ(e->firstTimestamp(), 1794477780);
    EXPECT_EQ(e->lastTimestamp(), 1794477780 + 300);

    // Written through events.k8s.io: no count/first/last, eventTime (MicroTime) and series.
    const std::string micro =
        R"({"metadata":{"name":"e2","namespace":"n"},"eventTime":"2026-11-12T10:03:00.123456Z",)"
        R"("series":{"count":3,"lastObservedTime":"2026-11-12T10:04:00.000001Z"},)"
        R"("reportingComponent":"volcano","involvedObject":{"kind":"PodGroup","name":"pg"},)"
        R"("type":"Normal","reason":"Scheduled","message":"ok"})";
    auto e2 = decodeAs<Event>(decoder, ObjectKind::Event, micro);
    ASSERT_TRUE(e2);
    EXPECT_EQ(e2->count(), 3);
    EXPECT_EQ(e2->firstTimestamp(), 1794477780);
    EXPECT_EQ(e2->lastTimestamp(), 1794477840);
    EXPECT_EQ(e2->source(), "volcano");
    EXPECT_EQ(e2->involvedKind(), "PodGroup");
}

TEST(OtherKinds, KindForNames) {
    EXPECT_EQ(ObjectDecoder::kindFor("Pod"), ObjectKind::Pod);
    EXPECT_EQ(ObjectDecoder::kindFor("Node"), ObjectKind::Node);
    EXPECT_EQ(ObjectDecoder::kindFor("Namespace"), ObjectKind::Namespace);
    EXPECT_EQ(ObjectDecoder::kindFor("ResourceQuota"), ObjectKind::ResourceQuota);
    EXPECT_EQ(ObjectDecoder::kindFor("LimitRange"), ObjectKind::LimitRange);
    EXPECT_EQ(ObjectDecoder::kindFor("Event"), ObjectKind::Event);
    EXPECT_EQ(ObjectDecoder::kindFor("PyTorchJob"), ObjectKind::CustomResource);
}
