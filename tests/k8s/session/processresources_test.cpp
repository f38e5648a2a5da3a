#include "k8s/session/processresources.h"

#include <gtest/gtest.h>
#include <thread>

namespace cubedesk::k8s {
namespace {

TEST(ProcessResourcesTest, ParsesCpuListsAsTasksetWritesThem) {
    EXPECT_EQ(ProcessResources::parseCpuList("1"), (std::vector<int>{1}));
    EXPECT_EQ(ProcessResources::parseCpuList("0,2"), (std::vector<int>{0, 2}));
    EXPECT_EQ(ProcessResources::parseCpuList("2-4,0"), (std::vector<int>{0, 2, 3, 4}));
    EXPECT_EQ(ProcessResources::parseCpuList("3,1-3"), (std::vector<int>{1, 2, 3}));
}

TEST(ProcessResourcesTest, RejectsMalformedCpuLists) {
    for (const char *bad : {"", ",", "1,", ",1", "a", "1-", "-1", "3-1", "1--2", "1 ", "99999"})
        EXPECT_FALSE(ProcessResources::parseCpuList(bad).has_value()) << '"' << bad << '"';
}

#ifdef __linux__
TEST(ProcessResourcesTest, RestrictionHoldsForTheThreadAndThreadsItStarts) {
    // In a thread of its own, so that the test process keeps its CPUs.
    std::thread([] {
        const std::vector<int> before = ProcessResources::allowedCpus();
        ASSERT_FALSE(before.empty());
        const std::vector<int> one{before.back()};
        ASSERT_EQ(ProcessResources::restrictToCpus(one), std::nullopt);
        EXPECT_EQ(ProcessResources::allowedCpus(), one);
        std::vector<int> inherited;
        std::thread([&] { inherited = ProcessResources::allowedCpus(); }).join();
        EXPECT_EQ(inherited, one);
        EXPECT_NE(ProcessResources::restrictToCpus({-1}), std::nullopt);
        EXPECT_EQ(ProcessResources::allowedCpus(), one) << "a refused restriction changes nothing";
    }).join();
}
#endif

} // namespace
} // namespace cubedesk::k8s
