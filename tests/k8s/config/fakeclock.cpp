#include "fakeclock.h"

namespace cubedesk::k8s::test {

FakeClock::FakeClock(QDateTime start)
    : m_state(std::make_shared<State>()) {
    m_state->now = std::move(start);
}

QDateTime FakeClock::now() const {
    const std::lock_guard lock(m_state->mutex);
    return m_state->now;
}

void FakeClock::advance(qint64 seconds) {
    const std::lock_guard lock(m_state->mutex);
    m_state->now = m_state->now.addSecs(seconds);
}

std::function<QDateTime()> FakeClock::function() const {
    return [state = m_state] {
        const std::lock_guard lock(state->mutex);
        return state->now;
    };
}

} // namespace cubedesk::k8s::test
