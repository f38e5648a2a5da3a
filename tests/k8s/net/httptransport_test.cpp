// HttpTransport against the simulator: TLS from memory, tls-server-name, client certificates,
// bearer-token refresh on 401, no credentials over plain HTTP, streaming, cancellation, gzip.

#include "k8s/net/httptransport.h"
#include "k8s/sim/simulator.h"

#include <atomic>
#include <gtest/gtest.h>
#include <thread>

using namespace cubedesk::k8s;
using cubedesk::sim::Simulator;
using cubedesk::sim::SimulatorOptions;

namespace {

struct Outcome {
    HttpResponse response;
    std::string body;
    bool done = false;
};

Outcome run(HttpTransport &t, HttpRequest req,
            std::chrono::seconds limit = std::chrono::seconds(20)) {
    Outcome out;
    auto userData = req.onData;
    req.onData = [&](std::string_view chunk, int status) {
        out.body.append(chunk);
        return userData ? userData(chunk, status) : true;
    };
    t.start(std::move(req), [&](HttpTransport::RequestId, const HttpResponse &r) {
        out.response = r;
        out.done = true;
    });
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (!out.done && std::chrono::steady_clock::now() < deadline)
        t.perform(std::chrono::milliseconds(50));
    return out;
}

HttpRequest get(std::string path) {
    HttpRequest r;
    r.path = std::move(path);
    r.headers = {"Accept: application/json"};
    return r;
}

class TransportTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        SimulatorOptions o;
        o.scenario = "empty";
        s_sim = new Simulator(o);
        ASSERT_FALSE(s_sim->start().has_value());
    }
    static void TearDownTestSuite() {
        delete s_sim;
        s_sim = nullptr;
    }
    TransportSettings trusted() const {
        TransportSettings s;
        s.server = s_sim->url();
        s.caPem = s_sim->tls()->caCertificatePem();
        const std::string token = s_sim->adminToken();
        s.bearerToken = [token](bool) -> Result<std::string, std::string> { return token; };
        return s;
    }
    static Simulator *s_sim;
};

Simulator *TransportTest::s_sim = nullptr;

TEST_F(TransportTest, VerifiesTheServerWithTheKubeconfigCa) {
    HttpTransport t(trusted());
    auto out = run(t, get("/version"));
    ASSERT_TRUE(out.done);
    EXPECT_EQ(out.response.status, 200) << out.response.error;
    EXPECT_NE(out.body.find("v1.32.0"), std::string::npos);
    EXPECT_EQ(out.response.contentType, "application/json");

    TransportSettings untrusted = trusted();
    untrusted.caPem.clear(); // system roots do not know the simulator's CA
    HttpTransport u(untrusted);
    auto refused = run(u, get("/version"));
    EXPECT_EQ(refused.response.status, 0);
    EXPECT_EQ(refused.response.curlCode, CURLE_PEER_FAILED_VERIFICATION) << refused.response.error;

    TransportSettings insecure = untrusted;
    insecure.insecureSkipTlsVerify = true;
    HttpTransport i(insecure);
    EXPECT_EQ(run(i, get("/version")).response.status, 200);
}

TEST_F(TransportTest, TlsServerNameIsUsedForVerification) {
    TransportSettings s = trusted();
    s.tlsServerName = "localhost"; // in the certificate; the URL says 127.0.0.1
    HttpTransport t(s);
    EXPECT_EQ(run(t, get("/version")).response.status, 200);
    s.tlsServerName = "not-in-the-certificate.example";
    HttpTransport wrong(s);
    auto out = run(wrong, get("/version"));
    EXPECT_EQ(out.response.status, 0);
    EXPECT_NE(out.response.curlCode, CURLE_OK);
}

TEST_F(TransportTest, ClientCertificateFromMemory) {
    const auto cred = s_sim->tls()->issueClientCertificate("alice", {"system:masters"});
    TransportSettings s = trusted();
    s.bearerToken = nullptr;
    s.clientCertificatePem = cred.certificatePem;
    s.clientKeyPem = cred.keyPem;
    HttpTransport t(s);
    EXPECT_EQ(run(t, get("/api/v1/namespaces")).response.status, 200);
    TransportSettings none = trusted();
    none.bearerToken = nullptr;
    HttpTransport anonymous(none);
    EXPECT_EQ(run(anonymous, get("/api/v1/namespaces")).response.status, 401);
}

TEST_F(TransportTest, RefreshesTheTokenOnceAfter401) {
    TransportSettings s = trusted();
    const std::string good = s_sim->adminToken();
    std::vector<bool> calls;
    s.bearerToken = [&](bool refresh) -> Result<std::string, std::string> {
        calls.push_back(refresh);
        return refresh ? good : std::string("expired-token");
    };
    HttpTransport t(s);
    auto out = run(t, get("/api/v1/namespaces"));
    EXPECT_EQ(out.response.status, 200);
    EXPECT_EQ(calls, (std::vector<bool>{false, true}));
    EXPECT_EQ(out.body.find("Unauthorized"), std::string::npos) << "the 401 body is not passed on";

    s.bearerToken = [](bool) -> Result<std::string, std::string> {
        return Failure{std::string("exec plugin \"aws\" not found")};
    };
    HttpTransport failing(s);
    auto failed = run(failing, get("/api/v1/namespaces"));
    EXPECT_TRUE(failed.response.authFailed);
    EXPECT_EQ(failed.response.error, "exec plugin \"aws\" not found");
}

TEST(TransportPlainTest, NoCredentialsOverPlainHttpAndGzip) {
    SimulatorOptions o;
    o.scenario = "demo";
    o.tls = false;
    o.gzip = true;
    Simulator sim(o);
    ASSERT_FALSE(sim.start().has_value());
    TransportSettings s;
    s.server = sim.url();
    bool asked = false;
    s.bearerToken = [&](bool) -> Result<std::string, std::string> {
        asked = true;
        return std::string("secret");
    };
    HttpTransport t(s);
    auto out = run(t, get("/api/v1/pods"));
    EXPECT_EQ(out.response.status, 200);
    EXPECT_FALSE(asked) << "client-go never sends credentials over http://";
    EXPECT_NE(out.body.find("\"kind\":\"PodList\""), std::string::npos) << "decompressed";
}

TEST_F(TransportTest, StreamsAWatchAndCancelsFromAnotherThread) {
    HttpTransport t(trusted());
    std::atomic<int> chunks{0};
    HttpRequest watch = get("/api/v1/namespaces?watch=true");
    watch.onData = [&](std::string_view, int status) {
        EXPECT_EQ(status, 200);
        ++chunks;
        return true;
    };
    bool done = false;
    HttpResponse final;
    const auto id = t.start(watch, [&](HttpTransport::RequestId, const HttpResponse &r) {
        final = r;
        done = true;
    });
    // Cancel once the first chunk arrived (the stream is open and delivering).
    std::thread canceller([&] {
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (chunks.load() == 0 && std::chrono::steady_clock::now() < until)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        t.cancel(id);
    });
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!done && std::chrono::steady_clock::now() < deadline)
        t.perform(std::chrono::milliseconds(50));
    canceller.join();
    EXPECT_TRUE(done);
    EXPECT_TRUE(final.cancelled);
    EXPECT_GT(chunks.load(), 0) << "the initial ADDED events arrived before the cancel";
}

} // namespace
