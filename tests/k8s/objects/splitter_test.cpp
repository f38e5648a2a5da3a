#include "fixtures.h"
#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/pod.h"
#include "k8s/objects/stringpool.h"
#include "k8s/watch/listitemsplitter.h"
#include "k8s/watch/watchlinesplitter.h"

#include <cstring>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

using namespace cubedesk::k8s;
using cubedesk::k8s::testing::decodeAs;
using cubedesk::k8s::testing::decodesEvent;
using cubedesk::k8s::testing::readFixture;
using nlohmann::json;

namespace {

struct ListResult {
    std::vector<std::string> items;
    bool ok = false;
    std::string resourceVersion;
    std::string continueToken;
    std::optional<std::int64_t> remaining;
    std::string kind;
    std::string error;
};

// Feeds `body` in the given chunks (cut positions, increasing) and collects what comes out.
ListResult splitList(std::string_view body, const std::vector<std::size_t> &cuts) {
    ListItemSplitter splitter;
    ListResult r;
    const ListItemSplitter::ItemCallback onItem = [&](std::string_view item) {
        r.items.emplace_back(item);
    };
    std::size_t start = 0;
    bool ok = true;
    for (std::size_t cut : cuts) {
        ok = splitter.feed(body.substr(start, cut - start), onItem) && ok;
        start = cut;
    }
    ok = splitter.feed(body.substr(start), onItem) && ok;
    r.ok = splitter.finish() && ok;
    r.resourceVersion = splitter.resourceVersion();
    r.continueToken = splitter.continueToken();
    r.remaining = splitter.remainingItemCount();
    r.kind = splitter.kind();
    r.error = splitter.error();
    return r;
}

// Every two-chunk split of `body` gives exactly `expected`'s items (compared byte for byte
// without copying) and metadata.
void expectEverySplitMatches(std::string_view body, const ListResult &expected) {
    ListItemSplitter splitter;
    std::size_t index = 0;
    bool itemsMatch = true;
    const ListItemSplitter::ItemCallback onItem = [&](std::string_view item) {
        if (index >= expected.items.size() || item != expected.items[index])
            itemsMatch = false;
        ++index;
    };
    for (std::size_t k = 0; k <= body.size(); ++k) {
        splitter.reset();
        index = 0;
        itemsMatch = true;
        const bool ok = splitter.feed(body.substr(0, k), onItem) &&
                        splitter.feed(body.substr(k), onItem) && splitter.finish();
        if (!ok || !itemsMatch || index != expected.items.size() ||
            splitter.resourceVersion() != expected.resourceVersion ||
            splitter.continueToken() != expected.continueToken ||
            splitter.remainingItemCount() != expected.remaining) {
            ADD_FAILURE() << "split at byte " << k << " differs: " << splitter.error();
            return;
        }
    }
}

std::vector<std::size_t> everyByte(std::size_t size) {
    std::vector<std::size_t> cuts;
    for (std::size_t i = 1; i < size; ++i)
        cuts.push_back(i);
    return cuts;
}

} // namespace

TEST(ListItemSplitter, RealPodListWholeAndSplitAtEveryByte) {
    const std::string body = readFixture("k8s/podlist-real-kubelet.json");
    const json parsed = json::parse(body);
    const ListResult whole = splitList(body, {});
    ASSERT_TRUE(whole.ok) << whole.error;
    ASSERT_EQ(whole.items.size(), 11u);
    for (std::size_t i = 0; i < whole.items.size(); ++i)
        EXPECT_EQ(json::parse(whole.items[i]), parsed["items"][i]) << i;
    EXPECT_EQ(whole.kind, "PodList");
    EXPECT_EQ(whole.resourceVersion, "");
    EXPECT_FALSE(whole.remaining);

    // Items are views into the chunk when they fit: nothing is buffered after a whole body.
    ListItemSplitter splitter;
    std::vector<const char *> pointers;
    ASSERT_TRUE(
        splitter.feed(body, [&](std::string_view item) { pointers.push_back(item.data()); }));
    EXPECT_TRUE(splitter.finish());
    for (const char *p : pointers)
        EXPECT_TRUE(p >= body.data() && p < body.data() + body.size());
    EXPECT_EQ(splitter.bufferedBytes(), 0u);
    EXPECT_LE(splitter.bufferCapacity(), 15u); // never grew past std::string's inline capacity

    // One byte per chunk: every boundary at once.
    const ListResult bytewise = splitList(body, everyByte(body.size()));
    ASSERT_TRUE(bytewise.ok) << bytewise.error;
    EXPECT_EQ(bytewise.items, whole.items);

    // Every two-chunk split.
    expectEverySplitMatches(body, whole);

    // Decoding the split items gives the same pods as decoding the fixture's items.
    ObjectDecoder decoder(StringPool::create());
    for (std::size_t i = 0; i < whole.items.size(); ++i) {
        auto pod = decodeAs(decoder, ObjectKind::Pod, bytewise.items[i]);
        ASSERT_TRUE(pod);
        EXPECT_EQ(pod->name(), parsed["items"][i]["metadata"]["name"].get<std::string>());
    }
}

TEST(ListItemSplitter, MetadataAfterItemsTrickyStringsAndContinue) {
    const json parsed = json::parse(readFixture("k8s/podlist-real-kubelet.json"));
    json tricky = parsed["items"][0];
    tricky["metadata"]["labels"]["weird"] = "a}\"]{[\\\"\\";
    tricky["metadata"]["annotations"]["json"] = R"({"k":["v}",{"x":"]"}]} \u00e9 "\)";
    json list = {{"apiVersion", "v1"}, {"kind", "PodList"}, {"extra", {1, {{"a", "}"}}, nullptr}}};
    list["items"] = json::array({parsed["items"][1], tricky, parsed["items"][5]});
    list["metadata"] = {{"resourceVersion", "48113721"},
                        {"continue", "eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6NDgxMTM3MjF9\"/x"},
                        {"remainingItemCount", 1234},
                        {"selfLink", "/api/v1/pods"}};
    // nlohmann sorts keys: apiVersion, extra, items, kind, metadata — metadata after items.
    const std::string body = list.dump(2);
    const ListResult whole = splitList(body, {});
    ASSERT_TRUE(whole.ok) << whole.error;
    ASSERT_EQ(whole.items.size(), 3u);
    EXPECT_EQ(json::parse(whole.items[1]), tricky);
    EXPECT_EQ(whole.resourceVersion, "48113721");
    EXPECT_EQ(whole.continueToken, "eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6NDgxMTM3MjF9\"/x");
    EXPECT_EQ(whole.remaining, 1234);
    expectEverySplitMatches(body, whole);
    EXPECT_EQ(splitList(body, everyByte(body.size())).items, whole.items);

    // Metadata first, compact form, empty items.
    const std::string first =
        R"({"kind":"PodList","metadata":{"resourceVersion":"7","continue":""},)"
        R"("apiVersion":"v1","items":[]})";
    const ListResult empty = splitList(first, {});
    ASSERT_TRUE(empty.ok) << empty.error;
    EXPECT_TRUE(empty.items.empty());
    EXPECT_EQ(empty.resourceVersion, "7");
    expectEverySplitMatches(first, empty);
    const ListResult nullItems = splitList(R"({"items":null,"metadata":null})", {});
    EXPECT_TRUE(nullItems.ok) << nullItems.error;
    // A Status body (an error answer) is a complete object without items.
    const ListResult status =
        splitList(R"({"kind":"Status","apiVersion":"v1","status":"Failure","code":410})", {});
    EXPECT_TRUE(status.ok);
    EXPECT_EQ(status.kind, "Status");
}

TEST(ListItemSplitter, BufferIsReusedAndOnlyThePartialItemIsHeld) {
    const std::string body = readFixture("k8s/podlist-real-kubelet.json");
    ListItemSplitter splitter;
    std::size_t items = 0;
    std::size_t maxBuffered = 0;
    for (int round = 0; round < 3; ++round) {
        splitter.reset();
        for (std::size_t i = 0; i < body.size(); i += 4096) {
            ASSERT_TRUE(splitter.feed(std::string_view(body).substr(i, 4096),
                                      [&](std::string_view) { ++items; }));
            maxBuffered = std::max(maxBuffered, splitter.bufferedBytes());
        }
        ASSERT_TRUE(splitter.finish());
    }
    EXPECT_EQ(items, 33u);
    // The largest item of this list is ~30 KB; the body is 162 KB.
    EXPECT_LT(maxBuffered, 40000u);
    EXPECT_LT(splitter.bufferCapacity(), 80000u);
    EXPECT_EQ(splitter.bufferedBytes(), 0u);
}

TEST(ListItemSplitter, MalformedInput) {
    const char *cases[] = {
        "",                                                        // truncated (finish)
        "[]",                                                      // not an object
        R"({"items":[1,2]})",                                      // items must be objects
        R"({"items":{"a":1}})",                                    // items not an array
        R"({"items":"x"})",                                        //
        R"({"items":[{"a":1}})",                                   // unterminated array
        R"({"items":[{"a":"}"})",                                  // unterminated item
        R"({"items":[{"a":1}]}})",                                 // content after the object
        R"({"items":[{"a":1}]} x)",                                //
        R"({"items":[{"a":1}] "kind":"x"})",                       // missing comma
        R"({"items":[{"a":1}],"metadata":{"resourceVersion":5}})", // bad metadata type
        R"({"items":[{"a":1}],"metadata":{"continue":"x})",        // truncated metadata
        R"({items:[]})",                                           // unquoted key
        R"({"items":[{"a":1},]})",                                 // trailing comma
        R"({"items":[],"items":[]})",                              // duplicate items
        R"({"kind":bogus})",                                       // bad scalar
    };
    for (const char *text : cases) {
        SCOPED_TRACE(text);
        ListItemSplitter splitter;
        const bool fed = splitter.feed(text, [](std::string_view) {});
        const bool finished = splitter.finish();
        EXPECT_FALSE(fed && finished);
        EXPECT_FALSE(splitter.error().empty());
        // Once failed, more input is refused until reset().
        EXPECT_FALSE(splitter.feed("{}", [](std::string_view) {}));
        splitter.reset();
        EXPECT_TRUE(splitter.feed(R"({"items":[{}]})", [](std::string_view) {}));
        EXPECT_TRUE(splitter.finish());
    }
}

namespace {

// A watch stream built from the real fixtures: every PodList item as ADDED, the two pods as
// MODIFIED/DELETED, the node, a bookmark with the initial-events-end annotation, and an ERROR.
std::string fixtureWatchStream(std::vector<std::string> *lines) {
    const json list = json::parse(readFixture("k8s/podlist-real-kubelet.json"));
    const json pod = json::parse(readFixture("k8s/pod-real.json"));
    const json sidecar = json::parse(readFixture("k8s/pod-with-sidecar-real.json"));
    std::vector<json> events;
    for (const json &item : list["items"])
        events.push_back({{"type", "ADDED"}, {"object", item}});
    events.push_back({{"type", "BOOKMARK"},
                      {"object",
                       {{"kind", "Pod"},
                        {"apiVersion", "v1"},
                        {"metadata",
                         {{"resourceVersion", "53151634"},
                          {"annotations", {{"k8s.io/initial-events-end", "true"}}}}}}}});
    events.push_back({{"type", "MODIFIED"}, {"object", pod}});
    events.push_back({{"type", "DELETED"}, {"object", sidecar}});
    events.push_back({{"type", "ERROR"},
                      {"object",
                       {{"kind", "Status"},
                        {"apiVersion", "v1"},
                        {"metadata", json::object()},
                        {"status", "Failure"},
                        {"message", "too old resource version: 5 (900)"},
                        {"reason", "Expired"},
                        {"code", 410}}}});
    std::string stream;
    for (const json &e : events) {
        lines->push_back(e.dump());
        stream += lines->back();
        stream += '\n';
    }
    return stream;
}

} // namespace

TEST(WatchLineSplitter, FixtureStreamSplitAtEveryByte) {
    std::vector<std::string> expected;
    const std::string stream = fixtureWatchStream(&expected);
    ASSERT_EQ(expected.size(), 15u);

    // Unsplit, and decoded.
    WatchLineSplitter splitter;
    std::vector<std::string> lines;
    const WatchLineSplitter::LineCallback collect = [&](std::string_view l) {
        lines.emplace_back(l);
    };
    ASSERT_TRUE(splitter.feed(stream, collect));
    EXPECT_EQ(lines, expected);
    EXPECT_EQ(splitter.bufferedBytes(), 0u);
    ObjectDecoder decoder(StringPool::create());
    WatchEvent event;
    std::vector<WatchEvent::Type> types;
    for (const std::string &line : lines) {
        ASSERT_TRUE(decodesEvent(decoder, ObjectKind::Pod, line, event));
        types.push_back(event.type);
    }
    EXPECT_EQ(types[11], WatchEvent::Type::Bookmark);
    EXPECT_EQ(types[14], WatchEvent::Type::Error);

    // Every two-chunk split.
    std::size_t index = 0;
    bool match = true;
    const WatchLineSplitter::LineCallback compare = [&](std::string_view l) {
        if (index >= expected.size() || l != expected[index])
            match = false;
        ++index;
    };
    for (std::size_t k = 0; k <= stream.size(); ++k) {
        splitter.reset();
        index = 0;
        match = true;
        ASSERT_TRUE(splitter.feed(std::string_view(stream).substr(0, k), compare));
        EXPECT_LE(splitter.bufferedBytes(), 31000u); // at most one partial line
        ASSERT_TRUE(splitter.feed(std::string_view(stream).substr(k), compare));
        if (!match || index != expected.size()) {
            ADD_FAILURE() << "split at byte " << k;
            break;
        }
    }

    // One byte at a time, decoding as the lines complete.
    splitter.reset();
    std::size_t decoded = 0;
    for (char c : stream) {
        ASSERT_TRUE(splitter.feed(std::string_view(&c, 1), [&](std::string_view l) {
            ASSERT_TRUE(decodesEvent(decoder, ObjectKind::Pod, l, event));
            EXPECT_EQ(event.type, types[decoded]);
            ++decoded;
        }));
    }
    EXPECT_EQ(decoded, expected.size());
}

TEST(WatchLineSplitter, CrLfEmptyLinesFlushLimitAndReset) {
    WatchLineSplitter splitter(16);
    std::vector<std::string> lines;
    const WatchLineSplitter::LineCallback collect = [&](std::string_view l) {
        lines.emplace_back(l);
    };
    ASSERT_TRUE(splitter.feed("a\r\n\n\nbc", collect));
    EXPECT_EQ(lines, (std::vector<std::string>{"a"}));
    EXPECT_EQ(splitter.bufferedBytes(), 2u);
    splitter.flush(collect);
    EXPECT_EQ(lines, (std::vector<std::string>{"a", "bc"}));
    EXPECT_EQ(splitter.bufferedBytes(), 0u);
    EXPECT_FALSE(splitter.feed("0123456789abcdefXYZ", collect)); // longer than 16, no newline
    EXPECT_TRUE(splitter.failed());
    EXPECT_FALSE(splitter.feed("\n", collect));
    splitter.reset();
    EXPECT_TRUE(splitter.feed("ok\n", collect));
    EXPECT_EQ(lines.back(), "ok");

    // A very long line arriving in many small chunks is emitted once, whole.
    WatchLineSplitter big;
    std::string longLine(5 << 20, 'x');
    std::size_t emitted = 0;
    for (std::size_t i = 0; i < longLine.size(); i += 1000)
        ASSERT_TRUE(big.feed(std::string_view(longLine).substr(i, 1000), [&](std::string_view l) {
            ++emitted;
            EXPECT_EQ(l.size(), longLine.size());
        }));
    ASSERT_TRUE(big.feed("\n", [&](std::string_view l) {
        ++emitted;
        EXPECT_EQ(l.size(), longLine.size());
    }));
    EXPECT_EQ(emitted, 1u);
}

// A body whose item never ends (or a watch line that never gets its newline) fails at the
// budget instead of growing memory until the machine gives up.
TEST(ListItemSplitter, AnItemBeyondTheBudgetFailsTheList) {
    ListItemSplitter splitter;
    const auto none = [](std::string_view) { ADD_FAILURE() << "no item is complete"; };
    ASSERT_TRUE(splitter.feed(R"({"kind":"PodList","items":[{"data":")", none));
    const std::string mib(std::size_t{1} << 20, 'x');
    bool ok = true;
    std::size_t fed = 0;
    while (ok && fed <= ListItemSplitter::kMaxItemBytes + mib.size()) {
        ok = splitter.feed(mib, none);
        fed += mib.size();
    }
    EXPECT_FALSE(ok);
    EXPECT_NE(splitter.error().find("larger than 64 MiB"), std::string::npos) << splitter.error();
    EXPECT_LE(splitter.bufferedBytes(), ListItemSplitter::kMaxItemBytes);
}

TEST(WatchLineSplitter, TheDefaultLongestLineIsAnObjectsWorth) {
    WatchLineSplitter splitter;
    EXPECT_EQ(splitter.maxLineLength(), std::size_t{64} << 20);
}
