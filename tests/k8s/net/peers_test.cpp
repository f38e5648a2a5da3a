// HttpTransport against real third-party peers: HTTP/2 multiplexing against nghttpd (Debian's
// nghttp2-server) and proxy-url through tinyproxy (CONNECT). Both tools are installed by
// cmake/setup-deps.sh; a missing one fails the test.

#include "k8s/net/httptransport.h"
#include "k8s/sim/simulator.h"
#include "k8s/sim/tlsmaterial.h"
#include "tests/support/fixedcredential.h"
#include "tests/support/process.h"

#include <arpa/inet.h>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <unistd.h>

using namespace cubedesk::k8s;
using cubedesk::test::Process;
using cubedesk::test::TempDir;

namespace {

int freePort() {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr);
    socklen_t len = sizeof addr;
    getsockname(fd, reinterpret_cast<sockaddr *>(&addr), &len);
    close(fd);
    return ntohs(addr.sin_port);
}

bool waitForPort(int port, std::chrono::seconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        const int fd = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_port = htons(static_cast<std::uint16_t>(port));
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        const bool ok = connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0;
        close(fd);
        if (ok)
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
}

std::vector<HttpResponse> getAll(HttpTransport &t, const std::vector<std::string> &paths) {
    std::vector<HttpResponse> out(paths.size());
    std::size_t done = 0;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        HttpRequest r;
        r.path = paths[i];
        t.start(r, [&, i](HttpTransport::RequestId, const HttpResponse &resp) {
            out[i] = resp;
            ++done;
        });
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (done < paths.size() && std::chrono::steady_clock::now() < deadline)
        t.perform(std::chrono::milliseconds(50));
    return out;
}

TEST(TransportPeersTest, Http2MultiplexesRequestsOverOneConnection) {
    TempDir dir;
    const auto tls = cubedesk::sim::TlsMaterial::generate();
    std::ofstream(dir.file("key.pem")) << tls.serverKeyPem();
    std::ofstream(dir.file("cert.pem")) << tls.serverCertificatePem();
    std::filesystem::create_directory(dir.file("htdocs"));
    std::ofstream(dir.file("htdocs/version")) << R"({"gitVersion":"v1.32.0"})";
    const int port = freePort();
    Process server({"nghttpd", "-a", "127.0.0.1", "-d", dir.file("htdocs"), std::to_string(port),
                    dir.file("key.pem"), dir.file("cert.pem")});
    ASSERT_TRUE(server.started()) << "nghttpd is needed (Debian package nghttp2-server): "
                                  << server.err();
    ASSERT_TRUE(waitForPort(port, std::chrono::seconds(10))) << server.err();

    TransportSettings s;
    s.server = "https://127.0.0.1:" + std::to_string(port);
    s.caPem = tls.caCertificatePem();
    HttpTransport t(s);
    auto first = getAll(t, {"/version"});
    ASSERT_EQ(first[0].status, 200) << first[0].error;
    EXPECT_EQ(first[0].httpVersion, 20) << "ALPN chose h2";
    auto many = getAll(t, {"/version", "/version", "/version", "/version", "/version"});
    long connections = 0;
    for (const auto &r : many) {
        EXPECT_EQ(r.status, 200) << r.error;
        EXPECT_EQ(r.httpVersion, 20);
        connections += r.newConnections;
    }
    EXPECT_EQ(connections, 0) << "all five streams rode the existing HTTP/2 connection";
}

TEST(TransportPeersTest, ProxyUrlTunnelsThroughTheProxy) {
    cubedesk::sim::SimulatorOptions o;
    o.scenario = "empty";
    cubedesk::sim::Simulator sim(o);
    ASSERT_FALSE(sim.start().has_value());

    TempDir dir;
    const int port = freePort();
    std::ofstream(dir.file("tinyproxy.conf"))
        << "Port " << port << "\nListen 127.0.0.1\nAllow 127.0.0.1\nLogFile \""
        << dir.file("proxy.log") << "\"\nLogLevel Connect\nMaxClients 10\nTimeout 30\n";
    Process proxy({"tinyproxy", "-d", "-c", dir.file("tinyproxy.conf")});
    ASSERT_TRUE(proxy.started()) << "tinyproxy is needed (Debian package tinyproxy): "
                                 << proxy.err();
    ASSERT_TRUE(waitForPort(port, std::chrono::seconds(10))) << proxy.err();

    TransportSettings s;
    s.server = sim.url();
    s.caPem = sim.tls()->caCertificatePem();
    s.proxyUrl = "http://127.0.0.1:" + std::to_string(port);
    const std::string token = sim.adminToken();
    s.credential = cubedesk::test::fixedToken(token);
    HttpTransport t(s);
    auto r = getAll(t, {"/api/v1/namespaces"});
    EXPECT_EQ(r[0].status, 200) << r[0].error;
    proxy.terminate();
    std::ifstream log(dir.file("proxy.log"));
    const std::string text((std::istreambuf_iterator<char>(log)), {});
    EXPECT_NE(text.find("CONNECT"), std::string::npos) << "the request went through the proxy:\n"
                                                       << text;

    TransportSettings broken = s;
    broken.proxyUrl = "http://127.0.0.1:1";
    HttpTransport b(broken);
    auto refused = getAll(b, {"/api/v1/namespaces"});
    EXPECT_EQ(refused[0].status, 0);
    EXPECT_FALSE(refused[0].error.empty());
}

} // namespace
