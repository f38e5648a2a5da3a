#pragma once
// BalanceAdvisor: the resource-group balancing advisor of the board (docs/platform.md). For a
// cluster it runs RebalancePlanner (the platform's adjust_node_resource rule plus the
// pending-driven rule as intended) over the cluster's cached nodes and pods and keeps the result
// as that cluster's suggestion, with the ghost cards and translated reasons the board shows.
// Applying is not done here: the UI sends the move through the drag-and-drop path
// (MainWindow::requestMove: preview, patch, undo).
//
// Auto-balance (opt-in, per cluster): every N minutes (default 10, the platform's intended
// beat) runOnce() plans one run and, when it moves a node, emits autoMoveProposed(); the UI
// patches it without a dialog and records it in the audit. runOnce() does nothing while the
// cluster is not synced or refuses writes.
//
// Threads: GUI thread only. Does not own the hub; owns its timers and suggestions.

#include "k8s/cube/rebalanceplanner.h"
#include "models/balanceghost.h"

#include <QHash>
#include <QObject>
#include <QStringList>
#include <QVector>

#include <functional>
#include <map>

class QTimer;

namespace cubedesk::models {

class ClusterHub;
class ClusterConnection;

class BalanceAdvisor final : public QObject {
    Q_OBJECT
public:
    static constexpr int kDefaultIntervalMinutes = 10;
    static constexpr int kDefaultRuns = 3;

    explicit BalanceAdvisor(ClusterHub *hub, QObject *parent = nullptr);

    /// Seconds since the epoch; tests replace it (the 5-minute pending age).
    void setClock(std::function<qint64()> clock) { m_clock = std::move(clock); }

    /// Plans `runs` successive runs for `cluster` from its cache; keeps and returns the result
    /// (an empty result for an unknown cluster).
    const k8s::RebalancePlanner::Result &suggest(const QString &cluster, int runs = kDefaultRuns);
    /// The last suggestion for `cluster`, or null.
    const k8s::RebalancePlanner::Result *suggestion(const QString &cluster) const;
    void clearSuggestion(const QString &cluster);
    /// The suggestion's moves as ghost cards (target org → ghosts), translated.
    QVector<BalanceGhost> ghosts(const QString &cluster) const;
    /// One line for the board: what the first move is and why, or why nothing moves.
    QString summary(const QString &cluster) const;

    /// The resource groups of `cluster` whose held GPUs sit idle — mean utilization over the
    /// idle window under the threshold, from the hub's IdleGpuReport (watched by whoever wants
    /// this signal) — as one translated sentence each, most GPU-hours wasted first; empty when
    /// the report has no rows for the cluster. A signal for the user: the planner ignores it.
    QStringList idleDonors(const QString &cluster) const;

    /// Translated one-line explanation of a move.
    static QString explain(const k8s::RebalancePlanner::Move &move);
    /// "87.5 %"
    static QString percent(double ratio);

    void setAutoBalance(const QString &cluster, bool enabled,
                        int intervalMinutes = kDefaultIntervalMinutes);
    bool autoBalance(const QString &cluster) const;
    int intervalMinutes(const QString &cluster) const;
    /// One auto-balance run now (the timer calls it); true when a move was proposed.
    bool runOnce(const QString &cluster);

Q_SIGNALS:
    void suggestionChanged(const QString &cluster);
    void autoBalanceChanged(const QString &cluster, bool enabled, int intervalMinutes);
    /// Auto-balance wants `move` applied now (no dialog).
    void autoMoveProposed(const QString &cluster, const k8s::RebalancePlanner::Move &move);

private:
    struct Auto {
        QTimer *timer = nullptr;
        int minutes = kDefaultIntervalMinutes;
    };
    k8s::RebalancePlanner::Result planFor(ClusterConnection *cluster, int runs) const;

    ClusterHub *m_hub;
    std::function<qint64()> m_clock;
    std::map<QString, k8s::RebalancePlanner::Result> m_suggestions;
    QHash<QString, Auto> m_auto;
};

} // namespace cubedesk::models

Q_DECLARE_METATYPE(cubedesk::k8s::RebalancePlanner::Move)
