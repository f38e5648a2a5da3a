#pragma once

// JobWriteController: the one path by which the UI changes training jobs — delete (pods go with
// the job; the job's resourceVersion is a precondition) and suspend/resume for kinds with
// spec.runPolicy.suspend. Every call starts from a confirmed user action, is logged (the
// `cubedesk.models.writes` category) and ends with one finished() per call that says what
// happened to each job, whatever became of the pane that asked: the controller lives as long as
// the window.
//
// Threads: GUI thread only; results arrive through ClusterConnection::submit on the GUI thread.
// Does not own the hub or its connections; a cluster removed mid-write reports its jobs failed.

#include "models/jobtablemodel.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <vector>

namespace cubedesk::models {

class ClusterHub;

class JobWriteController final : public QObject {
    Q_OBJECT
public:
    enum class Action { Delete, Suspend, Resume };

    struct Outcome {
        quint64 id = 0; ///< what delete() or setSuspended() returned
        Action action = Action::Delete;
        int total = 0;        ///< jobs asked for
        QStringList failures; ///< "ns/name: reason", one per job that failed
        QString message;      ///< the summary the status bar shows
    };

    explicit JobWriteController(ClusterHub *hub, QObject *parent = nullptr);

    /// Deletes the rows' jobs. Returns the request id finished() will carry, 0 when `rows` is
    /// empty (nothing sent, no finished()).
    quint64 remove(const std::vector<const JobTableRow *> &rows);
    /// Suspends (true) or resumes the rows' jobs; rows already in that state are skipped.
    quint64 setSuspended(const std::vector<const JobTableRow *> &rows, bool suspend);

    bool busy() const { return m_inFlight > 0; }

Q_SIGNALS:
    void finished(const cubedesk::models::JobWriteController::Outcome &outcome);

private:
    quint64 send(Action action, const std::vector<const JobTableRow *> &rows);
    static QString summary(const Outcome &outcome);

    ClusterHub *m_hub;
    quint64 m_nextId = 1;
    int m_inFlight = 0;
};

} // namespace cubedesk::models

Q_DECLARE_METATYPE(cubedesk::models::JobWriteController::Outcome)
