// The client's side of pod logs: the request path kubectl builds, its choice of container with
// the notices it prints, Go's duration syntax for --since, lines split however the bytes
// arrive and bounded in size, and a followed stream resumed without loss or repetition.

#include "k8s/api/goduration.h"
#include "k8s/api/logcontainerchoice.h"
#include "k8s/api/loglinesplitter.h"
#include "k8s/api/logresumepoint.h"
#include "k8s/api/podlogoptions.h"
#include "k8s/api/rfc3339.h"

#include <gtest/gtest.h>

using namespace cubedesk::k8s;

TEST(PodLogOptions, ThePathKubectlBuilds) {
    PodLogOptions o;
    EXPECT_EQ(o.path("ml", "p-0"), "/api/v1/namespaces/ml/pods/p-0/log");
    o.container = "app";
    o.follow = true;
    o.tailLines = 10;
    o.timestamps = true;
    EXPECT_EQ(o.path("ml", "p-0"),
              "/api/v1/namespaces/ml/pods/p-0/log?container=app&follow=true&tailLines=10&"
              "timestamps=true");
    PodLogOptions all;
    all.container = "a b";
    all.previous = true;
    all.sinceTime = 1767323045;
    all.limitBytes = 5;
    all.tailLines = 0;
    EXPECT_EQ(all.path("n/s", "p"), "/api/v1/namespaces/n%2Fs/pods/p/log?container=a%20b&"
                                    "limitBytes=5&previous=true&sinceTime=2026-01-02T03%3A04%3A05Z&"
                                    "tailLines=0");
}

TEST(LogContainerChoice, KubectlsRuleAndNotices) {
    const auto single = LogContainerChoice::choose("p", "", {"app"}, {}, {});
    EXPECT_EQ(single.container, "app");
    EXPECT_EQ(single.notice, "");
    const auto several = LogContainerChoice::choose("p", "", {"app", "sidecar"}, {"init"}, {"dbg"});
    EXPECT_EQ(several.container, "app");
    EXPECT_EQ(several.notice,
              "Defaulted container \"app\" out of: app, sidecar, dbg (ephem), init (init)\n");
    const auto annotated = LogContainerChoice::choose("p", "sidecar", {"app", "sidecar"}, {}, {});
    EXPECT_EQ(annotated.container, "sidecar");
    EXPECT_EQ(annotated.notice, "");
    const auto initAnnotated = LogContainerChoice::choose("p", "init", {"app"}, {"init"}, {});
    EXPECT_EQ(initAnnotated.container, "init");
    const auto wrong = LogContainerChoice::choose("p", "gone", {"app", "sidecar"}, {}, {});
    EXPECT_EQ(wrong.container, "app");
    EXPECT_EQ(wrong.notice, "Default container name \"gone\" not found in pod p\nDefaulted "
                            "container \"app\" out of: app, sidecar\n");
    EXPECT_EQ(LogContainerChoice::choose("p", "", {}, {}, {}).container, "");
}

TEST(GoDuration, ParsesWhatTimeParseDurationAccepts) {
    using namespace std::chrono;
    EXPECT_EQ(GoDuration::parse("1h"), nanoseconds(hours(1)));
    EXPECT_EQ(GoDuration::parse("5m30s"), nanoseconds(seconds(330)));
    EXPECT_EQ(GoDuration::parse("1.5h"), nanoseconds(minutes(90)));
    EXPECT_EQ(GoDuration::parse("300ms"), nanoseconds(milliseconds(300)));
    EXPECT_EQ(GoDuration::parse("-2s"), nanoseconds(seconds(-2)));
    EXPECT_EQ(GoDuration::parse("0"), nanoseconds(0));
    for (const char *bad : {"", "5", "1d", "h", "1.h2", "soon", "99999999999999999999h"})
        EXPECT_FALSE(GoDuration::parse(bad).has_value()) << bad;
}

namespace {

std::vector<LogLine> splitAll(std::string_view bytes, bool timestamps, std::size_t chunk,
                              std::size_t cap = LogLineSplitter::kDefaultMaxLineBytes) {
    LogLineSplitter splitter(timestamps, cap);
    std::vector<LogLine> out;
    for (std::size_t at = 0; at < bytes.size(); at += chunk)
        splitter.feed(bytes.substr(at, chunk), out);
    splitter.finish(out);
    return out;
}

} // namespace

TEST(LogLineSplitter, LinesAreTheSameHoweverTheBytesArrive) {
    const std::string stream = "2026-01-02T03:04:05.000000001Z first\n"
                               "2026-01-02T03:04:05.000000001Z \x1b[32mINFO\x1b[0m caf\xe9\n"
                               "\n"
                               "unable to retrieve container logs for containerd://abc"; // no LF
    for (std::size_t chunk = 1; chunk <= stream.size(); ++chunk) {
        const auto lines = splitAll(stream, true, chunk);
        ASSERT_EQ(lines.size(), 4U) << chunk;
        EXPECT_EQ(lines[0].text, "first");
        ASSERT_TRUE(lines[0].time.has_value());
        EXPECT_EQ(lines[0].time->nanos, 1);
        EXPECT_EQ(lines[1].text, "\x1b[32mINFO\x1b[0m caf\xe9");
        EXPECT_EQ(lines[2].text, "");
        EXPECT_FALSE(lines[2].time.has_value());
        EXPECT_EQ(lines[3].text, "unable to retrieve container logs for containerd://abc");
        EXPECT_TRUE(lines[3].unterminated);
        EXPECT_FALSE(lines[2].unterminated);
        std::size_t bytes = 0;
        for (const auto &l : lines)
            bytes += l.streamBytes;
        EXPECT_EQ(bytes, stream.size());
    }
}

TEST(LogLineSplitter, AnEnormousLineKeepsOnlyItsStart) {
    const std::string huge(1'000'000, 'x');
    const std::string stream = "short\n" + huge + "\nafter\n";
    LogLineSplitter splitter(false, 1000);
    std::vector<LogLine> out;
    for (std::size_t at = 0; at < stream.size(); at += 4096) {
        splitter.feed(std::string_view(stream).substr(at, 4096), out);
        EXPECT_LE(splitter.heldBytes(), 1000U) << "never holds more than the cap";
    }
    splitter.finish(out);
    ASSERT_EQ(out.size(), 3U);
    EXPECT_EQ(out[1].text, std::string(1000, 'x'));
    EXPECT_TRUE(out[1].truncated);
    EXPECT_EQ(out[1].streamBytes, huge.size() + 1);
    EXPECT_EQ(out[2].text, "after");
    EXPECT_FALSE(out[2].truncated);
}

// A follow dropped after any line and asked again from the last line's second (the server
// sends every line of that second again) shows every line exactly once.
TEST(LogResumePoint, AResumedStreamNeitherLosesNorRepeats) {
    std::string stream;
    // Bursts: several lines share a second, some share an instant.
    const std::int64_t base = 1767323045;
    std::vector<std::pair<std::int64_t, int>> instants;
    for (int i = 0; i < 40; ++i)
        instants.emplace_back(base + i / 7, 1000 * ((i % 7) / 2)); // pairs share an instant
    std::vector<std::string> texts;
    for (std::size_t i = 0; i < instants.size(); ++i) {
        texts.push_back("line " + std::to_string(i));
        stream += Rfc3339::formatNanosFixed({instants[i].first, instants[i].second}) + ' ' +
                  texts.back() + '\n';
    }
    const auto all = splitAll(stream, true, 64);
    ASSERT_EQ(all.size(), instants.size());
    for (std::size_t dropAfter = 1; dropAfter < all.size(); ++dropAfter) {
        LogResumePoint point;
        std::vector<std::string> shown;
        for (std::size_t i = 0; i < dropAfter; ++i) {
            shown.push_back(all[i].text);
            point.shown(all[i]);
        }
        ASSERT_TRUE(point.sinceTime().has_value());
        point.resume();
        // What the server sends again: every line at or after that second.
        for (const auto &line : all) {
            if (line.time->seconds < *point.sinceTime())
                continue;
            if (point.accept(line)) {
                shown.push_back(line.text);
                point.shown(line);
            }
        }
        EXPECT_EQ(shown, texts) << "dropped after line " << dropAfter;
    }
}
