#pragma once

#include "k8s/write/writerequest.h"

#include <map>
#include <optional>
#include <string>

namespace cubedesk::k8s {

/// Requests on ResourceQuotas (Quotas pane). Pure functions.
class QuotaWrites final {
public:
    /// A merge patch of spec.hard: each entry sets a resource's hard value (a Kubernetes
    /// quantity, already validated) or, when nullopt, removes it. `resourceVersion` goes into
    /// the patch as a precondition: the server answers 409 when the quota changed meanwhile.
    static WriteRequest setHard(const std::string &ns, const std::string &name,
                                const std::string &resourceVersion,
                                const std::map<std::string, std::optional<std::string>> &hard);
};

} // namespace cubedesk::k8s
