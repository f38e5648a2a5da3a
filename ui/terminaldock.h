#pragma once
// TerminalDock: the dock of terminals, one tab per session (titled by the pod, the tooltip
// cluster/namespace/pod/container; closable, movable). Every "Open terminal" opens a new tab:
// several shells in one container are normal. Closing a tab ends its session.
// Threads: GUI thread only.

#include "ui/tabbeddock.h"

namespace cubedesk::models {
class ClusterConnection;
}

namespace cubedesk::ui {

class TerminalPanel;

class TerminalDock final : public TabbedDock {
    Q_OBJECT
public:
    explicit TerminalDock(QWidget *parent = nullptr);

    /// Opens a terminal into `ns`/`pod` (its default container unless `container` is given)
    /// and raises the dock.
    TerminalPanel *openPod(models::ClusterConnection *connection, const QString &ns,
                           const QString &pod, const QString &container = {});

    /// Ask before closing a terminal whose command still runs (Preferences).
    void setConfirmClose(bool confirm) { m_confirmClose = confirm; }

protected:
    bool mayClose(QWidget *tab) override;

private:
    bool m_confirmClose = true;
};

} // namespace cubedesk::ui
