#pragma once

#include "k8s/write/writerequest.h"

#include <optional>
#include <string>

namespace cubedesk::k8s {

/// The requests of a node drain, as `kubectl drain` sends them (docs/writes.md, "Drain"): the
/// pods on a node (all namespaces, field selector, pages of 500), the disruption budgets, a
/// DaemonSet's existence, the cordon, the policy/v1 Eviction (or a DELETE with
/// --disable-eviction) with the grace period when one is given, and the GET that waits for a
/// pod to go. `serverDryRun` adds dryRun=All, so the server checks everything and changes
/// nothing. Builders are pure functions.
class DrainWrites final {
public:
    static WriteRequest podsOnNode(const std::string &node, const std::string &continueToken = {});
    static WriteRequest budgets(const std::string &continueToken = {});
    static WriteRequest daemonSet(const std::string &ns, const std::string &name);
    /// The cordon (or uncordon) as a strategic merge patch of spec.unschedulable.
    static WriteRequest cordon(const std::string &node, bool unschedulable, bool serverDryRun);
    static WriteRequest evict(const std::string &ns, const std::string &pod,
                              std::optional<int> gracePeriodSeconds, bool serverDryRun);
    static WriteRequest deletePod(const std::string &ns, const std::string &pod,
                                  std::optional<int> gracePeriodSeconds, bool serverDryRun);
    static WriteRequest getPod(const std::string &ns, const std::string &pod);
};

} // namespace cubedesk::k8s
