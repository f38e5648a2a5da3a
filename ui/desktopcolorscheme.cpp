#include "ui/desktopcolorscheme.h"

#include <QCoreApplication>
#include <QEvent>
#include <QGuiApplication>
#include <QTimer>

#if defined(Q_OS_WIN)
#include <QSettings>
#endif

// CMake defines CUBEDESK_DESKTOP_PORTAL where it links Qt D-Bus (Linux and the BSDs).
#if defined(CUBEDESK_DESKTOP_PORTAL) && QT_CONFIG(dbus)
#define CUBEDESK_USE_PORTAL 1
#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusVariant>

#include <functional>
#include <utility>
#endif

namespace cubedesk::ui {

using Scheme = DesktopColorScheme::Scheme;

#if defined(CUBEDESK_USE_PORTAL)
namespace {

QString portalService() {
    return QStringLiteral("org.freedesktop.portal.Desktop");
}
QString portalPath() {
    return QStringLiteral("/org/freedesktop/portal/desktop");
}
QString settingsInterface() {
    return QStringLiteral("org.freedesktop.portal.Settings");
}
QString appearanceGroup() {
    return QStringLiteral("org.freedesktop.appearance");
}
QString colorSchemeKey() {
    return QStringLiteral("color-scheme");
}

// Read() answers a variant that holds the setting's variant (the newer ReadOne() and the
// SettingChanged signal carry one level less): unwrap whatever nesting arrives.
Scheme schemeOf(QVariant value) {
    for (int i = 0; i < 3 && value.metaType() == QMetaType::fromType<QDBusVariant>(); ++i)
        value = qvariant_cast<QDBusVariant>(value).variant();
    bool ok = false;
    const uint number = value.toUInt(&ok);
    return ok ? DesktopColorScheme::fromPortalValue(number) : Scheme::Unknown;
}

// Receives the portal's SettingChanged signal: QDBusConnection::connect() needs a slot by
// signature, which DesktopColorScheme's header should not carry (it has no D-Bus types).
class PortalListener final : public QObject {
    Q_OBJECT
public:
    PortalListener(std::function<void(Scheme)> onScheme, QObject *parent)
        : QObject(parent)
        , m_onScheme(std::move(onScheme)) {}

    /// A color-scheme change has arrived (a Read() answer sent earlier may be older).
    bool heard() const { return m_heard; }

public Q_SLOTS:
    void settingChanged(const QString &group, const QString &key, const QDBusVariant &value) {
        if (group != appearanceGroup() || key != colorSchemeKey())
            return;
        m_heard = true;
        m_onScheme(schemeOf(QVariant::fromValue(value)));
    }

private:
    std::function<void(Scheme)> m_onScheme;
    bool m_heard = false;
};

} // namespace
#endif

DesktopColorScheme::DesktopColorScheme(QObject *parent)
    : QObject(parent)
    , m_startupPalette(QGuiApplication::palette()) {
#if defined(Q_OS_WIN)
    readRegistry();
    // Windows announces a switch of "app mode" as a theme and palette change of the application.
    QCoreApplication::instance()->installEventFilter(this);
#else
    startPortal();
#endif
}

DesktopColorScheme::~DesktopColorScheme() = default;

DesktopColorScheme::Scheme DesktopColorScheme::current() const {
    return m_reported != Scheme::Unknown ? m_reported : fromPalette(m_startupPalette);
}

DesktopColorScheme::Scheme DesktopColorScheme::fromPortalValue(uint value) {
    switch (value) {
    case 1:
        return Scheme::Dark;
    case 2:
        return Scheme::Light;
    default:
        return Scheme::Unknown; // 0: no preference; later values: not known to us
    }
}

DesktopColorScheme::Scheme DesktopColorScheme::fromPalette(const QPalette &palette) {
    return palette.color(QPalette::Window).lightness() < 128 ? Scheme::Dark : Scheme::Light;
}

void DesktopColorScheme::setSchemeForTest(Scheme scheme) {
    setReported(scheme);
}

void DesktopColorScheme::setReported(Scheme scheme) {
    const Scheme before = current();
    m_reported = scheme;
    if (current() != before)
        Q_EMIT changed(current());
}

bool DesktopColorScheme::eventFilter(QObject *watched, QEvent *event) {
#if defined(Q_OS_WIN)
    const auto type = event->type();
    if ((type == QEvent::ApplicationPaletteChange || type == QEvent::ThemeChange) &&
        !m_registryReadPending) {
        // ThemeChange reaches every window: one read per burst, after it.
        m_registryReadPending = true;
        QTimer::singleShot(0, this, [this] {
            m_registryReadPending = false;
            readRegistry();
        });
    }
#else
    (void)m_registryReadPending; // the filter is installed on Windows only
#endif
    return QObject::eventFilter(watched, event);
}

void DesktopColorScheme::readRegistry() {
#if defined(Q_OS_WIN)
    const QSettings personalize(QStringLiteral("HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\"
                                               "CurrentVersion\\Themes\\Personalize"),
                                QSettings::NativeFormat);
    const QVariant light = personalize.value(QStringLiteral("AppsUseLightTheme"));
    // Absent before Windows 10 1809: no preference, the palette decides.
    setReported(!light.isValid()     ? Scheme::Unknown
                : light.toInt() == 0 ? Scheme::Dark
                                     : Scheme::Light);
#endif
}

void DesktopColorScheme::startPortal() {
#if defined(CUBEDESK_USE_PORTAL)
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected())
        return; // no session bus: the palette decides
    auto *listener = new PortalListener([this](Scheme scheme) { setReported(scheme); }, this);
    // Subscribe before asking, so that no change falls between the answer and the subscription.
    // A signal by name: QtDBus offers no pointer-to-member form for D-Bus signals.
    bus.connect(portalService(), portalPath(), settingsInterface(),
                QStringLiteral("SettingChanged"), listener,
                SLOT(settingChanged(QString, QString, QDBusVariant)));
    QDBusMessage read = QDBusMessage::createMethodCall(portalService(), portalPath(),
                                                       settingsInterface(), QStringLiteral("Read"));
    read << appearanceGroup() << colorSchemeKey();
    auto *watcher = new QDBusPendingCallWatcher(bus.asyncCall(read), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [this, listener](QDBusPendingCallWatcher *call) {
                call->deleteLater();
                // No portal, or one without the setting (NotFound): the palette decides. A change
                // signalled meanwhile is newer than this answer.
                if (call->isError() || listener->heard())
                    return;
                const QList<QVariant> arguments = call->reply().arguments();
                if (!arguments.isEmpty())
                    setReported(schemeOf(arguments.first()));
            });
#endif
}

} // namespace cubedesk::ui

#if defined(CUBEDESK_USE_PORTAL)
#include "desktopcolorscheme.moc"
#endif
