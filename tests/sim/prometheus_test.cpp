// The simulator's dcgm-exporter endpoints scraped by a real Prometheus (Debian's `prometheus`,
// started by `cubedesk-sim --prometheus`), queried with stock kubectl through the simulator's
// service proxy as a client queries the platform's monitoring/prometheus-k8s: the series carry
// the attribution a prometheus-operator install gives them (exported_pod for the workload, pod
// for the exporter), agree with what nvidia-smi shows inside the pods, report the demo's XID and
// thermal faults, leave MIG utilization and shared cards unattributed as the real exporter does,
// the proxy fails as an API server's does, and `--prometheus-history` stores the past as the
// scrapes would have (docs/simulator.md, "GPUs and Prometheus").

#include "tests/support/simprocess.h"

#include <gtest/gtest.h>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

using cubedesk::test::Process;
using cubedesk::test::SimProcess;
using nlohmann::json;

namespace {

std::string urlEscape(const std::string &text) {
    static const char *hex = "0123456789ABCDEF";
    std::string out;
    for (const unsigned char c : text) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4U];
            out += hex[c & 15U];
        }
    }
    return out;
}

class PrometheusTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_sim =
            new SimProcess({"--scenario", "demo", "--prometheus", "--scrape-interval", "1",
                            "--prometheus-history", "2", "--readonly-token", "viewer-token",
                            "--proxy-service", "monitoring/dcgm-exporter:9400=http://127.0.0.1:1"});
    }
    static void TearDownTestSuite() {
        delete s_sim;
        s_sim = nullptr;
    }
    void SetUp() override {
        ASSERT_TRUE(s_sim->ready()) << s_sim->error();
        // The line after "listening on": Prometheus is ready, or why it is not.
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(90);
        while (s_sim->stdoutText().find("prometheus") == std::string::npos &&
               std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        ASSERT_NE(s_sim->stdoutText().find("prometheus on http://127.0.0.1:"), std::string::npos)
            << "Prometheus must run for this test (Debian package prometheus): "
            << s_sim->stdoutText() << s_sim->stderrText();
    }

    static Process::Result raw(const std::string &path, const std::string &context = {}) {
        std::vector<std::string> args = {"get", "--raw", path};
        if (!context.empty())
            args.insert(args.begin(), {"--context", context});
        return s_sim->kubectl(args, std::chrono::seconds(60));
    }
    /// An instant query's result vector, through the API server's service proxy.
    static json query(const std::string &promql) {
        const auto r = raw("/api/v1/namespaces/monitoring/services/prometheus-k8s:9090/proxy/api/"
                           "v1/query?query=" +
                           urlEscape(promql));
        EXPECT_EQ(r.exitCode, 0) << r.err;
        const json answer = json::parse(r.out, nullptr, false);
        EXPECT_EQ(answer.value("status", ""), "success") << r.out;
        return answer.is_object() ? answer["data"]["result"] : json::array();
    }
    static json kubectlJson(std::vector<std::string> args) {
        const auto r = s_sim->kubectl(std::move(args), std::chrono::seconds(60));
        EXPECT_EQ(r.exitCode, 0) << r.err;
        return json::parse(r.out, nullptr, false);
    }
    /// Waits until every exporter pod's target has been scraped at least once.
    static void awaitScrapes() {
        const json pods = kubectlJson({"get", "pods", "-n", "monitoring", "-l",
                                       "app.kubernetes.io/name=dcgm-exporter", "-o", "json"});
        const std::size_t targets = pods["items"].size();
        ASSERT_GT(targets, 5u);
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (std::chrono::steady_clock::now() < deadline) {
            const json up = query("count(up{job=\"dcgm-exporter\"}) and "
                                  "count(DCGM_FI_DEV_GPU_TEMP) > 0");
            if (!up.empty() && up[0]["value"][1] == std::to_string(targets))
                return;
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
        }
        FAIL() << "Prometheus did not scrape all " << targets << " exporters within 60 s";
    }

    static SimProcess *s_sim;
};

SimProcess *PrometheusTest::s_sim = nullptr;

TEST_F(PrometheusTest, SeriesAreAttributedToTheWorkloadsThatHoldTheGpus) {
    awaitScrapes();
    const json util = query("DCGM_FI_DEV_GPU_UTIL");
    ASSERT_FALSE(util.empty());
    std::map<std::string, std::set<std::string>> uuidsByPod; // ns/pod → GPU UUIDs
    std::set<std::string> hosts;
    for (const json &s : util) {
        const json &m = s["metric"];
        // The operator's target labels name the exporter; the workload is exported_*.
        EXPECT_EQ(m.value("job", ""), "dcgm-exporter");
        EXPECT_EQ(m.value("namespace", ""), "monitoring");
        EXPECT_EQ(m.value("pod", "").rfind("dcgm-exporter-", 0), 0u) << m.dump();
        EXPECT_EQ(m.value("instance", "").substr(m.value("instance", "").size() - 5), ":9400");
        hosts.insert(m.value("Hostname", ""));
        if (m.contains("exported_pod"))
            uuidsByPod[m["exported_namespace"].get<std::string>() + '/' +
                       m["exported_pod"].get<std::string>()]
                .insert(m.value("UUID", ""));
    }
    EXPECT_FALSE(hosts.count("gpu-v100-speech-3")) << "a NotReady node is not scraped";
    const json down = query("up{job=\"dcgm-exporter\"} == 0");
    ASSERT_EQ(down.size(), 1u) << down.dump();
    ASSERT_FALSE(uuidsByPod.empty());
    // Every attributed pod holds exactly the GPUs nvidia-smi shows inside it.
    for (const auto &[pod, uuids] : uuidsByPod) {
        const std::string ns = pod.substr(0, pod.find('/'));
        const std::string name = pod.substr(pod.find('/') + 1);
        const auto smi = s_sim->kubectl({"exec", "-n", ns, name, "--", "nvidia-smi",
                                         "--query-gpu=uuid", "--format=csv,noheader"},
                                        std::chrono::seconds(60));
        ASSERT_EQ(smi.exitCode, 0) << pod << ": " << smi.err;
        std::set<std::string> inside;
        std::size_t from = 0;
        for (std::size_t nl; (nl = smi.out.find('\n', from)) != std::string::npos; from = nl + 1)
            inside.insert(smi.out.substr(from, nl - from));
        EXPECT_EQ(uuids, inside) << pod;
    }
    // Training works, the idle notebook holds its GPU at 0 %.
    EXPECT_EQ(query("DCGM_FI_DEV_GPU_UTIL{exported_pod=\"wang.fang-notebook-gpu\"} == 0").size(),
              1u);
    EXPECT_GE(query("DCGM_FI_DEV_GPU_UTIL{exported_namespace=\"pipeline\"} > 80").size(), 8u);
}

TEST_F(PrometheusTest, TheHistoryContinuesTheScrapedSeries) {
    awaitScrapes();
    // Every series scraped now was there, with the same labels, 100 minutes ago.
    const json now = query("count(DCGM_FI_DEV_GPU_UTIL)");
    ASSERT_EQ(now.size(), 1u);
    const json then = query("count(DCGM_FI_DEV_GPU_UTIL and DCGM_FI_DEV_GPU_UTIL offset 100m)");
    ASSERT_EQ(then.size(), 1u) << "no history";
    EXPECT_EQ(then[0]["value"][1], now[0]["value"][1]);
    // The seven fields CubeDesk reads, nothing else.
    std::set<std::string> fields;
    for (const json &s : query("count by (__name__) ({__name__=~\"DCGM_.*\"} offset 1h)"))
        fields.insert(s["metric"].value("__name__", ""));
    EXPECT_EQ(fields, (std::set<std::string>{"DCGM_FI_DEV_FB_FREE", "DCGM_FI_DEV_FB_USED",
                                             "DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_GPU_UTIL",
                                             "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_SM_CLOCK",
                                             "DCGM_FI_DEV_XID_ERRORS"}));
    // Every 3 minutes, and as the profiles say: the notebook idle, training busy, the hot GPU,
    // the XID.
    const json count = query("count_over_time(DCGM_FI_DEV_GPU_UTIL{exported_pod=\"wang.fang-"
                             "notebook-gpu\"}[60m] offset 30m)");
    ASSERT_EQ(count.size(), 1u);
    EXPECT_EQ(count[0]["value"][1], "20");
    EXPECT_EQ(query("max_over_time(DCGM_FI_DEV_GPU_UTIL{exported_pod=\"wang.fang-notebook-gpu\"}"
                    "[1h] offset 30m) == 0")
                  .size(),
              1u);
    EXPECT_GE(query("min_over_time(DCGM_FI_DEV_GPU_UTIL{exported_namespace=\"pipeline\"}[1h] "
                    "offset 30m) > 50")
                  .size(),
              8u);
    EXPECT_FALSE(query("min_over_time(DCGM_FI_DEV_GPU_TEMP[1h] offset 30m) > 85").empty());
    EXPECT_FALSE(query("max_over_time(DCGM_FI_DEV_XID_ERRORS[1h] offset 30m) > 0").empty());
    EXPECT_EQ(s_sim->stdoutText().find("history:"), std::string::npos) << s_sim->stdoutText();
}

TEST_F(PrometheusTest, FaultsMigAndSharedCardsLookAsOnRealNodes) {
    awaitScrapes();
    const json xid = query("DCGM_FI_DEV_XID_ERRORS > 0");
    std::map<std::string, std::string> xids; // host/gpu → XID
    for (const json &s : xid)
        xids[s["metric"].value("Hostname", "") + '/' + s["metric"].value("gpu", "")] =
            s["value"][1].get<std::string>();
    EXPECT_EQ(xids, (std::map<std::string, std::string>{{"gpu-a100-vision-2/5", "79"},
                                                        {"gpu-v100-speech-1/1", "48"}}));
    const json hot = query("DCGM_FI_DEV_GPU_TEMP > 85");
    ASSERT_EQ(hot.size(), 1u) << hot.dump();
    EXPECT_EQ(hot[0]["metric"].value("Hostname", ""), "gpu-h100-nlp-1");
    // MIG: eleven instances on two GPUs, with memory but no utilization; the notebook's is mapped.
    EXPECT_EQ(query("DCGM_FI_DEV_FB_USED{GPU_I_PROFILE!=\"\"}").size(), 11u);
    EXPECT_TRUE(
        query("DCGM_FI_DEV_GPU_UTIL{Hostname=\"gpu-a100-mig-nlp-1\",gpu=~\"6|7\"}").empty());
    const json mig = query("DCGM_FI_DEV_FB_USED{exported_pod=\"zhang.san-notebook-gpu\"}");
    ASSERT_EQ(mig.size(), 1u);
    EXPECT_EQ(mig[0]["metric"].value("GPU_I_PROFILE", ""), "1g.10gb");
    EXPECT_NE(mig[0]["value"][1], "0");
    // Time-sliced and vGPU cards are held, but exporter 3.1.7 cannot name their pods.
    for (const char *host : {"gpu-t4-public-1", "vgpu-t4-public-1"}) {
        EXPECT_FALSE(query(std::string("DCGM_FI_DEV_GPU_UTIL{Hostname=\"") + host + "\"}").empty());
        EXPECT_TRUE(
            query(std::string("DCGM_FI_DEV_GPU_UTIL{Hostname=\"") + host + "\",exported_pod!=\"\"}")
                .empty())
            << host;
    }
}

TEST_F(PrometheusTest, TheServiceProxyFailsAsAnApiServerDoes) {
    const auto missing = raw("/api/v1/namespaces/monitoring/services/nope:80/proxy/");
    EXPECT_NE(missing.exitCode, 0);
    EXPECT_NE(missing.err.find("services \"nope\" not found"), std::string::npos) << missing.err;
    const auto noEndpoint = raw("/api/v1/namespaces/monitoring/services/prometheus-k8s:80/proxy/");
    EXPECT_NE(noEndpoint.err.find("no endpoints available for service \"prometheus-k8s\""),
              std::string::npos)
        << noEndpoint.err;
    const auto unreachable =
        raw("/api/v1/namespaces/monitoring/services/dcgm-exporter:metrics/proxy/metrics");
    EXPECT_NE(unreachable.err.find("error trying to reach service"), std::string::npos)
        << unreachable.err;
    const auto forbidden =
        raw("/api/v1/namespaces/monitoring/services/prometheus-k8s:9090/proxy/api/v1/query?"
            "query=up",
            "cubedesk-sim-readonly");
    EXPECT_NE(forbidden.err.find("cannot get resource \"services/proxy\""), std::string::npos)
        << forbidden.err;
    // A PromQL error passes through with Prometheus's own status and answer (kubectl prints
    // the body of a 400 that is not a Status only at -v=8).
    const auto bad = s_sim->kubectl({"-v=8", "get", "--raw",
                                     "/api/v1/namespaces/monitoring/services/prometheus-k8s:web/"
                                     "proxy/api/v1/query?query=" +
                                         urlEscape("sum((")},
                                    std::chrono::seconds(60));
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_NE(bad.err.find("400 Bad Request"), std::string::npos) << bad.err;
    EXPECT_NE(bad.err.find("bad_data"), std::string::npos) << bad.err;
}

} // namespace
