#pragma once
// ClusterListModel: one row per connected context (the Clusters pane): server, version, nodes
// ready/total, pods, CPU / memory / GPU requested vs allocatable, freshness and the last error.
// Rows follow the hub's cluster order; a cluster's row changes with its batches and state.
//
// Threads: GUI thread only. Reads the hub's connections; owns nothing.

#include <QAbstractTableModel>

namespace cubedesk::models {

class ClusterHub;
class ClusterConnection;

class ClusterListModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        StateColumn,
        ServerColumn,
        VersionColumn,
        NodesColumn,
        PodsColumn,
        CpuColumn,
        MemoryColumn,
        GpuColumn,
        ErrorColumn,
        ColumnCount
    };

    explicit ClusterListModel(ClusterHub *hub, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    ClusterConnection *cluster(int row) const;

private:
    void rowChanged(ClusterConnection *cluster);

    ClusterHub *m_hub;
    QList<ClusterConnection *> m_rows;
};

} // namespace cubedesk::models
