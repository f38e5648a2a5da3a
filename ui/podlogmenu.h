#pragma once
// PodLogMenu: "Show logs" on a view that lists pods — the context menu of a row and Ctrl+L — for
// the detail panels' pod tables and the Overview's running pods. The caller says which pod a
// row is.
// Threads: GUI thread only.

#include <QString>

#include <functional>

class QAbstractItemView;
class QModelIndex;

namespace cubedesk::models {
class ClusterConnection;
}

namespace cubedesk::ui {

class PodLogMenu final {
public:
    PodLogMenu() = delete;
    /// The pod a row stands for; `cluster` null when the row is none.
    struct Target {
        models::ClusterConnection *cluster = nullptr;
        QString ns;
        QString pod;
    };
    /// Calls `open(target)` for the row the user asked about (`targetOf(index)` of its index).
    static void attach(QAbstractItemView *view, std::function<Target(const QModelIndex &)> targetOf,
                       std::function<void(const Target &)> open);
};

} // namespace cubedesk::ui
