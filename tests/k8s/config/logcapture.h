#pragma once

// LogCapture: while alive, enables every logging category and records every Qt message (with
// its category), so tests can prove that secrets never reach a log. Installs a process-wide
// message handler: one instance at a time. Messages may come from any thread.

#include <QStringList>

namespace cubedesk::k8s::test {

class LogCapture final {
public:
    LogCapture();
    ~LogCapture();
    LogCapture(const LogCapture &) = delete;
    LogCapture &operator=(const LogCapture &) = delete;
    QStringList messages() const;
};

} // namespace cubedesk::k8s::test
