#pragma once

// Test helpers for k8s/config: the real fixture folder (a missing folder FAILS the test, it is
// never skipped), a temporary folder with file writers (executable scripts included), a fake
// clock, and a capture of every Qt log message (to prove secrets never reach a log).
//
// Thread-safety: TestDir and FakeClock belong to one test; LogCapture installs a process-wide
// message handler for its lifetime (one at a time).

#include "k8s/config/configerror.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <functional>
#include <memory>
#include <mutex>
#include <ostream>
#include <vector>

// Readable gtest output for Qt strings (found by ADL: QString lives in the global namespace).
inline void PrintTo(const QString &s, std::ostream *os) {
    *os << '"' << s.toStdString() << '"';
}
inline void PrintTo(const QByteArray &b, std::ostream *os) {
    *os << '"' << b.toStdString() << '"';
}

namespace cubedesk::k8s::test {

/// `<CUBEDESK_SOURCE_DIR>/../shared/fixtures/real/k8s/<name>`; records a test failure (and
/// returns the path anyway) when the variable is unset or the file does not exist.
QString realFixture(const QString &name);
/// The fixture's bytes; records a failure when it cannot be read.
QByteArray readFixture(const QString &name);

class TestDir final {
public:
    TestDir();
    QString path() const { return m_dir.path(); }
    QString filePath(const QString &relative) const;
    /// Writes `content` to `relative` (creating folders); returns the absolute path.
    QString write(const QString &relative, const QByteArray &content) const;
    /// Writes an executable script (mode 0755).
    QString writeScript(const QString &relative, const QByteArray &content) const;
    QByteArray read(const QString &relative) const;

private:
    QTemporaryDir m_dir;
};

/// All problems as one string, one per line (for assertion messages).
std::string describe(const std::vector<ConfigError> &problems);
/// The first problem with this entry and field, or null.
const ConfigError *findProblem(const std::vector<ConfigError> &problems, const QString &entry,
                               const QString &field);

/// A clock the test moves by hand; copies share the time.
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

/// Captures all Qt messages (every category enabled) while alive.
class LogCapture final {
public:
    LogCapture();
    ~LogCapture();
    LogCapture(const LogCapture &) = delete;
    LogCapture &operator=(const LogCapture &) = delete;
    QStringList messages() const;
};

} // namespace cubedesk::k8s::test
