#pragma once
// JobDetailPanel: one ML job in depth — its replica specs (replicas and per-replica requests,
// with the active/succeeded/failed counts), a conditions timeline, the job's pods (by owner and
// the operators' labels) with their node and pending reason, the events about the job and its
// pods, and a read-only YAML view of the full object (fetched when the job is shown). Double-
// clicking a pod's row asks to jump to its node.
//
// Threads: GUI thread only. Holds a pointer to the connection, which ClusterHub owns; the
// MainWindow clears the panel before a cluster is removed.

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTabWidget;
class QPushButton;
class QTableWidget;

namespace cubedesk::models {
class ClusterConnection;
}

namespace cubedesk::ui {

class JobDetailPanel final : public QWidget {
    Q_OBJECT
public:
    explicit JobDetailPanel(QWidget *parent = nullptr);

    /// Shows the job `key` (ClusterStore's job key) of `cluster`; null clears the panel.
    void showJob(models::ClusterConnection *cluster, const QString &key);
    /// Re-reads the job from the store (its row changed).
    void refresh();
    models::ClusterConnection *cluster() const { return m_cluster; }
    const QString &key() const { return m_key; }
    QString yamlText() const;
    /// For a kind outside the catalogue (a CRD followed for its lifecycle): its printer columns
    /// as the server evaluates them ("State: Running · Age: 5m"); "" otherwise.
    QString columnsText() const;
    QTableWidget *podsTable() const { return m_pods; }
    /// "Logs of all pods": the job's aggregated log.
    QPushButton *jobLogsButton() const { return m_jobLogs; }

Q_SIGNALS:
    void nodeRequested(const QString &cluster, const QString &node);
    /// The user asked for a pod's log (the pods table's context menu, or Ctrl+L on a row).
    void logsRequested(cubedesk::models::ClusterConnection *cluster, const QString &ns,
                       const QString &pod);
    /// The user asked for the job's log: every pod's, interleaved (the "Logs" button).
    void jobLogsRequested(cubedesk::models::ClusterConnection *cluster, const QString &ns,
                          const QString &kind, const QString &name);

private:
    void fetchFull();
    void fetchColumns();

    models::ClusterConnection *m_cluster = nullptr;
    QString m_key;
    int m_fetchGeneration = 0;
    QLabel *m_title;
    QPushButton *m_jobLogs;
    QLabel *m_columns;
    QTabWidget *m_tabs;
    QTableWidget *m_replicas;
    QTableWidget *m_conditions;
    QTableWidget *m_pods;
    QTableWidget *m_events;
    QPlainTextEdit *m_yaml;
};

} // namespace cubedesk::ui
