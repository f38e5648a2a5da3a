#include "models/nodewritecontroller.h"

#include "k8s/write/nodewrites.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/qtstring.h"
#include "models/writelogging.h"

#include <QLoggingCategory>

#include <algorithm>

namespace cubedesk::models {

Q_LOGGING_CATEGORY(lcWrites, "cubedesk.models.writes")

namespace {

QString messageOf(const k8s::WriteResult &r) {
    if (!r.error.message.empty())
        return toQString(r.error.message);
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

std::vector<k8s::NodeTaints> NodeWriteController::currentTaints(const ClusterConnection *cluster,
                                                                const QStringList &nodes) {
    std::vector<k8s::NodeTaints> out;
    for (const auto &name : nodes) {
        const auto node = cluster->store().node(name.toStdString());
        if (!node)
            continue;
        k8s::NodeTaints t;
        t.node = name.toStdString();
        t.resourceVersion = node->resourceVersion();
        for (const auto &taint : node->taints())
            t.taints.push_back({taint.key, taint.value, taint.effect});
        out.push_back(std::move(t));
    }
    return out;
}

quint64 NodeWriteController::applyTaints(ClusterConnection *cluster, const k8s::TaintEditPlan &plan,
                                         const QString &description) {
    if (!cluster || !cluster->writeBlockedReason().isEmpty() || !plan.ok() ||
        plan.changes().empty())
        return 0;
    const quint64 id = m_nextId++;
    qCInfo(lcWrites).noquote() << cluster->name() << ":" << description;
    Q_EMIT started(description);
    const auto &changes = plan.changes();
    QStringList nodes;
    for (const auto &c : changes)
        nodes << toQString(c.node);
    send(cluster, plan.requests(),
         [this, id, changes, nodes, description](ClusterConnection *c,
                                                 const std::vector<k8s::WriteResult> &results) {
             Outcome outcome = outcomeOf(c, description, nodes, results);
             outcome.id = id;
             rememberUndo(c, description, outcome, results,
                          [&changes](std::size_t i, const std::string &rv) {
                              return changes[i].undoRequest(rv);
                          });
             Q_EMIT finished(outcome);
         });
    return id;
}

k8s::LabelEditPlan NodeWriteController::plan(const ClusterConnection *cluster,
                                             const QStringList &nodes,
                                             const std::vector<k8s::LabelEdit> &edits) {
    return k8s::LabelEditPlan::build(currentLabels(cluster, nodes), edits);
}

void NodeWriteController::send(ClusterConnection *cluster, std::vector<k8s::WriteRequest> requests,
                               Done done) {
    ++m_inFlight;
    QPointer<ClusterConnection> guard(cluster);
    cluster->submit(std::move(requests), this,
                    [this, guard, done = std::move(done)](std::vector<k8s::WriteResult> results) {
                        --m_inFlight;
                        if (guard)
                            done(guard, std::move(results));
                    });
}

NodeWriteController::Outcome
NodeWriteController::outcomeOf(const ClusterConnection *cluster, const QString &description,
                               const QStringList &nodes,
                               const std::vector<k8s::WriteResult> &results) {
    Outcome outcome;
    outcome.cluster = cluster->name();
    outcome.description = description;
    for (std::size_t i = 0; i < results.size() && i < static_cast<std::size_t>(nodes.size()); ++i) {
        const auto &r = results[i];
        outcome.results.push_back({nodes[static_cast<qsizetype>(i)], r.ok(), r.error.isConflict(),
                                   r.ok() ? QString() : messageOf(r)});
        if (!r.ok())
            qCWarning(lcWrites).noquote() << cluster->name() << nodes[static_cast<qsizetype>(i)]
                                          << ":" << outcome.results.back().message;
    }
    return outcome;
}

quint64 NodeWriteController::apply(ClusterConnection *cluster, const k8s::LabelEditPlan &plan,
                                   const std::vector<k8s::LabelEdit> &edits,
                                   const QString &description) {
    if (!cluster || !cluster->writeBlockedReason().isEmpty() || !plan.ok() ||
        plan.changes().empty())
        return 0;
    const quint64 id = m_nextId++;
    qCInfo(lcWrites).noquote() << cluster->name() << ":" << description;
    Q_EMIT started(description);
    const auto &changes = plan.changes();
    QStringList nodes;
    for (const auto &c : changes)
        nodes << toQString(c.node);
    send(cluster, plan.requests(),
         [this, id, changes, nodes, edits,
          description](ClusterConnection *c, const std::vector<k8s::WriteResult> &results) {
             Outcome outcome = outcomeOf(c, description, nodes, results);
             outcome.id = id;
             outcome.edits = edits;
             rememberUndo(c, description, outcome, results,
                          [&changes](std::size_t i, const std::string &rv) {
                              return changes[i].undoRequest(rv);
                          });
             const bool conflicts = std::any_of(outcome.results.begin(), outcome.results.end(),
                                                [](const NodeResult &r) { return r.conflict; });
             if (conflicts)
                 rereadConflicts(c, std::move(outcome));
             else
                 Q_EMIT finished(outcome);
         });
    return id;
}

void NodeWriteController::rememberUndo(
    ClusterConnection *cluster, const QString &description, const Outcome &outcome,
    const std::vector<k8s::WriteResult> &results,
    const std::function<k8s::WriteRequest(std::size_t, const std::string &)> &inverse) {
    UndoEntry undo{cluster, description, {}};
    for (std::size_t i = 0; i < outcome.results.size(); ++i) {
        if (!outcome.results[i].ok)
            continue;
        // The version the write returned guards the undo: it never overwrites a later change.
        const auto after = k8s::NodeWrites::labelsOf(results[i].body);
        undo.requests.push_back(inverse(i, after ? after->second : ""));
    }
    if (undo.requests.empty())
        return;
    m_undo = std::move(undo);
    Q_EMIT undoAvailableChanged(true);
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
    send(cluster, std::move(reads),
         [this, names, outcome = std::move(outcome)](
             ClusterConnection *, std::vector<k8s::WriteResult> results) mutable {
             std::vector<k8s::NodeLabels> fresh;
             for (std::size_t i = 0; i < results.size(); ++i) {
                 const auto parsed =
                     results[i].ok() ? k8s::NodeWrites::labelsOf(results[i].body) : std::nullopt;
                 if (parsed)
                     fresh.push_back({names[i], parsed->second, parsed->first});
             }
             if (!fresh.empty())
                 outcome.retryPlan = k8s::LabelEditPlan::build(fresh, outcome.edits);
             Q_EMIT finished(outcome);
         });
}

quint64 NodeWriteController::cordon(ClusterConnection *cluster, const QStringList &nodes,
                                    bool unschedulable) {
    if (!cluster || !cluster->writeBlockedReason().isEmpty() || nodes.isEmpty())
        return 0;
    const quint64 id = m_nextId++;
    std::vector<k8s::WriteRequest> requests;
    for (const auto &n : nodes) {
        const auto node = cluster->store().node(n.toStdString());
        requests.push_back(k8s::NodeWrites::cordon(n.toStdString(), unschedulable,
                                                   node ? node->resourceVersion() : ""));
    }
    const QString description = unschedulable ? tr("cordon %n node(s)", "", nodes.size())
                                              : tr("uncordon %n node(s)", "", nodes.size());
    Q_EMIT started(description);
    send(cluster, std::move(requests),
         [this, id, nodes, description](ClusterConnection *c,
                                        const std::vector<k8s::WriteResult> &results) {
             Outcome outcome = outcomeOf(c, description, nodes, results);
             outcome.id = id;
             Q_EMIT finished(outcome);
         });
    return id;
}

quint64 NodeWriteController::undo() {
    if (!m_undo || !m_undo->cluster || !m_undo->cluster->writeBlockedReason().isEmpty())
        return 0;
    const quint64 id = m_nextId++;
    UndoEntry entry = std::move(*m_undo);
    m_undo.reset();
    Q_EMIT undoAvailableChanged(false);
    const QString description = tr("undo: %1").arg(entry.description);
    Q_EMIT started(description);
    QStringList nodes;
    for (const auto &r : entry.requests)
        nodes << toQString(r.path.substr(r.path.rfind('/') + 1));
    send(entry.cluster, std::move(entry.requests),
         [this, id, nodes, description](ClusterConnection *c,
                                        const std::vector<k8s::WriteResult> &results) {
             Outcome outcome = outcomeOf(c, description, nodes, results);
             outcome.id = id;
             outcome.undo = true;
             Q_EMIT finished(outcome);
         });
    return id;
}

} // namespace cubedesk::models
