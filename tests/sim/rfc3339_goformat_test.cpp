// Tests for the simulator's single RFC 3339 parser/formatter (k8s/sim/rfc3339.h) and Go float
// formatting (k8s/api/goformat.h), including the two callers that used to carry their own
// copies: TablePrinter (timestamps, float cells of string columns) and ManifestLoader (float
// map keys).

#include "k8s/api/goformat.h"
#include "k8s/sim/manifestloader.h"
#include "k8s/sim/rfc3339.h"
#include "k8s/sim/tableprinter.h"

#include <chrono>
#include <cstdint>
#include <ctime>
#include <gtest/gtest.h>
#include <limits>
#include <ratio>
#include <string>
#include <type_traits>

using cubedesk::k8s::formatGoFloat;
using cubedesk::sim::formatRfc3339;
using cubedesk::sim::ManifestLoader;
using cubedesk::sim::parseRfc3339;
using cubedesk::sim::ResourceType;
using cubedesk::sim::TablePrinter;
using nlohmann::json;
using Clock = std::chrono::system_clock;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// Seconds since the epoch, or a sentinel the expectations never use when parsing fails.
std::int64_t epochSeconds(const char *text) {
    const auto tp = parseRfc3339(text);
    EXPECT_TRUE(tp.has_value()) << text;
    if (!tp)
        return std::numeric_limits<std::int64_t>::min();
    return std::chrono::duration_cast<std::chrono::seconds>(tp->time_since_epoch()).count();
}

Clock::time_point fromSeconds(std::int64_t s) {
    return Clock::time_point(std::chrono::seconds(s));
}

// What the old gmtime_r/strftime formatter produced; the shared one must agree for every time
// its callers (all passing "now" or "now minus an age") can give it.
std::string strftimeRfc3339(Clock::time_point t) {
    const std::time_t secs = Clock::to_time_t(t);
    std::tm tm{};
    gmtime_r(&secs, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

// The string cell TablePrinter prints for a float field of a custom resource.
std::string tableCell(double v) {
    ResourceType t;
    t.group = "example.com";
    t.version = "v1";
    t.kind = "Widget";
    t.custom = true;
    t.printerColumns = {{"Value", "string", "", "", ".spec.v", 0}};
    const json object = {{"metadata", {{"name", "w"}}}, {"spec", {{"v", v}}}};
    const json cells = TablePrinter::cells(t, object, Clock::now());
    EXPECT_EQ(cells.size(), 2u);
    return cells.size() == 2 && cells[1].is_string() ? cells[1].get<std::string>()
                                                     : "<not a string>";
}

// The JSON key ManifestLoader (sigs.k8s.io/yaml) makes of a YAML map key.
std::string yamlKey(const std::string &key) {
    const auto j = ManifestLoader::yamlToJson(key + ": x\n");
    EXPECT_TRUE(j) << j.error() << " for key " << key;
    if (!j || !j->is_object() || j->size() != 1)
        return "<no key>";
    return j->begin().key();
}

} // namespace

// ---------------------------------------------------------------------------------------------
// parseRfc3339

TEST(Rfc3339Parse, ZuluAndCase) {
    EXPECT_EQ(epochSeconds("1970-01-01T00:00:00Z"), 0);
    EXPECT_EQ(epochSeconds("2018-12-16T21:39:09Z"), 1544996349);
    EXPECT_EQ(epochSeconds("2018-12-16t21:39:09z"), 1544996349);
    EXPECT_EQ(epochSeconds("1969-12-31T23:59:59Z"), -1);
}

TEST(Rfc3339Parse, LeapYears) {
    EXPECT_EQ(epochSeconds("2024-02-29T00:00:00Z"), 1709164800);
    EXPECT_EQ(epochSeconds("2000-02-29T12:00:00Z"), 951825600); // divisible by 400
    EXPECT_FALSE(parseRfc3339("1900-02-29T00:00:00Z"));         // divisible by 100 only
    EXPECT_FALSE(parseRfc3339("2024-02-30T00:00:00Z"));
}

TEST(Rfc3339Parse, Fractions) {
    const auto base = parseRfc3339("2018-12-16T21:39:09Z");
    ASSERT_TRUE(base);
    const auto half = parseRfc3339("2018-12-16T21:39:09.5Z");
    ASSERT_TRUE(half);
    EXPECT_EQ(*half - *base, std::chrono::milliseconds(500));
    const auto nanos = parseRfc3339("2018-12-16T21:39:09.123456789Z");
    ASSERT_TRUE(nanos);
    EXPECT_EQ(std::chrono::duration_cast<std::chrono::nanoseconds>(*nanos - *base).count(),
              123456789);
    // Digits past the ninth are accepted and ignored.
    const auto longer = parseRfc3339("2018-12-16T21:39:09.1234567891234Z");
    ASSERT_TRUE(longer);
    EXPECT_EQ(*longer, *nanos);
}

TEST(Rfc3339Parse, Offsets) {
    EXPECT_EQ(epochSeconds("2018-12-16T23:39:09+02:00"), 1544996349);
    EXPECT_EQ(epochSeconds("2018-12-16T16:09:09-05:30"), 1544996349);
    EXPECT_EQ(epochSeconds("2018-12-17T00:00:00+00:00"), epochSeconds("2018-12-17T00:00:00Z"));
    EXPECT_EQ(epochSeconds("2018-12-16T21:39:09-00:00"), 1544996349);
    // An offset that crosses midnight, the month and the year.
    EXPECT_EQ(epochSeconds("2019-01-01T01:00:00+02:00"), epochSeconds("2018-12-31T23:00:00Z"));
    const auto withFraction = parseRfc3339("2024-03-04T07:08:09.123+02:00");
    ASSERT_TRUE(withFraction);
    EXPECT_EQ(formatRfc3339(*withFraction), "2024-03-04T05:08:09Z");
}

TEST(Rfc3339Parse, RejectsInvalid) {
    for (const char *bad : {
             "",
             "yesterday",
             "2018-13-16T21:39:09Z",       // month 13
             "2018-00-16T21:39:09Z",       // month 0
             "2018-12-00T21:39:09Z",       // day 0
             "2018-12-32T21:39:09Z",       // day 32
             "2023-02-29T00:00:00Z",       // Feb 29 in a non-leap year
             "2023-02-30T00:00:00Z",       // Feb 30 in a non-leap year
             "2023-04-31T00:00:00Z",       // April has 30 days
             "2018-12-16T24:00:00Z",       // hour 24
             "2018-12-16T21:60:09Z",       // minute 60
             "2018-12-16T21:39:60Z",       // leap second
             "2018-12-16T21:39:09",        // missing zone
             "2018-12-16T21:39:09.5",      // missing zone after a fraction
             "2018-12-16",                 // date only
             "2018-12-16 21:39:09Z",       // space instead of T
             "18-12-16T21:39:09Z",         // two-digit year
             "2018-1-16T21:39:09Z",        // one-digit month
             "2018-12-16T21:39:09.Z",      // empty fraction
             "2018-12-16T21:39:09,5Z",     // comma fraction
             "2018-12-16T21:39:09Zjunk",   // trailing garbage
             "2018-12-16T21:39:09Z ",      // trailing space
             "2018-12-16T21:39:09+02:00x", // trailing garbage after an offset
             "2018-12-16T21:39:09+02",     // offset without minutes
             "2018-12-16T21:39:09+0200",   // offset without a colon
             "2018-12-16T21:39:09+2:00",   // one-digit offset hour
             "2018-12-16T21:39:09+24:00",  // offset hour 24
             "2018-12-16T21:39:09+02:60",  // offset minute 60
             "2018-12-16T21:39:09UTC",     // zone name
         })
        EXPECT_FALSE(parseRfc3339(bad).has_value()) << '"' << bad << '"';
}

TEST(Rfc3339Parse, OutsideTheClockRange) {
    // The zero time of Go and far-future years do not fit a nanosecond system_clock; refusing
    // them beats a wrapped-around instant.
    if constexpr (std::is_same_v<Clock::duration::period, std::nano>) {
        EXPECT_FALSE(parseRfc3339("0001-01-01T00:00:00Z"));
        EXPECT_FALSE(parseRfc3339("1677-09-20T00:00:00Z"));
        EXPECT_FALSE(parseRfc3339("2262-04-12T00:00:00Z"));
        EXPECT_FALSE(parseRfc3339("9999-12-31T23:59:59Z"));
    }
    EXPECT_EQ(epochSeconds("1700-03-01T00:00:00Z"), -8515238400);
    EXPECT_EQ(epochSeconds("2262-04-11T00:00:00Z"), 9223286400);
}

TEST(Rfc3339Parse, TablePrinterUsesTheSameParser) {
    for (const char *text :
         {"2018-12-16T21:39:09Z", "2018-12-16T21:39:09.5-05:30", "2018-13-16T21:39:09Z",
          "2023-02-29T00:00:00Z", "2018-12-16T21:39:09", "2018-12-16T21:39:09Zjunk"})
        EXPECT_EQ(TablePrinter::parseTimestamp(text), parseRfc3339(text)) << text;
}

// ---------------------------------------------------------------------------------------------
// formatRfc3339

TEST(Rfc3339Format, KnownInstants) {
    EXPECT_EQ(formatRfc3339(fromSeconds(0)), "1970-01-01T00:00:00Z");
    EXPECT_EQ(formatRfc3339(fromSeconds(1544996349)), "2018-12-16T21:39:09Z");
    EXPECT_EQ(formatRfc3339(fromSeconds(1709164800)), "2024-02-29T00:00:00Z");
    EXPECT_EQ(formatRfc3339(fromSeconds(-1)), "1969-12-31T23:59:59Z");
    EXPECT_EQ(formatRfc3339(fromSeconds(-8515238400)), "1700-03-01T00:00:00Z");
    // Whole seconds, floored, also before the epoch.
    EXPECT_EQ(formatRfc3339(fromSeconds(1544996349) + std::chrono::milliseconds(999)),
              "2018-12-16T21:39:09Z");
    EXPECT_EQ(formatRfc3339(Clock::time_point(std::chrono::milliseconds(-1))),
              "1969-12-31T23:59:59Z");
}

TEST(Rfc3339Format, RoundTripsThroughTheParser) {
    for (const std::int64_t s :
         {std::int64_t{0}, std::int64_t{951825600}, std::int64_t{1544996349},
          std::int64_t{1709164800}, std::int64_t{4102444800}, std::int64_t{-2208988800}}) {
        const auto tp = parseRfc3339(formatRfc3339(fromSeconds(s)));
        ASSERT_TRUE(tp) << s;
        EXPECT_EQ(*tp, fromSeconds(s));
    }
}

TEST(Rfc3339Format, MatchesTheFormerStrftimeOutputForItsCallers) {
    const auto now = std::chrono::floor<std::chrono::seconds>(Clock::now());
    for (const auto age : {std::chrono::seconds(0), std::chrono::seconds(59),
                           std::chrono::seconds(3600), std::chrono::seconds(86400 * 400)})
        EXPECT_EQ(formatRfc3339(now - age), strftimeRfc3339(now - age));
    for (const std::int64_t s : {std::int64_t{0}, std::int64_t{951825600}, std::int64_t{1544996349},
                                 std::int64_t{4102444799}})
        EXPECT_EQ(formatRfc3339(fromSeconds(s)), strftimeRfc3339(fromSeconds(s)));
}

// ---------------------------------------------------------------------------------------------
// formatGoFloat: strconv.FormatFloat(v, 'g', -1, 64), which is also Go's fmt "%v" of a float64.
// Expected strings are what Go prints.

TEST(GoFormatFloat64, MatchesStrconvG) {
    EXPECT_EQ(formatGoFloat(0.1, 64), "0.1");
    EXPECT_EQ(formatGoFloat(2.75, 64), "2.75");
    EXPECT_EQ(formatGoFloat(0.1 + 0.2, 64), "0.30000000000000004");
    EXPECT_EQ(formatGoFloat(1e21, 64), "1e+21");
    EXPECT_EQ(formatGoFloat(1e20, 64), "1e+20");
    EXPECT_EQ(formatGoFloat(123456789.0, 64), "1.23456789e+08");
    EXPECT_EQ(formatGoFloat(999999.0, 64), "999999");
    EXPECT_EQ(formatGoFloat(1e6, 64), "1e+06");
    EXPECT_EQ(formatGoFloat(608863452348.1149, 64), "6.088634523481149e+11");
    EXPECT_EQ(formatGoFloat(1.5e-7, 64), "1.5e-07");
    EXPECT_EQ(formatGoFloat(0.0001, 64), "0.0001");
    EXPECT_EQ(formatGoFloat(0.00001, 64), "1e-05");
    EXPECT_EQ(formatGoFloat(-2.5, 64), "-2.5");
    EXPECT_EQ(formatGoFloat(1e100, 64), "1e+100");
    EXPECT_EQ(formatGoFloat(5e-324, 64), "5e-324");
    EXPECT_EQ(formatGoFloat(0.0, 64), "0");
    EXPECT_EQ(formatGoFloat(-0.0, 64), "-0");
    EXPECT_EQ(formatGoFloat(kNaN, 64), "NaN");
    EXPECT_EQ(formatGoFloat(kInf, 64), "+Inf");
    EXPECT_EQ(formatGoFloat(-kInf, 64), "-Inf");
}

// strconv.FormatFloat(v, 'g', -1, 32): the digits that round-trip as float32.
TEST(GoFormatFloat32, MatchesStrconvG) {
    EXPECT_EQ(formatGoFloat(0.1, 32), "0.1");
    EXPECT_EQ(formatGoFloat(0.1 + 0.2, 32), "0.3");
    EXPECT_EQ(formatGoFloat(3.141592653589793, 32), "3.1415927");
    EXPECT_EQ(formatGoFloat(1.5, 32), "1.5");
    EXPECT_EQ(formatGoFloat(1e6, 32), "1e+06");
    EXPECT_EQ(formatGoFloat(999999.0, 32), "999999");
    EXPECT_EQ(formatGoFloat(123456789.0, 32), "1.2345679e+08");
    EXPECT_EQ(formatGoFloat(16777217.0, 32), "1.6777216e+07");
    EXPECT_EQ(formatGoFloat(1.5e-7, 32), "1.5e-07");
    EXPECT_EQ(formatGoFloat(-0.0, 32), "-0");
    EXPECT_EQ(formatGoFloat(kNaN, 32), "NaN");
    EXPECT_EQ(formatGoFloat(kInf, 32), "+Inf");
    EXPECT_EQ(formatGoFloat(-kInf, 32), "-Inf");
    // float32(v) overflows to Inf and underflows to zero.
    EXPECT_EQ(formatGoFloat(1e300, 32), "+Inf");
    EXPECT_EQ(formatGoFloat(-1e300, 32), "-Inf");
    EXPECT_EQ(formatGoFloat(1e-50, 32), "0");
}

// ---------------------------------------------------------------------------------------------
// The two callers.

// TablePrinter's float cells are what a real apiserver prints: client-go's jsonpath writes the
// value with fmt's %v, the shortest %g, which switches to the exponent form at 1e6.
TEST(GoFormatTablePrinter, FloatCellsOfStringColumns) {
    EXPECT_EQ(tableCell(0.1), "0.1");
    EXPECT_EQ(tableCell(2.75), "2.75");
    EXPECT_EQ(tableCell(1e21), "1e+21");
    EXPECT_EQ(tableCell(1e20), "1e+20");
    EXPECT_EQ(tableCell(123456789.0), "1.23456789e+08");
    EXPECT_EQ(tableCell(1.5e-7), "1.5e-07");
    EXPECT_EQ(tableCell(0.0001), "0.0001");
    EXPECT_EQ(tableCell(-0.0), "-0");
    EXPECT_EQ(tableCell(kNaN), "NaN");
    EXPECT_EQ(tableCell(kInf), "+Inf");
    EXPECT_EQ(tableCell(-kInf), "-Inf");
    for (const double v : {0.1, 1e21, 1e20, 123456789.0, 1.5e-7, -0.0, 6.02214076e23, 1e-300})
        EXPECT_EQ(tableCell(v), formatGoFloat(v, 64)) << v;
}

// ManifestLoader turns a float YAML map key into a string as sigs.k8s.io/yaml does:
// strconv.FormatFloat(key, 'g', -1, 32), with Inf and NaN written the YAML way.
TEST(GoFormatManifestLoader, FloatMapKeys) {
    EXPECT_EQ(yamlKey("1.5"), "1.5");
    EXPECT_EQ(yamlKey("0.1"), "0.1");
    EXPECT_EQ(yamlKey("1e6"), "1e+06");
    EXPECT_EQ(yamlKey("123456789.0"), "1.2345679e+08");
    EXPECT_EQ(yamlKey("3.141592653589793"), "3.1415927");
    EXPECT_EQ(yamlKey("1.5e-7"), "1.5e-07");
    EXPECT_EQ(yamlKey("-0.0"), "-0");
    EXPECT_EQ(yamlKey(".inf"), ".inf");
    EXPECT_EQ(yamlKey("-.inf"), "-.inf");
    EXPECT_EQ(yamlKey(".nan"), ".nan");
    EXPECT_EQ(yamlKey("1e300"), ".inf"); // beyond float32: float32(v) is +Inf
}
