#pragma once

#include "k8s/cube/drainplan.h"
#include "k8s/write/writerequest.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace cubedesk::k8s {

/// Reads what a DrainPlan is built from, without doing any I/O itself (the driver sends what
/// due() returns and hands the answers to answer(), like DrainRun): first each node and every
/// page of the pods on it, with every page of the disruption budgets; then the DaemonSet of each
/// DaemonSet pod (only a 404 makes it an orphan) and every page of each affected job's pods
/// (to count its replicas). A node that cannot be read, or whose pods cannot be listed, ends the
/// reading with error(); budgets that cannot be read (403 for many users) are budgetsError(),
/// and the plan then knows of none.
///
/// Not thread-safe: one driver thread.
class DrainInputReader final {
public:
    struct Step {
        std::uint64_t tag = 0;
        WriteRequest request;
    };

    DrainInputReader(std::vector<std::string> nodes, std::int64_t now);

    std::vector<Step> due();
    void answer(std::uint64_t tag, const WriteResult &result);
    bool finished() const;
    /// Why reading stopped ("" when it did not): `node "x": nodes "x" not found`.
    const std::string &error() const { return m_error; }
    /// Why the disruption budgets could not be read ("" when they were): the plan then knows of
    /// none, and the caller says so.
    const std::string &budgetsError() const { return m_budgetsError; }
    /// The inputs read (complete once finished() without error()).
    const DrainPlan::Inputs &inputs() const { return m_inputs; }

    /// The `metadata.continue` of a list page ("" for the last page or a malformed one).
    static std::string continueToken(const std::string &listJson);
    /// The number of items of a list page.
    static std::size_t itemCount(const std::string &listJson);

private:
    enum class Kind { Node, Pods, Budgets, DaemonSet, JobPods };
    struct Pending {
        std::uint64_t tag;
        Kind kind;
        std::string key;      ///< node, "ns/name" of the DaemonSet, "ns/kind/name" of the job
        std::string selector; ///< the job's pod selector
    };

    std::uint64_t track(Kind kind, std::string key, std::string selector = {});
    void secondPhase(std::vector<Step> &out);

    DrainPlan::Inputs m_inputs;
    std::vector<Pending> m_pending;
    std::vector<Step> m_queued;
    std::uint64_t m_nextTag = 1;
    int m_phase =
        0; ///< 0: not started, 1: nodes, pods and budgets, 2: DaemonSets and jobs, 3: done
    std::string m_error;
    std::string m_budgetsError;
    std::vector<std::string> m_daemonSets;
};

} // namespace cubedesk::k8s
