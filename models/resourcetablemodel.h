#pragma once
// ResourceTableModel: the resource browser's live table — the objects of one resource type on
// every cluster given, as each server prints them (its Table: what `kubectl get` shows, a CRD's
// printer columns included). One table watch per cluster (ClusterSession::openTableWatch) runs
// while a type is open, scoped to a namespace and a label selector when given; open() of
// another type or close() stops them, and the rows go with them (nothing is watched that no one
// looks at: docs/threads-and-data-flow.md, "Table watches").
//
// Columns: Cluster, Namespace (namespaced types), the servers' columns (priority 0, and the
// wide ones with setWide(true); by name across clusters, in the order the first cluster gives
// them) without their Age, then Age, computed here from each object's creation time and kept
// current. Cells are the text kubectl reads (TableCellText). Sort keys (SortKeySource): numbers
// for integer and number columns and for Age, folded text otherwise.
//
// Threads: GUI thread only; the feeds' wake-ups arrive queued. Owns its rows (shared, immutable
// TableRows) and its feeds' consumer side; does not own the clusters.

#include "k8s/objects/tablerow.h"
#include "k8s/session/tablewatchfeed.h"
#include "models/keyedtablemodel.h"
#include "models/resourcecatalogmodel.h"
#include "models/sortkey.h"

#include <QList>
#include <QTimer>

#include <memory>
#include <vector>

namespace cubedesk::models {

class ClusterConnection;

struct ResourceTableRow {
    ClusterConnection *cluster = nullptr;
    QString key; ///< "namespace/name"
    std::shared_ptr<const k8s::TableRow> object;
    int watch = 0; ///< which of the model's watches it came from (its column mapping)
};

class ResourceTableModel final : public KeyedTableModel<ResourceTableRow>, public SortKeySource {
    Q_OBJECT
public:
    /// Where the rows of one cluster stand.
    struct ClusterStatus {
        ClusterConnection *cluster = nullptr;
        bool served = true; ///< false: the cluster does not serve the type
        k8s::WatchState state;
        int rows = 0;
    };

    explicit ResourceTableModel(QObject *parent = nullptr);
    ~ResourceTableModel() override;

    /// Lists and watches `type` on `clusters` (each at its own preferred version), in namespace
    /// `ns` ("" every namespace) with `labelSelector` (passed to the servers as it is). Stops
    /// whatever was open.
    void open(const ResourceTypeRef &type, const QList<ClusterConnection *> &clusters,
              const QString &ns = {}, const QString &labelSelector = {});
    /// Stops every watch and drops every row.
    void close();
    bool isOpen() const { return m_open.has_value(); }
    const std::optional<ResourceTypeRef> &type() const { return m_open; }
    const QString &namespaceScope() const { return m_namespace; }
    const QString &labelSelector() const { return m_selector; }
    /// Shows the wide columns (kubectl's -o wide) too.
    void setWide(bool wide);
    bool wide() const { return m_wide; }

    /// The collection row `row` came from (its cluster's version of the type).
    k8s::ResourceDescriptor resourceOf(int row) const;
    std::vector<ClusterStatus> statuses() const;
    /// Every cluster listed its rows and is watching.
    bool allLive() const;

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    SortKey sortKey(int row, int column) const override;
    /// The column showing the object's name (-1 before the columns are known).
    int nameColumn() const;
    int ageColumn() const { return columnCount() - 1; }

Q_SIGNALS:
    /// The statuses changed (a watch's state, a cluster's row count).
    void statusChanged();

private:
    struct Watch;
    /// Opens the table watch of m_watches[watch] when its cluster serves the type.
    void startWatch(int watch);
    void drain(int watch);
    void takeColumns(int watch);
    void rebuildColumns();
    int firstServerColumn() const { return m_open && m_open->namespaced ? 2 : 1; }
    /// The server column shown at model column `column` (a server column).
    const k8s::ServerTable::Column &shownColumn(int column) const {
        return m_columns[static_cast<std::size_t>(
            m_visible[static_cast<std::size_t>(column - firstServerColumn())])];
    }
    QString cellText(const ResourceTableRow &row, int column) const;

    std::optional<ResourceTypeRef> m_open;
    QString m_namespace;
    QString m_selector;
    bool m_wide = false;
    std::vector<std::unique_ptr<Watch>> m_watches;
    std::vector<k8s::ServerTable::Column> m_columns; ///< the union of the servers' columns but Age
    std::vector<int> m_visible;                      ///< m_columns indexes shown
    QTimer m_ageTicker;
};

} // namespace cubedesk::models
