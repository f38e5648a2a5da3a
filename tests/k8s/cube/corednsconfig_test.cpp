// CoreDnsConfig: the demo's Corefile (k8s/sim/platforminstall.cpp) and Corefiles from CoreDNS's
// and kubeadm's docs read into the hosts and forwarder tables; edits rewrite only the lines they
// change and read back as the edited tables; an unedited table gives the file back byte for byte.

#include "k8s/cube/corednsconfig.h"
#include "k8s/sim/platforminstall.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace cubedesk::k8s;
using nlohmann::json;

namespace {

/// The demo cluster's coredns ConfigMap's Corefile.
std::string demoCorefile() {
    cubedesk::sim::PlatformInstall install(std::chrono::system_clock::now(), {"default"},
                                           [](json &, std::chrono::seconds) {});
    for (const auto &o : install.build())
        if (o.value("kind", "") == "ConfigMap" && o["metadata"].value("name", "") == "coredns" &&
            o["metadata"].value("namespace", "") == "kube-system")
            return o["data"].value("Corefile", "");
    ADD_FAILURE() << "no coredns ConfigMap in the demo";
    return {};
}

// kubeadm's default Corefile (kubeadm's CoreDNS addon manifest, cmd/kubeadm/app/phases/addons/
// dns/manifests.go, Kubernetes 1.28), as `kubectl -n kube-system get cm coredns` shows it.
const char *const kKubeadmCorefile = R"(.:53 {
    errors
    health {
       lameduck 5s
    }
    ready
    kubernetes cluster.local in-addr.arpa ip6.arpa {
       pods insecure
       fallthrough in-addr.arpa ip6.arpa
       ttl 30
    }
    prometheus :9153
    forward . /etc/resolv.conf {
       max_concurrent 1000
    }
    cache 30
    loop
    reload
    loadbalance
}
)";

// CoreDNS manual, "Configuration" (coredns.io/manual/configuration), the server blocks example.
const char *const kManualCorefile = R"(coredns.io:5300 {
    file db.coredns.io
}

example.io:53 {
    log
    errors
    file db.example.io
}

example.net:53 {
    file db.example.net
}

.:53 {
    kubernetes
    forward . 8.8.8.8
    log
    errors
    cache
}
)";

// CoreDNS hosts plugin README (plugin/hosts/README.md), "Examples": an inline hosts file with a
// TTL and no PTR records, after the file and zones arguments.
const char *const kHostsReadmeCorefile = R"(. {
    hosts example.hosts example.org {
        10.0.0.1 example.org
        ttl 60
        reload 1m
        no_reverse
        fallthrough
    }
    forward . tls://9.9.9.9 tls://149.112.112.112 {
       tls_servername dns.quad9.net
       health_check 5s
    }
}
)";

CoreDnsConfig extracted(std::string_view text) {
    auto config = CoreDnsConfig::extract(text);
    EXPECT_TRUE(config.ok()) << (config.ok() ? "" : config.error().text());
    return config.ok() ? std::move(config).value() : CoreDnsConfig();
}

std::string rendered(std::string_view text, const std::vector<CoreDnsHostEntry> &hosts,
                     const std::vector<CoreDnsForwarder> &forwarders) {
    auto out = CoreDnsConfig::render(text, hosts, forwarders);
    EXPECT_TRUE(out.ok()) << (out.ok() ? "" : out.error().text());
    return out.ok() ? std::move(out).value() : std::string();
}

/// `text` with the one occurrence of `from` replaced by `to`.
std::string replaced(std::string text, const std::string &from, const std::string &to) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    EXPECT_EQ(text.find(from, at + 1), std::string::npos) << from;
    if (at != std::string::npos)
        text.replace(at, from.size(), to);
    return text;
}

void expectRoundTrip(std::string_view text) {
    const CoreDnsConfig config = extracted(text);
    EXPECT_EQ(rendered(text, config.hosts(), config.forwarders()), text);
}

/// Renders the edit, compares with `expected`, and reads the result back.
void expectEdit(std::string_view original, const std::vector<CoreDnsHostEntry> &hosts,
                const std::vector<CoreDnsForwarder> &forwarders, const std::string &expected) {
    const std::string out = rendered(original, hosts, forwarders);
    EXPECT_EQ(out, expected);
    const CoreDnsConfig back = extracted(out);
    EXPECT_EQ(back.hosts(), hosts);
    EXPECT_EQ(back.forwarders(), forwarders);
}

} // namespace

TEST(CoreDnsConfigTest, DemoCorefileGivesFiveHostsAndTheOaComForwarder) {
    const std::string demo = demoCorefile();
    const CoreDnsConfig config = extracted(demo);
    EXPECT_TRUE(config.hasRootBlock());
    EXPECT_TRUE(config.hasHostsPlugin());
    const std::vector<CoreDnsHostEntry> hosts = {
        {"10.101.140.98", "docker.oa.com"},
        {"10.101.140.99", "mirrors.aliyun.com"},
        {"10.101.140.100", "pypi.tuna.tsinghua.edu.cn"},
        {"10.101.140.101", "modelscope.cn"},
        {"10.101.140.102", "huggingface.co"},
    };
    EXPECT_EQ(config.hosts(), hosts);
    EXPECT_TRUE(config.hostsArguments().empty());
    EXPECT_EQ(config.hostsOptions(), std::vector<std::string>{"fallthrough"});
    EXPECT_EQ(config.forwarders(),
              (std::vector<CoreDnsForwarder>{{"oa.com", std::vector<std::string>{"10.88.0.53"}}}));
    EXPECT_EQ(config.rootForwardFrom(), ".");
    EXPECT_EQ(config.rootUpstreams(), std::vector<std::string>{"/etc/resolv.conf"});
}

TEST(CoreDnsConfigTest, UneditedTablesGiveTheFileBackByteForByte) {
    expectRoundTrip(demoCorefile());
    expectRoundTrip(kKubeadmCorefile);
    expectRoundTrip(kManualCorefile);
    expectRoundTrip(kHostsReadmeCorefile);
    expectRoundTrip("");
    expectRoundTrip(". {\n  hosts {\n\t10.0.0.1   a.example   b.example # two names\n"
                    "\t10.0.0.1 a.example\n\t10.0.0.2\n  }\n}\nx.example {\n"
                    "  forward x.example 10.9.9.9\n}");
}

TEST(CoreDnsConfigTest, OtherCorefilesReadAsTheirDocsDescribe) {
    const CoreDnsConfig kubeadm = extracted(kKubeadmCorefile);
    EXPECT_FALSE(kubeadm.hasHostsPlugin());
    EXPECT_TRUE(kubeadm.hosts().empty());
    EXPECT_TRUE(kubeadm.forwarders().empty());
    EXPECT_EQ(kubeadm.rootUpstreams(), std::vector<std::string>{"/etc/resolv.conf"});

    // Blocks that serve a zone from a file are not forwarders.
    const CoreDnsConfig manual = extracted(kManualCorefile);
    EXPECT_TRUE(manual.forwarders().empty());
    EXPECT_EQ(manual.rootUpstreams(), std::vector<std::string>{"8.8.8.8"});

    const CoreDnsConfig readme = extracted(kHostsReadmeCorefile);
    EXPECT_EQ(readme.hosts(), (std::vector<CoreDnsHostEntry>{{"10.0.0.1", "example.org"}}));
    EXPECT_EQ(readme.hostsArguments(), (std::vector<std::string>{"example.hosts", "example.org"}));
    EXPECT_EQ(readme.hostsOptions(),
              (std::vector<std::string>{"ttl 60", "reload 1m", "no_reverse", "fallthrough"}));
    EXPECT_EQ(readme.rootUpstreams(),
              (std::vector<std::string>{"tls://9.9.9.9", "tls://149.112.112.112"}));
}

TEST(CoreDnsConfigTest, ForwardersNeedOneZoneAndAForwardOfThatZone) {
    const CoreDnsConfig config = extracted("dns://.:53 {\n    forward . 1.1.1.1\n}\n"
                                           "(snippet) {\n    forward . 2.2.2.2\n}\n"
                                           "a.example b.example {\n    forward . 3.3.3.3\n}\n"
                                           "OA.com. {\n    forward oa.com 10.0.0.53:5353\n}\n"
                                           "c.example {\n    forward d.example 4.4.4.4\n}\n"
                                           "e.example:53 {\n    forward . [fd00::53]:53\n}\n");
    EXPECT_EQ(config.rootUpstreams(), std::vector<std::string>{"1.1.1.1"});
    EXPECT_EQ(config.forwarders(), (std::vector<CoreDnsForwarder>{
                                       {"OA.com.", std::vector<std::string>{"10.0.0.53:5353"}},
                                       {"e.example", std::vector<std::string>{"[fd00::53]:53"}},
                                   }));
}

TEST(CoreDnsConfigTest, SeveralNamesOnALineAreOneRowEach) {
    const CoreDnsConfig config =
        extracted(".:53 {\n    hosts {\n        10.0.0.1 a.example b.example\n"
                  "        fd00::1 c.example\n        fallthrough\n    }\n}\n");
    EXPECT_EQ(config.hosts(),
              (std::vector<CoreDnsHostEntry>{
                  {"10.0.0.1", "a.example"}, {"10.0.0.1", "b.example"}, {"fd00::1", "c.example"}}));
}

TEST(CoreDnsConfigTest, AddingAHostAppendsOneLineAfterTheLastEntry) {
    const std::string demo = demoCorefile();
    auto hosts = extracted(demo).hosts();
    hosts.emplace_back("10.101.140.103", "ollama.com");
    expectEdit(demo, hosts, extracted(demo).forwarders(),
               replaced(demo, "       10.101.140.102 huggingface.co\n",
                        "       10.101.140.102 huggingface.co\n"
                        "       10.101.140.103 ollama.com\n"));
}

TEST(CoreDnsConfigTest, RemovingAHostDeletesItsLine) {
    const std::string demo = demoCorefile();
    auto hosts = extracted(demo).hosts();
    hosts.erase(hosts.begin() + 3); // modelscope.cn
    expectEdit(demo, hosts, extracted(demo).forwarders(),
               replaced(demo, "       10.101.140.101 modelscope.cn\n", ""));
}

TEST(CoreDnsConfigTest, ChangingAnAddressOrAHostnameRewritesThatLineInPlace) {
    const std::string demo = demoCorefile();
    auto hosts = extracted(demo).hosts();
    hosts[0].address = "10.101.140.200";
    hosts[2].hostname = "pypi.org";
    std::string expected = replaced(demo, "10.101.140.98 docker", "10.101.140.200 docker");
    expected = replaced(expected, "pypi.tuna.tsinghua.edu.cn", "pypi.org");
    expectEdit(demo, hosts, extracted(demo).forwarders(), expected);
}

TEST(CoreDnsConfigTest, RemovingEveryHostKeepsTheBlockAndItsOptions) {
    const std::string demo = demoCorefile();
    const std::string out = rendered(demo, {}, extracted(demo).forwarders());
    EXPECT_NE(out.find("    hosts {\n       fallthrough\n    }\n    kubernetes"), std::string::npos)
        << out;
    EXPECT_EQ(out.size(), demo.size() - std::string("       10.101.140.98 docker.oa.com\n"
                                                    "       10.101.140.99 mirrors.aliyun.com\n"
                                                    "       10.101.140.100 pypi.tuna.tsinghua."
                                                    "edu.cn\n"
                                                    "       10.101.140.101 modelscope.cn\n"
                                                    "       10.101.140.102 huggingface.co\n")
                                            .size());
    EXPECT_TRUE(extracted(out).hosts().empty());
}

TEST(CoreDnsConfigTest, SplittingANameOffASharedLineKeepsTheRest) {
    const std::string text = ". {\n  hosts {\n    10.0.0.1 a.example  b.example\n  }\n}\n";
    // b moves to another address: the line keeps a, b gets a line of its own.
    expectEdit(text, {{"10.0.0.1", "a.example"}, {"10.0.0.2", "b.example"}}, {},
               ". {\n  hosts {\n    10.0.0.1 a.example\n    10.0.0.2 b.example\n  }\n}\n");
    // Both move together: the line is rewritten word by word, its spacing kept.
    expectEdit(text, {{"10.0.0.9", "a.example"}, {"10.0.0.9", "b.example"}}, {},
               ". {\n  hosts {\n    10.0.0.9 a.example  b.example\n  }\n}\n");
}

TEST(CoreDnsConfigTest, AddsAHostsBlockBeforeKubernetesWhenThereIsNone) {
    const std::vector<CoreDnsHostEntry> hosts = {{"10.0.0.10", "registry.intranet"},
                                                 {"10.0.0.11", "pypi.intranet"}};
    expectEdit(kKubeadmCorefile, hosts, {},
               replaced(kKubeadmCorefile, "    kubernetes cluster.local",
                        "    hosts {\n"
                        "       10.0.0.10 registry.intranet\n"
                        "       10.0.0.11 pypi.intranet\n"
                        "       fallthrough\n"
                        "    }\n"
                        "    kubernetes cluster.local"));
    const CoreDnsConfig back = extracted(rendered(kKubeadmCorefile, hosts, {}));
    EXPECT_EQ(back.hostsOptions(), std::vector<std::string>{"fallthrough"});
    // Nothing to add, nothing added.
    EXPECT_EQ(rendered(kKubeadmCorefile, {}, {}), kKubeadmCorefile);
}

TEST(CoreDnsConfigTest, AddsABlockToAHostsPluginWrittenWithoutOne) {
    const std::string text = ".:53 {\n    hosts /etc/coredns/hosts\n    forward . 8.8.8.8\n}\n";
    expectEdit(text, {{"10.0.0.1", "a.example"}}, {},
               ".:53 {\n    hosts /etc/coredns/hosts {\n        10.0.0.1 a.example\n    }\n"
               "    forward . 8.8.8.8\n}\n");
}

TEST(CoreDnsConfigTest, AddsEntriesToAnEmptyHostsBlock) {
    expectEdit(". {\n  hosts {\n    fallthrough\n  }\n}\n", {{"10.0.0.1", "a.example"}}, {},
               ". {\n  hosts {\n    10.0.0.1 a.example\n    fallthrough\n  }\n}\n");
    expectEdit(". {\n  hosts {\n  }\n}\n", {{"10.0.0.1", "a.example"}}, {},
               ". {\n  hosts {\n    10.0.0.1 a.example\n  }\n}\n");
}

TEST(CoreDnsConfigTest, ChangingAForwardersUpstreamsRewritesOnlyItsForwardLine) {
    const std::string demo = demoCorefile();
    const auto hosts = extracted(demo).hosts();
    expectEdit(
        demo, hosts, {{"oa.com", {"10.88.0.53", "10.88.0.54:53"}}},
        replaced(demo, "    forward . 10.88.0.53\n", "    forward . 10.88.0.53 10.88.0.54:53\n"));
    expectEdit(demo, hosts, {{"oa.com", {"tls://10.88.0.99"}}},
               replaced(demo, "    forward . 10.88.0.53\n", "    forward . tls://10.88.0.99\n"));
}

TEST(CoreDnsConfigTest, ForwardOptionsStayWhenUpstreamsChange) {
    const std::string text =
        "corp.example {\n    forward . 10.0.0.1 10.0.0.2 {\n        policy sequential\n    }\n}\n";
    expectEdit(text, {}, {{"corp.example", {"10.0.0.3"}}},
               "corp.example {\n    forward . 10.0.0.3 {\n        policy sequential\n    }\n}\n");
}

TEST(CoreDnsConfigTest, AddingAForwarderAppendsABlockLikeTheDemos) {
    const std::string demo = demoCorefile();
    const auto config = extracted(demo);
    auto forwarders = config.forwarders();
    forwarders.emplace_back("corp.example", std::vector<std::string>{"10.1.1.1", "10.1.1.2:5353"});
    expectEdit(demo, config.hosts(), forwarders,
               demo + "corp.example:53 {\n    errors\n    cache 30\n"
                      "    forward . 10.1.1.1 10.1.1.2:5353\n}\n");
    // Without a newline at the end of the file, one is added first; no root port, no port.
    expectEdit("example.org {\n  whoami\n}", {}, {{"corp.example", {"10.1.1.1"}}},
               "example.org {\n  whoami\n}\ncorp.example {\n    errors\n    cache 30\n"
               "    forward . 10.1.1.1\n}\n");
}

TEST(CoreDnsConfigTest, RemovingAForwarderRemovesItsServerBlock) {
    const std::string demo = demoCorefile();
    const auto hosts = extracted(demo).hosts();
    expectEdit(
        demo, hosts, {},
        replaced(demo, "oa.com:53 {\n    errors\n    cache 30\n    forward . 10.88.0.53\n}\n", ""));
}

TEST(CoreDnsConfigTest, RenamingAForwarderReplacesItsBlock) {
    const std::string demo = demoCorefile();
    const auto hosts = extracted(demo).hosts();
    expectEdit(demo, hosts, {{"corp.example", {"10.88.0.53"}}},
               replaced(demo,
                        "oa.com:53 {\n    errors\n    cache 30\n    forward . 10.88.0.53\n}\n",
                        "corp.example:53 {\n    errors\n    cache 30\n"
                        "    forward . 10.88.0.53\n}\n"));
}

TEST(CoreDnsConfigTest, ForwardersMatchIgnoringCaseAndTrailingDot) {
    const std::string text = "OA.com. {\n    forward . 10.0.0.1\n}\n";
    EXPECT_EQ(rendered(text, {}, {{"oa.com", {"10.0.0.2"}}}),
              "OA.com. {\n    forward . 10.0.0.2\n}\n");
}

TEST(CoreDnsConfigTest, HostsNeedARootBlock) {
    const auto out =
        CoreDnsConfig::render("example.org {\n  whoami\n}\n", {{"10.0.0.1", "a.example"}}, {});
    ASSERT_FALSE(out.ok());
    EXPECT_EQ(out.error().message, "no server block for the root zone '.' to add hosts to");
}

TEST(CoreDnsConfigTest, NoNewBlockAfterABlockWithoutBraces) {
    const std::string text = ".:53\nforward . 8.8.8.8\n";
    const auto out = CoreDnsConfig::render(text, {}, {{"oa.com", {"10.88.0.53"}}});
    ASSERT_FALSE(out.ok());
    EXPECT_EQ(out.error().text(),
              "line 1: a server block cannot follow one written without braces");
    // Hosts go into such a block all the same, before its forward.
    expectEdit(text, {{"10.0.0.1", "a.example"}}, {},
               ".:53\nhosts {\n    10.0.0.1 a.example\n    fallthrough\n}\nforward . 8.8.8.8\n");
}

TEST(CoreDnsConfigTest, ParseErrorsComeBackFromExtractAndRender) {
    const auto config = CoreDnsConfig::extract(". {\n    hosts {\n");
    ASSERT_FALSE(config.ok());
    EXPECT_EQ(config.error().line, 2);
    const auto out = CoreDnsConfig::render(". {\n    log \"x\n}\n", {}, {});
    ASSERT_FALSE(out.ok());
    EXPECT_EQ(out.error().line, 2);
}

TEST(CoreDnsConfigTest, ZoneOfKey) {
    EXPECT_EQ(CoreDnsConfig::zoneOfKey(".:53"), ".");
    EXPECT_EQ(CoreDnsConfig::zoneOfKey("dns://.:53"), ".");
    EXPECT_EQ(CoreDnsConfig::zoneOfKey("tls://OA.com"), "oa.com");
    EXPECT_EQ(CoreDnsConfig::zoneOfKey("oa.com:53"), "oa.com");
    EXPECT_EQ(CoreDnsConfig::normalizedDomain("OA.com."), "oa.com");
    EXPECT_EQ(CoreDnsConfig::normalizedDomain("."), ".");
}
