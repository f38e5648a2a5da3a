// Reflector against a fake lister/watcher and a fake clock: pagination, relist with deletions,
// 410, 429 with Retry-After, backoff growth and reset, short watches, auth and permission errors,
// streaming lists and their fallback to pages.

#include "k8s/watch/reflector.h"

#include <gtest/gtest.h>
#include <map>

using namespace cubedesk::k8s;

namespace {

struct Item {
    std::string key;
    std::string rv;
};
struct ItemTraits {
    using Key = std::string;
    using Hash = std::hash<std::string>;
    static const std::string &key(const Item &i) { return i.key; }
    static const std::string &version(const Item &i) { return i.rv; }
};
using TestReflector = Reflector<Item, ItemTraits>;
using Clock = std::chrono::steady_clock;

std::shared_ptr<const Item> item(std::string key, std::string rv) {
    return std::make_shared<const Item>(Item{std::move(key), std::move(rv)});
}

class ReflectorTest : public ::testing::Test {
protected:
    std::vector<std::pair<TestReflector::DeltaType, std::string>> deltas;
    Clock::time_point now = Clock::time_point() + std::chrono::hours(1);
    TestReflector reflector{TestReflector::Config{},
                            [this](TestReflector::DeltaType t, const TestReflector::Ptr &o) {
                                deltas.emplace_back(t, o->key);
                            }};

    ReflectorCommand listAll(std::vector<std::shared_ptr<const Item>> items,
                             const std::string &rv) {
        std::vector<TestReflector::Ptr> ptrs(items.begin(), items.end());
        return reflector.onListPage(std::move(ptrs), rv, "", now);
    }
};

TEST_F(ReflectorTest, ListsInPagesThenWatchesFromTheListVersion) {
    auto c = reflector.start(now);
    EXPECT_EQ(c.type, ReflectorCommand::Type::List);
    EXPECT_EQ(reflector.state().phase, WatchState::Phase::Connecting);
    c = reflector.onListPage({item("ns/a", "5")}, "10", "token-2", now);
    EXPECT_EQ(c.type, ReflectorCommand::Type::List);
    EXPECT_EQ(c.continueToken, "token-2");
    EXPECT_TRUE(deltas.empty()) << "nothing is published before the list is complete";
    c = reflector.onListPage({item("ns/b", "7")}, "10", "", now);
    EXPECT_EQ(c.type, ReflectorCommand::Type::Watch);
    EXPECT_EQ(c.resourceVersion, "10");
    EXPECT_GE(c.timeoutSeconds, 300);
    EXPECT_LE(c.timeoutSeconds, 600);
    EXPECT_EQ(reflector.state().phase, WatchState::Phase::Synced);
    EXPECT_EQ(deltas.size(), 2u);
    EXPECT_EQ(reflector.size(), 2u);
}

TEST_F(ReflectorTest, ExpiredContinueTokenListsAgainInOneResponse) {
    auto c = reflector.start(now);
    EXPECT_FALSE(c.unpaged) << "lists are paged";
    c = reflector.onListPage({item("ns/a", "5")}, "10", "token-2", now);
    ASSERT_EQ(c.continueToken, "token-2");
    // The server's history moved past the list's snapshot while we read the pages.
    c = reflector.onFailure({410, "Expired", "The provided continue parameter is too old", -1},
                            now);
    EXPECT_EQ(c.type, ReflectorCommand::Type::List);
    EXPECT_TRUE(c.unpaged) << "paging again would expire again on a busy server";
    EXPECT_TRUE(c.continueToken.empty());
    EXPECT_EQ(reflector.state().relists, 1u);
    EXPECT_TRUE(deltas.empty()) << "the first page was dropped, not published";
    c = reflector.onListPage({item("ns/a", "5"), item("ns/b", "7")}, "12", "", now);
    EXPECT_EQ(c.type, ReflectorCommand::Type::Watch);
    EXPECT_EQ(c.resourceVersion, "12");
    EXPECT_EQ(reflector.size(), 2u);
    // A 410 for a first page or a watch is the ordinary relist, paged, after the backoff.
    c = reflector.onFailure({410, "Expired", "too old resource version: 12 (99)", -1}, now);
    EXPECT_EQ(c.type, ReflectorCommand::Type::None);
    c = reflector.onTimer(*reflector.wakeAt());
    EXPECT_EQ(c.type, ReflectorCommand::Type::List);
    EXPECT_FALSE(c.unpaged) << "only a continue page falls back to one response";
}

TEST_F(ReflectorTest, WatchEventsAndBookmarksAdvanceTheVersion) {
    reflector.start(now);
    listAll({item("a", "1")}, "3");
    reflector.onAdded(item("b", "4"));
    reflector.onModified(item("a", "5"));
    reflector.onModified(item("a", "5")); // same version: no delta
    reflector.onDeleted(item("b", "6"));
    reflector.onBookmark("9");
    EXPECT_EQ(reflector.lastResourceVersion(), "9");
    auto c = reflector.onWatchClosed(now);
    EXPECT_EQ(c.type, ReflectorCommand::Type::Watch);
    EXPECT_EQ(c.resourceVersion, "9") << "a short watch resumes where it ended, no relist";
    using D = TestReflector::DeltaType;
    const std::vector<std::pair<D, std::string>> expected = {
        {D::Added, "a"}, {D::Added, "b"}, {D::Updated, "a"}, {D::Deleted, "b"}};
    EXPECT_EQ(deltas, expected);
    EXPECT_EQ(reflector.state().relists, 0u);
}

// renew(): the next list replaces every object, unchanged ones too, and the data stays live.
TEST_F(ReflectorTest, RenewReplacesEveryObjectWhileStayingLive) {
    reflector.start(now);
    listAll({item("a", "1"), item("b", "2"), item("c", "3")}, "3");
    deltas.clear();
    auto c = reflector.renew();
    EXPECT_EQ(c.type, ReflectorCommand::Type::List);
    EXPECT_TRUE(reflector.renewing());
    EXPECT_EQ(reflector.state().phase, WatchState::Phase::Synced) << "renewing is no failure";
    const auto renewedA = item("a", "1");
    c = listAll({renewedA, item("b", "4"), item("d", "5")}, "6");
    EXPECT_EQ(c.type, ReflectorCommand::Type::Watch);
    EXPECT_EQ(c.resourceVersion, "6");
    EXPECT_FALSE(reflector.renewing());
    using D = TestReflector::DeltaType;
    const std::vector<std::pair<D, std::string>> expected = {
        {D::Updated, "a"}, {D::Updated, "b"}, {D::Deleted, "c"}, {D::Added, "d"}};
    EXPECT_EQ(deltas, expected);
    bool storedRenewed = false;
    reflector.items().forEach(
        [&](const TestReflector::Ptr &o) { storedRenewed = storedRenewed || o == renewedA; });
    EXPECT_TRUE(storedRenewed) << "the unchanged object is the newly listed one";
    // The next relist is an ordinary one again: unchanged objects stay as they are.
    deltas.clear();
    reflector.restart();
    listAll({renewedA, item("b", "4"), item("d", "5")}, "7");
    EXPECT_TRUE(deltas.empty());
}

// renew() while backing off waits for the retry, which then lists instead of resuming the watch.
TEST_F(ReflectorTest, RenewWhileBackingOffListsAtTheRetry) {
    reflector.start(now);
    listAll({item("a", "1")}, "3");
    reflector.onFailure({500, "InternalError", "", -1}, now);
    ASSERT_TRUE(reflector.wakeAt().has_value());
    EXPECT_EQ(reflector.renew().type, ReflectorCommand::Type::None);
    auto c = reflector.onTimer(*reflector.wakeAt());
    EXPECT_EQ(c.type, ReflectorCommand::Type::List) << "not a watch resumed from version 3";
    deltas.clear();
    listAll({item("a", "1")}, "4");
    ASSERT_EQ(deltas.size(), 1u);
    EXPECT_EQ(deltas[0].first, TestReflector::DeltaType::Updated);
}

TEST_F(ReflectorTest, GoneRelistsAndDetectsDeletionsByDiff) {
    reflector.start(now);
    listAll({item("a", "1"), item("b", "2"), item("c", "3")}, "3");
    deltas.clear();
    auto c = reflector.onFailure({410, "Expired", "too old resource version: 3 (9)", -1}, now);
    EXPECT_EQ(c.type, ReflectorCommand::Type::None) << "the relist waits for the backoff";
    EXPECT_FALSE(reflector.state().live());
    EXPECT_EQ(reflector.state().relists, 1u);
    ASSERT_TRUE(reflector.wakeAt().has_value());
    EXPECT_LE(*reflector.wakeAt() - now, std::chrono::milliseconds(800))
        << "after a healthy watch the first step is short";
    c = reflector.onTimer(*reflector.wakeAt());
    EXPECT_EQ(c.type, ReflectorCommand::Type::List) << "a full list, not a watch";
    c = listAll({item("a", "1"), item("c", "8"), item("d", "9")}, "12");
    EXPECT_EQ(c.resourceVersion, "12");
    std::map<std::string, TestReflector::DeltaType> byKey;
    for (const auto &[t, k] : deltas)
        byKey[k] = t;
    EXPECT_EQ(byKey.size(), 3u) << "a unchanged, so no delta";
    EXPECT_EQ(byKey["b"], TestReflector::DeltaType::Deleted);
    EXPECT_EQ(byKey["c"], TestReflector::DeltaType::Updated);
    EXPECT_EQ(byKey["d"], TestReflector::DeltaType::Added);
}

// After a 410 the watch's version is gone from the server's history: a relist that fails (a
// reset, a 500, a page that expired) must be followed by another list, never by a watch from the
// lost version, which can only answer 410 again and double the backoff.
TEST_F(ReflectorTest, AFailedRelistAfterGoneListsAgain) {
    reflector.start(now);
    listAll({item("a", "1")}, "3");
    ASSERT_EQ(
        reflector.onFailure({410, "Expired", "too old resource version: 3 (9)", -1}, now).type,
        ReflectorCommand::Type::None);
    now = *reflector.wakeAt();
    ASSERT_EQ(reflector.onTimer(now).type, ReflectorCommand::Type::List);
    // The relist's first page is answered, the second fails; then the whole list fails once.
    ASSERT_EQ(reflector.onListPage({item("a", "1")}, "10", "token-2", now).type,
              ReflectorCommand::Type::List);
    reflector.onFailure({500, "InternalError", "injected", -1}, now);
    now = *reflector.wakeAt();
    EXPECT_EQ(reflector.onTimer(now).type, ReflectorCommand::Type::List);
    reflector.onFailure({0, "reset", "connection reset by peer", -1}, now);
    now = *reflector.wakeAt();
    EXPECT_EQ(reflector.onTimer(now).type, ReflectorCommand::Type::List)
        << "still a list: version 3 is gone";
    EXPECT_FALSE(reflector.state().live());
    auto c = listAll({item("a", "1"), item("b", "11")}, "12");
    EXPECT_EQ(c.type, ReflectorCommand::Type::Watch);
    EXPECT_EQ(c.resourceVersion, "12");
    EXPECT_TRUE(reflector.state().live());
    // Once a list finished, an ordinary failure resumes the watch again.
    reflector.onFailure({500, "InternalError", "injected", -1}, now);
    now = *reflector.wakeAt();
    c = reflector.onTimer(now);
    EXPECT_EQ(c.type, ReflectorCommand::Type::Watch);
    EXPECT_EQ(c.resourceVersion, "12");
}

TEST_F(ReflectorTest, TooManyRequestsBacksOffAtLeastRetryAfter) {
    reflector.start(now);
    auto c = reflector.onFailure({429, "TooManyRequests", "slow down", 3}, now);
    EXPECT_EQ(c.type, ReflectorCommand::Type::None);
    EXPECT_EQ(reflector.state().phase, WatchState::Phase::BackingOff);
    ASSERT_TRUE(reflector.wakeAt().has_value());
    EXPECT_GE(*reflector.wakeAt() - now, std::chrono::seconds(3));
    EXPECT_EQ(reflector.onTimer(now + std::chrono::seconds(1)).type, ReflectorCommand::Type::None);
    EXPECT_EQ(reflector.onTimer(now + std::chrono::seconds(4)).type, ReflectorCommand::Type::List);
}

TEST_F(ReflectorTest, BackoffGrowsWithJitterAndResetsAfterHealthyPeriod) {
    reflector.start(now);
    listAll({item("a", "1")}, "1");
    std::vector<std::chrono::milliseconds> delays;
    for (int i = 0; i < 8; ++i) {
        reflector.onFailure({0, "connection refused", "", -1}, now);
        EXPECT_EQ(reflector.state().phase, WatchState::Phase::BackingOff);
        delays.push_back(
            std::chrono::duration_cast<std::chrono::milliseconds>(*reflector.wakeAt() - now));
        auto c = reflector.onTimer(*reflector.wakeAt());
        EXPECT_EQ(c.type, ReflectorCommand::Type::Watch) << "resume the watch, not a relist";
        EXPECT_EQ(c.resourceVersion, "1");
    }
    EXPECT_GE(delays[0].count(), 400);
    EXPECT_LE(delays[0].count(), 800);
    EXPECT_GE(delays[7].count(), 15000);
    EXPECT_LE(delays[7].count(), 30000);
    EXPECT_EQ(reflector.state().reason, "connection refused");

    // Healthy for two minutes: the next failure starts from the small delay again.
    listAll({item("a", "1")}, "2");
    now += std::chrono::minutes(3);
    reflector.onFailure({503, "ServiceUnavailable", "", -1}, now);
    EXPECT_LE(*reflector.wakeAt() - now, std::chrono::milliseconds(800));
}

TEST_F(ReflectorTest, AWatchThatWorkedThenBrokeIsRetriedSoon) {
    reflector.start(now);
    listAll({item("a", "1")}, "1");
    // Failing fast: the delay grows.
    for (int i = 0; i < 5; ++i) {
        reflector.onFailure({0, "connection refused", "", -1}, now);
        now = *reflector.wakeAt();
        reflector.onTimer(now);
    }
    reflector.onFailure({0, "connection refused", "", -1}, now);
    EXPECT_GE(*reflector.wakeAt() - now, std::chrono::seconds(8));
    now = *reflector.wakeAt();
    reflector.onTimer(now); // the watch opens and works: events arrive, then the link drops
    reflector.onModified(item("a", "2"));
    now += std::chrono::milliseconds(300);
    reflector.onFailure({0, "connection reset", "", -1}, now);
    EXPECT_LE(*reflector.wakeAt() - now, std::chrono::milliseconds(800));
    now = *reflector.wakeAt();
    auto c = reflector.onTimer(now);
    EXPECT_EQ(c.type, ReflectorCommand::Type::Watch);
    EXPECT_EQ(c.resourceVersion, "2");
}

TEST_F(ReflectorTest, AServerAnswering410ToEveryWatchDoesNotMakeAHotLoop) {
    reflector.start(now);
    listAll({item("a", "1")}, "1");
    std::chrono::milliseconds waited{0};
    for (int i = 0; i < 6; ++i) {
        // Each watch is refused at once with 410; each relist then succeeds.
        auto c = reflector.onFailure({410, "Expired", "too old", -1}, now);
        ASSERT_EQ(c.type, ReflectorCommand::Type::None);
        ASSERT_TRUE(reflector.wakeAt().has_value());
        const auto delay =
            std::chrono::duration_cast<std::chrono::milliseconds>(*reflector.wakeAt() - now);
        waited += delay;
        now = *reflector.wakeAt();
        ASSERT_EQ(reflector.onTimer(now).type, ReflectorCommand::Type::List);
        ASSERT_EQ(listAll({item("a", "1")}, "1").type, ReflectorCommand::Type::Watch);
    }
    EXPECT_GE(waited, std::chrono::seconds(10)) << "the delays grow: 0.8, 1.6, 3.2, 6.4 s ...";
}

TEST_F(ReflectorTest, AVeryShortWatchBacksOffAndALongOneResumesAtOnce) {
    reflector.start(now);
    listAll({item("a", "1")}, "5");
    // A proxy ends every watch at once, with no event: client-go's "very short watch".
    std::vector<std::chrono::milliseconds> delays;
    for (int i = 0; i < 4; ++i) {
        now += std::chrono::milliseconds(20);
        auto c = reflector.onWatchClosed(now);
        ASSERT_EQ(c.type, ReflectorCommand::Type::None);
        EXPECT_EQ(reflector.state().phase, WatchState::Phase::BackingOff);
        EXPECT_NE(reflector.state().reason.find("very short watch"), std::string::npos);
        delays.push_back(
            std::chrono::duration_cast<std::chrono::milliseconds>(*reflector.wakeAt() - now));
        now = *reflector.wakeAt();
        c = reflector.onTimer(now);
        ASSERT_EQ(c.type, ReflectorCommand::Type::Watch);
        EXPECT_EQ(c.resourceVersion, "5");
    }
    EXPECT_GT(delays.back(), delays.front()) << "the backoff escalates";
    // A watch that ran its course (the server's timeout) resumes at once.
    now += std::chrono::minutes(6);
    EXPECT_EQ(reflector.onWatchClosed(now).type, ReflectorCommand::Type::Watch);
    // So does a short one that delivered an event.
    now += std::chrono::milliseconds(50);
    reflector.onModified(item("a", "6"));
    auto c = reflector.onWatchClosed(now);
    EXPECT_EQ(c.type, ReflectorCommand::Type::Watch);
    EXPECT_EQ(c.resourceVersion, "6");
}

TEST_F(ReflectorTest, ASilentWatchIsReopenedWithoutLookingStale) {
    reflector.start(now);
    listAll({item("a", "1")}, "7");
    now += std::chrono::seconds(65);
    auto c = reflector.onWatchIdle(now);
    EXPECT_EQ(c.type, ReflectorCommand::Type::Watch);
    EXPECT_EQ(c.resourceVersion, "7");
    EXPECT_TRUE(reflector.state().live()) << "silence alone proves nothing";
    EXPECT_EQ(reflector.state().idleRewatches, 1u);
    // The new watch finds the path dead (no answer within its deadline): now it is stale.
    now += std::chrono::seconds(20);
    reflector.onFailure({0, "no answer from the server within 20000 ms", "", -1}, now);
    EXPECT_FALSE(reflector.state().live());
    EXPECT_EQ(reflector.state().reason, "no answer from the server within 20000 ms");
}

// A watch resumed after a backoff (no relist) makes the data live again once it is answered;
// before, the state stayed "backing off" until the next relist, so a network blip left a healthy
// cluster looking stale.
TEST_F(ReflectorTest, AResumedWatchIsLiveOnceAnswered) {
    reflector.start(now);
    listAll({item("a", "1")}, "4");
    reflector.onFailure({0, "connection reset", "", -1}, now);
    EXPECT_FALSE(reflector.state().live());
    now = *reflector.wakeAt();
    auto c = reflector.onTimer(now);
    ASSERT_EQ(c.type, ReflectorCommand::Type::Watch);
    EXPECT_FALSE(reflector.state().live()) << "not before the server answered";
    reflector.onWatchOpened(now);
    EXPECT_TRUE(reflector.state().live());
    EXPECT_TRUE(reflector.state().reason.empty());
    EXPECT_EQ(reflector.state().relists, 0u);
}

TEST_F(ReflectorTest, RetryAfterIsClamped) {
    reflector.start(now);
    reflector.onFailure({429, "TooManyRequests", "come back tomorrow", 86400}, now);
    ASSERT_TRUE(reflector.wakeAt().has_value());
    EXPECT_LE(*reflector.wakeAt() - now, std::chrono::seconds(60));
    EXPECT_GE(*reflector.wakeAt() - now, std::chrono::seconds(60));
}

TEST_F(ReflectorTest, DifferentSeedsRetryOnDifferentSchedules) {
    auto delaysFor = [](std::uint64_t seed) {
        TestReflector::Config config;
        config.seed = seed;
        TestReflector r(config, [](TestReflector::DeltaType, const TestReflector::Ptr &) {});
        auto t = Clock::time_point() + std::chrono::hours(1);
        r.start(t);
        std::vector<Clock::duration> delays;
        for (int i = 0; i < 6; ++i) {
            r.onFailure({0, "connection refused", "", -1}, t);
            delays.push_back(*r.wakeAt() - t);
            t = *r.wakeAt();
            r.onTimer(t);
        }
        return delays;
    };
    EXPECT_EQ(delaysFor(7), delaysFor(7));
    EXPECT_NE(delaysFor(7), delaysFor(8)) << "jitter comes from the seed";
}

TEST_F(ReflectorTest, ForbiddenAndUnauthorizedAreReportedAndRetriedSlowly) {
    reflector.start(now);
    reflector.onFailure({403, "Forbidden", "pods is forbidden: User \"x\" cannot list", -1}, now);
    EXPECT_EQ(reflector.state().phase, WatchState::Phase::Forbidden);
    EXPECT_NE(reflector.state().reason.find("pods is forbidden"), std::string::npos);
    EXPECT_EQ(*reflector.wakeAt() - now, std::chrono::seconds(30));
    EXPECT_EQ(reflector.onTimer(now + std::chrono::seconds(30)).type, ReflectorCommand::Type::List);
    reflector.onFailure({401, "Unauthorized", "Unauthorized", -1}, now);
    EXPECT_EQ(reflector.state().phase, WatchState::Phase::AuthError);
    EXPECT_FALSE(reflector.state().live());
}

} // namespace

// Streaming lists (KEP-3157): the state arrives as ADDED events of one watch, complete at the
// BOOKMARK marked initial-events-end; the same request then goes on as the watch.
class StreamingReflectorTest : public ReflectorTest {
protected:
    static TestReflector::Config streaming() {
        TestReflector::Config c;
        c.streamingLists = true;
        return c;
    }
    TestReflector streamer{streaming(),
                           [this](TestReflector::DeltaType t, const TestReflector::Ptr &o) {
                               deltas.emplace_back(t, o->key);
                           }};
};

TEST_F(StreamingReflectorTest, TheStateIsPublishedWhenItsEndMarkerArrivesThenItWatches) {
    auto c = streamer.start(now);
    EXPECT_EQ(c.type, ReflectorCommand::Type::Watch);
    EXPECT_TRUE(c.sendInitialEvents);
    EXPECT_TRUE(c.resourceVersion.empty()) << "the latest state, read consistently";
    streamer.onWatchOpened(now);
    EXPECT_EQ(streamer.state().phase, WatchState::Phase::Connecting)
        << "an answered streaming list is not live before its state is complete";
    streamer.onAdded(item("a", "5"));
    streamer.onAdded(item("b", "7"));
    EXPECT_TRUE(deltas.empty()) << "nothing is published before the state is complete";
    EXPECT_EQ(streamer.size(), 0u);
    streamer.onInitialEventsEnd("10", now);
    EXPECT_EQ(streamer.state().phase, WatchState::Phase::Synced);
    EXPECT_EQ(streamer.size(), 2u);
    EXPECT_EQ(streamer.lastResourceVersion(), "10");
    // The same stream goes on with live events.
    streamer.onModified(item("a", "11"));
    streamer.onDeleted(item("b", "12"));
    using D = TestReflector::DeltaType;
    const std::vector<std::pair<D, std::string>> expected = {
        {D::Added, "a"}, {D::Added, "b"}, {D::Updated, "a"}, {D::Deleted, "b"}};
    EXPECT_EQ(deltas, expected);
    // Its clean end resumes from the last version, as any watch does.
    c = streamer.onWatchClosed(now + std::chrono::minutes(5));
    EXPECT_EQ(c.type, ReflectorCommand::Type::Watch);
    EXPECT_FALSE(c.sendInitialEvents);
    EXPECT_EQ(c.resourceVersion, "12");
}

TEST_F(StreamingReflectorTest, ARelistByStreamFindsDeletionsByDiff) {
    streamer.start(now);
    streamer.onAdded(item("a", "1"));
    streamer.onAdded(item("b", "2"));
    streamer.onInitialEventsEnd("3", now);
    deltas.clear();
    auto c = streamer.onFailure({410, "Expired", "too old resource version: 3 (9)", -1}, now);
    EXPECT_EQ(c.type, ReflectorCommand::Type::None);
    c = streamer.onTimer(*streamer.wakeAt());
    EXPECT_EQ(c.type, ReflectorCommand::Type::Watch);
    EXPECT_TRUE(c.sendInitialEvents) << "a relist is a streaming list too";
    streamer.onAdded(item("a", "1"));
    streamer.onAdded(item("c", "8"));
    streamer.onInitialEventsEnd("9", now);
    using D = TestReflector::DeltaType;
    const std::vector<std::pair<D, std::string>> expected = {{D::Deleted, "b"}, {D::Added, "c"}};
    EXPECT_EQ(deltas, expected);
    EXPECT_TRUE(streamer.state().live());
}

TEST_F(StreamingReflectorTest, AServerThatRefusesStreamingListsIsListedInPagesFromThenOn) {
    streamer.start(now);
    auto c = streamer.onFailure({422, "Invalid",
                                 "sendInitialEvents is forbidden for watch unless the WatchList "
                                 "feature gate is enabled",
                                 -1},
                                now);
    EXPECT_EQ(c.type, ReflectorCommand::Type::List) << "at once: it is an answer, not a failure";
    EXPECT_FALSE(streamer.streamsLists());
    c = streamer.onListPage({item("a", "1")}, "3", "", now);
    EXPECT_EQ(c.type, ReflectorCommand::Type::Watch);
    EXPECT_FALSE(c.sendInitialEvents);
    EXPECT_EQ(streamer.state().phase, WatchState::Phase::Synced);
    // Later relists are paged too.
    streamer.onFailure({410, "Expired", "", -1}, now);
    c = streamer.onTimer(*streamer.wakeAt());
    EXPECT_EQ(c.type, ReflectorCommand::Type::List);
}

TEST_F(StreamingReflectorTest, AStreamThatEndsOrStallsBeforeItsStateIsCompleteBacksOff) {
    streamer.start(now);
    streamer.onAdded(item("a", "1"));
    auto c = streamer.onWatchClosed(now + std::chrono::seconds(3));
    EXPECT_EQ(c.type, ReflectorCommand::Type::None) << "an unfinished list is a failure";
    EXPECT_EQ(streamer.state().phase, WatchState::Phase::BackingOff);
    EXPECT_EQ(streamer.size(), 0u);
    EXPECT_TRUE(deltas.empty()) << "half a state is never published";
    EXPECT_TRUE(streamer.streamsLists()) << "only a refusal turns streaming lists off";
    c = streamer.onTimer(*streamer.wakeAt());
    EXPECT_EQ(c.type, ReflectorCommand::Type::List)
        << "a failed streaming list is retried once in pages: a flaky path may never let a "
           "stream finish";
    c = streamer.onListPage({item("a", "1")}, "3", "", now + std::chrono::seconds(5));
    EXPECT_EQ(c.type, ReflectorCommand::Type::Watch);
    EXPECT_FALSE(c.sendInitialEvents);
    EXPECT_TRUE(streamer.state().live());
    // The next relist streams again; this one stalls before its end.
    streamer.onFailure({410, "Expired", "", -1}, now + std::chrono::seconds(6));
    c = streamer.onTimer(*streamer.wakeAt());
    EXPECT_TRUE(c.sendInitialEvents);
    streamer.onAdded(item("a", "1"));
    streamer.onAdded(item("b", "2"));
    c = streamer.onWatchIdle(now + std::chrono::minutes(2));
    EXPECT_EQ(c.type, ReflectorCommand::Type::None) << "a stalled list is not resumed as a watch";
    EXPECT_EQ(streamer.size(), 1u) << "the store keeps what the last finished list said";
    EXPECT_FALSE(streamer.state().live());
    c = streamer.onTimer(*streamer.wakeAt());
    EXPECT_EQ(c.type, ReflectorCommand::Type::List);
}
