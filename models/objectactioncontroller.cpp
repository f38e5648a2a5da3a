#include "models/objectactioncontroller.h"

#include "k8s/write/nodewrites.h"
#include "models/clusterconnection.h"
#include "models/qtstring.h"
#include "models/writeauditmodel.h"
#include "models/writelogging.h"

#include <QDateTime>
#include <QRandomGenerator>

#include <memory>
#include <utility>

namespace cubedesk::models {

namespace {

using Action = ObjectActionController::Action;

bool isApps(const std::string &group) {
    return group == "apps";
}

// The verb, resource and subresource an access review asks about for `order`.
struct Access {
    std::string verb;
    std::string group;
    std::string resource;
    std::string subresource;
    std::string ns;
    std::string name;
};

Access accessOf(const ObjectActionController::Order &order) {
    const auto &t = order.target;
    Access a{"patch", t.resource.group, t.resource.plural, {}, t.ns, t.name};
    switch (order.action) {
    case Action::Scale:
        a.subresource = "scale";
        break;
    case Action::Restart:
    case Action::Suspend:
    case Action::Resume:
        break;
    case Action::RunNow:
        a = {"create", "batch", "jobs", {}, t.ns, {}};
        break;
    case Action::Delete:
        a.verb = "delete";
        break;
    case Action::Apply:
        a.verb = "update";
        break;
    case Action::Create:
        a.verb = "create";
        a.name.clear();
        break;
    }
    return a;
}

// Five characters kubectl-style generated names use ([bcdfghjklmnpqrstvwxz2456789]).
std::string randomSuffix() {
    static constexpr char kAlphabet[] = "bcdfghjklmnpqrstvwxz2456789";
    std::string out;
    for (int i = 0; i < 5; ++i)
        out += kAlphabet[QRandomGenerator::global()->bounded(int(sizeof kAlphabet) - 1)];
    return out;
}

QString rfc3339Now() {
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
}

} // namespace

ObjectActionController::ObjectActionController(WriteAuditModel *audit, QObject *parent)
    : QObject(parent)
    , m_audit(audit) {
    qRegisterMetaType<Outcome>();
}

bool ObjectActionController::applies(Action action, const std::string &group,
                                     const std::string &kind) {
    switch (action) {
    case Action::Scale:
        return isApps(group) &&
               (kind == "Deployment" || kind == "StatefulSet" || kind == "ReplicaSet");
    case Action::Restart:
        return isApps(group) &&
               (kind == "Deployment" || kind == "StatefulSet" || kind == "DaemonSet");
    case Action::Suspend:
    case Action::Resume:
    case Action::RunNow:
        return group == "batch" && kind == "CronJob";
    case Action::Delete:
    case Action::Apply:
        return true;
    case Action::Create:
        break;
    }
    return false;
}

QString ObjectActionController::actionText(const Order &order) {
    switch (order.action) {
    case Action::Scale:
        return tr("Scale to %1").arg(order.replicas);
    case Action::Restart:
        return tr("Restart");
    case Action::Suspend:
        return tr("Suspend");
    case Action::Resume:
        return tr("Resume");
    case Action::RunNow:
        return tr("Run now");
    case Action::Delete:
        return tr("Delete (%1)")
            .arg(toQString(k8s::WorkloadWrites::propagationName(order.propagation)));
    case Action::Apply:
        return tr("Apply YAML");
    case Action::Create:
        break;
    }
    return tr("Create from YAML");
}

QString ObjectActionController::subjectOf(const k8s::WorkloadWrites::Target &target) {
    const QString name =
        target.ns.empty() ? toQString(target.name) : toQString(target.ns + '/' + target.name);
    return target.kind.empty() ? name : toQString(target.kind) + QLatin1Char(' ') + name;
}

void ObjectActionController::askPermission(ClusterConnection *cluster, const Order &order,
                                           const QObject *context, Permission answer) {
    if (const QString blocked = cluster->anyWriteBlockedReason(); !blocked.isEmpty()) {
        answer(false, blocked);
        return;
    }
    const Access a = accessOf(order);
    const QString what =
        a.subresource.empty() ? toQString(a.resource) : toQString(a.resource + '/' + a.subresource);
    const QString where = a.ns.empty()
                              ? cluster->name()
                              : tr("%1 in namespace %2").arg(cluster->name(), toQString(a.ns));
    const QString verb = toQString(a.verb);
    cluster->submit(
        {k8s::NodeWrites::accessReview(a.verb, a.group, a.resource, a.ns, a.subresource, a.name)},
        context,
        [answer = std::move(answer), what, where, verb](std::vector<k8s::WriteResult> results) {
            const auto &r = results.front();
            if (k8s::NodeWrites::allowed(r))
                answer(true, {});
            else if (r.ok())
                answer(false, tr("The cluster's RBAC does not allow you to %1 %2 on %3.")
                                  .arg(verb, what, where));
            else
                answer(false, tr("The access review failed: %1").arg(toQString(r.error.message)));
        },
        1);
}

ObjectActionController::Outcome ObjectActionController::start(ClusterConnection *cluster,
                                                              Action action, const QString &subject,
                                                              const QString &actionText,
                                                              quint64 *auditRow) {
    *auditRow = record(cluster, subject, actionText);
    qCInfo(lcWrites).noquote() << cluster->name() << actionText << subject;
    ++m_inFlight;
    Outcome outcome;
    outcome.id = m_nextId++;
    outcome.action = action;
    outcome.cluster = cluster->name();
    outcome.subject = subject;
    return outcome;
}

quint64 ObjectActionController::record(ClusterConnection *cluster, const QString &subject,
                                       const QString &action) {
    if (!m_audit)
        return 0;
    WriteAuditModel::Entry e;
    e.time = QDateTime::currentDateTime();
    e.cluster = cluster->name();
    e.target = subject;
    e.action = action;
    return m_audit->record(std::move(e));
}

void ObjectActionController::finish(quint64 auditRow, const Outcome &outcome, const Done &done) {
    --m_inFlight;
    if (m_audit && auditRow != 0)
        m_audit->setResult(auditRow, outcome.ok ? tr("done") : outcome.message);
    if (outcome.ok)
        qCInfo(lcWrites).noquote() << outcome.cluster << outcome.subject << ":" << outcome.message;
    else
        qCWarning(lcWrites).noquote()
            << outcome.cluster << outcome.subject << ":" << outcome.message;
    if (done)
        done(outcome);
    Q_EMIT finished(outcome);
}

quint64 ObjectActionController::sendAudited(ClusterConnection *cluster, Action action,
                                            const QString &subject, const QString &actionText,
                                            k8s::WriteRequest request, Done done) {
    quint64 row = 0;
    Outcome base = start(cluster, action, subject, actionText, &row);
    const quint64 id = base.id;
    cluster->submit(
        {std::move(request)}, this,
        [this, row, base, actionText,
         done = std::move(done)](std::vector<k8s::WriteResult> results) mutable {
            auto &r = results.front();
            base.ok = r.ok();
            base.status = r.status;
            if (base.ok) {
                base.message = tr("%1: %2 — done.").arg(base.subject, actionText);
                base.body = std::move(r.body);
            } else if (r.status == 409) {
                base.message = tr("%1 changed on the cluster since you looked (409 Conflict): "
                                  "nothing was changed. %2")
                                   .arg(base.subject, toQString(r.error.message));
            } else {
                base.message = tr("%1: %2 failed: %3")
                                   .arg(base.subject, actionText, toQString(r.error.message));
            }
            finish(row, std::move(base), done);
        },
        1);
    return id;
}

quint64 ObjectActionController::perform(ClusterConnection *cluster, const Order &order) {
    using k8s::WorkloadWrites;
    const QString subject = subjectOf(order.target);
    switch (order.action) {
    case Action::Scale:
        return sendAudited(cluster, order.action, subject, actionText(order),
                           WorkloadWrites::scale(order.target, order.replicas));
    case Action::Restart:
        return sendAudited(cluster, order.action, subject, actionText(order),
                           WorkloadWrites::restart(order.target, rfc3339Now().toStdString()));
    case Action::Suspend:
    case Action::Resume:
        return sendAudited(
            cluster, order.action, subject, actionText(order),
            WorkloadWrites::setCronJobSuspended(order.target, order.action == Action::Suspend));
    case Action::RunNow:
        return runCronJob(cluster, order);
    case Action::Delete:
        return sendAudited(cluster, order.action, subject, actionText(order),
                           WorkloadWrites::remove(order.target, order.propagation));
    case Action::Apply:
    case Action::Create:
        break;
    }
    // Apply and Create carry a body the editor builds: sendAudited().
    return 0;
}

quint64 ObjectActionController::runCronJob(ClusterConnection *cluster, const Order &order) {
    // Read the CronJob as it is now (its jobTemplate), then create the Job from it.
    quint64 row = 0;
    Outcome base = start(cluster, order.action, subjectOf(order.target), actionText(order), &row);
    const quint64 id = base.id;
    QPointer<ClusterConnection> connection(cluster);
    cluster->submit(
        {k8s::NodeWrites::getObject(order.target.resource.collectionPath(), order.target.ns,
                                    order.target.name)},
        this,
        [this, row, base, connection,
         target = order.target](std::vector<k8s::WriteResult> read) mutable {
            const auto &r = read.front();
            if (!r.ok() || !connection) {
                base.message = tr("%1: could not read the CronJob: %2")
                                   .arg(base.subject, connection ? toQString(r.error.message)
                                                                 : tr("the cluster was removed"));
                finish(row, std::move(base), {});
                return;
            }
            auto request = k8s::WorkloadWrites::runCronJob(target, r.body, randomSuffix());
            if (!request) {
                base.message = tr("%1: %2").arg(base.subject, toQString(request.error()));
                finish(row, std::move(base), {});
                return;
            }
            connection->submit(
                {std::move(*request)}, this,
                [this, row, base](std::vector<k8s::WriteResult> created) mutable {
                    auto &c = created.front();
                    base.ok = c.ok();
                    base.status = c.status;
                    if (base.ok) {
                        base.body = std::move(c.body);
                        base.message = tr("%1: started a Job by hand.").arg(base.subject);
                    } else {
                        base.message = tr("%1: the Job was not created: %2")
                                           .arg(base.subject, toQString(c.error.message));
                    }
                    finish(row, std::move(base), {});
                },
                1);
        },
        1);
    return id;
}

} // namespace cubedesk::models
