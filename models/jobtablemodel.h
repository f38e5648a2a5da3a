#pragma once
// JobTableModel: every ML job (all kinds the clusters serve, JobKinds) of every cluster the hub
// knows, one flat table — the Jobs pane. Rows are precomputed k8s::JobRows (the same values as
// `cubedesk --dump jobs`); a batch becomes contiguous insert/remove runs and dataChanged runs
// (KeyedTableModel), never a reset. Scope, sorting and filtering are SortFilterIndex's job.
// Age, duration and the timeout flag depend on the clock: data() computes them from the row's
// times, and the pane repaints once a minute.
//
// Threads: GUI thread only. Reads the hub's connections; owns only its rows.

#include "k8s/cube/jobrow.h"
#include "models/clusterstore.h"
#include "models/keyedtablemodel.h"
#include "models/sortkey.h"

#include <QColor>
#include <QString>

namespace cubedesk::models {

class ClusterHub;
class ClusterConnection;
struct ClusterChange;

/// One row of the Jobs table.
struct JobTableRow {
    const ClusterConnection *cluster = nullptr;
    QString key; ///< ClusterStore's job key ("pytorchjobs.kubeflow.org/ns/name")
    CustomResourcePtr object;
    k8s::JobRow job;
    QString clusterName;
    QString ns;
    QString kind;
    QString name;
    QString replicas;
    QString haystack; ///< lower-case text the free-text filter searches
};

class JobTableModel final : public KeyedTableModel<JobTableRow>, public SortKeySource {
    Q_OBJECT
public:
    enum Column {
        ClusterColumn,
        NamespaceColumn,
        KindColumn,
        NameColumn,
        PhaseColumn,
        ReplicasColumn,
        GpusColumn,
        PipelineColumn,
        UserColumn,
        TaskColumn,
        RunIdColumn,
        AgeColumn,
        DurationColumn,
        FinishedColumn,
        ColumnCount
    };

    explicit JobTableModel(ClusterHub *hub, QObject *parent = nullptr);

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    SortKey sortKey(int row, int column) const override;

    /// The translated phase name ("Running" / "运行中").
    static QString phaseText(k8s::JobPhase::Value phase);
    /// The colour a phase is drawn in (failed red, running blue, ...).
    static QColor phaseColor(k8s::JobPhase::Value phase);
    /// "1h05m", "2d3h": durations the way kubectl prints ages.
    static QString duration(qint64 seconds);
    /// True when the row's job runs past the platform's timeout at `now`.
    static bool pastTimeout(const JobTableRow &row, qint64 now);

    static JobTableRow makeRow(ClusterConnection *cluster, const std::string &key,
                               const CustomResourcePtr &job);

private:
    void clusterChanged(ClusterConnection *cluster, const ClusterChange &change);
};

} // namespace cubedesk::models
