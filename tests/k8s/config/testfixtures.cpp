#include "testfixtures.h"

#include "tests/support/fixturefiles.h"

#include <QFile>
#include <QFileInfo>

#include <gtest/gtest.h>

namespace cubedesk::k8s::test {

QString realFixture(const QString &name) {
    const QString path =
        QString::fromStdString(cubedesk::test::fixturePath("k8s/" + name.toStdString()).string());
    if (!QFileInfo::exists(path))
        ADD_FAILURE() << "real fixture missing: " << path.toStdString();
    return path;
}

QByteArray readFixture(const QString &name) {
    QFile file(realFixture(name));
    if (!file.open(QIODevice::ReadOnly)) {
        ADD_FAILURE() << "cannot read fixture " << file.fileName().toStdString();
        return {};
    }
    return file.readAll();
}

std::string describe(const std::vector<ConfigError> &problems) {
    std::string out;
    for (const ConfigError &p : problems)
        out += p.toString().toStdString() + "\n";
    return out;
}

const ConfigError *findProblem(const std::vector<ConfigError> &problems, const QString &entry,
                               const QString &field) {
    for (const ConfigError &p : problems) {
        if (p.entry == entry && p.field == field)
            return &p;
    }
    return nullptr;
}

} // namespace cubedesk::k8s::test
