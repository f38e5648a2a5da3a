#pragma once

// fixturefiles.h for Qt Test programs: a fixture's bytes as a QByteArray. A fixture that cannot
// be read ends the test program with a message naming it (qFatal): these tests have no other
// way to fail from a helper, and a missing fixture must never look like a pass.

#include "tests/support/fixturefiles.h"

#include <QByteArray>
#include <QString>
#include <QtGlobal>

namespace cubedesk::test {

/// The bytes of tests/fixtures/real/<relative>.
inline QByteArray requireFixture(const QString &relative) {
    const std::optional<std::string> bytes = readFixtureFile(relative.toStdString());
    if (!bytes)
        qFatal("cannot read fixture %s", fixturePath(relative.toStdString()).string().c_str());
    return QByteArray::fromStdString(*bytes);
}

} // namespace cubedesk::test
