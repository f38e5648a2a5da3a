#include "testsupport.h"
#include "widgets/freshnessbadge.h"

#include <QHBoxLayout>
#include <QTest>

using cubedesk::widgets::FreshnessBadge;
namespace tests = cubedesk::tests;

namespace {

class FreshnessBadgeTest final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void dotHasTheLevelsColour_data() {
        QTest::addColumn<FreshnessBadge::Level>("level");
        QTest::addColumn<int>("hueFrom");
        QTest::addColumn<int>("hueTo");
        QTest::addRow("live") << FreshnessBadge::Level::Live << 100 << 150;
        QTest::addRow("connecting") << FreshnessBadge::Level::Connecting << 190 << 230;
        QTest::addRow("stale") << FreshnessBadge::Level::Stale << 30 << 50;
        QTest::addRow("error") << FreshnessBadge::Level::Error << 345 << 12;
        QTest::addRow("offline") << FreshnessBadge::Level::Offline << -1 << -1;
    }
    void dotHasTheLevelsColour() {
        QFETCH(FreshnessBadge::Level, level);
        QFETCH(int, hueFrom);
        QFETCH(int, hueTo);
        FreshnessBadge badge;
        badge.setState(level, QStringLiteral("state"), QStringLiteral("details"));
        badge.resize(badge.sizeHint());
        QCOMPARE(badge.level(), level);
        QCOMPARE(badge.text(), QStringLiteral("state"));
        QCOMPARE(badge.toolTip(), QStringLiteral("details"));
        const QImage image = badge.grab().toImage();
        const QRect dotArea(0, 0, 20, image.height());
        const QColor dot = FreshnessBadge::color(level);
        QVERIFY(tests::countPixels(image, dotArea, [&](QColor c) {
                    return tests::colorDistance(c, dot) <= 12;
                }) >= 20);
        if (hueFrom >= 0) {
            QVERIFY2(tests::isSignal(dot, hueFrom, hueTo), qPrintable(dot.name()));
        } else {
            const QColor hsv = dot.toHsv();
            QVERIFY(hsv.hsvSaturationF() < 0.15f);
        }
    }

    void sizeFollowsTheText() {
        FreshnessBadge badge;
        badge.setState(FreshnessBadge::Level::Live, QStringLiteral("live"));
        const int shortWidth = badge.sizeHint().width();
        badge.setState(FreshnessBadge::Level::Stale, QStringLiteral("stale for 3 min, retrying"));
        QVERIFY(badge.sizeHint().width() > shortWidth + 40);
        QVERIFY(badge.toolTip().isEmpty());
    }

    void screenshot() {
        QWidget row;
        auto *layout = new QHBoxLayout(&row);
        const QList<QPair<FreshnessBadge::Level, QString>> states{
            {FreshnessBadge::Level::Live, QStringLiteral("live")},
            {FreshnessBadge::Level::Connecting, QStringLiteral("connecting…")},
            {FreshnessBadge::Level::Stale, QStringLiteral("stale 2 min")},
            {FreshnessBadge::Level::Error, QStringLiteral("403 forbidden")},
            {FreshnessBadge::Level::Offline, QStringLiteral("离线")},
        };
        for (const auto &[level, text] : states) {
            auto *badge = new FreshnessBadge(&row);
            badge->setState(level, text);
            layout->addWidget(badge);
        }
        row.show();
        QVERIFY(QTest::qWaitForWindowExposed(&row));
        QVERIFY(!tests::saveSnapshot(row.grab().toImage(), QStringLiteral("freshness")).isEmpty());
    }
};

} // namespace

CUBEDESK_WIDGETS_TEST(FreshnessBadgeTest)
#include "freshnessbadge_test.moc"
