#pragma once
// QuotaTableModel: the Quotas pane's rows for every cluster the hub knows — one per resource of
// each ResourceQuota (hard vs used), LimitRange item (min, max, defaults per type), Volcano
// Queue (capability, deserved, guaranteed, allocated, state) and org (allocatable vs requested)
// — built by k8s::QuotaRows, the same rows as `cubedesk --dump quotas`. Quotas and queues are
// few, so a batch that touches them (or an org's totals) rebuilds that cluster's rows and the
// model applies the difference by identity: removal runs, one append, dataChanged runs. Never a
// reset. Hard vs used is a Usage (UsageRole) for the bar delegate: amber at 80 %, red at 95 %.
//
// Threads: GUI thread only. Owns its rows.

#include "k8s/cube/quotarows.h"
#include "models/keyedtablemodel.h"
#include "models/sortkey.h"
#include "models/usage.h"

#include <QString>

namespace cubedesk::models {

class ClusterHub;
class ClusterConnection;
struct ClusterChange;

struct QuotaTableRow {
    const ClusterConnection *cluster = nullptr;
    QString key; ///< kind/namespace/name/scope/resource
    k8s::QuotaRow quota;
    QString clusterName;
    Usage usage;    ///< hard (or capability, allocatable) vs used
    QString detail; ///< LimitRange min/max/defaults, Queue deserved/guaranteed, scopes
    bool operator==(const QuotaTableRow &o) const {
        return key == o.key && usage == o.usage && detail == o.detail &&
               quota.scope == o.quota.scope;
    }
};

class QuotaTableModel final : public KeyedTableModel<QuotaTableRow>, public SortKeySource {
    Q_OBJECT
public:
    enum Column {
        ClusterColumn,
        KindColumn,
        NamespaceColumn,
        NameColumn,
        ResourceColumn,
        UsageColumn,
        DetailColumn,
        ColumnCount
    };

    explicit QuotaTableModel(ClusterHub *hub, QObject *parent = nullptr);

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    SortKey sortKey(int row, int column) const override;

    static QString kindText(k8s::QuotaRow::Kind kind);
    /// Every row of one cluster, in QuotaRows order.
    static std::vector<QuotaTableRow> rowsOf(const ClusterConnection *cluster);

private:
    void clusterChanged(ClusterConnection *cluster, const ClusterChange &change);
    void rebuild(const ClusterConnection *cluster);
};

} // namespace cubedesk::models
