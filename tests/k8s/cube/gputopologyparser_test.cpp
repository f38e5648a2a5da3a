// GpuTopologyParser over the real `nvidia-smi topo -m` outputs of tests/fixtures/real/k8s
// (8×A100 NV12, 8×H100 NV18, 8×H100 with hyper-threaded CPU lists and a Markdown fence, one H200
// as driver 590 writes it to a file, terminal escapes included), over
// reworked copies of them (tabs, CRLF, lower case), over the formats other drivers print (NIC
// rows and legend, "GPU NUMA ID", mlx5_N headers, SOC) and over broken inputs, each of which must
// be rejected with the line that is wrong.

#include "k8s/cube/gputopologyparser.h"
#include "tests/k8s/cube/gpufixtures.h"

#include <gtest/gtest.h>
#include <regex>

using namespace cubedesk::k8s;
using LinkType = GpuTopology::LinkType;

namespace {

struct RealCase {
    const char *file;
    const char *link; ///< every GPU pair
    int nvlinks;
    const char *cpuFirst; ///< CPU affinity of GPU0..3
    const char *cpuLast;  ///< of GPU4..7
};

class RealFixtureTest : public ::testing::TestWithParam<RealCase> {};

TEST_P(RealFixtureTest, EightGpusAllToAllNvlinkTwoNumaNodes) {
    const RealCase &c = GetParam();
    const std::string text = gputest::realFixture(c.file);
    const auto r = GpuTopologyParser::parse(text);
    ASSERT_TRUE(r.ok()) << (r.errors.empty() ? "" : r.errors.front().toString());
    EXPECT_TRUE(r.warnings.empty()) << r.warnings.front().toString();
    const GpuTopology &t = *r.topology;
    EXPECT_EQ(t.source(), GpuTopology::Source::Annotation);
    ASSERT_EQ(t.gpuCount(), 8u);
    EXPECT_EQ(t.nicCount(), 0u);
    EXPECT_TRUE(t.hasLinks());
    for (std::size_t a = 0; a < 8; ++a) {
        EXPECT_EQ(t.device(a).name, "GPU" + std::to_string(a));
        EXPECT_EQ(t.device(a).numa, a < 4 ? 0 : 1);
        EXPECT_EQ(t.device(a).cpuAffinity, a < 4 ? c.cpuFirst : c.cpuLast);
        EXPECT_FALSE(t.device(a).gpuNumaId.has_value());
        for (std::size_t b = 0; b < 8; ++b) {
            const auto &l = t.link(a, b);
            if (a == b) {
                EXPECT_EQ(l.type, LinkType::Self);
                continue;
            }
            EXPECT_EQ(l.type, LinkType::NVLink);
            EXPECT_EQ(l.nvlinks, c.nvlinks);
            EXPECT_EQ(l.text, c.link);
            EXPECT_EQ(t.pairScore(a, b), 100);
        }
    }
    ASSERT_EQ(t.islands().size(), 1u);
    EXPECT_EQ(t.islands()[0], (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
    EXPECT_EQ(t.numaNodes(), (std::vector<int>{0, 1}));
    EXPECT_EQ(t.score({0, 1, 2, 3, 4, 5, 6, 7}), 2800);
    EXPECT_EQ(t.numaSpan({0, 1, 4}), 2);
    EXPECT_EQ(t.islandSpan({0, 1, 4}), 1);
    EXPECT_EQ(t.describeSet({0, 1, 2, 3}), "GPU0-3");
    EXPECT_EQ(t.describeSet({0, 1, 5}), "GPU0,GPU1,GPU5");

    // The same text with tabs, with CRLF line ends, and in lower case parses to the same.
    std::string tabs = std::regex_replace(text, std::regex(" {2,}"), "\t");
    std::string crlf = std::regex_replace(text, std::regex("\n"), "\r\n");
    std::string lowerLinks = std::regex_replace(text, std::regex("NV"), "nv");
    for (const std::string &variant : {tabs, crlf, lowerLinks}) {
        const auto v = GpuTopologyParser::parse(variant);
        ASSERT_TRUE(v.ok()) << v.errors.front().toString();
        EXPECT_EQ(v.topology->devices(), t.devices());
        for (std::size_t a = 0; a < 8; ++a)
            for (std::size_t b = 0; b < 8; ++b) {
                EXPECT_EQ(v.topology->link(a, b).type, t.link(a, b).type);
                EXPECT_EQ(v.topology->link(a, b).nvlinks, t.link(a, b).nvlinks);
            }
    }
}

INSTANTIATE_TEST_SUITE_P(
    NvidiaSmiTopo, RealFixtureTest,
    ::testing::Values(RealCase{"nvidia-smi-topo-a100-8gpu.txt", "NV12", 12, "0-23", "24-47"},
                      RealCase{"nvidia-smi-topo-h100-8gpu.txt", "NV18", 18, "0-51", "52-103"},
                      RealCase{"nvidia-smi-topo-h100-8gpu-ht.txt", "NV18", 18, "0-51,104-155",
                               "52-103,156-207"}));

// Driver 590 on an H200, written to a file: the header underlined with terminal escapes
// (ESC[4m … ESC[0m) although the output is no terminal, and the GPU NUMA ID column.
TEST(GpuTopologyParserTest, DriverOutputWithTerminalEscapesAsWrittenToAFile) {
    const std::string text = gputest::realFixture("nvidia-smi-topo-h200-1gpu-590.txt");
    ASSERT_NE(text.find("\x1b[4m"), std::string::npos) << "the fixture keeps the driver's bytes";
    const auto r = GpuTopologyParser::parse(text);
    ASSERT_TRUE(r.ok()) << r.errors.front().toString();
    const GpuTopology &t = *r.topology;
    ASSERT_EQ(t.gpuCount(), 1u);
    EXPECT_EQ(t.device(0).name, "GPU0");
    EXPECT_EQ(t.device(0).cpuAffinity, "0-23");
    EXPECT_EQ(t.device(0).numa, 0);
    EXPECT_FALSE(t.device(0).gpuNumaId.has_value()) << "N/A is unknown";
    EXPECT_EQ(t.link(0, 0).type, LinkType::Self);

    // An eight-GPU matrix decorated the same way by a current driver.
    std::string eight = gputest::realFixture("nvidia-smi-topo-h100-8gpu.txt");
    const auto header = eight.find("GPU0");
    const auto headerEnd = eight.find('\n', header);
    eight.insert(headerEnd, "\x1b[0m");
    eight.insert(header, "\x1b[4m");
    const auto d = GpuTopologyParser::parse(eight);
    ASSERT_TRUE(d.ok()) << d.errors.front().toString();
    EXPECT_EQ(d.topology->gpuCount(), 8u);
    EXPECT_EQ(d.topology->link(0, 7).nvlinks, 18);
}

TEST(GpuTopologyParserTest, AHeaderWithTensOfThousandsOfColumnsIsRefused) {
    std::string header = "\t";
    for (int i = 0; i < 40000; ++i)
        header += "GPU" + std::to_string(i) + '\t';
    const auto r = GpuTopologyParser::parse(header + "\nGPU0\t X \n");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.errors.front().message.find("40000 devices"), std::string::npos)
        << r.errors.front().toString();
}

// What current drivers print on a node with NICs: tabs, " X " cells, the empty field before
// "GPU NUMA ID", the legend and the NIC legend.
const char *const kWithNics = "\tGPU0\tGPU1\tGPU2\tGPU3\tNIC0\tNIC1\tCPU Affinity\tNUMA "
                              "Affinity\tGPU NUMA ID\n"
                              "GPU0\t X \tNV4\tSYS\tSYS\tPIX\tSYS\t0-15,32-47\t0\t\tN/A\n"
                              "GPU1\tNV4\t X \tSYS\tSYS\tPIX\tSYS\t0-15,32-47\t0\t\tN/A\n"
                              "GPU2\tSYS\tSYS\t X \tNV4\tSYS\tPXB\t16-31,48-63\t1\t\tN/A\n"
                              "GPU3\tSYS\tSYS\tNV4\t X \tSYS\tPXB\t16-31,48-63\t1\t\tN/A\n"
                              "NIC0\tPIX\tPIX\tSYS\tSYS\t X \tSYS\n"
                              "NIC1\tSYS\tSYS\tPXB\tPXB\tSYS\t X \n"
                              "\n"
                              "Legend:\n\n"
                              "  X    = Self\n"
                              "  SYS  = Connection traversing PCIe as well as the SMP interconnect "
                              "between NUMA nodes (e.g., QPI/UPI)\n"
                              "  NV#  = Connection traversing a bonded set of # NVLinks\n\n"
                              "NIC Legend:\n\n"
                              "  NIC0: mlx5_0\n"
                              "  NIC1: mlx5_1\n";

TEST(GpuTopologyParserTest, NicRowsLegendAndGpuNumaIdColumn) {
    const auto r = GpuTopologyParser::parse(kWithNics);
    ASSERT_TRUE(r.ok()) << r.errors.front().toString();
    EXPECT_TRUE(r.warnings.empty());
    const GpuTopology &t = *r.topology;
    ASSERT_EQ(t.gpuCount(), 4u);
    ASSERT_EQ(t.nicCount(), 2u);
    EXPECT_EQ(t.device(4).name, "NIC0");
    EXPECT_FALSE(t.device(4).gpu);
    EXPECT_EQ(t.device(4).alias, "mlx5_0");
    EXPECT_EQ(t.device(5).alias, "mlx5_1");
    EXPECT_EQ(t.device(2).cpuAffinity, "16-31,48-63");
    EXPECT_EQ(t.device(2).numa, 1);
    EXPECT_FALSE(t.device(2).gpuNumaId.has_value());
    EXPECT_EQ(t.link(0, 4).type, LinkType::Pix);
    EXPECT_EQ(t.link(2, 5).type, LinkType::Pxb);
    EXPECT_EQ(t.link(0, 2).type, LinkType::Sys);
    EXPECT_EQ(GpuTopology::bandwidthClass(t.link(0, 4).type),
              GpuTopology::BandwidthClass::PcieSwitch);
    EXPECT_EQ(GpuTopology::bandwidthClass(t.link(0, 2).type),
              GpuTopology::BandwidthClass::CrossNuma);
    // Two NVLink bridges: two islands.
    EXPECT_EQ(t.islands(), (std::vector<std::vector<int>>{{0, 1}, {2, 3}}));
    EXPECT_EQ(t.islandOf(3), 1);
    EXPECT_EQ(t.score({0, 1}), 100);
    EXPECT_EQ(t.score({0, 2}), 0);
    EXPECT_EQ(t.score({0, 1, 2, 3}), 200);
}

TEST(GpuTopologyParserTest, GraceHopperGpuNumaIdAndOlderDriverNames) {
    const auto gh = GpuTopologyParser::parse("\tGPU0\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\n"
                                             "GPU0\t X \t0-71\t0\t\t1\n");
    ASSERT_TRUE(gh.ok()) << gh.errors.front().toString();
    EXPECT_EQ(gh.topology->gpuCount(), 1u);
    EXPECT_EQ(gh.topology->device(0).gpuNumaId, 1);
    EXPECT_EQ(gh.topology->device(0).numa, 0);
    EXPECT_FALSE(gh.topology->hasLinks());
    EXPECT_TRUE(gh.topology->islands().empty());

    // Older drivers: NICs named mlx5_N in the header, SOC for SYS, CPU Affinity only.
    const auto old = GpuTopologyParser::parse("        GPU0    GPU1    mlx5_0  CPU Affinity\n"
                                              "GPU0     X      SOC     PHB     0-9,20-29\n"
                                              "GPU1    SOC      X      SOC     10-19,30-39\n"
                                              "mlx5_0  PHB     SOC      X\n");
    ASSERT_TRUE(old.ok()) << old.errors.front().toString();
    EXPECT_EQ(old.topology->gpuCount(), 2u);
    EXPECT_EQ(old.topology->nicCount(), 1u);
    EXPECT_EQ(old.topology->device(2).name, "mlx5_0");
    EXPECT_EQ(old.topology->link(0, 1).type, LinkType::Sys);
    EXPECT_EQ(old.topology->link(0, 2).type, LinkType::Phb);
    EXPECT_FALSE(old.topology->device(0).numa.has_value());
    EXPECT_EQ(old.topology->device(1).cpuAffinity, "10-19,30-39");
}

TEST(GpuTopologyParserTest, EveryNvlinkCountAndAHybridCubeMesh) {
    for (int n = 1; n <= 18; ++n) {
        const auto l = GpuTopologyParser::parseLink("NV" + std::to_string(n));
        ASSERT_TRUE(l);
        EXPECT_EQ(l->type, LinkType::NVLink);
        EXPECT_EQ(l->nvlinks, n);
    }
    EXPECT_FALSE(GpuTopologyParser::parseLink("NV"));
    EXPECT_FALSE(GpuTopologyParser::parseLink("NV0"));
    EXPECT_FALSE(GpuTopologyParser::parseLink("NVX"));
    EXPECT_EQ(GpuTopologyParser::parseLink("N/A")->type, LinkType::Unknown);

    // A DGX-1-style hybrid cube mesh (NV1/NV2, PIX/PHB/SYS between the rest): every GPU is in
    // one island although not every pair has a direct link, and unlinked pairs do not score
    // NVLink.
    const char *mesh =
        "\tGPU0\tGPU1\tGPU2\tGPU3\tGPU4\tGPU5\tGPU6\tGPU7\tCPU Affinity\tNUMA Affinity\n"
        "GPU0\t X \tNV1\tNV1\tNV2\tNV2\tSYS\tSYS\tSYS\t0-19\t0\n"
        "GPU1\tNV1\t X \tNV2\tNV1\tSYS\tNV2\tSYS\tSYS\t0-19\t0\n"
        "GPU2\tNV1\tNV2\t X \tNV2\tSYS\tSYS\tNV1\tSYS\t0-19\t0\n"
        "GPU3\tNV2\tNV1\tNV2\t X \tSYS\tSYS\tSYS\tNV1\t0-19\t0\n"
        "GPU4\tNV2\tSYS\tSYS\tSYS\t X \tNV1\tNV1\tNV2\t20-39\t1\n"
        "GPU5\tSYS\tNV2\tSYS\tSYS\tNV1\t X \tNV2\tNV1\t20-39\t1\n"
        "GPU6\tSYS\tSYS\tNV1\tSYS\tNV1\tNV2\t X \tNV2\t20-39\t1\n"
        "GPU7\tSYS\tSYS\tSYS\tNV1\tNV2\tNV1\tNV2\t X \t20-39\t1\n";
    const auto r = GpuTopologyParser::parse(mesh);
    ASSERT_TRUE(r.ok()) << r.errors.front().toString();
    const GpuTopology &t = *r.topology;
    ASSERT_EQ(t.islands().size(), 1u);
    EXPECT_EQ(t.islands()[0].size(), 8u);
    EXPECT_EQ(t.link(0, 3).nvlinks, 2);
    EXPECT_EQ(t.pairScore(0, 5), 0);   // SYS, other NUMA node
    EXPECT_EQ(t.pairScore(0, 4), 100); // NV2 across NUMA nodes
    EXPECT_EQ(t.score({0, 1, 2, 3}), 600);
    EXPECT_EQ(t.score({0, 1, 4, 5}), 400); // 0-1, 0-4, 1-5, 4-5
}

struct BrokenCase {
    const char *name;
    std::string text;
    int line;           ///< of the first error
    const char *expect; ///< part of the first error's message
};

std::string a100TopoText() {
    return gputest::realFixture("nvidia-smi-topo-a100-8gpu.txt");
}

std::string withoutLines(const std::string &text, int from, int count) {
    std::vector<std::string> lines;
    std::string line;
    std::istringstream in(text);
    while (std::getline(in, line))
        lines.push_back(line);
    lines.erase(lines.begin() + from - 1, lines.begin() + from - 1 + count);
    std::string out;
    for (const auto &l : lines)
        out += l + '\n';
    return out;
}

std::string replaced(std::string text, const std::string &what, const std::string &with) {
    const auto pos = text.find(what);
    EXPECT_NE(pos, std::string::npos) << what;
    if (pos != std::string::npos)
        text.replace(pos, what.size(), with);
    return text;
}

class BrokenInputTest : public ::testing::TestWithParam<BrokenCase> {};

TEST_P(BrokenInputTest, RejectedWithTheLineThatIsWrong) {
    const BrokenCase &c = GetParam();
    const auto r = GpuTopologyParser::parse(c.text);
    EXPECT_FALSE(r.ok());
    ASSERT_FALSE(r.errors.empty()) << c.name;
    EXPECT_EQ(r.errors.front().line, c.line) << c.name << ": " << r.errors.front().toString();
    EXPECT_NE(r.errors.front().message.find(c.expect), std::string::npos)
        << c.name << ": " << r.errors.front().toString();
}

std::vector<BrokenCase> brokenCases() {
    // Lines of the A100 fixture: 1 prompt, 2 header, 3-10 GPU0-GPU7.
    const std::string t = a100TopoText();
    return {
        {"empty", "", 0, "empty"},
        {"blank", "\n  \n\t\n", 0, "empty"},
        {"prose", "nvidia-smi: command not found\n", 0, "no header"},
        {"truncated", withoutLines(t, 9, 2), 8, "GPU6 has no row"},
        {"header only", t.substr(0, t.find("GPU0   X")), 2, "GPU0 has no row"},
        {"missing cell",
         replaced(t, "GPU3  NV12  NV12  NV12   X    NV12  NV12  NV12  NV12",
                  "GPU3  NV12  NV12  NV12   X    NV12  NV12  NV12"),
         6, "GPU3 has 7 link cells, 8 expected"},
        {"unknown link",
         replaced(t, "GPU5  NV12  NV12  NV12  NV12  NV12   X    NV12  NV12",
                  "GPU5  NV12  NV12  QPI   NV12  NV12   X    NV12  NV12"),
         8, "column GPU2: unknown link \"QPI\""},
        {"no self", replaced(t, "GPU1  NV12   X ", "GPU1  NV12  NV12"), 4,
         "expected X on the diagonal"},
        {"duplicate row", replaced(t, "GPU7  NV12", "GPU6  NV12"), 10, "GPU6 has a second row"},
        {"row before header", withoutLines(t, 2, 1), 2, "before any header"},
        {"no GPU column", "\tNIC0\tNIC1\nNIC0\t X \tSYS\nNIC1\tSYS\t X \n", 1, "no GPU column"},
        {"twice named", "\tGPU0\tGPU0\nGPU0\t X \tNV1\n", 1, "named twice"},
    };
}

INSTANTIATE_TEST_SUITE_P(Broken, BrokenInputTest, ::testing::ValuesIn(brokenCases()),
                         [](const auto &info) {
                             std::string n = info.param.name;
                             for (char &ch : n)
                                 if (!std::isalnum(static_cast<unsigned char>(ch)))
                                     ch = '_';
                             return n;
                         });

TEST(GpuTopologyParserTest, WarningsKeepTheTopology) {
    // An asymmetric pair and a NUMA value that is not a number are reported, not fatal.
    const auto r = GpuTopologyParser::parse("\tGPU0\tGPU1\tCPU Affinity\tNUMA Affinity\n"
                                            "GPU0\t X \tNV2\t0-7\t0-1\n"
                                            "GPU1\tSYS\t X \t8-15\t1\n");
    ASSERT_TRUE(r.ok()) << r.errors.front().toString();
    ASSERT_EQ(r.warnings.size(), 2u);
    EXPECT_EQ(r.warnings[0].line, 2);
    EXPECT_NE(r.warnings[0].message.find("not a NUMA node number"), std::string::npos);
    EXPECT_EQ(r.warnings[1].line, 3);
    EXPECT_NE(r.warnings[1].message.find("one way"), std::string::npos);
    EXPECT_FALSE(r.topology->device(0).numa.has_value());
    EXPECT_EQ(r.topology->pairScore(0, 1), 100); // a link seen either way counts
}

} // namespace
