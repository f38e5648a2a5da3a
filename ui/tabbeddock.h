#pragma once
// TabbedDock: what the logs and terminal docks share — a dock holding closable, movable tabs;
// closing a tab deletes its widget (which stops what the tab streams), and closing the last one
// hides the dock. Subclasses add the tabs.
// Threads: GUI thread only. Owns its tab widget, and the tabs through it.

#include <QDockWidget>

class QTabWidget;

namespace cubedesk::ui {

class TabbedDock : public QDockWidget {
    Q_OBJECT
public:
    QTabWidget *tabs() const { return m_tabs; }

protected:
    /// `dockName` and `tabsName` are the object names (settings and tests find them by these).
    TabbedDock(const QString &title, const QString &dockName, const QString &tabsName,
               QWidget *parent);

    QTabWidget *m_tabs;
};

} // namespace cubedesk::ui
