#include "ui/themecontroller.h"

#include <QApplication>
#include <QEvent>
#include <QStyle>
#include <QToolTip>
#include <QWidget>

#include <utility>

namespace cubedesk::ui {

namespace {

using Scheme = DesktopColorScheme::Scheme;

// `source` with every role of every colour group set explicitly. A palette applied with an
// incomplete resolve mask is completed from the platform theme's palette, and the theme's
// per-class palettes (menus, item views) stay in force; a complete one replaces them all.
QPalette complete(const QPalette &source) {
    QPalette out;
    for (int group = 0; group < QPalette::NColorGroups; ++group) {
        for (int role = 0; role < QPalette::NColorRoles; ++role) {
            if (role == QPalette::NoRole)
                continue;
            const auto g = static_cast<QPalette::ColorGroup>(group);
            const auto r = static_cast<QPalette::ColorRole>(role);
            out.setBrush(g, r, source.brush(g, r));
        }
    }
    return out;
}

// Runs a callback on QEvent::PaletteChange of the widget it watches (its parent).
class PaletteWatcher final : public QObject {
public:
    PaletteWatcher(QWidget *widget, std::function<void()> apply)
        : QObject(widget)
        , m_apply(std::move(apply)) {
        widget->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override {
        if (event->type() == QEvent::PaletteChange && watched == parent())
            m_apply();
        return QObject::eventFilter(watched, event);
    }

private:
    std::function<void()> m_apply;
};

} // namespace

ThemeController::ThemeController(Choice choice, QObject *parent)
    : QObject(parent)
    , m_desktop(new DesktopColorScheme(this)) // takes the desktop's palette before we change it
    , m_choice(choice) {
    Q_ASSERT(qobject_cast<QApplication *>(QCoreApplication::instance()));
    const QPalette &desktopPalette = m_desktop->startupPalette();
    if (QApplication::style()->name().compare(QLatin1String("fusion"), Qt::CaseInsensitive) != 0)
        QApplication::setStyle(QStringLiteral("Fusion"));
    // The desktop's own light palette keeps its accent and tones; a dark desktop palette (Breeze
    // Dark, say) cannot serve as the light one, Fusion's standard palette does.
    m_light = complete(DesktopColorScheme::fromPalette(desktopPalette) == Scheme::Light
                           ? desktopPalette
                           : QApplication::style()->standardPalette());
    connect(m_desktop, &DesktopColorScheme::changed, this, [this] {
        if (m_choice == Choice::System)
            apply();
    });
    m_dark = wantsDark();
    apply();
}

ThemeController::~ThemeController() = default;

void ThemeController::setChoice(Choice choice) {
    if (choice == m_choice)
        return;
    m_choice = choice;
    apply();
}

bool ThemeController::wantsDark() const {
    switch (m_choice) {
    case Choice::Light:
        return false;
    case Choice::Dark:
        return true;
    case Choice::System:
        break;
    }
    return m_desktop->current() == Scheme::Dark;
}

void ThemeController::apply() {
    const bool dark = wantsDark();
    const QPalette palette = dark ? darkPalette() : m_light;
    QApplication::setPalette(palette);
    // Tooltips keep a palette of their own, taken from the platform theme at start.
    QToolTip::setPalette(palette);
    if (dark == m_dark)
        return;
    m_dark = dark;
    Q_EMIT changed(dark);
}

QPalette ThemeController::darkPalette() {
    // Text #e0e0e0 on Base #1e1e1e is 12.6:1, on Window #2b2b2b 10.7:1; white on the selection
    // #2f74b5 4.9:1; placeholder text on Base 5.0:1; links 7.3:1 and 6.8:1. The 3D roles go
    // from Light (above Button) down to Shadow, as Fusion shades bevels and frames with them.
    const QColor text(0xe0, 0xe0, 0xe0);
    const QColor window(0x2b, 0x2b, 0x2b);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x26, 0x26));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x8c, 0x8c, 0x8c));
    p.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Light, QColor(0x4f, 0x4f, 0x4f));
    p.setColor(QPalette::Midlight, QColor(0x42, 0x42, 0x42));
    p.setColor(QPalette::Mid, QColor(0x29, 0x29, 0x29));
    p.setColor(QPalette::Dark, QColor(0x1a, 0x1a, 0x1a));
    p.setColor(QPalette::Shadow, QColor(0x0d, 0x0d, 0x0d));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x74, 0xb5));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb0, 0xf5));
    p.setColor(QPalette::LinkVisited, QColor(0xb8, 0x94, 0xf0));
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3a, 0x3a));
    p.setColor(QPalette::ToolTipText, text);

    // A window without focus shows its selection dimmer (white on it: 7.3:1).
    p.setColor(QPalette::Inactive, QPalette::Highlight, QColor(0x2a, 0x5a, 0x87));

    const QColor dimmed(0x7f, 0x7f, 0x7f);
    p.setColor(QPalette::Disabled, QPalette::WindowText, dimmed);
    p.setColor(QPalette::Disabled, QPalette::Text, dimmed);
    p.setColor(QPalette::Disabled, QPalette::ButtonText, dimmed);
    p.setColor(QPalette::Disabled, QPalette::Base, window);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x45, 0x45, 0x45));
    p.setColor(QPalette::Disabled, QPalette::HighlightedText, QColor(0xa0, 0xa0, 0xa0));
    p.setColor(QPalette::Disabled, QPalette::PlaceholderText, QColor(0x5f, 0x5f, 0x5f));
    p.setColor(QPalette::Disabled, QPalette::Link, QColor(0x4f, 0x6f, 0x8f));
    p.setColor(QPalette::Disabled, QPalette::LinkVisited, QColor(0x6f, 0x5f, 0x8f));
    // No light etching under disabled text.
    p.setColor(QPalette::Disabled, QPalette::Light, window);
    return p;
}

void ThemeController::watchPalette(QWidget *widget, std::function<void()> apply) {
    new PaletteWatcher(widget, std::move(apply));
}

} // namespace cubedesk::ui
