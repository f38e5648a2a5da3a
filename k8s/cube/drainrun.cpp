#include "k8s/cube/drainrun.h"

#include "k8s/write/drainwrites.h"

#include <algorithm>

#include <simdjson.h>

namespace cubedesk::k8s {

namespace {

bool serverDryRun(const DrainOptions &o) {
    return o.dryRun == DrainOptions::DryRun::Server;
}

std::string uidOf(const std::string &podJson) {
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    std::string_view uid;
    if (parser.parse(podJson).get(doc) != simdjson::SUCCESS ||
        doc["metadata"]["uid"].get(uid) != simdjson::SUCCESS)
        return {};
    return std::string(uid);
}

} // namespace

DrainRun::DrainRun(const DrainPlan &plan, const DrainOptions &options)
    : m_options(options) {
    m_options.nodeConcurrency = std::max(1, m_options.nodeConcurrency);
    for (const auto &n : plan.nodes) {
        m_nodes.push_back({n.name, NodeState::Waiting, {}});
        NodeRun run;
        run.refused = !n.refusals.empty();
        for (const auto &r : n.refusals)
            run.refusal += (run.refusal.empty() ? "" : "; ") + r;
        m_nodeRuns.push_back(std::move(run));
    }
    for (const auto &p : plan.pods) {
        PodProgress progress{p.ns, p.name, p.node, p.uid, PodState::Queued, {}, 0};
        PodRun run;
        run.wasTerminating = p.terminating;
        switch (p.action) {
        case DrainPlan::Action::Evict:
            run.evict = true;
            break;
        case DrainPlan::Action::SkipDaemonSet:
        case DrainPlan::Action::SkipMirror:
            progress.state = PodState::Skipped;
            progress.detail = p.warning;
            break;
        case DrainPlan::Action::Refuse:
            progress.state = PodState::Refused;
            progress.detail = p.refusal;
            break;
        }
        m_pods.push_back(std::move(progress));
        m_podRuns.push_back(run);
    }
}

bool DrainRun::terminal(PodState s) {
    switch (s) {
    case PodState::Gone:
    case PodState::DryRun:
    case PodState::Skipped:
    case PodState::Refused:
    case PodState::NotStarted:
    case PodState::Failed:
    case PodState::TimedOut:
    case PodState::Cancelled:
        return true;
    default:
        return false;
    }
}

bool DrainRun::terminal(NodeState s) {
    return s != NodeState::Waiting && s != NodeState::Cordoning && s != NodeState::Evicting;
}

std::uint64_t DrainRun::track(Kind kind, std::size_t index) {
    const std::uint64_t tag = m_nextTag++;
    m_pending.push_back({tag, kind, index});
    return tag;
}

void DrainRun::startNode(std::size_t node, Clock::time_point now, std::vector<Step> &out) {
    NodeProgress &n = m_nodes[node];
    if (m_options.dryRun == DrainOptions::DryRun::Client) {
        // Nothing is sent: the plan is the answer.
        const bool refused = m_nodeRuns[node].refused;
        for (std::size_t i = 0; i < m_pods.size(); ++i)
            if (m_pods[i].node == n.name && m_pods[i].state == PodState::Queued)
                m_pods[i].state = refused ? PodState::NotStarted : PodState::DryRun;
        n.state = refused ? NodeState::Refused : NodeState::Drained;
        n.detail = m_nodeRuns[node].refusal;
        return;
    }
    n.state = NodeState::Cordoning;
    out.push_back(
        {track(Kind::Cordon, node), DrainWrites::cordon(n.name, true, serverDryRun(m_options))});
    static_cast<void>(now);
}

std::vector<DrainRun::Step> DrainRun::due(Clock::time_point now) {
    std::vector<Step> out;
    // Nodes: start as many as the concurrency allows, one after another.
    const auto active = [this] {
        return std::count_if(m_nodes.begin(), m_nodes.end(), [](const NodeProgress &n) {
            return n.state == NodeState::Cordoning || n.state == NodeState::Evicting;
        });
    };
    for (std::size_t i = 0; i < m_nodes.size() && !m_cancelled; ++i)
        if (m_nodes[i].state == NodeState::Waiting && active() < m_options.nodeConcurrency)
            startNode(i, now, out);

    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        if (m_nodes[i].state != NodeState::Evicting)
            continue;
        const auto &deadline = m_nodeRuns[i].deadline;
        const bool late = deadline && now >= *deadline;
        for (std::size_t p = 0; p < m_pods.size(); ++p) {
            PodProgress &pod = m_pods[p];
            PodRun &run = m_podRuns[p];
            if (pod.node != m_nodes[i].name || terminal(pod.state) || run.inFlight)
                continue;
            if (late) {
                pod.state = PodState::TimedOut;
                continue;
            }
            if (now < run.next)
                continue;
            const bool asking = pod.state == PodState::Queued || pod.state == PodState::Blocked ||
                                pod.state == PodState::Retrying;
            if (asking && m_cancelled) {
                pod.state = PodState::Cancelled;
                continue;
            }
            run.inFlight = true;
            if (asking) {
                ++pod.attempts;
                pod.state = PodState::Evicting;
                out.push_back({track(Kind::Evict, p),
                               m_options.disableEviction
                                   ? DrainWrites::deletePod(pod.ns, pod.name, m_options.gracePeriod,
                                                            serverDryRun(m_options))
                                   : DrainWrites::evict(pod.ns, pod.name, m_options.gracePeriod,
                                                        serverDryRun(m_options))});
            } else if (pod.state == PodState::Terminating) {
                out.push_back({track(Kind::Poll, p), DrainWrites::getPod(pod.ns, pod.name)});
            } else {
                run.inFlight = false;
            }
        }
        finishNodeIfDone(i);
    }
    return out;
}

void DrainRun::answer(std::uint64_t tag, const WriteResult &result, Clock::time_point now) {
    const auto it = std::find_if(m_pending.begin(), m_pending.end(),
                                 [tag](const Pending &p) { return p.tag == tag; });
    if (it == m_pending.end())
        return;
    const Pending pending = *it;
    m_pending.erase(it);

    if (pending.kind == Kind::Cordon) {
        NodeProgress &n = m_nodes[pending.index];
        NodeRun &run = m_nodeRuns[pending.index];
        const auto stop = [&](PodState podState) {
            for (auto &p : m_pods)
                if (p.node == n.name && p.state == PodState::Queued)
                    p.state = podState;
        };
        if (!result.ok()) {
            n.state = NodeState::Failed;
            n.detail = "cannot cordon: " + result.error.message;
            stop(PodState::NotStarted);
        } else if (run.refused) {
            n.state = NodeState::Refused;
            n.detail = run.refusal;
            stop(PodState::NotStarted);
        } else if (m_cancelled) {
            n.state = NodeState::Cancelled;
            stop(PodState::Cancelled);
        } else {
            n.state = NodeState::Evicting;
            if (m_options.timeout.count() > 0)
                run.deadline = now + m_options.timeout;
        }
        finishNodeIfDone(pending.index);
        return;
    }

    PodProgress &pod = m_pods[pending.index];
    PodRun &run = m_podRuns[pending.index];
    run.inFlight = false;
    const ApiStatus &error = result.error;
    if (pending.kind == Kind::Evict) {
        if (result.ok()) {
            if (serverDryRun(m_options)) {
                pod.state = PodState::DryRun;
            } else {
                pod.state = PodState::Terminating;
                pod.detail.clear();
                run.next = now; // the first look at once, as kubectl's wait
            }
        } else if (error.code == 404) {
            pod.state = PodState::Gone;
        } else if (error.code == 429 && !m_options.disableEviction) {
            pod.state = PodState::Blocked;
            const std::string cause = error.causeMessage("DisruptionBudget");
            pod.detail = cause.empty() ? error.message : error.message + ' ' + cause;
            run.next = now + kRetryInterval;
        } else if (error.code == 403 && error.hasCause("NamespaceTerminating")) {
            if (run.wasTerminating) {
                pod.state = PodState::Terminating;
                run.next = now;
            } else {
                pod.state = PodState::Retrying;
                pod.detail = error.message;
                run.next = now + kRetryInterval;
            }
        } else {
            pod.state = PodState::Failed;
            pod.detail = error.message.empty() ? error.toString() : error.message;
        }
    } else { // Poll
        if (result.ok()) {
            if (!pod.uid.empty() && uidOf(result.body) != pod.uid)
                pod.state = PodState::Gone; // a new pod took the name
            else
                run.next = now + kPollInterval;
        } else if (error.code == 404) {
            pod.state = PodState::Gone;
        } else {
            pod.state = PodState::Failed;
            pod.detail = "waiting for it to go: " + error.message;
        }
    }
    for (std::size_t i = 0; i < m_nodes.size(); ++i)
        if (m_nodes[i].name == pod.node)
            finishNodeIfDone(i);
}

void DrainRun::finishNodeIfDone(std::size_t node) {
    NodeProgress &n = m_nodes[node];
    if (n.state != NodeState::Evicting)
        return;
    bool failed = false;
    bool timedOut = false;
    bool cancelled = false;
    for (std::size_t p = 0; p < m_pods.size(); ++p) {
        const PodProgress &pod = m_pods[p];
        if (pod.node != n.name)
            continue;
        if (!terminal(pod.state) || m_podRuns[p].inFlight)
            return;
        failed = failed || pod.state == PodState::Failed;
        timedOut = timedOut || pod.state == PodState::TimedOut;
        cancelled = cancelled || pod.state == PodState::Cancelled;
    }
    n.state = failed      ? NodeState::Failed
              : timedOut  ? NodeState::TimedOut
              : cancelled ? NodeState::Cancelled
                          : NodeState::Drained;
}

std::optional<DrainRun::Clock::time_point> DrainRun::nextWake() const {
    std::optional<Clock::time_point> wake;
    const auto consider = [&wake](Clock::time_point t) {
        if (!wake || t < *wake)
            wake = t;
    };
    const auto active = std::count_if(m_nodes.begin(), m_nodes.end(), [](const NodeProgress &n) {
        return n.state == NodeState::Cordoning || n.state == NodeState::Evicting;
    });
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        // A waiting node starts when there is room: now, or after an answer.
        if (m_nodes[i].state == NodeState::Waiting && !m_cancelled &&
            active < m_options.nodeConcurrency)
            consider(Clock::time_point::min());
        if (m_nodes[i].state != NodeState::Evicting)
            continue;
        if (m_nodeRuns[i].deadline)
            consider(*m_nodeRuns[i].deadline);
        for (std::size_t p = 0; p < m_pods.size(); ++p)
            if (m_pods[p].node == m_nodes[i].name && !terminal(m_pods[p].state) &&
                !m_podRuns[p].inFlight)
                consider(m_podRuns[p].next);
    }
    return wake;
}

void DrainRun::cancel() {
    m_cancelled = true;
    for (auto &n : m_nodes)
        if (n.state == NodeState::Waiting)
            n.state = NodeState::Cancelled;
    for (std::size_t p = 0; p < m_pods.size(); ++p) {
        PodProgress &pod = m_pods[p];
        const bool waiting = pod.state == PodState::Queued || pod.state == PodState::Blocked ||
                             pod.state == PodState::Retrying;
        if (waiting && !m_podRuns[p].inFlight)
            pod.state = PodState::Cancelled;
    }
    for (std::size_t i = 0; i < m_nodes.size(); ++i)
        finishNodeIfDone(i);
}

bool DrainRun::finished() const {
    return m_pending.empty() &&
           std::all_of(m_nodes.begin(), m_nodes.end(),
                       [](const NodeProgress &n) { return terminal(n.state); });
}

bool DrainRun::succeeded() const {
    return finished() && std::all_of(m_nodes.begin(), m_nodes.end(), [](const NodeProgress &n) {
               return n.state == NodeState::Drained;
           });
}

} // namespace cubedesk::k8s
