#pragma once

// FakeClock: a UTC clock the test moves by hand, handed to credential providers as their Clock.
// Copies and the functions from function() share one time; thread-safe.

#include <QDateTime>

#include <functional>
#include <memory>
#include <mutex>

namespace cubedesk::k8s::test {

class FakeClock final {
public:
    explicit FakeClock(QDateTime start = QDateTime(QDate(2030, 1, 1), QTime(12, 0), Qt::UTC));
    QDateTime now() const;
    void advance(qint64 seconds);
    std::function<QDateTime()> function() const;

private:
    struct State {
        std::mutex mutex;
        QDateTime now;
    };
    std::shared_ptr<State> m_state;
};

} // namespace cubedesk::k8s::test
