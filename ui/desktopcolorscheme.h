#pragma once
// DesktopColorScheme: whether the desktop prefers light or dark applications, and when that
// changes. Qt 6.4 has no colour-scheme API, so each platform is asked in its own way:
//   Linux and the BSDs: the XDG desktop portal's setting org.freedesktop.appearance color-scheme
//     (org.freedesktop.portal.Settings on the session bus; 1 prefers dark, 2 prefers light, 0 has
//     no preference), read asynchronously — the GUI never waits on D-Bus — and followed through
//     the portal's SettingChanged signal;
//   Windows: the registry value AppsUseLightTheme (0: dark), read again on every palette or theme
//     change of the application;
//   macOS, and wherever the above gives no answer (no session bus, no portal, no preference, or
//     not yet): the desktop palette as the application started with it — dark when its Window
//     colour's lightness is below 128. That copy is taken when this object is created, so create
//     it before anyone (ThemeController) changes the application palette. It does not follow
//     later changes: the application palette is then ours, not the desktop's.
//
// current() is therefore always Light or Dark; Unknown is what fromPortalValue() answers for "no
// preference" (and values the portal may add later), and what the desktop has reported until it
// answers. A test injects an answer with setSchemeForTest(), as if the desktop had given it.
//
// Threads: GUI thread only (it reads the application palette and installs an event filter on
// the application on Windows). Owns its D-Bus watchers, nothing else; the session bus connection
// is Qt's.

#include <QObject>
#include <QPalette>

namespace cubedesk::ui {

class DesktopColorScheme final : public QObject {
    Q_OBJECT
public:
    enum class Scheme { Unknown, Light, Dark };
    Q_ENUM(Scheme)

    /// Remembers the application palette and starts asking the desktop (asynchronously).
    explicit DesktopColorScheme(QObject *parent = nullptr);
    ~DesktopColorScheme() override;

    /// What the desktop prefers: its own answer when it has given one, otherwise the lightness
    /// of the palette the application started with. Never Unknown.
    Scheme current() const;
    /// The desktop's own answer so far (portal or registry): Unknown until it answers, when it
    /// has no preference, and on platforms that have no such setting.
    Scheme reported() const { return m_reported; }
    /// The palette the application had when this object was created.
    const QPalette &startupPalette() const { return m_startupPalette; }

    /// The portal's color-scheme value: 1 Dark, 2 Light, anything else Unknown.
    static Scheme fromPortalValue(uint value);
    /// Dark when `palette`'s Window colour has a lightness below 128, else Light.
    static Scheme fromPalette(const QPalette &palette);

    /// As if the desktop had reported `scheme` (Unknown: as if it had no preference). Emits
    /// changed() when current() changes. For tests; a later answer of the desktop replaces it.
    void setSchemeForTest(Scheme scheme);

Q_SIGNALS:
    /// current() changed.
    void changed(cubedesk::ui::DesktopColorScheme::Scheme scheme);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void setReported(Scheme scheme);
    void startPortal();
    void readRegistry();

    QPalette m_startupPalette;
    Scheme m_reported = Scheme::Unknown;
    bool m_registryReadPending = false;
};

} // namespace cubedesk::ui
