// HttpTransport against the simulator: TLS from memory, tls-server-name, client certificates,
// bearer-token refresh on 401, no credentials over plain HTTP, streaming, cancellation, gzip.

#include "k8s/net/httptransport.h"
#include "k8s/sim/simulator.h"
#include "tests/support/fixedcredential.h"

#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <gtest/gtest.h>
#include <mutex>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <optional>
#include <sys/socket.h>
#include <thread>

#include <poll.h>
#include <unistd.h>

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
        s.credential = cubedesk::test::fixedToken(token);
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
    s.credential = nullptr;
    s.clientCertificatePem = cred.certificatePem;
    s.clientKeyPem = cred.keyPem;
    HttpTransport t(s);
    EXPECT_EQ(run(t, get("/api/v1/namespaces")).response.status, 200);
    TransportSettings none = trusted();
    none.credential = nullptr;
    HttpTransport anonymous(none);
    EXPECT_EQ(run(anonymous, get("/api/v1/namespaces")).response.status, 401);
}

TEST_F(TransportTest, RefreshesTheTokenOnceAfter401) {
    TransportSettings s = trusted();
    const std::string good = s_sim->adminToken();
    std::vector<bool> calls;
    s.credential =
        [&](const TransportCredential *rejected) -> Result<TransportCredential, std::string> {
        calls.push_back(rejected != nullptr);
        TransportCredential c;
        c.bearerToken = rejected != nullptr ? good : std::string("expired-token");
        return c;
    };
    HttpTransport t(s);
    auto out = run(t, get("/api/v1/namespaces"));
    EXPECT_EQ(out.response.status, 200);
    EXPECT_EQ(calls, (std::vector<bool>{false, true}));
    EXPECT_EQ(out.body.find("Unauthorized"), std::string::npos) << "the 401 body is not passed on";

    s.credential = [](const TransportCredential *) -> Result<TransportCredential, std::string> {
        return Failure{std::string("exec plugin \"aws\" not found")};
    };
    HttpTransport failing(s);
    auto failed = run(failing, get("/api/v1/namespaces"));
    EXPECT_TRUE(failed.response.authFailed);
    EXPECT_EQ(failed.response.error, "exec plugin \"aws\" not found");
}

// What a credential source was asked, recorded from the fetching thread: for each call,
// whether a rejected credential came with it.
class SourceCalls {
public:
    /// Records a call; returns how many there were, this one included.
    std::size_t add(bool rejected) {
        const std::lock_guard lock(m_mutex);
        m_calls.push_back(rejected);
        m_changed.notify_all();
        return m_calls.size();
    }
    std::vector<bool> list() const {
        const std::lock_guard lock(m_mutex);
        return m_calls;
    }
    /// Waits until at least `count` calls were made (10 s at most).
    bool waitFor(std::size_t count) {
        std::unique_lock lock(m_mutex);
        return m_changed.wait_for(lock, std::chrono::seconds(10),
                                  [&] { return m_calls.size() >= count; });
    }

private:
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::vector<bool> m_calls;
};

/// A credential source that records its calls and hands out `token` for 6 s; its call number
/// `failing` (1-based; 0: none) fails as an unreachable identity provider would.
decltype(TransportSettings::credential) expiringSource(const std::shared_ptr<SourceCalls> &calls,
                                                       const std::string &token,
                                                       std::size_t failing) {
    return [calls, token, failing](
               const TransportCredential *rejected) -> Result<TransportCredential, std::string> {
        if (calls->add(rejected != nullptr) == failing)
            return Failure{std::string("identity provider unreachable")};
        TransportCredential c;
        c.bearerToken = token;
        c.expiry = std::chrono::system_clock::now() + std::chrono::seconds(6);
        return c;
    };
}

// Many requests that fail with one expired credential share one refresh (an exec plugin run per
// 401 would start dozens of plugins at once on a reconnect).
TEST_F(TransportTest, ConcurrentRequestsShareOneRefresh) {
    TransportSettings s = trusted();
    const std::string good = s_sim->adminToken();
    std::atomic<int> calls{0};
    s.credential =
        [&](const TransportCredential *rejected) -> Result<TransportCredential, std::string> {
        ++calls;
        std::this_thread::sleep_for(std::chrono::milliseconds(100)); // a plugin takes its time
        TransportCredential c;
        c.bearerToken = rejected != nullptr ? good : std::string("expired-token");
        return c;
    };
    HttpTransport t(s);
    std::vector<int> statuses;
    for (int i = 0; i < 6; ++i)
        t.start(get("/api/v1/namespaces"), [&](HttpTransport::RequestId, const HttpResponse &r) {
            statuses.push_back(r.status);
        });
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (statuses.size() < 6 && std::chrono::steady_clock::now() < deadline)
        t.perform(std::chrono::milliseconds(50));
    EXPECT_EQ(statuses, std::vector<int>(6, 200));
    EXPECT_EQ(calls.load(), 2) << "one fetch, then one refresh for all six 401s";
}

TEST_F(TransportTest, ACredentialIsRefreshedBeforeItExpires) {
    TransportSettings s = trusted();
    const std::string good = s_sim->adminToken();
    auto calls = std::make_shared<SourceCalls>();
    s.credential = expiringSource(calls, good, 0);
    HttpTransport t(s);
    EXPECT_EQ(run(t, get("/api/v1/namespaces")).response.status, 200);
    EXPECT_EQ(run(t, get("/api/v1/namespaces")).response.status, 200);
    EXPECT_EQ(calls->list(), (std::vector<bool>{false})) << "fresh: reused";
    std::this_thread::sleep_for(std::chrono::milliseconds(3200)); // past half of its life
    // The renewal runs beside the request, which still uses the current credential.
    EXPECT_EQ(run(t, get("/api/v1/namespaces")).response.status, 200);
    EXPECT_TRUE(calls->waitFor(2));
    EXPECT_EQ(calls->list(), (std::vector<bool>{false, true})) << "renewed ahead of the expiry";
}

// A renewal ahead of the expiry that fails (an SSO hiccup) keeps the credential that still
// works: requests go on with it, and the renewal is tried again soon.
TEST_F(TransportTest, AFailedRenewalKeepsTheCredentialThatStillWorks) {
    TransportSettings s = trusted();
    const std::string good = s_sim->adminToken();
    auto calls = std::make_shared<SourceCalls>();
    s.credential = expiringSource(calls, good, 2);
    HttpTransport t(s);
    EXPECT_EQ(run(t, get("/api/v1/namespaces")).response.status, 200);
    std::this_thread::sleep_for(std::chrono::milliseconds(3200)); // past half of its life
    const auto during = run(t, get("/api/v1/namespaces")).response;
    EXPECT_EQ(during.status, 200) << during.error;
    EXPECT_FALSE(during.authFailed);
    EXPECT_TRUE(calls->waitFor(2));
    // Requests after the failed renewal still pass; one of them retries it once due.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (calls->list().size() < 3 && std::chrono::steady_clock::now() < deadline) {
        EXPECT_EQ(run(t, get("/api/v1/namespaces")).response.status, 200);
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    EXPECT_EQ(calls->list(), (std::vector<bool>{false, true, true})) << "renewed once it works";
}

TEST_F(TransportTest, AClientCertificateFromTheCredentialSourceIsUsed) {
    const auto cred = s_sim->tls()->issueClientCertificate("alice", {"system:masters"});
    TransportSettings s = trusted();
    s.credential = [cred](const TransportCredential *) -> Result<TransportCredential, std::string> {
        TransportCredential c;
        c.clientCertificatePem = cred.certificatePem;
        c.clientKeyPem = cred.keyPem;
        return c;
    };
    HttpTransport t(s);
    EXPECT_EQ(run(t, get("/api/v1/namespaces")).response.status, 200);
}

// An exec plugin that takes its time (up to a minute) must hold up neither the transport's thread
// nor its owner's shutdown.
TEST_F(TransportTest, ASlowCredentialSourceBlocksNothing) {
    TransportSettings s = trusted();
    auto release = std::make_shared<std::atomic<bool>>(false);
    s.credential =
        [release](const TransportCredential *) -> Result<TransportCredential, std::string> {
        while (!release->load())
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        return Failure{std::string("released")};
    };
    auto t = std::make_unique<HttpTransport>(s);
    bool done = false;
    HttpResponse response;
    const auto id =
        t->start(get("/api/v1/namespaces"), [&](HttpTransport::RequestId, const HttpResponse &r) {
            done = true;
            response = r;
        });
    std::chrono::steady_clock::duration longest{};
    for (int i = 0; i < 10; ++i) {
        const auto begin = std::chrono::steady_clock::now();
        t->perform(std::chrono::milliseconds(20));
        longest = std::max(longest, std::chrono::steady_clock::now() - begin);
    }
    EXPECT_FALSE(done) << "the request waits for its credential";
    EXPECT_LT(longest, std::chrono::milliseconds(500)) << "perform() never waits for the source";
    t->cancel(id);
    t->perform(std::chrono::milliseconds(0));
    EXPECT_TRUE(done);
    EXPECT_TRUE(response.cancelled);
    const auto begin = std::chrono::steady_clock::now();
    t.reset(); // the source is still running
    EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::milliseconds(500));
    release->store(true); // the detached fetch ends on its own, with nobody to tell
}

TEST(TransportSettingsTest, UnsafeSettingsAreRefusedWithTheReason) {
    TransportSettings s;
    s.server = "https://10.0.0.1:6443";
    EXPECT_FALSE(HttpTransport::validate(s).has_value());
    for (const char *name : {"evil.example/#", "a@evil.example", "x/y", "host name"}) {
        s.tlsServerName = name;
        const auto why = HttpTransport::validate(s);
        ASSERT_TRUE(why.has_value()) << name;
        EXPECT_NE(why->find("tls-server-name"), std::string::npos);
    }
    s.tlsServerName = "kubernetes.default.svc";
    EXPECT_FALSE(HttpTransport::validate(s).has_value());
    s.extraHeaders = {"Impersonate-User: alice\r\nAuthorization: Bearer stolen"};
    EXPECT_TRUE(HttpTransport::validate(s).has_value());
    s.extraHeaders.clear();
    s.server = "ftp://example.com";
    EXPECT_TRUE(HttpTransport::validate(s).has_value());

    // A transport built from them anyway fails every request with the reason, sending nothing.
    s.server = "https://127.0.0.1:1";
    s.tlsServerName = "a@b";
    HttpTransport t(s);
    auto out = run(t, get("/version"), std::chrono::seconds(5));
    ASSERT_TRUE(out.done);
    EXPECT_EQ(out.response.status, 0);
    EXPECT_NE(out.response.error.find("tls-server-name"), std::string::npos);
}

TEST(TransportSettingsTest, ATokenWithALineBreakIsNotSent) {
    SimulatorOptions o;
    o.scenario = "empty";
    Simulator sim(o);
    ASSERT_FALSE(sim.start().has_value());
    TransportSettings s;
    s.server = sim.url();
    s.caPem = sim.tls()->caCertificatePem();
    s.credential = cubedesk::test::fixedToken(sim.adminToken() + "\r\nX-Injected: 1");
    HttpTransport t(s);
    auto out = run(t, get("/api/v1/namespaces"));
    ASSERT_TRUE(out.done);
    EXPECT_TRUE(out.response.authFailed);
    EXPECT_NE(out.response.error.find("line break"), std::string::npos);
}

TEST(TransportPlainTest, AnIpv6LiteralServerIsReached) {
    SimulatorOptions o;
    o.scenario = "empty";
    o.tls = false;
    o.host = "::1";
    Simulator sim(o);
    if (auto error = sim.start())
        GTEST_FAIL() << "the simulator could not listen on [::1]: " << *error;
    TransportSettings s;
    s.server = sim.url();
    ASSERT_EQ(s.server, "http://[::1]:" + std::to_string(sim.port()));
    HttpTransport t(s);
    auto out = run(t, get("/version"));
    EXPECT_EQ(out.response.status, 200) << out.response.error;
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
    s.credential = [&](const TransportCredential *) -> Result<TransportCredential, std::string> {
        asked = true;
        return TransportCredential{"secret", {}, {}, {}};
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

/// A plain-HTTP peer on loopback that accepts one connection, reads the request, writes
/// `answer` (possibly nothing) and then stays silent without closing: a dead path as a client
/// sees it. `peerClosed()` tells whether the client shut the connection down.
class SilentPeer final {
public:
    explicit SilentPeer(std::string answer)
        : m_answer(std::move(answer)) {
        m_listen = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        ::bind(m_listen, reinterpret_cast<sockaddr *>(&addr), sizeof addr);
        ::listen(m_listen, 4);
        socklen_t len = sizeof addr;
        ::getsockname(m_listen, reinterpret_cast<sockaddr *>(&addr), &len);
        m_port = ntohs(addr.sin_port);
        m_thread = std::thread([this] { serve(); });
    }
    ~SilentPeer() {
        m_stop = true;
        m_thread.join();
        ::close(m_listen);
        if (m_conn >= 0)
            ::close(m_conn);
    }
    std::string url() const { return "http://127.0.0.1:" + std::to_string(m_port); }
    int port() const { return m_port; }
    bool peerClosed() const { return m_peerClosed.load(); }

private:
    void serve() {
        pollfd p{m_listen, POLLIN, 0};
        while (!m_stop && ::poll(&p, 1, 50) == 0) {
        }
        if (m_stop)
            return;
        m_conn = ::accept(m_listen, nullptr, nullptr);
        std::string request;
        char buf[4096];
        while (request.find("\r\n\r\n") == std::string::npos) {
            const ssize_t n = ::recv(m_conn, buf, sizeof buf, 0);
            if (n <= 0)
                return;
            request.append(buf, static_cast<std::size_t>(n));
        }
        if (!m_answer.empty())
            ::send(m_conn, m_answer.data(), m_answer.size(), MSG_NOSIGNAL);
        pollfd c{m_conn, POLLIN, 0};
        while (!m_stop) {
            if (::poll(&c, 1, 50) > 0) {
                if (::recv(m_conn, buf, sizeof buf, 0) <= 0) {
                    m_peerClosed = true;
                    return;
                }
            }
        }
    }

    std::string m_answer;
    int m_listen = -1;
    int m_conn = -1;
    int m_port = 0;
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_peerClosed{false};
    std::thread m_thread;
};

TEST(TransportDeadlineTest, NoAnswerEndsTheRequestAndDropsItsConnection) {
    SilentPeer peer("");
    TransportSettings s;
    s.server = peer.url();
    HttpTransport t(s);
    HttpRequest req = get("/api/v1/pods?watch=1");
    req.responseTimeout = std::chrono::milliseconds(400);
    const auto begin = std::chrono::steady_clock::now();
    auto out = run(t, std::move(req), std::chrono::seconds(10));
    const auto took = std::chrono::steady_clock::now() - begin;
    ASSERT_TRUE(out.done) << "without the deadline the request waits for ever";
    EXPECT_EQ(out.response.timedOut, HttpResponse::Deadline::Response);
    EXPECT_EQ(out.response.status, 0);
    EXPECT_EQ(out.response.curlCode, CURLE_OPERATION_TIMEDOUT);
    EXPECT_NE(out.response.error.find("no answer"), std::string::npos) << out.response.error;
    EXPECT_LT(took, std::chrono::seconds(3));
    // The connection it waited on is shut down, so nothing else queues behind it.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (!peer.peerClosed() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_TRUE(peer.peerClosed());
}

TEST(TransportDeadlineTest, SilenceAfterTheAnswerEndsTheRequest) {
    SilentPeer peer("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                    "Transfer-Encoding: chunked\r\n\r\n6\r\nhello\n\r\n");
    TransportSettings s;
    s.server = peer.url();
    HttpTransport t(s);
    HttpRequest req = get("/api/v1/pods?watch=1");
    req.responseTimeout = std::chrono::milliseconds(2000);
    req.idleTimeout = std::chrono::milliseconds(400);
    auto out = run(t, std::move(req), std::chrono::seconds(10));
    ASSERT_TRUE(out.done);
    EXPECT_EQ(out.response.timedOut, HttpResponse::Deadline::Idle);
    EXPECT_EQ(out.response.status, 200);
    EXPECT_EQ(out.body, "hello\n");
    EXPECT_NE(out.response.error.find("nothing received"), std::string::npos) << out.response.error;
}

// An owner may sleep long in perform(): the transport wakes itself for its requests' deadlines
// (the session loop polls nothing, so a cluster at rest costs no wake-ups).
TEST(TransportDeadlineTest, ALongPerformEndsAtTheDeadlinesOfItsRequests) {
    SilentPeer peer("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                    "Transfer-Encoding: chunked\r\n\r\n6\r\nhello\n\r\n");
    SilentPeer mute("");
    TransportSettings quiet;
    quiet.server = peer.url();
    TransportSettings none;
    none.server = mute.url();
    struct Case {
        TransportSettings settings;
        std::chrono::milliseconds response;
        std::chrono::milliseconds idle;
        HttpResponse::Deadline deadline;
    };
    for (const auto &c : {Case{quiet, std::chrono::milliseconds(3000),
                               std::chrono::milliseconds(500), HttpResponse::Deadline::Idle},
                          Case{none, std::chrono::milliseconds(500), std::chrono::milliseconds(0),
                               HttpResponse::Deadline::Response}}) {
        HttpTransport t(c.settings);
        HttpRequest req = get("/api/v1/pods?watch=1");
        req.responseTimeout = c.response;
        req.idleTimeout = c.idle;
        std::optional<HttpResponse> response;
        t.start(std::move(req),
                [&](HttpTransport::RequestId, const HttpResponse &r) { response = r; });
        const auto begin = std::chrono::steady_clock::now();
        int calls = 0;
        while (!response && calls < 10) {
            t.perform(std::chrono::seconds(60));
            ++calls;
        }
        const auto took = std::chrono::steady_clock::now() - begin;
        ASSERT_TRUE(response.has_value());
        EXPECT_EQ(response->timedOut, c.deadline);
        EXPECT_LT(took, std::chrono::seconds(5)) << "perform() slept past the deadline";
    }
}

/// This process's socket connected to 127.0.0.1:`port` (the transport's, found the way `ss`
/// would find it), or -1.
int clientSocketTo(int port) {
    for (const auto &entry : std::filesystem::directory_iterator("/proc/self/fd")) {
        int fd = -1;
        try {
            fd = std::stoi(entry.path().filename().string());
        } catch (const std::exception &) {
            continue;
        }
        sockaddr_in peer{};
        socklen_t len = sizeof peer;
        if (::getpeername(fd, reinterpret_cast<sockaddr *>(&peer), &len) == 0 &&
            peer.sin_family == AF_INET && ntohs(peer.sin_port) == port)
            return fd;
    }
    return -1;
}

int intOption(int fd, int level, int option) {
    int value = -1;
    socklen_t len = sizeof value;
    return ::getsockopt(fd, level, option, &value, &len) == 0 ? value : -1;
}

TEST(TransportLivenessTest, TheKernelEndsAConnectionWhosePeerVanished) {
    SilentPeer peer("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                    "Transfer-Encoding: chunked\r\n\r\n6\r\nhello\n\r\n");
    TransportSettings s;
    s.server = peer.url();
    HttpTransport t(s);
    HttpRequest req = get("/api/v1/pods?watch=1");
    std::atomic<bool> answered{false};
    req.onData = [&](std::string_view, int) {
        answered = true;
        return true;
    };
    bool done = false;
    const auto id = t.start(std::move(req),
                            [&](HttpTransport::RequestId, const HttpResponse &) { done = true; });
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!answered && std::chrono::steady_clock::now() < deadline)
        t.perform(std::chrono::milliseconds(20));
    ASSERT_TRUE(answered) << "the peer's answer never arrived";

    const int fd = clientSocketTo(peer.port());
    ASSERT_GE(fd, 0) << "no socket of this process is connected to the peer";
    EXPECT_EQ(intOption(fd, SOL_SOCKET, SO_KEEPALIVE), 1);
    EXPECT_EQ(intOption(fd, IPPROTO_TCP, TCP_KEEPIDLE), 30);
    EXPECT_EQ(intOption(fd, IPPROTO_TCP, TCP_KEEPINTVL), 5);
    EXPECT_EQ(intOption(fd, IPPROTO_TCP, TCP_KEEPCNT), 3);
    EXPECT_EQ(intOption(fd, IPPROTO_TCP, TCP_USER_TIMEOUT), 45000)
        << "data the peer never acknowledges would be retried for about 15 minutes";

    t.cancel(id);
    while (!done)
        t.perform(std::chrono::milliseconds(20));
}

} // namespace
