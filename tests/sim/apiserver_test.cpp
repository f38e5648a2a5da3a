// The simulator's HTTP protocol, in process: discovery, lists, tables, watch semantics,
// patches, errors and fault injection (docs/simulator.md, docs/kubernetes-api.md).

#include "k8s/sim/simulator.h"

#include <gtest/gtest.h>
#include <openssl/pem.h>
#include <sstream>

#include <httplib.h>

using namespace cubedesk::sim;
using nlohmann::json;

namespace {

SimulatorOptions plain(std::string scenario = "empty") {
    SimulatorOptions o;
    o.tls = false;
    o.scenario = std::move(scenario);
    o.bookmarkIntervalMs = 200;
    return o;
}

/// Reads watch lines until `stop` says so or `limit` passes.
std::vector<json> watchLines(httplib::Client &cli, const std::string &path,
                             const std::function<bool(const std::vector<json> &)> &stop,
                             std::chrono::milliseconds limit = std::chrono::seconds(10),
                             std::string *rawOut = nullptr, httplib::Error *errorOut = nullptr) {
    std::vector<json> lines;
    std::string buffer;
    const auto deadline = std::chrono::steady_clock::now() + limit;
    cli.set_read_timeout(std::chrono::duration_cast<std::chrono::seconds>(limit).count() + 1, 0);
    auto res = cli.Get(path, httplib::Headers{}, [&](const char *data, std::size_t n) {
        buffer.append(data, n);
        if (rawOut != nullptr)
            rawOut->append(data, n);
        for (std::size_t nl; (nl = buffer.find('\n')) != std::string::npos;) {
            json line = json::parse(buffer.substr(0, nl), nullptr, false);
            buffer.erase(0, nl + 1);
            lines.push_back(line);
        }
        return !stop(lines) && std::chrono::steady_clock::now() < deadline;
    });
    if (errorOut != nullptr)
        *errorOut = res.error();
    return lines;
}

class ApiServerTest : public ::testing::Test {
protected:
    void SetUp() override {
        sim = std::make_unique<Simulator>(plain());
        ASSERT_FALSE(sim->start().has_value());
        cli = std::make_unique<httplib::Client>("127.0.0.1", sim->port());
        post("/api/v1/namespaces", R"({"metadata":{"name":"ml"}})");
    }
    httplib::Result post(const std::string &path, const std::string &body) {
        return cli->Post(path, body, "application/json");
    }
    httplib::Result patch(const std::string &path, const std::string &body, const char *type) {
        return cli->Patch(path, body, type);
    }
    void configMap(const std::string &name, const std::string &labels = "{}") {
        auto r = post("/api/v1/namespaces/ml/configmaps",
                      R"({"metadata":{"name":")" + name + R"(","labels":)" + labels + "}}");
        ASSERT_EQ(r->status, 201) << r->body;
    }
    std::unique_ptr<Simulator> sim;
    std::unique_ptr<httplib::Client> cli;
};

TEST_F(ApiServerTest, DiscoveryLegacyAndAggregated) {
    auto legacy = cli->Get("/api");
    EXPECT_EQ(json::parse(legacy->body)["kind"], "APIVersions");
    httplib::Headers agg = {{"Accept", "application/json;g=apidiscovery.k8s.io;v=v2;as="
                                       "APIGroupDiscoveryList,application/json"}};
    auto aggregated = cli->Get("/apis", agg);
    EXPECT_EQ(aggregated->get_header_value("Content-Type"),
              "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList");
    const json groups = json::parse(aggregated->body);
    bool kubeflow = false;
    for (const auto &g : groups["items"])
        if (g["metadata"]["name"] == "kubeflow.org") {
            kubeflow = true;
            EXPECT_EQ(g["versions"][0]["version"], "v1") << "preferred first";
        }
    EXPECT_TRUE(kubeflow);
    const json core = json::parse(cli->Get("/api/v1")->body);
    bool podStatus = false;
    for (const auto &r : core["resources"])
        podStatus = podStatus || r["name"] == "pods/status";
    EXPECT_TRUE(podStatus);
    auto unknown = cli->Get("/apis/nope.example.com/v1/things");
    EXPECT_EQ(unknown->status, 404);
    EXPECT_EQ(json::parse(unknown->body)["message"],
              "the server could not find the requested resource");
    EXPECT_FALSE(cli->Get("/version")->get_header_value("Audit-Id").empty());
}

TEST_F(ApiServerTest, ListsAndTables) {
    configMap("b", R"({"app":"x"})");
    configMap("a");
    auto list = cli->Get("/api/v1/namespaces/ml/configmaps");
    ASSERT_EQ(list->status, 200);
    const json l = json::parse(list->body);
    EXPECT_EQ(l["kind"], "ConfigMapList");
    EXPECT_TRUE(l["metadata"]["resourceVersion"].is_string());
    ASSERT_EQ(l["items"].size(), 2u);
    EXPECT_EQ(l["items"][0]["metadata"]["name"], "a");

    auto table =
        cli->Get("/api/v1/namespaces/ml/configmaps?labelSelector=app%3Dx",
                 {{"Accept", "application/json;as=Table;v=v1;g=meta.k8s.io,application/json"}});
    EXPECT_EQ(table->get_header_value("Content-Type"),
              "application/json;as=Table;v=v1;g=meta.k8s.io");
    const json t = json::parse(table->body);
    EXPECT_EQ(t["kind"], "Table");
    EXPECT_EQ(t["columnDefinitions"][0]["name"], "Name");
    ASSERT_EQ(t["rows"].size(), 1u);
    EXPECT_EQ(t["rows"][0]["cells"][0], "b");
    EXPECT_EQ(t["rows"][0]["object"]["kind"], "PartialObjectMetadata");

    auto badRvMatch = cli->Get("/api/v1/configmaps?resourceVersionMatch=Exact");
    EXPECT_EQ(badRvMatch->status, 422);
    auto sendInitial = cli->Get("/api/v1/configmaps?sendInitialEvents=true");
    EXPECT_EQ(sendInitial->status, 422);
}

TEST_F(ApiServerTest, WatchDeliversChangesAndSelectorTransitions) {
    configMap("seed");
    const std::string rv =
        json::parse(cli->Get("/api/v1/configmaps")->body)["metadata"]["resourceVersion"];
    std::thread writer([this] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        httplib::Client w("127.0.0.1", sim->port());
        w.Post("/api/v1/namespaces/ml/configmaps",
               R"({"metadata":{"name":"w","labels":{"team":"a"}}})", "application/json");
        w.Patch("/api/v1/namespaces/ml/configmaps/w", R"({"metadata":{"labels":{"team":"b"}}})",
                "application/merge-patch+json");
        w.Patch("/api/v1/namespaces/ml/configmaps/w", R"({"metadata":{"labels":{"team":"a"}}})",
                "application/merge-patch+json");
        w.Delete("/api/v1/namespaces/ml/configmaps/w");
    });
    auto lines = watchLines(
        *cli,
        "/api/v1/namespaces/ml/configmaps?watch=1&labelSelector=team%3Da&resourceVersion=" + rv,
        [](const std::vector<json> &l) { return l.size() >= 4; });
    writer.join();
    ASSERT_EQ(lines.size(), 4u);
    EXPECT_EQ(lines[0]["type"], "ADDED");
    EXPECT_EQ(lines[1]["type"], "DELETED") << "leaving the selector";
    EXPECT_EQ(lines[2]["type"], "ADDED") << "entering it again";
    EXPECT_EQ(lines[3]["type"], "DELETED");
    EXPECT_EQ(lines[3]["object"]["metadata"]["name"], "w");
}

TEST_F(ApiServerTest, WatchInitialStateBookmarksAndTimeout) {
    configMap("one");
    configMap("two");
    auto lines = watchLines(
        *cli,
        "/api/v1/configmaps?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan"
        "&allowWatchBookmarks=true&timeoutSeconds=1",
        [](const std::vector<json> &) { return false; });
    ASSERT_GE(lines.size(), 4u);
    EXPECT_EQ(lines[0]["type"], "ADDED");
    EXPECT_EQ(lines[1]["type"], "ADDED");
    EXPECT_EQ(lines[2]["type"], "BOOKMARK");
    EXPECT_EQ(lines[2]["object"]["metadata"]["annotations"]["k8s.io/initial-events-end"], "true");
    EXPECT_EQ(lines[2]["object"]["kind"], "ConfigMap");
    EXPECT_EQ(lines.back()["type"], "BOOKMARK") << "a bookmark right before the timeout";

    auto plainWatch = watchLines(*cli, "/api/v1/configmaps?watch=true&timeoutSeconds=1",
                                 [](const std::vector<json> &) { return false; });
    ASSERT_EQ(plainWatch.size(), 2u) << "initial ADDED burst, no bookmarks unless asked";
}

TEST_F(ApiServerTest, WatchFromCompactedVersionGetsInStreamExpired) {
    SimulatorOptions o = plain();
    o.historyWindow = 2;
    Simulator small(o);
    ASSERT_FALSE(small.start().has_value());
    httplib::Client c("127.0.0.1", small.port());
    c.Post("/api/v1/namespaces", R"({"metadata":{"name":"ml"}})", "application/json");
    for (int i = 0; i < 5; ++i)
        c.Post("/api/v1/namespaces/ml/configmaps",
               R"({"metadata":{"name":"c)" + std::to_string(i) + R"("}})", "application/json");
    auto lines = watchLines(c, "/api/v1/configmaps?watch=true&resourceVersion=3",
                            [](const std::vector<json> &l) { return !l.empty(); });
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0]["type"], "ERROR");
    EXPECT_EQ(lines[0]["object"]["code"], 410);
    EXPECT_EQ(lines[0]["object"]["reason"], "Expired");
}

TEST_F(ApiServerTest, PatchTypesAndErrors) {
    configMap("p");
    auto merge = patch("/api/v1/namespaces/ml/configmaps/p", R"({"data":{"k":"v"}})",
                       "application/merge-patch+json");
    ASSERT_EQ(merge->status, 200);
    EXPECT_EQ(json::parse(merge->body)["data"]["k"], "v");
    auto failedTest =
        patch("/api/v1/namespaces/ml/configmaps/p",
              R"([{"op":"test","path":"/data/k","value":"other"}])", "application/json-patch+json");
    EXPECT_EQ(failedTest->status, 422);
    auto notArray = patch("/api/v1/namespaces/ml/configmaps/p", R"({"op":"add"})",
                          "application/json-patch+json");
    EXPECT_EQ(notArray->status, 400);
    auto unknownType = patch("/api/v1/namespaces/ml/configmaps/p", "{}", "text/plain");
    EXPECT_EQ(unknownType->status, 415);
    auto stale = patch("/api/v1/namespaces/ml/configmaps/p",
                       R"({"metadata":{"resourceVersion":"1"},"data":{"k":"x"}})",
                       "application/merge-patch+json");
    EXPECT_EQ(stale->status, 409);
    EXPECT_EQ(json::parse(stale->body)["reason"], "Conflict");

    auto job = post(
        "/apis/kubeflow.org/v1/namespaces/ml/pytorchjobs",
        R"({"apiVersion":"kubeflow.org/v1","kind":"PyTorchJob","metadata":{"name":"j"},"spec":{}})");
    ASSERT_EQ(job->status, 201) << job->body;
    auto smpOnCr = patch("/apis/kubeflow.org/v1/namespaces/ml/pytorchjobs/j", "{}",
                         "application/strategic-merge-patch+json");
    EXPECT_EQ(smpOnCr->status, 415);
    auto status = patch("/apis/kubeflow.org/v1/namespaces/ml/pytorchjobs/j/status",
                        R"({"status":{"conditions":[{"type":"Running","status":"True"}]}})",
                        "application/merge-patch+json");
    ASSERT_EQ(status->status, 200);
    EXPECT_EQ(json::parse(status->body)["status"]["conditions"][0]["type"], "Running");
    auto asV2 = cli->Get("/apis/kubeflow.org/v2beta1/namespaces/ml/mpijobs");
    EXPECT_EQ(asV2->status, 200);

    auto mismatch = cli->Put("/api/v1/namespaces/ml/configmaps/p",
                             R"({"metadata":{"name":"other"}})", "application/json");
    EXPECT_EQ(mismatch->status, 400);
    auto wrongNs = post("/api/v1/namespaces/ml/configmaps",
                        R"({"metadata":{"name":"z","namespace":"elsewhere"}})");
    EXPECT_EQ(wrongNs->status, 400);
    auto del = cli->Delete("/api/v1/namespaces/ml/configmaps/p");
    EXPECT_EQ(del->status, 200);
    EXPECT_EQ(cli->Delete("/api/v1/namespaces/ml/configmaps/p")->status, 404);
}

TEST(ApiServerFaultsTest, InjectedErrorsAndBrokenStreams) {
    auto start = [](const std::string &faults) {
        SimulatorOptions o = plain();
        o.faults = faults;
        auto s = std::make_unique<Simulator>(o);
        EXPECT_FALSE(s->start().has_value());
        return s;
    };
    {
        auto s = start("http500:rate=1");
        httplib::Client c("127.0.0.1", s->port());
        auto r = c.Get("/api/v1/pods");
        EXPECT_EQ(r->status, 500);
        EXPECT_EQ(json::parse(r->body)["reason"], "InternalError");
        EXPECT_EQ(c.Get("/version")->status, 200) << "discovery is not faulted";
    }
    {
        auto s = start("http429:rate=1");
        httplib::Client c("127.0.0.1", s->port());
        auto r = c.Get("/api/v1/pods");
        EXPECT_EQ(r->status, 429);
        EXPECT_EQ(r->get_header_value("Retry-After"), "1");
        EXPECT_EQ(r->get_header_value("Content-Type"), "text/plain; charset=utf-8");
    }
    {
        auto s = start("expire-watch:rate=1");
        httplib::Client c("127.0.0.1", s->port());
        auto lines = watchLines(c, "/api/v1/namespaces?watch=true&resourceVersion=1",
                                [](const std::vector<json> &l) { return !l.empty(); });
        ASSERT_EQ(lines.size(), 1u);
        EXPECT_EQ(lines[0]["object"]["code"], 410);
    }
    {
        auto s = start("malformed:rate=1");
        httplib::Client c("127.0.0.1", s->port());
        std::string raw;
        httplib::Error error = httplib::Error::Success;
        watchLines(
            c, "/api/v1/namespaces?watch=true", [](const std::vector<json> &) { return false; },
            std::chrono::seconds(5), &raw, &error);
        EXPECT_NE(raw.find("{\"type\":\"MODIFIED\",\"object\":{\"kind\"\n"), std::string::npos)
            << raw;
    }
    {
        auto s = start("drop-watch:every=300ms");
        httplib::Client c("127.0.0.1", s->port());
        httplib::Error error = httplib::Error::Success;
        const auto begin = std::chrono::steady_clock::now();
        watchLines(
            c, "/api/v1/namespaces?watch=true&timeoutSeconds=30",
            [](const std::vector<json> &) { return false; }, std::chrono::seconds(10), nullptr,
            &error);
        EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::seconds(5));
        EXPECT_NE(error, httplib::Error::Success) << "cut without the terminating chunk";
    }
    SimulatorOptions bad = plain();
    bad.faults = "http500:rate=2";
    EXPECT_TRUE(Simulator(bad).start().has_value());
}

TEST(ApiServerTlsTest, TokenAndCertificateAuthentication) {
    SimulatorOptions o;
    o.scenario = "empty";
    o.readonlyToken = "ro";
    Simulator sim(o);
    ASSERT_FALSE(sim.start().has_value());
    const std::string config = sim.kubeconfig();
    const auto caPos = config.find("certificate-authority-data: ");
    ASSERT_NE(caPos, std::string::npos);

    httplib::SSLClient c("127.0.0.1", sim.port());
    c.enable_server_certificate_verification(false);
    auto anonymous = c.Get("/api/v1/namespaces");
    ASSERT_TRUE(anonymous);
    EXPECT_EQ(anonymous->status, 401);
    EXPECT_EQ(json::parse(anonymous->body)["reason"], "Unauthorized");
    c.set_bearer_token_auth(sim.adminToken());
    EXPECT_EQ(c.Get("/api/v1/namespaces")->status, 200);
    httplib::SSLClient ro("127.0.0.1", sim.port());
    ro.enable_server_certificate_verification(false);
    ro.set_bearer_token_auth("ro");
    EXPECT_EQ(ro.Get("/api/v1/namespaces")->status, 200);
    auto forbidden =
        ro.Post("/api/v1/namespaces", R"({"metadata":{"name":"x"}})", "application/json");
    EXPECT_EQ(forbidden->status, 403);
    EXPECT_EQ(json::parse(forbidden->body)["message"],
              "namespaces is forbidden: User \"viewer\" cannot create resource \"namespaces\" in "
              "API group \"\" at the cluster scope");
    auto review = ro.Post("/apis/authorization.k8s.io/v1/selfsubjectaccessreviews",
                          R"({"spec":{"resourceAttributes":{"verb":"patch","resource":"nodes"}}})",
                          "application/json");
    EXPECT_EQ(review->status, 201);
    EXPECT_FALSE(json::parse(review->body)["status"]["allowed"].get<bool>());
}

} // namespace
