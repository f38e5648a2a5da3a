#pragma once
// GpuInventoryModel: every GPU node of every cluster the hub knows, one flat table (the GPUs
// pane): status, org, model, how the GPUs are shared, GPUs requested / allocatable (a bar), idle
// GPUs, memory per GPU, MIG or vGPU slices, and what is known of the topology. Rows are
// precomputed GpuNodeRows (k8s::GpuInventory over the store's node and accounting); a batch
// becomes contiguous insert/remove runs and per-row dataChanged ranges — never a reset. A node
// that becomes (or stops being) a GPU node is inserted (removed). Sorting and filtering are
// SortFilterIndex's job; this model answers SortKeySource for it.
//
// Threads: GUI thread only. Reads the hub's connections and the topology sources; owns its rows.

#include "k8s/cube/gpureadings.h"
#include "models/gpunoderow.h"
#include "models/sortkey.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <span>
#include <unordered_map>
#include <vector>

namespace cubedesk::models {

class ClusterHub;
class ClusterConnection;
class GpuMetricsMonitor;
class GpuTopologySources;
struct ClusterChange;

class GpuInventoryModel final : public QAbstractTableModel, public SortKeySource {
    Q_OBJECT
public:
    enum Column {
        ClusterColumn,
        NodeColumn,
        StatusColumn,
        OrgColumn,
        ModelColumn,
        SharingColumn,
        GpusColumn,
        IdleColumn,
        MemoryColumn,
        SlicesColumn,
        TopologyColumn,
        UtilizationColumn, ///< DCGM's, from the cluster's Prometheus (GpuMetricsMonitor)
        HealthColumn,      ///< XID errors and hot GPUs
        ColumnCount
    };

    GpuInventoryModel(ClusterHub *hub, GpuTopologySources *sources, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    SortKey sortKey(int row, int column) const override;

    /// What is wrong with these devices, one translated phrase each ("XID 79 on GPU5",
    /// "GPU2 hot (88 °C)"); empty when nothing is.
    static QStringList healthProblems(std::span<const k8s::GpuReading> devices);
    const GpuNodeRow &row(int row) const { return m_rows[static_cast<std::size_t>(row)]; }
    /// The row of `node` on `cluster`, -1 when it is not a GPU node (or unknown).
    int rowOf(const ClusterConnection *cluster, const QString &node) const;
    /// The pods holding GPU resources on a row's node, by namespace and name (a scan of the
    /// cluster's pods: for the detail panel of one node, not per frame).
    std::vector<k8s::GpuInventory::Holder> holders(int row) const;
    GpuTopologySources *sources() const { return m_sources; }

    /// Builds the row of one node; nullopt when it is not a GPU node.
    std::optional<GpuNodeRow> makeRow(ClusterConnection *cluster, const NodePtr &node) const;

Q_SIGNALS:
    /// After a batch (or a topology source change) was applied for `cluster`.
    void clusterUpdated(cubedesk::models::ClusterConnection *cluster);

private:
    void clusterChanged(ClusterConnection *cluster, const ClusterChange &change);
    void topologyChanged(ClusterConnection *cluster);
    void removeCluster(ClusterConnection *cluster);
    void removeRows(std::vector<int> rows);
    void reindexFrom(int first);
    void emitChanged(std::vector<int> rows);
    void metricsChanged(const QString &cluster);
    /// The DCGM readings of a row's whole GPUs (MIG instances left out).
    /// The node's whole GPUs' readings (no MIG instance), valid until the monitor updates.
    std::span<const k8s::GpuReading> readings(const GpuNodeRow &r) const;

    struct Key {
        const ClusterConnection *cluster;
        QString name;
        bool operator==(const Key &) const = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key &k) const {
            return qHash(k.name) ^ std::hash<const void *>()(k.cluster);
        }
    };
    GpuTopologySources *m_sources;
    GpuMetricsMonitor *m_metrics = nullptr; ///< the hub's
    std::vector<GpuNodeRow> m_rows;
    std::unordered_map<Key, int, KeyHash> m_index;
};

} // namespace cubedesk::models
