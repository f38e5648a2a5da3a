#pragma once
// WindowSet: every main window of the application over the one ClusterHub. The first window
// loads the kubeconfigs (command line, else the remembered list) and runs what must run once —
// automatic balancing and desktop notifications; Window → New window opens another MainWindow
// with its own cluster scope, pane and layout over the same connections and caches (no second
// watch). The windows open at quit, with their layouts, come back at the next start. Every
// window shows the same notifications and audit (the set owns those models). Owns the
// Preferences and applies the application-wide ones (font, theme through ThemeController); a
// new language is installed at once (Translations) and the windows reopen in it with their
// layouts, after asking when that would close terminals, log views or a drain in progress.
//
// Threads: GUI thread only. Owns its windows (deleted when closed or with the set), the
// Preferences and the shared models; does not own the hub, which must outlive it.

#include "ui/mainwindow.h"

#include <QList>
#include <QObject>
#include <QPointer>

namespace cubedesk::ui {

class Preferences;
class ThemeController;

class WindowSet final : public QObject {
    Q_OBJECT
public:
    /// `options` are the first window's; the others share its read-only mode and demo state.
    /// `remember` (in options) decides whether windows and layouts are saved and restored.
    WindowSet(models::ClusterHub *hub, MainWindow::Options options, QObject *parent = nullptr);
    ~WindowSet() override;

    /// Opens the first window and the other windows of the last run; returns the first.
    MainWindow *open();
    /// Opens one more window (its layout is the next free one) and shows it.
    MainWindow *newWindow();
    /// The open windows, the first window first.
    QList<MainWindow *> windows() const;
    Preferences *preferences() const { return m_preferences; }
    /// Remembers the open windows, then closes them all (File → Quit).
    void quit();
    /// Reopens every window in the installed language, each with its layout, scope and pane
    /// (the hub's connections stay). Asks first (`ask`) when a window has work that closing
    /// would end; false when the user chose to keep the windows as they are.
    bool reopenWindows(bool ask = true);

Q_SIGNALS:
    /// reopenWindows() replaced the windows (tests wait for it).
    void windowsReopened();

private:
    /// A new window (not yet shown or listed). `hubLoaded`: the hub already holds the contexts.
    MainWindow *create(const QString &layoutKey, bool primary, bool hubLoaded);
    /// Reopens the windows once no modal dialog is open (the preferences dialog that changed
    /// the language belongs to one of them).
    void reopenWhenIdle();
    void forget(MainWindow *window);
    void saveOpenWindows();
    void applyPreferences();

    models::ClusterHub *m_hub;
    MainWindow::Options m_options;
    Preferences *m_preferences;
    ThemeController *m_theme;
    QFont m_desktopFont;
    QString m_language; ///< the preferences' language the windows were built with
    models::NotificationModel *m_notifications;
    models::WriteAuditModel *m_audit;
    QList<QPointer<MainWindow>> m_windows;
    bool m_quitting = false;
    bool m_reopening = false;
};

} // namespace cubedesk::ui
