#pragma once
// LogPanel: one pod's log, or a training job's (every replica's pod interleaved by time, each
// line prefixed by its replica and coloured per pod: models::JobLogFeed), in a tab of the logs
// dock — for a pod, the container (init and sidecar containers too; kubectl's default first) and
// the previous run; for both, follow (stops when the user scrolls up; "Jump to end" resumes),
// timestamps in local time, wrap, search (plain or regular expression, next/previous, the
// matches highlighted by LogLineDelegate), line and dropped-line counters, copy and save. Lines
// come from a feed into a LogViewModel shown by a list view with uniform line heights
// (docs/threads-and-data-flow.md, "Streams").
//
// The view options (timestamps, wrap) and the line cap ("Keep", in thousands of lines; the byte
// cap grows with it) are remembered (QSettings "logs/…") for the next panel.
//
// Threads: GUI thread only. Holds the connection weakly: when it goes, the feed ends and the
// panel says so.

#include <QPointer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListView;
class QPushButton;
class QSpinBox;

namespace cubedesk::models {
class AbstractLogFeed;
class ClusterConnection;
class JobLogFeed;
class LogFeed;
class LogViewModel;
} // namespace cubedesk::models

namespace cubedesk::ui {

class LogLineDelegate;

class LogPanel final : public QWidget {
    Q_OBJECT
public:
    /// Pod `ns`/`pod`.
    LogPanel(models::ClusterConnection *connection, const QString &ns, const QString &pod,
             QWidget *parent = nullptr);
    /// Every pod of job `kind`/`name` in `ns` ("PyTorchJob").
    static LogPanel *forJob(models::ClusterConnection *connection, const QString &ns,
                            const QString &kind, const QString &name, QWidget *parent = nullptr);

    /// "cluster/namespace/pod", or "cluster/namespace/Kind/job" for a job.
    QString title() const;
    /// The tab's label: the pod's or the job's name.
    QString shortTitle() const { return m_pod; }
    bool isJob() const { return !m_kind.isEmpty(); }
    models::LogViewModel *model() const { return m_model; }
    bool following() const { return m_following; }
    QString statusText() const;

    /// Searches for `pattern` and selects the next match after the current row (or the
    /// previous one); returns the number of matching lines.
    int search(const QString &pattern, bool backwards = false);

private:
    struct JobTag {};
    LogPanel(models::ClusterConnection *connection, const QString &ns, const QString &name,
             const QString &kind, JobTag, QWidget *parent);
    void containersRead(bool ok, const QString &error);
    void restartFeed();
    void updateStatus();
    void rowsArrived();
    void copySelection();
    void saveToFile();

    QPointer<models::ClusterConnection> m_connection;
    QString m_cluster;
    QString m_ns;
    QString m_pod;  ///< the pod's name, or the job's
    QString m_kind; ///< the job's kind; empty for a pod
    models::LogViewModel *m_model;
    models::LogFeed *m_podFeed = nullptr;
    models::JobLogFeed *m_jobFeed = nullptr;
    models::AbstractLogFeed *m_feed = nullptr; ///< whichever of the two

    QLabel *m_containerLabel = nullptr;
    QComboBox *m_container;
    QCheckBox *m_previous;
    QCheckBox *m_follow;
    QCheckBox *m_timestamps;
    QCheckBox *m_wrap;
    QSpinBox *m_keep; ///< the line cap, in thousands (remembered)
    QLineEdit *m_search;
    QCheckBox *m_regex;
    QPushButton *m_jumpToEnd;
    QListView *m_view;
    LogLineDelegate *m_highlight; ///< paints the search's matches
    QLabel *m_status;
    bool m_following = true;
    int m_matches = 0;
};

} // namespace cubedesk::ui
