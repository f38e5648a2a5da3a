#pragma once
// LogsDock: the dock of open logs, one tab per pod or job (titled by its name, the tooltip
// cluster/namespace/[Kind/]name; closable, movable).
// Threads: GUI thread only.

#include "ui/tabbeddock.h"

namespace cubedesk::models {
class ClusterConnection;
}

namespace cubedesk::ui {

class LogPanel;

class LogsDock final : public TabbedDock {
    Q_OBJECT
public:
    explicit LogsDock(QWidget *parent = nullptr);

    /// Opens (or shows again) the log of `ns`/`pod` on `connection` and raises the dock.
    LogPanel *openPod(models::ClusterConnection *connection, const QString &ns, const QString &pod);
    /// Opens (or shows again) the aggregated log of job `kind`/`name` in `ns`.
    LogPanel *openJob(models::ClusterConnection *connection, const QString &ns, const QString &kind,
                      const QString &name);

private:
    /// Shows the tab titled `title` (LogPanel::title()), if there is one.
    LogPanel *showExisting(const QString &title);
    /// Adds `panel` as the current tab and shows the dock.
    LogPanel *addPanel(LogPanel *panel);
};

} // namespace cubedesk::ui
