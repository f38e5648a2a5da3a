#include "k8s/api/logresumepoint.h"

#include <tuple>

namespace cubedesk::k8s {

namespace {

bool before(const Rfc3339::Instant &a, const Rfc3339::Instant &b) {
    return std::tie(a.seconds, a.nanos) < std::tie(b.seconds, b.nanos);
}

} // namespace

void LogResumePoint::shown(const LogLine &line) {
    if (!line.time)
        return;
    if (!m_point || before(*m_point, *line.time)) {
        m_point = line.time;
        m_atPoint = 1;
    } else if (*m_point == *line.time) {
        ++m_atPoint;
    }
}

std::optional<std::int64_t> LogResumePoint::sinceTime() const {
    if (!m_point)
        return std::nullopt;
    return m_point->seconds;
}

bool LogResumePoint::accept(const LogLine &line) {
    if (!line.time || !m_point)
        return true;
    if (before(*line.time, *m_point))
        return false;
    if (*line.time == *m_point && m_toSkip > 0) {
        --m_toSkip;
        return false;
    }
    return true;
}

} // namespace cubedesk::k8s
