#pragma once

// Shared helpers of the k8s/config tests: where the real fixture kubeconfigs live (a missing
// folder FAILS the test — it is never skipped), readable gtest output for Qt strings, and
// lookups in lists of ConfigError.

#include "k8s/config/configerror.h"

#include <QByteArray>
#include <QString>

#include <ostream>
#include <string>
#include <vector>

// Found by ADL: QString and QByteArray live in the global namespace.
inline void PrintTo(const QString &s, std::ostream *os) {
    *os << '"' << s.toStdString() << '"';
}
inline void PrintTo(const QByteArray &b, std::ostream *os) {
    *os << '"' << b.toStdString() << '"';
}

namespace cubedesk::k8s::test {

/// tests/fixtures/real/k8s/<name>; records a test failure (and returns the path anyway) when the
/// file does not exist.
QString realFixture(const QString &name);
/// The fixture's bytes; records a failure when it cannot be read.
QByteArray readFixture(const QString &name);

/// All problems as one string, one per line (for assertion messages).
std::string describe(const std::vector<ConfigError> &problems);
/// The first problem with this entry and field, or null.
const ConfigError *findProblem(const std::vector<ConfigError> &problems, const QString &entry,
                               const QString &field);

} // namespace cubedesk::k8s::test
