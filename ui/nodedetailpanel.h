#pragma once
// NodeDetailPanel: everything about one node — conditions, capacity and allocatable, labels,
// annotations, taints, the pods on it with their requests, its events, and a read-only YAML
// view of the full object (fetched on demand, never cached beyond the selection).
//
// Threads: GUI thread only. Holds a QPointer to the connection; owns its widgets.

#include <QPointer>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTabWidget;
class QTableWidget;
class QTextBrowser;

namespace cubedesk::models {
class ClusterConnection;
}

namespace cubedesk::ui {

class NodeDetailPanel final : public QWidget {
    Q_OBJECT
public:
    explicit NodeDetailPanel(QWidget *parent = nullptr);

    /// Shows `node` of `cluster` (nullptr: nothing) and fetches its full object.
    void showNode(models::ClusterConnection *cluster, const QString &node);
    /// Re-reads the cached parts (the node or its pods changed).
    void refresh();
    const QString &node() const { return m_node; }
    models::ClusterConnection *cluster() const;
    QString yamlText() const;

Q_SIGNALS:
    /// The user asked for a pod's log (the pods table's context menu, or Ctrl+L on a row).
    void logsRequested(cubedesk::models::ClusterConnection *cluster, const QString &ns,
                       const QString &pod);

private:
    void fetchFull();

    QPointer<models::ClusterConnection> m_cluster;
    QString m_node;
    QString m_annotations;
    QLabel *m_title;
    QTabWidget *m_tabs;
    QTextBrowser *m_overview;
    QTableWidget *m_pods;
    QTableWidget *m_events;
    QPlainTextEdit *m_yaml;
    int m_fetchGeneration = 0;
};

} // namespace cubedesk::ui
