#include "fixtures.h"
#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/pod.h"
#include "k8s/objects/stringpool.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using cubedesk::k8s::ObjectDecoder;
using cubedesk::k8s::ObjectKind;
using cubedesk::k8s::Pod;
using cubedesk::k8s::ResourceList;
using cubedesk::k8s::StringPool;
using cubedesk::k8s::testing::decodeAs;
using cubedesk::k8s::testing::readFixture;
using nlohmann::json;

namespace {

constexpr std::int64_t kMiB = 1024 * 1024;

std::shared_ptr<const Pod> decodePod(ObjectDecoder &decoder, const std::string &text) {
    return decodeAs<Pod>(decoder, ObjectKind::Pod, text);
}

std::shared_ptr<const Pod> decodePod(ObjectDecoder &decoder, const json &object) {
    return decodePod(decoder, object.dump());
}

// A minimal pod with the given spec.
json podWithSpec(json spec) {
    return {{"apiVersion", "v1"},
            {"kind", "Pod"},
            {"metadata", {{"name", "p"}, {"namespace", "ns"}}},
            {"spec", std::move(spec)}};
}

json container(const std::string &name, json requests, json limits) {
    json c = {{"name", name}, {"image", "busybox"}};
    json resources = json::object();
    if (!requests.is_null())
        resources["requests"] = std::move(requests);
    if (!limits.is_null())
        resources["limits"] = std::move(limits);
    c["resources"] = std::move(resources);
    return c;
}

std::optional<std::int64_t> value(const ResourceList &list, std::string_view name) {
    return list.value(name);
}

} // namespace

TEST(PodProjection, RealPodFixture) {
    ObjectDecoder decoder(StringPool::create());
    auto pod = decodePod(decoder, readFixture("k8s/pod-real.json"));
    ASSERT_TRUE(pod);
    EXPECT_EQ(pod->name(), "nginx");
    EXPECT_EQ(pod->namespaceName(), "default");
    EXPECT_EQ(pod->uid(), "614908ed-415b-4506-8370-e3e36fa8cc13");
    ASSERT_TRUE(pod->binaryUid());
    EXPECT_EQ(pod->binaryUid()->bytes()[0], 0x61);
    EXPECT_EQ(pod->binaryUid()->bytes()[15], 0x13);
    EXPECT_EQ(pod->resourceVersion(), "1482816");
    EXPECT_EQ(pod->resourceVersionNumber(), 1482816u);
    EXPECT_EQ(pod->creationTimestamp(), 1565327539); // 2019-08-09T05:12:19Z
    EXPECT_EQ(pod->nodeName(), "minikube");
    EXPECT_EQ(pod->schedulerName(), "default-scheduler");
    EXPECT_EQ(pod->phase(), Pod::Phase::Running);
    // The fixture's status says BestEffort although it has requests: the projection keeps what
    // the server reported.
    EXPECT_EQ(pod->qosClass(), Pod::QosClass::BestEffort);
    EXPECT_EQ(pod->podScheduledStatus(), Pod::ConditionStatus::True);
    EXPECT_EQ(pod->podScheduledReason(), "");
    EXPECT_EQ(pod->podScheduledMessage(), "");
    EXPECT_EQ(pod->startTime(), 1565327539);
    EXPECT_FALSE(pod->deletionTimestamp());
    EXPECT_EQ(pod->restartCount(), 0u);
    EXPECT_EQ(pod->readyContainers(), 1u);
    EXPECT_EQ(pod->totalContainers(), 1u);
    EXPECT_TRUE(pod->labels().empty());
    EXPECT_EQ(pod->ownerCount(), 0u);
    EXPECT_EQ(pod->org(), "");
    EXPECT_EQ(pod->user(), "");
    EXPECT_EQ(pod->project(), "");

    const ResourceList requests = pod->requests();
    ASSERT_EQ(requests.size(), 2u);
    EXPECT_EQ(requests.milliCpu(), 100);
    EXPECT_EQ(requests.memoryBytes(), 70 * kMiB);
    const ResourceList limits = pod->limits();
    ASSERT_EQ(limits.size(), 1u);
    EXPECT_FALSE(value(limits, "cpu"));
    EXPECT_EQ(limits.memoryBytes(), 170 * kMiB);
    EXPECT_EQ(pod->effectiveRequests().milliCpu(), 100);
    EXPECT_EQ(pod->effectiveRequests().memoryBytes(), 70 * kMiB);
}

TEST(PodProjection, NativeSidecarFixture) {
    ObjectDecoder decoder(StringPool::create());
    auto pod = decodePod(decoder, readFixture("k8s/pod-with-sidecar-real.json"));
    ASSERT_TRUE(pod);
    EXPECT_EQ(pod->name(), "sleep");
    EXPECT_EQ(pod->uid(), "35079257-0ffb-4b09-b2c1-3c0d416f2523");
    EXPECT_EQ(pod->resourceVersionNumber(), 17852u);
    EXPECT_EQ(pod->creationTimestamp(), 1724464472);
    EXPECT_EQ(pod->nodeName(), "kind-control-plane");
    EXPECT_EQ(pod->qosClass(), Pod::QosClass::Burstable);
    // kubectl counts the sidecar (restartable init container) as a container: READY 2/2.
    EXPECT_EQ(pod->totalContainers(), 2u);
    EXPECT_EQ(pod->readyContainers(), 2u);
    EXPECT_EQ(pod->restartCount(), 0u);
    // requests()/limits(): the app container "sleep" only.
    EXPECT_EQ(pod->requests().milliCpu(), 30);
    EXPECT_EQ(pod->requests().memoryBytes(), 10 * kMiB);
    EXPECT_EQ(pod->limits().milliCpu(), 230);
    EXPECT_EQ(pod->limits().memoryBytes(), 40 * kMiB);
    // Effective: max(sleep 30m/10Mi + sidecar 20m/40Mi, init 333m/333Mi (no sidecar before it)).
    EXPECT_EQ(pod->effectiveRequests().milliCpu(), 333);
    EXPECT_EQ(pod->effectiveRequests().memoryBytes(), 333 * kMiB);
    EXPECT_EQ(pod->effectiveRequests().size(), 2u);
}

TEST(PodProjection, KubeletPodListItems) {
    // Decode every item of the real PodList (items re-serialised one by one) and compare with
    // values read from the fixture by hand.
    const json list = json::parse(readFixture("k8s/podlist-real-kubelet.json"));
    ASSERT_EQ(list["items"].size(), 11u);
    struct Expected {
        const char *name;
        const char *ns;
        const char *ownerKind;
        const char *ownerName;
        unsigned restarts;
        unsigned total;
        Pod::QosClass qos;
        std::int64_t cpu;
        std::int64_t memory;
        std::size_t labelCount;
    };
    const Expected expected[] = {
        {"speaker-cpxhz", "metallb-system", "DaemonSet", "speaker", 54, 1,
         Pod::QosClass::Guaranteed, 100, 100 * kMiB, 4},
        {"seashell-ptsqm", "utils", "DaemonSet", "seashell", 33, 1, Pod::QosClass::BestEffort, 0, 0,
         3},
        {"nginx-ingress-default-backend-5b967cf596-pp4m9", "nginx", "ReplicaSet",
         "nginx-ingress-default-backend-5b967cf596", 18, 1, Pod::QosClass::BestEffort, 0, 0, 4},
        {"controller-5c9894b5cd-r66xh", "metallb-system", "ReplicaSet", "controller-5c9894b5cd", 18,
         1, Pod::QosClass::Guaranteed, 100, 100 * kMiB, 3},
        {"honeycomb-agent-59mqh", "test", "DaemonSet", "honeycomb-agent", 0, 1,
         Pod::QosClass::BestEffort, 0, 0, 5},
        {"grafana-7db5dff8ff-vwrnf", "olly", "ReplicaSet", "grafana-7db5dff8ff", 36, 2,
         Pod::QosClass::BestEffort, 0, 0, 3},
        {"kube-proxy-cxkwh", "kube-system", "DaemonSet", "kube-proxy", 28, 1,
         Pod::QosClass::BestEffort, 0, 0, 3},
        {"calico-node-h2bjp", "kube-system", "DaemonSet", "calico-node", 28, 1,
         Pod::QosClass::Burstable, 250, 0, 3},
        {"kuard-6b65d9d8b5-44bbs", "default", "ReplicaSet", "kuard-6b65d9d8b5", 18, 1,
         Pod::QosClass::BestEffort, 0, 0, 2},
        {"phpmyadmin-54c7cdbdc7-8qnbr", "mysql", "ReplicaSet", "phpmyadmin-54c7cdbdc7", 42, 1,
         Pod::QosClass::BestEffort, 0, 0, 4},
        {"nginx-ingress-controller-86cd89648c-dkmjf", "nginx", "ReplicaSet",
         "nginx-ingress-controller-86cd89648c", 31, 1, Pod::QosClass::BestEffort, 0, 0, 4},
    };
    ObjectDecoder decoder(StringPool::create());
    for (std::size_t i = 0; i < 11; ++i) {
        SCOPED_TRACE(expected[i].name);
        auto pod = decodePod(decoder, list["items"][i].dump());
        ASSERT_TRUE(pod);
        const Expected &e = expected[i];
        EXPECT_EQ(pod->name(), e.name);
        EXPECT_EQ(pod->namespaceName(), e.ns);
        ASSERT_EQ(pod->ownerCount(), 1u);
        EXPECT_EQ(pod->owner(0).kind, e.ownerKind);
        EXPECT_EQ(pod->owner(0).name, e.ownerName);
        EXPECT_EQ(pod->restartCount(), e.restarts);
        EXPECT_EQ(pod->totalContainers(), e.total);
        EXPECT_EQ(pod->readyContainers(), e.total);
        EXPECT_EQ(pod->qosClass(), e.qos);
        EXPECT_EQ(pod->requests().milliCpu(), e.cpu);
        EXPECT_EQ(pod->requests().memoryBytes(), e.memory);
        EXPECT_EQ(pod->labels().size(), e.labelCount);
        EXPECT_EQ(pod->nodeName(), "duckboat-01");
        EXPECT_EQ(pod->phase(), Pod::Phase::Running);
        EXPECT_EQ(pod->uid(), list["items"][i]["metadata"]["uid"].get<std::string>());
        EXPECT_EQ(pod->resourceVersion(),
                  list["items"][i]["metadata"]["resourceVersion"].get<std::string>());
        // Node affinity on metadata.name (matchFields) is not an org selector.
        EXPECT_EQ(pod->org(), "");
    }
    auto speaker = decodePod(decoder, list["items"][0].dump());
    EXPECT_EQ(speaker->labels().value("app"), "metallb");
    EXPECT_EQ(speaker->labels().value("component"), "speaker");
    EXPECT_EQ(speaker->labels().value("controller-revision-hash"), "744675fd84");
    EXPECT_EQ(speaker->labels().value("pod-template-generation"), "3");
    EXPECT_FALSE(speaker->labels().value("missing"));
    EXPECT_EQ(speaker->startTime(), 1585534963); // 2020-03-30T02:22:43Z
}

TEST(PodProjection, QuantityNotations) {
    ObjectDecoder decoder(StringPool::create());
    const json spec = {
        {"containers",
         json::array(
             {container("a",
                        {{"cpu", "1.5"},
                         {"memory", "1G"},
                         {"nvidia.com/gpu", 2}, // a number, as YAML manifests give it
                         {"nvidia.com/mig-1g.10gb", "1"},
                         {"ephemeral-storage", "129e6"},
                         {"hugepages-2Mi", "4Mi"}},
                        {{"cpu", "2"}, {"memory", "2Gi"}, {"nvidia.com/gpu", "2"}}),
              container("b", {{"cpu", "250m"}, {"memory", "512Ki"}, {"nvidia.com/gpucores", "50"}},
                        {{"cpu", "10E-1"}, {"memory", "1.5Gi"}, {"nvidia.com/gpucores", "50"}}),
              container("c", {{"cpu", 0.1}, {"memory", "100M"}}, nullptr)})}};
    auto pod = decodePod(decoder, podWithSpec(spec));
    ASSERT_TRUE(pod);
    const ResourceList r = pod->requests();
    EXPECT_EQ(r.milliCpu(), 1500 + 250 + 100);
    EXPECT_EQ(r.memoryBytes(), 1'000'000'000 + 512 * 1024 + 100'000'000);
    EXPECT_EQ(value(r, "nvidia.com/gpu"), 2);
    EXPECT_EQ(value(r, "nvidia.com/mig-1g.10gb"), 1);
    EXPECT_EQ(value(r, "nvidia.com/gpucores"), 50);
    EXPECT_EQ(value(r, "ephemeral-storage"), 129'000'000);
    EXPECT_EQ(value(r, "hugepages-2Mi"), 4 * kMiB);
    EXPECT_EQ(r.size(), 7u);
    // Iteration: cpu, memory, then the others in first-seen order (nlohmann writes keys sorted).
    EXPECT_EQ(r.at(0).name, "cpu");
    EXPECT_EQ(r.at(1).name, "memory");
    EXPECT_EQ(r.at(2).name, "ephemeral-storage");
    EXPECT_EQ(r.at(2).value, 129'000'000);
    EXPECT_EQ(r.at(3).name, "hugepages-2Mi");
    const ResourceList l = pod->limits();
    EXPECT_EQ(l.milliCpu(), 2000 + 1000);
    EXPECT_EQ(l.memoryBytes(), 2048 * kMiB + 1536 * kMiB);
    EXPECT_EQ(value(l, "nvidia.com/gpu"), 2);
    EXPECT_EQ(value(l, "nvidia.com/gpucores"), 50);
    EXPECT_FALSE(value(l, "nvidia.com/mig-1g.10gb"));
    std::size_t n = 0;
    for (const ResourceList::Entry e : l) {
        EXPECT_FALSE(e.name.empty());
        ++n;
    }
    EXPECT_EQ(n, l.size());
    // Sub-unit amounts round up, as Kubernetes' Value() does: 1m of memory is 1 byte.
    auto tiny = decodePod(
        decoder,
        podWithSpec({{"containers",
                      json::array({container("a", {{"memory", "1m"}, {"cpu", "1n"}}, nullptr)})}}));
    EXPECT_EQ(tiny->requests().memoryBytes(), 1);
    EXPECT_EQ(tiny->requests().milliCpu(), 1);
    // A suffix and an exponent together is not a quantity ("1e3m"); CPU beyond 32 bits of
    // millicores is still exact.
    auto huge = decodePod(
        decoder, podWithSpec({{"containers",
                               json::array({container("a", {{"cpu", "3000000"}, {"memory", "1e3"}},
                                                      {{"cpu", "1e3m"}})})}}));
    EXPECT_EQ(huge->requests().milliCpu(), 3'000'000'000LL);
    EXPECT_EQ(value(huge->requests(), "cpu"), 3'000'000'000LL);
    EXPECT_EQ(huge->requests().memoryBytes(), 1000);
    EXPECT_FALSE(value(huge->limits(), "cpu"));
    // Invalid quantities are ignored, not fatal.
    auto bad = decodePod(
        decoder,
        podWithSpec({{"containers", json::array({container("a", {{"cpu", "lots"}}, nullptr)})}}));
    ASSERT_TRUE(bad);
    EXPECT_TRUE(bad->requests().empty());
}

TEST(PodProjection, MissingRequestDefaultsToLimit) {
    ObjectDecoder decoder(StringPool::create());
    auto pod = decodePod(
        decoder,
        podWithSpec(
            {{"containers", json::array({container(
                                "a", {{"cpu", "100m"}},
                                {{"cpu", "1"}, {"memory", "1Gi"}, {"nvidia.com/gpu", "1"}})})}}));
    EXPECT_EQ(pod->requests().milliCpu(), 100);
    EXPECT_EQ(pod->requests().memoryBytes(), 1024 * kMiB);
    EXPECT_EQ(value(pod->requests(), "nvidia.com/gpu"), 1);
    EXPECT_EQ(pod->qosClass(), Pod::QosClass::Burstable); // computed: no status.qosClass
}

TEST(PodProjection, EffectiveRequestsWithInitContainers) {
    ObjectDecoder decoder(StringPool::create());
    // Classic init containers: the pod reserves the larger of the app sum and each init.
    auto classic = decodePod(
        decoder,
        podWithSpec(
            {{"initContainers",
              json::array({container("i1", {{"cpu", "2"}, {"memory", "64Mi"}}, nullptr),
                           container("i2", {{"cpu", "500m"}, {"memory", "1Gi"}}, nullptr)})},
             {"containers",
              json::array({container("a", {{"cpu", "1"}, {"memory", "128Mi"}}, nullptr),
                           container("b", {{"cpu", "250m"}, {"memory", "128Mi"}}, nullptr)})}}));
    EXPECT_EQ(classic->requests().milliCpu(), 1250);
    EXPECT_EQ(classic->requests().memoryBytes(), 256 * kMiB);
    EXPECT_EQ(classic->effectiveRequests().milliCpu(), 2000);
    EXPECT_EQ(classic->effectiveRequests().memoryBytes(), 1024 * kMiB);
    EXPECT_EQ(classic->totalContainers(), 2u);

    // Sidecars (restartPolicy Always) add to the app containers and to later init containers;
    // an init container's missing request defaults to its limit; overhead is added last.
    json sidecar = container("s", {{"cpu", "100m"}}, {{"memory", "32Mi"}});
    sidecar["restartPolicy"] = "Always";
    auto withSidecar = decodePod(
        decoder,
        podWithSpec(
            {{"initContainers",
              json::array({container("i0", {{"cpu", "300m"}}, nullptr), sidecar,
                           container("i1", nullptr, {{"cpu", "900m"}, {"nvidia.com/gpu", "1"}})})},
             {"containers",
              json::array({container("a", {{"cpu", "200m"}, {"memory", "16Mi"}}, nullptr)})},
             {"overhead", {{"cpu", "10m"}, {"memory", "1Mi"}}}}));
    // app+sidecar: cpu 300m, memory 48Mi; i0: 300m; i1 + sidecar: 1000m, gpu 1, memory 32Mi.
    EXPECT_EQ(withSidecar->requests().milliCpu(), 200);
    EXPECT_EQ(withSidecar->effectiveRequests().milliCpu(), 1000 + 10);
    EXPECT_EQ(withSidecar->effectiveRequests().memoryBytes(), 48 * kMiB + 1 * kMiB);
    EXPECT_EQ(value(withSidecar->effectiveRequests(), "nvidia.com/gpu"), 1);
    EXPECT_FALSE(value(withSidecar->requests(), "nvidia.com/gpu"));
    EXPECT_EQ(withSidecar->totalContainers(), 2u);

    // Without init containers, effective requests are the requests (no copy kept).
    auto plain = decodePod(
        decoder,
        podWithSpec({{"containers", json::array({container("a", {{"cpu", "1"}}, nullptr)})}}));
    EXPECT_EQ(plain->effectiveRequests().milliCpu(), 1000);
    EXPECT_EQ(plain->effectiveRequests().size(), 1u);
}

TEST(PodProjection, OrgSelectorFromNodeSelectorAndAffinity) {
    ObjectDecoder decoder(StringPool::create());
    const json containers = json::array({container("a", nullptr, nullptr)});
    auto bySelector =
        decodePod(decoder, podWithSpec({{"containers", containers},
                                        {"nodeSelector", {{"org", "speech"}, {"gpu", "true"}}}}));
    EXPECT_EQ(bySelector->org(), "speech");

    const json affinity = {
        {"nodeAffinity",
         {{"requiredDuringSchedulingIgnoredDuringExecution",
           {{"nodeSelectorTerms",
             json::array(
                 {{{"matchFields",
                    json::array(
                        {{{"key", "metadata.name"}, {"operator", "In"}, {"values", {"n1"}}}})}},
                  {{"matchExpressions",
                    json::array(
                        {{{"key", "org"}, {"operator", "NotIn"}, {"values", {"ads"}}},
                         {{"key", "gpu"}, {"operator", "In"}, {"values", {"true"}}},
                         {{"values", {"vision", "nlp"}}, {"operator", "In"}, {"key", "org"}}})}},
                  {{"matchExpressions",
                    json::array(
                        {{{"key", "org"}, {"operator", "In"}, {"values", {"search"}}}})}}})}}},
          {"preferredDuringSchedulingIgnoredDuringExecution",
           json::array({{{"weight", 1},
                         {"preference",
                          {{"matchExpressions", json::array({{{"key", "org"},
                                                              {"operator", "In"},
                                                              {"values", {"public"}}}})}}}}})}}}};
    // nlohmann sorts keys, so also build the "values before key" order by hand.
    auto byAffinity =
        decodePod(decoder, podWithSpec({{"containers", containers}, {"affinity", affinity}}));
    EXPECT_EQ(byAffinity->org(), "vision");
    const std::string handOrdered =
        R"({"metadata":{"name":"p"},"spec":{"affinity":{"nodeAffinity":{)"
        R"("requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{)"
        R"("matchExpressions":[{"values":["nlp","x"],"operator":"In","key":"org"}]}]}}},)"
        R"("containers":[{"name":"a"}]}})";
    EXPECT_EQ(decodePod(decoder, handOrdered)->org(), "nlp");

    // nodeSelector wins whichever comes first in the document.
    auto both = decodePod(decoder, podWithSpec({{"containers", containers},
                                                {"affinity", affinity},
                                                {"nodeSelector", {{"org", "ads"}}}}));
    EXPECT_EQ(both->org(), "ads");
    const std::string selectorFirst =
        R"({"metadata":{"name":"p"},"spec":{"nodeSelector":{"org":"ads"},"affinity":{)"
        R"("nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{)"
        R"("nodeSelectorTerms":[{"matchExpressions":[{"key":"org","operator":"In",)"
        R"("values":["nlp"]}]}]}}}}})";
    EXPECT_EQ(decodePod(decoder, selectorFirst)->org(), "ads");

    auto none = decodePod(decoder, podWithSpec({{"containers", containers}}));
    EXPECT_EQ(none->org(), "");
}

TEST(PodProjection, UserProjectAndIdentityLabels) {
    ObjectDecoder decoder(StringPool::create());
    json pod = podWithSpec({{"containers", json::array({container("a", nullptr, nullptr)})}});
    pod["metadata"]["labels"] = {
        {"username", "u5"}, {"run-username", "u4"}, {"user", "u2"}, {"app", "x"}};
    pod["metadata"]["annotations"] = {{"project", "speech-asr"}, {"other", "ignored"}};
    auto p = decodePod(decoder, pod);
    EXPECT_EQ(p->user(), "u2");
    EXPECT_EQ(p->project(), "speech-asr");
    pod["metadata"]["labels"]["run-rtx"] = "u1";
    EXPECT_EQ(decodePod(decoder, pod)->user(), "u1");
    pod["metadata"]["labels"] = {{"username", "u5"}, {"rtx-user", "u3"}};
    EXPECT_EQ(decodePod(decoder, pod)->user(), "u3");
}

TEST(PodProjection, PendingPodExplainsWhy) {
    ObjectDecoder decoder(StringPool::create());
    const std::string text =
        R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"big",)"
        R"("namespace":"team-0001","uid":"0A1B2C3D-not-canonical",)"
        R"("resourceVersion":"abc-7","creationTimestamp":"2026-11-12T10:03:00Z",)"
        R"("deletionTimestamp":"2026-11-12T10:03:30.5+08:00"},)"
        R"("spec":{"schedulerName":"volcano","containers":[{"name":"m",)"
        R"("resources":{"requests":{"cpu":"200","memory":"64Gi"}}}]},)"
        R"("status":{"phase":"Pending","conditions":[{"lastProbeTime":null,)"
        R"("lastTransitionTime":"2026-11-12T10:03:00Z","message":)"
        R"("0/5000 nodes are available: 5000 Insufficient cpu.",)"
        R"("reason":"Unschedulable","status":"False","type":"PodScheduled"}],)"
        R"("qosClass":"Burstable"}})";
    auto pod = decodePod(decoder, text);
    ASSERT_TRUE(pod);
    EXPECT_EQ(pod->phase(), Pod::Phase::Pending);
    EXPECT_EQ(pod->nodeName(), "");
    EXPECT_EQ(pod->schedulerName(), "volcano");
    EXPECT_EQ(pod->podScheduledStatus(), Pod::ConditionStatus::False);
    EXPECT_EQ(pod->podScheduledReason(), "Unschedulable");
    EXPECT_EQ(pod->podScheduledMessage(), "0/5000 nodes are available: 5000 Insufficient cpu.");
    EXPECT_EQ(pod->deletionTimestamp(), 1794477780 + 30 - 8 * 3600);
    EXPECT_FALSE(pod->startTime());
    EXPECT_EQ(pod->creationTimestamp(), 1794477780);
    EXPECT_EQ(pod->requests().milliCpu(), 200'000);
    EXPECT_EQ(pod->requests().memoryBytes(), 64 * 1024 * kMiB);
    // Non-canonical uid and resourceVersion are kept as text.
    EXPECT_EQ(pod->uid(), "0A1B2C3D-not-canonical");
    EXPECT_FALSE(pod->binaryUid());
    EXPECT_EQ(pod->resourceVersion(), "abc-7");
    EXPECT_FALSE(pod->resourceVersionNumber());
    EXPECT_EQ(pod->name(), "big");
}

TEST(PodProjection, QosComputedWhenStatusHasNone) {
    ObjectDecoder decoder(StringPool::create());
    auto guaranteed = decodePod(
        decoder,
        podWithSpec({{"containers",
                      json::array({container("a", nullptr, {{"cpu", "1"}, {"memory", "1Gi"}})})}}));
    EXPECT_EQ(guaranteed->qosClass(), Pod::QosClass::Guaranteed);
    auto best = decodePod(
        decoder, podWithSpec({{"containers", json::array({container("a", nullptr, nullptr)})}}));
    EXPECT_EQ(best->qosClass(), Pod::QosClass::BestEffort);
    EXPECT_EQ(best->phase(), Pod::Phase::Unknown);
    EXPECT_EQ(best->podScheduledStatus(), Pod::ConditionStatus::Absent);
    EXPECT_EQ(Pod::qosClassName(guaranteed->qosClass()), "Guaranteed");
    EXPECT_EQ(Pod::phaseName(Pod::Phase::Succeeded), "Succeeded");
}

TEST(PodProjection, EqualLabelsShareOneSet) {
    ObjectDecoder decoder(StringPool::create());
    json a = podWithSpec(json::object());
    a["metadata"]["labels"] = {{"app", "web"}, {"pod-template-hash", "5b967cf596"}};
    json b = a;
    b["metadata"]["name"] = "q";
    json c = a;
    c["metadata"]["labels"]["app"] = "db";
    auto pa = decodePod(decoder, a);
    auto pb = decodePod(decoder, b);
    auto pc = decodePod(decoder, c);
    // The first pod keeps its new labels inline; the second one with them shares a pooled set.
    EXPECT_TRUE(pa->labels() == pb->labels());
    EXPECT_FALSE(pa->labels() == pc->labels());
    EXPECT_EQ(pa->labels().value("app"), "web");
    EXPECT_EQ(pc->labels().value("app"), "db");
    EXPECT_EQ(decoder.pool()->labelSetCount(), 1u);
    // Key order in the document does not matter.
    const std::string reversed = R"({"metadata":{"name":"r","labels":{"pod-template-hash":)"
                                 R"("5b967cf596","app":"web"}}})";
    EXPECT_EQ(decodePod(decoder, reversed)->labels().set(), pb->labels().set());
    EXPECT_TRUE(decodePod(decoder, reversed)->labels() == pa->labels());
}

TEST(PodProjection, MalformedInputIsAnErrorNotACrash) {
    ObjectDecoder decoder(StringPool::create());
    const char *cases[] = {
        "",
        "   ",
        "[]",
        "null",
        "{",
        R"({"metadata":{"name":"x"})",
        R"({"metadata":{"name":"x"}} trailing)",
        R"({"metadata":[]})",
        R"({"metadata":{"name":5}})",
        R"({"metadata":{"labels":{"a":1}}})",
        R"({"spec":{"containers":{"name":"a"}}})",
        R"({"spec":{"containers":[{"resources":{"requests":{"cpu":true}}}]}})",
        R"({"status":{"containerStatuses":[{"restartCount":"three"}]}})",
        R"({"metadata":{"name":"x\u12"}})",
        "{\"metadata\":{\"name\":\"\xff\xfe\"}}",
        R"({"metadata":{"name":"x"},,})",
    };
    for (const char *text : cases) {
        SCOPED_TRACE(text);
        const auto pod = decoder.decode(ObjectKind::Pod, text);
        ASSERT_FALSE(pod);
        EXPECT_FALSE(pod.error().empty());
        for (ObjectKind kind :
             {ObjectKind::Node, ObjectKind::Namespace, ObjectKind::Event, ObjectKind::ResourceQuota,
              ObjectKind::LimitRange, ObjectKind::CustomResource}) {
            const auto any = decoder.decode(kind, text);
            // Other kinds may accept fields they do not read; they must not crash, and what they
            // accept is a real object.
            if (any) {
                EXPECT_NE(*any, nullptr);
            }
        }
    }
    // The decoder is still usable afterwards.
    EXPECT_TRUE(decoder.decode(ObjectKind::Pod, R"({"metadata":{"name":"ok"}})"));
}
