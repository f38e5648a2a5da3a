#pragma once
// ResourceBrowserPane: every resource type of every cluster in scope (the navigator,
// models::ResourceCatalogModel, built from discovery and filterable) and the chosen type as one
// live table over those clusters (models::ResourceTableModel through our SortFilterIndex): the
// servers' own columns, a namespace and a label selector asked of the servers, a text filter
// here, wide columns on demand; the selected object's YAML, events and related objects below
// (ResourceDetailPanel). A type's table watches run while the pane shows it; a minute after the
// pane was hidden they stop (the rows and their memory go), and showing the pane lists again.
//
// Threads: GUI thread only. Owns its models, proxies and widgets; does not own the hub.

#include "ui/resourceactionmenu.h"

#include <QSet>
#include <QWidget>

#include <chrono>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QTimer;
class QTreeView;

namespace cubedesk::models {
class ClusterConnection;
class ClusterHub;
class ObjectActionController;
class ResourceCatalogModel;
class ResourceTableModel;
class SortFilterIndex;
} // namespace cubedesk::models

namespace cubedesk::widgets {
class EmptyStateOverlay;
}

namespace cubedesk::ui {

class ResourceActionMenu;
class ResourceDetailPanel;
class YamlEditorDialog;
class CoreDnsDialog;
class HelmReleasesDialog;

class ResourceBrowserPane final : public QWidget {
    Q_OBJECT
public:
    explicit ResourceBrowserPane(models::ClusterHub *hub, QWidget *parent = nullptr);

    void setScope(const QSet<QString> &clusters);
    /// Enables the actions on objects (the table's context menu), sent through `controller`
    /// (the window's: it outlives the pane's dialogs).
    void setActions(models::ObjectActionController *controller);
    ResourceActionMenu *actions() const { return m_actions; }
    /// Opens the YAML editor on `subject` (Edit YAML…), or on new objects for the cluster of
    /// the selected row or the first in scope (Create from YAML…); null without actions.
    YamlEditorDialog *openEditor(const ResourceActionMenu::Subject &subject);
    YamlEditorDialog *openCreator();
    /// The CoreDNS editor of `cluster`; the Helm releases of the clusters in scope.
    CoreDnsDialog *openCoreDns(models::ClusterConnection *cluster);
    HelmReleasesDialog *openHelmReleases();
    /// Opens the type `key` ("deployments.apps", "pods"); false when no cluster serves it.
    bool openType(const QString &key);
    /// Selects `name` in `ns` of `cluster` once its row is there (now or when it arrives).
    void selectObject(const QString &cluster, const QString &ns, const QString &name);
    /// Opens the type of `kind` and selects the object (the detail's related objects).
    void showObject(models::ClusterConnection *cluster, const QString &kind, const QString &ns,
                    const QString &name);
    void setNamespace(const QString &ns);
    void setLabelSelector(const QString &selector);
    void setFilterText(const QString &text);
    void focusFilter();

    models::ResourceCatalogModel *catalog() const { return m_catalog; }
    models::ResourceTableModel *model() const { return m_model; }
    models::SortFilterIndex *proxy() const { return m_proxy; }
    QTreeView *navigator() const { return m_types; }
    QTableView *view() const { return m_view; }
    /// The object of source row `row` as the actions see it (null cluster: no such row).
    ResourceActionMenu::Subject subjectAt(int row) const;
    ResourceDetailPanel *detail() const { return m_detail; }
    QString statusText() const;
    /// How long the watches outlive a hidden pane (a minute; tests shorten it).
    void setIdleStop(std::chrono::milliseconds after);

Q_SIGNALS:
    void nodeRequested(const QString &cluster, const QString &node);
    void logsRequested(cubedesk::models::ClusterConnection *cluster, const QString &ns,
                       const QString &pod);

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void reopen();
    void applyFilter();
    void updateStatus();
    void fitColumnsOnce();
    void trySelectPending();
    QList<models::ClusterConnection *> clustersInScope() const;
    void showContextMenu(const QPoint &at);

    models::ClusterHub *m_hub;
    QSet<QString> m_scope;
    bool m_scoped = false;
    models::ResourceCatalogModel *m_catalog;
    QSortFilterProxyModel *m_typeProxy;
    models::ResourceTableModel *m_model;
    models::SortFilterIndex *m_proxy;
    QLineEdit *m_typeFilter;
    QTreeView *m_types;
    QLabel *m_title;
    QComboBox *m_namespace;
    QLineEdit *m_selector;
    QLineEdit *m_filter;
    QCheckBox *m_wide;
    QLabel *m_status;
    QTableView *m_view;
    widgets::EmptyStateOverlay *m_empty;
    ResourceDetailPanel *m_detail;
    ResourceActionMenu *m_actions = nullptr;
    models::ObjectActionController *m_controller = nullptr;
    QPushButton *m_create;
    QPushButton *m_helm;
    QTimer *m_idleStop;
    QTimer *m_fit;        ///< fits the columns once the view has the first rows
    QString m_typeKey;    ///< the type shown (or to show again when the pane returns)
    bool m_sized = false; ///< the columns were fitted to the type's first rows
    struct Pending {
        QString cluster;
        QString ns;
        QString name;
    };
    std::optional<Pending> m_pending;
};

} // namespace cubedesk::ui
