#include "app/cubedesk/draincommand.h"

#include "app/cubedesk/commandtarget.h"
#include "app/cubedesk/dumpprinter.h"
#include "k8s/cube/draininputreader.h"
#include "k8s/cube/drainplan.h"
#include "k8s/cube/drainrun.h"
#include "k8s/net/httptransport.h"
#include "k8s/session/writeexchange.h"

#include <atomic>
#include <csignal>
#include <ctime>
#include <iostream>

using namespace cubedesk::k8s;

namespace {

std::atomic<bool> g_interrupted{false};

extern "C" void onInterrupt(int) {
    g_interrupted.store(true);
}

int failWith(const std::string &line) {
    std::cerr << "cubedesk: " << line << std::endl;
    return 1;
}

const char *actionName(DrainPlan::Action a) {
    switch (a) {
    case DrainPlan::Action::Evict:
        return "evict";
    case DrainPlan::Action::SkipDaemonSet:
        return "skip-daemonset";
    case DrainPlan::Action::SkipMirror:
        return "skip-mirror";
    case DrainPlan::Action::Refuse:
        return "refused";
    }
    return "";
}

const char *stateName(DrainRun::PodState s) {
    using S = DrainRun::PodState;
    switch (s) {
    case S::Queued:
        return "queued";
    case S::Evicting:
        return "evicting";
    case S::Blocked:
        return "blocked";
    case S::Retrying:
        return "retrying";
    case S::Terminating:
        return "terminating";
    case S::Gone:
        return "evicted";
    case S::DryRun:
        return "dry-run";
    case S::Skipped:
        return "skipped";
    case S::Refused:
        return "refused";
    case S::NotStarted:
        return "not-started";
    case S::Failed:
        return "failed";
    case S::TimedOut:
        return "timed-out";
    case S::Cancelled:
        return "cancelled";
    }
    return "";
}

const char *nodeStateName(DrainRun::NodeState s) {
    using S = DrainRun::NodeState;
    switch (s) {
    case S::Waiting:
        return "waiting";
    case S::Cordoning:
        return "cordoning";
    case S::Evicting:
        return "evicting";
    case S::Drained:
        return "drained";
    case S::Refused:
        return "refused";
    case S::Failed:
        return "failed";
    case S::TimedOut:
        return "timed-out";
    case S::Cancelled:
        return "cancelled";
    }
    return "";
}

/// Progress lines on stderr, one per change, as kubectl prints them where it has one.
class ProgressPrinter {
public:
    explicit ProgressPrinter(bool dryRun)
        : m_suffix(dryRun ? " (dry run)" : "") {}

    void update(const DrainRun &run) {
        const auto &nodes = run.nodes();
        m_nodes.resize(nodes.size(), DrainRun::NodeState::Waiting);
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            if (nodes[i].state == m_nodes[i])
                continue;
            m_nodes[i] = nodes[i].state;
            const std::string node = "node/" + nodes[i].name;
            switch (nodes[i].state) {
            case DrainRun::NodeState::Evicting:
                std::cerr << node << " cordoned" << m_suffix << '\n';
                break;
            case DrainRun::NodeState::Drained:
                std::cerr << node << " drained" << m_suffix << '\n';
                break;
            case DrainRun::NodeState::Waiting:
            case DrainRun::NodeState::Cordoning:
                break;
            case DrainRun::NodeState::Refused:
                // Cordoned first, as kubectl does, then refused.
                std::cerr << node << " cordoned" << m_suffix << '\n';
                [[fallthrough]];
            default:
                std::cerr << node << ' ' << nodeStateName(nodes[i].state)
                          << (nodes[i].detail.empty() ? "" : ": " + nodes[i].detail) << '\n';
            }
        }
        const auto &pods = run.pods();
        m_pods.resize(pods.size(), {DrainRun::PodState::Queued, 0});
        for (std::size_t i = 0; i < pods.size(); ++i) {
            const auto &p = pods[i];
            auto &[state, attempts] = m_pods[i];
            if (p.state == state && p.attempts == attempts)
                continue;
            const bool again = p.attempts != attempts;
            state = p.state;
            attempts = p.attempts;
            const std::string pod = p.ns + '/' + p.name;
            switch (p.state) {
            case DrainRun::PodState::Evicting:
                if (again && p.attempts == 1)
                    std::cerr << "evicting pod " << pod << m_suffix << '\n';
                break;
            case DrainRun::PodState::Blocked:
            case DrainRun::PodState::Retrying:
                std::cerr << "cannot evict " << pod << " yet (will retry after 5s): " << p.detail
                          << '\n';
                break;
            case DrainRun::PodState::Gone:
                std::cerr << "pod/" << p.name << " evicted\n";
                break;
            case DrainRun::PodState::Failed:
            case DrainRun::PodState::TimedOut:
                std::cerr << "pod " << pod << ' ' << stateName(p.state)
                          << (p.detail.empty() ? "" : ": " + p.detail) << '\n';
                break;
            default:
                break;
            }
        }
        std::cerr.flush();
    }

private:
    std::string m_suffix;
    std::vector<DrainRun::NodeState> m_nodes;
    std::vector<std::pair<DrainRun::PodState, int>> m_pods;
};

} // namespace

int DrainCommand::run(const Options &o) {
    if (o.nodes.isEmpty())
        return failWith("--drain needs at least one node");
    auto settings = CommandTarget::settings(o.kubeconfigs, o.context);
    if (!settings)
        return failWith(settings.error());
    const std::string contextName =
        CommandTarget::contextName(o.kubeconfigs, o.context).toStdString();
    HttpTransport transport(std::move(*settings));

    // What kubectl drain reads, and what the plan needs besides.
    std::vector<std::string> nodes;
    for (const QString &n : o.nodes)
        nodes.push_back(n.toStdString());
    DrainInputReader reader(nodes, static_cast<std::int64_t>(std::time(nullptr)));
    std::size_t reading = 0;
    while (!reader.finished()) {
        for (auto &step : reader.due()) {
            ++reading;
            const std::uint64_t tag = step.tag;
            WriteExchange::start(transport, step.request,
                                 [&reader, &reading, tag](const WriteResult &r) {
                                     --reading;
                                     reader.answer(tag, r);
                                 });
        }
        if (!reader.finished())
            transport.perform(std::chrono::milliseconds(100));
    }
    while (reading > 0)
        transport.perform(std::chrono::milliseconds(100));
    if (!reader.error().empty())
        return failWith(reader.error());
    if (!reader.budgetsError().empty())
        std::cerr << "cubedesk: the disruption budgets cannot be read (" << reader.budgetsError()
                  << "): the plan does not know which will block\n";

    DrainOptions options;
    options.ignoreDaemonSets = o.ignoreDaemonSets;
    options.deleteEmptyDirData = o.deleteEmptyDirData;
    options.force = o.force;
    options.disableEviction = o.disableEviction;
    options.gracePeriod = o.gracePeriod;
    options.timeout = std::chrono::seconds(o.timeoutSeconds);
    options.dryRun = o.dryRun         ? DrainOptions::DryRun::Client
                     : o.serverDryRun ? DrainOptions::DryRun::Server
                                      : DrainOptions::DryRun::None;
    options.nodeConcurrency = o.concurrency;
    const DrainPlan plan = DrainPlan::build(reader.inputs(), options);
    for (const auto &e : plan.errors)
        return failWith(e);
    for (const auto &n : plan.nodes) {
        for (const auto &w : n.warnings)
            std::cerr << "Warning: node/" << n.name << ": " << w << '\n';
        for (const auto &r : n.refusals)
            std::cerr << "node/" << n.name << ": cannot delete " << r << '\n';
    }
    for (const auto &b : plan.budgets)
        if (b.blocks)
            std::cerr << "budget " << b.ns << '/' << b.name << " allows " << b.disruptionsAllowed
                      << " disruption(s) now and " << b.toEvict
                      << " of its pods are to be evicted: evictions will wait\n";
    for (const auto &j : plan.jobs)
        std::cerr << j.kind << ' ' << j.ns << '/' << j.name << " loses " << j.replicasHere << " of "
                  << j.replicasTotal << " replica(s) here (" << j.gpusHere << " GPU(s))\n";

    // The run: this thread drives it; Ctrl+C cancels what has not started.
    g_interrupted.store(false);
    const auto previous = std::signal(SIGINT, onInterrupt);
    DrainRun run(plan, options);
    ProgressPrinter progress(options.dryRun != DrainOptions::DryRun::None);
    std::size_t inFlight = 0;
    bool cancelled = false;
    while (!run.finished() || inFlight > 0) {
        if (g_interrupted.load() && !cancelled) {
            cancelled = true;
            std::cerr << "cubedesk: cancelled: no further evictions; the nodes stay cordoned\n";
            run.cancel();
        }
        const auto now = DrainRun::Clock::now();
        for (auto &step : run.due(now)) {
            ++inFlight;
            const std::uint64_t tag = step.tag;
            WriteExchange::start(transport, step.request,
                                 [&run, &inFlight, tag](const WriteResult &r) {
                                     --inFlight;
                                     run.answer(tag, r, DrainRun::Clock::now());
                                 });
        }
        progress.update(run);
        if (run.finished() && inFlight == 0)
            break;
        auto wait = std::chrono::milliseconds(200);
        if (const auto wake = run.nextWake(); wake && *wake <= now)
            wait = std::chrono::milliseconds(0);
        else if (wake)
            wait =
                std::min(wait, std::chrono::duration_cast<std::chrono::milliseconds>(*wake - now));
        transport.perform(wait);
    }
    std::signal(SIGINT, previous);
    progress.update(run);

    std::vector<DumpRow> rows;
    for (std::size_t i = 0; i < plan.pods.size(); ++i) {
        const auto &p = plan.pods[i];
        const auto &r = run.pods()[i];
        DumpRow row;
        row.set("context", contextName)
            .set("node", p.node)
            .set("namespace", p.ns)
            .set("pod", p.name)
            .set("action", std::string(actionName(p.action)))
            .set("outcome", std::string(stateName(r.state)))
            .set("attempts", static_cast<std::int64_t>(r.attempts))
            .set("gpus", static_cast<std::int64_t>(p.gpus))
            .set("job", p.jobKind.empty() ? std::string() : p.jobKind + '/' + p.jobName)
            .set("budget", p.budget)
            .set("detail",
                 r.detail.empty() ? (p.refusal.empty() ? p.warning : p.refusal) : r.detail);
        rows.push_back(std::move(row));
    }
    DumpPrinter::print(rows, o.format);
    return run.succeeded() ? 0 : 1;
}
