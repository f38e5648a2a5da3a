// The widget tests run in one executable: every registered test class, in registration order,
// with the Fusion style so pixels do not depend on the desktop.

#include "testsupport.h"

#include <QApplication>
#include <QStyle>
#include <QTest>

int main(int argc, char **argv) {
    QApplication app(argc, argv);
    QApplication::setStyle(QStringLiteral("Fusion"));
    QApplication::setPalette(QApplication::style()->standardPalette());
    int failures = 0;
    for (const auto &factory : cubedesk::tests::widgetTests()) {
        const std::unique_ptr<QObject> test = factory();
        failures += QTest::qExec(test.get(), argc, argv);
    }
    return failures == 0 ? 0 : 1;
}
