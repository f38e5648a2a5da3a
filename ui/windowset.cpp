#include "ui/windowset.h"

#include "models/notificationmodel.h"
#include "models/writeauditmodel.h"
#include "ui/preferences.h"
#include "ui/themecontroller.h"
#include "ui/translations.h"

#include <QApplication>
#include <QMessageBox>
#include <QPoint>
#include <QPushButton>
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
    , m_desktopFont(QApplication::font())
    , m_language(m_preferences->values().language)
    , m_notifications(new models::NotificationModel(hub, this))
    , m_audit(new models::WriteAuditModel(this)) {
    m_options.preferences = m_preferences;
    m_options.notifications = m_notifications;
    m_options.audit = m_audit;
    connect(m_preferences, &Preferences::changed, this, &WindowSet::applyPreferences);
    applyPreferences();
}

WindowSet::~WindowSet() {
    m_quitting = true;
    // The windows before the models they show (those are deleted as children afterwards).
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
    MainWindow *first = create(keys.front(), true, false);
    m_windows.append(first);
    first->show();
    for (qsizetype i = 1; i < keys.size(); ++i) {
        MainWindow *other = create(keys[i], false, true);
        m_windows.append(other);
        other->show();
    }
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
    MainWindow *window = create(key, false, true);
    m_windows.append(window);
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

MainWindow *WindowSet::create(const QString &layoutKey, bool primary, bool hubLoaded) {
    MainWindow::Options options = m_options;
    options.layoutKey = layoutKey;
    options.primary = primary;
    options.hubLoaded = hubLoaded;
    if (hubLoaded)
        options.kubeconfigs.clear(); // the hub holds them already
    auto *window = new MainWindow(m_hub, options);
    window->setAttribute(Qt::WA_DeleteOnClose);
    connect(window, &MainWindow::newWindowRequested, this, &WindowSet::newWindow);
    connect(window, &MainWindow::quitRequested, this, &WindowSet::quit);
    connect(window, &MainWindow::closing, this, [this, window] { forget(window); });
    return window;
}

bool WindowSet::reopenWindows(bool ask) {
    const QList<MainWindow *> open = windows();
    if (open.isEmpty())
        return true;
    QStringList work;
    for (MainWindow *w : open)
        work << w->openWork();
    if (ask && !work.isEmpty()) {
        QWidget *parent = QApplication::activeWindow() ? QApplication::activeWindow()
                                                       : static_cast<QWidget *>(open.front());
        QMessageBox box(QMessageBox::Question, tr("Change the language"),
                        tr("CubeDesk reopens its windows in the new language. That ends: %1.")
                            .arg(work.join(QStringLiteral(", "))),
                        QMessageBox::NoButton, parent);
        box.setObjectName(QStringLiteral("reopenBox"));
        QPushButton *now = box.addButton(tr("Reopen now"), QMessageBox::AcceptRole);
        box.addButton(tr("At the next start"), QMessageBox::RejectRole);
        box.setDefaultButton(now);
        box.exec();
        if (box.clickedButton() != now)
            return false;
    }
    m_reopening = true;
    for (qsizetype i = 0; i < m_windows.size(); ++i) {
        MainWindow *old = m_windows[i].data();
        if (!old)
            continue;
        const MainWindow::Layout layout = old->layout();
        MainWindow *window = create(old->layoutKey(), old->isPrimary(), true);
        window->setLayout(layout);
        m_windows[i] = window;
        window->show();
        old->close();
    }
    m_reopening = false;
    saveOpenWindows();
    Q_EMIT windowsReopened();
    return true;
}

void WindowSet::reopenWhenIdle() {
    if (QWidget *modal = QApplication::activeModalWidget()) {
        // Once the dialog is gone and the call that ran it has returned.
        connect(
            modal, &QObject::destroyed, this, [this] { reopenWhenIdle(); }, Qt::QueuedConnection);
        return;
    }
    reopenWindows();
}

void WindowSet::forget(MainWindow *window) {
    if (m_quitting || m_reopening)
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
    if (v.language != m_language) {
        m_language = v.language;
        Translations::install(v.language);
        // Queued: Preferences::changed comes from the dialog's Apply or OK, inside its window.
        QMetaObject::invokeMethod(this, &WindowSet::reopenWhenIdle, Qt::QueuedConnection);
    }
}

} // namespace cubedesk::ui
