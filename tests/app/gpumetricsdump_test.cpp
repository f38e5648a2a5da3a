// `cubedesk --dump gpus` with GPU metrics, end to end: the real binary against the simulator's
// demo cluster, whose dcgm-exporter endpoints a real Prometheus scrapes (`cubedesk-sim
// --prometheus`), found through the API server's service proxy. Utilization, memory, power,
// temperature and health per row agree with what nvidia-smi shows inside the pods and with the
// demo's faults; a node without readings has empty columns, never zeros; a cluster without
// Prometheus, and a --prometheus that names nothing, say why in one warning line each.

#include "tests/support/simprocess.h"

#include <gtest/gtest.h>
#include <map>
#include <nlohmann/json.hpp>
#include <thread>

using cubedesk::test::Process;
using cubedesk::test::SimProcess;
using nlohmann::json;

namespace {

Process::Result dumpGpus(const SimProcess &sim, std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {SimProcess::appBinary(), "--dump", "gpus", "--kubeconfig",
                                     sim.kubeconfig()};
    args.insert(args.end(), extra.begin(), extra.end());
    return Process::run(args, std::chrono::seconds(120), {{"KUBECONFIG", "/nonexistent"}});
}

/// Rows by "node resource".
std::map<std::string, json> rowsOf(const Process::Result &r) {
    std::map<std::string, json> out;
    const json rows = json::parse(r.out, nullptr, false);
    EXPECT_TRUE(rows.is_array()) << r.out << r.err;
    if (rows.is_array())
        for (const auto &row : rows)
            out[row["node"].get<std::string>() + ' ' + row["resource"].get<std::string>()] = row;
    return out;
}

/// Waits for the "prometheus on" line and for every Ready exporter to have been scraped (the
/// dump's own rows say when: each Ready GPU node's whole-GPU row has a temperature).
void awaitMetrics(const SimProcess &sim) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(90);
    while (sim.stdoutText().find("prometheus") == std::string::npos &&
           std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    ASSERT_NE(sim.stdoutText().find("prometheus on "), std::string::npos)
        << "Prometheus must run for this test (Debian package prometheus): " << sim.stdoutText()
        << sim.stderrText();
    while (std::chrono::steady_clock::now() < deadline) {
        const auto rows = rowsOf(dumpGpus(sim));
        bool all = !rows.empty();
        for (const auto &[key, row] : rows)
            if (row["status"] == "Ready" && row["kind"] == "whole" && row["temp_max_c"].is_string())
                all = false;
        if (all)
            return;
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
    }
    FAIL() << "the exporters were not all scraped within 90 s";
}

TEST(GpuMetricsDumpTest, RowsCarryDcgmReadingsFromThePlatformsPrometheus) {
    SimProcess sim({"--scenario", "demo", "--prometheus", "--scrape-interval", "1"});
    ASSERT_TRUE(sim.ready()) << sim.error();
    awaitMetrics(sim);
    const Process::Result r = dumpGpus(sim);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.err, "") << "Prometheus was found at monitoring/prometheus-k8s:9090";
    auto rows = rowsOf(r);

    // Training fills the vision A100s; the fault columns name the GPU and what is wrong.
    const json &vision = rows["gpu-a100-vision-2 nvidia.com/gpu"];
    EXPECT_GT(vision["util_percent"].get<double>(), 85.0) << vision.dump();
    EXPECT_EQ(vision["health"], "GPU5 xid 79");
    EXPECT_EQ(rows["gpu-v100-speech-1 nvidia.com/gpu"]["health"], "GPU1 xid 48");
    EXPECT_EQ(
        rows["gpu-h100-nlp-1 nvidia.com/gpu"]["health"].get<std::string>().rfind("GPU2 hot ", 0),
        0u);
    EXPECT_GE(rows["gpu-h100-nlp-1 nvidia.com/gpu"]["temp_max_c"].get<double>(), 85.0);
    EXPECT_EQ(rows["gpu-a100-vision-1 nvidia.com/gpu"]["health"], "ok");
    // An A100 80GB: 8 GPUs' memory less DCGM's reserve, used below it.
    const double total = vision["mem_total_mib"].get<double>();
    EXPECT_GT(total, 8 * 80000.0);
    EXPECT_LE(total, 8 * 81920.0);
    EXPECT_LT(vision["mem_used_mib"].get<double>(), total);
    // The idle public A100 node: 0 %, read, not unknown.
    EXPECT_EQ(rows["gpu-a100-public-1 nvidia.com/gpu"]["util_percent"].get<double>(), 0.0);
    // MIG instances have memory, not utilization (DCGM leaves it blank); their power counts
    // each GPU once.
    const json &mig = rows["gpu-a100-mig-nlp-1 nvidia.com/mig-1g.10gb"];
    EXPECT_EQ(mig["util_percent"], "") << mig.dump();
    EXPECT_GT(mig["mem_used_mib"].get<double>(), 0.0) << "zhang.san's notebook holds one";
    EXPECT_LT(mig["power_w"].get<double>(), 2 * 400.0);
    // The NotReady node's exporter is down: nothing is known, and nothing says 0.
    const json &down = rows["gpu-v100-speech-3 nvidia.com/gpu"];
    for (const char *column :
         {"util_percent", "mem_used_mib", "mem_total_mib", "power_w", "temp_max_c", "health"})
        EXPECT_EQ(down[column], "") << column;
    EXPECT_EQ(down["metrics_error"], "");

    // TSV has the same columns.
    const Process::Result tsv = dumpGpus(sim, {"--format", "tsv"});
    ASSERT_EQ(tsv.exitCode, 0) << tsv.err;
    EXPECT_NE(tsv.out.find("\tutil_percent\tmem_used_mib\tmem_total_mib\tpower_w\ttemp_max_c\t"
                           "health\tmetrics_error\t"),
              std::string::npos);
}

TEST(GpuMetricsDumpTest, IdleGpusListsThePodsThatHoldGpusIdleAndTheGroupsWaste) {
    SimProcess sim({"--scenario", "demo", "--prometheus", "--scrape-interval", "1"});
    ASSERT_TRUE(sim.ready()) << sim.error();
    awaitMetrics(sim);
    // The idle notebook shows once its GPU has been seen idle for the whole window.
    json rows;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    for (;;) {
        const Process::Result idle =
            Process::run({SimProcess::appBinary(), "--dump", "idle-gpus", "--window", "5s",
                          "--kubeconfig", sim.kubeconfig()},
                         std::chrono::seconds(120), {{"KUBECONFIG", "/nonexistent"}});
        ASSERT_EQ(idle.exitCode, 0) << idle.err;
        EXPECT_EQ(idle.err, "");
        rows = json::parse(idle.out, nullptr, false);
        ASSERT_TRUE(rows.is_array()) << idle.out;
        const bool found = std::any_of(rows.begin(), rows.end(), [](const json &row) {
            return row["pod"] == "wang.fang-notebook-gpu";
        });
        if (found || std::chrono::steady_clock::now() > deadline)
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
    std::map<std::string, json> pods;
    std::map<std::string, json> orgs;
    for (const json &row : rows)
        (row["kind"] == "pod" ? pods : orgs)[row["kind"] == "pod" ? row["pod"].get<std::string>()
                                                                  : row["org"].get<std::string>()] =
            row;
    ASSERT_TRUE(pods.count("wang.fang-notebook-gpu")) << rows.dump(1);
    const json &notebook = pods["wang.fang-notebook-gpu"];
    EXPECT_EQ(notebook["user"], "wang.fang");
    EXPECT_EQ(notebook["org"], "speech");
    EXPECT_EQ(notebook["namespace"], "jupyter");
    EXPECT_EQ(notebook["gpus"], 1);
    EXPECT_EQ(notebook["util_max_percent"], 0.0);
    EXPECT_GE(notebook["idle_for_s"].get<long long>(), 5);
    EXPECT_GT(notebook["gpu_hours_held"].get<double>(), 0.0);
    EXPECT_EQ(notebook["gpu_hours_used"], 0.0);
    for (const auto &[name, row] : pods)
        EXPECT_EQ(name.find("worker"), std::string::npos) << "training is never idle: " << name;
    EXPECT_GT(orgs["vision"]["util_avg_percent"].get<double>(), 80.0);
    EXPECT_EQ(orgs["vision"]["idle_pods"], 0);
    EXPECT_EQ(orgs["speech"]["idle_pods"], 1);
    // A threshold above 100 % is refused before anything runs.
    const Process::Result bad =
        Process::run({SimProcess::appBinary(), "--dump", "idle-gpus", "--threshold", "120",
                      "--kubeconfig", sim.kubeconfig()},
                     std::chrono::seconds(30), {{"KUBECONFIG", "/nonexistent"}});
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("--threshold needs a percentage"), std::string::npos) << bad.err;
}

TEST(GpuMetricsDumpTest, WithoutPrometheusTheRowsSayWhyAndStandAlone) {
    SimProcess sim({"--scenario", "demo"}); // no --prometheus: the Service has no endpoint
    ASSERT_TRUE(sim.ready()) << sim.error();
    Process::Result r = dumpGpus(sim);
    ASSERT_EQ(r.exitCode, 0) << "the inventory stands without metrics: " << r.err;
    EXPECT_NE(r.err.find("cubedesk: warning: cluster \"cubedesk-sim\": GPU metrics: no Prometheus "
                         "found (monitoring/prometheus-k8s:9090: 503 ServiceUnavailable: no "
                         "endpoints available for service \"prometheus-k8s\"; "
                         "monitoring/prometheus-operated:9090: 404 NotFound"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    auto rows = rowsOf(r);
    ASSERT_FALSE(rows.empty());
    for (const auto &[key, row] : rows) {
        EXPECT_EQ(row["util_percent"], "") << key;
        EXPECT_NE(row["metrics_error"].get<std::string>().find("no Prometheus found"),
                  std::string::npos);
    }
    // A --prometheus that names a malformed or missing service says so.
    r = dumpGpus(sim, {"--prometheus", "monitoring/nope:9090"});
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_NE(r.err.find("monitoring/nope:9090: 404 NotFound: services \"nope\" not found"),
              std::string::npos)
        << r.err;
    r = dumpGpus(sim, {"--prometheus", "prometheus-k8s"});
    EXPECT_NE(r.err.find("--prometheus must be NAMESPACE/SERVICE:PORT"), std::string::npos)
        << r.err;
    // Idleness needs utilization: without it the dump fails, saying why.
    r = Process::run(
        {SimProcess::appBinary(), "--dump", "idle-gpus", "--kubeconfig", sim.kubeconfig()},
        std::chrono::seconds(120), {{"KUBECONFIG", "/nonexistent"}});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("GPU metrics: no Prometheus found"), std::string::npos) << r.err;
}

} // namespace
