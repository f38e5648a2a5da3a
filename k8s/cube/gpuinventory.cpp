#include "k8s/cube/gpuinventory.h"

#include "k8s/objects/node.h"
#include "k8s/objects/pod.h"

#include <algorithm>
#include <cstdlib>
#include <set>

namespace cubedesk::k8s {

namespace {

bool startsWith(std::string_view s, std::string_view prefix) {
    return s.size() >= prefix.size() && s.compare(0, prefix.size(), prefix) == 0;
}

bool endsWith(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() &&
           s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::int64_t toNumber(std::optional<std::string_view> s) {
    if (!s || s->empty() || s->size() > 15)
        return 0;
    std::int64_t v = 0;
    for (char c : *s) {
        if (c < '0' || c > '9')
            return 0;
        v = v * 10 + (c - '0');
    }
    return v;
}

std::int64_t amountOf(const ClusterAccounting::Amounts &a, std::string_view name) {
    auto it = a.find(name);
    return it == a.end() ? 0 : it->second;
}

std::string trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return std::string(s);
}

} // namespace

GpuInventory::Config GpuInventory::Config::defaults() {
    return {{"nvidia.com/gpu", "amd.com/gpu", "huawei.com/Ascend910", "huawei.com/Ascend310"}};
}

GpuInventory::Config GpuInventory::Config::with(const std::vector<std::string> &extra) {
    Config c = defaults();
    for (const auto &name : extra) {
        const std::string n = trim(name);
        if (!n.empty() && !c.isWhole(n))
            c.wholeResources.push_back(n);
    }
    return c;
}

GpuInventory::Config GpuInventory::Config::fromEnvironment() {
    std::vector<std::string> extra;
    if (const char *env = std::getenv("CUBEDESK_GPU_RESOURCES")) {
        std::string_view rest(env);
        while (!rest.empty()) {
            const auto comma = rest.find(',');
            extra.emplace_back(rest.substr(0, comma));
            if (comma == std::string_view::npos)
                break;
            rest.remove_prefix(comma + 1);
        }
    }
    return with(extra);
}

bool GpuInventory::Config::isWhole(std::string_view name) const {
    return std::find(wholeResources.begin(), wholeResources.end(), name) != wholeResources.end();
}

std::optional<GpuInventory::ResourceKind>
GpuInventory::Config::kindOf(std::string_view name) const {
    if (isWhole(name))
        return ResourceKind::Whole;
    if (name == "nvidia.com/gpucores")
        return ResourceKind::VgpuCores;
    if (name == "nvidia.com/gpumem" || name == "nvidia.com/gpumem-percentage")
        return ResourceKind::VgpuMemory;
    if (endsWith(name, ".shared")) {
        const std::string_view base = name.substr(0, name.size() - 7);
        if (isWhole(base) || startsWith(base, "nvidia.com/mig-"))
            return ResourceKind::Replica;
    }
    if (startsWith(name, "nvidia.com/mig-") && name.size() > 15)
        return ResourceKind::Mig;
    return std::nullopt;
}

bool GpuInventory::isGpuNode(const Node &node, const Config &config) {
    for (const ResourceList &list : {node.capacity(), node.allocatable()})
        for (const auto entry : list)
            if (config.kindOf(entry.name))
                return true;
    const auto labels = node.labels();
    const auto is = [&](std::string_view key) { return labels.value(key) == "true"; };
    return is("nvidia.com/gpu.present") || labels.value("nvidia.com/gpu.count").has_value() ||
           is("gpu") || is("vgpu");
}

std::optional<GpuInventory::NodeGpus>
GpuInventory::node(const Node &node, const ClusterAccounting::NodeEntry *accounting,
                   const Config &config) {
    if (!isGpuNode(node, config))
        return std::nullopt;
    const auto labels = node.labels();
    auto label = [&](std::string_view key) { return std::string(labels.value(key).value_or("")); };
    NodeGpus g;
    g.name = std::string(node.name());
    g.org = label("org");
    if (g.org.empty())
        g.org = "public";
    g.gpuType = label("gpu-type");
    g.product = label("nvidia.com/gpu.product");
    g.family = label("nvidia.com/gpu.family");
    g.ready = node.isReady();
    g.unschedulable = node.unschedulable();
    for (const auto &t : node.taints()) {
        if (t.effect != "NoSchedule" && t.effect != "NoExecute")
            continue;
        if (t.key == "node.kubernetes.io/unschedulable" || t.key == "nvidia.com/gpu")
            continue;
        g.taints.push_back(t.key + (t.value.empty() ? "" : "=" + t.value) + ':' + t.effect);
    }
    g.memoryMiB = toNumber(labels.value("nvidia.com/gpu.memory"));
    g.count = static_cast<int>(toNumber(labels.value("nvidia.com/gpu.count")));
    g.replicas = static_cast<int>(toNumber(labels.value("nvidia.com/gpu.replicas")));
    g.sharingStrategy = label("nvidia.com/gpu.sharing-strategy");
    g.migStrategy = label("nvidia.com/mig.strategy");

    const ResourceList capacity = node.capacity();
    const ResourceList allocatable = node.allocatable();
    std::set<std::string, std::less<>> names;
    for (const ResourceList &list : {capacity, allocatable})
        for (const auto entry : list)
            if (config.kindOf(entry.name))
                names.emplace(entry.name);
    if (accounting)
        for (const auto &[name, value] : accounting->requested)
            if (config.kindOf(name))
                names.insert(name);

    const bool hami = names.count("nvidia.com/gpucores") || names.count("nvidia.com/gpumem");
    const bool sliced = g.replicas > 1 && (g.sharingStrategy == "time-slicing" ||
                                           g.sharingStrategy == "mps" || g.sharingStrategy.empty());
    const bool migSingle =
        g.migStrategy == "single" && g.product.find("-MIG-") != std::string::npos;
    bool anyMig = migSingle;
    for (const auto &name : names)
        anyMig = anyMig || config.kindOf(name) == ResourceKind::Mig;
    if (hami)
        g.sharing = Sharing::Vgpu;
    else if (sliced)
        g.sharing = g.sharingStrategy == "mps" ? Sharing::Mps : Sharing::TimeSlicing;
    else if (anyMig && g.migStrategy != "none")
        g.sharing = Sharing::Mig;

    for (const auto &name : names) {
        Resource r;
        r.name = name;
        r.kind = *config.kindOf(name);
        if (r.kind == ResourceKind::Whole && name == "nvidia.com/gpu") {
            if (hami || sliced)
                r.kind = ResourceKind::Replica;
            else if (migSingle)
                r.kind = ResourceKind::Mig;
        }
        r.capacity = capacity.get(name);
        r.allocatable = allocatable.get(name);
        if (accounting)
            r.requested = amountOf(accounting->requested, name);
        g.resources.push_back(std::move(r));
    }
    std::stable_sort(g.resources.begin(), g.resources.end(),
                     [](const Resource &a, const Resource &b) { return a.kind < b.kind; });
    if (accounting) {
        g.cpuAllocatableMilli = amountOf(accounting->allocatable, "cpu");
        g.cpuRequestedMilli = amountOf(accounting->requested, "cpu");
        g.memoryAllocatable = amountOf(accounting->allocatable, "memory");
        g.memoryRequested = amountOf(accounting->requested, "memory");
    } else {
        g.cpuAllocatableMilli = allocatable.milliCpu();
        g.memoryAllocatable = allocatable.memoryBytes();
    }
    return g;
}

const GpuInventory::Resource *GpuInventory::NodeGpus::resource(std::string_view name) const {
    for (const auto &r : resources)
        if (r.name == name)
            return &r;
    return nullptr;
}

std::int64_t GpuInventory::NodeGpus::total(ResourceKind kind, std::int64_t Resource::*field) const {
    std::int64_t sum = 0;
    for (const auto &r : resources)
        if (r.kind == kind)
            sum += r.*field;
    return sum;
}

std::int64_t GpuInventory::NodeGpus::wholeFree() const {
    std::int64_t sum = 0;
    for (const auto &r : resources)
        if (r.kind == ResourceKind::Whole)
            sum += r.free();
    return sum;
}

std::int64_t GpuInventory::NodeGpus::physicalGpus() const {
    if (count > 0)
        return count;
    if (const std::int64_t whole = std::max(wholeCapacity(), wholeAllocatable()); whole > 0)
        return whole;
    const std::int64_t shared = total(ResourceKind::Replica, &Resource::capacity);
    if (shared > 0 && replicas > 1)
        return shared / replicas;
    return 0;
}

std::string GpuInventory::NodeGpus::primaryResource() const {
    for (const auto &r : resources)
        if (r.kind == ResourceKind::Whole)
            return r.name;
    if (!resources.empty())
        return resources.front().name;
    return "nvidia.com/gpu";
}

std::string GpuInventory::NodeGpus::model() const {
    return !gpuType.empty() ? gpuType : product;
}

void GpuInventory::Totals::add(const NodeGpus &node) {
    ++nodes;
    if (node.ready)
        ++readyNodes;
    else
        ++notReadyNodes;
    physical += node.physicalGpus();
    capacity += node.wholeCapacity();
    allocatable += node.wholeAllocatable();
    requested += node.wholeRequested();
    free += node.wholeFree();
    idle += node.idle();
    if (!node.ready)
        notReadyGpus += node.wholeAllocatable();
    for (const auto &r : node.resources) {
        PerResource &p = byResource[r.name];
        p.kind = r.kind;
        p.capacity += r.capacity;
        p.allocatable += r.allocatable;
        p.requested += r.requested;
    }
}

std::optional<GpuInventory::Holder> GpuInventory::holder(const Pod &pod, const Config &config) {
    const bool bound = !pod.nodeName().empty();
    const bool holds = pod.phase() == Pod::Phase::Running ||
                       (pod.phase() == Pod::Phase::Pending &&
                        (bound || pod.podScheduledStatus() == Pod::ConditionStatus::True));
    if (!holds)
        return std::nullopt;
    Holder h;
    for (const auto entry : pod.effectiveRequests()) {
        const auto kind = config.kindOf(entry.name);
        if (!kind || entry.value == 0)
            continue;
        h.resources.emplace_back(std::string(entry.name), entry.value);
        if (*kind == ResourceKind::Whole)
            h.whole += entry.value;
    }
    if (h.resources.empty())
        return std::nullopt;
    h.ns = std::string(pod.namespaceName());
    h.name = std::string(pod.name());
    h.phase = std::string(Pod::phaseName(pod.phase()));
    h.user = std::string(pod.user());
    return h;
}

std::string_view GpuInventory::kindName(ResourceKind kind) {
    switch (kind) {
    case ResourceKind::Whole:
        return "whole";
    case ResourceKind::Mig:
        return "mig";
    case ResourceKind::Replica:
        return "replica";
    case ResourceKind::VgpuCores:
        return "vgpu-cores";
    case ResourceKind::VgpuMemory:
        return "vgpu-memory";
    }
    return "";
}

std::string_view GpuInventory::sharingName(Sharing sharing) {
    switch (sharing) {
    case Sharing::None:
        return "none";
    case Sharing::TimeSlicing:
        return "time-slicing";
    case Sharing::Mps:
        return "mps";
    case Sharing::Mig:
        return "mig";
    case Sharing::Vgpu:
        return "vgpu";
    }
    return "";
}

} // namespace cubedesk::k8s
