#include "models/jobwritecontroller.h"

#include "k8s/write/jobwrites.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/qtstring.h"
#include "models/writelogging.h"

#include <QMap>

#include <memory>

namespace cubedesk::models {

JobWriteController::JobWriteController(ClusterHub *hub, QObject *parent)
    : QObject(parent)
    , m_hub(hub) {
    qRegisterMetaType<Outcome>();
}

quint64 JobWriteController::remove(const std::vector<const JobTableRow *> &rows) {
    return send(Action::Delete, rows);
}

quint64 JobWriteController::setSuspended(const std::vector<const JobTableRow *> &rows,
                                         bool suspend) {
    std::vector<const JobTableRow *> changing;
    for (const auto *r : rows)
        if (r->job.suspendable && r->job.suspended != suspend)
            changing.push_back(r);
    return send(suspend ? Action::Suspend : Action::Resume, changing);
}

QString JobWriteController::summary(const Outcome &o) {
    if (!o.failures.isEmpty())
        return (o.action == Action::Delete ? tr("%1 of %2 deletions failed: %3")
                                           : tr("%1 of %2 changes failed: %3"))
            .arg(o.failures.size())
            .arg(o.total)
            .arg(o.failures.join(QStringLiteral("; ")));
    switch (o.action) {
    case Action::Delete:
        return tr("Deleted %n job(s).", nullptr, o.total);
    case Action::Suspend:
        return tr("Suspended %n job(s).", nullptr, o.total);
    case Action::Resume:
        break;
    }
    return tr("Resumed %n job(s).", nullptr, o.total);
}

quint64 JobWriteController::send(Action action, const std::vector<const JobTableRow *> &rows) {
    if (rows.empty())
        return 0;
    const quint64 id = m_nextId++;
    auto outcome = std::make_shared<Outcome>();
    outcome->id = id;
    outcome->action = action;
    outcome->total = static_cast<int>(rows.size());
    QMap<QString, std::vector<const JobTableRow *>> byCluster;
    QStringList names;
    for (const auto *r : rows) {
        byCluster[r->clusterName].push_back(r);
        names << QStringLiteral("%1 %2/%3 (%4)").arg(r->kind, r->ns, r->name, r->clusterName);
    }
    qCInfo(lcWrites).noquote() << (action == Action::Delete    ? "deleting"
                                   : action == Action::Suspend ? "suspending"
                                                               : "resuming")
                               << names.join(QStringLiteral(", "));
    auto remaining = std::make_shared<int>(static_cast<int>(byCluster.size()));
    ++m_inFlight;
    const auto clusterDone = [this, outcome, remaining] {
        if (--*remaining > 0)
            return;
        --m_inFlight;
        outcome->message = summary(*outcome);
        if (outcome->failures.isEmpty())
            qCInfo(lcWrites).noquote() << outcome->message;
        else
            qCWarning(lcWrites).noquote() << outcome->message;
        Q_EMIT finished(*outcome);
    };
    for (auto it = byCluster.begin(); it != byCluster.end(); ++it) {
        auto *cluster = m_hub->cluster(it.key());
        std::vector<k8s::WriteRequest> requests;
        QStringList sent;
        for (const auto *r : it.value()) {
            const std::string key = r->key.toStdString();
            const auto plural = k8s::JobWrites::pluralOfKey(key);
            std::optional<k8s::WriteRequest> request;
            if (r->object)
                request = action == Action::Delete
                              ? k8s::JobWrites::remove(*r->object, plural)
                              : k8s::JobWrites::setSuspended(*r->object, plural,
                                                             action == Action::Suspend);
            const QString name = QStringLiteral("%1/%2").arg(r->ns, r->name);
            if (!request)
                outcome->failures << tr("%1: not possible for this kind").arg(name);
            else if (!cluster)
                outcome->failures << tr("%1: the cluster is gone").arg(name);
            else {
                requests.push_back(std::move(*request));
                sent << name;
            }
        }
        if (requests.empty()) {
            clusterDone();
            continue;
        }
        cluster->submit(std::move(requests), this,
                        [outcome, sent, clusterDone](std::vector<k8s::WriteResult> results) {
                            for (std::size_t i = 0; i < results.size(); ++i)
                                if (!results[i].ok())
                                    outcome->failures << QStringLiteral("%1: %2").arg(
                                        sent[static_cast<qsizetype>(i)],
                                        toQString(results[i].error.toString()));
                            clusterDone();
                        });
    }
    return id;
}

} // namespace cubedesk::models
