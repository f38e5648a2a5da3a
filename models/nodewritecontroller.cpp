#include "models/nodewritecontroller.h"

#include "k8s/write/nodewrites.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"

#include <QLoggingCategory>

namespace cubedesk::models {

Q_LOGGING_CATEGORY(lcWrites, "cubedesk.models.writes")

namespace {

QString q(const std::string &s) {
    return QString::fromStdString(s);
}

QString messageOf(const k8s::WriteResult &r) {
    if (!r.error.message.empty())
        return q(r.error.message);
    return QStringLiteral("HTTP %1").arg(r.status);
}

} // namespace

int NodeWriteController::Outcome::failed() const {
    int n = 0;
    for (const auto &r : results)
        n += r.ok ? 0 : 1;
    return n;
}

NodeWriteController::NodeWriteController(ClusterHub *hub, QObject *parent)
    : QObject(parent)
    , m_hub(hub) {
    connect(hub, &ClusterHub::clusterAboutToBeRemoved, this, [this](ClusterConnection *c) {
        if (m_undo && m_undo->cluster == c) {
            m_undo.reset();
            Q_EMIT undoAvailableChanged(false);
        }
    });
}

std::vector<k8s::NodeLabels> NodeWriteController::currentLabels(const ClusterConnection *cluster,
                                                                const QStringList &nodes) {
    std::vector<k8s::NodeLabels> out;
    for (const auto &name : nodes) {
        const auto node = cluster->store().node(name.toStdString());
        if (!node)
            continue;
        k8s::NodeLabels l;
        l.node = name.toStdString();
        l.resourceVersion = node->resourceVersion();
        const auto labels = node->labels();
        for (std::size_t i = 0; i < labels.size(); ++i) {
            const auto label = labels.at(i);
            l.labels.emplace(std::string(label.key), std::string(label.value));
        }
        out.push_back(std::move(l));
    }
    return out;
}

k8s::LabelEditPlan NodeWriteController::plan(const ClusterConnection *cluster,
                                             const QStringList &nodes,
                                             const std::vector<k8s::LabelEdit> &edits) {
    return k8s::LabelEditPlan::build(currentLabels(cluster, nodes), edits);
}

bool NodeWriteController::apply(ClusterConnection *cluster, const k8s::LabelEditPlan &plan,
                                const std::vector<k8s::LabelEdit> &edits,
                                const QString &description) {
    if (!cluster || !cluster->writeBlockedReason().isEmpty() || !plan.ok() ||
        plan.changes().empty())
        return false;
    qCInfo(lcWrites).noquote() << cluster->name() << ":" << description;
    Q_EMIT started(description);
    ++m_inFlight;
    const auto changes = plan.changes();
    QPointer<ClusterConnection> guard(cluster);
    cluster->submit(plan.requests(), [this, guard, changes, edits,
                                      description](std::vector<k8s::WriteResult> results) {
        --m_inFlight;
        if (!guard)
            return;
        Outcome outcome;
        outcome.cluster = guard->name();
        outcome.description = description;
        outcome.edits = edits;
        UndoEntry undo{guard, description, {}};
        bool conflicts = false;
        for (std::size_t i = 0; i < changes.size() && i < results.size(); ++i) {
            const auto &r = results[i];
            NodeResult nr{q(changes[i].node), r.ok(), r.error.isConflict(), {}};
            if (r.ok()) {
                const auto after = k8s::NodeWrites::labelsOf(r.body);
                undo.requests.push_back(changes[i].undoRequest(after ? after->second : ""));
            } else {
                nr.message = messageOf(r);
                conflicts = conflicts || nr.conflict;
                qCWarning(lcWrites).noquote()
                    << guard->name() << changes[i].node.c_str() << ":" << nr.message;
            }
            outcome.results.push_back(std::move(nr));
        }
        if (!undo.requests.empty()) {
            m_undo = std::move(undo);
            Q_EMIT undoAvailableChanged(true);
        }
        if (conflicts)
            rereadConflicts(guard, std::move(outcome));
        else
            Q_EMIT finished(outcome);
    });
    return true;
}

void NodeWriteController::rereadConflicts(ClusterConnection *cluster, Outcome outcome) {
    // A 409 means the node changed since the user looked: read it again and plan the same
    // edits on what is there now, so the UI can show the new diff and ask again.
    std::vector<k8s::WriteRequest> reads;
    std::vector<std::string> names;
    for (const auto &r : outcome.results)
        if (r.conflict) {
            reads.push_back(k8s::NodeWrites::get(r.node.toStdString()));
            names.push_back(r.node.toStdString());
        }
    ++m_inFlight;
    cluster->submit(std::move(reads), [this, names, outcome = std::move(outcome)](
                                          std::vector<k8s::WriteResult> results) mutable {
        --m_inFlight;
        std::vector<k8s::NodeLabels> fresh;
        for (std::size_t i = 0; i < results.size(); ++i) {
            const auto parsed =
                results[i].ok() ? k8s::NodeWrites::labelsOf(results[i].body) : std::nullopt;
            if (!parsed)
                continue;
            fresh.push_back({names[i], parsed->second, parsed->first});
        }
        if (!fresh.empty())
            outcome.retryPlan = k8s::LabelEditPlan::build(fresh, outcome.edits);
        Q_EMIT finished(outcome);
    });
}

bool NodeWriteController::cordon(ClusterConnection *cluster, const QStringList &nodes,
                                 bool unschedulable) {
    if (!cluster || !cluster->writeBlockedReason().isEmpty() || nodes.isEmpty())
        return false;
    std::vector<k8s::WriteRequest> requests;
    for (const auto &n : nodes) {
        const auto node = cluster->store().node(n.toStdString());
        requests.push_back(k8s::NodeWrites::cordon(n.toStdString(), unschedulable,
                                                   node ? node->resourceVersion() : ""));
    }
    const QString description = unschedulable ? tr("cordon %n node(s)", "", nodes.size())
                                              : tr("uncordon %n node(s)", "", nodes.size());
    Q_EMIT started(description);
    ++m_inFlight;
    QPointer<ClusterConnection> guard(cluster);
    cluster->submit(std::move(requests),
                    [this, guard, nodes, description](std::vector<k8s::WriteResult> results) {
                        --m_inFlight;
                        if (!guard)
                            return;
                        Outcome outcome;
                        outcome.cluster = guard->name();
                        outcome.description = description;
                        for (int i = 0; i < nodes.size(); ++i) {
                            const auto &r = results[static_cast<std::size_t>(i)];
                            outcome.results.push_back({nodes[i], r.ok(), r.error.isConflict(),
                                                       r.ok() ? QString() : messageOf(r)});
                        }
                        Q_EMIT finished(outcome);
                    });
    return true;
}

bool NodeWriteController::undo() {
    if (!m_undo || !m_undo->cluster || !m_undo->cluster->writeBlockedReason().isEmpty())
        return false;
    UndoEntry entry = std::move(*m_undo);
    m_undo.reset();
    Q_EMIT undoAvailableChanged(false);
    const QString description = tr("undo: %1").arg(entry.description);
    Q_EMIT started(description);
    ++m_inFlight;
    std::vector<QString> names;
    for (const auto &r : entry.requests)
        names.push_back(q(r.path.substr(r.path.rfind('/') + 1)));
    QPointer<ClusterConnection> guard = entry.cluster;
    guard->submit(std::move(entry.requests), [this, guard, names,
                                              description](std::vector<k8s::WriteResult> results) {
        --m_inFlight;
        if (!guard)
            return;
        Outcome outcome;
        outcome.cluster = guard->name();
        outcome.description = description;
        outcome.undo = true;
        for (std::size_t i = 0; i < names.size(); ++i)
            outcome.results.push_back({names[i], results[i].ok(), results[i].error.isConflict(),
                                       results[i].ok() ? QString() : messageOf(results[i])});
        Q_EMIT finished(outcome);
    });
    return true;
}

} // namespace cubedesk::models
