#pragma once

// saveScreenshot: a test's picture of `widget`, saved as `name` in CUBEDESK_SCREENSHOT_DIR when
// that is set (to keep and look at), else in `fallbackDir` (which goes with the test). Returns
// the path written, or an empty string when it could not be written (the caller fails).
// Header-only; GUI thread.

#include <QDir>
#include <QString>
#include <QWidget>

namespace cubedesk::test {

inline QString screenshotDir(const QString &fallbackDir) {
    return qEnvironmentVariableIsSet("CUBEDESK_SCREENSHOT_DIR")
               ? qEnvironmentVariable("CUBEDESK_SCREENSHOT_DIR")
               : fallbackDir;
}

inline QString saveScreenshot(QWidget &widget, const QString &name, const QString &fallbackDir) {
    const QString dir = screenshotDir(fallbackDir);
    const QString path = dir + QLatin1Char('/') + name;
    return QDir().mkpath(dir) && widget.grab().save(path) ? path : QString();
}

} // namespace cubedesk::test
