// FaultInjector's `cycle` (the soak's fault every two minutes): the order of its faults, each
// in force for 2 s after its point, every point closing every connection, and `for` ending it.

#include "k8s/sim/faultinjector.h"

#include <chrono>
#include <gtest/gtest.h>
#include <thread>

using namespace cubedesk::sim;
using Clock = std::chrono::steady_clock;

namespace {

/// What the injector answers for a resource request, a watch start and the connection
/// generation, and how many cycle points had passed (by the test's clock) around the asking.
struct Observation {
    std::optional<int> status; ///< the injected request fault's HTTP status
    bool expiresWatch = false;
    std::uint64_t generation = 0;
    long long pointsBefore = 0;
    long long pointsAfter = 0;
};

Observation observe(FaultInjector &f, Clock::time_point start, std::chrono::milliseconds every) {
    Observation o;
    o.pointsBefore = (Clock::now() - start) / every;
    const auto fault = f.requestFault();
    o.status = fault ? std::optional<int>(fault->code) : std::nullopt;
    o.expiresWatch = f.expireWatch();
    o.generation = f.resetGeneration();
    o.pointsAfter = (Clock::now() - start) / every;
    return o;
}

} // namespace

TEST(FaultInjectorTest, CycleRunsResetExpireServerErrorAndUnauthorizedInTurn) {
    constexpr std::chrono::milliseconds kEvery(600);
    FaultInjector f;
    const auto start = Clock::now();
    ASSERT_EQ(f.configure("cycle:every=600ms"), std::nullopt);
    EXPECT_TRUE(f.active());
    // Asked 100 ms after each of the first four points (and again whenever the asking straddled a
    // point on a busy machine): the point's fault is in force, and the point closed connections.
    for (long long point = 1; point <= 4; ++point) {
        Observation o;
        do {
            std::this_thread::sleep_until(start + kEvery * point + std::chrono::milliseconds(100));
            o = observe(f, start, kEvery);
        } while (o.pointsBefore != o.pointsAfter);
        ASSERT_GE(o.pointsBefore, point);
        EXPECT_EQ(o.generation, static_cast<std::uint64_t>(o.pointsBefore));
        switch ((o.pointsBefore - 1) % 4) {
        case 0: // every connection closed, nothing else
            EXPECT_EQ(o.status, std::nullopt);
            EXPECT_FALSE(o.expiresWatch);
            break;
        case 1: // watch starts answer 410
            EXPECT_EQ(o.status, std::nullopt);
            EXPECT_TRUE(o.expiresWatch);
            break;
        case 2:
            EXPECT_EQ(o.status, 500);
            break;
        case 3: // an expired token
            EXPECT_EQ(o.status, 401);
            break;
        }
    }
}

TEST(FaultInjectorTest, CycleEndsAfterFor) {
    FaultInjector f;
    ASSERT_EQ(f.configure("cycle:every=100ms:for=250ms"), std::nullopt);
    // Points at 100 and 200 ms; none after `for`, so the generation stays at 2.
    std::this_thread::sleep_for(std::chrono::milliseconds(2600));
    EXPECT_EQ(f.resetGeneration(), 2u);
    EXPECT_FALSE(f.requestFault().has_value()) << "2 s after the last point, nothing is in force";
}

TEST(FaultInjectorTest, CycleSpecsAreChecked) {
    FaultInjector f;
    EXPECT_NE(f.configure("cycle:every=0s"), std::nullopt);
    EXPECT_NE(f.configure("cycle:every=x"), std::nullopt);
    EXPECT_NE(f.configure("cycle:every=1s:for=y"), std::nullopt);
    EXPECT_EQ(f.configure("cycle:every=2m:for=120m"), std::nullopt);
}
