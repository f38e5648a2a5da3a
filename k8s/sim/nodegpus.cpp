#include "k8s/sim/nodegpus.h"

#include "k8s/sim/objectfield.h"
#include "k8s/sim/objectstore.h"
#include "k8s/sim/resourceregistry.h"
#include "k8s/sim/simhash.h"
#include "k8s/sim/workloadload.h"
#include "k8s/sim/workloadprofile.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <set>

namespace cubedesk::sim {

using nlohmann::json;

namespace {

constexpr std::string_view kGpuResource = "nvidia.com/gpu";
constexpr std::string_view kMigPrefix = "nvidia.com/mig-";

/// One MIG GPU instance of a partitioned GPU.
struct MigInstance {
    int gpu = 0;
    int instanceId = 0;
    std::string profile; ///< "1g.10gb"
    int memoryMiB = 0;
};

/// One device the device plugin advertises: a whole GPU (one of its time-slicing or vGPU
/// replicas) or a MIG instance.
struct Slot {
    int gpu = 0;
    int mig = -1; ///< index into Layout::mig, or -1
    std::string resource;
};

/// The product's fixed figures.
struct Product {
    int powerCapW = 300;
    int maxSmClockMHz = 1500;
    int memClockMHz = 1500;
    bool nvlink = true;
    bool rowRemapping = false;
};

struct Layout {
    std::string product;
    int count = 0;
    int memoryMiB = 0;
    int replicas = 1; ///< slots per whole GPU (time-slicing, HAMi)
    std::vector<MigInstance> mig;
    std::set<int> migEnabled;
    std::vector<Slot> slots;
    std::map<int, std::string> health; ///< GPU → "xid-N" | "hot"
    std::string signature;             ///< changes when any of the above does
};

int intOf(const json &object, const std::string &key, int fallback) {
    if (!object.is_object() || !object.contains(key))
        return fallback;
    const json &v = object[key];
    try {
        return v.is_string() ? std::stoi(v.get<std::string>())
                             : (v.is_number() ? v.get<int>() : fallback);
    } catch (...) {
        return fallback;
    }
}

Product productOf(const std::string &product) {
    const auto has = [&](const char *s) { return product.find(s) != std::string::npos; };
    if (has("H100"))
        return {700, 1980, 2619, true, true};
    if (has("A100"))
        return {400, 1410, 1593, true, true};
    if (has("V100"))
        return {300, 1530, 877, true, false};
    if (has("T4"))
        return {70, 1590, 5001, false, false};
    return {};
}

Layout layoutOf(const json &node) {
    Layout l;
    const json &meta = objectField(node, "metadata");
    const json &labels = objectField(meta, "labels");
    const bool gpuNode = labels.value("gpu", "") == "true" || labels.value("vgpu", "") == "true";
    l.count = gpuNode ? intOf(labels, "nvidia.com/gpu.count", 0) : 0;
    if (l.count <= 0)
        return l;
    l.product = labels.value("nvidia.com/gpu.product", "NVIDIA-A100-SXM4-80GB");
    l.memoryMiB = intOf(labels, "nvidia.com/gpu.memory", 81920);
    const json &allocatable = objectField(objectField(node, "status"), "allocatable");
    const int advertised = intOf(allocatable, std::string(kGpuResource), l.count);
    l.replicas = intOf(labels, "nvidia.com/gpu.replicas", 1);
    if (labels.value("hami.io/node-nvidia-register", "") == "true" && advertised > l.count)
        l.replicas = advertised / l.count;
    l.replicas = std::max(1, l.replicas);
    const bool mixedMig = labels.value("nvidia.com/mig.strategy", "") == "mixed" &&
                          allocatable.contains("nvidia.com/mig-1g.10gb") && l.count >= 2;
    if (mixedMig) {
        const int small = intOf(labels, "nvidia.com/mig-1g.10gb.memory", 9728);
        const int medium = intOf(labels, "nvidia.com/mig-2g.20gb.memory", 19968);
        const int first = l.count - 2;
        const int second = l.count - 1;
        for (int i = 0; i < 7; ++i)
            l.mig.push_back({first, 7 + i, "1g.10gb", small});
        for (int i = 0; i < 3; ++i)
            l.mig.push_back({second, 3 + i, "2g.20gb", medium});
        l.mig.push_back({second, 13, "1g.10gb", small});
        l.migEnabled = {first, second};
    }
    for (int g = 0; g < l.count; ++g)
        if (!l.migEnabled.count(g))
            for (int r = 0; r < l.replicas; ++r)
                l.slots.push_back({g, -1, std::string(kGpuResource)});
    for (std::size_t i = 0; i < l.mig.size(); ++i)
        l.slots.push_back(
            {l.mig[i].gpu, static_cast<int>(i), std::string(kMigPrefix) + l.mig[i].profile});
    // sim.cubedesk.io/gpu-health: "2=xid-79,5=hot"
    const std::string health =
        objectField(meta, "annotations").value("sim.cubedesk.io/gpu-health", "");
    std::size_t start = 0;
    while (start < health.size()) {
        std::size_t end = health.find(',', start);
        if (end == std::string::npos)
            end = health.size();
        const std::string item = health.substr(start, end - start);
        if (const std::size_t eq = item.find('='); eq != std::string::npos) {
            try {
                l.health[std::stoi(item.substr(0, eq))] = item.substr(eq + 1);
            } catch (...) {
                // not a GPU index: ignored, as an unknown annotation is
            }
        }
        start = end + 1;
    }
    l.signature = l.product + '/' + std::to_string(l.count) + '/' + std::to_string(l.replicas) +
                  '/' + std::to_string(l.mig.size());
    return l;
}

std::string hex(std::uint64_t value, int digits) {
    std::string out(static_cast<std::size_t>(digits), '0');
    for (int i = digits - 1; i >= 0; --i, value >>= 4U)
        out[static_cast<std::size_t>(i)] = "0123456789abcdef"[value & 0xfU];
    return out;
}

std::string uuidText(const char *prefix, std::uint64_t id) {
    return prefix + hex(id >> 32U, 8) + '-' + hex(id >> 16U, 4) + '-' + hex(id, 4) + '-' +
           hex(id * 31, 4) + '-' + hex(id * 131, 12);
}

/// A container's claims: resource → count.
std::map<std::string, int> claimsOf(const json &container) {
    std::map<std::string, int> out;
    const json &resources = objectField(container, "resources");
    for (const char *section : {"requests", "limits"}) // limits win, as the kubelet reads them
        for (const auto &[key, value] : objectField(resources, section).items())
            if (key == kGpuResource || key.rfind(kMigPrefix, 0) == 0) {
                const auto n = quantityOf(value);
                if (n && n->value() > 0)
                    out[key] = static_cast<int>(n->value());
            }
    return out;
}

/// One container's devices: slot indices, in the order the container sees them.
struct ContainerDevices {
    std::string container;
    std::vector<std::size_t> slots;
};

struct PodDevices {
    SimGpuHolder holder; // container filled per ContainerDevices
    WorkloadProfile profile = WorkloadProfile::Service;
    std::vector<ContainerDevices> containers;
    std::vector<WorkloadProfile> profiles; ///< per container
};

bool ended(const StoredObject &pod) {
    const auto phase = pod.field("status.phase");
    return phase && (*phase == "Succeeded" || *phase == "Failed");
}

} // namespace

struct NodeGpus::Allocation {
    struct Node {
        std::string signature;
        std::map<std::string, PodDevices> pods; ///< by uid
    };
    std::map<std::string, Node> nodes;
    /// Every node's layout as of its resourceVersion: a node is parsed again only when it
    /// changed (5,000 GPU nodes parsed every second cost most of a core).
    struct CachedLayout {
        std::uint64_t rv = 0;
        Layout layout;
    };
    std::map<std::string, CachedLayout, std::less<>> layouts;
    /// The GPU nodes (into `layouts`) and the store's resourceVersion the allocation was made
    /// at: while the store has not changed, only the readings are computed again.
    std::map<std::string, const Layout *, std::less<>> gpuNodes;
    std::uint64_t storeRv = 0;
    bool allocated = false;
};

NodeGpus::NodeGpus(const ObjectStore &store, const ResourceRegistry &registry)
    : m_store(store)
    , m_registry(registry)
    , m_allocation(std::make_unique<Allocation>()) {}

NodeGpus::~NodeGpus() = default;

std::shared_ptr<const NodeGpus::Snapshot> NodeGpus::snapshot(TimePoint now) const {
    std::lock_guard lock(m_mutex);
    if (!m_cached || now - m_cachedAt >= std::chrono::seconds(1) || now < m_cachedAt) {
        m_cached = compute(now);
        m_cachedAt = now;
    }
    return m_cached;
}

std::vector<SimGpu> NodeGpus::devicesOf(const std::string &node, TimePoint now) const {
    const auto all = snapshot(now);
    const auto it = all->find(node);
    return it == all->end() ? std::vector<SimGpu>() : it->second;
}

void NodeGpus::allocate() const {
    // The GPU nodes and their layouts (parsed again only for the nodes that changed).
    auto &cache = m_allocation->layouts;
    std::map<std::string, const Layout *, std::less<>> &layouts = m_allocation->gpuNodes;
    layouts.clear();
    std::set<std::string_view> present;
    for (const ObjectPtr &n : m_store.all(m_registry.core("nodes"))) {
        auto [it, added] = cache.try_emplace(n->name);
        if (added || it->second.rv != n->rv) {
            it->second.layout = layoutOf(n->parse());
            it->second.rv = n->rv;
        }
        present.insert(it->first);
        if (it->second.layout.count > 0)
            layouts.emplace(n->name, &it->second.layout);
    }
    for (auto it = cache.begin(); it != cache.end();)
        it = present.count(it->first) ? std::next(it) : cache.erase(it);
    // The live pods that claim GPUs, per node, oldest first.
    std::map<std::string, std::vector<ObjectPtr>, std::less<>> claimants;
    for (const ObjectPtr &p : m_store.all(m_registry.core("pods"))) {
        const bool claims =
            std::any_of(p->podRequests.begin(), p->podRequests.end(), [](const auto &r) {
                return r.first == kGpuResource || r.first.rfind(kMigPrefix, 0) == 0;
            });
        if (!claims)
            continue;
        const auto node = p->field("spec.nodeName");
        if (!node || node->empty() || ended(*p))
            continue;
        const auto layout = layouts.find(*node);
        if (layout != layouts.end())
            claimants[layout->first].push_back(p);
    }
    for (auto &[node, pods] : claimants)
        std::sort(pods.begin(), pods.end(), [](const ObjectPtr &a, const ObjectPtr &b) {
            return std::tie(a->creationTimestamp, a->ns, a->name) <
                   std::tie(b->creationTimestamp, b->ns, b->name);
        });

    // Nodes that are gone lose their allocations.
    for (auto it = m_allocation->nodes.begin(); it != m_allocation->nodes.end();)
        it = layouts.count(it->first) ? std::next(it) : m_allocation->nodes.erase(it);

    for (const auto &[nodeName, layoutOfNode] : layouts) {
        const Layout &layout = *layoutOfNode;
        Allocation::Node &state = m_allocation->nodes[nodeName];
        if (state.signature != layout.signature) {
            state.pods.clear();
            state.signature = layout.signature;
        }
        const std::vector<ObjectPtr> &pods = claimants[nodeName];
        // Free what pods that are gone held.
        std::set<std::string_view> live;
        for (const ObjectPtr &p : pods)
            live.insert(p->uid);
        for (auto it = state.pods.begin(); it != state.pods.end();)
            it = live.count(it->first) ? std::next(it) : state.pods.erase(it);
        if (pods.empty() && state.pods.empty())
            continue;
        std::vector<int> used(layout.slots.size(), 0);
        for (const auto &[uid, devices] : state.pods)
            for (const ContainerDevices &c : devices.containers)
                for (const std::size_t s : c.slots)
                    ++used[s];
        // New pods get free devices.
        for (const ObjectPtr &p : pods) {
            if (state.pods.count(p->uid))
                continue;
            const json pod = p->parse();
            PodDevices devices;
            devices.holder = {p->ns, p->name, "", p->uid};
            for (const json &c : objectField(pod, "spec").value("containers", json::array())) {
                if (!c.is_object())
                    continue;
                ContainerDevices cd;
                cd.container = c.value("name", "");
                for (const auto &[resource, count] : claimsOf(c)) {
                    std::vector<std::size_t> matching;
                    for (std::size_t s = 0; s < layout.slots.size(); ++s)
                        if (layout.slots[s].resource == resource && used[s] == 0)
                            matching.push_back(s);
                    const auto n = static_cast<std::size_t>(count);
                    if (matching.size() < n)
                        continue; // more than is free: the kubelet would have refused it
                    // Whole GPUs: the first contiguous run of free GPUs, where there is one.
                    std::size_t from = 0;
                    if (layout.replicas == 1 && resource == kGpuResource)
                        for (std::size_t i = 0; i + n <= matching.size(); ++i)
                            if (layout.slots[matching[i + n - 1]].gpu -
                                    layout.slots[matching[i]].gpu ==
                                static_cast<int>(n) - 1) {
                                from = i;
                                break;
                            }
                    for (std::size_t i = from; i < from + n; ++i) {
                        cd.slots.push_back(matching[i]);
                        ++used[matching[i]];
                    }
                }
                if (!cd.slots.empty()) {
                    devices.containers.push_back(std::move(cd));
                    devices.profiles.push_back(workloadProfileOf(pod, c.value("name", "")));
                }
            }
            state.pods.emplace(p->uid, std::move(devices));
        }
    }
}

std::shared_ptr<const NodeGpus::Snapshot> NodeGpus::compute(TimePoint now) const {
    // Read before the store is: a write after this makes the next call allocate again.
    const std::uint64_t storeRv = m_store.currentRv();
    if (!m_allocation->allocated || storeRv != m_allocation->storeRv) {
        allocate();
        m_allocation->storeRv = storeRv;
        m_allocation->allocated = true;
    }
    auto out = std::make_shared<Snapshot>();
    const long long seconds =
        std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
    for (const auto &[nodeName, layoutOfNode] : m_allocation->gpuNodes) {
        const Layout &layout = *layoutOfNode;
        const Allocation::Node &state = m_allocation->nodes[nodeName];
        // Readings.
        const Product product = productOf(layout.product);
        const int idlePowerW = std::max(9, product.powerCapW * 14 / 100);
        std::vector<SimGpu> gpus(static_cast<std::size_t>(layout.count));
        std::vector<SimGpu> instances(layout.mig.size());
        std::vector<int> gpuUtil(gpus.size(), 0);
        std::vector<int> gpuMemory(gpus.size(), 0);
        std::vector<int> instanceMemory(instances.size(), 0);
        std::vector<std::vector<std::pair<int, std::string>>> processes(gpus.size());
        for (const auto &[uid, devices] : state.pods)
            for (std::size_t ci = 0; ci < devices.containers.size(); ++ci) {
                const ContainerDevices &cd = devices.containers[ci];
                const WorkloadProfile profile = devices.profiles[ci];
                const std::uint64_t seed = fnv1a(uid);
                for (std::size_t k = 0; k < cd.slots.size(); ++k) {
                    const Slot &slot = layout.slots[cd.slots[k]];
                    const int util = WorkloadLoad::gpuPercent(profile, seed + k, seconds);
                    const bool holds = WorkloadLoad::holdsGpuMemory(profile, util);
                    SimGpuHolder holder = devices.holder;
                    holder.container = cd.container;
                    SimGpu &target = slot.mig >= 0 ? instances[static_cast<std::size_t>(slot.mig)]
                                                   : gpus[static_cast<std::size_t>(slot.gpu)];
                    target.holders.push_back(holder);
                    const int deviceMemory =
                        slot.mig >= 0 ? layout.mig[static_cast<std::size_t>(slot.mig)].memoryMiB
                                      : layout.memoryMiB / layout.replicas;
                    const int memory =
                        holds ? deviceMemory * (55 + static_cast<int>(seed % 30)) / 100 : 0;
                    if (slot.mig >= 0)
                        instanceMemory[static_cast<std::size_t>(slot.mig)] += memory;
                    gpuUtil[static_cast<std::size_t>(slot.gpu)] += util;
                    gpuMemory[static_cast<std::size_t>(slot.gpu)] += memory;
                    if (holds)
                        processes[static_cast<std::size_t>(slot.gpu)].emplace_back(
                            100 + static_cast<int>(seed % 3000) + static_cast<int>(k) * 37,
                            profile == WorkloadProfile::Notebook ? "/opt/conda/bin/python"
                                                                 : "python");
                }
            }
        for (int g = 0; g < layout.count; ++g) {
            SimGpu &gpu = gpus[static_cast<std::size_t>(g)];
            const auto gi = static_cast<std::size_t>(g);
            gpu.index = g;
            gpu.uuid = uuidText("GPU-", fnv1a(nodeName + '/' + std::to_string(g)));
            gpu.product = layout.product;
            gpu.memoryMiB = layout.memoryMiB;
            char bus[32];
            std::snprintf(bus, sizeof bus, "00000000:%02X:00.0",
                          static_cast<unsigned>((g < 4 ? 0x07 : 0x46) + (g % 4) * 0x0c));
            gpu.busId = bus;
            gpu.migEnabled = layout.migEnabled.count(g) > 0;
            gpu.shared = layout.replicas > 1;
            const int util = std::min(100, gpuUtil[gi]);
            gpu.utilizationPercent = gpu.migEnabled ? -1 : util;
            gpu.memoryUsedMiB = std::min(layout.memoryMiB, gpuMemory[gi]);
            gpu.processes = processes[gi];
            gpu.powerCapW = product.powerCapW;
            gpu.maxSmClockMHz = product.maxSmClockMHz;
            gpu.memClockMHz = product.memClockMHz;
            gpu.nvlink = product.nvlink;
            gpu.rowRemapping = product.rowRemapping;
            const bool active = util > 0 || !gpu.holders.empty();
            gpu.temperatureC = 33 + util * 40 / 100;
            gpu.powerW = idlePowerW + util * (product.powerCapW - idlePowerW - 10) / 100;
            gpu.smClockMHz = active ? product.maxSmClockMHz : 210;
            const auto health = layout.health.find(g);
            if (health != layout.health.end()) {
                if (health->second == "hot") {
                    gpu.throttled = true;
                    gpu.temperatureC = 88 + static_cast<int>((seconds / 15) % 4);
                    gpu.powerW = product.powerCapW - 5;
                    gpu.smClockMHz = product.maxSmClockMHz * 65 / 100;
                } else if (health->second.rfind("xid-", 0) == 0) {
                    const std::string code = health->second.substr(4);
                    std::from_chars(code.data(), code.data() + code.size(), gpu.xid);
                }
            }
            gpu.memoryTemperatureC = gpu.temperatureC + 3;
        }
        for (std::size_t i = 0; i < instances.size(); ++i) {
            const MigInstance &m = layout.mig[i];
            SimGpu &inst = instances[i];
            std::vector<SimGpuHolder> holders = std::move(inst.holders);
            inst = gpus[static_cast<std::size_t>(m.gpu)]; // the parent's readings
            inst.holders = std::move(holders);
            inst.parentUuid = inst.uuid;
            inst.uuid = uuidText("MIG-", fnv1a(nodeName + '/' + std::to_string(m.gpu) + '/' +
                                               std::to_string(m.instanceId)));
            inst.memoryMiB = m.memoryMiB;
            inst.memoryUsedMiB = std::min(m.memoryMiB, instanceMemory[i]);
            inst.migProfile = m.profile;
            inst.migInstanceId = m.instanceId;
            inst.migEnabled = false;
            inst.processes.clear();
        }
        std::vector<SimGpu> &all = (*out)[nodeName];
        all = std::move(gpus);
        for (SimGpu &inst : instances)
            all.push_back(std::move(inst));
    }
    return out;
}

} // namespace cubedesk::sim
