#pragma once
// RunningPodModel: the overall-resources page's running-pods table (docs/platform.md) — every
// pod that holds resources, of every cluster the hub knows, one flat table:
// cluster, project, resource group, namespace, pod, user, node, CPU, memory and GPU requests,
// start time. A pod holds resources when it is Running, or Pending and bound / PodScheduled=True
// (ClusterAccounting's rule, in every namespace). CPU and memory are the effective requests, or
// the limit when the request is 0 (as the platform's page shows notebooks that request nothing);
// GPUs are whole devices (DumpRows::gpuResourceNames), MIG slices and vGPU shares are listed in
// the GPU cell's tooltip.
//
// Loading: every pod at once in the constructor, or in slices of kLoadSlice per event-loop turn
// (InitialLoad::InSlices: the Overview builds the table when it is shown, from 150,000 pods).
//
// Updates: ClusterChange's pod key lists, per batch — removals as contiguous runs (highest
// first), then changed rows as coalesced dataChanged ranges, then new rows as one insert run at
// the end; a cluster removed drops its rows as runs. Never a reset. A batch costs O(changed pods)
// hash look-ups plus one O(rows) renumbering pass of an int vector when rows were removed.
// Scope, sorting and filtering are SortFilterIndex's job; RunningPodFilter is the filter box's
// predicate. Every sort key is a number: text columns answer RunningPodOrder labels (pod names per
// row, other texts per distinct value), so 150,000 rows sort like numbers, with no key strings to
// build. When a label order runs out of room and relabels, dataChanged over the column's rows
// follows (rare).
//
// Memory: 112 bytes per row (the row vector grows by a quarter: at most 25 % spare), ~80 of index
// (a hash node keyed by views into the pod), ~50 of name order and 4 of slot table; repeating texts
// are interned once per model.
//
// Threads: GUI thread only. Reads the hub's connections and shares their immutable pods; owns its
// rows and interned texts.

#include "k8s/api/stringkeymap.h"
#include "models/runningpodorder.h"
#include "models/runningpodrow.h"
#include "models/sortkey.h"

#include <QAbstractTableModel>

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace cubedesk::models {

class ClusterHub;
class ClusterConnection;
struct ClusterChange;

class RunningPodModel final : public QAbstractTableModel, public SortKeySource {
    Q_OBJECT
public:
    enum Column {
        ClusterColumn,
        ProjectColumn,
        OrgColumn,
        NamespaceColumn,
        PodColumn,
        UserColumn,
        NodeColumn,
        CpuColumn,
        MemoryColumn,
        GpusColumn,
        StartColumn,
        ColumnCount
    };

    /// How the constructor takes in the pods the hub's clusters already have.
    enum class InitialLoad {
        AtOnce,   ///< all of them, in the constructor
        InSlices, ///< kLoadSlice pods in the constructor, then as many per event-loop turn
                  ///< (loading() until done), so that opening a pane over 150,000 pods never
                  ///< stalls the window; changes meanwhile are applied as usual
    };
    static constexpr std::size_t kLoadSlice = 10000;

    explicit RunningPodModel(ClusterHub *hub, QObject *parent = nullptr,
                             InitialLoad load = InitialLoad::AtOnce);
    ~RunningPodModel() override;

    /// The platform's rule: Running, or Pending and bound / PodScheduled=True.
    static bool holdsResources(const k8s::Pod &pod);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    SortKey sortKey(int row, int column) const override;

    const RunningPodRow &row(int row) const { return m_rows[static_cast<std::size_t>(row)]; }
    /// The initial load (InSlices) is still taking pods in.
    bool loading() const { return !m_pendingLoads.empty(); }
    /// The row of the pod "namespace/name" of `cluster`, -1 when it is not in the table.
    int rowOf(const ClusterConnection *cluster, std::string_view podKey) const;

    /// "0.25", "4", "128": cores with at most two decimals.
    static QString formatCores(std::int64_t milli);
    /// "512 Mi", "1.5 Gi", "16 Gi": binary units, at most one decimal.
    static QString formatBytes(std::int64_t bytes);

Q_SIGNALS:
    /// The initial load (InSlices) has taken in every pod.
    void loaded();

private:
    /// Pods of a cluster still to be taken in by the initial load: keys, since the store's map
    /// changes between slices (a pod gone by then is skipped, one changed is read as it is).
    struct PendingLoad {
        ClusterConnection *cluster = nullptr;
        std::vector<std::string> keys;
        std::size_t next = 0;
    };
    struct Key {
        const ClusterConnection *cluster;
        std::string_view ns; ///< views into the row's pod (or the change's key for look-ups)
        std::string_view name;
        bool operator==(const Key &) const = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key &k) const;
    };

    void clusterChanged(ClusterConnection *cluster, const ClusterChange &change);
    /// Takes in up to `budget` pods of the pending initial load; schedules the next slice or
    /// says loaded().
    void loadSlice(std::size_t budget);
    void removeCluster(ClusterConnection *cluster);
    /// Fills `r` from `pod` (texts interned); keeps r.slot.
    void fill(RunningPodRow &r, ClusterConnection *cluster, const PodPtr &pod);
    const RunningPodText *intern(std::string_view text);
    static Key keyOf(const ClusterConnection *cluster, std::string_view podKey);
    static Key keyOf(const RunningPodRow &r);
    /// Removes `rows` (any order, unique) as contiguous runs, highest first.
    void removeRows(std::vector<int> rows);
    void emitChanged(std::vector<int> rows);
    std::uint32_t takeSlot();
    /// The pod name of the row in `slot` (for the name order).
    std::string_view nameOf(std::uint32_t slot) const;
    /// dataChanged over every row for columns [first, last] (after a relabel).
    void emitColumnsChanged(int first, int last);

    std::vector<RunningPodRow> m_rows;
    std::unordered_map<Key, std::uint32_t, KeyHash> m_index; ///< key → slot
    std::vector<int> m_slotRow;                              ///< slot → row, -1 when free
    std::vector<std::uint32_t> m_freeSlots;
    /// Interned texts; node-based, so the rows' pointers stay valid as it grows.
    k8s::StringKeyMap<RunningPodText> m_texts;
    std::vector<QString> m_folded; ///< distinct folded texts, by order id
    std::unordered_map<QString, std::uint32_t> m_foldedIds;
    RunningPodOrder m_textOrder; ///< over m_folded
    RunningPodOrder m_podOrder;  ///< over row slots, by pod name
    bool m_textsRelabelled = false;
    std::vector<PendingLoad> m_pendingLoads;
};

} // namespace cubedesk::models
