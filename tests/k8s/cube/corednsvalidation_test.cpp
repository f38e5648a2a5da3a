// CoreDnsValidation: addresses, hostnames, domains and upstreams as CoreDNS's hosts and forward
// plugins take them; each problem names its row and field.

#include "k8s/cube/corednsvalidation.h"

#include <gtest/gtest.h>

using namespace cubedesk::k8s;
using Field = CoreDnsProblem::Field;
using Table = CoreDnsProblem::Table;

TEST(CoreDnsValidationTest, Ipv4) {
    EXPECT_TRUE(CoreDnsValidation::isIpv4("10.101.140.98"));
    EXPECT_TRUE(CoreDnsValidation::isIpv4("0.0.0.0"));
    EXPECT_TRUE(CoreDnsValidation::isIpv4("255.255.255.255"));
    EXPECT_FALSE(CoreDnsValidation::isIpv4("256.1.1.1"));
    EXPECT_FALSE(CoreDnsValidation::isIpv4("10.1.1"));
    EXPECT_FALSE(CoreDnsValidation::isIpv4("10.1.1.1.1"));
    EXPECT_FALSE(CoreDnsValidation::isIpv4("10.01.1.1")); // Go rejects leading zeros
    EXPECT_FALSE(CoreDnsValidation::isIpv4("10..1.1"));
    EXPECT_FALSE(CoreDnsValidation::isIpv4("10.1.1.1 "));
    EXPECT_FALSE(CoreDnsValidation::isIpv4("a.b.c.d"));
    EXPECT_FALSE(CoreDnsValidation::isIpv4(""));
}

TEST(CoreDnsValidationTest, Ipv6) {
    EXPECT_TRUE(CoreDnsValidation::isIpv6("::1"));
    EXPECT_TRUE(CoreDnsValidation::isIpv6("::"));
    EXPECT_TRUE(CoreDnsValidation::isIpv6("fd00::"));
    EXPECT_TRUE(CoreDnsValidation::isIpv6("fdfc:a744:27b5:3b0e::1"));
    EXPECT_TRUE(CoreDnsValidation::isIpv6("2001:db8:0:0:0:0:2:1"));
    EXPECT_TRUE(CoreDnsValidation::isIpv6("::ffff:192.0.2.1"));
    EXPECT_TRUE(CoreDnsValidation::isIpv6("64:ff9b::192.0.2.33"));
    EXPECT_FALSE(CoreDnsValidation::isIpv6("2001:db8:0:0:0:0:2")); // seven groups
    EXPECT_FALSE(CoreDnsValidation::isIpv6("1:2:3:4:5:6:7:8::"));  // :: for no group
    EXPECT_FALSE(CoreDnsValidation::isIpv6("1::2::3"));            // two ellipses
    EXPECT_FALSE(CoreDnsValidation::isIpv6("12345::1"));           // five digits
    EXPECT_FALSE(CoreDnsValidation::isIpv6(":1:2:3:4:5:6:7"));     // lone leading colon
    EXPECT_FALSE(CoreDnsValidation::isIpv6("::192.0.2.1:1"));      // IPv4 not last
    EXPECT_FALSE(CoreDnsValidation::isIpv6("g::1"));
    EXPECT_FALSE(CoreDnsValidation::isIpv6("10.0.0.1"));
    EXPECT_FALSE(CoreDnsValidation::isIpv6("fe80::1%eth0"));
    EXPECT_TRUE(CoreDnsValidation::isIpv6("fe80::1%eth0", true));
    EXPECT_FALSE(CoreDnsValidation::isIpv6("fe80::1%", true));
}

TEST(CoreDnsValidationTest, DnsNames) {
    EXPECT_EQ(CoreDnsValidation::dnsNameProblem("docker.oa.com"), std::nullopt);
    EXPECT_EQ(CoreDnsValidation::dnsNameProblem("pypi.tuna.tsinghua.edu.cn."), std::nullopt);
    EXPECT_EQ(CoreDnsValidation::dnsNameProblem("_ldap._tcp.oa.com"), std::nullopt);
    EXPECT_EQ(CoreDnsValidation::dnsNameProblem("localhost"), std::nullopt);
    EXPECT_EQ(CoreDnsValidation::dnsNameProblem(""), "empty");
    EXPECT_EQ(CoreDnsValidation::dnsNameProblem("a..b"),
              "empty label (two dots in a row, or a leading dot)");
    EXPECT_EQ(CoreDnsValidation::dnsNameProblem(".a"),
              "empty label (two dots in a row, or a leading dot)");
    EXPECT_EQ(CoreDnsValidation::dnsNameProblem("-a.com"), "label '-a' starts or ends with '-'");
    EXPECT_EQ(CoreDnsValidation::dnsNameProblem("a-.com"), "label 'a-' starts or ends with '-'");
    EXPECT_EQ(CoreDnsValidation::dnsNameProblem("a b"),
              "only letters, digits, '-' and '_' are allowed");
    EXPECT_EQ(CoreDnsValidation::dnsNameProblem("a*b.com"), "character '*' is not allowed");
    EXPECT_EQ(CoreDnsValidation::dnsNameProblem(std::string(63, 'a') + ".com"), std::nullopt);
    EXPECT_EQ(CoreDnsValidation::dnsNameProblem(std::string(64, 'a') + ".com"),
              "label longer than 63 characters");
    std::string name253;
    for (int i = 0; i < 4; ++i)
        name253 += std::string(62, 'a') + '.';
    name253 += "a"; // 4 × 63 + 1 = 253
    ASSERT_EQ(name253.size(), 253u);
    EXPECT_EQ(CoreDnsValidation::dnsNameProblem(name253), std::nullopt);
    EXPECT_EQ(CoreDnsValidation::dnsNameProblem(name253 + "."), std::nullopt);
    EXPECT_EQ(CoreDnsValidation::dnsNameProblem(name253 + "a"), "longer than 253 characters");
}

TEST(CoreDnsValidationTest, Upstreams) {
    for (const char *ok : {"10.88.0.53", "10.88.0.53:53", "10.88.0.53:65535", "[fd00::53]:53",
                           "fd00::53", "tls://1.1.1.1", "tls://1.1.1.1:853", "dns://8.8.8.8",
                           "dns://[2001:4860:4860::8888]:53", "/etc/resolv.conf"})
        EXPECT_EQ(CoreDnsValidation::upstreamProblem(ok), std::nullopt) << ok;
    EXPECT_EQ(CoreDnsValidation::upstreamProblem("10.88.0.53:0"),
              "port must be between 1 and 65535");
    EXPECT_EQ(CoreDnsValidation::upstreamProblem("10.88.0.53:65536"),
              "port must be between 1 and 65535");
    EXPECT_EQ(CoreDnsValidation::upstreamProblem("10.88.0.53:dns"), "port is not a number");
    EXPECT_EQ(CoreDnsValidation::upstreamProblem("10.88.0.53:"), "port is empty");
    EXPECT_EQ(CoreDnsValidation::upstreamProblem("dns.oa.com"),
              "not an IP address, IP:port or file path");
    EXPECT_EQ(CoreDnsValidation::upstreamProblem("https://1.1.1.1"),
              "unsupported scheme 'https://' (use dns:// or tls://)");
    EXPECT_EQ(CoreDnsValidation::upstreamProblem("tls://"), "no address after the scheme");
    EXPECT_EQ(CoreDnsValidation::upstreamProblem("[fd00::53]"),
              "an address in brackets needs a port, e.g. [fd00::1]:53");
    EXPECT_EQ(CoreDnsValidation::upstreamProblem("[10.0.0.1]:53"),
              "not an IPv6 address in brackets");
    EXPECT_EQ(CoreDnsValidation::upstreamProblem("fd00::53:x"),
              "an IPv6 address with a port needs brackets, e.g. [fd00::1]:53");
    EXPECT_EQ(CoreDnsValidation::upstreamProblem("/etc/resolv conf"),
              "a file path cannot contain spaces, quotes, braces or '#'");
    EXPECT_EQ(CoreDnsValidation::upstreamProblem(""), "empty");
}

TEST(CoreDnsValidationTest, HostRowsNameTheirFieldAndRow) {
    const auto problems = CoreDnsValidation::check(
        {
            {"10.101.140.98", "docker.oa.com"},
            {"10.101.140.999", "mirrors.aliyun.com"}, // bad address
            {"10.101.140.100", "pypi..cn"},           // bad hostname
            {"10.101.140.101", "DOCKER.oa.com."},     // same name, another address
            {"10.101.140.98", "docker.oa.com"},       // same name, same address: fine
            {"", "empty.example"},
            {"fe80::1%eth0", "v6.example"},
        },
        {});
    EXPECT_EQ(
        problems,
        (std::vector<CoreDnsProblem>{
            {Table::Hosts, 1, Field::Address, "not an IPv4 or IPv6 address"},
            {Table::Hosts, 2, Field::Hostname, "empty label (two dots in a row, or a leading dot)"},
            {Table::Hosts, 3, Field::Hostname, "already mapped to 10.101.140.98 in row 1"},
            {Table::Hosts, 5, Field::Address, "empty"},
        }));
}

TEST(CoreDnsValidationTest, ForwarderRowsNameTheirFieldAndRow) {
    std::vector<std::string> sixteen;
    for (int i = 1; i <= 16; ++i)
        sixteen.push_back("10.0.0." + std::to_string(i));
    const auto problems = CoreDnsValidation::check(
        {}, {
                {"oa.com", {"10.88.0.53"}},
                {".", {"8.8.8.8"}},
                {"OA.com.", {"10.88.0.54"}},
                {"corp..example", {"10.0.0.1", "10.0.0.1:99999", "dns.corp"}},
                {"empty.example", {}},
                {"many.example", sixteen},
            });
    EXPECT_EQ(problems, (std::vector<CoreDnsProblem>{
                            {Table::Forwarders, 1, Field::Domain,
                             "the root '.' is forwarded by the main server block"},
                            {Table::Forwarders, 2, Field::Domain, "already listed in row 1"},
                            {Table::Forwarders, 3, Field::Domain,
                             "empty label (two dots in a row, or a leading dot)"},
                            {Table::Forwarders, 3, Field::Upstreams,
                             "'10.0.0.1:99999': port must be between 1 and 65535"},
                            {Table::Forwarders, 3, Field::Upstreams,
                             "'dns.corp': not an IP address, IP:port or file path"},
                            {Table::Forwarders, 4, Field::Upstreams, "no upstream"},
                            {Table::Forwarders, 5, Field::Upstreams, "more than 15 upstreams"},
                        }));
}

TEST(CoreDnsValidationTest, TheDemoTablesAreValid) {
    EXPECT_TRUE(CoreDnsValidation::check(
                    {{"10.101.140.98", "docker.oa.com"}, {"10.101.140.102", "huggingface.co"}},
                    {{"oa.com", {"10.88.0.53"}}})
                    .empty());
}
