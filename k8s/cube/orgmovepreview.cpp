#include "k8s/cube/orgmovepreview.h"

#include "k8s/cube/amountformat.h"
#include "k8s/cube/dumprows.h"
#include "k8s/cube/labelrules.h"
#include "k8s/write/nodewrites.h"

#include <algorithm>
#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace cubedesk::k8s {

namespace {

using Amounts = ClusterAccounting::Amounts;

std::int64_t amount(const Amounts &a, std::string_view name) {
    const auto it = a.find(name);
    return it == a.end() ? 0 : it->second;
}

Amounts amountsOf(const ResourceList &list) {
    Amounts out;
    for (const auto entry : list)
        if (entry.value != 0)
            out[std::string(entry.name)] = entry.value;
    return out;
}

std::string orgOfLabel(const Node &node) {
    const auto org = node.labels().value("org");
    return org && !org->empty() ? std::string(*org) : std::string("public");
}

std::string keyOf(const Pod &pod) {
    return std::string(pod.namespaceName()) + '/' + std::string(pod.name());
}

// Same rule as ClusterAccounting::upsertPod: these pods keep their node's resources.
bool holdsResources(const Pod &pod) {
    const bool bound = !pod.nodeName().empty();
    return pod.phase() == Pod::Phase::Running ||
           (pod.phase() == Pod::Phase::Pending &&
            (bound || pod.podScheduledStatus() == Pod::ConditionStatus::True));
}

OrgMovePreview::Free freeOf(const Amounts &free) {
    OrgMovePreview::Free f;
    f.amounts = free;
    f.milliCpu = amount(free, "cpu");
    f.memoryBytes = amount(free, "memory");
    f.gpus = DumpRows::gpus(free);
    return f;
}

OrgMovePreview::Usage usageOf(const ClusterAccounting::OrgEntry *o) {
    OrgMovePreview::Usage u;
    if (o == nullptr)
        return u;
    u.nodes = o->nodes;
    u.readyNodes = o->readyNodes;
    u.milliCpuAllocatable = amount(o->allocatable, "cpu");
    u.milliCpuRequested = amount(o->requested, "cpu");
    u.memoryAllocatable = amount(o->allocatable, "memory");
    u.memoryRequested = amount(o->requested, "memory");
    u.gpuAllocatable = DumpRows::gpus(o->allocatable);
    u.gpuRequested = DumpRows::gpus(o->requested);
    return u;
}

void shift(OrgMovePreview::Usage &u, const ClusterAccounting::NodeEntry &n, int sign) {
    u.nodes += sign;
    u.readyNodes += n.ready ? sign : 0;
    u.milliCpuAllocatable += sign * amount(n.allocatable, "cpu");
    u.milliCpuRequested += sign * amount(n.requested, "cpu");
    u.memoryAllocatable += sign * amount(n.allocatable, "memory");
    u.memoryRequested += sign * amount(n.requested, "memory");
    u.gpuAllocatable += sign * DumpRows::gpus(n.allocatable);
    u.gpuRequested += sign * DumpRows::gpus(n.requested);
}

// A moving node that pending pods may land on, with the room left as pods are placed.
struct Slot {
    std::string name;
    Amounts free; ///< every allocatable name; "pods" counts free pod slots when declared
};

bool fits(const Amounts &requests, const Amounts &free) {
    for (const auto &[name, value] : requests)
        if (value > 0 && amount(free, name) < value)
            return false;
    const auto pods = free.find("pods");
    return pods == free.end() || pods->second >= 1;
}

void take(const Amounts &requests, Amounts &free) {
    for (const auto &[name, value] : requests) {
        const auto it = free.find(name);
        if (it != free.end())
            it->second -= value;
    }
    const auto pods = free.find("pods");
    if (pods != free.end())
        --pods->second;
}

std::string join(const std::vector<std::string> &parts, const char *separator) {
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i)
        out += (i ? separator : "") + parts[i];
    return out;
}

std::string whyNot(const Amounts &requests, const std::vector<Slot> &slots, bool anyMoves,
                   const std::string &targetOrg) {
    if (!anyMoves)
        return "no node moves into " + targetOrg;
    if (slots.empty())
        return "none of the moving nodes is Ready and schedulable";
    std::vector<std::string> shortages;
    for (const auto &[name, value] : requests) {
        if (value <= 0)
            continue;
        const Slot *best = nullptr;
        for (const auto &s : slots) {
            if (s.free.find(name) == s.free.end())
                continue;
            if (best == nullptr || amount(s.free, name) > amount(best->free, name))
                best = &s;
        }
        const std::string needs = "needs " + OrgMovePreview::formatAmount(name, value) + ' ' + name;
        if (best == nullptr)
            shortages.push_back(needs + ", none of the moving nodes offers " + name);
        else if (amount(best->free, name) < value)
            shortages.push_back(needs + ", the largest free is " +
                                OrgMovePreview::formatAmount(name, amount(best->free, name)) +
                                " on " + best->name);
    }
    if (!shortages.empty())
        return join(shortages, "; ");
    const bool noSlot = std::all_of(slots.begin(), slots.end(), [](const Slot &s) {
        const auto pods = s.free.find("pods");
        return pods != s.free.end() && pods->second < 1;
    });
    if (noSlot)
        return "the moving nodes have no free pod slot";
    std::vector<std::string> all;
    for (const auto &[name, value] : requests)
        if (value > 0)
            all.push_back(OrgMovePreview::formatAmount(name, value) + ' ' + name);
    return "no single moving node has room for all of " + join(all, ", ") + " at once";
}

} // namespace

std::string OrgMovePreview::formatAmount(const std::string &resource, std::int64_t value) {
    // Cores even below one core ("0.25"): the preview's sentences compare cores.
    return ResourceList::isMilliResource(resource) ? AmountFormat::cores(value)
                                                   : AmountFormat::text(resource, value);
}

OrgMovePreview::Result
OrgMovePreview::compute(const ClusterAccounting &accounting,
                        const std::vector<std::shared_ptr<const Node>> &nodes,
                        const std::vector<std::shared_ptr<const Pod>> &pods,
                        const std::vector<std::string> &moving, const std::string &targetOrg) {
    Result r;
    r.targetOrg = targetOrg;
    if (targetOrg.empty())
        r.errors.push_back("choose the org to move the nodes to");
    else if (auto error = LabelRules::valueError(targetOrg))
        r.errors.push_back("the target org is not a valid label value: " + *error);

    std::unordered_map<std::string_view, const Node *> byName;
    for (const auto &n : nodes)
        if (n)
            byName.emplace(n->name(), n.get());

    std::vector<const Node *> selected;
    std::unordered_set<std::string_view> selectedNames;
    for (const auto &name : moving) {
        const auto it = byName.find(name);
        if (it == byName.end()) {
            r.warnings.push_back(name + " is not a node of this cluster: skipped");
            continue;
        }
        if (selectedNames.insert(it->first).second)
            selected.push_back(it->second);
    }

    // One pass over every pod: who stays on the selected nodes, who waits for the target org.
    std::unordered_map<std::string_view, std::vector<std::string>> staying;
    std::vector<const Pod *> waiting;
    for (const auto &p : pods) {
        if (!p)
            continue;
        if (holdsResources(*p)) {
            if (selectedNames.count(p->nodeName()) != 0)
                staying[p->nodeName()].push_back(keyOf(*p));
            continue;
        }
        if (p->phase() != Pod::Phase::Pending || !p->nodeName().empty() || p->deletionTimestamp())
            continue;
        const std::string_view org = p->org().empty() ? std::string_view("public") : p->org();
        if (org == targetOrg)
            waiting.push_back(p.get());
    }
    std::sort(waiting.begin(), waiting.end(), [](const Pod *a, const Pod *b) {
        if (a->creationTimestamp() != b->creationTimestamp())
            return a->creationTimestamp() < b->creationTimestamp();
        return std::pair(a->namespaceName(), a->name()) < std::pair(b->namespaceName(), b->name());
    });

    std::set<std::string> sourceOrgs;
    std::map<std::string, Usage> after;
    std::vector<Slot> slots;
    std::vector<std::size_t> slotLine; ///< index into r.nodes per slot
    const auto usageFor = [&](const std::string &org) -> Usage & {
        auto it = after.find(org);
        if (it == after.end()) {
            const auto o = accounting.orgs().find(org);
            it = after.emplace(org, usageOf(o == accounting.orgs().end() ? nullptr : &o->second))
                     .first;
        }
        return it->second;
    };

    for (const Node *n : selected) {
        const std::string name(n->name());
        const ClusterAccounting::NodeEntry *entry = accounting.node(name);
        const bool known = entry != nullptr && entry->known;
        NodeLine line;
        line.node = name;
        line.fromOrg = known ? entry->org : orgOfLabel(*n);
        line.toOrg = targetOrg;
        line.unchanged = line.fromOrg == targetOrg;
        line.ready = n->isReady();
        line.schedulable = !n->unschedulable();
        line.shareable = n->labels().value("share") != std::optional<std::string_view>("false");
        if (auto it = staying.find(n->name()); it != staying.end()) {
            line.stayingPods = std::move(it->second);
            std::sort(line.stayingPods.begin(), line.stayingPods.end());
        }

        const Amounts allocatable = known ? entry->allocatable : amountsOf(n->allocatable());
        const Amounts requested = entry != nullptr ? entry->requested : Amounts{};
        Amounts free;
        for (const auto &[res, value] : allocatable)
            free[res] = std::max<std::int64_t>(0, value - amount(requested, res));
        if (auto pods = free.find("pods"); pods != free.end())
            pods->second = std::max<std::int64_t>(0, pods->second - (entry ? entry->pods : 0));
        line.free = freeOf(free);
        line.freeAfterPlacement = line.free;

        if (!line.unchanged) {
            if (r.errors.empty())
                r.writes.push_back(
                    NodeWrites::labels(name, {{"org", targetOrg}}, n->resourceVersion()));
            if (!line.shareable)
                r.warnings.push_back(name + " is labelled share=false: the platform keeps it "
                                            "out of cross-org balancing");
            if (!line.ready)
                r.warnings.push_back(name + " is NotReady: no pending pod can start on it");
            if (!line.schedulable)
                r.warnings.push_back(name + " is cordoned: no pending pod can start on it");
            if (line.ready && line.schedulable) {
                slots.push_back({name, free});
                slotLine.push_back(r.nodes.size());
            }
            sourceOrgs.insert(line.fromOrg);
            if (known) {
                shift(usageFor(line.fromOrg), *entry, -1);
                shift(usageFor(targetOrg), *entry, +1);
            }
        }
        r.nodes.push_back(std::move(line));
    }

    for (const Pod *p : waiting) {
        const Amounts requests = amountsOf(p->effectiveRequests());
        auto slot = std::find_if(slots.begin(), slots.end(),
                                 [&](const Slot &s) { return fits(requests, s.free); });
        if (slot == slots.end()) {
            r.stillPending.push_back(
                {keyOf(*p), whyNot(requests, slots, !sourceOrgs.empty(), targetOrg)});
            continue;
        }
        take(requests, slot->free);
        r.wouldFit.push_back({keyOf(*p), slot->name});
    }
    for (std::size_t i = 0; i < slots.size(); ++i)
        r.nodes[slotLine[i]].freeAfterPlacement = freeOf(slots[i].free);

    for (const auto &org : sourceOrgs) {
        const auto o = accounting.orgs().find(org);
        const ClusterAccounting::OrgEntry *entry =
            o == accounting.orgs().end() ? nullptr : &o->second;
        OrgChange change{org, false, usageOf(entry), usageFor(org)};
        if (change.before.readyNodes > 0 && change.after.readyNodes <= 0) {
            std::string warning = "org " + org + " is left with no Ready node";
            if (entry != nullptr && entry->pendingPods > 0)
                warning += ": its " + std::to_string(entry->pendingPods) + " pending pod" +
                           (entry->pendingPods == 1 ? "" : "s") + " cannot start";
            r.warnings.push_back(std::move(warning));
        }
        r.orgs.push_back(std::move(change));
    }
    {
        const auto o = accounting.orgs().find(targetOrg);
        r.orgs.push_back({targetOrg, true,
                          usageOf(o == accounting.orgs().end() ? nullptr : &o->second),
                          usageFor(targetOrg)});
    }
    return r;
}

} // namespace cubedesk::k8s
