#include "k8s/session/logmerge.h"

namespace cubedesk::k8s {

LogMerge::LogMerge(std::chrono::milliseconds patience)
    : m_patience(patience) {}

int LogMerge::addSource(Clock::time_point now) {
    m_sources.emplace_back();
    m_sources.back().heard = now;
    return static_cast<int>(m_sources.size() - 1);
}

void LogMerge::push(int source, std::vector<LogLine> &&lines, Clock::time_point now) {
    Source &s = m_sources.at(static_cast<std::size_t>(source));
    s.heard = now;
    for (LogLine &line : lines) {
        if (!line.time)
            line.time = s.last; // an untimed line goes with the one before it
        if (line.time && (!s.last || before(*s.last, *line.time)))
            s.last = line.time;
        s.lines.push_back({std::move(line), now});
    }
}

void LogMerge::finish(int source) {
    m_sources.at(static_cast<std::size_t>(source)).finished = true;
}

std::size_t LogMerge::held() const {
    std::size_t n = 0;
    for (const Source &s : m_sources)
        n += s.lines.size();
    return n;
}

std::vector<LogMerge::Released> LogMerge::release(Clock::time_point now) {
    // The horizon: the earliest "newest line" among the sources that may still send an earlier
    // line. A source that has sent nothing timed yet holds everything back (for `patience`).
    std::optional<Rfc3339::Instant> horizon;
    bool unbounded = true;
    bool waitingForFirst = false;
    for (const Source &s : m_sources) {
        if (s.finished || now - s.heard >= m_patience)
            continue;
        if (!s.last) {
            waitingForFirst = true;
            continue;
        }
        if (unbounded || before(*s.last, *horizon))
            horizon = s.last;
        unbounded = false;
    }
    const auto releasable = [&](const Pending &p) {
        if (now - p.arrived >= m_patience)
            return true; // held long enough: a skewed clock must not hold lines for ever
        if (waitingForFirst)
            return false;
        return unbounded || !p.line.time || !before(*horizon, *p.line.time);
    };
    std::vector<Released> out;
    for (;;) {
        // The earliest head among the sources (k-way merge; a source count is small).
        int pick = -1;
        for (std::size_t i = 0; i < m_sources.size(); ++i) {
            const Source &s = m_sources[i];
            if (s.lines.empty())
                continue;
            if (pick < 0) {
                pick = static_cast<int>(i);
                continue;
            }
            const LogLine &a = s.lines.front().line;
            const LogLine &b = m_sources[static_cast<std::size_t>(pick)].lines.front().line;
            if (a.time && (!b.time || before(*a.time, *b.time)))
                pick = static_cast<int>(i);
        }
        if (pick < 0)
            break;
        if (!releasable(m_sources[static_cast<std::size_t>(pick)].lines.front())) {
            // The earliest must wait; a head held past the patience goes anyway (out of order:
            // its clock runs behind the others').
            pick = -1;
            for (std::size_t i = 0; i < m_sources.size() && pick < 0; ++i)
                if (!m_sources[i].lines.empty() &&
                    now - m_sources[i].lines.front().arrived >= m_patience)
                    pick = static_cast<int>(i);
            if (pick < 0)
                break;
        }
        Source &s = m_sources[static_cast<std::size_t>(pick)];
        out.push_back({pick, std::move(s.lines.front().line)});
        s.lines.pop_front();
    }
    return out;
}

} // namespace cubedesk::k8s
