#pragma once

// ObjectActionController: the one path by which the resource browser changes objects — scale and
// rollout restart of workloads, suspend/resume and "run now" of CronJobs, delete (propagation
// chosen, uid and resourceVersion as preconditions) of any object, and the apply and create of
// the YAML editor (sendAudited). Each starts from a confirmed user action: askPermission() first
// asks the cluster (SelfSubjectAccessReview) whether the user may do it, so that a dialog is not
// filled in to be refused; perform() then sends the write (k8s::WorkloadWrites), records it in
// the audit (WriteAuditModel: action, target, result), logs it (`cubedesk.models.writes`, never a
// body) and ends with one finished() per call, whatever became of the pane that asked: the
// controller lives as long as the window.
//
// Threads: GUI thread only; results arrive through ClusterConnection::submit on the GUI thread.
// Does not own the hub, its connections or the audit; a cluster removed mid-write reports the
// write failed.

#include "k8s/write/workloadwrites.h"
#include "k8s/write/writerequest.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <cstdint>
#include <functional>
#include <vector>

namespace cubedesk::models {

class ClusterConnection;
class WriteAuditModel;

class ObjectActionController final : public QObject {
    Q_OBJECT
public:
    enum class Action { Scale, Restart, Suspend, Resume, RunNow, Delete, Apply, Create };
    /// The object an action is about, and what happens to what it owns on delete (the UI
    /// names these through the controller: it does not build requests).
    using Target = k8s::WorkloadWrites::Target;
    using Propagation = k8s::WorkloadWrites::Propagation;

    /// What the user asked for, about one object.
    struct Order {
        Action action = Action::Delete;
        k8s::WorkloadWrites::Target target;
        std::int64_t replicas = 0; ///< Scale
        k8s::WorkloadWrites::Propagation propagation = k8s::WorkloadWrites::Propagation::Background;
    };
    struct Outcome {
        quint64 id = 0;
        Action action = Action::Delete;
        QString cluster;
        QString subject; ///< "Deployment infra/mysql"
        bool ok = false;
        int status = 0;   ///< the HTTP status (409: changed since the user looked)
        QString message;  ///< what the status bar and the audit show
        std::string body; ///< the server's answer when ok (the object written)
    };
    using Permission = std::function<void(bool allowed, const QString &reason)>;
    using Done = std::function<void(const Outcome &)>;

    explicit ObjectActionController(WriteAuditModel *audit, QObject *parent = nullptr);

    /// Whether `action` fits objects of `kind` in `group` (Scale: Deployments, StatefulSets,
    /// ReplicaSets; Restart: Deployments, StatefulSets, DaemonSets; Suspend, Resume, RunNow:
    /// CronJobs; Delete, Apply: any kind; Create: none — it is not about an existing object).
    static bool applies(Action action, const std::string &group, const std::string &kind);
    /// The action as the audit names it ("Scale to 3", "Delete (Foreground)"), translated.
    static QString actionText(const Order &order);
    /// "Deployment infra/mysql".
    static QString subjectOf(const k8s::WorkloadWrites::Target &target);
    /// The access review of `order` (`verb` on the resource, the scale subresource for Scale, the
    /// Jobs of the namespace for RunNow): `answer` runs on the GUI thread unless `context` was
    /// destroyed. Read-only mode and a disconnected cluster answer "no" at once, with the reason.
    void askPermission(ClusterConnection *cluster, const Order &order, const QObject *context,
                       Permission answer);
    /// Sends `order`, audited; returns the id finished() will carry.
    quint64 perform(ClusterConnection *cluster, const Order &order);
    /// Sends `request` as the write `action` about `subject`, audited as perform() does; `done`
    /// (if any) runs before finished() with the outcome. Used by the YAML editor's apply and
    /// create, whose requests it builds itself.
    quint64 sendAudited(ClusterConnection *cluster, Action action, const QString &subject,
                        const QString &actionText, k8s::WriteRequest request, Done done = {});

    bool busy() const { return m_inFlight > 0; }

Q_SIGNALS:
    void finished(const cubedesk::models::ObjectActionController::Outcome &outcome);

private:
    quint64 runCronJob(ClusterConnection *cluster, const Order &order);
    /// Begins a write: its audit row (into `auditRow`), its log line, the in-flight count, and
    /// the outcome's id, action, cluster and subject.
    Outcome start(ClusterConnection *cluster, Action action, const QString &subject,
                  const QString &actionText, quint64 *auditRow);
    void finish(quint64 auditRow, const Outcome &outcome, const Done &done);
    quint64 record(ClusterConnection *cluster, const QString &subject, const QString &action);

    QPointer<WriteAuditModel> m_audit;
    quint64 m_nextId = 1;
    int m_inFlight = 0;
};

} // namespace cubedesk::models

Q_DECLARE_METATYPE(cubedesk::models::ObjectActionController::Outcome)
