#include "models/balanceadvisor.h"

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/idlegpureport.h"
#include "models/nodecardbuilder.h"
#include "models/qtstring.h"

#include <QDateTime>
#include <QTimer>

namespace cubedesk::models {

using k8s::RebalancePlanner;

namespace {

QString deviceText(RebalancePlanner::Device d) {
    return d == RebalancePlanner::Device::Cpu ? BalanceAdvisor::tr("CPU")
                                              : BalanceAdvisor::tr("GPU");
}

QString standingText(const RebalancePlanner::OrgRatio &r, RebalancePlanner::Device d) {
    const QString amount =
        d == RebalancePlanner::Device::Cpu
            ? BalanceAdvisor::tr("%1/%2 cores").arg(r.requested).arg(r.allocatable)
            : BalanceAdvisor::tr("%1/%2 GPUs").arg(r.requested).arg(r.allocatable);
    return BalanceAdvisor::tr("%1 at %2 (%3, %n node(s))", "", r.nodes)
        .arg(toQString(r.org), BalanceAdvisor::percent(r.ratio()), amount);
}

} // namespace

BalanceAdvisor::BalanceAdvisor(ClusterHub *hub, QObject *parent)
    : QObject(parent)
    , m_hub(hub)
    , m_clock([] { return QDateTime::currentSecsSinceEpoch(); }) {
    qRegisterMetaType<RebalancePlanner::Move>();
    connect(hub, &ClusterHub::clusterAboutToBeRemoved, this, [this](ClusterConnection *c) {
        clearSuggestion(c->name());
        setAutoBalance(c->name(), false);
    });
}

QString BalanceAdvisor::percent(double ratio) {
    return QStringLiteral("%1 %").arg(ratio * 100.0, 0, 'f', 1);
}

RebalancePlanner::Result BalanceAdvisor::planFor(ClusterConnection *cluster, int runs) const {
    RebalancePlanner::Options o;
    o.now = m_clock();
    o.runs = runs;
    return RebalancePlanner::plan(cluster->store().nodeList(), cluster->store().podList(), o);
}

const RebalancePlanner::Result &BalanceAdvisor::suggest(const QString &name, int runs) {
    auto *cluster = m_hub->cluster(name);
    auto &slot = m_suggestions[name];
    slot = cluster ? planFor(cluster, runs) : RebalancePlanner::Result{};
    Q_EMIT suggestionChanged(name);
    return slot;
}

const RebalancePlanner::Result *BalanceAdvisor::suggestion(const QString &cluster) const {
    const auto it = m_suggestions.find(cluster);
    return it == m_suggestions.end() ? nullptr : &it->second;
}

void BalanceAdvisor::clearSuggestion(const QString &cluster) {
    if (m_suggestions.erase(cluster) > 0)
        Q_EMIT suggestionChanged(cluster);
}

QString BalanceAdvisor::explain(const RebalancePlanner::Move &m) {
    const QString device = deviceText(m.device);
    QString text;
    if (m.reason == RebalancePlanner::Reason::PendingPod)
        text = tr("%1 has been pending %n min for insufficient resources in %2; the least-loaded "
                  "%3 resource group is %4",
                  "", static_cast<int>(m.pendingSeconds / 60))
                   .arg(toQString(m.pendingPod), toQString(m.toOrg), device,
                        standingText(m.fromBefore, m.device));
    else
        text = tr("%1: the busiest resource group is %2, more than 20 points above the "
                  "least-loaded, %3")
                   .arg(device, standingText(m.toBefore, m.device),
                        standingText(m.fromBefore, m.device));
    if (m.node.empty())
        return text + QLatin1String("; ") +
               tr("but no node is labelled org=%1 explicitly: the platform would announce the "
                  "move and change nothing")
                   .arg(toQString(m.fromOrg));
    const QString unit = m.device == RebalancePlanner::Device::Cpu
                             ? tr("%1/%2 cores").arg(m.nodeUsed).arg(m.nodeAllocatable)
                             : tr("%1/%2 GPUs").arg(m.nodeUsed).arg(m.nodeAllocatable);
    // The pending-pod rule only picks Ready, schedulable nodes (RebalancePlanner); the gap rule
    // takes the least-loaded node as the platform does, whatever its state.
    text += QLatin1String("; ") + (m.reason == RebalancePlanner::Reason::PendingPod
                                       ? tr("its least-loaded usable node %1 (%2) moves to %3")
                                       : tr("its least-loaded node %1 (%2) moves to %3"))
                                      .arg(toQString(m.node), unit, toQString(m.toOrg));
    if (m.reason == RebalancePlanner::Reason::PendingPod)
        text += QLatin1String("; ") +
                (m.podWouldFit ? tr("the pod fits there") : tr("the pod does not fit there"));
    text += QLatin1String(". ") + tr("After the move: %1 %2 → %3, %4 %5 → %6.")
                                      .arg(toQString(m.fromOrg), percent(m.fromBefore.ratio()),
                                           percent(m.fromAfter.ratio()), toQString(m.toOrg),
                                           percent(m.toBefore.ratio()), percent(m.toAfter.ratio()));
    return text;
}

QVector<BalanceGhost> BalanceAdvisor::ghosts(const QString &clusterName) const {
    QVector<BalanceGhost> out;
    const auto *result = suggestion(clusterName);
    auto *cluster = m_hub->cluster(clusterName);
    if (!result || !cluster)
        return out;
    for (const auto &m : result->moves) {
        if (m.node.empty())
            continue;
        BalanceGhost g;
        g.node = toQString(m.node);
        g.fromOrg = toQString(m.fromOrg);
        g.toOrg = toQString(m.toOrg);
        g.run = m.run;
        g.pending = m.reason == RebalancePlanner::Reason::PendingPod;
        g.headline = g.pending
                         ? tr("run %1 · from %2 · for a pending pod").arg(m.run).arg(g.fromOrg)
                         : tr("run %1 · from %2").arg(m.run).arg(g.fromOrg);
        g.numbers = tr("%1: %2 %3 → %4")
                        .arg(deviceText(m.device), g.toOrg, percent(m.toBefore.ratio()),
                             percent(m.toAfter.ratio()));
        g.reason = explain(m);
        g.card = NodeCardBuilder::build(cluster->store(), g.node);
        out.push_back(std::move(g));
    }
    return out;
}

QString BalanceAdvisor::summary(const QString &cluster) const {
    const auto *result = suggestion(cluster);
    if (!result)
        return {};
    if (result->moves.empty()) {
        if (result->platformError)
            return tr("The platform's run would fail here and move nothing: %1")
                .arg(toQString(result->stopped));
        return tr("No move: the resource groups are within the platform's 20-point rule and no "
                  "pod has been pending over 5 minutes for resources elsewhere.");
    }
    const auto &first = result->moves.front();
    if (first.node.empty())
        return explain(first);
    return tr("Next run: move %1 from %2 to %3 (%n move(s) previewed).", "",
              static_cast<int>(result->moves.size()))
        .arg(toQString(first.node), toQString(first.fromOrg), toQString(first.toOrg));
}

QStringList BalanceAdvisor::idleDonors(const QString &cluster) const {
    const IdleGpuReport *report = m_hub->idleGpus();
    struct Donor {
        double wasted;
        QString text;
    };
    std::vector<Donor> donors;
    for (const k8s::DumpRow &row : report->rows(cluster)) {
        if (IdleGpuReport::text(row, "kind") != QLatin1String("org"))
            continue;
        const std::optional<double> gpus = IdleGpuReport::number(row, "gpus");
        const std::optional<double> mean = IdleGpuReport::number(row, "util_avg_percent");
        if (!gpus || *gpus < 1 || !mean || *mean >= report->thresholdPercent())
            continue;
        const double wasted = IdleGpuReport::number(row, "gpu_hours_wasted").value_or(0);
        donors.push_back(
            {wasted, tr("%1 holds %n GPU(s) at %2 % mean utilization over the last %3 (%4 "
                        "GPU-hours wasted in 24 h): a donor if another group needs GPUs.",
                        "", static_cast<int>(*gpus))
                         .arg(IdleGpuReport::text(row, "org"))
                         .arg(*mean, 0, 'f', 1)
                         .arg(IdleGpuReport::duration(report->windowSeconds()))
                         .arg(wasted, 0, 'f', 1)});
    }
    std::stable_sort(donors.begin(), donors.end(),
                     [](const Donor &a, const Donor &b) { return a.wasted > b.wasted; });
    QStringList out;
    for (Donor &d : donors)
        out << std::move(d.text);
    return out;
}

void BalanceAdvisor::setAutoBalance(const QString &cluster, bool enabled, int intervalMinutes) {
    intervalMinutes = std::max(1, intervalMinutes);
    auto it = m_auto.find(cluster);
    if (!enabled) {
        if (it == m_auto.end())
            return;
        delete it->timer;
        m_auto.erase(it);
        Q_EMIT autoBalanceChanged(cluster, false, intervalMinutes);
        return;
    }
    if (it == m_auto.end()) {
        it = m_auto.insert(cluster, Auto{new QTimer(this), intervalMinutes});
        connect(it->timer, &QTimer::timeout, this, [this, cluster] { runOnce(cluster); });
    }
    it->minutes = intervalMinutes;
    it->timer->start(intervalMinutes * 60 * 1000);
    Q_EMIT autoBalanceChanged(cluster, true, intervalMinutes);
}

bool BalanceAdvisor::autoBalance(const QString &cluster) const {
    return m_auto.contains(cluster);
}

int BalanceAdvisor::intervalMinutes(const QString &cluster) const {
    const auto it = m_auto.find(cluster);
    return it == m_auto.end() ? kDefaultIntervalMinutes : it->minutes;
}

bool BalanceAdvisor::runOnce(const QString &name) {
    auto *cluster = m_hub->cluster(name);
    if (!cluster || !cluster->synced() || !cluster->writeBlockedReason().isEmpty())
        return false;
    const auto result = planFor(cluster, 1);
    if (result.moves.empty() || result.moves.front().node.empty())
        return false;
    Q_EMIT autoMoveProposed(name, result.moves.front());
    return true;
}

} // namespace cubedesk::models
