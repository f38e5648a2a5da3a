// The Prometheus client's pure parts: PromResponse (vectors, matrices, scalars, Prometheus's
// errors, NaN and Inf as no data, a series limit, bodies that are not answers), the
// PrometheusEndpoint paths and parsing, and GpuReadings' attribution of dcgm-exporter series
// as real installs label them (prometheus-operator's exported_* labels, honorLabels installs,
// node by Hostname or by the target's address, the exporter's own pod never a workload).

#include "k8s/cube/gpuhistory.h"
#include "k8s/cube/gpureadings.h"
#include "k8s/cube/gpuseriesattribution.h"
#include "k8s/cube/idlegpurows.h"
#include "k8s/cube/prometheusendpoint.h"
#include "k8s/cube/promresponse.h"
#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/stringpool.h"
#include "tests/support/decodeas.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <map>

using namespace cubedesk::k8s;
using cubedesk::k8s::testing::decodeAs;

namespace {

TEST(PromResponseTest, DecodesVectorsMatricesAndScalars) {
    auto v = PromResponse::parse(
        R"({"status":"success","data":{"resultType":"vector","result":[
            {"metric":{"gpu":"1","__name__":"DCGM_FI_DEV_GPU_UTIL"},"value":[1796580016.969,"94"]},
            {"metric":{},"value":[1796580016,"NaN"]},
            {"metric":{"a":"b"},"value":[1796580016,"+Inf"]}]}})");
    ASSERT_TRUE(v.ok()) << v.error();
    ASSERT_EQ(v.value().series.size(), 3u);
    const auto &s = v.value().series[0];
    EXPECT_EQ(s.labels.front().first, "__name__") << "labels sorted by name";
    EXPECT_EQ(s.label("gpu"), "1");
    EXPECT_EQ(s.label("missing"), "");
    EXPECT_DOUBLE_EQ(s.samples[0].value, 94);
    EXPECT_DOUBLE_EQ(s.samples[0].time, 1796580016.969);
    EXPECT_TRUE(s.samples[0].finite);
    EXPECT_FALSE(v.value().series[1].samples[0].finite) << "NaN is no data";
    EXPECT_FALSE(v.value().series[2].samples[0].finite) << "+Inf is no data";

    auto m = PromResponse::parse(
        R"({"status":"success","data":{"resultType":"matrix","result":[
            {"metric":{"x":"y"},"values":[[100,"1"],[160,"2.5"],[220,"-Inf"]]}]},
            "warnings":["query may be slow"]})");
    ASSERT_TRUE(m.ok()) << m.error();
    ASSERT_EQ(m.value().series[0].samples.size(), 3u);
    EXPECT_DOUBLE_EQ(m.value().series[0].samples[1].value, 2.5);
    EXPECT_FALSE(m.value().series[0].samples[2].finite);
    EXPECT_EQ(m.value().warnings, std::vector<std::string>{"query may be slow"});

    auto scalar = PromResponse::parse(
        R"({"status":"success","data":{"resultType":"scalar","result":[5,"3"]}})");
    ASSERT_TRUE(scalar.ok()) << scalar.error();
    EXPECT_DOUBLE_EQ(scalar.value().series[0].samples[0].value, 3);
}

TEST(PromResponseTest, StreamsSeriesWithoutKeepingThemAndReadsEscapesRight) {
    std::string body =
        R"({"status":"success","data":{"resultType":"vector","result":[
            {"metric":{"pod":"a\"b","na\u006de":"caf\u00e9","gpu":"0"},"value":[5,"1.5"]},
            {"value":[6,"NaN"],"metric":{}}]},"warnings":["w"]})";
    std::vector<std::string> seen;
    auto answer = PromResponse::stream(body, 10, [&](const PromResponse::SeriesView &s) {
        seen.push_back(std::string(s.label("pod")) + "|" + std::string(s.label("name")) + "|" +
                       std::string(s.label("gpu")) + "|" + std::to_string(s.samples.size()) +
                       (s.samples.front().finite ? "" : "|NaN"));
    });
    ASSERT_TRUE(answer.ok()) << answer.error();
    EXPECT_TRUE(answer.value().series.empty()) << "streamed, not kept";
    EXPECT_EQ(answer.value().resultType, "vector");
    EXPECT_EQ(answer.value().warnings, std::vector<std::string>{"w"});
    EXPECT_EQ(seen, (std::vector<std::string>{"a\"b|caf\u00e9|0|1", "|||1|NaN"}));
    // Garbage after the answer, or an answer cut short: no answer, whatever was visited.
    for (std::string bad : {std::string(R"({"status":"success","data":{"resultType":"vector",)"
                                        R"("result":[]}} {})"),
                            std::string(R"({"status":"success","data":{"resultType":"vector",)"
                                        R"("result":[{"metric":{},"value":[1,"1"]},)")}) {
        EXPECT_FALSE(PromResponse::stream(bad, 10, [](const PromResponse::SeriesView &) {}).ok())
            << bad;
    }
}

TEST(PromResponseTest, ErrorsAndBadBodiesAreFailuresThatSayWhat) {
    auto e = PromResponse::parse(
        R"({"status":"error","errorType":"bad_data","error":"1:6: parse error: unclosed left parenthesis"})");
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error(), "bad_data: 1:6: parse error: unclosed left parenthesis");
    for (const char *bad :
         {"", "<html>502 Bad Gateway</html>", "[]", R"({"status":"success"})",
          R"({"status":"success","data":{"resultType":"vector","result":{}}})",
          R"({"status":"success","data":{"resultType":"vector","result":[
                                {"metric":{},"value":[1,"twelve"]}]}})",
          R"({"status":"success","data":{"resultType":"histogram","result":[]}})"})
        EXPECT_FALSE(PromResponse::parse(bad).ok()) << bad;
    // Over the limit: one message, no rows.
    std::string many = R"({"status":"success","data":{"resultType":"vector","result":[)";
    for (int i = 0; i < 5; ++i)
        many += std::string(i ? "," : "") + R"({"metric":{},"value":[1,"1"]})";
    many += "]}}";
    auto limited = PromResponse::parse(many, 4);
    ASSERT_FALSE(limited.ok());
    EXPECT_EQ(limited.error(),
              "the answer has 5 series, more than the 4 CubeDesk reads; narrow the query");
    EXPECT_TRUE(PromResponse::parse(many, 5).ok());
    EXPECT_EQ(PromResponse::buildVersion(
                  R"({"status":"success","data":{"version":"2.42.0","revision":"x"}})"),
              "2.42.0");
    EXPECT_FALSE(PromResponse::buildVersion(R"({"status":"success","data":{}})"));
    EXPECT_FALSE(PromResponse::buildVersion("ok"));
}

TEST(PrometheusEndpointTest, ParsesAndBuildsProxyPaths) {
    const auto e = PrometheusEndpoint::parse("monitoring/prometheus-k8s:9090");
    ASSERT_TRUE(e);
    EXPECT_EQ(e->toString(), "monitoring/prometheus-k8s:9090");
    EXPECT_EQ(e->buildInfoPath(),
              "/api/v1/namespaces/monitoring/services/prometheus-k8s:9090/proxy/api/v1/status/"
              "buildinfo");
    EXPECT_EQ(e->queryPath("sum(up{job=\"x\"})"),
              "/api/v1/namespaces/monitoring/services/prometheus-k8s:9090/proxy/api/v1/"
              "query?query=sum%28up%7Bjob%3D%22x%22%7D%29");
    EXPECT_EQ(e->rangePath("up", 100, 200, 15),
              "/api/v1/namespaces/monitoring/services/prometheus-k8s:9090/proxy/api/v1/"
              "query_range?query=up&start=100&end=200&step=15");
    const auto https = PrometheusEndpoint::parse("obs/https:thanos-query:web");
    ASSERT_TRUE(https);
    EXPECT_TRUE(https->https);
    EXPECT_EQ(https->proxyPath(), "/api/v1/namespaces/obs/services/https:thanos-query:web/proxy");
    for (const char *bad : {"prometheus-k8s", "monitoring/prometheus-k8s", "/x:1", "a/b:", "a/:9",
                            "a/b/c:9", "a/b:9?x=1"})
        EXPECT_FALSE(PrometheusEndpoint::parse(bad)) << bad;
    EXPECT_EQ(PrometheusEndpoint::wellKnown().front().toString(), "monitoring/prometheus-k8s:9090");
}

TEST(PrometheusEndpointTest, AUrlIsAskedDirectlyWithPathsRelativeToIt) {
    const auto e = PrometheusEndpoint::parse("https://prometheus.example.com:9090/prom/");
    ASSERT_TRUE(e);
    EXPECT_TRUE(e->isUrl());
    EXPECT_EQ(e->toString(), "https://prometheus.example.com:9090/prom") << "no trailing slash";
    EXPECT_EQ(e->proxyPath(), "");
    EXPECT_EQ(e->queryPath("up"), "/api/v1/query?query=up");
    EXPECT_EQ(e->buildInfoPath(), "/api/v1/status/buildinfo");
    EXPECT_TRUE(PrometheusEndpoint::parse("http://10.0.0.9:9090"));
    for (const char *bad :
         {"http://", "https:///x", "https://user:secret@prom.example.com",
          "http://prom:9090/?query=up", "http://prom:9090/#x", "http://a b", "ftp://prom"})
        EXPECT_FALSE(PrometheusEndpoint::parse(bad)) << bad;
    EXPECT_FALSE(PrometheusEndpoint::wellKnown().front().isUrl());
}

class GpuReadingsTest : public ::testing::Test {
protected:
    ObjectDecoder decoder{StringPool::create()};
    ClusterSnapshot cluster;

    void SetUp() override {
        cluster.nodes.push_back(
            decodeAs(decoder, ObjectKind::Node,
                     R"({"metadata":{"name":"gpu-1","resourceVersion":"1"},"status":{"addresses":[
                {"type":"InternalIP","address":"10.0.0.5"},{"type":"Hostname","address":"gpu-1"}]}})"));
        cluster.pods.push_back(pod("ml", "train-0", "gpu-1", true));
        cluster.pods.push_back(pod("monitoring", "dcgm-exporter-abcde", "gpu-1", false));
    }

    std::shared_ptr<const KubeObject> pod(const std::string &ns, const std::string &name,
                                          const std::string &node, bool gpu) {
        const std::string resources =
            gpu ? R"({"requests":{"nvidia.com/gpu":"1"},"limits":{"nvidia.com/gpu":"1"}})" : "{}";
        return decodeAs(decoder, ObjectKind::Pod,
                        R"({"metadata":{"name":")" + name + R"(","namespace":")" + ns +
                            R"(","resourceVersion":"1"},"spec":{"nodeName":")" + node +
                            R"(","containers":[{"name":"main","resources":)" + resources +
                            R"(}]},"status":{"phase":"Running"}})");
    }

    static std::string vector(const std::string &result) {
        return R"({"status":"success","data":{"resultType":"vector","result":[)" + result + "]}}";
    }

    /// What Prometheus answers to GpuReadings::identityQuery() and valuesQuery() over the
    /// series of `result` (an instant vector's items): `group by (identity labels)` and
    /// `max by (__name__, UUID, uuid, GPU_I_ID)`.
    static std::pair<std::string, std::string> answersTo(const std::string &result) {
        auto whole = PromResponse::parse(vector(result));
        EXPECT_TRUE(whole.ok()) << whole.error();
        const auto &identityLabels = GpuSeriesAttribution::labelNames();
        std::map<std::map<std::string, std::string>, bool> identities;
        std::map<std::map<std::string, std::string>, PromResponse::Sample> values;
        for (const PromResponse::Series &s : whole.value().series) {
            std::map<std::string, std::string> identity;
            std::map<std::string, std::string> key;
            for (const auto &[name, value] : s.labels) {
                if (std::find(identityLabels.begin(), identityLabels.end(), name) !=
                    identityLabels.end())
                    identity[name] = value;
                if (name == "__name__" || name == "UUID" || name == "uuid" || name == "GPU_I_ID")
                    key[name] = value;
            }
            identities[identity] = true;
            const PromResponse::Sample v = s.samples.back();
            const auto [it, added] = values.try_emplace(key, v);
            if (!added && v.finite && (!it->second.finite || v.value > it->second.value))
                it->second = v;
        }
        const auto metric = [](const std::map<std::string, std::string> &labels) {
            std::string out;
            for (const auto &[name, value] : labels)
                out += (out.empty() ? "" : ",") + ('"' + name + "\":\"" + value + '"');
            return "{" + out + "}";
        };
        std::string identityItems;
        for (const auto &[labels, unused] : identities)
            identityItems += (identityItems.empty() ? "" : ",") +
                             (R"({"metric":)" + metric(labels) + R"(,"value":[1,"1"]})");
        std::string valueItems;
        for (const auto &[labels, v] : values)
            valueItems += (valueItems.empty() ? "" : ",") +
                          (R"({"metric":)" + metric(labels) + R"(,"value":[1,")" +
                           (v.finite ? std::to_string(v.value) : std::string("NaN")) + "\"]}");
        return {vector(identityItems), vector(valueItems)};
    }

    /// The readings of `result` asked as the window asks (identities and values), checked
    /// against asking every series whole: both must read the same.
    std::vector<GpuReading> read(const std::string &result) {
        const GpuSeriesAttribution attribution(cluster);
        std::string body = vector(result);
        auto whole = GpuReadings::fromAnswer(body, attribution, 1000);
        EXPECT_TRUE(whole.ok()) << whole.error();
        auto [identities, values] = answersTo(result);
        GpuReadings::Decoded joined =
            GpuReadings::fromAnswers(identities, values, attribution, 1000);
        EXPECT_EQ(joined.error, "");
        EXPECT_FALSE(joined.needsWholeSeries);
        if (!whole.ok())
            return {};
        EXPECT_EQ(describe(joined.readings), describe(whole.value()))
            << "identities and values read as every series whole";
        return whole.value();
    }

    static std::string describe(const std::vector<GpuReading> &readings) {
        const auto number = [](const std::optional<double> &v) {
            return v ? std::to_string(*v) : std::string("-");
        };
        std::string out;
        for (const GpuReading &r : readings)
            out += r.node + ' ' + std::to_string(r.gpu) + ' ' + r.uuid + ' ' + r.model + ' ' +
                   r.migProfile + ' ' + r.migInstance + ' ' + r.podNamespace + '/' + r.pod + '/' +
                   r.container + ' ' + number(r.utilization) + ' ' + number(r.memoryUsedMiB) + ' ' +
                   number(r.memoryFreeMiB) + ' ' + number(r.powerW) + ' ' + number(r.temperatureC) +
                   ' ' + number(r.smClockMHz) + ' ' +
                   (r.xid ? std::to_string(*r.xid) : std::string("-")) + '\n';
        return out;
    }
};

TEST_F(GpuReadingsTest, OperatorLabelsNameTheWorkloadInExportedLabels) {
    // prometheus-operator, honorLabels false: pod is the exporter, exported_pod the workload.
    const auto r = read(
        R"({"metric":{"__name__":"DCGM_FI_DEV_GPU_UTIL","gpu":"0","UUID":"GPU-1","Hostname":"gpu-1",
            "modelName":"NVIDIA A100-SXM4-80GB","namespace":"monitoring","pod":"dcgm-exporter-abcde",
            "exported_namespace":"ml","exported_pod":"train-0","exported_container":"main"},
            "value":[1,"93"]},
           {"metric":{"__name__":"DCGM_FI_DEV_FB_USED","gpu":"0","UUID":"GPU-1","Hostname":"gpu-1",
            "namespace":"monitoring","pod":"dcgm-exporter-abcde",
            "exported_namespace":"ml","exported_pod":"train-0"},"value":[1,"40000"]},
           {"metric":{"__name__":"DCGM_FI_DEV_GPU_UTIL","gpu":"1","UUID":"GPU-2","Hostname":"gpu-1",
            "namespace":"monitoring","pod":"dcgm-exporter-abcde"},"value":[1,"0"]})");
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(r[0].node, "gpu-1");
    EXPECT_EQ(r[0].gpu, 0);
    EXPECT_EQ(r[0].pod, "train-0");
    EXPECT_EQ(r[0].podNamespace, "ml");
    EXPECT_EQ(r[0].container, "main");
    EXPECT_EQ(r[0].model, "NVIDIA A100-SXM4-80GB");
    EXPECT_EQ(r[0].utilization, 93.0);
    EXPECT_EQ(r[0].memoryUsedMiB, 40000.0);
    EXPECT_FALSE(r[0].powerW) << "not reported: unknown, not 0";
    EXPECT_EQ(r[1].pod, "") << "the exporter's own pod is never the workload";
    EXPECT_EQ(r[1].utilization, 0.0);
}

TEST_F(GpuReadingsTest, HonorLabelsInstallsAndNodesFoundByAddress) {
    // honorLabels true (the exporter's pod labels kept), no Hostname label: the node is found by
    // the target's address; a pod label naming a pod that holds no GPU is not taken.
    const auto r = read(
        R"({"metric":{"__name__":"DCGM_FI_DEV_GPU_TEMP","gpu":"0","uuid":"GPU-1",
            "instance":"10.0.0.5:9400","namespace":"ml","pod":"train-0","container":"main"},
            "value":[1,"71"]},
           {"metric":{"__name__":"DCGM_FI_DEV_GPU_TEMP","gpu":"1","uuid":"GPU-2",
            "instance":"10.0.0.5:9400","namespace":"monitoring","pod":"dcgm-exporter-abcde"},
            "value":[1,"NaN"]},
           {"metric":{"__name__":"DCGM_FI_DEV_XID_ERRORS","gpu":"1","uuid":"GPU-2",
            "instance":"10.0.0.5:9400"},"value":[1,"79"]},
           {"metric":{"__name__":"DCGM_FI_DEV_GPU_TEMP","gpu":"0","uuid":"GPU-9",
            "instance":"10.9.9.9:9400"},"value":[1,"50"]})");
    ASSERT_EQ(r.size(), 3u);
    EXPECT_EQ(r[0].node, "") << "an address no node has";
    EXPECT_EQ(r[1].node, "gpu-1");
    EXPECT_EQ(r[1].uuid, "GPU-1");
    EXPECT_EQ(r[1].pod, "train-0");
    EXPECT_EQ(r[1].temperatureC, 71.0);
    EXPECT_EQ(r[2].pod, "");
    EXPECT_FALSE(r[2].temperatureC) << "NaN is no data";
    EXPECT_EQ(r[2].xid, 79);
}

TEST_F(GpuReadingsTest, MigInstancesAreDevicesOfTheirOwn) {
    const auto r = read(
        R"({"metric":{"__name__":"DCGM_FI_DEV_FB_USED","gpu":"6","UUID":"GPU-6","Hostname":"gpu-1",
            "GPU_I_PROFILE":"1g.10gb","GPU_I_ID":"7","exported_namespace":"ml","exported_pod":"nb"},
            "value":[1,"7000"]},
           {"metric":{"__name__":"DCGM_FI_DEV_FB_USED","gpu":"6","UUID":"GPU-6","Hostname":"gpu-1",
            "GPU_I_PROFILE":"1g.10gb","GPU_I_ID":"8"},"value":[1,"0"]})");
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(r[0].migInstance, "7");
    EXPECT_EQ(r[0].migProfile, "1g.10gb");
    EXPECT_EQ(r[0].pod, "nb");
    EXPECT_EQ(r[1].migInstance, "8");
    EXPECT_EQ(r[1].pod, "");
    EXPECT_NE(GpuReadings::query().find("DCGM_FI_DEV_GPU_UTIL|"), std::string::npos);
}

TEST_F(GpuReadingsTest, TheTwoQueriesKeepOnlyWhatIsRead) {
    EXPECT_EQ(GpuReadings::valuesQuery().rfind("max by (__name__, UUID, uuid, GPU_I_ID) ({", 0),
              0u);
    const std::string identity = GpuReadings::identityQuery();
    EXPECT_EQ(identity.rfind("group by (Hostname, hostname, node, kubernetes_node, UUID, uuid, "
                             "instance, gpu, GPU_I_ID, GPU_I_PROFILE, modelName, namespace, pod, "
                             "container, exported_namespace, exported_pod, exported_container) ({",
                             0),
              0u)
        << identity;
}

TEST_F(GpuReadingsTest, AnIdentityWithoutUuidAsksForEverySeriesWhole) {
    // A relabelling dropped the UUID: values keyed by UUID cannot be matched.
    const GpuSeriesAttribution attribution(cluster);
    std::string identities = vector(R"({"metric":{"gpu":"0","Hostname":"gpu-1"},"value":[1,"1"]})");
    std::string values =
        vector(R"({"metric":{"__name__":"DCGM_FI_DEV_GPU_UTIL"},"value":[1,"5"]})");
    const auto decoded = GpuReadings::fromAnswers(identities, values, attribution, 100);
    EXPECT_TRUE(decoded.needsWholeSeries);
    EXPECT_TRUE(decoded.readings.empty());
    // One UUID on two nodes (a copied VM image's fake UUIDs): the same.
    std::string twice = vector(
        R"({"metric":{"gpu":"0","UUID":"GPU-1","Hostname":"gpu-1"},"value":[1,"1"]},
           {"metric":{"gpu":"0","UUID":"GPU-1","instance":"10.9.9.9:9400"},"value":[1,"1"]})");
    std::string none = vector("");
    EXPECT_TRUE(GpuReadings::fromAnswers(twice, none, attribution, 100).needsWholeSeries);
}

TEST_F(GpuReadingsTest, APodLabelThatChangedWithinTheLookbackKeepsTheWorkload) {
    // The exporter's series before and after the pod started, both within the lookback: two
    // identities of one device. The one naming the workload wins; values are the device's.
    const GpuSeriesAttribution attribution(cluster);
    std::string identities = vector(
        R"({"metric":{"gpu":"0","UUID":"GPU-1","Hostname":"gpu-1"},"value":[1,"1"]},
           {"metric":{"gpu":"0","UUID":"GPU-1","Hostname":"gpu-1","namespace":"ml",
                      "pod":"train-0","container":"main"},"value":[1,"1"]})");
    std::string values = vector(
        R"({"metric":{"__name__":"DCGM_FI_DEV_GPU_UTIL","UUID":"GPU-1"},"value":[1,"88"]},
           {"metric":{"__name__":"DCGM_FI_DEV_GPU_TEMP","UUID":"GPU-1"},"value":[1,"+Inf"]},
           {"metric":{"__name__":"DCGM_FI_DEV_POWER_USAGE","UUID":"GPU-404"},"value":[1,"1"]})");
    const auto decoded = GpuReadings::fromAnswers(identities, values, attribution, 100);
    ASSERT_EQ(decoded.readings.size(), 1u) << decoded.error;
    EXPECT_EQ(decoded.readings[0].pod, "train-0");
    EXPECT_EQ(decoded.readings[0].utilization, 88.0);
    EXPECT_FALSE(decoded.readings[0].temperatureC) << "+Inf is no data";
    EXPECT_FALSE(decoded.readings[0].powerW) << "a UUID without identity is no device's";
    // Either answer failing fails the whole, with Prometheus's words.
    std::string error =
        R"({"status":"error","errorType":"timeout","error":"query timed out in expression evaluation"})";
    const auto failed = GpuReadings::fromAnswers(identities, error, attribution, 100);
    EXPECT_EQ(failed.error, "timeout: query timed out in expression evaluation");
    EXPECT_TRUE(failed.readings.empty());
}

} // namespace

namespace {

class IdleGpuRowsTest : public GpuReadingsTest {
protected:
    /// A matrix answer: one series per (pod, gpu) with `values` one step apart ending at now.
    static std::string series(const std::string &pod, int gpu,
                              const std::vector<std::string> &values, long long now, long long step,
                              long long gapAt = -1) {
        std::string out =
            R"({"metric":{"__name__":"DCGM_FI_DEV_GPU_UTIL","Hostname":"gpu-1","gpu":")" +
            std::to_string(gpu) + R"(","exported_namespace":"ml","exported_pod":")" + pod +
            R"("},"values":[)";
        const long long first = now - step * static_cast<long long>(values.size() - 1);
        for (std::size_t i = 0; i < values.size(); ++i) {
            if (static_cast<long long>(i) == gapAt)
                continue;
            out += std::string(i ? "," : "") + "[" +
                   std::to_string(first + step * static_cast<long long>(i)) + ",\"" + values[i] +
                   "\"]";
        }
        return out + "]}";
    }
};

TEST_F(IdleGpuRowsTest, APodIsIdleWhenEveryGpuItHoldsStayedUnderTheThresholdForTheWindow) {
    cluster.name = "c";
    cluster.pods.push_back(pod("ml", "nb-0", "gpu-1", true));
    cluster.pods.push_back(pod("ml", "busy-0", "gpu-1", true));
    IdleGpuRows::Options o;
    o.now = 1'000'000;
    o.windowSeconds = 600;
    o.thresholdPercent = 5;
    const long long step = IdleGpuRows::step(o);
    ASSERT_EQ(step, 30) << "twenty samples per window";
    // train-0: two GPUs, one busy at the end → not idle. nb-0: 4 % for 25 steps → idle, 750 s.
    // busy-0: idle now, but only for the last 10 steps (300 s) → not idle.
    std::vector<std::string> busyEnd(25, "2");
    busyEnd[20] = "90";
    const std::string matrix =
        R"({"status":"success","data":{"resultType":"matrix","result":[)" +
        series("train-0", 0, std::vector<std::string>(25, "1"), o.now, step) + "," +
        series("train-0", 1, busyEnd, o.now, step) + "," +
        series("nb-0", 2, std::vector<std::string>(25, "4"), o.now, step) + "," +
        series("busy-0", 3, std::vector<std::string>(25, "0"), o.now, step, 14) + "]}}";
    auto answer = PromResponse::parse(matrix);
    ASSERT_TRUE(answer.ok()) << answer.error();
    const auto rows = IdleGpuRows::rows({cluster}, {{"c", answer.value()}}, o);
    std::map<std::string, DumpRow> pods;
    for (const DumpRow &r : rows)
        if (std::get<std::string>(r.fields[1].second) == "pod")
            pods[std::get<std::string>(r.fields[5].second)] = r;
    ASSERT_EQ(pods.size(), 1u) << "only nb-0";
    const DumpRow &nb = pods.begin()->second;
    const auto field = [&](const char *name) {
        for (const auto &[k, v] : nb.fields)
            if (k == name)
                return v;
        ADD_FAILURE() << name;
        return DumpRow::Value(std::string());
    };
    EXPECT_EQ(std::get<std::string>(field("pod")), "nb-0");
    EXPECT_EQ(std::get<std::int64_t>(field("idle_for_s")), 750);
    EXPECT_DOUBLE_EQ(std::get<double>(field("util_max_percent")), 4.0);
    EXPECT_DOUBLE_EQ(std::get<double>(field("gpu_hours_held")), 0.208); // 25 × 30 s
    EXPECT_DOUBLE_EQ(std::get<double>(field("gpu_hours_used")), 0.008);
    // The org row counts all four GPUs held now and one idle pod.
    const DumpRow &org = rows.back();
    EXPECT_EQ(std::get<std::string>(org.fields[1].second), "org");
    EXPECT_EQ(std::get<std::int64_t>(org.fields[7].second), 4);
    EXPECT_EQ(std::get<std::int64_t>(org.fields[8].second), 1);
}

TEST(GpuHistoryTest, TheNodeQueryNamesTheNodeEveryWayInstallsLabelIt) {
    const std::string q =
        GpuHistory::nodeQuery(GpuHistory::Field::Utilization, "gpu-1", "10.0.0.5");
    EXPECT_EQ(q,
              "DCGM_FI_DEV_GPU_UTIL{Hostname=\"gpu-1\"} or DCGM_FI_DEV_GPU_UTIL{hostname=\"gpu-1\"}"
              " or DCGM_FI_DEV_GPU_UTIL{node=\"gpu-1\"} or "
              "DCGM_FI_DEV_GPU_UTIL{kubernetes_node=\"gpu-1\"} or "
              "DCGM_FI_DEV_GPU_UTIL{instance=~\"10\\\\.0\\\\.0\\\\.5:.*\"}");
    EXPECT_EQ(GpuHistory::nodeQuery(GpuHistory::Field::Power, "a\"b", "").find("instance"),
              std::string::npos)
        << "no address, no instance matcher";
    EXPECT_NE(GpuHistory::nodeQuery(GpuHistory::Field::Power, "a\"b", "")
                  .find("DCGM_FI_DEV_POWER_USAGE{Hostname=\"a\\\"b\"}"),
              std::string::npos)
        << "quotes in a name are escaped";
    EXPECT_EQ(GpuHistory::step(3600), 15);
    EXPECT_EQ(GpuHistory::step(6 * 3600), 90);
    EXPECT_EQ(GpuHistory::step(86400), 360);
    EXPECT_EQ(GpuHistory::step(600), 15) << "never under one scrape";
}

TEST_F(GpuReadingsTest, HistoryKeepsTheNodesDevicesInOrderAndMergesAPodChange) {
    auto answer = PromResponse::parse(
        R"({"status":"success","data":{"resultType":"matrix","result":[
            {"metric":{"__name__":"DCGM_FI_DEV_GPU_UTIL","gpu":"1","UUID":"GPU-2","Hostname":"gpu-1"},
             "values":[[100,"0"],[115,"NaN"]]},
            {"metric":{"__name__":"DCGM_FI_DEV_GPU_UTIL","gpu":"0","UUID":"GPU-1","Hostname":"gpu-1",
             "exported_namespace":"ml","exported_pod":"train-0"},"values":[[130,"90"],[145,"95"]]},
            {"metric":{"__name__":"DCGM_FI_DEV_GPU_UTIL","gpu":"0","UUID":"GPU-1","Hostname":"gpu-1"},
             "values":[[100,"0"],[115,"1"]]},
            {"metric":{"__name__":"DCGM_FI_DEV_GPU_UTIL","gpu":"0","UUID":"GPU-7","Hostname":"gpu-9"},
             "values":[[100,"50"]]}]}})");
    ASSERT_TRUE(answer.ok()) << answer.error();
    const auto devices = GpuHistory::fromResponse(answer.value(), cluster, "gpu-1");
    ASSERT_EQ(devices.size(), 2u) << "another node's series are not this node's";
    EXPECT_EQ(devices[0].gpu, 0);
    ASSERT_EQ(devices[0].samples.size(), 4u) << "before and after the pod came, one line";
    EXPECT_DOUBLE_EQ(devices[0].samples.front().time, 100);
    EXPECT_DOUBLE_EQ(devices[0].samples.back().value, 95);
    EXPECT_EQ(devices[0].pod, "ml/train-0") << "the pod at the last sample";
    EXPECT_EQ(devices[1].gpu, 1);
    EXPECT_EQ(devices[1].pod, "");
    EXPECT_FALSE(devices[1].samples[1].finite) << "NaN stays no data";
}

} // namespace
