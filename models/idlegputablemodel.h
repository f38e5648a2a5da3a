#pragma once
// IdleGpuTableModel: one table of the GPUs pane's "Idle and waste" tab, from the hub's
// IdleGpuReport — either the idle pods (kind "pod": cluster, resource group, user, namespace,
// pod, node, GPUs, idle for, mean and peak utilization over the window, GPU-hours held, used
// and wasted over 24 h) or the resource groups (kind "org": GPUs held, mean utilization, idle
// pods and the same hours), every cluster in the hub's order. Empty values (unknown) are "–",
// never zero. Sorted by SortFilterIndex (sortKey); RawValueRole gives the typed value;
// ClusterNameRole, NodeNameRole and OrgNameRole for scoping and going to the node.
//
// Threads: GUI thread only. Reads the report; owns a copy of its rows.

#include "k8s/cube/dumprow.h"
#include "models/sortkey.h"

#include <QAbstractTableModel>

#include <string>
#include <vector>

namespace cubedesk::models {

class ClusterHub;

class IdleGpuTableModel final : public QAbstractTableModel, public SortKeySource {
    Q_OBJECT
public:
    enum class Kind { Pods, Orgs };
    /// A column: the DumpRow field it shows, its header and how its value is written.
    struct Column {
        std::string field;
        QString header;
        enum class Format { Text, Whole, Percent, Hours, Duration } format;
    };

    IdleGpuTableModel(ClusterHub *hub, Kind kind, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    /// Numbers by value (hundredths; unknown below every number), text folded.
    SortKey sortKey(int row, int column) const override;

    /// The DumpRow field shown in `column` ("gpu_hours_wasted").
    std::string field(int column) const;
    int columnOf(std::string_view field) const;
    const k8s::DumpRow &row(int row) const { return m_rows[static_cast<std::size_t>(row)]; }

private:
    void reload();

    ClusterHub *m_hub;
    Kind m_kind;
    std::vector<Column> m_columns;
    std::vector<k8s::DumpRow> m_rows;
};

} // namespace cubedesk::models
