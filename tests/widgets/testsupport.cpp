#include "testsupport.h"

#include <QDir>
#include <QStandardPaths>

#include <algorithm>
#include <cstdlib>

namespace cubedesk::tests {

std::vector<TestFactory> &widgetTests() {
    static std::vector<TestFactory> tests;
    return tests;
}

QString saveSnapshot(const QImage &image, const QString &name) {
    QString root = qEnvironmentVariable("CUBEDESK_BINARY_DIR");
    if (root.isEmpty())
        root = QStandardPaths::writableLocation(QStandardPaths::TempLocation);
    const QString dir = root + QStringLiteral("/test-output/widgets");
    if (!QDir().mkpath(dir))
        return {};
    const QString path = dir + u'/' + name + QStringLiteral(".png");
    return image.save(path) ? path : QString();
}

int colorDistance(const QColor &a, const QColor &b) {
    return std::max({std::abs(a.red() - b.red()), std::abs(a.green() - b.green()),
                     std::abs(a.blue() - b.blue())});
}

int countPixels(const QImage &image, const QRect &area, const std::function<bool(QColor)> &test) {
    const QRect clipped = area & image.rect();
    int count = 0;
    for (int y = clipped.top(); y <= clipped.bottom(); ++y) {
        for (int x = clipped.left(); x <= clipped.right(); ++x) {
            if (test(image.pixelColor(x, y)))
                ++count;
        }
    }
    return count;
}

bool isSignal(const QColor &color, int hueFrom, int hueTo) {
    const QColor hsv = color.toHsv();
    const int hue = hsv.hsvHue();
    if (hue < 0 || hsv.hsvSaturationF() < 0.5f || hsv.valueF() < 0.5f)
        return false;
    return hueFrom <= hueTo ? hue >= hueFrom && hue <= hueTo : hue >= hueFrom || hue <= hueTo;
}

} // namespace cubedesk::tests
