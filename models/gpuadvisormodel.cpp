#include "models/gpuadvisormodel.h"

#include "models/gpuinventorymodel.h"
#include "models/gputopologysources.h"
#include "models/modelroles.h"

#include <QColor>

#include <cmath>
#include <map>

namespace cubedesk::models {

using k8s::GpuPlacementAdvisor;
using Verdict = k8s::GpuPlacementAdvisor::Verdict;

namespace {

QString thousands(std::int64_t v) {
    return QString::fromStdString(GpuPlacementAdvisor::thousands(v));
}

QString cores(std::int64_t milli) {
    if (milli % 1000 == 0)
        return QString::number(milli / 1000);
    return QString::number(static_cast<double>(milli) / 1000.0, 'f', 1);
}

QString gib(std::int64_t bytes) {
    const double v = static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0);
    return QStringLiteral("%1 GiB").arg(std::fabs(v - std::round(v)) < 0.05
                                            ? QString::number(v, 'f', 0)
                                            : QString::number(v, 'f', 1));
}

} // namespace

GpuAdvisorModel::GpuAdvisorModel(GpuInventoryModel *inventory, QObject *parent)
    : QAbstractTableModel(parent)
    , m_inventory(inventory) {}

QString GpuAdvisorModel::verdictText(Verdict verdict) {
    switch (verdict) {
    case Verdict::Fits:
        return tr("Fits");
    case Verdict::WrongType:
        return tr("Other GPU type");
    case Verdict::WrongOrg:
        return tr("Other resource group");
    case Verdict::NoGpus:
        return tr("No GPUs");
    case Verdict::NotReady:
        return tr("NotReady");
    case Verdict::Cordoned:
        return tr("Cordoned");
    case Verdict::SharedGpus:
        return tr("Shared GPUs");
    case Verdict::NotEnoughGpus:
        return tr("Too few free GPUs");
    case Verdict::NotEnoughCpu:
        return tr("Too little CPU");
    case Verdict::NotEnoughMemory:
        return tr("Too little memory");
    }
    return {};
}

QString GpuAdvisorModel::explain(const GpuPlacementAdvisor::Placement &p) {
    const QString node = QString::fromStdString(p.node);
    const QString model = QString::fromStdString(p.model);
    const QString gpusOf = model.isEmpty() ? tr("GPUs") : tr("%1 GPUs").arg(model);
    switch (p.verdict) {
    case Verdict::WrongType:
        return tr("%1: gpu-type is %2, not the type asked for.")
            .arg(node, p.gpuType.empty() ? tr("not set") : QString::fromStdString(p.gpuType));
    case Verdict::WrongOrg:
        return tr("%1: in resource group %2, not the one asked for — move it to that group on the "
                  "Resource groups board, or ask for %2.")
            .arg(node, QString::fromStdString(p.org));
    case Verdict::NoGpus:
        return tr("%1: reports no allocatable GPUs — check that the device plugin runs there.")
            .arg(node);
    case Verdict::NotReady:
        return p.free == 1 ? tr("%1: NotReady — its 1 free GPU takes no pods until the kubelet "
                                "reports Ready again.")
                                 .arg(node)
                           : tr("%1: NotReady — its %2 free GPUs take no pods until the kubelet "
                                "reports Ready again.")
                                 .arg(node)
                                 .arg(p.free);
    case Verdict::Cordoned:
        return p.free == 1 ? tr("%1: cordoned — uncordon it to use its 1 free GPU.").arg(node)
                           : tr("%1: cordoned — uncordon it to use its %2 free GPUs.")
                                 .arg(node)
                                 .arg(p.free);
    case Verdict::SharedGpus:
        if (p.sharing == k8s::GpuInventory::Sharing::Vgpu)
            return tr("%1: its GPUs are HAMi vGPU slices, not whole GPUs — use a whole-GPU node "
                      "for a gang.")
                .arg(node);
        if (p.sharing == k8s::GpuInventory::Sharing::Mig)
            return tr("%1: its GPUs are MIG instances, not whole GPUs.").arg(node);
        if (p.replicas > 1)
            return tr("%1: its GPUs are shared (%2, %3 replicas each): its nvidia.com/gpu units "
                      "are replicas, not whole GPUs.")
                .arg(node, QString::fromUtf8(k8s::GpuInventory::sharingName(p.sharing).data()))
                .arg(p.replicas);
        return tr("%1: its GPUs are shared (%2): its nvidia.com/gpu units are replicas, not whole "
                  "GPUs.")
            .arg(node, QString::fromUtf8(k8s::GpuInventory::sharingName(p.sharing).data()));
    case Verdict::NotEnoughGpus:
        if (p.free == 0)
            return tr("%1: all %2 %3 are in use, needs %4.")
                .arg(node)
                .arg(p.total)
                .arg(gpusOf)
                .arg(p.requested);
        return tr("%1: only %2 of %3 %4 free, needs %5.")
            .arg(node)
            .arg(p.free)
            .arg(p.total)
            .arg(gpusOf)
            .arg(p.requested);
    case Verdict::NotEnoughCpu:
        return tr("%1: %2 GPUs free but only %3 CPU cores free, fewer than asked.")
            .arg(node)
            .arg(p.free)
            .arg(cores(p.cpuFreeMilli));
    case Verdict::NotEnoughMemory:
        return tr("%1: %2 GPUs free but only %3 of memory free, less than asked.")
            .arg(node)
            .arg(p.free)
            .arg(gib(p.memoryFreeBytes));
    case Verdict::Fits:
        break;
    }
    QString s = tr("%1: fits — %2 of %3 %4 free").arg(node).arg(p.free).arg(p.total).arg(gpusOf);
    if (!p.topologyKnown) {
        if (p.topologyGpus > 0)
            s += tr("; its topology lists %1 GPUs, fewer than the node offers, so it is ignored")
                     .arg(p.topologyGpus);
        s += tr("; topology unknown, NVLink and NUMA placement cannot be judged (publish the "
                "cubedesk.io/gpu-topology annotation or import the node's nvidia-smi topo -m).");
    } else if (p.requested < 2) {
        s += tr("; one GPU needs no interconnect.");
    } else {
        QStringList where;
        if (p.nvlinkKnown)
            where << (p.islandSpan >= p.requested ? tr("no NVLink")
                      : p.islandSpan == 1         ? tr("1 NVLink island")
                                                  : tr("%1 NVLink islands").arg(p.islandSpan));
        where << (p.numaSpan == 1 ? tr("1 NUMA node") : tr("%1 NUMA nodes").arg(p.numaSpan));
        const QString w = where.join(QStringLiteral(", "));
        const QString set = QString::fromStdString(p.bestSet);
        const QString max = thousands(p.score.max);
        if (p.free == p.topologyGpus)
            s +=
                tr("; best set %1 (%2): score %3 of %4.").arg(set, w, thousands(p.score.best), max);
        else if (p.score.exact && p.score.worst == p.score.best)
            s += tr("; whichever they are, score %1 of %2 (e.g. %3: %4).")
                     .arg(thousands(p.score.best), max, set, w);
        else if (p.score.exact)
            s += tr(", but which ones is not visible to Kubernetes: score %1 guaranteed, up to %2 "
                    "of %3; best if %4 are free (%5).")
                     .arg(thousands(p.score.worst), thousands(p.score.best), max, set, w);
        else
            s += tr("; score up to %1 of %2 (too many GPUs to check every case); best if %3 are "
                    "free (%4).")
                     .arg(thousands(p.score.best), max, set, w);
        if (!p.nvlinkKnown)
            s += tr(" NVLink is not known from a NodeResourceTopology; only NUMA counts.");
    }
    if (!p.taints.empty()) {
        QStringList taints;
        for (const auto &t : p.taints)
            taints << QString::fromStdString(t);
        s += tr(" Tainted %1: the pod needs a toleration.").arg(taints.join(QStringLiteral(", ")));
    }
    return s;
}

void GpuAdvisorModel::run(const GpuPlacementAdvisor::Request &request, const QSet<QString> &scope,
                          bool includeOtherTypesAndOrgs) {
    std::vector<GpuPlacementAdvisor::Candidate> candidates;
    std::vector<ClusterConnection *> clusterOf;
    for (int i = 0; i < m_inventory->rowCount(); ++i) {
        const GpuNodeRow &r = m_inventory->row(i);
        if (!scope.contains(r.clusterName))
            continue;
        GpuPlacementAdvisor::Candidate c;
        c.cluster = r.clusterName.toStdString();
        c.node = r.gpus;
        c.topology = m_inventory->sources()->resolve(r.cluster, *r.node).topology;
        candidates.push_back(std::move(c));
        clusterOf.push_back(r.cluster);
    }
    std::map<std::pair<std::string, std::string>, ClusterConnection *> byName;
    for (std::size_t i = 0; i < candidates.size(); ++i)
        byName[{candidates[i].cluster, candidates[i].node.name}] = clusterOf[i];

    std::vector<Row> rows;
    int rank = 0;
    for (auto &p : GpuPlacementAdvisor::rank(request, candidates)) {
        if (!includeOtherTypesAndOrgs &&
            (p.verdict == Verdict::WrongType || p.verdict == Verdict::WrongOrg))
            continue;
        Row r;
        r.cluster = byName[{p.cluster, p.node}];
        r.rank = p.fits() ? ++rank : 0;
        r.verdict = verdictText(p.verdict);
        if (p.fits() && p.topologyKnown && p.score.max > 0) {
            const QString best = thousands(p.score.best);
            const QString range = !p.score.exact ? tr("≤ %1").arg(best)
                                  : p.score.worst == p.score.best
                                      ? best
                                      : QStringLiteral("%1–%2").arg(thousands(p.score.worst), best);
            r.score = {static_cast<double>(p.score.worst), static_cast<double>(p.score.max),
                       QStringLiteral("%1 / %2").arg(range, thousands(p.score.max))};
        } else if (p.fits()) {
            r.score.text = p.topologyKnown ? QStringLiteral("—") : tr("unknown");
        }
        r.explanation = explain(p);
        r.placement = std::move(p);
        rows.push_back(std::move(r));
    }
    if (!m_rows.empty()) {
        beginRemoveRows({}, 0, static_cast<int>(m_rows.size()) - 1);
        m_rows.clear();
        endRemoveRows();
    }
    m_fitting = rank;
    if (!rows.empty()) {
        beginInsertRows({}, 0, static_cast<int>(rows.size()) - 1);
        m_rows = std::move(rows);
        endInsertRows();
    }
}

int GpuAdvisorModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int GpuAdvisorModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant GpuAdvisorModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Row &r = m_rows[static_cast<std::size_t>(index.row())];
    const auto &p = r.placement;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case RankColumn:
            return r.rank > 0 ? QVariant(r.rank) : QVariant(QStringLiteral("—"));
        case VerdictColumn:
            return r.verdict;
        case ClusterColumn:
            return QString::fromStdString(p.cluster);
        case NodeColumn:
            return QString::fromStdString(p.node);
        case FreeColumn:
            return QStringLiteral("%1 / %2").arg(p.free).arg(p.total);
        case ScoreColumn:
            return r.score.text;
        case SetColumn:
            return QString::fromStdString(p.bestSet);
        case ExplanationColumn:
            return r.explanation;
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return r.explanation;
    case Qt::ForegroundRole:
        if (index.column() == VerdictColumn)
            return QColor(p.fits() ? QStringLiteral("#1e8449") : QStringLiteral("#b03a2e"));
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == RankColumn || index.column() == FreeColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case ClusterNameRole:
        return QString::fromStdString(p.cluster);
    case NodeNameRole:
        return QString::fromStdString(p.node);
    default:
        return {};
    }
}

QVariant GpuAdvisorModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case RankColumn:
        return tr("#");
    case VerdictColumn:
        return tr("Verdict");
    case ClusterColumn:
        return tr("Cluster");
    case NodeColumn:
        return tr("Node");
    case FreeColumn:
        return tr("Free GPUs");
    case ScoreColumn:
        return tr("Topology score");
    case SetColumn:
        return tr("Best GPU set");
    case ExplanationColumn:
        return tr("Why");
    default:
        return {};
    }
}

} // namespace cubedesk::models
