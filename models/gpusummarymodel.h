#pragma once
// GpuSummaryModel: GPU totals per cluster and per resource group (org) — GPU nodes (NotReady
// among them), physical GPUs, whole GPUs requested / allocatable (a bar), idle GPUs, GPUs on
// NotReady nodes, shares of time-sliced or vGPU GPUs and MIG instances in use — summed
// (k8s::GpuInventory::Totals) over GpuInventoryModel's rows. One row per cluster ("all"), then
// its orgs by name. Recomputed per cluster when GpuInventoryModel reports that cluster updated
// (a cluster has at most a few thousand GPU nodes); rows that appear or vanish are inserted or
// removed, the others get dataChanged — never a reset.
//
// Threads: GUI thread only. Reads GpuInventoryModel; owns its rows.

#include "k8s/cube/gpuinventory.h"
#include "models/usage.h"

#include <QAbstractTableModel>
#include <QString>

#include <vector>

namespace cubedesk::models {

class ClusterConnection;
class GpuInventoryModel;

class GpuSummaryModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        ClusterColumn,
        OrgColumn,
        NodesColumn,
        GpusColumn,
        RequestedColumn,
        IdleColumn,
        NotReadyColumn,
        SharesColumn,
        MigColumn,
        ColumnCount
    };
    struct Row {
        ClusterConnection *cluster = nullptr;
        QString clusterName;
        QString org; ///< "" for the cluster's own row
        k8s::GpuInventory::Totals totals;
        Usage requested;
        bool operator==(const Row &) const = default;
    };

    explicit GpuSummaryModel(GpuInventoryModel *inventory, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    const Row &row(int row) const { return m_rows[static_cast<std::size_t>(row)]; }

private:
    void update(ClusterConnection *cluster);
    std::vector<Row> compute(ClusterConnection *cluster) const;

    GpuInventoryModel *m_inventory;
    std::vector<Row> m_rows; ///< grouped by cluster (in first-seen order), cluster row first
};

} // namespace cubedesk::models
