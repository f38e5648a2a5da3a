// The dark theme that follows the desktop: the portal's values, the palettes ThemeController
// applies to the application (and takes back), System following the desktop, and the contrast
// the custom painters reach on both palettes (WCAG 2: 4.5:1 for text, measured here with a
// luminance helper of the test's own, on colours the widgets really paint where it can).
//
// The portal tests run a private session bus (dbus-daemon with a configuration of the test's own)
// and register a fake org.freedesktop.portal.Settings on it, on a connection of their own; the
// code under test talks to it through QDBusConnection::sessionBus() as it does on a desktop.
// Without dbus-daemon those tests fail (Debian: the package dbus, cmake/setup-deps.sh).
#include "models/usage.h"
#include "ui/desktopcolorscheme.h"
#include "ui/themecontroller.h"
#include "widgets/freshnessbadge.h"
#include "widgets/labelchip.h"
#include "widgets/usagebarpainter.h"

#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyle>
#include <QTemporaryDir>
#include <QTest>

#if defined(CUBEDESK_DESKTOP_PORTAL)
#include <QDBusAbstractAdaptor>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusVariant>
#endif

#if defined(Q_OS_LINUX)
#include <csignal>
#include <sys/prctl.h>
#endif

#include <cmath>
#include <memory>

using cubedesk::models::Usage;
using cubedesk::ui::DesktopColorScheme;
using cubedesk::ui::ThemeController;
using cubedesk::widgets::FreshnessBadge;
using cubedesk::widgets::LabelChip;
using cubedesk::widgets::UsageBarPainter;
using Scheme = DesktopColorScheme::Scheme;
using Choice = ThemeController::Choice;

namespace {

// WCAG 2.x relative luminance and contrast ratio, written out here rather than taken from
// UsageBarPainter, so that the painters are measured by an independent ruler.
double linear(double channel) {
    return channel <= 0.03928 ? channel / 12.92 : std::pow((channel + 0.055) / 1.055, 2.4);
}

double luminance(const QColor &color) {
    const QColor c = color.toRgb();
    return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
}

double contrastRatio(const QColor &a, const QColor &b) {
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QString describe(const QColor &text, const QColor &background) {
    return QStringLiteral("%1 on %2: %3:1")
        .arg(text.name(), background.name())
        .arg(contrastRatio(text, background), 0, 'f', 2);
}

int distance(const QColor &a, const QColor &b) {
    return std::max({std::abs(a.red() - b.red()), std::abs(a.green() - b.green()),
                     std::abs(a.blue() - b.blue())});
}

// The two palettes the application can show: Light as ThemeController applies it on this
// desktop (the light palette the application starts with offscreen; cleanup() puts it back after
// every test), and Dark.
QPalette lightPalette() {
    return QApplication::palette();
}

void addPaletteRows() {
    QTest::addColumn<QPalette>("palette");
    QTest::newRow("light") << lightPalette();
    QTest::newRow("dark") << ThemeController::darkPalette();
}

#if defined(CUBEDESK_DESKTOP_PORTAL)
const QString kPortalService = QStringLiteral("org.freedesktop.portal.Desktop");
const QString kPortalPath = QStringLiteral("/org/freedesktop/portal/desktop");
const QString kAppearance = QStringLiteral("org.freedesktop.appearance");
const QString kColorScheme = QStringLiteral("color-scheme");
const QString kFakePortalConnection = QStringLiteral("cubedesk-theme-test-portal");
// A name only the private bus has: proves that sessionBus() is that bus.
const QString kWitness = QStringLiteral("org.cubedesk.ThemeTest");

// org.freedesktop.portal.Settings as xdg-desktop-portal serves it: Read() answers a variant
// holding the setting's variant; SettingChanged carries the value in one variant.
class FakePortalSettings final : public QDBusAbstractAdaptor {
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.portal.Settings")
public:
    explicit FakePortalSettings(QObject *parent)
        : QDBusAbstractAdaptor(parent) {}

    uint colorScheme = 0;
    QStringList asked; ///< "namespace key" per Read()

    void change(const QString &group, const QString &key, uint value) {
        Q_EMIT SettingChanged(group, key, QDBusVariant(QVariant::fromValue(value)));
    }

public Q_SLOTS:
    QDBusVariant Read(const QString &group, const QString &key) {
        asked << group + u' ' + key;
        const QVariant inner = QVariant::fromValue(colorScheme);
        return QDBusVariant(QVariant::fromValue(QDBusVariant(inner)));
    }

Q_SIGNALS:
    void SettingChanged(const QString &group, const QString &key, const QDBusVariant &value);
};

// The fake portal on the private bus, on a connection of its own (as a real portal would be).
class FakePortal final {
public:
    explicit FakePortal(uint colorScheme)
        : m_bus(QDBusConnection::connectToBus(qEnvironmentVariable("DBUS_SESSION_BUS_ADDRESS"),
                                              kFakePortalConnection)) {
        settings = new FakePortalSettings(&m_root);
        settings->colorScheme = colorScheme;
        registered = m_bus.isConnected() && m_bus.registerObject(kPortalPath, &m_root) &&
                     m_bus.registerService(kPortalService) && m_bus.registerService(kWitness);
    }
    ~FakePortal() {
        m_bus.unregisterService(kWitness);
        m_bus.unregisterService(kPortalService);
        m_bus.unregisterObject(kPortalPath);
        QDBusConnection::disconnectFromBus(kFakePortalConnection);
    }
    FakePortal(const FakePortal &) = delete;
    FakePortal &operator=(const FakePortal &) = delete;

    FakePortalSettings *settings = nullptr; ///< owned by m_root
    bool registered = false;

private:
    QObject m_root;
    QDBusConnection m_bus;
};
#endif

} // namespace

class ThemeTest final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void cleanupTestCase();

    void portalValues();
    void paletteDecidesWithoutAnAnswer();
    void injectedAnswerIsFollowed();
    void darkAndBackToLight();
    void systemFollowsTheDesktop();
    void darkPaletteIsComplete();
    void legibleOnKeepsTheHue();
    void usageBarsAreLegible_data() { addPaletteRows(); }
    void usageBarsAreLegible();
    void freshnessBadgesAreLegible_data() { addPaletteRows(); }
    void freshnessBadgesAreLegible();
    void labelChipsAreLegible_data() { addPaletteRows(); }
    void labelChipsAreLegible();

    void portalIsAskedAsynchronously();
    void portalChangesAreFollowed();
    void noPortalLeavesItToThePalette();

private:
    bool startBus(QString *why);

    QPalette m_palette;
    QString m_style;
    QTemporaryDir m_busDir;
    QProcess m_busDaemon;
    QString m_busProblem; ///< why the private bus is not there ("" when it is)
};

void ThemeTest::initTestCase() {
    m_palette = QApplication::palette();
    m_style = QApplication::style()->name();
    // Before anything connects to a session bus: the tests' own, never the desktop's.
    if (!startBus(&m_busProblem))
        qputenv("DBUS_SESSION_BUS_ADDRESS",
                QStringLiteral("unix:path=%1/no-bus").arg(m_busDir.path()).toUtf8());
}

bool ThemeTest::startBus(QString *why) {
#if defined(CUBEDESK_DESKTOP_PORTAL)
    const QString daemon = QStandardPaths::findExecutable(QStringLiteral("dbus-daemon"));
    if (daemon.isEmpty()) {
        *why = QStringLiteral("dbus-daemon is not installed (Debian: apt-get install dbus, or "
                              "cmake/setup-deps.sh)");
        return false;
    }
    QFile config(m_busDir.filePath(QStringLiteral("bus.conf")));
    if (!config.open(QIODevice::WriteOnly)) {
        *why = QStringLiteral("cannot write %1").arg(config.fileName());
        return false;
    }
    config.write(QStringLiteral(
                     "<!DOCTYPE busconfig PUBLIC \"-//freedesktop//DTD D-Bus Bus Configuration "
                     "1.0//EN\" \"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd\">\n"
                     "<busconfig>\n"
                     "  <type>session</type>\n"
                     "  <listen>unix:dir=%1</listen>\n"
                     "  <auth>EXTERNAL</auth>\n"
                     "  <policy context=\"default\">\n"
                     "    <allow send_destination=\"*\" eavesdrop=\"true\"/>\n"
                     "    <allow eavesdrop=\"true\"/>\n"
                     "    <allow own=\"*\"/>\n"
                     "  </policy>\n"
                     "</busconfig>\n")
                     .arg(m_busDir.path())
                     .toUtf8());
    config.close();
#if defined(Q_OS_LINUX)
    // The daemon goes with the test, also when the test crashes.
    m_busDaemon.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
#endif
    m_busDaemon.start(daemon, {QStringLiteral("--config-file=") + config.fileName(),
                               QStringLiteral("--nofork"), QStringLiteral("--print-address")});
    if (!m_busDaemon.waitForStarted(10000)) {
        *why = QStringLiteral("dbus-daemon did not start: %1").arg(m_busDaemon.errorString());
        return false;
    }
    QByteArray address;
    while (!address.contains('\n') && m_busDaemon.waitForReadyRead(10000))
        address += m_busDaemon.readAllStandardOutput();
    address = address.trimmed();
    if (address.isEmpty()) {
        *why = QStringLiteral("dbus-daemon printed no address: %1")
                   .arg(QString::fromUtf8(m_busDaemon.readAllStandardError()));
        return false;
    }
    qputenv("DBUS_SESSION_BUS_ADDRESS", address);
    return true;
#else
    *why = QStringLiteral("this build has no D-Bus portal support");
    return false;
#endif
}

void ThemeTest::cleanup() {
    // Each test starts from the application's own style and palette.
    if (QApplication::style()->name() != m_style)
        QApplication::setStyle(m_style);
    QApplication::setPalette(m_palette);
}

void ThemeTest::cleanupTestCase() {
    if (m_busDaemon.state() != QProcess::NotRunning) {
        m_busDaemon.terminate();
        if (!m_busDaemon.waitForFinished(5000))
            m_busDaemon.kill();
        m_busDaemon.waitForFinished(5000);
    }
}

void ThemeTest::portalValues() {
    QCOMPARE(DesktopColorScheme::fromPortalValue(0), Scheme::Unknown); // no preference
    QCOMPARE(DesktopColorScheme::fromPortalValue(1), Scheme::Dark);
    QCOMPARE(DesktopColorScheme::fromPortalValue(2), Scheme::Light);
    QCOMPARE(DesktopColorScheme::fromPortalValue(3), Scheme::Unknown);
    QCOMPARE(DesktopColorScheme::fromPalette(lightPalette()), Scheme::Light);
    QCOMPARE(DesktopColorScheme::fromPalette(ThemeController::darkPalette()), Scheme::Dark);
}

void ThemeTest::paletteDecidesWithoutAnAnswer() {
    // The application starts light here (offscreen): until the desktop answers, that decides.
    QVERIFY(QApplication::palette().color(QPalette::Window).lightness() >= 128);
    DesktopColorScheme light;
    QCOMPARE(light.reported(), Scheme::Unknown);
    QCOMPARE(light.current(), Scheme::Light);
    // Started with a dark palette (KDE's Breeze Dark, say): dark.
    QApplication::setPalette(ThemeController::darkPalette());
    DesktopColorScheme dark;
    QCOMPARE(dark.current(), Scheme::Dark);
    // The copy was taken at start: later palette changes are the application's, not the desktop's.
    QApplication::setPalette(m_palette);
    QCOMPARE(dark.current(), Scheme::Dark);
}

void ThemeTest::injectedAnswerIsFollowed() {
    DesktopColorScheme desktop;
    QSignalSpy changed(&desktop, &DesktopColorScheme::changed);
    desktop.setSchemeForTest(Scheme::Light); // what the palette says already
    QCOMPARE(changed.count(), 0);
    desktop.setSchemeForTest(Scheme::Dark);
    QCOMPARE(desktop.current(), Scheme::Dark);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<Scheme>(), Scheme::Dark);
    desktop.setSchemeForTest(Scheme::Unknown); // no preference: the palette again
    QCOMPARE(desktop.current(), Scheme::Light);
    QCOMPARE(changed.count(), 2);
    QCOMPARE(changed.at(1).at(0).value<Scheme>(), Scheme::Light);
}

void ThemeTest::darkAndBackToLight() {
    QWidget window; // a widget that exists when the theme changes hears of it
    ThemeController theme(Choice::Light);
    QCOMPARE(QApplication::style()->name().toLower(), QStringLiteral("fusion"));
    QVERIFY(!theme.dark());
    const QColor lightWindow = QApplication::palette().color(QPalette::Window);
    QVERIFY2(lightWindow.lightness() > 180, qPrintable(lightWindow.name()));
    QSignalSpy changed(&theme, &ThemeController::changed);

    theme.setChoice(Choice::Dark);
    QVERIFY(theme.dark());
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).toBool(), true);
    const QPalette dark = QApplication::palette();
    QVERIFY2(dark.color(QPalette::Window).lightness() < 80,
             qPrintable(dark.color(QPalette::Window).name()));
    QVERIFY2(dark.color(QPalette::Base).lightness() < 80,
             qPrintable(dark.color(QPalette::Base).name()));
    QVERIFY2(dark.color(QPalette::Text).lightness() > 180,
             qPrintable(dark.color(QPalette::Text).name()));
    QVERIFY2(dark.color(QPalette::WindowText).lightness() > 180,
             qPrintable(dark.color(QPalette::WindowText).name()));
    // Widgets take the new palette once the events are processed.
    QTRY_VERIFY(window.palette().color(QPalette::Window).lightness() < 80);
    QCOMPARE(QApplication::palette("QMenu").color(QPalette::Window), dark.color(QPalette::Window));

    theme.setChoice(Choice::Dark); // nothing changes
    QCOMPARE(changed.count(), 1);

    theme.setChoice(Choice::Light);
    QVERIFY(!theme.dark());
    QCOMPARE(changed.count(), 2);
    QCOMPARE(changed.at(1).at(0).toBool(), false);
    QCOMPARE(QApplication::palette().color(QPalette::Window), lightWindow);
    QVERIFY(QApplication::palette().color(QPalette::Text).lightness() < 80);
    QTRY_COMPARE(window.palette().color(QPalette::Window), lightWindow);
    for (const auto role : {QPalette::Window, QPalette::Base, QPalette::Text, QPalette::Highlight})
        QCOMPARE(QApplication::palette().color(role), theme.lightPalette().color(role));
}

void ThemeTest::systemFollowsTheDesktop() {
    ThemeController theme; // System
    QCOMPARE(theme.choice(), Choice::System);
    QVERIFY(!theme.dark()); // the offscreen desktop is light
    QSignalSpy changed(&theme, &ThemeController::changed);
    theme.desktop()->setSchemeForTest(Scheme::Dark);
    QVERIFY(theme.dark());
    QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 80);
    QCOMPARE(changed.count(), 1);
    theme.desktop()->setSchemeForTest(Scheme::Light);
    QVERIFY(!theme.dark());
    QCOMPARE(changed.count(), 2);

    // An override ignores the desktop until System is chosen again.
    theme.setChoice(Choice::Light);
    theme.desktop()->setSchemeForTest(Scheme::Dark);
    QVERIFY(!theme.dark());
    QVERIFY(QApplication::palette().color(QPalette::Window).lightness() > 180);
    theme.setChoice(Choice::System);
    QVERIFY(theme.dark());
    QCOMPARE(changed.count(), 3);
}

void ThemeTest::darkPaletteIsComplete() {
    const QPalette dark = ThemeController::darkPalette();
    for (int group = 0; group < QPalette::NColorGroups; ++group) {
        for (int role = 0; role < QPalette::NColorRoles; ++role) {
            if (role == QPalette::NoRole)
                continue;
            QVERIFY2(dark.isBrushSet(QPalette::ColorGroup(group), QPalette::ColorRole(role)),
                     qPrintable(QStringLiteral("group %1 role %2").arg(group).arg(role)));
        }
    }
    const auto ratio = [&](QPalette::ColorRole text, QPalette::ColorRole background,
                           QPalette::ColorGroup group = QPalette::Active) {
        return contrastRatio(dark.color(group, text), dark.color(group, background));
    };
    QVERIFY(ratio(QPalette::Text, QPalette::Base) >= 7);
    QVERIFY(ratio(QPalette::Text, QPalette::AlternateBase) >= 7);
    QVERIFY(ratio(QPalette::WindowText, QPalette::Window) >= 7);
    QVERIFY(ratio(QPalette::ButtonText, QPalette::Button) >= 7);
    QVERIFY(ratio(QPalette::ToolTipText, QPalette::ToolTipBase) >= 7);
    QVERIFY(ratio(QPalette::HighlightedText, QPalette::Highlight) >= 4.5);
    QVERIFY(ratio(QPalette::HighlightedText, QPalette::Highlight, QPalette::Inactive) >= 4.5);
    QVERIFY(ratio(QPalette::PlaceholderText, QPalette::Base) >= 4.5);
    QVERIFY(ratio(QPalette::Link, QPalette::Base) >= 4.5);
    QVERIFY(ratio(QPalette::LinkVisited, QPalette::Base) >= 4.5);
    // Disabled text is dimmer than enabled text, and still there.
    QVERIFY(dark.color(QPalette::Disabled, QPalette::Text).lightness() <
            dark.color(QPalette::Active, QPalette::Text).lightness());
    QVERIFY(ratio(QPalette::Text, QPalette::Base, QPalette::Disabled) >= 2);
}

void ThemeTest::legibleOnKeepsTheHue() {
    const QColor red(0xe5, 0x48, 0x4d);
    for (const QColor &background : {QColor(Qt::white), QColor(0xf6, 0xf6, 0xf6),
                                     QColor(0x1e, 0x1e, 0x1e), QColor(0x2b, 0x2b, 0x2b)}) {
        const QColor text = UsageBarPainter::legibleOn(red, background);
        QVERIFY2(contrastRatio(text, background) >= 4.5, qPrintable(describe(text, background)));
        const int turn = std::abs(text.toHsl().hslHue() - red.toHsl().hslHue());
        QVERIFY2(std::min(turn, 360 - turn) <= 3, qPrintable(text.name()));
    }
    // Already legible: untouched.
    QCOMPARE(UsageBarPainter::legibleOn(QColor(0xc6, 0x28, 0x28), QColor(Qt::white)),
             QColor(0xc6, 0x28, 0x28));
}

void ThemeTest::usageBarsAreLegible() {
    QFETCH(QPalette, palette);
    for (const auto level : {Usage::Level::Normal, Usage::Level::Warning, Usage::Level::Critical}) {
        const QColor fill = UsageBarPainter::fillColor(level, palette);
        const QColor text = UsageBarPainter::textColorOn(fill);
        QVERIFY2(contrastRatio(text, fill) >= 4.5, qPrintable(describe(text, fill)));
    }
    const QColor track = UsageBarPainter::trackColor(palette);
    const QColor onTrack = palette.color(QPalette::Text);
    QVERIFY2(contrastRatio(onTrack, track) >= 4.5, qPrintable(describe(onTrack, track)));
    // The light theme keeps the colours the bars always had there.
    if (!UsageBarPainter::isDark(palette))
        QCOMPARE(UsageBarPainter::fillColor(Usage::Level::Warning, palette),
                 UsageBarPainter::fillColor(Usage::Level::Warning));
}

void ThemeTest::freshnessBadgesAreLegible() {
    QFETCH(QPalette, palette);
    const bool dark = UsageBarPainter::isDark(palette);
    for (const auto level : {FreshnessBadge::Level::Live, FreshnessBadge::Level::Connecting,
                             FreshnessBadge::Level::Stale, FreshnessBadge::Level::Error,
                             FreshnessBadge::Level::Offline}) {
        FreshnessBadge badge;
        badge.setPalette(palette);
        badge.setState(level, QStringLiteral("stale for 2 min"));
        badge.resize(badge.sizeHint());
        const QImage image = badge.grab().toImage();
        const int middle = image.height() / 2;
        // The pill at both rounded ends, clear of the dot and the text.
        const QColor pill = image.pixelColor(4, middle);
        QVERIFY2(distance(pill, image.pixelColor(image.width() - 3, middle)) <= 2,
                 qPrintable(pill.name()));
        const QColor text = badge.palette().color(QPalette::WindowText);
        QVERIFY2(contrastRatio(text, pill) >= 4.5, qPrintable(describe(text, pill)));
        // The text is painted in that colour.
        int glyphPixels = 0;
        for (int x = 22; x < image.width() - 8; ++x)
            for (int y = 0; y < image.height(); ++y)
                glyphPixels += distance(image.pixelColor(x, y), text) <= 40 ? 1 : 0;
        QVERIFY2(glyphPixels > 20, qPrintable(QString::number(glyphPixels)));
        // On a dark window the dot stands out from the pill (3:1, as marks need).
        if (dark) {
            const QColor dot = image.pixelColor(8 + 4, middle);
            QVERIFY2(contrastRatio(dot, pill) >= 3.0, qPrintable(describe(dot, pill)));
        }
    }
}

void ThemeTest::labelChipsAreLegible() {
    QFETCH(QPalette, palette);
    for (const auto state :
         {LabelChip::State::Unchanged, LabelChip::State::Changed, LabelChip::State::Mixed}) {
        LabelChip chip(QStringLiteral("team"));
        chip.setPalette(palette);
        chip.setValue(QStringLiteral("vision"), state);
        chip.resize(chip.sizeHint());
        const QImage image = chip.grab().toImage();
        // Inside the pill's left end, before the text starts.
        const QColor fill = image.pixelColor(5, image.height() / 2);
        const auto *label = chip.findChild<QLabel *>();
        QVERIFY(label);
        const QColor text = label->palette().color(label->foregroundRole());
        QVERIFY2(contrastRatio(text, fill) >= 4.5, qPrintable(describe(text, fill)));
    }
}

void ThemeTest::portalIsAskedAsynchronously() {
#if defined(CUBEDESK_DESKTOP_PORTAL)
    if (!m_busProblem.isEmpty())
        QFAIL(qPrintable(QStringLiteral("no private session bus: ") + m_busProblem));
    FakePortal portal(1); // prefer dark
    QVERIFY(portal.registered);
    QDBusConnection session = QDBusConnection::sessionBus();
    QVERIFY(session.isConnected());
    QVERIFY2(session.interface()->isServiceRegistered(kWitness),
             "sessionBus() is not the test's private bus");

    DesktopColorScheme desktop;
    // The constructor asked without waiting: no answer yet, the palette decides meanwhile.
    QCOMPARE(desktop.reported(), Scheme::Unknown);
    QCOMPARE(desktop.current(), Scheme::Light);
    QSignalSpy changed(&desktop, &DesktopColorScheme::changed);
    QTRY_COMPARE(desktop.current(), Scheme::Dark);
    QCOMPARE(desktop.reported(), Scheme::Dark);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(portal.settings->asked, QStringList{kAppearance + u' ' + kColorScheme});
#else
    QSKIP("this platform reads no D-Bus portal");
#endif
}

void ThemeTest::portalChangesAreFollowed() {
#if defined(CUBEDESK_DESKTOP_PORTAL)
    if (!m_busProblem.isEmpty())
        QFAIL(qPrintable(QStringLiteral("no private session bus: ") + m_busProblem));
    FakePortal portal(2); // prefer light
    QVERIFY(portal.registered);
    ThemeController theme; // System
    DesktopColorScheme *desktop = theme.desktop();
    QTRY_COMPARE(desktop->reported(), Scheme::Light);
    QVERIFY(!theme.dark());

    // The desktop switches to dark: the application follows.
    portal.settings->change(kAppearance, kColorScheme, 1);
    QTRY_VERIFY(theme.dark());
    QCOMPARE(desktop->reported(), Scheme::Dark);
    QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 80);

    // Other settings are not ours.
    portal.settings->change(kAppearance, QStringLiteral("contrast"), 2);
    portal.settings->change(QStringLiteral("org.gnome.desktop.interface"), kColorScheme, 2);
    QTest::qWait(200);
    QVERIFY(theme.dark());

    // No preference: the palette the application started with decides (light here).
    portal.settings->change(kAppearance, kColorScheme, 0);
    QTRY_VERIFY(!theme.dark());
    QCOMPARE(desktop->reported(), Scheme::Unknown);
#else
    QSKIP("this platform reads no D-Bus portal");
#endif
}

void ThemeTest::noPortalLeavesItToThePalette() {
#if defined(CUBEDESK_DESKTOP_PORTAL)
    if (!m_busProblem.isEmpty())
        QFAIL(qPrintable(QStringLiteral("no private session bus: ") + m_busProblem));
    QVERIFY(QDBusConnection::sessionBus().isConnected());
    QVERIFY(!QDBusConnection::sessionBus().interface()->isServiceRegistered(kPortalService));
    DesktopColorScheme desktop;
    QSignalSpy changed(&desktop, &DesktopColorScheme::changed);
    QTest::qWait(300); // the bus answers "no such service" meanwhile
    QCOMPARE(desktop.reported(), Scheme::Unknown);
    QCOMPARE(desktop.current(), Scheme::Light);
    QCOMPARE(changed.count(), 0);
#else
    QSKIP("this platform reads no D-Bus portal");
#endif
}

QTEST_MAIN(ThemeTest)
#include "theme_test.moc"
