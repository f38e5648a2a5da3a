#include "k8s/api/helmreleasehistory.h"

#include "k8s/api/jsonfields.h"
#include "k8s/api/rfc3339.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <tuple>

#include <simdjson.h>

namespace cubedesk::k8s {

namespace {

/// What Go prints for the zero time.Time in ANSIC (helm history of a revision without a time).
constexpr std::string_view kZeroAnsic = "Mon Jan  1 00:00:00 0001";

/// A time as its writer's clock read it.
struct WallClock {
    std::int64_t seconds = 0; ///< the instant plus the offset, as if it were UTC
    std::int32_t nanos = 0;
    int offsetMinutes = 0;
    bool utc = false; ///< written with "Z"
};

std::optional<WallClock> wallClock(std::string_view text) {
    const auto instant = Rfc3339::parse(text);
    if (!instant)
        return std::nullopt;
    WallClock w;
    w.nanos = instant->nanos;
    // Rfc3339::parse accepted the text, so it ends in Z/z or ±HH:MM.
    const char last = text.back();
    w.utc = last == 'Z' || last == 'z';
    if (!w.utc) {
        const std::string_view tail = text.substr(text.size() - 6);
        const int minutes =
            ((tail[1] - '0') * 10 + (tail[2] - '0')) * 60 + (tail[4] - '0') * 10 + (tail[5] - '0');
        w.offsetMinutes = tail[0] == '-' ? -minutes : minutes;
    }
    w.seconds = instant->seconds + std::int64_t{w.offsetMinutes} * 60;
    return w;
}

std::string twoDigits(int v) {
    return std::string(1, static_cast<char>('0' + v / 10)) + static_cast<char>('0' + v % 10);
}

/// Go's "-0700": the offset as ±hhmm.
std::string numericOffset(int minutes) {
    const int m = minutes < 0 ? -minutes : minutes;
    return (minutes < 0 ? "-" : "+") + twoDigits(m / 60) + twoDigits(m % 60);
}

HelmReleaseHistory::ListRow listRow(const HelmRelease &r) {
    std::string updated = "-";
    if (!r.lastDeployed.empty())
        updated = HelmReleaseHistory::goTimeString(r.lastDeployed);
    return {r.name,
            r.ns,
            std::to_string(r.revision),
            std::move(updated),
            std::string(HelmRelease::statusName(r.status)),
            r.chart(),
            r.appVersion};
}

} // namespace

std::string HelmReleaseHistory::goTimeString(std::string_view rfc3339) {
    const auto w = wallClock(rfc3339);
    if (!w)
        return {};
    // "YYYY-MM-DDTHH:MM:SSZ" of the wall clock: its date and time of day.
    const std::string civil = Rfc3339::format(w->seconds);
    std::string out = civil.substr(0, 10) + ' ' + civil.substr(11, 8);
    if (w->nanos != 0) {
        std::string fraction = std::to_string(w->nanos);
        fraction.insert(0, 9 - fraction.size(), '0');
        fraction.erase(fraction.find_last_not_of('0') + 1);
        out += '.' + fraction;
    }
    const std::string offset = numericOffset(w->offsetMinutes);
    return out + ' ' + offset + ' ' + (w->utc ? std::string("UTC") : offset);
}

std::string HelmReleaseHistory::goTimeAnsic(std::string_view rfc3339) {
    static constexpr std::array<std::string_view, 7> kDays = {"Sun", "Mon", "Tue", "Wed",
                                                              "Thu", "Fri", "Sat"};
    static constexpr std::array<std::string_view, 12> kMonths = {
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    const auto w = wallClock(rfc3339);
    if (!w)
        return {};
    const std::string civil = Rfc3339::format(w->seconds); // YYYY-MM-DDTHH:MM:SSZ
    // 1970-01-01 was a Thursday; floor the days for times before it.
    std::int64_t days = w->seconds / 86400;
    if (w->seconds % 86400 < 0)
        --days;
    const auto weekday = static_cast<std::size_t>(((days % 7) + 7 + 4) % 7);
    const int month = std::stoi(civil.substr(5, 2));
    const std::string day = civil.substr(8, 2);
    std::string out(kDays[weekday]);
    out += ' ';
    out += kMonths[static_cast<std::size_t>(month - 1)];
    out += ' ';
    out += day[0] == '0' ? ' ' + day.substr(1) : day;
    out += ' ' + civil.substr(11, 8) + ' ' + civil.substr(0, 4);
    return out;
}

Result<HelmReleaseHistory, std::string> HelmReleaseHistory::fromSecretList(std::string_view body) {
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (const auto error = parser.parse(body.data(), body.size()).get(doc);
        error != simdjson::SUCCESS)
        return Failure{std::string("the Secret list is not JSON: ") +
                       simdjson::error_message(error)};
    simdjson::dom::array items;
    if (doc.at_key("items").get(items) != simdjson::SUCCESS)
        return Failure{std::string("the Secret list has no items array")};
    HelmReleaseHistory out;
    for (simdjson::dom::element item : items) {
        const std::string ns = JsonFields::text(item["metadata"], "namespace");
        const std::string name = JsonFields::text(item["metadata"], "name");
        const auto fail = [&](std::string reason) {
            out.m_errors.push_back({ns, name, std::move(reason)});
        };
        std::string_view data;
        if (item.at_pointer("/data/release").get(data) != simdjson::SUCCESS) {
            fail("the Secret has no data.release");
            continue;
        }
        auto release = HelmRelease::fromSecretData(data);
        if (!release.ok()) {
            fail(release.error());
            continue;
        }
        if (release.value().ns.empty())
            release.value().ns = ns;
        out.add(std::move(release.value()));
    }
    return out;
}

void HelmReleaseHistory::add(HelmRelease release) {
    auto &revisions = m_releases[{release.ns, release.name}];
    const auto at =
        std::upper_bound(revisions.begin(), revisions.end(), release.revision,
                         [](int revision, const HelmRelease &r) { return revision < r.revision; });
    revisions.insert(at, std::move(release));
}

std::vector<HelmReleaseHistory::ListRow> HelmReleaseHistory::listRows(bool all) const {
    std::vector<const HelmRelease *> latest;
    for (const auto &[key, revisions] : m_releases) {
        const HelmRelease &r = revisions.back();
        if (all || r.status == HelmRelease::Status::Deployed ||
            r.status == HelmRelease::Status::Failed)
            latest.push_back(&r);
    }
    std::stable_sort(latest.begin(), latest.end(), [](const HelmRelease *a, const HelmRelease *b) {
        return std::tie(a->name, a->ns) < std::tie(b->name, b->ns);
    });
    std::vector<ListRow> rows;
    rows.reserve(latest.size());
    for (const HelmRelease *r : latest)
        rows.push_back(listRow(*r));
    return rows;
}

std::vector<HelmReleaseHistory::HistoryRow> HelmReleaseHistory::historyRows(const std::string &ns,
                                                                            const std::string &name,
                                                                            std::size_t max) const {
    const std::vector<HelmRelease> &all = revisions(ns, name);
    const std::size_t skip = all.size() > max ? all.size() - max : 0;
    std::vector<HistoryRow> rows;
    for (std::size_t i = skip; i < all.size(); ++i) {
        const HelmRelease &r = all[i];
        rows.push_back(
            {std::to_string(r.revision),
             r.lastDeployed.empty() ? std::string(kZeroAnsic) : goTimeAnsic(r.lastDeployed),
             std::string(HelmRelease::statusName(r.status)), r.chart(), r.appVersion,
             r.description});
    }
    return rows;
}

const std::vector<HelmRelease> &HelmReleaseHistory::revisions(const std::string &ns,
                                                              const std::string &name) const {
    static const std::vector<HelmRelease> kNone;
    const auto it = m_releases.find({ns, name});
    return it == m_releases.end() ? kNone : it->second;
}

std::vector<std::pair<std::string, std::string>> HelmReleaseHistory::releases() const {
    std::vector<std::pair<std::string, std::string>> keys;
    keys.reserve(m_releases.size());
    for (const auto &entry : m_releases)
        keys.push_back(entry.first);
    return keys;
}

} // namespace cubedesk::k8s
