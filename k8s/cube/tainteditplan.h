#pragma once

// TaintEditPlan: one confirmation for a taint edit on one or many nodes (docs/writes.md,
// "Taints"). GPU pools are often tainted (nvidia.com/gpu=present:NoSchedule) so that only pods
// that tolerate it land there; maintenance adds NoExecute taints.
//
// Input: the nodes as the user saw them (name, resourceVersion, taints) and the edits — set the
// taint (key, effect) to a value (added, or its value changed), or remove it. A taint is
// identified by key and effect, as the API server does. Output:
//   * per node, the diff lines that really change something (no-op edits skipped);
//   * the nodes where nothing changes;
//   * validation errors — a key or value that is not a valid label key or value, an effect other
//     than NoSchedule, PreferNoSchedule or NoExecute, the same taint edited twice, a node listed
//     twice; any error blocks the whole plan (no changes, nothing to write);
//   * per node, the patch that replaces spec.taints with the new list, guarded by the node's
//     resourceVersion (a node changed since the user looked answers 409), and the one that
//     restores the old list (undo).
//
// A pure value built by build(); any thread may read it.

#include "k8s/write/nodewrites.h"
#include "k8s/write/writerequest.h"

#include <optional>
#include <string>
#include <vector>

namespace cubedesk::k8s {

using NodeTaint = NodeWrites::Taint;

/// A node's taints as the user saw them.
struct NodeTaints {
    std::string node;
    std::string resourceVersion;
    std::vector<NodeTaint> taints;
};

/// Set taint (key, effect) to `value`, or remove it when `value` is nullopt.
struct TaintEdit {
    std::string key;
    std::string effect;
    std::optional<std::string> value;
};

/// One taint that changes on one node.
struct TaintDiff {
    enum class Kind { Added, Changed, Removed };
    std::string key;
    std::string effect;
    std::optional<std::string> oldValue; ///< nullopt for Added
    std::optional<std::string> newValue; ///< nullopt for Removed
    Kind kind = Kind::Added;
};

/// What the plan does to one node.
struct NodeTaintChange {
    std::string node;
    std::string resourceVersion;
    std::vector<TaintDiff> diffs;
    std::vector<NodeTaint> before;
    std::vector<NodeTaint> after;
    WriteRequest request; ///< NodeWrites::taints(node, after, resourceVersion)

    /// Restores `before`, guarded by the resourceVersion the node has after the write.
    WriteRequest undoRequest(const std::string &resourceVersionAfterWrite) const;
};

class TaintEditPlan final {
public:
    static TaintEditPlan build(const std::vector<NodeTaints> &nodes,
                               const std::vector<TaintEdit> &edits);

    bool ok() const { return m_errors.empty(); }
    const std::vector<std::string> &errors() const { return m_errors; }
    const std::vector<NodeTaintChange> &changes() const { return m_changes; }
    const std::vector<std::string> &unchanged() const { return m_unchanged; }
    std::vector<WriteRequest> requests() const;

    /// "key=value:Effect" (or "key:Effect" without a value), as kubectl writes a taint.
    static std::string format(const std::string &key, const std::optional<std::string> &value,
                              const std::string &effect);
    static const std::vector<std::string> &effects();

private:
    std::vector<std::string> m_errors;
    std::vector<NodeTaintChange> m_changes;
    std::vector<std::string> m_unchanged;
};

} // namespace cubedesk::k8s
