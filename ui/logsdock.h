#pragma once
// LogsDock: the dock of open logs, one tab per pod (titled cluster/namespace/pod, closable).
// Threads: GUI thread only.

#include <QDockWidget>

class QTabWidget;

namespace cubedesk::models {
class ClusterConnection;
}

namespace cubedesk::ui {

class LogPanel;

class LogsDock final : public QDockWidget {
    Q_OBJECT
public:
    explicit LogsDock(QWidget *parent = nullptr);

    /// Opens (or shows again) the log of `ns`/`pod` on `connection` and raises the dock.
    LogPanel *openPod(models::ClusterConnection *connection, const QString &ns, const QString &pod);
    QTabWidget *tabs() const { return m_tabs; }

private:
    QTabWidget *m_tabs;
};

} // namespace cubedesk::ui
