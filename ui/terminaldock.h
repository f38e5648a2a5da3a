#pragma once
// TerminalDock: the dock of terminals, one tab per session (titled by the pod, the tooltip
// cluster/namespace/pod/container; closable, movable). Every "Open terminal" opens a new tab:
// several shells in one container are normal. Closing a tab ends its session.
// Threads: GUI thread only.

#include <QDockWidget>

class QTabWidget;

namespace cubedesk::models {
class ClusterConnection;
}

namespace cubedesk::ui {

class TerminalPanel;

class TerminalDock final : public QDockWidget {
    Q_OBJECT
public:
    explicit TerminalDock(QWidget *parent = nullptr);

    /// Opens a terminal into `ns`/`pod` (its default container unless `container` is given)
    /// and raises the dock.
    TerminalPanel *openPod(models::ClusterConnection *connection, const QString &ns,
                           const QString &pod, const QString &container = {});
    QTabWidget *tabs() const { return m_tabs; }

private:
    QTabWidget *m_tabs;
};

} // namespace cubedesk::ui
