#pragma once
// ClusterTree: the left-hand list of every context the kubeconfigs name, grouped by the file that
// defines it, each with a freshness badge. Its check boxes are the scope (one cluster, several,
// or all at once) the panes show; the context menu narrows the scope, reconnects, disconnects
// a context or removes a kubeconfig file.
//
// Threads: GUI thread only. Reads the hub; owns its items and badges.

#include <QSet>
#include <QTreeWidget>

namespace cubedesk::models {
class ClusterHub;
class ClusterConnection;
} // namespace cubedesk::models

namespace cubedesk::ui {

class ClusterTree final : public QTreeWidget {
    Q_OBJECT
public:
    explicit ClusterTree(models::ClusterHub *hub, QWidget *parent = nullptr);

    /// Context names in scope (checked and connected).
    QSet<QString> scope() const;
    /// Shows only `cluster` (empty: every cluster).
    void setScopeOnly(const QString &cluster);
    /// Contexts the user unchecked in this tree (remembered per window), and setting them.
    QStringList unchecked() const;
    void setUnchecked(const QStringList &contexts);
    /// Wide enough for the context names and their badges (at most 440 px).
    QSize sizeHint() const override;

Q_SIGNALS:
    void scopeChanged(const QSet<QString> &clusters);
    void removeFileRequested(const QString &file);

private:
    void rebuild();
    /// Sizes the names column to the longest context name (names are cut only past 320 px;
    /// their tooltip holds the whole name and the server).
    void fitNames();
    void updateBadge(models::ClusterConnection *cluster);
    void showMenu(const QPoint &pos);
    QTreeWidgetItem *itemFor(const QString &context) const;

    models::ClusterHub *m_hub;
    QSet<QString> m_unchecked;
    bool m_rebuilding = false;
};

} // namespace cubedesk::ui
