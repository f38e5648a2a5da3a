#pragma once
// RunningPodOrder: order-maintenance labels for RunningPodModel's text columns — a 64-bit number
// per item such that the numbers sort as the items do, so SortFilterIndex sorts names and other
// texts as numbers: no key strings to allocate per row, no text compares on ties. (A sort of
// 150,000 pod rows by name or by a column of few distinct values — namespace, user — costs about
// what a sort by a number costs.)
//
// Items are small integer ids the caller owns (a pod row's slot, an interned text's id); their
// order is the caller's `less` (ties are broken by id, so equal items still get distinct labels).
// insert() labels a batch of new ids: each run of new ids that falls into one gap between old
// neighbours is spread evenly over that gap (runs at the end advance in steps of 2^32, so ids that
// arrive in order do not halve the room each time). Only when a gap has no room left are all the
// labels reassigned, evenly spaced, and insert() says so: the caller must then treat every label
// it handed out as changed (RunningPodModel emits dataChanged for the column). Labels never change
// otherwise.
//
// Cost: O(log n) comparisons per inserted or erased id (a balanced tree of ids), O(n) for a
// relabel; ~50 bytes per id.
//
// Threads: the owner's only. `less` is called during insert() and erase() only, with ids that are
// in the order (and the one being inserted or erased), so it must be able to compare them then.

#include <cstdint>
#include <functional>
#include <set>
#include <vector>

namespace cubedesk::models {

class RunningPodOrder final {
public:
    using Id = std::uint32_t;
    using Less = std::function<bool(Id a, Id b)>;

    explicit RunningPodOrder(Less less);
    RunningPodOrder(const RunningPodOrder &) = delete;
    RunningPodOrder &operator=(const RunningPodOrder &) = delete;

    /// Adds `ids` (none of them present) and labels them. Returns true when every label in the
    /// order was reassigned to make room.
    bool insert(const std::vector<Id> &ids);
    void erase(Id id);
    bool contains(Id id) const;
    /// The label of `id` as a signed number that sorts like the label (for SortKey::ofNumber).
    std::int64_t key(Id id) const {
        return static_cast<std::int64_t>(m_labels[id] ^ (std::uint64_t(1) << 63));
    }
    std::size_t size() const { return m_set.size(); }
    /// How many times every label was reassigned (tests, benchmarks).
    int relabels() const { return m_relabels; }

private:
    struct Compare {
        const RunningPodOrder *order;
        bool operator()(Id a, Id b) const;
    };
    void relabelAll();

    Less m_less;
    std::set<Id, Compare> m_set;
    std::vector<std::uint64_t> m_labels; ///< by id
    std::vector<char> m_present;         ///< by id
    int m_relabels = 0;
};

} // namespace cubedesk::models
