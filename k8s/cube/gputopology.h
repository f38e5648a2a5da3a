#pragma once

// GpuTopology: how the GPUs (and NICs) of one node are wired, as `nvidia-smi topo -m` reports it
// — the link type of every device pair (NV#, PIX, PXB, PHB, NODE, SYS), each GPU's CPU and NUMA
// affinity and, on Grace systems, its own GPU NUMA ID — plus what follows from it: NVLink
// islands (connected components of the GPUs over direct NV# links), the NUMA nodes, each link's
// bandwidth class, and the placement score of a GPU set (docs/platform.md):
// every pair of the set scores 100 when an NVLink joins it, else 50 when both GPUs sit on the
// same NUMA node, else 0 (across NUMA nodes, or unknown). A set of k GPUs scores at most
// 100 × k(k−1)/2.
//
// Sources (Source): the node annotation `cubedesk.io/gpu-topology` and a file the user imported
// carry the full matrix (GpuTopologyParser); a NodeResourceTopology object carries only zones —
// how many GPUs sit on each NUMA node and how many of them are free there (NrtTopologyParser) —
// so its topology has no links (hasLinks() false: every pair is Unknown) and its GPUs are named
// after their zone ("N0.0", "N0.1", "N1.0", ...) because the object gives no device indices.
// Free GPUs per NUMA node (zoneFree) may be attached to a matrix topology from an NRT object.
//
// Devices are ordered GPUs first, then NICs, each in the order of the source; device index i < n
// (n = gpuCount()) is GPU i. The link matrix is square over all devices.
//
// A value type: immutable once built, cheap to copy relative to how rarely it is built; any
// thread may read it.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

class GpuTopology final {
public:
    /// How two devices are connected (nvidia-smi's legend). Older drivers' SOC is Sys.
    enum class LinkType : std::uint8_t {
        Unknown, ///< not reported (NRT source, "N/A")
        Self,    ///< X
        NVLink,  ///< NV#: a bonded set of # NVLinks
        Pix,     ///< at most a single PCIe bridge
        Pxb,     ///< multiple PCIe bridges, not through the host bridge
        Phb,     ///< through a PCIe host bridge (typically the CPU)
        Node,    ///< through the interconnect between host bridges within a NUMA node
        Sys,     ///< through the SMP interconnect between NUMA nodes (QPI/UPI)
    };
    /// What a link costs, best first; the matrix colours cells by it.
    enum class BandwidthClass : std::uint8_t {
        NVLink,     ///< NV#
        PcieSwitch, ///< PIX, PXB: peer to peer through PCIe switches, CPU not involved
        HostBridge, ///< PHB, NODE: through the CPU's root complex, same NUMA node
        CrossNuma,  ///< SYS: across the CPU interconnect
        Self,       ///< X
        Unknown,
    };
    enum class Source : std::uint8_t { None, Annotation, NodeResourceTopology, ImportedFile };

    struct Link {
        LinkType type = LinkType::Unknown;
        int nvlinks = 0;  ///< # of NV# (NVLink only)
        std::string text; ///< as the source wrote it ("NV12", "SYS"); "" when not reported
        bool operator==(const Link &) const = default;
    };
    struct Device {
        std::string name; ///< "GPU0", "NIC1", "mlx5_0" (older drivers), "N0.1" (NRT)
        bool gpu = true;
        std::string cpuAffinity;      ///< "0-23", "0-51,104-155"; "" when not reported
        std::optional<int> numa;      ///< "NUMA Affinity"; nullopt for N/A or not reported
        std::optional<int> gpuNumaId; ///< "GPU NUMA ID" (Grace); nullopt for N/A
        std::string alias;            ///< NIC legend name ("mlx5_0"), "" when none
        bool operator==(const Device &) const = default;
    };

    /// The placement score of one pair (see above) and of the best possible pair.
    static constexpr int kNvlinkPairScore = 100;
    static constexpr int kSameNumaPairScore = 50;

    GpuTopology() = default;
    /// `links` row-major over `devices`, devices.size()² entries (missing entries are Unknown,
    /// extra ones ignored). Devices (and the matrix with them) are reordered GPUs first, keeping
    /// the source's order within GPUs and within NICs.
    GpuTopology(std::vector<Device> devices, std::vector<Link> links, Source source);

    Source source() const { return m_source; }
    /// False when no pair has a known link type (NRT source).
    bool hasLinks() const { return m_hasLinks; }

    std::size_t deviceCount() const { return m_devices.size(); }
    std::size_t gpuCount() const { return m_gpuCount; }
    std::size_t nicCount() const { return m_devices.size() - m_gpuCount; }
    const Device &device(std::size_t i) const { return m_devices[i]; }
    const std::vector<Device> &devices() const { return m_devices; }
    const Link &link(std::size_t a, std::size_t b) const;

    /// NVLink islands: the connected components of the GPUs over NV# links, two GPUs or more
    /// each, ordered by their first GPU; each lists GPU indices in ascending order.
    const std::vector<std::vector<int>> &islands() const { return m_islands; }
    /// The island of `gpu`, -1 when it has no NVLink.
    int islandOf(std::size_t gpu) const { return m_islandOf[gpu]; }
    /// Distinct NUMA nodes of the GPUs, ascending.
    const std::vector<int> &numaNodes() const { return m_numaNodes; }

    /// Free GPUs per NUMA node, when known (from a NodeResourceTopology's "available").
    const std::map<int, int> &zoneFree() const { return m_zoneFree; }
    void setZoneFree(std::map<int, int> free) { m_zoneFree = std::move(free); }

    /// Pair score of GPUs a and b (100 NVLink, 50 same NUMA, else 0); 0 when a == b.
    int pairScore(std::size_t a, std::size_t b) const;
    /// Sum of pairScore over the pairs of `gpus` (indices < gpuCount()).
    int score(const std::vector<int> &gpus) const;
    /// The best score a set of `k` GPUs can reach: 100 × k(k−1)/2.
    static int maxScore(int k) { return kNvlinkPairScore * k * (k - 1) / 2; }
    /// How many distinct NUMA nodes / NVLink islands `gpus` touch (a GPU without NVLink counts
    /// as an island of its own; unknown NUMA counts as one NUMA node of its own).
    int numaSpan(const std::vector<int> &gpus) const;
    int islandSpan(const std::vector<int> &gpus) const;

    static BandwidthClass bandwidthClass(LinkType type);
    /// "NV#", "PIX", "PXB", "PHB", "NODE", "SYS", "X", "?"
    static std::string_view linkTypeName(LinkType type);
    static std::string_view bandwidthClassName(BandwidthClass c);
    static std::string_view sourceName(Source source);

    /// "GPU0-3,GPU6" style compact list of GPU names (consecutive GPUn runs collapsed).
    std::string describeSet(const std::vector<int> &gpus) const;

    bool operator==(const GpuTopology &other) const {
        return m_devices == other.m_devices && m_links == other.m_links &&
               m_source == other.m_source && m_zoneFree == other.m_zoneFree;
    }

private:
    std::vector<Device> m_devices;
    std::vector<Link> m_links;
    std::size_t m_gpuCount = 0;
    Source m_source = Source::None;
    bool m_hasLinks = false;
    std::vector<std::vector<int>> m_islands;
    std::vector<int> m_islandOf;
    std::vector<int> m_numaNodes;
    std::map<int, int> m_zoneFree;
};

} // namespace cubedesk::k8s
