// `cubedesk --get` end to end: the real binary against the simulator over TLS prints what
// `kubectl get` prints for every resource the server serves (discovery's list), every name form
// kubectl accepts, one object, wide columns, a selector, a namespace, errors and "No resources
// found"; with two clusters one CLUSTER column and the rows of both.

#include "tests/support/simprocess.h"
#include "tests/support/textcolumns.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <set>

using cubedesk::test::Process;
using cubedesk::test::SimProcess;
using cubedesk::test::textColumns;
using nlohmann::json;

namespace {

class GetCommandTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_sim = new SimProcess({"--scenario", "demo", "--seed", "3", "--context-name", "alpha"});
        s_other = new SimProcess({"--scenario", "demo", "--seed", "4", "--context-name", "beta"});
    }
    static void TearDownTestSuite() {
        delete s_sim;
        delete s_other;
        s_sim = s_other = nullptr;
    }
    void SetUp() override {
        ASSERT_TRUE(s_sim->ready()) << s_sim->error();
        ASSERT_TRUE(s_other->ready()) << s_other->error();
    }

    static Process::Result cubedesk(const std::vector<std::string> &args,
                                    const std::vector<std::string> &kubeconfigs = {}) {
        std::vector<std::string> argv = {SimProcess::appBinary()};
        for (const auto &k : kubeconfigs.empty() ? std::vector{s_sim->kubeconfig()} : kubeconfigs)
            argv.insert(argv.end(), {"--kubeconfig", k});
        argv.insert(argv.end(), args.begin(), args.end());
        return Process::run(argv, std::chrono::seconds(60), {{"KUBECONFIG", "/nonexistent"}});
    }
    /// `kubectl get ARGS` and `cubedesk --get ARGS` print the same bytes and exit alike. Ages
    /// and a running Job's duration move by the second while the clients run: ours is read
    /// between two kubectl reads and must equal one of them exactly; when a second passed
    /// around all three, the three are read again.
    static void expectSame(const std::vector<std::string> &kubectlArgs,
                           const std::vector<std::string> &ourArgs) {
        std::vector<std::string> k = {"get"};
        k.insert(k.end(), kubectlArgs.begin(), kubectlArgs.end());
        std::vector<std::string> c = {"--get"};
        c.insert(c.end(), ourArgs.begin(), ourArgs.end());
        const auto same = [](const Process::Result &a, const Process::Result &b) {
            return a.out == b.out && a.err == b.err && a.exitCode == b.exitCode;
        };
        Process::Result kube;
        Process::Result ours;
        for (int attempt = 0; attempt < 3; ++attempt) {
            kube = s_sim->kubectl(k);
            ours = cubedesk(c);
            if (same(ours, kube))
                break;
            kube = s_sim->kubectl(k);
            if (same(ours, kube))
                break;
        }
        const std::string what = kubectlArgs.empty() ? std::string() : kubectlArgs.front();
        EXPECT_EQ(ours.out, kube.out) << what;
        EXPECT_EQ(ours.err, kube.err) << what;
        EXPECT_EQ(ours.exitCode, kube.exitCode) << what;
    }
    static void expectSame(const std::vector<std::string> &args) { expectSame(args, args); }

    static SimProcess *s_sim;
    static SimProcess *s_other;
};

SimProcess *GetCommandTest::s_sim = nullptr;
SimProcess *GetCommandTest::s_other = nullptr;

TEST_F(GetCommandTest, EveryServedResourceAsKubectlPrintsIt) {
    // What the server serves, as kubectl reads it (an independent client's discovery).
    const auto listed = s_sim->kubectl({"api-resources", "--verbs=list", "-o", "name"});
    ASSERT_EQ(listed.exitCode, 0) << listed.err;
    std::set<std::string> resources;
    for (const auto &line : textColumns(listed.out))
        resources.insert(line.front());
    ASSERT_GT(resources.size(), 20u);
    for (const auto &resource : resources) {
        SCOPED_TRACE(resource);
        expectSame({resource, "-A"});
    }
}

TEST_F(GetCommandTest, NamesScopesAndColumnsAsKubectlTakesThem) {
    expectSame({"po"});                             // short name, the context's namespace
    expectSame({"pod", "-n", "pipeline"});          // singular
    expectSame({"Pod", "--namespace", "pipeline"}); // kind
    expectSame({"deployments.apps", "-A"});         // resource.group
    expectSame({"deployments.v1.apps", "-A"});      // resource.version.group
    expectSame({"pytorchjobs.kubeflow.org", "-A"}); // a CRD with printer columns
    expectSame({"vcjob", "-A"});                    // a CRD's short name
    expectSame({"pods", "-A", "-o", "wide"}, {"pods", "-A", "--format", "wide"});
    expectSame({"nodes", "-o", "wide"}, {"nodes", "--format", "wide"});
    expectSame({"pods", "-A", "-l", "training.kubeflow.org/replica-type=worker"});
    expectSame({"nodes", "-l", "org=vision,gpu"});
    expectSame({"nodes", "-A"}); // cluster-scoped: no NAMESPACE column
    const auto node = textColumns(s_sim->kubectl({"get", "nodes", "-o", "name"}).out);
    ASSERT_FALSE(node.empty());
    expectSame({"node", node.front().front().substr(5)}); // one object
}

TEST_F(GetCommandTest, ErrorsAndEmptyListsAsKubectlWritesThem) {
    expectSame({"pods", "no-such-pod"});
    expectSame({"widgets"});
    expectSame({"pods", "-n", "no-such-namespace"});
    expectSame({"pods", "-A", "-l", "app=nothing-has-this"});
    expectSame({"pods", "-l", "not a selector!"});
}

TEST_F(GetCommandTest, SeveralClustersInOneTable) {
    const auto both = cubedesk({"--get", "nodes", "--context", "alpha", "--context", "beta"},
                               {s_sim->kubeconfig(), s_other->kubeconfig()});
    ASSERT_EQ(both.exitCode, 0) << both.err;
    const auto lines = textColumns(both.out);
    ASSERT_GT(lines.size(), 1u);
    EXPECT_EQ(lines.front(),
              (std::vector<std::string>{"CLUSTER", "NAME", "STATUS", "ROLES", "AGE", "VERSION"}));
    // Every node of each cluster once, under its cluster's name; the columns line up.
    std::multiset<std::string> expected;
    for (const auto &[sim, name] : {std::pair{s_sim, "alpha"}, std::pair{s_other, "beta"}})
        for (const auto &row : textColumns(sim->kubectl({"get", "nodes"}).out))
            if (row.front() != "NAME")
                expected.insert(std::string(name) + ' ' + row.front());
    std::multiset<std::string> seen;
    const std::size_t nameAt = both.out.find("NAME");
    std::istringstream text(both.out);
    for (std::string line; std::getline(text, line);) {
        const auto words = textColumns(line).front();
        if (words.front() != "CLUSTER") {
            seen.insert(words[0] + ' ' + words[1]);
            EXPECT_EQ(line.find(words[1], words[0].size()), nameAt) << line;
        }
    }
    EXPECT_EQ(seen, expected);
    const auto unknown = cubedesk({"--get", "nodes", "--context", "alpha", "--context", "gamma"},
                                  {s_sim->kubeconfig(), s_other->kubeconfig()});
    EXPECT_NE(unknown.exitCode, 0);
    EXPECT_NE(unknown.err.find("gamma"), std::string::npos) << unknown.err;
}

} // namespace
