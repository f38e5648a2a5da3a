#include "k8s/cube/rebalanceplanner.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <string_view>
#include <unordered_map>

namespace cubedesk::k8s {

namespace {

using Amounts = std::map<std::string, std::int64_t, std::less<>>;
using Device = RebalancePlanner::Device;
using OrgRatio = RebalancePlanner::OrgRatio;
using Standing = RebalancePlanner::Standing;

constexpr std::int64_t kPendingAfterSeconds = 300;
constexpr double kGap = 0.2;

// A candidate node as the task keeps it, plus what the multi-run preview needs.
struct Candidate {
    std::string name;
    std::string ip;
    std::string org;
    bool explicitOrg = false; ///< labelled org=<non-empty>; the donor helper needs it
    bool cpu = false;
    bool gpu = false;
    std::int64_t cpuAllocatable = 0; ///< int(allocatable cpu)
    std::int64_t gpuAllocatable = 0; ///< int(allocatable nvidia.com/gpu)
    double cpuSum = 0;               ///< Σ Running pods' cpu requests (cores), 4 namespaces
    double gpuSum = 0;
    bool ready = false;
    bool schedulable = true;
    Amounts free; ///< allocatable minus every pod holding resources here (the preview's fit)

    bool has(Device d) const { return d == Device::Cpu ? cpu : gpu; }
    /// A pod could start here (resources permitting).
    bool usable() const { return ready && schedulable; }
    std::int64_t used(Device d) const {
        // Python's int(): truncation toward zero.
        return static_cast<std::int64_t>(d == Device::Cpu ? cpuSum : gpuSum);
    }
    std::int64_t allocatable(Device d) const {
        return d == Device::Cpu ? cpuAllocatable : gpuAllocatable;
    }
};

// A pod pending for resources (the intended pending rule).
struct Record {
    std::string key; ///< ns/name
    std::string org; ///< des_org
    bool selectsCpu = false;
    bool selectsGpu = false;
    std::int64_t created = 0;
    double cpu = 0; ///< the platform's request counting, once it runs
    double gpu = 0;
    Amounts requests; ///< effective requests, for the fit
    bool served = false;
};

bool labelIs(const Node &n, std::string_view key, std::string_view missing, std::string_view is) {
    return n.labels().value(key).value_or(missing) == is;
}

std::string text(std::string_view v) {
    return std::string(v);
}

double platformCpu(const ResourceList &requests) {
    return static_cast<double>(requests.milliCpu()) / 1000.0;
}

double platformGpu(const ResourceList &requests) {
    return static_cast<double>(requests.get("nvidia.com/gpu")) +
           static_cast<double>(requests.get("nvidia.com/gpucores")) / 100.0;
}

bool containsInsufficient(std::string_view message) {
    static constexpr std::string_view needle = "insufficient";
    if (message.size() < needle.size())
        return false;
    for (std::size_t i = 0; i + needle.size() <= message.size(); ++i) {
        std::size_t j = 0;
        while (j < needle.size() &&
               std::tolower(static_cast<unsigned char>(message[i + j])) == needle[j])
            ++j;
        if (j == needle.size())
            return true;
    }
    return false;
}

bool holdsResources(const Pod &p) {
    return p.phase() == Pod::Phase::Running ||
           (p.phase() == Pod::Phase::Pending && !p.nodeName().empty());
}

std::string percent(double ratio) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f %%", ratio * 100.0);
    return buffer;
}

const char *unit(Device d) {
    return d == Device::Cpu ? "cores" : "GPUs";
}

std::string describe(const OrgRatio &r, Device d) {
    return r.org + " at " + percent(r.ratio()) + " (" + std::to_string(r.requested) + '/' +
           std::to_string(r.allocatable) + ' ' + unit(d) + ", " + std::to_string(r.nodes) +
           " node" + (r.nodes == 1 ? "" : "s") + ')';
}

struct StandingOutcome {
    Standing standing;
    std::string error; ///< the platform's ZeroDivisionError, described
};

std::vector<OrgRatio> totals(const std::vector<Candidate> &cands, Device d) {
    std::vector<OrgRatio> out;
    for (const auto &c : cands) {
        if (!c.has(d))
            continue;
        auto it =
            std::find_if(out.begin(), out.end(), [&](const OrgRatio &r) { return r.org == c.org; });
        if (it == out.end()) {
            out.push_back({c.org});
            it = out.end() - 1;
        }
        ++it->nodes;
        it->requested += c.used(d);
        it->allocatable += c.allocatable(d);
    }
    return out;
}

std::string pickMaxMin(const std::vector<OrgRatio> &orgs, Device d, std::string &maxOrg,
                       double &maxRatio, std::string &minOrg, double &minRatio) {
    for (const auto &r : orgs) {
        if (!r.eligible())
            continue;
        if (r.allocatable == 0)
            return "org " + r.org + " has " + std::to_string(r.nodes) + ' ' +
                   RebalancePlanner::deviceName(d) + " nodes and 0 allocatable " + unit(d) +
                   ": the platform's run stops with ZeroDivisionError and moves nothing";
        const double ratio = static_cast<double>(r.requested) / static_cast<double>(r.allocatable);
        if (ratio > maxRatio) {
            maxRatio = ratio;
            maxOrg = r.org;
        }
        if (ratio < minRatio) {
            minRatio = ratio;
            minOrg = r.org;
        }
    }
    return {};
}

StandingOutcome standingOf(const std::vector<Candidate> &cands) {
    StandingOutcome out;
    Standing &s = out.standing;
    s.cpu = totals(cands, Device::Cpu);
    s.gpu = totals(cands, Device::Gpu);
    out.error =
        pickMaxMin(s.cpu, Device::Cpu, s.maxCpuOrg, s.maxCpuRatio, s.minCpuOrg, s.minCpuRatio);
    if (out.error.empty())
        out.error =
            pickMaxMin(s.gpu, Device::Gpu, s.maxGpuOrg, s.maxGpuRatio, s.minGpuOrg, s.minGpuRatio);
    return out;
}

// The least-loaded node of `org` for device `d`: index into cands, -1 when none; `error` is set
// when a node there has nothing allocatable (the platform divides by it). `usableFirst`: among
// Ready, schedulable nodes when there is one (a pod cannot start on the others).
int donorOf(const std::vector<Candidate> &cands, const std::string &org, Device d,
            std::string &error, bool usableFirst) {
    const auto inOrg = [&](const Candidate &c) {
        return c.explicitOrg && c.org == org && c.has(d);
    };
    const bool onlyUsable =
        usableFirst && std::any_of(cands.begin(), cands.end(),
                                   [&](const auto &c) { return inOrg(c) && c.usable(); });
    std::vector<std::pair<double, int>> loads;
    for (std::size_t i = 0; i < cands.size(); ++i) {
        const Candidate &c = cands[i];
        if (!inOrg(c) || (onlyUsable && !c.usable()))
            continue;
        if (c.allocatable(d) == 0) {
            error = "node " + c.name + " of org " + org + " has 0 allocatable " + unit(d) +
                    ": the platform's run stops with ZeroDivisionError and moves nothing";
            return -1;
        }
        loads.emplace_back(static_cast<double>(c.used(d)) / static_cast<double>(c.allocatable(d)),
                           static_cast<int>(i));
    }
    std::stable_sort(loads.begin(), loads.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    return loads.empty() ? -1 : loads.front().second;
}

bool fits(const Candidate &c, const Amounts &requests) {
    if (!c.usable())
        return false;
    for (const auto &[name, value] : requests) {
        if (value <= 0)
            continue;
        const auto it = c.free.find(name);
        if (it == c.free.end() || it->second < value)
            return false;
    }
    const auto pods = c.free.find("pods");
    return pods == c.free.end() || pods->second >= 1;
}

void take(Candidate &c, const Amounts &requests) {
    for (const auto &[name, value] : requests)
        if (auto it = c.free.find(name); it != c.free.end())
            it->second -= value;
    if (auto pods = c.free.find("pods"); pods != c.free.end())
        --pods->second;
}

} // namespace

double RebalancePlanner::OrgRatio::ratio() const {
    return allocatable == 0 ? 0.0
                            : static_cast<double>(requested) / static_cast<double>(allocatable);
}

RebalancePlanner::OrgRatio RebalancePlanner::Standing::of(Device device,
                                                          const std::string &org) const {
    const auto &list = device == Device::Cpu ? cpu : gpu;
    for (const auto &r : list)
        if (r.org == org)
            return r;
    return OrgRatio{org};
}

const char *RebalancePlanner::deviceName(Device device) {
    return device == Device::Cpu ? "cpu" : "gpu";
}

const char *RebalancePlanner::reasonName(Reason reason) {
    return reason == Reason::Balance ? "balance" : "pending";
}

const std::vector<std::string> &RebalancePlanner::workloadNamespaces() {
    static const std::vector<std::string> names = {"jupyter", "pipeline", "automl", "service"};
    return names;
}

RebalancePlanner::Result
RebalancePlanner::plan(const std::vector<std::shared_ptr<const Node>> &nodes,
                       const std::vector<std::shared_ptr<const Pod>> &pods,
                       const Options &options) {
    Result result;

    std::vector<const Node *> sorted;
    for (const auto &n : nodes)
        if (n)
            sorted.push_back(n.get());
    std::sort(sorted.begin(), sorted.end(),
              [](const Node *a, const Node *b) { return a->name() < b->name(); });

    std::vector<Candidate> cands;
    std::unordered_map<std::string_view, std::size_t> byName;
    for (const Node *n : sorted) {
        if (!labelIs(*n, "share", "true", "true") || !labelIs(*n, "train", "false", "true"))
            continue;
        const bool cpu = labelIs(*n, "cpu", "false", "true");
        const bool gpu = labelIs(*n, "gpu", "false", "true");
        if (!cpu && !gpu)
            continue;
        Candidate c;
        c.name = text(n->name());
        c.ip = text(n->internalIp());
        const auto org = n->labels().value("org");
        c.explicitOrg = org && !org->empty();
        c.org = c.explicitOrg ? text(*org) : std::string("public");
        c.cpu = cpu;
        c.gpu = gpu;
        const ResourceList allocatable = n->allocatable();
        c.cpuAllocatable = std::max<std::int64_t>(0, allocatable.milliCpu() / 1000);
        c.gpuAllocatable = std::max<std::int64_t>(0, allocatable.get("nvidia.com/gpu"));
        c.ready = n->isReady();
        c.schedulable = !n->unschedulable();
        for (const auto entry : allocatable)
            c.free[text(entry.name)] = entry.value;
        byName.emplace(n->name(), cands.size());
        cands.push_back(std::move(c));
    }
    // byName holds views into the nodes, which outlive this call.

    const auto &workload = workloadNamespaces();
    const auto namespaceRank = [&](std::string_view ns) {
        const auto it = std::find(workload.begin(), workload.end(), ns);
        return static_cast<int>(it - workload.begin());
    };
    // The platform lists the namespaces one after the other; the order only changes how the
    // doubles are summed.
    std::vector<const Pod *> ordered;
    for (const auto &p : pods)
        if (p)
            ordered.push_back(p.get());
    std::sort(ordered.begin(), ordered.end(), [&](const Pod *a, const Pod *b) {
        const int ra = namespaceRank(a->namespaceName());
        const int rb = namespaceRank(b->namespaceName());
        return ra != rb ? ra < rb : a->name() < b->name();
    });

    std::vector<Record> records;
    for (const Pod *p : ordered) {
        const bool workloadPod =
            namespaceRank(p->namespaceName()) < static_cast<int>(workload.size());
        const auto node = p->nodeName().empty() ? byName.end() : byName.find(p->nodeName());
        if (node != byName.end()) {
            Candidate &c = cands[node->second];
            if (holdsResources(*p)) {
                const ResourceList effective = p->effectiveRequests();
                Amounts requests;
                for (const auto entry : effective)
                    requests[text(entry.name)] = entry.value;
                take(c, requests);
            }
            if (workloadPod && p->phase() == Pod::Phase::Running) {
                const ResourceList requests = p->requests();
                c.cpuSum += platformCpu(requests);
                c.gpuSum += platformGpu(requests);
            }
            continue;
        }
        if (!options.pendingRule || !workloadPod || p->phase() != Pod::Phase::Pending ||
            !p->nodeName().empty() || p->deletionTimestamp() ||
            options.now - p->creationTimestamp() <= kPendingAfterSeconds ||
            !containsInsufficient(p->podScheduledMessage()))
            continue;
        Record r;
        r.key = text(p->namespaceName()) + '/' + text(p->name());
        r.org = p->org().empty() ? std::string("public") : text(p->org());
        const ResourceList requests = p->requests();
        const bool vgpu = requests.get("nvidia.com/gpucores") > 0;
        r.selectsGpu = !vgpu && requests.get("nvidia.com/gpu") > 0;
        r.selectsCpu = !vgpu && !r.selectsGpu;
        r.created = p->creationTimestamp();
        r.cpu = platformCpu(requests);
        r.gpu = platformGpu(requests);
        for (const auto entry : p->effectiveRequests())
            r.requests[text(entry.name)] = entry.value;
        records.push_back(std::move(r));
    }
    std::stable_sort(records.begin(), records.end(),
                     [](const Record &a, const Record &b) { return a.created < b.created; });

    StandingOutcome current = standingOf(cands);
    result.standings.push_back(current.standing);
    const int runs = std::max(1, options.runs);
    for (int run = 1; run <= runs; ++run) {
        if (!current.error.empty()) {
            result.platformError = true;
            result.stopped = current.error;
            break;
        }
        const Standing &s = current.standing;
        Move move;
        move.run = run;
        bool found = false;
        Record *record = nullptr;
        for (auto &r : records) {
            if (r.served)
                continue;
            if (r.selectsCpu && r.org != s.minCpuOrg) {
                move.device = Device::Cpu;
                move.fromOrg = s.minCpuOrg;
            } else if (r.selectsGpu && r.org != s.minGpuOrg) {
                move.device = Device::Gpu;
                move.fromOrg = s.minGpuOrg;
            } else {
                continue;
            }
            move.reason = Reason::PendingPod;
            move.toOrg = r.org;
            move.pendingPod = r.key;
            move.pendingSeconds = options.now - r.created;
            record = &r;
            found = true;
            break;
        }
        if (!found) {
            if (s.maxCpuOrg != s.minCpuOrg && s.maxCpuRatio > s.minCpuRatio + kGap) {
                move.device = Device::Cpu;
                move.fromOrg = s.minCpuOrg;
                move.toOrg = s.maxCpuOrg;
                found = true;
            } else if (s.maxGpuOrg != s.minGpuOrg && s.maxGpuRatio > s.minGpuRatio + kGap) {
                move.device = Device::Gpu;
                move.fromOrg = s.minGpuOrg;
                move.toOrg = s.maxGpuOrg;
                found = true;
            }
        }
        if (!found) {
            std::string why = "no move: ";
            for (Device d : {Device::Cpu, Device::Gpu}) {
                const bool cpu = d == Device::Cpu;
                const std::string &maxOrg = cpu ? s.maxCpuOrg : s.maxGpuOrg;
                const std::string &minOrg = cpu ? s.minCpuOrg : s.minGpuOrg;
                const double maxRatio = cpu ? s.maxCpuRatio : s.maxGpuRatio;
                const double minRatio = cpu ? s.minCpuRatio : s.minGpuRatio;
                why += std::string(deviceName(d)) + ": ";
                if (maxOrg == minOrg)
                    why += "the busiest and least-loaded org is the same (" + maxOrg + ')';
                else
                    why.append("the busiest org ")
                        .append(maxOrg)
                        .append(" (")
                        .append(percent(maxRatio))
                        .append(") is not more than 20 points above ")
                        .append(minOrg)
                        .append(" (")
                        .append(percent(minRatio))
                        .append(")");
                why += cpu ? "; " : "";
            }
            if (!records.empty())
                why += "; pods pending for resources are already in the least-loaded org";
            result.stopped = why;
            break;
        }

        move.fromBefore = s.of(move.device, move.fromOrg);
        move.toBefore = s.of(move.device, move.toOrg);
        std::string error;
        const int donor =
            donorOf(cands, move.fromOrg, move.device, error, move.reason == Reason::PendingPod);
        if (!error.empty()) {
            result.platformError = true;
            result.stopped = error;
            break;
        }
        const std::string device = deviceName(move.device);
        std::string why = move.reason == Reason::PendingPod
                              ? move.pendingPod + " has been pending " +
                                    std::to_string(move.pendingSeconds / 60) +
                                    " min for insufficient resources in org " + move.toOrg +
                                    "; the least-loaded " + device + " org is " +
                                    describe(move.fromBefore, move.device)
                              : device + ": the busiest org is " +
                                    describe(move.toBefore, move.device) +
                                    ", more than 20 points above the least-loaded, " +
                                    describe(move.fromBefore, move.device);
        if (donor < 0) {
            move.fromAfter = move.fromBefore;
            move.toAfter = move.toBefore;
            move.explanation = why;
            move.explanation.append("; but no node is labelled org=")
                .append(move.fromOrg)
                .append(" and ")
                .append(device)
                .append("=true: the platform announces the move and patches nothing (every "
                        "later run does the same)");
            result.moves.push_back(std::move(move));
            result.standings.push_back(s);
            result.stopped = "the donor org " + result.moves.back().fromOrg +
                             " has no node labelled org=" + result.moves.back().fromOrg +
                             " explicitly";
            break;
        }
        Candidate &c = cands[static_cast<std::size_t>(donor)];
        move.node = c.name;
        move.nodeIp = c.ip;
        move.nodeUsed = c.used(move.device);
        move.nodeAllocatable = c.allocatable(move.device);
        why += std::string(move.reason == Reason::PendingPod ? "; its least-loaded usable node "
                                                             : "; its least-loaded node ") +
               c.name + " (" + std::to_string(move.nodeUsed) + '/' +
               std::to_string(move.nodeAllocatable) + ' ' + unit(move.device) + ") moves to " +
               move.toOrg;
        c.org = move.toOrg;
        c.explicitOrg = true;
        if (record) {
            move.podWouldFit = fits(c, record->requests);
            if (move.podWouldFit) {
                take(c, record->requests);
                c.cpuSum += record->cpu;
                c.gpuSum += record->gpu;
                record->served = true;
                why += "; the pod fits there";
            } else {
                why += "; the pod does not fit there (resources)";
            }
        }
        current = standingOf(cands);
        move.fromAfter = current.standing.of(move.device, move.fromOrg);
        move.toAfter = current.standing.of(move.device, move.toOrg);
        move.explanation = std::move(why);
        result.moves.push_back(std::move(move));
        result.standings.push_back(current.standing);
    }
    return result;
}

} // namespace cubedesk::k8s
