#pragma once

// QuotaWriteController: the one path by which the UI changes a ResourceQuota's hard values — one
// JSON merge patch carrying the quota's resourceVersion, so that a quota someone else changed
// meanwhile is not overwritten (409: nothing written, said so). Every call starts from a
// confirmed user action, is logged (`cubedesk.models.writes`) and ends with one finished(),
// whatever became of the dialog that asked: the controller lives as long as the window.
//
// Threads: GUI thread only; results arrive through ClusterConnection::submit on the GUI thread.
// Does not own the connection.

#include "models/clusterstore.h"

#include <QObject>
#include <QString>

#include <map>
#include <optional>
#include <string>

namespace cubedesk::models {

class ClusterConnection;

class QuotaWriteController final : public QObject {
    Q_OBJECT
public:
    struct Outcome {
        quint64 id = 0; ///< what setHard() returned
        QString cluster;
        QString quota; ///< "namespace/name"
        bool ok = false;
        bool conflict = false; ///< 409: the quota changed on the server, nothing was written
        QString message;       ///< the line the dialog and the status bar show
    };

    explicit QuotaWriteController(QObject *parent = nullptr);

    /// Sets (a value) or removes (nullopt) the hard values in `edits` of `quota` on `cluster`.
    /// Returns the request id finished() will carry; 0 when nothing was sent (no edits, or the
    /// cluster refuses writes: writeBlockedReason()).
    quint64 setHard(ClusterConnection *cluster, const ResourceQuotaPtr &quota,
                    const std::map<std::string, std::optional<std::string>> &edits);

Q_SIGNALS:
    void finished(const cubedesk::models::QuotaWriteController::Outcome &outcome);

private:
    quint64 m_nextId = 1;
};

} // namespace cubedesk::models

Q_DECLARE_METATYPE(cubedesk::models::QuotaWriteController::Outcome)
