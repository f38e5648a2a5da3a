#include "k8s/cube/resourceoverview.h"

#include "k8s/cube/dumprows.h"

#include <algorithm>
#include <map>

namespace cubedesk::k8s {

namespace {

std::int64_t amount(const ClusterAccounting::Amounts &a, const char *name) {
    auto it = a.find(name);
    return it == a.end() ? 0 : it->second;
}

ResourceOverview::Amount amountOf(const ClusterAccounting::Amounts &requested,
                                  const ClusterAccounting::Amounts &allocatable, const char *name) {
    return {amount(requested, name), amount(allocatable, name)};
}

// "" (unlabelled) sorts after every named type.
struct TypeOrder {
    bool operator()(const std::string &a, const std::string &b) const {
        if (a.empty() != b.empty())
            return b.empty();
        return a < b;
    }
};
using TypeMap = std::map<std::string, ResourceOverview::GpuType, TypeOrder>;

void addType(TypeMap &types, const std::string &type, const ResourceOverview::Amount &gpus,
             int nodes) {
    auto &t = types[type];
    t.type = type;
    t.gpus.requested += gpus.requested;
    t.gpus.allocatable += gpus.allocatable;
    t.nodes += nodes;
}

std::vector<ResourceOverview::GpuType> flatten(TypeMap &types) {
    std::vector<ResourceOverview::GpuType> out;
    out.reserve(types.size());
    for (auto &[type, t] : types)
        out.push_back(std::move(t));
    return out;
}

} // namespace

ResourceOverview::Cluster ResourceOverview::compute(std::string cluster,
                                                    const ClusterAccounting &accounting,
                                                    const GpuTypeOf &gpuTypeOf) {
    Cluster c;
    c.name = std::move(cluster);
    const auto &t = accounting.totals();
    c.totals.cpu = amountOf(t.requested, t.allocatable, "cpu");
    c.totals.memory = amountOf(t.requested, t.allocatable, "memory");
    c.totals.gpus = {DumpRows::gpus(t.requested), DumpRows::gpus(t.allocatable)};
    c.totals.nodes = t.nodes;
    c.totals.readyNodes = t.readyNodes;
    c.totals.pods = t.holdingPods;
    c.totals.pendingPods = t.pendingPods;

    // Per node: pods per org, GPUs per type (cluster-wide and per org).
    std::map<std::string, int, std::less<>> orgPods;
    std::map<std::string, TypeMap, std::less<>> orgTypes;
    TypeMap types;
    for (const auto &[name, node] : accounting.nodes()) {
        orgPods[node.org] += node.pods;
        const Amount gpus{DumpRows::gpus(node.requested), DumpRows::gpus(node.allocatable)};
        if (gpus.requested == 0 && gpus.allocatable == 0)
            continue;
        const std::string type(node.known && gpuTypeOf ? gpuTypeOf(name) : std::string_view());
        const int counted = node.known ? 1 : 0;
        addType(types, type, gpus, counted);
        addType(orgTypes[node.org], type, gpus, counted);
    }
    c.gpuTypes = flatten(types);

    for (const auto &[name, o] : accounting.orgs()) {
        auto pods = orgPods.find(name);
        const int holding = pods == orgPods.end() ? 0 : pods->second;
        if (o.nodes == 0 && o.pendingPods == 0 && o.requested.empty() && holding == 0)
            continue;
        Org org;
        org.name = name;
        org.totals.cpu = amountOf(o.requested, o.allocatable, "cpu");
        org.totals.memory = amountOf(o.requested, o.allocatable, "memory");
        org.totals.gpus = {DumpRows::gpus(o.requested), DumpRows::gpus(o.allocatable)};
        org.totals.nodes = o.nodes;
        org.totals.readyNodes = o.readyNodes;
        org.totals.pods = holding;
        org.totals.pendingPods = o.pendingPods;
        if (auto it = orgTypes.find(name); it != orgTypes.end())
            org.gpuTypes = flatten(it->second);
        c.orgs.push_back(std::move(org));
    }
    return c;
}

std::vector<ResourceOverview::GpuType>
ResourceOverview::mergeGpuTypes(const std::vector<Cluster> &clusters) {
    TypeMap types;
    for (const auto &c : clusters)
        for (const auto &t : c.gpuTypes)
            addType(types, t.type, t.gpus, t.nodes);
    return flatten(types);
}

ResourceOverview::Totals ResourceOverview::sum(const std::vector<Cluster> &clusters) {
    Totals s;
    for (const auto &c : clusters) {
        const Totals &t = c.totals;
        for (auto [into, from] : {std::pair{&s.cpu, &t.cpu}, std::pair{&s.memory, &t.memory},
                                  std::pair{&s.gpus, &t.gpus}}) {
            into->requested += from->requested;
            into->allocatable += from->allocatable;
        }
        s.nodes += t.nodes;
        s.readyNodes += t.readyNodes;
        s.pods += t.pods;
        s.pendingPods += t.pendingPods;
    }
    return s;
}

} // namespace cubedesk::k8s
