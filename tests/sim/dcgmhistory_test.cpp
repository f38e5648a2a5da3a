// DcgmHistory: scrapes of exposition text stored as Prometheus's scrape loop stores them for
// prometheus-operator's job (honor_labels false), written as the OpenMetrics text promtool
// turns into blocks.

#include "k8s/sim/dcgmhistory.h"

#include <gtest/gtest.h>
#include <sstream>

using namespace cubedesk::sim;

namespace {

const std::string kExposition =
    "# HELP DCGM_FI_DEV_GPU_UTIL GPU utilization (in %).\n"
    "# TYPE DCGM_FI_DEV_GPU_UTIL gauge\n"
    "DCGM_FI_DEV_GPU_UTIL{gpu=\"0\",UUID=\"GPU-1\",Hostname=\"gpu-1\",container=\"main\","
    "namespace=\"ml\",pod=\"train-0\"} 93\n"
    "DCGM_FI_DEV_GPU_UTIL{gpu=\"1\",UUID=\"GPU-2\",Hostname=\"gpu-1\",container=\"\","
    "namespace=\"\",pod=\"\"} 0\n"
    "# HELP DCGM_FI_DEV_POWER_USAGE Power draw (in W).\n"
    "# TYPE DCGM_FI_DEV_POWER_USAGE gauge\n"
    "DCGM_FI_DEV_POWER_USAGE{gpu=\"0\",UUID=\"GPU-1\",modelName=\"A \\\"quoted\\\" \\\\ name\","
    "Hostname=\"gpu-1\"} 312.000000\n";

const DcgmHistory::Labels kTarget = {{"__metrics_path__", "/node/gpu-1/metrics"},
                                     {"instance", "10.0.0.5:9400"},
                                     {"job", "dcgm-exporter"},
                                     {"namespace", "monitoring"},
                                     {"pod", "dcgm-exporter-abcde"},
                                     {"container", "dcgm-exporter"}};

DcgmHistory::TimePoint at(long long seconds) {
    return DcgmHistory::TimePoint(std::chrono::seconds(seconds));
}

TEST(DcgmHistoryTest, LabelsAreStoredAsTheScrapeStoresThem) {
    DcgmHistory history;
    ASSERT_TRUE(history.add(kExposition, kTarget, at(1000)));
    EXPECT_EQ(history.samples(), 3u);
    std::ostringstream out;
    history.write(out);
    EXPECT_EQ(
        out.str(),
        "# TYPE DCGM_FI_DEV_GPU_UTIL gauge\n"
        // The exporter's namespace/pod/container become exported_*; the target's are
        // added; empty labels are dropped; __metrics_path__ is not stored.
        "DCGM_FI_DEV_GPU_UTIL{Hostname=\"gpu-1\",UUID=\"GPU-1\",container=\"dcgm-exporter\","
        "exported_container=\"main\",exported_namespace=\"ml\",exported_pod=\"train-0\","
        "gpu=\"0\",instance=\"10.0.0.5:9400\",job=\"dcgm-exporter\","
        "namespace=\"monitoring\",pod=\"dcgm-exporter-abcde\"} 93 1000.000\n"
        "DCGM_FI_DEV_GPU_UTIL{Hostname=\"gpu-1\",UUID=\"GPU-2\",container=\"dcgm-exporter\","
        "gpu=\"1\",instance=\"10.0.0.5:9400\",job=\"dcgm-exporter\","
        "namespace=\"monitoring\",pod=\"dcgm-exporter-abcde\"} 0 1000.000\n"
        "# TYPE DCGM_FI_DEV_POWER_USAGE gauge\n"
        "DCGM_FI_DEV_POWER_USAGE{Hostname=\"gpu-1\",UUID=\"GPU-1\",container=\"dcgm-exporter\","
        "gpu=\"0\",instance=\"10.0.0.5:9400\",job=\"dcgm-exporter\","
        "modelName=\"A \\\"quoted\\\" \\\\ name\",namespace=\"monitoring\","
        "pod=\"dcgm-exporter-abcde\"} 312.000000 1000.000\n"
        "# EOF\n");
}

TEST(DcgmHistoryTest, FamiliesAreKeptWholeAndEachSeriesInTimeOrder) {
    DcgmHistory history({"DCGM_FI_DEV_GPU_UTIL"});
    // Added out of order, and with another target in between.
    ASSERT_TRUE(history.add(kExposition, kTarget,
                            std::chrono::time_point_cast<DcgmHistory::TimePoint::duration>(
                                at(1120) + std::chrono::milliseconds(5))));
    ASSERT_TRUE(history.add(kExposition, kTarget, at(1000)));
    EXPECT_EQ(history.samples(), 4u) << "the power family is left out";
    std::ostringstream out;
    history.write(out);
    const std::string text = out.str();
    EXPECT_EQ(text.find("POWER"), std::string::npos);
    const std::size_t first = text.find("} 93 1000.000\n");
    const std::size_t second = text.find("} 93 1120.005\n");
    ASSERT_NE(first, std::string::npos) << text;
    ASSERT_NE(second, std::string::npos) << text;
    EXPECT_LT(first, second);
    EXPECT_LT(second, text.find("GPU-2")) << "one series' samples together";
}

TEST(DcgmHistoryTest, AMalformedLineStoresNothingOfThatScrape) {
    DcgmHistory history;
    EXPECT_FALSE(history.add("DCGM_FI_DEV_GPU_UTIL{gpu=\"0} 1\n", kTarget, at(1)));
    EXPECT_FALSE(history.add("DCGM_FI_DEV_GPU_UTIL{gpu=0} 1\n", kTarget, at(1)));
    EXPECT_FALSE(history.add(kExposition + "DCGM_FI_DEV_GPU_UTIL{gpu=\"0\"}\n", kTarget, at(1)));
    EXPECT_EQ(history.samples(), 0u);
    EXPECT_TRUE(history.add("up 1\n", {}, at(1))) << "a sample without labels";
    std::ostringstream out;
    history.write(out);
    EXPECT_EQ(out.str(), "# TYPE up gauge\nup 1 1.000\n# EOF\n");
}

} // namespace
