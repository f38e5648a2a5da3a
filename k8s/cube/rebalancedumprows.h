#pragma once

// RebalanceDumpRows: the rows of `cubedesk --dump rebalance` — per cluster (in the order
// given, as the platform walks CLUSTERS), the moves RebalancePlanner proposes for `runs`
// successive runs of adjust_node_resource, in order: the first row of a cluster is the move one
// run of the rule would make there (and the first row of all is the move one run over every
// cluster makes, since the platform stops at its first move). Fields: cluster, run, device,
// reason (balance | pending), node, node_ip, from_org, to_org, pod (pending moves), pod_fits,
// from_ratio_before, from_ratio_after, to_ratio_before, to_ratio_after (fractions, 4 decimals),
// explanation.
//
// notes() gives one line per cluster that proposes fewer than `runs` moves, saying why (no
// gap, the platform would fail, ...).
//
// Pure functions; any thread.

#include "k8s/cube/dumprow.h"
#include "k8s/cube/dumprows.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cubedesk::k8s {

class RebalanceDumpRows final {
public:
    RebalanceDumpRows() = delete;

    static constexpr int kRuns = 5;

    static std::vector<DumpRow> rows(const std::vector<ClusterSnapshot> &clusters, std::int64_t now,
                                     int runs = kRuns);
    static std::vector<std::string> notes(const std::vector<ClusterSnapshot> &clusters,
                                          std::int64_t now, int runs = kRuns);
};

} // namespace cubedesk::k8s
