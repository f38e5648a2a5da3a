// The simulator's metrics-server (metrics.k8s.io/v1beta1), read by stock `kubectl top` as the
// independent client: every Ready node and every Running pod has metrics, usage follows each
// container's allowance and profile (busy training replicas, idle notebooks), label selectors
// and paging work, and a cluster without metrics-server answers as a real one does
// (docs/simulator.md, "Metrics").

#include "tests/support/simprocess.h"
#include "tests/support/textcolumns.h"

#include <gtest/gtest.h>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

using cubedesk::test::Process;
using cubedesk::test::SimProcess;
using cubedesk::test::textColumns;
using nlohmann::json;

namespace {

/// kubectl's CPU column ("1234m" or "2") in millicores; -1 when it is not a number.
long long millicores(const std::string &cell) {
    if (cell.empty() || cell.find_first_not_of("0123456789m") != std::string::npos)
        return -1;
    return cell.back() == 'm' ? std::stoll(cell.substr(0, cell.size() - 1))
                              : std::stoll(cell) * 1000;
}

/// A container's CPU request, else its limit, in millicores (0 when neither).
long long allowance(const json &container) {
    for (const char *section : {"requests", "limits"}) {
        const json r = container.value("resources", json::object()).value(section, json::object());
        if (!r.contains("cpu"))
            continue;
        const std::string v = r["cpu"].is_string() ? r["cpu"].get<std::string>() : r["cpu"].dump();
        const long long m = millicores(v);
        if (m > 0)
            return m;
    }
    return 0;
}

class KubectlTopTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() { s_sim = new SimProcess({"--scenario", "demo", "--seed", "2"}); }
    static void TearDownTestSuite() {
        delete s_sim;
        s_sim = nullptr;
    }
    void SetUp() override { ASSERT_TRUE(s_sim->ready()) << s_sim->error(); }

    static Process::Result kubectl(std::vector<std::string> args) {
        return s_sim->kubectl(std::move(args), std::chrono::seconds(60));
    }
    static json get(std::vector<std::string> args) {
        const auto r = kubectl(std::move(args));
        EXPECT_EQ(r.exitCode, 0) << r.err;
        return json::parse(r.out, nullptr, false);
    }
    /// "ns/name" of every Running pod bound to a node.
    static std::set<std::string> runningPods() {
        std::set<std::string> out;
        const json list =
            get({"get", "pods", "-A", "--field-selector", "status.phase=Running", "-o", "json"});
        for (const auto &p : list["items"])
            if (!p["spec"].value("nodeName", "").empty())
                out.insert(p["metadata"].value("namespace", "") + '/' +
                           p["metadata"].value("name", ""));
        return out;
    }

    static SimProcess *s_sim;
};

SimProcess *KubectlTopTest::s_sim = nullptr;

TEST_F(KubectlTopTest, EveryReadyNodeHasUsageBelowItsCapacity) {
    const json nodes = get({"get", "nodes", "-o", "json"});
    std::map<std::string, long long> readyCores; // name → capacity in millicores
    for (const auto &n : nodes["items"])
        for (const auto &c : n["status"]["conditions"])
            if (c.value("type", "") == "Ready" && c.value("status", "") == "True")
                readyCores[n["metadata"].value("name", "")] =
                    millicores(n["status"]["capacity"].value("cpu", ""));
    ASSERT_GT(readyCores.size(), 10U);
    ASSERT_LT(readyCores.size(), nodes["items"].size()) << "the demo has NotReady nodes too";

    const auto r = kubectl({"top", "nodes", "--no-headers"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::set<std::string> seen;
    for (const auto &row : textColumns(r.out)) {
        ASSERT_GE(row.size(), 5U) << r.out;
        const auto it = readyCores.find(row[0]);
        if (it == readyCores.end()) {
            // A node without metrics (NotReady) is listed with "<unknown>" values, if at all.
            EXPECT_EQ(row[1], "<unknown>") << row[0];
            continue;
        }
        seen.insert(row[0]);
        const long long cpu = millicores(row[1]);
        EXPECT_GE(cpu, 150) << row[0] << ": at least the system's 0.15 core";
        EXPECT_LE(cpu, it->second) << row[0];
        EXPECT_NE(row[3].find("Mi"), std::string::npos) << row[3];
    }
    EXPECT_EQ(seen.size(), readyCores.size()) << r.out;

    // The raw API agrees on which nodes have metrics.
    const json raw = get({"get", "--raw", "/apis/metrics.k8s.io/v1beta1/nodes"});
    EXPECT_EQ(raw.value("kind", ""), "NodeMetricsList");
    EXPECT_EQ(raw["items"].size(), readyCores.size());
    for (const auto &m : raw["items"]) {
        EXPECT_EQ(m.value("kind", ""), "NodeMetrics");
        EXPECT_EQ(m["usage"].value("cpu", "").back(), 'n');
        EXPECT_EQ(m["usage"].value("memory", "").substr(m["usage"].value("memory", "").size() - 2),
                  "Ki");
        EXPECT_FALSE(m.value("window", "").empty());
        EXPECT_FALSE(m.value("timestamp", "").empty());
    }
}

TEST_F(KubectlTopTest, EveryRunningPodHasContainerUsageThatFollowsItsProfile) {
    const auto r = kubectl({"top", "pods", "-A", "--containers", "--no-headers"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::set<std::string> pods;
    std::map<std::string, long long> cpuOf; // "ns/pod/container" → millicores
    for (const auto &row : textColumns(r.out)) {
        ASSERT_EQ(row.size(), 5U) << r.out; // NAMESPACE POD NAME CPU MEMORY
        pods.insert(row[0] + '/' + row[1]);
        cpuOf[row[0] + '/' + row[1] + '/' + row[2]] = millicores(row[3]);
    }
    EXPECT_EQ(pods, runningPods());

    // Training workers work: 80–95 % of their CPU request (kubectl rounds to whole millicores).
    const json workers = get({"get", "pods", "-A", "-l", "training.kubeflow.org/replica-type",
                              "--field-selector", "status.phase=Running", "-o", "json"});
    int checked = 0;
    for (const auto &p : workers["items"]) {
        const std::string key =
            p["metadata"].value("namespace", "") + '/' + p["metadata"].value("name", "");
        for (const auto &c : p["spec"]["containers"]) {
            const long long a = allowance(c);
            const auto it = cpuOf.find(key + '/' + c.value("name", ""));
            if (a == 0 || it == cpuOf.end() || c.value("name", "") == "istio-proxy")
                continue;
            EXPECT_GE(it->second, a * 80 / 100 - 1) << it->first;
            EXPECT_LE(it->second, a * 95 / 100 + 1) << it->first;
            ++checked;
        }
    }
    EXPECT_GT(checked, 0) << "the demo has running training workers";

    // Notebooks hold their allowance and sit idle: at most 2.5 % of it.
    const json notebooks = get({"get", "pods", "-n", "jupyter", "-l", "pod-type=notebook",
                                "--field-selector", "status.phase=Running", "-o", "json"});
    checked = 0;
    for (const auto &p : notebooks["items"])
        for (const auto &c : p["spec"]["containers"]) {
            const long long a = allowance(c);
            const auto it = cpuOf.find("jupyter/" + p["metadata"].value("name", "") + '/' +
                                       c.value("name", ""));
            if (a == 0 || it == cpuOf.end())
                continue;
            EXPECT_LE(it->second, a * 25 / 1000 + 1) << it->first;
            ++checked;
        }
    EXPECT_GT(checked, 0) << "the demo has running notebooks";
}

TEST_F(KubectlTopTest, SelectorsNamespacesAndPagesNarrowTheLists) {
    // A label selector on nodes: only the resource group's nodes.
    const json org = get({"get", "nodes", "-l", "org=vision", "-o", "json"});
    const auto r = kubectl({"top", "nodes", "-l", "org=vision", "--no-headers"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::set<std::string> expected;
    for (const auto &n : org["items"])
        expected.insert(n["metadata"].value("name", ""));
    for (const auto &row : textColumns(r.out))
        EXPECT_EQ(expected.count(row[0]), 1U) << row[0];
    EXPECT_FALSE(textColumns(r.out).empty());

    // One namespace.
    const auto ns = kubectl({"top", "pods", "-n", "jupyter", "--no-headers"});
    ASSERT_EQ(ns.exitCode, 0) << ns.err;
    EXPECT_FALSE(textColumns(ns.out).empty());

    // Pages of five, followed to the end, hold every pod that has metrics, once.
    std::set<std::string> paged;
    std::string token;
    int pages = 0;
    do {
        std::string path = "/apis/metrics.k8s.io/v1beta1/pods?limit=5";
        if (!token.empty())
            path += "&continue=" + token;
        const json page = get({"get", "--raw", path});
        ASSERT_TRUE(page.is_object());
        EXPECT_LE(page["items"].size(), 5U);
        for (const auto &m : page["items"])
            EXPECT_TRUE(paged
                            .insert(m["metadata"].value("namespace", "") + '/' +
                                    m["metadata"].value("name", ""))
                            .second);
        token = page["metadata"].value("continue", "");
        ++pages;
    } while (!token.empty() && pages < 1000);
    EXPECT_GT(pages, 1);
    EXPECT_EQ(paged, runningPods());
}

TEST_F(KubectlTopTest, APodWithoutMetricsIsNotFound) {
    const json pending =
        get({"get", "pods", "-A", "--field-selector", "status.phase=Pending", "-o", "json"});
    ASSERT_FALSE(pending["items"].empty()) << "the demo has pending pods";
    const json &p = pending["items"][0];
    const auto r = kubectl({"top", "pod", "-n", p["metadata"].value("namespace", ""),
                            p["metadata"].value("name", "")});
    EXPECT_NE(r.exitCode, 0);
    EXPECT_NE((r.out + r.err).find("not found"), std::string::npos) << r.out << r.err;
}

TEST(KubectlTopWithoutMetricsServer, SaysTheMetricsApiIsNotAvailable) {
    SimProcess sim({"--scenario", "demo", "--no-metrics-server"});
    ASSERT_TRUE(sim.ready()) << sim.error();
    for (const std::vector<std::string> &args : {std::vector<std::string>{"top", "nodes"},
                                                 std::vector<std::string>{"top", "pods", "-A"}}) {
        const auto r = sim.kubectl(args, std::chrono::seconds(60));
        EXPECT_NE(r.exitCode, 0) << args[1];
        EXPECT_NE(r.err.find("Metrics API not available"), std::string::npos) << r.err;
    }
}

} // namespace
