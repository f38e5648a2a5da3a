#pragma once
// NodeTableModel: every node of every cluster the hub knows, one flat table (the Nodes pane).
// Rows are precomputed NodeRows; a batch becomes contiguous beginInsertRows/beginRemoveRows
// runs and per-row dataChanged ranges (docs/threads-and-data-flow.md) — never a reset. Scope
// (which clusters), sorting and filtering are SortFilterIndex's job; this model answers
// SortKeySource for it.
//
// Threads: GUI thread only. Reads the hub's connections; owns only its rows.

#include "models/keyedtablemodel.h"
#include "models/noderow.h"
#include "models/sortkey.h"

#include <vector>

namespace cubedesk::models {

class ClusterHub;
class ClusterConnection;
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
};

} // namespace cubedesk::models
