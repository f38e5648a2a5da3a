#pragma once
// NodeTableModel: every node of every cluster the hub knows, one flat table (the Nodes pane).
// Rows are precomputed NodeRows; a batch becomes contiguous beginInsertRows/beginRemoveRows
// runs and per-row dataChanged ranges (docs/threads-and-data-flow.md) — never a reset. Scope
// (which clusters), sorting and filtering are SortFilterIndex's job; this model answers
// SortKeySource for it. The CPU and memory bars also carry what the hub's UsageMonitor measured
// (Usage::measured in UsageRole; their tooltip says requested, in use and when — or why there
// is no measurement).
//
// Threads: GUI thread only. Reads the hub's connections; owns only its rows.

#include "models/keyedtablemodel.h"
#include "models/noderow.h"
#include "models/sortkey.h"

#include <vector>

namespace cubedesk::models {

class ClusterHub;
class ClusterConnection;
class UsageMonitor;
struct ClusterChange;

class NodeTableModel final : public KeyedTableModel<NodeRow, &NodeRow::name>, public SortKeySource {
    Q_OBJECT
public:
    enum Column {
        ClusterColumn,
        NameColumn,
        StatusColumn,
        RolesColumn,
        OrgColumn,
        GpuTypeColumn,
        GpusColumn,
        CpuColumn,
        MemoryColumn,
        PodsColumn,
        TaintsColumn,
        AgeColumn,
        InternalIpColumn,
        ColumnCount
    };

    explicit NodeTableModel(ClusterHub *hub, QObject *parent = nullptr);

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    SortKey sortKey(int row, int column) const override;

    /// Builds the row of one node from the cluster's store.
    static NodeRow makeRow(ClusterConnection *cluster, const NodePtr &node);
    /// "3d4h", "5m": kubectl's age format.
    static QString age(qint64 created, qint64 now);

private:
    void clusterChanged(ClusterConnection *cluster, const ClusterChange &change);
    /// `usage` with what metrics-server measured on the row's node (cores or GiB), if anything.
    Usage withMeasured(const NodeRow &r, Usage usage, bool cpu) const;
    /// Requested of allocatable, and in use (with the sample's time) or why not.
    QString usageToolTip(const NodeRow &r, bool cpu) const;

    UsageMonitor *m_usage; ///< the hub's
};

} // namespace cubedesk::models
