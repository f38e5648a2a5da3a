#pragma once

// LabelEditPlan: one confirmation for a label edit applied to many nodes (docs/writes.md: bulk
// writes that can be undone).
//
// Input: the nodes as the user saw them (name, resourceVersion, current labels) and the edits
// (LabelEdit: set a key to a value, or remove it). Output:
//   * per node, the diff lines that would really change something (no-op edits — setting a label
//     to the value it already has, removing an absent label — are skipped), sorted by key;
//   * the nodes where nothing changes;
//   * validation errors: every key and value checked by LabelRules, an edit that names the same
//     key twice, a node listed twice. Any error blocks the whole plan: changes() and
//     unchanged() are then empty and there is nothing to write;
//   * per node, the label patch (NodeWrites::labels with only the effective edits and the node's
//     resourceVersion, so a node changed since the user looked answers 409) and the inverse
//     edits that undo it (old values restored, added keys removed);
//   * summary(): one line for the confirmation dialog and the result report.
//
// A pure value built by build(); any thread may read it.

#include "k8s/write/nodewrites.h"
#include "k8s/write/writerequest.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cubedesk::k8s {

/// A node's labels as the user saw them.
struct NodeLabels {
    std::string node;
    std::string resourceVersion;
    std::map<std::string, std::string> labels;
};

/// One label that changes on one node.
struct LabelDiff {
    enum class Kind { Added, Changed, Removed };
    std::string key;
    std::optional<std::string> oldValue; ///< nullopt for Added
    std::optional<std::string> newValue; ///< nullopt for Removed
    Kind kind = Kind::Added;

    bool operator==(const LabelDiff &) const = default;
};

/// What the plan does to one node.
struct NodeLabelChange {
    std::string node;
    std::string resourceVersion;
    std::vector<LabelDiff> diffs;   ///< by key
    std::vector<LabelEdit> edits;   ///< the effective edits, by key
    std::vector<LabelEdit> inverse; ///< undoes `edits`, by key
    WriteRequest request;           ///< NodeWrites::labels(node, edits, resourceVersion)

    /// The patch that undoes this change, guarded by the resourceVersion the node has after the
    /// write (from the write's answer), so an undo never overwrites a later change blindly.
    WriteRequest undoRequest(const std::string &resourceVersionAfterWrite) const;
};

class LabelEditPlan final {
public:
    static LabelEditPlan build(const std::vector<NodeLabels> &nodes,
                               const std::vector<LabelEdit> &edits);

    /// True when there are no validation errors (the plan may still change nothing).
    bool ok() const { return m_errors.empty(); }
    const std::vector<std::string> &errors() const { return m_errors; }
    /// The nodes that change, in input order.
    const std::vector<NodeLabelChange> &changes() const { return m_changes; }
    /// The nodes where every edit is a no-op, in input order.
    const std::vector<std::string> &unchanged() const { return m_unchanged; }
    /// One patch per changing node, in input order; empty when the plan is blocked.
    std::vector<WriteRequest> requests() const;

    /// "3 nodes: org vision → speech; gpu-type A100 added on 1". Groups equal diff lines across
    /// nodes, in the order of the edits; "on N" is left out when a line holds for every changing
    /// node. Also "nothing to change on 2 nodes", or "blocked: <first error>".
    std::string summary() const;

    /// `labels` with `edits` applied in order (what the API server does with the merge patch).
    static std::map<std::string, std::string> apply(std::map<std::string, std::string> labels,
                                                    const std::vector<LabelEdit> &edits);

private:
    std::vector<std::string> m_errors;
    std::vector<NodeLabelChange> m_changes;
    std::vector<std::string> m_unchanged;
    std::vector<std::string> m_editOrder; ///< keys in the order the edits named them
};

} // namespace cubedesk::k8s
