#include "k8s/sim/faultinjector.h"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <thread>
#include <vector>

namespace cubedesk::sim {

namespace {

std::vector<std::string> split(std::string_view text, char sep) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = text.find(sep, start);
        const std::string_view part =
            text.substr(start, end == std::string_view::npos ? text.npos : end - start);
        if (!part.empty())
            out.emplace_back(part);
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    return out;
}

/// "2s", "500ms", "1.5s", or a bare number of seconds.
std::optional<std::chrono::milliseconds> duration(const std::string &text) {
    char *end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || v < 0)
        return std::nullopt;
    const std::string unit(end);
    if (unit.empty() || unit == "s")
        return std::chrono::milliseconds(static_cast<long long>(v * 1000));
    if (unit == "ms")
        return std::chrono::milliseconds(static_cast<long long>(v));
    if (unit == "m")
        return std::chrono::milliseconds(static_cast<long long>(v * 60000));
    return std::nullopt;
}

/// "D" or "D:for=D" (the spans of `stall:after=` and `cycle:every=`); nullopt when malformed.
struct DurationAndFor {
    std::chrono::milliseconds duration;
    std::optional<std::chrono::milliseconds> span; ///< the `for` part, when given
};
std::optional<DurationAndFor> durationAndFor(const std::string &value) {
    const std::size_t sep = value.find(":for=");
    const auto first = duration(value.substr(0, sep));
    if (!first)
        return std::nullopt;
    if (sep == std::string::npos)
        return DurationAndFor{*first, std::nullopt};
    const auto span = duration(value.substr(sep + 5));
    if (!span)
        return std::nullopt;
    return DurationAndFor{*first, *span};
}

std::optional<double> probability(const std::string &text) {
    char *end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || *end != '\0' || v < 0 || v > 1)
        return std::nullopt;
    return v;
}

} // namespace

std::optional<std::string> FaultInjector::configure(std::string_view spec) {
    FaultInjector next;
    std::optional<std::chrono::milliseconds> stallAfter;
    std::chrono::milliseconds stallFor{0};
    for (const std::string &fault : split(spec, ',')) {
        const std::size_t colon = fault.find(':');
        const std::string name = fault.substr(0, colon);
        const std::string arg =
            colon == std::string::npos ? std::string() : fault.substr(colon + 1);
        const std::size_t eq = arg.find('=');
        const std::string key = arg.substr(0, eq);
        const std::string value = eq == std::string::npos ? std::string() : arg.substr(eq + 1);
        auto bad = [&] {
            return "invalid fault '" + fault +
                   "': expected drop-watch:every=D, expire-watch:rate=P, "
                   "expire-continue:rate=P, http500:rate=P, "
                   "http429:rate=P, delay:ms=N, malformed:rate=P, reset:every=D, "
                   "stall:after=D[:for=D], slow:bps=N or cycle:every=D[:for=D]";
        };
        if (name == "cycle" && key == "every") {
            const auto spans = durationAndFor(value);
            if (!spans || spans->duration.count() == 0)
                return bad();
            next.m_cycleEvery = spans->duration;
            next.m_cycleFor = spans->span.value_or(std::chrono::milliseconds(0));
        } else if (name == "stall" && key == "after") {
            const auto spans = durationAndFor(value);
            if (!spans || (spans->span && spans->span->count() == 0))
                return bad();
            stallAfter = spans->duration;
            stallFor = spans->span.value_or(std::chrono::milliseconds(0));
        } else if (name == "slow" && key == "bps") {
            char *end = nullptr;
            const unsigned long long bps = std::strtoull(value.c_str(), &end, 10);
            if (value.empty() || *end != '\0' || bps == 0)
                return bad();
            next.m_slowBps = static_cast<std::size_t>(bps);
        } else if ((name == "drop-watch" || name == "reset") && key == "every") {
            auto d = duration(value);
            if (!d || d->count() == 0)
                return bad();
            (name == "reset" ? next.m_resetEvery : next.m_dropWatch) = *d;
        } else if (name == "delay" && key == "ms") {
            auto d = duration(value + "ms");
            if (!d)
                return bad();
            next.m_delay = *d;
        } else if (key == "rate" &&
                   (name == "expire-watch" || name == "expire-continue" || name == "http500" ||
                    name == "http429" || name == "malformed")) {
            auto p = probability(value);
            if (!p)
                return bad();
            (name == "expire-watch"      ? next.m_expire
             : name == "expire-continue" ? next.m_expireContinue
             : name == "http500"         ? next.m_http500
             : name == "http429"         ? next.m_http429
                                         : next.m_malformed) = *p;
        } else {
            return bad();
        }
        next.m_active = true;
    }
    m_active = next.m_active;
    m_http500 = next.m_http500;
    m_http429 = next.m_http429;
    m_expire = next.m_expire;
    m_expireContinue = next.m_expireContinue;
    m_malformed = next.m_malformed;
    m_delay = next.m_delay;
    m_dropWatch = next.m_dropWatch;
    m_resetEvery = next.m_resetEvery;
    m_cycleEvery = next.m_cycleEvery;
    m_cycleFor = next.m_cycleFor;
    m_slowBps = next.m_slowBps;
    m_start = std::chrono::steady_clock::now();
    if (stallAfter) {
        const auto begin = m_start + *stallAfter;
        m_stallBegin = begin.time_since_epoch().count();
        m_stallEnd = stallFor.count() == 0
                         ? std::numeric_limits<std::chrono::steady_clock::rep>::max()
                         : (begin + stallFor).time_since_epoch().count();
    } else {
        m_stallBegin = 1;
        m_stallEnd = 0;
    }
    return std::nullopt;
}

bool FaultInjector::chance(double p) {
    if (p <= 0)
        return false;
    std::lock_guard lock(m_mutex);
    return std::uniform_real_distribution<double>(0, 1)(m_rng) < p;
}

std::uint64_t FaultInjector::cyclePoints() const {
    if (m_cycleEvery.count() == 0)
        return 0;
    auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - m_start);
    if (m_cycleFor.count() > 0)
        elapsed = std::min(elapsed, m_cycleFor);
    return static_cast<std::uint64_t>(elapsed.count() / m_cycleEvery.count());
}

std::optional<FaultInjector::CycleFault> FaultInjector::cycleFault() const {
    const std::uint64_t points = cyclePoints();
    if (points == 0)
        return std::nullopt;
    const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - m_start);
    const auto sincePoint = elapsed - m_cycleEvery * static_cast<std::int64_t>(points);
    if (sincePoint > std::chrono::seconds(2))
        return std::nullopt;
    return static_cast<CycleFault>((points - 1) % 4);
}

std::optional<ApiError> FaultInjector::requestFault() {
    if (const auto cycle = cycleFault()) {
        if (*cycle == CycleFault::Http500)
            return ApiError::internal("injected fault (cycle: http500)");
        if (*cycle == CycleFault::Unauthorized)
            return ApiError::unauthorized();
    }
    if (chance(m_http500))
        return ApiError::internal("injected fault (http500)");
    if (chance(m_http429))
        return ApiError::tooManyRequests(1);
    return std::nullopt;
}

bool FaultInjector::expireWatch() {
    return cycleFault() == CycleFault::Expire || chance(m_expire);
}

bool FaultInjector::expireContinue() {
    return chance(m_expireContinue);
}

bool FaultInjector::malformedEvent() {
    return chance(m_malformed);
}

std::uint64_t FaultInjector::resetGeneration() const {
    // Every cycle point closes every connection too.
    if (m_resetEvery.count() == 0)
        return cyclePoints();
    const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - m_start);
    return static_cast<std::uint64_t>(elapsed.count() / m_resetEvery.count()) + cyclePoints();
}

void FaultInjector::stallNow(std::chrono::milliseconds span) {
    const auto now = std::chrono::steady_clock::now();
    m_stallEnd = (now + span).time_since_epoch().count();
    m_stallBegin = now.time_since_epoch().count();
}

bool FaultInjector::stalled() const {
    const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
    return now >= m_stallBegin.load() && now < m_stallEnd.load();
}

void FaultInjector::waitWhileStalled(const std::atomic<bool> &stopping) const {
    while (stalled() && !stopping.load())
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
}

} // namespace cubedesk::sim
