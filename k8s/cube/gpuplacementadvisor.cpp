#include "k8s/cube/gpuplacementadvisor.h"

#include "k8s/api/asciicase.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <tuple>

namespace cubedesk::k8s {

namespace {

using Mask = std::uint32_t;

constexpr double kBudget = 200000; ///< set evaluations per node before falling back to greedy
constexpr std::size_t kMaxExactGpus = 30;

double choose(int n, int k) {
    if (k < 0 || k > n)
        return 0;
    double r = 1;
    for (int i = 1; i <= k; ++i)
        r = r * (n - k + i) / i;
    return r;
}

/// Next mask with the same number of bits (Gosper's hack); 0 when past `limit` bits.
Mask nextCombination(Mask x, int limit) {
    const Mask c = x & (~x + 1);
    const Mask r = x + c;
    const Mask next = (((r ^ x) >> 2) / c) | r;
    if (r == 0 || (limit < 32 && (next >> limit) != 0))
        return 0;
    return next;
}

struct Scorer {
    std::vector<std::vector<int>> pair;
    int n = 0;

    explicit Scorer(const GpuTopology &t)
        : n(static_cast<int>(t.gpuCount())) {
        pair.assign(static_cast<std::size_t>(n), std::vector<int>(static_cast<std::size_t>(n)));
        for (int a = 0; a < n; ++a)
            for (int b = 0; b < n; ++b)
                pair[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] =
                    t.pairScore(static_cast<std::size_t>(a), static_cast<std::size_t>(b));
    }
    int score(const std::vector<int> &set) const {
        int s = 0;
        for (std::size_t i = 0; i < set.size(); ++i)
            for (std::size_t j = i + 1; j < set.size(); ++j)
                s += pair[static_cast<std::size_t>(set[i])][static_cast<std::size_t>(set[j])];
        return s;
    }
    /// The best k-subset of the GPUs in `available` (ties: the lowest indices).
    std::pair<int, std::vector<int>> best(const std::vector<int> &available, int k) const {
        const int f = static_cast<int>(available.size());
        std::pair<int, std::vector<int>> result{-1, {}};
        std::vector<int> set(static_cast<std::size_t>(k));
        for (Mask m = (Mask{1} << k) - 1; m != 0; m = nextCombination(m, f)) {
            std::size_t i = 0;
            for (int b = 0; b < f; ++b)
                if (m & (Mask{1} << b))
                    set[i++] = available[static_cast<std::size_t>(b)];
            const int s = score(set);
            if (s > result.first)
                result = {s, set};
        }
        return result;
    }
    /// Greedy best k-set over all GPUs: from each seed, add the GPU that adds the most.
    std::pair<int, std::vector<int>> greedy(int k) const {
        std::pair<int, std::vector<int>> result{-1, {}};
        for (int seed = 0; seed < n; ++seed) {
            std::vector<int> set = {seed};
            std::vector<bool> taken(static_cast<std::size_t>(n), false);
            taken[static_cast<std::size_t>(seed)] = true;
            while (static_cast<int>(set.size()) < k) {
                int pick = -1;
                int gain = -1;
                for (int g = 0; g < n; ++g) {
                    if (taken[static_cast<std::size_t>(g)])
                        continue;
                    int add = 0;
                    for (int s : set)
                        add += pair[static_cast<std::size_t>(g)][static_cast<std::size_t>(s)];
                    if (add > gain) {
                        gain = add;
                        pick = g;
                    }
                }
                set.push_back(pick);
                taken[static_cast<std::size_t>(pick)] = true;
            }
            std::sort(set.begin(), set.end());
            if (const int s = score(set); s > result.first)
                result = {s, set};
        }
        return result;
    }
};

std::string plural(std::int64_t n, const char *one, const char *many) {
    return std::to_string(n) + ' ' + (n == 1 ? one : many);
}

std::string cores(std::int64_t milli) {
    if (milli % 1000 == 0)
        return std::to_string(milli / 1000);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", static_cast<double>(milli) / 1000.0);
    return buf;
}

std::string gib(std::int64_t bytes) {
    char buf[32];
    const double v = static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0);
    if (std::fabs(v - std::round(v)) < 0.05)
        std::snprintf(buf, sizeof buf, "%.0f GiB", v);
    else
        std::snprintf(buf, sizeof buf, "%.1f GiB", v);
    return buf;
}

} // namespace

double GpuPlacementAdvisor::Placement::guaranteedRatio() const {
    if (!topologyKnown || score.max == 0)
        return 1.0;
    return static_cast<double>(score.worst) / static_cast<double>(score.max);
}

std::string GpuPlacementAdvisor::thousands(std::int64_t value) {
    std::string digits = std::to_string(value < 0 ? -value : value);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return value < 0 ? '-' + out : out;
}

bool GpuPlacementAdvisor::typeMatches(const GpuInventory::NodeGpus &node, const std::string &type) {
    if (type.empty())
        return true;
    const std::string want = AsciiCase::lower(type);
    if (!node.gpuType.empty())
        return AsciiCase::lower(node.gpuType) == want;
    return !node.product.empty() && AsciiCase::lower(node.product).find(want) != std::string::npos;
}

GpuPlacementAdvisor::ScoreRange GpuPlacementAdvisor::scoreRange(const GpuTopology &topology,
                                                                int free, int k) {
    ScoreRange r;
    r.max = GpuTopology::maxScore(k);
    const int n = static_cast<int>(topology.gpuCount());
    if (k <= 0 || free < k || free > n || n == 0)
        return r;
    const Scorer scorer(topology);
    if (k == 1) {
        r.bestSet = {0};
        return r;
    }
    const double evaluations = choose(n, free) * choose(free, k);
    if (static_cast<std::size_t>(n) > kMaxExactGpus || evaluations > kBudget) {
        auto [best, set] = scorer.greedy(k);
        r.best = best;
        r.bestSet = std::move(set);
        r.worst = 0;
        r.exact = false;
        return r;
    }
    // Free sets A must agree with the free GPUs per NUMA node when an NRT object said so.
    const auto &zoneFree = topology.zoneFree();
    auto agrees = [&](const std::vector<int> &available) {
        if (zoneFree.empty())
            return true;
        std::map<int, int> counts;
        for (int g : available) {
            const auto &numa = topology.device(static_cast<std::size_t>(g)).numa;
            if (!numa)
                return true; // cannot check
            ++counts[*numa];
        }
        for (const auto &[numa, count] : zoneFree)
            if (counts[numa] != count)
                return false;
        return true;
    };
    for (int pass = 0; pass < 2; ++pass) {
        int best = -1;
        int worst = std::numeric_limits<int>::max();
        std::vector<int> bestSet;
        for (Mask a = (Mask{1} << free) - 1; a != 0; a = nextCombination(a, n)) {
            std::vector<int> available;
            for (int g = 0; g < n; ++g)
                if (a & (Mask{1} << g))
                    available.push_back(g);
            if (pass == 0 && !agrees(available))
                continue;
            auto [score, set] = scorer.best(available, k);
            if (score > best) {
                best = score;
                bestSet = std::move(set);
            }
            worst = std::min(worst, score);
        }
        if (best >= 0) {
            r.best = best;
            r.worst = worst;
            r.bestSet = std::move(bestSet);
            return r;
        }
        // No free set agrees with the zone counts (stale NRT data): judge without them.
    }
    return r;
}

GpuPlacementAdvisor::Placement GpuPlacementAdvisor::evaluate(const Request &request,
                                                             const Candidate &candidate) {
    const GpuInventory::NodeGpus &node = candidate.node;
    Placement p;
    p.cluster = candidate.cluster;
    p.node = node.name;
    p.org = node.org;
    p.model = node.model();
    p.gpuType = node.gpuType;
    p.requested = request.gpus;
    p.free = node.wholeFree();
    p.total = node.wholeAllocatable();
    p.sharing = node.sharing;
    p.replicas = node.replicas;
    p.taints = node.taints;
    p.cpuFreeMilli = std::max<std::int64_t>(0, node.cpuAllocatableMilli - node.cpuRequestedMilli);
    p.memoryFreeBytes = std::max<std::int64_t>(0, node.memoryAllocatable - node.memoryRequested);

    std::int64_t anyAllocatable = 0;
    for (const auto &r : node.resources)
        if (r.kind == GpuInventory::ResourceKind::Whole ||
            r.kind == GpuInventory::ResourceKind::Mig ||
            r.kind == GpuInventory::ResourceKind::Replica)
            anyAllocatable += r.allocatable;

    if (!typeMatches(node, request.gpuType))
        p.verdict = Verdict::WrongType;
    else if (!request.org.empty() && node.org != request.org)
        p.verdict = Verdict::WrongOrg;
    else if (anyAllocatable == 0)
        p.verdict = Verdict::NoGpus;
    else if (!node.ready)
        p.verdict = Verdict::NotReady;
    else if (node.unschedulable)
        p.verdict = Verdict::Cordoned;
    else if (p.total == 0)
        p.verdict = Verdict::SharedGpus;
    else if (p.free < request.gpus)
        p.verdict = Verdict::NotEnoughGpus;
    else if (request.milliCpu > 0 && p.cpuFreeMilli < request.milliCpu)
        p.verdict = Verdict::NotEnoughCpu;
    else if (request.memoryBytes > 0 && p.memoryFreeBytes < request.memoryBytes)
        p.verdict = Verdict::NotEnoughMemory;

    if (candidate.topology && candidate.topology->gpuCount() > 0) {
        const GpuTopology &t = *candidate.topology;
        p.topologySource = t.source();
        p.topologyGpus = static_cast<int>(t.gpuCount());
        p.nvlinkKnown = t.hasLinks();
        // A topology with fewer GPUs than the node offers describes other hardware (stale).
        p.topologyKnown = p.topologyGpus >= p.total && p.free <= p.topologyGpus;
        if (p.topologyKnown && p.fits()) {
            p.score = scoreRange(t, static_cast<int>(p.free), request.gpus);
            if (request.gpus >= 2) {
                p.bestSet = t.describeSet(p.score.bestSet);
                p.numaSpan = t.numaSpan(p.score.bestSet);
                p.islandSpan = t.islandSpan(p.score.bestSet);
            }
        }
    }
    if (!p.topologyKnown || !p.fits())
        p.score.max = GpuTopology::maxScore(request.gpus);
    return p;
}

std::vector<GpuPlacementAdvisor::Placement>
GpuPlacementAdvisor::rank(const Request &request, const std::vector<Candidate> &candidates) {
    std::vector<Placement> out;
    out.reserve(candidates.size());
    for (const auto &c : candidates)
        out.push_back(evaluate(request, c));
    std::stable_sort(out.begin(), out.end(), [](const Placement &a, const Placement &b) {
        if (a.fits() != b.fits())
            return a.fits();
        if (a.fits()) {
            if (a.topologyKnown != b.topologyKnown)
                return a.topologyKnown;
            if (a.topologyKnown) {
                const double ra = a.guaranteedRatio();
                const double rb = b.guaranteedRatio();
                if (ra != rb)
                    return ra > rb;
                if (a.score.best * std::max(1, b.score.max) !=
                    b.score.best * std::max(1, a.score.max))
                    return a.score.best * std::max(1, b.score.max) >
                           b.score.best * std::max(1, a.score.max);
            }
            if (a.free != b.free)
                return a.free < b.free;
        } else {
            if (a.free != b.free)
                return a.free > b.free;
            if (a.verdict != b.verdict)
                return a.verdict < b.verdict;
        }
        return std::tie(a.cluster, a.node) < std::tie(b.cluster, b.node);
    });
    return out;
}

std::string GpuPlacementAdvisor::explain(const Placement &p) {
    const std::string gpusOf = p.model.empty() ? std::string("GPUs") : p.model + " GPUs";
    std::string s = p.node + ": ";
    switch (p.verdict) {
    case Verdict::WrongType:
        s += "gpu-type is " + (p.gpuType.empty() ? std::string("not set") : p.gpuType) +
             ", not the type asked for.";
        return s;
    case Verdict::WrongOrg:
        s += "in resource group " + p.org +
             ", not the one asked for — move it to that group on the Resource groups board, or "
             "ask for " +
             p.org + ".";
        return s;
    case Verdict::NoGpus:
        s += "reports no allocatable GPUs — check that the device plugin runs there.";
        return s;
    case Verdict::NotReady:
        s += "NotReady — its " + plural(p.free, "free GPU", "free GPUs") +
             (p.free == 1 ? " takes" : " take") + " no pods until the kubelet reports Ready again.";
        return s;
    case Verdict::Cordoned:
        s += "cordoned — uncordon it to use its " + plural(p.free, "free GPU", "free GPUs") + ".";
        return s;
    case Verdict::SharedGpus:
        if (p.sharing == GpuInventory::Sharing::Vgpu)
            s += "its GPUs are HAMi vGPU slices, not whole GPUs — use a whole-GPU node for a "
                 "gang.";
        else if (p.sharing == GpuInventory::Sharing::Mig)
            s += "its GPUs are MIG instances, not whole GPUs.";
        else
            s += "its GPUs are shared (" + std::string(GpuInventory::sharingName(p.sharing)) +
                 (p.replicas > 1 ? ", " + std::to_string(p.replicas) + " replicas each" : "") +
                 "): its nvidia.com/gpu units are replicas, not whole GPUs.";
        return s;
    case Verdict::NotEnoughGpus:
        if (p.free == 0)
            s += "all " + plural(p.total, gpusOf.c_str(), gpusOf.c_str()) + " are in use, needs " +
                 std::to_string(p.requested) + ".";
        else
            s += "only " + std::to_string(p.free) + " of " + std::to_string(p.total) + ' ' +
                 gpusOf + " free, needs " + std::to_string(p.requested) + ".";
        return s;
    case Verdict::NotEnoughCpu:
        s += std::to_string(p.free) + " GPUs free but only " + cores(p.cpuFreeMilli) +
             " CPU cores free, fewer than asked.";
        return s;
    case Verdict::NotEnoughMemory:
        s += std::to_string(p.free) + " GPUs free but only " + gib(p.memoryFreeBytes) +
             " of memory free, less than asked.";
        return s;
    case Verdict::Fits:
        break;
    }
    s += "fits — " + std::to_string(p.free) + " of " + std::to_string(p.total) + ' ' + gpusOf +
         " free";
    if (!p.topologyKnown) {
        if (p.topologyGpus > 0)
            s += "; its topology lists " + std::to_string(p.topologyGpus) +
                 " GPUs, fewer than the node offers, so it is ignored";
        s += "; topology unknown, NVLink and NUMA placement cannot be judged (publish the "
             "cubedesk.io/gpu-topology annotation or import the node's nvidia-smi topo -m).";
    } else if (p.requested < 2) {
        s += "; one GPU needs no interconnect.";
    } else {
        // Which islands and NUMA nodes the best set touches; GPUs in different islands (or in
        // none) have no direct NVLink, so a set spanning as many islands as GPUs has none.
        std::string where;
        if (p.nvlinkKnown)
            where = p.islandSpan >= p.requested
                        ? std::string("no NVLink")
                        : plural(p.islandSpan, "NVLink island", "NVLink islands");
        where += (where.empty() ? "" : ", ") + plural(p.numaSpan, "NUMA node", "NUMA nodes");
        const std::string of = " of " + thousands(p.score.max);
        if (p.free == p.topologyGpus)
            s += "; best set " + p.bestSet + " (" + where + "): score " + thousands(p.score.best) +
                 of + ".";
        else if (p.score.exact && p.score.worst == p.score.best)
            s += "; whichever they are, score " + thousands(p.score.best) + of + " (e.g. " +
                 p.bestSet + ": " + where + ").";
        else if (p.score.exact)
            s += ", but which ones is not visible to Kubernetes: score " +
                 thousands(p.score.worst) + " guaranteed, up to " + thousands(p.score.best) + of +
                 "; best if " + p.bestSet + " are free (" + where + ").";
        else
            s += "; score up to " + thousands(p.score.best) + of +
                 " (too many GPUs to check every case); best if " + p.bestSet + " are free (" +
                 where + ").";
        if (!p.nvlinkKnown)
            s += " NVLink is not known from a NodeResourceTopology; only NUMA counts.";
    }
    if (!p.taints.empty()) {
        std::string list;
        for (const auto &t : p.taints)
            list += (list.empty() ? "" : ", ") + t;
        s += " Tainted " + list + ": the pod needs a toleration.";
    }
    return s;
}

} // namespace cubedesk::k8s
