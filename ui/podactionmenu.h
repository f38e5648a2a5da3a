#pragma once
// PodActionMenu: what can be done with a pod from any view that lists pods — the context menu
// of a row, with "Show logs" (Ctrl+L) and "Open terminal" (Ctrl+Shift+T) — for the detail
// panels' pod tables, the Overview's running pods and the pending pods. The caller says which
// pod a row is and how its log opens; a terminal opens in the TerminalDock of the view's window.
// Threads: GUI thread only.

#include <QString>

#include <functional>

class QAbstractItemView;
class QWidget;
class QModelIndex;

namespace cubedesk::models {
class ClusterConnection;
}

namespace cubedesk::ui {

class PodActionMenu final {
public:
    PodActionMenu() = delete;
    /// The pod a row stands for; `cluster` null when the row is none.
    struct Target {
        models::ClusterConnection *cluster = nullptr;
        QString ns;
        QString pod;
    };
    /// Adds the actions to `view`: `openLogs(target)` for "Show logs" of the row the user asked
    /// about (`targetOf(index)` of its index); "Open terminal" opens a terminal into that pod.
    static void attach(QAbstractItemView *view, std::function<Target(const QModelIndex &)> targetOf,
                       const std::function<void(const Target &)> &openLogs);
    /// Opens a terminal into `target` in the TerminalDock of `from`'s window; false when that
    /// window has none.
    static bool openTerminal(const QWidget *from, const Target &target);
};

} // namespace cubedesk::ui
