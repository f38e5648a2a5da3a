#pragma once

#include "k8s/cube/drainplan.h"
#include "k8s/write/writerequest.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cubedesk::k8s {

/// One drain as it runs, as `kubectl drain` runs it (docs/writes.md, "Drain"), without doing any
/// I/O itself: the driver asks due() for the requests to send now, sends them, and hands each
/// answer back with answer(); nextWake() says when to ask again. The window's controller and
/// `cubedesk --drain` are two drivers of this one implementation.
///
/// Per node, in order (at most `nodeConcurrency` nodes at once): cordon; a node the plan
/// refuses stops there (cordoned, nothing evicted); otherwise every pod the plan evicts is
/// evicted at once — 429 (a budget) is retried every 5 s with the budget's reason, a 403 for a
/// terminating namespace likewise, 404 means gone — and then polled every second until it is
/// gone (404, or a new pod under that name). The node's timeout ends its waiting with TimedOut.
/// Client dry-run sends nothing; server dry-run sends the cordon and the evictions with
/// dryRun=All and waits for nothing. cancel() stops every eviction not yet accepted (the nodes
/// stay cordoned; pods already terminating are followed until they are gone).
///
/// Not thread-safe: one driver thread.
class DrainRun final {
public:
    using Clock = std::chrono::steady_clock;

    enum class PodState {
        Queued,      ///< not asked yet
        Evicting,    ///< the eviction (or delete) is in flight
        Blocked,     ///< a disruption budget said no; retried
        Retrying,    ///< refused for another passing reason (a terminating namespace); retried
        Terminating, ///< accepted: waiting for the pod to go
        Gone,        ///< evicted
        DryRun,      ///< would be evicted (dry run)
        Skipped,     ///< left on the node (DaemonSet, mirror pod)
        Refused,     ///< needs an option the drain was not given
        NotStarted,  ///< its node was refused or could not be cordoned
        Failed,
        TimedOut,
        Cancelled,
    };
    enum class NodeState {
        Waiting,
        Cordoning,
        Evicting,
        Drained,
        Refused,
        Failed,
        TimedOut,
        Cancelled
    };

    struct PodProgress {
        std::string ns;
        std::string name;
        std::string node;
        std::string uid;
        PodState state = PodState::Queued;
        std::string detail; ///< the budget's reason, the error, the refusal
        int attempts = 0;
    };
    struct NodeProgress {
        std::string name;
        NodeState state = NodeState::Waiting;
        std::string detail;
    };
    struct Step {
        std::uint64_t tag = 0;
        WriteRequest request;
    };

    DrainRun(const DrainPlan &plan, const DrainOptions &options);

    /// The requests to send now (each answered once through answer()).
    std::vector<Step> due(Clock::time_point now);
    void answer(std::uint64_t tag, const WriteResult &result, Clock::time_point now);
    /// When due() may have something (a retry, a poll, a timeout; time_point::min() when a node
    /// can start at once); nullopt: only answers can. Compare it with now before subtracting.
    std::optional<Clock::time_point> nextWake() const;
    void cancel();
    bool finished() const;
    /// True when every node was drained (or would be, in a dry run).
    bool succeeded() const;

    const std::vector<NodeProgress> &nodes() const { return m_nodes; }
    const std::vector<PodProgress> &pods() const { return m_pods; }

    static constexpr std::chrono::seconds kRetryInterval{5}; ///< kubectl's eviction retry
    static constexpr std::chrono::seconds kPollInterval{1};  ///< kubectl's wait for deletion

    static bool terminal(PodState state);
    static bool terminal(NodeState state);

private:
    enum class Kind { Cordon, Evict, Poll };
    struct Pending {
        std::uint64_t tag;
        Kind kind;
        std::size_t index; ///< node (Cordon) or pod
    };
    struct PodRun {
        Clock::time_point next{};
        bool inFlight = false;
        bool wasTerminating = false;
        bool evict = false; ///< the plan evicts it
    };
    struct NodeRun {
        std::optional<Clock::time_point> deadline;
        bool refused = false;
        std::string refusal;
    };

    void startNode(std::size_t node, Clock::time_point now, std::vector<Step> &out);
    void finishNodeIfDone(std::size_t node);
    std::uint64_t track(Kind kind, std::size_t index);

    DrainOptions m_options;
    std::vector<NodeProgress> m_nodes;
    std::vector<NodeRun> m_nodeRuns;
    std::vector<PodProgress> m_pods;
    std::vector<PodRun> m_podRuns;
    std::vector<Pending> m_pending;
    std::uint64_t m_nextTag = 1;
    bool m_cancelled = false;
};

} // namespace cubedesk::k8s
