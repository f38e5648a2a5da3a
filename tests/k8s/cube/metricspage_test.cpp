// MetricsPage: metrics-server's NodeMetricsList and PodMetricsList decoded as kubectl top reads
// them (CPU rounded up to the millicore, memory in bytes, a pod's containers summed exactly and
// rounded once), and what is not a measurement (missing, blank, not a quantity) is unknown,
// never zero; the continue token and the page paths.

#include "k8s/cube/metricspage.h"

#include <gtest/gtest.h>

using cubedesk::k8s::MetricsPage;

TEST(MetricsPageTest, DecodesNodeMetricsAsKubectlRoundsThem) {
    const auto page = MetricsPage::parse(R"({
      "kind": "NodeMetricsList", "apiVersion": "metrics.k8s.io/v1beta1",
      "metadata": {"continue": "abc"},
      "items": [
        {"metadata": {"name": "gpu-1", "creationTimestamp": "2026-12-06T10:00:00Z"},
         "timestamp": "2026-12-06T09:59:45Z", "window": "15.012s",
         "usage": {"cpu": "1234000001n", "memory": "1523400Ki"}},
        {"metadata": {"name": "gpu-2"}, "usage": {"cpu": "", "memory": "lots"}},
        {"metadata": {"name": "gpu-3"}}
      ]})");
    ASSERT_TRUE(page.ok()) << page.error();
    EXPECT_EQ(page.value().continueToken, "abc");
    ASSERT_EQ(page.value().items.size(), 3U);
    const auto &a = page.value().items[0];
    EXPECT_EQ(a.name, "gpu-1");
    EXPECT_EQ(a.ns, "");
    EXPECT_EQ(a.usage.milliCpu, 1235); // rounded up, as Quantity.MilliValue
    EXPECT_EQ(a.usage.memoryBytes, 1523400LL * 1024);
    EXPECT_EQ(a.timestamp, "2026-12-06T09:59:45Z");
    EXPECT_EQ(a.window, "15.012s");
    // Blank or malformed values, or none: unknown, not zero.
    for (std::size_t i : {1U, 2U}) {
        EXPECT_FALSE(page.value().items[i].usage.milliCpu.has_value()) << i;
        EXPECT_FALSE(page.value().items[i].usage.memoryBytes.has_value()) << i;
    }
}

TEST(MetricsPageTest, APodIsTheExactSumOfItsContainers) {
    const auto page = MetricsPage::parse(R"({
      "kind": "PodMetricsList", "apiVersion": "metrics.k8s.io/v1beta1", "metadata": {},
      "items": [
        {"metadata": {"name": "w-0", "namespace": "pipeline"}, "window": "15s",
         "containers": [
           {"name": "pytorch", "usage": {"cpu": "400000n", "memory": "1Mi"}},
           {"name": "istio-proxy", "usage": {"cpu": "400000n", "memory": "1Ki"}}]},
        {"metadata": {"name": "nb", "namespace": "jupyter"},
         "containers": [{"name": "a", "usage": {"cpu": "5m", "memory": "1Gi"}},
                        {"name": "b", "usage": {"memory": "1Gi"}}]}
      ]})");
    ASSERT_TRUE(page.ok()) << page.error();
    EXPECT_TRUE(page.value().continueToken.empty());
    ASSERT_EQ(page.value().items.size(), 2U);
    const auto &w = page.value().items[0];
    EXPECT_EQ(w.ns, "pipeline");
    ASSERT_EQ(w.containers.size(), 2U);
    EXPECT_EQ(w.containers[0].usage.milliCpu, 1); // each rounds up alone…
    EXPECT_EQ(w.usage.milliCpu, 1);               // …the pod once: 800000n → 1m, not 2m
    EXPECT_EQ(w.usage.memoryBytes, 1024 * 1024 + 1024);
    // A container without a CPU sample: the pod's CPU is unknown, its memory is known.
    const auto &nb = page.value().items[1];
    EXPECT_FALSE(nb.usage.milliCpu.has_value());
    EXPECT_EQ(nb.usage.memoryBytes, 2LL * 1024 * 1024 * 1024);
}

TEST(MetricsPageTest, RefusesWhatIsNotAMetricsList) {
    for (const char *body : {"", "not json", "[]", R"({"kind":"PodList","items":[]})",
                             R"({"kind":"Status","status":"Failure","code":404})"}) {
        const auto page = MetricsPage::parse(body);
        EXPECT_FALSE(page.ok()) << body;
    }
    // An empty list may omit its items; items that are not objects or have no name are skipped.
    const auto empty = MetricsPage::parse(R"({"kind":"PodMetricsList"})");
    ASSERT_TRUE(empty.ok());
    EXPECT_TRUE(empty.value().items.empty());
    const auto odd = MetricsPage::parse(
        R"({"kind":"NodeMetricsList","items":[1,"x",{"metadata":{}},{"metadata":{"name":"n"}}]})");
    ASSERT_TRUE(odd.ok());
    ASSERT_EQ(odd.value().items.size(), 1U);
    EXPECT_EQ(odd.value().items[0].name, "n");
}

TEST(MetricsPageTest, PagePathsCarryTheLimitAndTheEscapedToken) {
    EXPECT_EQ(MetricsPage::path(false, 500, ""), "/apis/metrics.k8s.io/v1beta1/nodes?limit=500");
    EXPECT_EQ(MetricsPage::path(true, 5, "a+b/c="),
              "/apis/metrics.k8s.io/v1beta1/pods?limit=5&continue=a%2Bb%2Fc%3D");
}
