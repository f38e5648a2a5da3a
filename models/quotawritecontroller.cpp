#include "models/quotawritecontroller.h"

#include "k8s/write/quotawrites.h"
#include "models/clusterconnection.h"
#include "models/qtstring.h"
#include "models/writelogging.h"

namespace cubedesk::models {

QuotaWriteController::QuotaWriteController(QObject *parent)
    : QObject(parent) {
    qRegisterMetaType<Outcome>();
}

quint64
QuotaWriteController::setHard(ClusterConnection *cluster, const ResourceQuotaPtr &quota,
                              const std::map<std::string, std::optional<std::string>> &edits) {
    if (!cluster || !quota || edits.empty() || !cluster->writeBlockedReason().isEmpty())
        return 0;
    const std::string ns(quota->namespaceName());
    const std::string name(quota->name());
    const quint64 id = m_nextId++;
    Outcome outcome;
    outcome.id = id;
    outcome.cluster = cluster->name();
    outcome.quota = toQString(ns + '/' + name);
    QStringList changes;
    for (const auto &[resource, value] : edits)
        changes << toQString(resource + '=' + value.value_or("(removed)"));
    qCInfo(lcWrites).noquote() << "patching quota" << outcome.quota << "on" << outcome.cluster
                               << ":" << changes.join(QStringLiteral(", "));
    cluster->submit(
        {k8s::QuotaWrites::setHard(ns, name, quota->resourceVersion(), edits)}, this,
        [this, outcome](std::vector<k8s::WriteResult> results) mutable {
            const auto &r = results.front();
            outcome.ok = r.ok();
            outcome.conflict = r.status == 409;
            if (r.ok())
                outcome.message = tr("Applied. The table shows the new values when "
                                     "the watch confirms.");
            else if (outcome.conflict)
                outcome.message = tr("The quota changed on the server since this dialog opened; "
                                     "nothing was written. Close and open it again to edit the "
                                     "current values.");
            else
                outcome.message = tr("Not applied: %1").arg(toQString(r.error.toString()));
            if (r.ok())
                qCInfo(lcWrites).noquote() << "quota" << outcome.quota << "patched";
            else
                qCWarning(lcWrites).noquote() << "quota" << outcome.quota << ":" << outcome.message;
            Q_EMIT finished(outcome);
        });
    return id;
}

} // namespace cubedesk::models
