#include "models/jobtablemodel.h"

#include "k8s/api/humanduration.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/modelroles.h"
#include "models/nodetablemodel.h"

#include <QDateTime>

namespace cubedesk::models {

using k8s::JobPhase;

JobTableModel::JobTableModel(ClusterHub *hub, QObject *parent)
    : KeyedTableModel<JobTableRow>(parent) {
    connect(hub, &ClusterHub::clusterChanged, this, &JobTableModel::clusterChanged);
    connect(hub, &ClusterHub::clusterAboutToBeRemoved, this,
            [this](ClusterConnection *cluster) { removeClusterRows(cluster); });
    for (auto *c : hub->clusters()) {
        ClusterChange all;
        for (const auto &[key, job] : c->store().jobs())
            all.jobsAdded.push_back(key);
        clusterChanged(c, all);
    }
}

JobTableRow JobTableModel::makeRow(ClusterConnection *cluster, const std::string &key,
                                   const CustomResourcePtr &job) {
    JobTableRow r;
    r.cluster = cluster;
    r.key = QString::fromStdString(key);
    r.object = job;
    r.job = k8s::JobRow::from(cluster->name().toStdString(), key, *job,
                              QDateTime::currentSecsSinceEpoch());
    r.clusterName = cluster->name();
    r.ns = QString::fromStdString(r.job.ns);
    r.kind = QString::fromStdString(r.job.kind);
    r.name = QString::fromStdString(r.job.name);
    r.replicas = QString::fromStdString(r.job.replicasText());
    r.haystack = QStringList{r.clusterName,
                             r.ns,
                             r.kind,
                             r.name,
                             QString::fromLatin1(JobPhase::name(r.job.phase).data()),
                             phaseText(r.job.phase),
                             QString::fromStdString(r.job.pipelineName),
                             QString::fromStdString(r.job.runUsername),
                             QString::fromStdString(r.job.taskName),
                             QString::fromStdString(r.job.runId)}
                     .join(QLatin1Char(' '))
                     .toLower();
    return r;
}

QString JobTableModel::phaseText(JobPhase::Value phase) {
    switch (phase) {
    case JobPhase::Value::Pending:
        return tr("Pending");
    case JobPhase::Value::Created:
        return tr("Created");
    case JobPhase::Value::Running:
        return tr("Running");
    case JobPhase::Value::Restarting:
        return tr("Restarting");
    case JobPhase::Value::Suspended:
        return tr("Suspended");
    case JobPhase::Value::Succeeded:
        return tr("Succeeded");
    case JobPhase::Value::Failed:
        return tr("Failed");
    case JobPhase::Value::Unknown:
        return tr("Unknown");
    }
    return tr("Unknown");
}

QColor JobTableModel::phaseColor(JobPhase::Value phase) {
    switch (phase) {
    case JobPhase::Value::Running:
        return QColor(0x1565c0);
    case JobPhase::Value::Restarting:
    case JobPhase::Value::Suspended:
        return QColor(0xb26a00);
    case JobPhase::Value::Succeeded:
        return QColor(0x2e7d32);
    case JobPhase::Value::Failed:
        return QColor(0xc62828);
    default:
        return QColor(0x616161);
    }
}

QString JobTableModel::duration(qint64 seconds) {
    if (seconds <= 0)
        return {};
    return QString::fromStdString(k8s::humanDuration(std::chrono::seconds(seconds)));
}

bool JobTableModel::pastTimeout(const JobTableRow &row, qint64 now) {
    return row.object && JobPhase::pastTimeout(*row.object, row.job.phase, now);
}

int JobTableModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant JobTableModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const JobTableRow &r = row(index.row());
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case ClusterColumn:
            return r.clusterName;
        case NamespaceColumn:
            return r.ns;
        case KindColumn:
            return r.kind;
        case NameColumn:
            return r.name;
        case PhaseColumn:
            return pastTimeout(r, now) ? tr("%1 · over 2 days").arg(phaseText(r.job.phase))
                                       : phaseText(r.job.phase);
        case ReplicasColumn:
            return r.replicas;
        case GpusColumn:
            return r.job.gpus > 0 ? QVariant(qint64{r.job.gpus}) : QVariant();
        case PipelineColumn:
            return QString::fromStdString(r.job.pipelineName);
        case UserColumn:
            return QString::fromStdString(r.job.runUsername);
        case TaskColumn:
            return QString::fromStdString(r.job.taskName);
        case RunIdColumn:
            return QString::fromStdString(r.job.runId);
        case AgeColumn:
            return NodeTableModel::age(r.job.created, now);
        case DurationColumn:
            return duration(r.job.durationSeconds(now));
        case FinishedColumn:
            return r.job.finished > 0 ? QDateTime::fromSecsSinceEpoch(r.job.finished)
                                            .toString(QStringLiteral("yyyy-MM-dd HH:mm"))
                                      : QString();
        default:
            return {};
        }
    case Qt::ToolTipRole:
        switch (index.column()) {
        case PhaseColumn: {
            QString tip = r.job.rawPhase.empty() ? phaseText(r.job.phase)
                                                 : tr("%1 (the object says \"%2\")")
                                                       .arg(phaseText(r.job.phase),
                                                            QString::fromStdString(r.job.rawPhase));
            if (pastTimeout(r, now))
                tip +=
                    QLatin1Char('\n') + tr("Running for more than the platform's 2-day timeout.");
            return tip;
        }
        case GpusColumn:
            return QString::fromStdString(r.job.gpuDetail);
        case AgeColumn:
            return QDateTime::fromSecsSinceEpoch(r.job.created).toString(Qt::ISODate);
        default:
            return data(index, Qt::DisplayRole);
        }
    case Qt::ForegroundRole:
        if (index.column() == PhaseColumn)
            return pastTimeout(r, now) ? QColor(0xc62828) : phaseColor(r.job.phase);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == GpusColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case ClusterNameRole:
        return r.clusterName;
    case RawValueRole:
        return r.key;
    default:
        return {};
    }
}

QVariant JobTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ClusterColumn:
        return tr("Cluster");
    case NamespaceColumn:
        return tr("Namespace");
    case KindColumn:
        return tr("Kind");
    case NameColumn:
        return tr("Name");
    case PhaseColumn:
        return tr("Phase");
    case ReplicasColumn:
        return tr("Replicas (active/total)");
    case GpusColumn:
        return tr("GPUs");
    case PipelineColumn:
        return tr("Pipeline");
    case UserColumn:
        return tr("User");
    case TaskColumn:
        return tr("Task");
    case RunIdColumn:
        return tr("Run ID");
    case AgeColumn:
        return tr("Age");
    case DurationColumn:
        return tr("Duration");
    case FinishedColumn:
        return tr("Finished");
    default:
        return {};
    }
}

SortKey JobTableModel::sortKey(int rowNumber, int column) const {
    const JobTableRow &r = row(rowNumber);
    switch (column) {
    case ClusterColumn:
        return SortKey::ofText(r.clusterName.toLower());
    case NamespaceColumn:
        return SortKey::ofText(r.ns.toLower());
    case KindColumn:
        return SortKey::ofText(r.kind.toLower());
    case NameColumn:
        return SortKey::ofText(r.name.toLower());
    case PhaseColumn:
        return SortKey::ofNumber(static_cast<std::int64_t>(r.job.phase));
    case ReplicasColumn:
        return SortKey::ofText(r.replicas);
    case GpusColumn:
        return SortKey::ofNumber(r.job.gpus);
    case PipelineColumn:
        return SortKey::ofText(QString::fromStdString(r.job.pipelineName).toLower());
    case UserColumn:
        return SortKey::ofText(QString::fromStdString(r.job.runUsername).toLower());
    case TaskColumn:
        return SortKey::ofText(QString::fromStdString(r.job.taskName).toLower());
    case RunIdColumn:
        return SortKey::ofText(QString::fromStdString(r.job.runId));
    case AgeColumn:
        return SortKey::ofNumber(-r.job.created);
    case DurationColumn:
        return SortKey::ofNumber(r.job.durationSeconds(QDateTime::currentSecsSinceEpoch()));
    case FinishedColumn:
        return SortKey::ofNumber(r.job.finished);
    default:
        return SortKey::ofNumber(0);
    }
}

void JobTableModel::clusterChanged(ClusterConnection *cluster, const ClusterChange &change) {
    std::vector<int> removed;
    for (const auto &key : change.jobsRemoved)
        if (const int r = rowOf(cluster, QString::fromStdString(key)); r >= 0)
            removed.push_back(r);
    removeRowsAt(std::move(removed));

    std::vector<JobTableRow> added;
    for (const auto &key : change.jobsAdded)
        if (rowOf(cluster, QString::fromStdString(key)) < 0)
            if (auto job = cluster->store().job(key))
                added.push_back(makeRow(cluster, key, job));
    appendRows(std::move(added));

    std::vector<std::pair<int, JobTableRow>> changed;
    for (const auto &key : change.jobsChanged) {
        const int r = rowOf(cluster, QString::fromStdString(key));
        auto job = cluster->store().job(key);
        if (r >= 0 && job)
            changed.emplace_back(r, makeRow(cluster, key, job));
    }
    replaceRows(std::move(changed));
}

} // namespace cubedesk::models
