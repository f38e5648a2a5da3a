#pragma once
// TabbedDock: what the logs and terminal docks share — a dock holding closable, movable tabs;
// closing a tab deletes its widget (which stops what the tab streams) once the subclass agrees
// (mayClose), and closing the last one hides the dock. Subclasses add the tabs.
// Threads: GUI thread only. Owns its tab widget, and the tabs through it.

#include <QDockWidget>

class QTabWidget;

namespace cubedesk::ui {

class TabbedDock : public QDockWidget {
    Q_OBJECT
public:
    QTabWidget *tabs() const { return m_tabs; }
    /// Closes tab `index` when mayClose() agrees; true when it was closed.
    bool closeTab(int index);

protected:
    /// `dockName` and `tabsName` are the object names (settings and tests find them by these).
    TabbedDock(const QString &title, const QString &dockName, const QString &tabsName,
               QWidget *parent);
    /// Whether `tab` may close now (a subclass may ask the user); true by default.
    virtual bool mayClose(QWidget *tab);

    QTabWidget *m_tabs;
};

} // namespace cubedesk::ui
