#pragma once

#include "k8s/write/writerequest.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cubedesk::k8s {

/// One label change: set `key` to `value`, or remove it when `value` is nullopt.
struct LabelEdit {
    std::string key;
    std::optional<std::string> value;
};

/// The writes CubeDesk makes to nodes and the access checks before them (docs/writes.md):
/// label patches as JSON merge patches that carry the object's resourceVersion, so a node that
/// changed since the user looked gets 409 Conflict instead of being overwritten blindly;
/// cordon/uncordon; delete; SelfSubjectAccessReview. Builders are pure functions.
class NodeWrites final {
public:
    static WriteRequest labels(const std::string &node, const std::vector<LabelEdit> &edits,
                               const std::string &resourceVersion);
    static WriteRequest cordon(const std::string &node, bool unschedulable,
                               const std::string &resourceVersion = {});
    /// One taint as written to spec.taints (value "" is left out).
    struct Taint {
        std::string key;
        std::string value;
        std::string effect;
    };
    /// Replaces spec.taints with `taints` (a merge patch replaces lists whole; none: null),
    /// guarded by the node's resourceVersion.
    static WriteRequest taints(const std::string &node, const std::vector<Taint> &taints,
                               const std::string &resourceVersion);
    static WriteRequest get(const std::string &node);
    /// GET of any full object (YAML views, re-reads); paths as for remove().
    static WriteRequest getObject(const std::string &collectionPath, const std::string &ns,
                                  const std::string &name);
    /// DELETE of any object; `collectionPath` as in ResourceDescriptor ("/api/v1/pods").
    static WriteRequest remove(const std::string &collectionPath, const std::string &ns,
                               const std::string &name);
    /// "may I <verb> <resource>[/<subresource>] in <group> (and namespace, and object)?"
    static WriteRequest accessReview(const std::string &verb, const std::string &group,
                                     const std::string &resource, const std::string &ns = {},
                                     const std::string &subresource = {},
                                     const std::string &name = {});
    /// The allowed flag of a SelfSubjectAccessReview answer (false when it failed).
    static bool allowed(const WriteResult &result);
    /// metadata.labels and metadata.resourceVersion of an object body (a re-read after 409).
    static std::optional<std::pair<std::map<std::string, std::string>, std::string>>
    labelsOf(const std::string &objectJson);
};

} // namespace cubedesk::k8s
