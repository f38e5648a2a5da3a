#pragma once
// LogPanel: one pod's log in a tab of the logs dock — the container (init and sidecar containers
// too; kubectl's default first), the previous run, follow (stops when the user scrolls up;
// "Jump to end" resumes), timestamps in local time, wrap, search (plain or regular expression,
// next/previous), line and dropped-line counters, copy and save. Lines come from a LogFeed into
// a LogViewModel shown by a list view with uniform line heights (docs/threads-and-data-flow.md,
// "Streams").
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

namespace cubedesk::models {
class ClusterConnection;
class LogFeed;
class LogViewModel;
} // namespace cubedesk::models

namespace cubedesk::ui {

class LogPanel final : public QWidget {
    Q_OBJECT
public:
    LogPanel(models::ClusterConnection *connection, const QString &ns, const QString &pod,
             QWidget *parent = nullptr);

    QString title() const;
    models::LogViewModel *model() const { return m_model; }
    bool following() const { return m_following; }
    QString statusText() const;

    /// Searches for `pattern` and selects the next match after the current row (or the
    /// previous one); returns the number of matching lines.
    int search(const QString &pattern, bool backwards = false);

private:
    void containersRead(bool ok, const QString &error);
    void restartFeed();
    void updateStatus();
    void rowsArrived();
    void copySelection();
    void saveToFile();

    QPointer<models::ClusterConnection> m_connection;
    QString m_cluster;
    QString m_ns;
    QString m_pod;
    models::LogViewModel *m_model;
    models::LogFeed *m_feed;
    QComboBox *m_container;
    QCheckBox *m_previous;
    QCheckBox *m_follow;
    QCheckBox *m_timestamps;
    QCheckBox *m_wrap;
    QLineEdit *m_search;
    QCheckBox *m_regex;
    QPushButton *m_jumpToEnd;
    QListView *m_view;
    QLabel *m_status;
    bool m_following = true;
    int m_matches = 0;
};

} // namespace cubedesk::ui
