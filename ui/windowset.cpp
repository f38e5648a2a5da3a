#include "ui/windowset.h"

#include "ui/preferences.h"
#include "ui/themecontroller.h"

#include <QApplication>
#include <QPoint>
#include <QSet>
#include <QSettings>

namespace cubedesk::ui {

namespace {
const QString kOpenWindows = QStringLiteral("windows/open");
const QString kFirstLayout = QStringLiteral("window");

ThemeController::Choice themeChoice(Preferences::Theme theme) {
    switch (theme) {
    case Preferences::Theme::Light:
        return ThemeController::Choice::Light;
    case Preferences::Theme::Dark:
        return ThemeController::Choice::Dark;
    case Preferences::Theme::System:
        break;
    }
    return ThemeController::Choice::System;
}
} // namespace

WindowSet::WindowSet(models::ClusterHub *hub, MainWindow::Options options, QObject *parent)
    : QObject(parent)
    , m_hub(hub)
    , m_options(std::move(options))
    , m_preferences(new Preferences(this))
    , m_theme(new ThemeController(themeChoice(m_preferences->values().theme), this))
    , m_desktopFont(QApplication::font()) {
    m_options.preferences = m_preferences;
    connect(m_preferences, &Preferences::changed, this, &WindowSet::applyPreferences);
    applyPreferences();
}

WindowSet::~WindowSet() {
    m_quitting = true;
    for (const QPointer<MainWindow> &w : std::as_const(m_windows))
        delete w.data();
}

MainWindow *WindowSet::open() {
    QStringList keys;
    if (m_options.remember)
        for (const QString &key : QSettings().value(kOpenWindows).toStringList())
            if (key.startsWith(kFirstLayout) && !keys.contains(key))
                keys << key;
    if (keys.isEmpty())
        keys << kFirstLayout;
    MainWindow *first = create(keys.front(), true);
    first->show();
    for (qsizetype i = 1; i < keys.size(); ++i)
        create(keys[i], false)->show();
    saveOpenWindows();
    return first;
}

MainWindow *WindowSet::newWindow() {
    QSet<QString> used;
    for (MainWindow *w : windows())
        used.insert(w->layoutKey());
    int n = 2;
    while (used.contains(kFirstLayout + QString::number(n)))
        ++n;
    const QString key = kFirstLayout + QString::number(n);
    const bool remembered =
        m_options.remember && QSettings().contains(key + QStringLiteral("/geometry"));
    MainWindow *window = create(key, false);
    // A window without a remembered place opens a little below and right of the one it came
    // from, not on top of it.
    auto *from = qobject_cast<MainWindow *>(QApplication::activeWindow());
    if (!from && !windows().isEmpty())
        from = windows().front();
    if (!remembered && from && from != window)
        window->move(from->pos() + QPoint(32, 32));
    window->show();
    saveOpenWindows();
    return window;
}

QList<MainWindow *> WindowSet::windows() const {
    QList<MainWindow *> out;
    for (const QPointer<MainWindow> &w : m_windows)
        if (w)
            out << w.data();
    return out;
}

void WindowSet::quit() {
    saveOpenWindows();
    m_quitting = true;
    for (MainWindow *w : windows())
        w->close();
}

MainWindow *WindowSet::create(const QString &layoutKey, bool primary) {
    MainWindow::Options options = m_options;
    options.layoutKey = layoutKey;
    options.primary = primary;
    if (!primary)
        options.kubeconfigs.clear(); // the hub holds them already
    auto *window = new MainWindow(m_hub, options);
    window->setAttribute(Qt::WA_DeleteOnClose);
    connect(window, &MainWindow::newWindowRequested, this, &WindowSet::newWindow);
    connect(window, &MainWindow::quitRequested, this, &WindowSet::quit);
    connect(window, &MainWindow::closing, this, [this, window] { forget(window); });
    m_windows.append(window);
    return window;
}

void WindowSet::forget(MainWindow *window) {
    if (m_quitting)
        return;
    // The last window closed is the one that opens next time; a window closed while others
    // stay open is not restored.
    if (windows().size() > 1) {
        m_windows.removeAll(window);
        saveOpenWindows();
    }
}

void WindowSet::saveOpenWindows() {
    if (!m_options.remember)
        return;
    QStringList keys;
    for (MainWindow *w : windows())
        keys << w->layoutKey();
    QSettings().setValue(kOpenWindows, keys);
}

void WindowSet::applyPreferences() {
    const Preferences::Values &v = m_preferences->values();
    QFont font = m_desktopFont;
    if (!v.font.isEmpty() && !font.fromString(v.font))
        font = m_desktopFont;
    if (QApplication::font() != font)
        QApplication::setFont(font);
    m_theme->setChoice(themeChoice(v.theme));
}

} // namespace cubedesk::ui
