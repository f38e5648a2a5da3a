#pragma once
// Support for the widget tests, which run as one executable (main.cpp): each *_test.cpp
// registers its QObject test class with CUBEDESK_WIDGETS_TEST; main() runs them all through
// QTest::qExec. Also: where rendered screenshots go, and pixel helpers.
// GUI thread only.

#include <QColor>
#include <QImage>
#include <QObject>
#include <QRect>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

namespace cubedesk::tests {

using TestFactory = std::function<std::unique_ptr<QObject>()>;
std::vector<TestFactory> &widgetTests();

template <typename T>
bool registerWidgetTest() {
    widgetTests().push_back([] { return std::unique_ptr<QObject>(new T); });
    return true;
}

/// Saves `image` as <CUBEDESK_BINARY_DIR or the temp dir>/test-output/widgets/<name>.png and
/// returns the path (empty when it could not be written).
QString saveSnapshot(const QImage &image, const QString &name);

/// Largest per-channel difference between two colours.
int colorDistance(const QColor &a, const QColor &b);
/// Pixels of `image` inside `area` that satisfy `test`.
int countPixels(const QImage &image, const QRect &area, const std::function<bool(QColor)> &test);
/// True when `color` is saturated and bright (a signal colour) with its hue in degrees inside
/// [hueFrom, hueTo], wrapping through 0 when hueFrom > hueTo.
bool isSignal(const QColor &color, int hueFrom, int hueTo);

} // namespace cubedesk::tests

#define CUBEDESK_WIDGETS_TEST(Class)                                                               \
    [[maybe_unused]] static const bool cubedesk_registered_##Class =                               \
        ::cubedesk::tests::registerWidgetTest<Class>();
