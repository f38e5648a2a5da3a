#pragma once
// PodLogMenu: "Show logs" on a table of pods — the context menu of a row and Ctrl+L — for the
// detail panels that list pods. The table says where a row's namespace and pod name are.
// Threads: GUI thread only.

#include <QString>

#include <functional>

class QTableWidget;

namespace cubedesk::ui {

class PodLogMenu final {
public:
    PodLogMenu() = delete;
    /// Calls `open(namespace, pod)` for the row the user asked about. `namespaceOf(row)` gives
    /// the row's namespace; the pod name is the text of column `podColumn`.
    static void attach(QTableWidget *table, int podColumn, std::function<QString(int)> namespaceOf,
                       std::function<void(const QString &, const QString &)> open);
};

} // namespace cubedesk::ui
