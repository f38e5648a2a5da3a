#pragma once
// ThemeController: the application's light or dark look. Choice::System follows the desktop's
// preference (DesktopColorScheme, live); Light and Dark are the user's override (Preferences::Theme
// maps onto Choice one to one). It applies a complete QPalette — every role of the Active,
// Inactive and Disabled groups — to the QApplication and to tooltips: for Light the palette the
// desktop gave the application at start when that one is light, else the Fusion style's standard
// palette; for Dark darkPalette(). Every widget then gets QEvent::PaletteChange, and the custom
// painters take their colours from the palette (widgets/usagebarpainter.h has the shared colour
// rules). It emits changed() after applying, when light turned dark or back.
//
// The application style becomes Fusion once, at construction (when it is not Fusion already):
// native styles — windowsvista, macOS — draw many controls through the platform's theme engine
// and ignore the palette, so a dark palette would show light buttons, menus and scroll bars.
// Switching once rather than on every change keeps metrics and look the same in both themes.
//
// watchPalette() serves widgets that bake colours into stylesheets, rich text or item data and
// have no changeEvent() of their own to refresh them when the theme changes.
//
// Threads: GUI thread only; needs a QApplication. One per application, created before anything
// else sets the application palette (it remembers the desktop's; a second one would take the
// first one's palette for the desktop's). Owns its DesktopColorScheme. The palette and style it
// sets belong to QApplication and stay when it is destroyed.

#include "ui/desktopcolorscheme.h"

#include <QObject>
#include <QPalette>

#include <functional>

class QWidget;

namespace cubedesk::ui {

class ThemeController final : public QObject {
    Q_OBJECT
public:
    enum class Choice { System, Light, Dark };
    Q_ENUM(Choice)

    /// Remembers the desktop's palette, switches the application to Fusion and applies `choice`.
    explicit ThemeController(Choice choice = Choice::System, QObject *parent = nullptr);
    ~ThemeController() override;

    Choice choice() const { return m_choice; }
    /// Applies `choice`; System follows the desktop from now on, the others ignore it.
    void setChoice(Choice choice);
    /// Whether the applied palette is the dark one.
    bool dark() const { return m_dark; }
    /// The desktop's preference this controller follows for Choice::System (tests inject an
    /// answer through it).
    DesktopColorScheme *desktop() const { return m_desktop; }

    /// The palette Light applies.
    const QPalette &lightPalette() const { return m_light; }
    /// The palette Dark applies: Window #2b2b2b, Base #1e1e1e, text #e0e0e0, selection #2f74b5
    /// with white text; every role set in every colour group, Disabled dimmed.
    static QPalette darkPalette();

    /// Calls `apply` whenever `widget` receives QEvent::PaletteChange (a theme change reaches
    /// every widget that way), before the widget handles it; widget->palette() is already the
    /// new one. `apply` may set a palette role on `widget` itself: setting the same colours again
    /// sends no further event. The watcher is a child of `widget`.
    static void watchPalette(QWidget *widget, std::function<void()> apply);

Q_SIGNALS:
    /// The application palette switched between light and dark.
    void changed(bool dark);

private:
    bool wantsDark() const;
    void apply();

    DesktopColorScheme *m_desktop;
    QPalette m_light;
    Choice m_choice;
    bool m_dark = false;
};

} // namespace cubedesk::ui
