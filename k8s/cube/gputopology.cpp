#include "k8s/cube/gputopology.h"

#include <algorithm>
#include <numeric>
#include <set>

namespace cubedesk::k8s {

GpuTopology::GpuTopology(std::vector<Device> devices, std::vector<Link> links, Source source)
    : m_source(source) {
    // GPUs first (device index = GPU number): reorder devices and the matrix together.
    const std::size_t n = devices.size();
    links.resize(n * n);
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_partition(order.begin(), order.end(),
                          [&](std::size_t i) { return devices[i].gpu; });
    m_devices.reserve(n);
    for (std::size_t i : order)
        m_devices.push_back(std::move(devices[i]));
    m_links.resize(n * n);
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = 0; b < n; ++b)
            m_links[a * n + b] = std::move(links[order[a] * n + order[b]]);
    m_gpuCount = static_cast<std::size_t>(
        std::count_if(m_devices.begin(), m_devices.end(), [](const Device &d) { return d.gpu; }));
    m_hasLinks = std::any_of(m_links.begin(), m_links.end(), [](const Link &l) {
        return l.type != LinkType::Unknown && l.type != LinkType::Self;
    });

    // Islands: union-find over direct NV# links between GPUs.
    std::vector<std::size_t> parent(m_gpuCount);
    std::iota(parent.begin(), parent.end(), std::size_t{0});
    auto find = [&](std::size_t x) {
        while (parent[x] != x)
            x = parent[x] = parent[parent[x]];
        return x;
    };
    std::vector<bool> linked(m_gpuCount, false);
    for (std::size_t a = 0; a < m_gpuCount; ++a)
        for (std::size_t b = a + 1; b < m_gpuCount; ++b)
            if (link(a, b).type == LinkType::NVLink || link(b, a).type == LinkType::NVLink) {
                linked[a] = linked[b] = true;
                const std::size_t ra = find(a);
                const std::size_t rb = find(b);
                if (ra != rb)
                    parent[std::max(ra, rb)] = std::min(ra, rb);
            }
    m_islandOf.assign(m_gpuCount, -1);
    std::map<std::size_t, int> islandOfRoot;
    for (std::size_t g = 0; g < m_gpuCount; ++g) {
        if (!linked[g])
            continue;
        auto [it, added] = islandOfRoot.try_emplace(find(g), static_cast<int>(m_islands.size()));
        if (added)
            m_islands.emplace_back();
        m_islands[static_cast<std::size_t>(it->second)].push_back(static_cast<int>(g));
        m_islandOf[g] = it->second;
    }

    std::set<int> numa;
    for (std::size_t g = 0; g < m_gpuCount; ++g)
        if (m_devices[g].numa)
            numa.insert(*m_devices[g].numa);
    m_numaNodes.assign(numa.begin(), numa.end());
}

const GpuTopology::Link &GpuTopology::link(std::size_t a, std::size_t b) const {
    static const Link unknown;
    const std::size_t n = m_devices.size();
    if (a >= n || b >= n)
        return unknown;
    return m_links[a * n + b];
}

int GpuTopology::pairScore(std::size_t a, std::size_t b) const {
    if (a == b || a >= m_gpuCount || b >= m_gpuCount)
        return 0;
    if (link(a, b).type == LinkType::NVLink || link(b, a).type == LinkType::NVLink)
        return kNvlinkPairScore;
    const auto &na = m_devices[a].numa;
    const auto &nb = m_devices[b].numa;
    if (na && nb && *na == *nb)
        return kSameNumaPairScore;
    return 0;
}

int GpuTopology::score(const std::vector<int> &gpus) const {
    int total = 0;
    for (std::size_t i = 0; i < gpus.size(); ++i)
        for (std::size_t j = i + 1; j < gpus.size(); ++j)
            total +=
                pairScore(static_cast<std::size_t>(gpus[i]), static_cast<std::size_t>(gpus[j]));
    return total;
}

int GpuTopology::numaSpan(const std::vector<int> &gpus) const {
    std::set<int> known;
    int unknown = 0;
    for (int g : gpus) {
        if (g < 0 || static_cast<std::size_t>(g) >= m_gpuCount)
            continue;
        if (const auto &n = m_devices[static_cast<std::size_t>(g)].numa)
            known.insert(*n);
        else
            ++unknown;
    }
    return static_cast<int>(known.size()) + unknown;
}

int GpuTopology::islandSpan(const std::vector<int> &gpus) const {
    std::set<int> islands;
    int alone = 0;
    for (int g : gpus) {
        if (g < 0 || static_cast<std::size_t>(g) >= m_gpuCount)
            continue;
        const int island = m_islandOf[static_cast<std::size_t>(g)];
        if (island >= 0)
            islands.insert(island);
        else
            ++alone;
    }
    return static_cast<int>(islands.size()) + alone;
}

GpuTopology::BandwidthClass GpuTopology::bandwidthClass(LinkType type) {
    switch (type) {
    case LinkType::NVLink:
        return BandwidthClass::NVLink;
    case LinkType::Pix:
    case LinkType::Pxb:
        return BandwidthClass::PcieSwitch;
    case LinkType::Phb:
    case LinkType::Node:
        return BandwidthClass::HostBridge;
    case LinkType::Sys:
        return BandwidthClass::CrossNuma;
    case LinkType::Self:
        return BandwidthClass::Self;
    case LinkType::Unknown:
        break;
    }
    return BandwidthClass::Unknown;
}

std::string_view GpuTopology::linkTypeName(LinkType type) {
    switch (type) {
    case LinkType::NVLink:
        return "NV#";
    case LinkType::Pix:
        return "PIX";
    case LinkType::Pxb:
        return "PXB";
    case LinkType::Phb:
        return "PHB";
    case LinkType::Node:
        return "NODE";
    case LinkType::Sys:
        return "SYS";
    case LinkType::Self:
        return "X";
    case LinkType::Unknown:
        break;
    }
    return "?";
}

std::string_view GpuTopology::bandwidthClassName(BandwidthClass c) {
    switch (c) {
    case BandwidthClass::NVLink:
        return "nvlink";
    case BandwidthClass::PcieSwitch:
        return "pcie-switch";
    case BandwidthClass::HostBridge:
        return "host-bridge";
    case BandwidthClass::CrossNuma:
        return "cross-numa";
    case BandwidthClass::Self:
        return "self";
    case BandwidthClass::Unknown:
        break;
    }
    return "unknown";
}

std::string_view GpuTopology::sourceName(Source source) {
    switch (source) {
    case Source::Annotation:
        return "annotation";
    case Source::NodeResourceTopology:
        return "noderesourcetopology";
    case Source::ImportedFile:
        return "imported";
    case Source::None:
        break;
    }
    return "";
}

std::string GpuTopology::describeSet(const std::vector<int> &gpus) const {
    std::vector<int> sorted(gpus);
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    // "GPUn" names collapse into runs; other names are listed one by one.
    auto number = [&](int g) -> int {
        const std::string &name = m_devices[static_cast<std::size_t>(g)].name;
        if (name.size() < 4 || name.compare(0, 3, "GPU") != 0)
            return -1;
        int value = 0;
        for (std::size_t i = 3; i < name.size(); ++i) {
            if (name[i] < '0' || name[i] > '9')
                return -1;
            value = value * 10 + (name[i] - '0');
        }
        return value;
    };
    std::string out;
    for (std::size_t i = 0; i < sorted.size();) {
        const int g = sorted[i];
        if (g < 0 || static_cast<std::size_t>(g) >= m_gpuCount) {
            ++i;
            continue;
        }
        if (!out.empty())
            out += ',';
        out += m_devices[static_cast<std::size_t>(g)].name;
        std::size_t j = i;
        const int first = number(g);
        if (first >= 0)
            while (j + 1 < sorted.size() && sorted[j + 1] < static_cast<int>(m_gpuCount) &&
                   number(sorted[j + 1]) == first + static_cast<int>(j + 1 - i))
                ++j;
        if (j > i)
            out += (j == i + 1 ? ",GPU" : "-") + std::to_string(number(sorted[j]));
        i = j + 1;
    }
    return out;
}

} // namespace cubedesk::k8s
