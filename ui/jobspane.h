#pragma once
// JobsPane: every ML job of the clusters in scope in one table (JobTableModel through our own
// SortFilterIndex), a filter box (free text over cluster, namespace, kind, name, phase, run
// labels) and a phase choice (active, failed, past the 2-day timeout, ...), the detail panel,
// and the actions on the selection: Delete… (confirmed, per-job results), Suspend and Resume
// (kinds with spec.runPolicy). Writes go through models::JobWriteController (owned by the
// window) and only start from a button the user pressed; writeReported() repeats each of its
// outcomes.
//
// Threads: GUI thread only. Does not own the model; owns its proxy and widgets.

#include <QSet>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;
class QTimer;
class QToolButton;

namespace cubedesk::models {
class ClusterConnection;
class ClusterHub;
class JobTableModel;
class JobWriteController;
class SortFilterIndex;
struct JobTableRow;
} // namespace cubedesk::models

namespace cubedesk::widgets {
class EmptyStateOverlay;
}

namespace cubedesk::ui {

class JobDetailPanel;

class JobsPane final : public QWidget {
    Q_OBJECT
public:
    /// Which jobs the phase choice keeps.
    enum class Show { All, Active, Pending, Failed, Finished, PastTimeout };

    JobsPane(models::ClusterHub *hub, models::JobTableModel *model,
             models::JobWriteController *writes, QWidget *parent = nullptr);

    void setScope(const QSet<QString> &clusters);
    void setFilterText(const QString &text);
    void setShow(Show show);
    void focusFilter();
    /// Selects and shows the job named `name` (any kind, any namespace) of `cluster`.
    bool selectJob(const QString &cluster, const QString &name);
    void setReadOnlyReason(const QString &why);

    QTableView *view() const { return m_view; }
    models::SortFilterIndex *proxy() const { return m_proxy; }
    JobDetailPanel *detail() const { return m_detail; }
    QByteArray saveState() const;
    void restoreState(const QByteArray &state);

    /// Deletes the selected jobs; `confirm` false skips the question (tests).
    void deleteSelected(bool confirm = true);
    /// Suspends (true) or resumes (false) the selected jobs that can be.
    void suspendSelected(bool suspend);

Q_SIGNALS:
    void nodeRequested(const QString &cluster, const QString &node);
    /// The user asked for a pod's log (the pods table's context menu, or Ctrl+L on a row).
    void logsRequested(cubedesk::models::ClusterConnection *cluster, const QString &ns,
                       const QString &pod);
    /// The user asked for a job's log (JobDetailPanel::jobLogsRequested).
    void jobLogsRequested(cubedesk::models::ClusterConnection *cluster, const QString &ns,
                          const QString &kind, const QString &name);
    /// A write finished: a sentence for the status bar.
    void writeReported(const QString &message);

protected:
    /// The clusters' other CRDs with a lifecycle are watched while the pane is shown
    /// (ClusterHub::setStatusKindsWatched); a minimised window keeps them.
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void applyFilter();
    /// The row count, and why there are no rows when there are none.
    void updateCount();
    void updateActions();
    std::vector<const models::JobTableRow *> selectedRows() const;

    models::ClusterHub *m_hub;
    models::JobWriteController *m_writes;
    models::JobTableModel *m_model;
    models::SortFilterIndex *m_proxy;
    QSet<QString> m_scope;
    QLineEdit *m_filter;
    QComboBox *m_show;
    widgets::EmptyStateOverlay *m_empty = nullptr;
    QLabel *m_count;
    QTableView *m_view;
    JobDetailPanel *m_detail;
    QTimer *m_debounce;
    QTimer *m_clock;
    QToolButton *m_delete;
    QToolButton *m_suspend;
    QToolButton *m_resume;
    QString m_readOnly;
};

} // namespace cubedesk::ui
