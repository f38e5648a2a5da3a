#include "k8s/cube/rebalancedumprows.h"

#include "k8s/cube/rebalanceplanner.h"

#include <cmath>

namespace cubedesk::k8s {

namespace {

RebalancePlanner::Result planFor(const ClusterSnapshot &c, std::int64_t now, int runs) {
    std::vector<std::shared_ptr<const Node>> nodes;
    for (const auto &o : c.nodes)
        if (o && o->kind() == ObjectKind::Node)
            nodes.push_back(std::static_pointer_cast<const Node>(o));
    std::vector<std::shared_ptr<const Pod>> pods;
    for (const auto &o : c.pods)
        if (o && o->kind() == ObjectKind::Pod)
            pods.push_back(std::static_pointer_cast<const Pod>(o));
    RebalancePlanner::Options options;
    options.now = now;
    options.runs = runs;
    return RebalancePlanner::plan(nodes, pods, options);
}

double rounded(double ratio) {
    return std::round(ratio * 10000.0) / 10000.0;
}

} // namespace

std::vector<DumpRow> RebalanceDumpRows::rows(const std::vector<ClusterSnapshot> &clusters,
                                             std::int64_t now, int runs) {
    std::vector<DumpRow> out;
    for (const auto &c : clusters) {
        const auto result = planFor(c, now, runs);
        for (const auto &m : result.moves) {
            const bool pending = m.reason == RebalancePlanner::Reason::PendingPod;
            DumpRow row;
            row.set("cluster", c.name)
                .set("run", std::int64_t{m.run})
                .set("device", std::string(RebalancePlanner::deviceName(m.device)))
                .set("reason", std::string(RebalancePlanner::reasonName(m.reason)))
                .set("node", m.node)
                .set("node_ip", m.nodeIp)
                .set("from_org", m.fromOrg)
                .set("to_org", m.toOrg)
                .set("pod", m.pendingPod)
                .set("pod_fits", std::string(pending ? (m.podWouldFit ? "yes" : "no") : ""))
                .set("from_ratio_before", rounded(m.fromBefore.ratio()))
                .set("from_ratio_after", rounded(m.fromAfter.ratio()))
                .set("to_ratio_before", rounded(m.toBefore.ratio()))
                .set("to_ratio_after", rounded(m.toAfter.ratio()))
                .set("explanation", m.explanation);
            out.push_back(std::move(row));
        }
    }
    return out;
}

std::vector<std::string> RebalanceDumpRows::notes(const std::vector<ClusterSnapshot> &clusters,
                                                  std::int64_t now, int runs) {
    std::vector<std::string> out;
    for (const auto &c : clusters) {
        const auto result = planFor(c, now, runs);
        if (!result.stopped.empty())
            out.push_back("cluster \"" + c.name + "\": after " +
                          std::to_string(result.moves.size()) + " move(s): " + result.stopped);
    }
    return out;
}

} // namespace cubedesk::k8s
