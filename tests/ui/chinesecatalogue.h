#pragma once

// The Chinese catalogue as the UI tests load it: translations/cubedesk_zh_CN.ts from the source
// tree (CUBEDESK_SOURCE_DIR) compiled with Qt's lrelease (CUBEDESK_LRELEASE, defined by the
// test's CMake target) into a temporary .qm, then loaded into `translator`. Returns an empty
// string, or why it could not (the caller fails with it). Header-only; GUI thread.

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QTranslator>

namespace cubedesk::test {

inline QString loadChineseCatalogue(QTranslator &translator) {
    const QString ts = qEnvironmentVariable("CUBEDESK_SOURCE_DIR") +
                       QStringLiteral("/translations/cubedesk_zh_CN.ts");
    const QString qm = QDir::tempPath() +
                       QStringLiteral("/cubedesk-zh-%1.qm").arg(QCoreApplication::applicationPid());
    const int rc = QProcess::execute(QStringLiteral(CUBEDESK_LRELEASE),
                                     {QStringLiteral("-silent"), ts, QStringLiteral("-qm"), qm});
    if (rc != 0)
        return QStringLiteral("lrelease %1 exited with %2").arg(ts).arg(rc);
    const bool loaded = translator.load(qm);
    QFile::remove(qm);
    return loaded ? QString() : QStringLiteral("the compiled %1 did not load").arg(ts);
}

} // namespace cubedesk::test
