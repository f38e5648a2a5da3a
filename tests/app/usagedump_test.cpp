// `cubedesk --dump usage` end to end: the real binary against the simulator's metrics-server,
// checked against stock `kubectl top` on the same cluster in the same 15-second sample, and a
// cluster without metrics-server: its usage columns are empty (never 0), the reason is one line
// on stderr and the exit status is 1.

#include "tests/support/simprocess.h"
#include "tests/support/textcolumns.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <map>
#include <nlohmann/json.hpp>

using cubedesk::test::Process;
using cubedesk::test::SimProcess;
using nlohmann::json;

namespace {

Process::Result dumpUsage(const SimProcess &sim) {
    return Process::run(
        {SimProcess::appBinary(), "--dump", "usage", "--kubeconfig", sim.kubeconfig()},
        std::chrono::seconds(120), {{"KUBECONFIG", "/nonexistent"}});
}

/// `kubectl top` rows as name → "CPU MEMORY" (pods: "namespace/name").
std::map<std::string, std::string> top(const SimProcess &sim, bool pods) {
    std::vector<std::string> args = {"top", pods ? "pods" : "nodes", "--no-headers"};
    if (pods)
        args.emplace_back("-A");
    const auto r = sim.kubectl(args, std::chrono::seconds(60));
    EXPECT_EQ(r.exitCode, 0) << r.err;
    std::map<std::string, std::string> out;
    for (const auto &w : cubedesk::test::textColumns(r.out)) {
        if (pods && w.size() >= 4)
            out[w[0] + '/' + w[1]] = w[2] + ' ' + w[3];
        else if (!pods && w.size() >= 4 && w[1] != "<unknown>")
            out[w[0]] = w[1] + ' ' + w[3];
    }
    return out;
}

/// A dump row's usage as kubectl prints it: millicores and MiB, rounded as kubectl rounds.
std::string asKubectl(const json &row) {
    const auto milli = static_cast<long long>(row["cpu_used"].get<double>() * 1000.0 + 0.5);
    const long long mib = row["memory_used"].get<long long>() / (1024 * 1024);
    return std::to_string(milli) + "m " + std::to_string(mib) + "Mi";
}

TEST(UsageDumpTest, AgreesWithKubectlTopInTheSameSample) {
    SimProcess sim({"--scenario", "demo", "--seed", "3"});
    ASSERT_TRUE(sim.ready()) << sim.error();
    // The simulator's usage moves every 15 s: compare only when kubectl saw the same numbers
    // before and after the dump.
    for (int attempt = 0; attempt < 4; ++attempt) {
        const auto nodesBefore = top(sim, false);
        const auto podsBefore = top(sim, true);
        const auto r = dumpUsage(sim);
        ASSERT_EQ(r.exitCode, 0) << r.err;
        EXPECT_EQ(r.err, "");
        if (top(sim, false) != nodesBefore || top(sim, true) != podsBefore)
            continue;
        const json rows = json::parse(r.out, nullptr, false);
        ASSERT_TRUE(rows.is_array()) << r.out;
        std::map<std::string, std::string> nodes;
        std::map<std::string, std::string> pods;
        for (const auto &row : rows) {
            const std::string kind = row.value("kind", "");
            ASSERT_TRUE(kind == "node" || kind == "pod") << row.dump();
            if (row["cpu_used"].is_string()) {
                // No metrics: a NotReady node, never a number.
                EXPECT_EQ(row["cpu_used"], "") << row.dump();
                EXPECT_EQ(row["memory_used"], "") << row.dump();
                EXPECT_EQ(kind, "node") << "every running pod has metrics: " << row.dump();
                continue;
            }
            EXPECT_GT(row["cpu_used"].get<double>(), 0.0) << row.dump();
            EXPECT_FALSE(row.value("window", "").empty()) << row.dump();
            if (kind == "node") {
                nodes[row.value("name", "")] = asKubectl(row);
                EXPECT_LE(row["cpu_used"].get<double>(), row["cpu_allocatable"].get<double>() * 1.1)
                    << row.dump();
            } else {
                pods[row.value("namespace", "") + '/' + row.value("name", "")] = asKubectl(row);
            }
        }
        EXPECT_EQ(nodes, nodesBefore);
        EXPECT_EQ(pods, podsBefore);
        return;
    }
    FAIL() << "the usage changed during every one of four comparisons";
}

TEST(UsageDumpTest, WithoutMetricsServerTheUsageIsEmptyAndTheReasonSaid) {
    SimProcess sim({"--scenario", "demo", "--seed", "3", "--no-metrics-server"});
    ASSERT_TRUE(sim.ready()) << sim.error();
    const auto r = dumpUsage(sim);
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("metrics.k8s.io is not served (no metrics-server in this cluster)"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    const json rows = json::parse(r.out, nullptr, false);
    ASSERT_TRUE(rows.is_array()) << r.out;
    ASSERT_FALSE(rows.empty());
    for (const auto &row : rows) {
        EXPECT_EQ(row["cpu_used"], "") << row.dump();
        EXPECT_EQ(row["memory_used"], "") << row.dump();
        EXPECT_TRUE(row["cpu_requested"].is_number()) << row.dump();
    }
}

} // namespace
