#pragma once
// ResourceDetailPanel: the resource browser's detail of one object — its YAML as the server has
// it (managedFields hidden, a Secret's values masked: models::ObjectReader), the events about it
// (from the cluster's cache, newest first; a Secret's values revealed one key at a time by an
// explicit choice, masked again for the next object; a scheduler policy kept in a ConfigMap also
// as readable rows: section, name, weight, arguments), and what it is related to: its owners, and
// for a workload the pods it owns with their status. A double click on a related object asks the
// browser to show it (objectRequested); a pod's node and log are a click away too.
//
// Threads: GUI thread only. Owns its widgets; does not own the cluster.

#include "k8s/objects/resourcedescriptor.h"

#include <QPointer>
#include <QWidget>

#include <memory>
#include <set>
#include <string>

class QLabel;
class QPlainTextEdit;
class QTabWidget;
class QToolButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace cubedesk::k8s {
class TableRow;
}

namespace cubedesk::models {
class ClusterConnection;
}

namespace cubedesk::ui {

class ResourceDetailPanel final : public QWidget {
    Q_OBJECT
public:
    explicit ResourceDetailPanel(QWidget *parent = nullptr);

    /// Shows `row` (an object of `resource` on `cluster`): reads its YAML, lists its events and
    /// relations. `kind` is the resource's kind ("Deployment").
    void showObject(models::ClusterConnection *cluster, const k8s::ResourceDescriptor &resource,
                    const QString &kind, std::shared_ptr<const k8s::TableRow> row);
    void clear();
    QString yamlText() const;
    QTabWidget *tabs() const { return m_tabs; }
    QTreeWidget *related() const { return m_related; }
    /// The scheduler policy a ConfigMap holds, as rows (a tab shown only then).
    QTreeWidget *schedulerPolicy() const { return m_policy; }
    QTreeWidget *events() const { return m_events; }
    /// The Secret keys whose values are shown (none until the user reveals one, per object).
    const std::set<std::string> &revealed() const { return m_revealed; }
    /// Shows the value of `key` of the Secret shown (false: hides it again), re-reading it.
    void setRevealed(const QString &key, bool shown);
    QToolButton *revealButton() const { return m_reveal; }

Q_SIGNALS:
    /// Show `name` of `kind` in `ns` on `cluster` (an owner, an owned pod).
    void objectRequested(cubedesk::models::ClusterConnection *cluster, const QString &kind,
                         const QString &ns, const QString &name);
    void nodeRequested(const QString &cluster, const QString &node);
    void logsRequested(cubedesk::models::ClusterConnection *cluster, const QString &ns,
                       const QString &pod);

private:
    void readYaml();
    void fillEvents();
    void fillRelated();
    void activateRelated(QTreeWidgetItem *item);

    QPointer<models::ClusterConnection> m_cluster;
    k8s::ResourceDescriptor m_resource;
    QString m_kind;
    std::shared_ptr<const k8s::TableRow> m_row;
    QLabel *m_title;
    QTabWidget *m_tabs;
    QPlainTextEdit *m_yaml;
    QToolButton *m_reveal;
    std::set<std::string> m_revealed;
    QStringList m_secretKeys;
    QTreeWidget *m_events;
    QTreeWidget *m_related;
    QTreeWidget *m_policy;
    int m_reading = 0; ///< which read is current (an older answer is dropped)
};

} // namespace cubedesk::ui
