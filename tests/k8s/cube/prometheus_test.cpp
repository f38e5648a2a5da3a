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
#include <sstream>

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
        std::vector<std::string> identityLabels;
        std::stringstream list(GpuSeriesAttribution::labelList());
        for (std::string name; std::getline(list >> std::ws, name, ',');)
            identityLabels.push_back(name);
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
                out.append(out.empty() ? "" : ",")
                    .append(1, '"')
                    .append(name)
                    .append("\":\"")
                    .append(value)
                    .append(1, '"');
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
    /// One item of an answer to an IdleGpuRows query: a device of gpu-1 held by ml/`pod`.
    static std::string item(const std::string &pod, int gpu, const std::string &value) {
        return R"({"metric":{"Hostname":"gpu-1","gpu":")" + std::to_string(gpu) +
               R"(","exported_namespace":"ml","exported_pod":")" + pod +
               R"("},"value":[1000080,")" + value + "\"]}";
    }
    static std::string answer(const std::vector<std::string> &items) {
        std::string joined;
        for (const std::string &i : items)
            joined += (joined.empty() ? "" : ",") + i;
        return vector(joined);
    }
    static std::string field(const DumpRow &row, const char *name) {
        EXPECT_NE(row.value(name), nullptr) << name;
        return row.text(name);
    }
};

TEST_F(IdleGpuRowsTest, TheWindowsStepDividesTheDaysSoBothGridsEndTogether) {
    IdleGpuRows::Options o;
    const auto stepFor = [&](long long window) {
        o.windowSeconds = window;
        return IdleGpuRows::windowStep(o);
    };
    EXPECT_EQ(stepFor(1), 1);
    EXPECT_EQ(stepFor(5), 1);
    EXPECT_EQ(stepFor(140), 6) << "7 s is no divisor of 120";
    EXPECT_EQ(stepFor(600), 30);
    EXPECT_EQ(stepFor(3600), 120) << "180 s would not divide the day's step";
    EXPECT_EQ(stepFor(86400), 120);
    EXPECT_EQ(stepFor(10LL * 86400), 120) << "the window is at most a day";
}

TEST_F(IdleGpuRowsTest, QueriesAggregatePerDeviceAndPodAndEndOnTheirGridsFirstStepAfterNow) {
    IdleGpuRows::Options o;
    o.now = 1'000'000;
    o.windowSeconds = 600;
    o.thresholdPercent = 2.5;
    const std::vector<InstantQuery> q = IdleGpuRows::queries(o);
    ASSERT_EQ(q.size(), 7u);
    const std::string by = "max by (" + GpuSeriesAttribution::labelList() + ") (";
    const std::string x = "DCGM_FI_DEV_GPU_UTIL";
    EXPECT_EQ(q[0].promql, by + "timestamp(" + x + "))");
    EXPECT_EQ(q[1].promql, by + "max_over_time(timestamp(" + x + " >= 2.5)[21630s:30s]))");
    EXPECT_EQ(q[2].promql, by + "count_over_time(" + x + "[21630s:30s]))");
    EXPECT_EQ(q[3].promql, by + "avg_over_time((" + x + " >= 0)[600s:30s]))");
    EXPECT_EQ(q[4].promql, by + "max_over_time((" + x + " >= 0)[600s:30s]))");
    EXPECT_EQ(q[5].promql, by + "count_over_time(" + x + "[86400s:120s]))");
    EXPECT_EQ(q[6].promql, by + "sum_over_time(clamp_max(" + x + " >= 0, 100)[86400s:120s]))");
    for (int i = 0; i < 5; ++i)
        EXPECT_EQ(q[i].time, 1'000'020) << "the window's grid: the first multiple of 30 s";
    EXPECT_EQ(q[5].time, 1'000'080) << "the day's grid: the first multiple of 120 s";
    EXPECT_EQ(q[6].time, 1'000'080);
    PrometheusEndpoint e{"monitoring", "prometheus-k8s", "9090"};
    EXPECT_EQ(e.queryPath(q[5]).substr(e.queryPath(q[5]).size() - 13), "&time=1000080");
    EXPECT_EQ(e.queryPath(InstantQuery{"up"}), e.queryPath("up")) << "time 0: the server's now";
}

TEST_F(IdleGpuRowsTest, APodIsIdleWhenEveryGpuItHoldsNowStayedUnderTheThresholdForTheWindow) {
    cluster.name = "c";
    cluster.pods.push_back(pod("ml", "nb-0", "gpu-1", true));
    cluster.pods.push_back(pod("ml", "busy-0", "gpu-1", true));
    cluster.pods.push_back(pod("ml", "done-0", "gpu-1", true));
    cluster.pods.push_back(pod("ml", "nan-0", "gpu-1", true));
    IdleGpuRows::Options o;
    o.now = 1'000'000;
    o.windowSeconds = 600;
    const std::string latest = "1000010";
    // train-0: two GPUs, one busy 10 s ago → not idle. nb-0: under 5 % for 750 s → idle.
    // busy-0: under it for the last 300 s only → not idle. done-0: held earlier today, not now
    // → its hours count, no row. gone-0: no longer in the cluster → nothing. nan-0: reads only
    // NaN → not judged.
    std::vector<std::string> answers(7);
    answers[0] =
        answer({item("train-0", 0, latest), item("train-0", 1, latest), item("nb-0", 2, latest),
                item("busy-0", 3, latest), item("gone-0", 4, latest), item("nan-0", 6, latest)});
    // The last busy step; nb-0 never was: 25 steps of 30 s seen.
    answers[1] = answer({item("train-0", 0, "997010"), item("train-0", 1, "1000000"),
                         item("busy-0", 3, "999710"), item("gone-0", 4, "900000")});
    answers[2] = answer({item("train-0", 0, "720"), item("train-0", 1, "720"),
                         item("nb-0", 2, "25"), item("busy-0", 3, "720"), item("nan-0", 6, "720")});
    answers[3] = answer({item("train-0", 0, "NaN"), item("train-0", 1, "20"), item("nb-0", 2, "4"),
                         item("busy-0", 3, "0"), item("nan-0", 6, "NaN")});
    answers[4] = answer({item("train-0", 1, "95"), item("nb-0", 2, "4.5"), item("busy-0", 3, "2")});
    // Two scrape jobs read nb-0's exporter: the larger count counts.
    answers[5] = answer({item("nb-0", 2, "30"), item("nb-0", 2, "12"), item("done-0", 5, "60"),
                         item("gone-0", 4, "600")});
    answers[6] = answer({item("nb-0", 2, "240"), item("done-0", 5, "6000")});
    const GpuSeriesAttribution attribution(cluster);
    auto rows = IdleGpuRows::rows(cluster, answers, attribution, o, 1000);
    ASSERT_TRUE(rows.ok()) << rows.error();
    ASSERT_EQ(rows.value().size(), 2u);
    const DumpRow &nb = rows.value()[0];
    EXPECT_EQ(field(nb, "kind"), "pod");
    EXPECT_EQ(field(nb, "pod"), "nb-0");
    EXPECT_EQ(field(nb, "node"), "gpu-1");
    EXPECT_EQ(field(nb, "gpus"), "1");
    EXPECT_EQ(field(nb, "idle_for_s"), "750");
    EXPECT_EQ(field(nb, "util_avg_percent"), "4");
    EXPECT_EQ(field(nb, "util_max_percent"), "4.5");
    EXPECT_EQ(field(nb, "gpu_hours_held"), "1");    // 30 steps of 120 s
    EXPECT_EQ(field(nb, "gpu_hours_used"), "0.08"); // 240 % × 120 s
    EXPECT_EQ(field(nb, "gpu_hours_wasted"), "0.92");
    EXPECT_EQ(field(nb, "idle_pods"), "");
    const DumpRow &org = rows.value()[1];
    EXPECT_EQ(field(org, "kind"), "org");
    EXPECT_EQ(field(org, "gpus"), "5") << "train-0's two, nb-0's, busy-0's, nan-0's: held now";
    EXPECT_EQ(field(org, "idle_pods"), "1");
    EXPECT_EQ(field(org, "util_avg_percent"), "8") << "(20 + 4 + 0) / 3: NaN is no data";
    EXPECT_EQ(field(org, "gpu_hours_held"), "3");
    EXPECT_EQ(field(org, "gpu_hours_used"), "2.08");
    EXPECT_EQ(field(org, "idle_for_s"), "");
    for (const std::string &a : answers)
        EXPECT_TRUE(a.empty()) << "each answer is freed once read";

    // A stricter window: nb-0 is no longer idle for long enough.
    o.windowSeconds = 900;
    std::vector<std::string> again(7, answer({item("nb-0", 2, latest)}));
    again[1] = answer({item("nb-0", 2, "999260")});
    rows = IdleGpuRows::rows(cluster, again, attribution, o, 1000);
    ASSERT_TRUE(rows.ok()) << rows.error();
    ASSERT_EQ(rows.value().size(), 1u);
    EXPECT_EQ(field(rows.value()[0], "kind"), "org");
    EXPECT_EQ(field(rows.value()[0], "idle_pods"), "0");
}

TEST_F(IdleGpuRowsTest, AnyFaultyAnswerFailsTheWhole) {
    const GpuSeriesAttribution attribution(cluster);
    IdleGpuRows::Options o;
    o.now = 1'000'000;
    std::vector<std::string> answers(7, answer({item("train-0", 0, "1")}));
    answers[3] = R"({"status":"error","errorType":"execution","error":"query processing would )"
                 R"(load too many samples into memory in query execution"})";
    auto rows = IdleGpuRows::rows(cluster, answers, attribution, o, 1000);
    ASSERT_FALSE(rows.ok());
    EXPECT_EQ(rows.error(), "execution: query processing would load too many samples into memory "
                            "in query execution");
    std::vector<std::string> few(5, answer({}));
    rows = IdleGpuRows::rows(cluster, few, attribution, o, 1000);
    ASSERT_FALSE(rows.ok());
    EXPECT_EQ(rows.error(), "expected 7 answers, got 5");
    std::vector<std::string> many(7, answer({item("train-0", 0, "1"), item("train-0", 1, "1")}));
    rows = IdleGpuRows::rows(cluster, many, attribution, o, 1);
    EXPECT_FALSE(rows.ok()) << "more series than the bound";
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
    EXPECT_EQ(GpuHistory::step(6LL * 3600), 90);
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
