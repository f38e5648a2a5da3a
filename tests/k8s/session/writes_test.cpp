// Writes through the session: label patches carrying the resourceVersion (409 on a stale one,
// re-read, retry), bulk with bounded concurrency and a result per node, 403 for a read-only
// user, cordon, delete, SelfSubjectAccessReview, and each request's own time limit.

#include "k8s/objects/node.h"
#include "k8s/session/clustersession.h"
#include "k8s/sim/simulator.h"
#include "k8s/write/nodewrites.h"
#include "tests/support/fixedcredential.h"

#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>

#include <unistd.h>

using namespace cubedesk::k8s;
using cubedesk::sim::Simulator;
using cubedesk::sim::SimulatorOptions;

namespace {

class WritesTest : public ::testing::Test {
protected:
    void SetUp() override {
        SimulatorOptions o;
        o.scenario = "demo";
        o.readonlyToken = "viewer-token";
        sim = std::make_unique<Simulator>(o);
        ASSERT_FALSE(sim->start().has_value());
        session = makeSession(sim->adminToken());
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        while (!session->synced() && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        ASSERT_TRUE(session->synced());
    }
    std::unique_ptr<ClusterSession> makeSession(const std::string &token) {
        ClusterSession::Options so;
        so.name = "demo";
        so.transport.server = sim->url();
        so.transport.caPem = sim->tls()->caCertificatePem();
        so.transport.credential = cubedesk::test::fixedToken(token);
        auto s = std::make_unique<ClusterSession>(so);
        s->start();
        return s;
    }
    std::string rvOf(const std::string &node) {
        for (const auto &n : session->snapshot("nodes"))
            if (n->name() == node)
                return n->resourceVersion();
        return {};
    }
    std::optional<std::string> labelOf(const std::string &node, const std::string &key) {
        for (const auto &n : session->snapshot("nodes"))
            if (n->name() == node) {
                auto v = n->labels().value(key);
                return v ? std::optional<std::string>(std::string(*v)) : std::nullopt;
            }
        return std::nullopt;
    }
    bool eventually(const std::function<bool()> &f) {
        for (int i = 0; i < 250; ++i) {
            if (f())
                return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        return false;
    }

    std::unique_ptr<Simulator> sim;
    std::unique_ptr<ClusterSession> session;
};

TEST_F(WritesTest, BulkLabelsWithAResultPerNode) {
    const std::vector<std::string> nodes = {"cpu-public-1", "cpu-public-2", "cpu-speech-1",
                                            "cpu-speech-2", "cpu-vision-1"};
    std::vector<WriteRequest> writes;
    writes.reserve(nodes.size());
    for (const auto &n : nodes)
        writes.push_back(NodeWrites::labels(n, {{"team", "ml"}, {"share", std::nullopt}}, rvOf(n)));
    // One of them changed since the user looked.
    writes[2] = NodeWrites::labels(nodes[2], {{"team", "ml"}}, "1");
    auto results = session->submit(writes, 2).get();
    ASSERT_EQ(results.size(), nodes.size());
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        if (i == 2)
            continue;
        EXPECT_TRUE(results[i].ok()) << nodes[i] << ": " << results[i].error.toString();
    }
    EXPECT_EQ(results[2].status, 409);
    EXPECT_TRUE(results[2].error.isConflict());
    EXPECT_NE(results[2].error.message.find("the object has been modified"), std::string::npos);
    EXPECT_TRUE(eventually([&] { return labelOf("cpu-public-1", "team") == "ml"; }))
        << "the change arrives through the watch";
    EXPECT_FALSE(labelOf("cpu-speech-1", "team").has_value()) << "nothing half-applied";

    // Re-read, show the user, try again with the current version.
    auto reread = session->submit({NodeWrites::get("cpu-speech-1")}).get();
    ASSERT_TRUE(reread[0].ok());
    auto current = NodeWrites::labelsOf(reread[0].body);
    ASSERT_TRUE(current.has_value());
    EXPECT_EQ(current->first.at("org"), "speech");
    auto retry =
        session->submit({NodeWrites::labels("cpu-speech-1", {{"team", "ml"}}, current->second)})
            .get();
    EXPECT_TRUE(retry[0].ok()) << retry[0].error.toString();
    EXPECT_TRUE(eventually([&] { return labelOf("cpu-speech-1", "team") == "ml"; }));
}

TEST_F(WritesTest, ReadOnlyUserGetsForbiddenAndAccessReviewSaysSo) {
    auto viewer = makeSession("viewer-token");
    auto denied =
        viewer
            ->submit({NodeWrites::labels("cpu-public-1", {{"x", "y"}}, rvOf("cpu-public-1")),
                      NodeWrites::accessReview("patch", "", "nodes")})
            .get();
    EXPECT_EQ(denied[0].status, 403);
    EXPECT_NE(denied[0].error.message.find("User \"viewer\" cannot patch resource \"nodes\""),
              std::string::npos)
        << denied[0].error.message;
    EXPECT_FALSE(NodeWrites::allowed(denied[1]));
    auto admin = session->submit({NodeWrites::accessReview("patch", "", "nodes")}).get();
    EXPECT_TRUE(NodeWrites::allowed(admin[0]));
}

TEST_F(WritesTest, CordonAndDelete) {
    auto r = session->submit({NodeWrites::cordon("cpu-nlp-1", true, rvOf("cpu-nlp-1"))}).get();
    ASSERT_TRUE(r[0].ok()) << r[0].error.toString();
    EXPECT_TRUE(eventually([&] {
        for (const auto &n : session->snapshot("nodes"))
            if (n->name() == "cpu-nlp-1")
                return static_cast<const Node &>(*n).unschedulable();
        return false;
    }));
    auto del = session
                   ->submit({NodeWrites::remove("/api/v1/pods", "pipeline", "tf-mnist-speech-ps-0"),
                             NodeWrites::remove("/api/v1/pods", "pipeline", "no-such-pod")})
                   .get();
    EXPECT_TRUE(del[0].ok()) << del[0].error.toString();
    auto full = session
                    ->submit({NodeWrites::getObject("/apis/kubeflow.org/v1/pytorchjobs", "pipeline",
                                                    "pytorch-resnet50-vision")})
                    .get();
    ASSERT_TRUE(full[0].ok()) << full[0].error.toString();
    EXPECT_NE(full[0].body.find("\"pytorchReplicaSpecs\""), std::string::npos)
        << "the full object, for the YAML view";
    EXPECT_EQ(del[1].status, 404);
    EXPECT_EQ(del[1].error.reason, "NotFound");
    EXPECT_TRUE(eventually([&] {
        for (const auto &p : session->snapshot("pods"))
            if (p->name() == "tf-mnist-speech-ps-0")
                return false;
        return true;
    }));
}

TEST_F(WritesTest, ARequestEndsAtItsOwnTimeLimit) {
    // A service behind the proxy that accepts connections and never answers.
    const int silent = ::socket(AF_INET, SOCK_STREAM, 0);
    ASSERT_GE(silent, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    ASSERT_EQ(::bind(silent, reinterpret_cast<sockaddr *>(&address), sizeof address), 0);
    ASSERT_EQ(::listen(silent, 8), 0);
    ASSERT_EQ(::getsockname(silent, reinterpret_cast<sockaddr *>(&address), &length), 0);
    sim->setServiceProxy("monitoring/prometheus-k8s:9090",
                         "http://127.0.0.1:" + std::to_string(ntohs(address.sin_port)));
    WriteRequest get;
    get.method = "GET";
    get.path = "/api/v1/namespaces/monitoring/services/prometheus-k8s:9090/proxy/api/v1/query";
    get.subject = "prometheus";
    get.timeout = std::chrono::seconds(1);
    const auto start = std::chrono::steady_clock::now();
    const auto results = session->submit({get}).get();
    const auto took = std::chrono::steady_clock::now() - start;
    ::close(silent);
    ASSERT_EQ(results.size(), 1u);
    EXPECT_FALSE(results[0].ok());
    // libcurl's own words: "Operation timed out after 1004 milliseconds with 0 bytes received".
    EXPECT_NE(results[0].error.toString().find("timed out after"), std::string::npos)
        << results[0].error.toString();
    EXPECT_GE(took, std::chrono::seconds(1));
    EXPECT_LT(took, std::chrono::seconds(20)) << "its own limit, not the writes' 30 s";
}

TEST_F(WritesTest, StoppingTheSessionAnswersPendingWrites) {
    auto future = session->submit({NodeWrites::get("master-1"), NodeWrites::get("master-2")}, 1);
    session->stop();
    const auto results = future.get(); // must not hang or throw
    ASSERT_EQ(results.size(), 2u);
    auto after = session->submit({NodeWrites::get("master-1")}).get();
    EXPECT_FALSE(after[0].ok());
}

} // namespace
