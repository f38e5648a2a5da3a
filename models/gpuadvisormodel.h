#pragma once
// GpuAdvisorModel: the placement advisor's answer as a table — for k GPUs (optionally of one
// gpu-type, for one org, with CPU and memory), the GPU nodes of the clusters in scope ranked by
// k8s::GpuPlacementAdvisor: verdict, free GPUs, the topology score (a bar of the guaranteed
// score with the best case in its text), the best GPU set and one sentence saying why, in the
// user's language (explain(): the same sentence as the advisor's English explain(), translated).
//
// A new question (run()) replaces the rows: every old row is removed, then the answer inserted
// in one run. The answer is a snapshot: it is not updated by later batches (ask again).
//
// Threads: GUI thread only. Reads GpuInventoryModel and the topology sources when run() is
// called; owns its rows.

#include "k8s/cube/gpuplacementadvisor.h"
#include "models/usage.h"

#include <QAbstractTableModel>
#include <QSet>
#include <QString>

#include <vector>

namespace cubedesk::models {

class ClusterConnection;
class GpuInventoryModel;

class GpuAdvisorModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        RankColumn,
        VerdictColumn,
        ClusterColumn,
        NodeColumn,
        FreeColumn,
        ScoreColumn,
        SetColumn,
        ExplanationColumn,
        ColumnCount
    };
    struct Row {
        ClusterConnection *cluster = nullptr;
        k8s::GpuPlacementAdvisor::Placement placement;
        int rank = 0; ///< 1-based among the nodes that fit; 0 when it does not fit
        QString verdict;
        Usage score;
        QString explanation;
    };

    explicit GpuAdvisorModel(GpuInventoryModel *inventory, QObject *parent = nullptr);

    /// Ranks the GPU nodes of the clusters in `scope` for `request`. Nodes of another gpu-type
    /// or org are left out unless `includeOtherTypesAndOrgs`.
    void run(const k8s::GpuPlacementAdvisor::Request &request, const QSet<QString> &scope,
             bool includeOtherTypesAndOrgs);
    /// How many listed nodes fit.
    int fitting() const { return m_fitting; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    const Row &row(int row) const { return m_rows[static_cast<std::size_t>(row)]; }

    /// The advisor's sentence for a placement, translated.
    static QString explain(const k8s::GpuPlacementAdvisor::Placement &p);
    static QString verdictText(k8s::GpuPlacementAdvisor::Verdict verdict);

private:
    GpuInventoryModel *m_inventory;
    std::vector<Row> m_rows;
    int m_fitting = 0;
};

} // namespace cubedesk::models
