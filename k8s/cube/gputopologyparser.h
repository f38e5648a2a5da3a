#pragma once

// GpuTopologyParser: reads the text of `nvidia-smi topo -m` (what the node annotation
// `cubedesk.io/gpu-topology` and imported files hold) into a GpuTopology.
//
// Robust to what real outputs and copies of them look like:
//   * cells separated by tabs, by spaces, or both (documentation copies reflow tabs to spaces);
//     " X " self cells; the empty field real drivers print before "GPU NUMA ID";
//   * text before the table (a "$ nvidia-smi topo -m" prompt, a Markdown fence) and after it
//     (the "Legend:" block, the "NIC Legend:" block whose "NIC0: mlx5_0" lines name the NICs);
//   * NIC rows and columns (NIC0…, or mlx5_0… as older drivers name them);
//   * the trailing columns "CPU Affinity", "NUMA Affinity", "GPU NUMA ID" and any other,
//     matched by their header title; N/A values are unknown;
//   * NV1 … NV18 (any count), PIX, PXB, PHB, NODE, SYS, SOC (older drivers: SYS), X;
//     case-insensitive; \r\n line ends;
//   * terminal escape sequences and control characters, which drivers since the 5xx series
//     write around the header even into a file or a pipe (removed before parsing);
//   * at most kMaxDevices devices: a header naming more is an error, not an n² allocation.
// The header is the first line whose first token is a device name (letters, digits and '_',
// ending in a digit: GPU0, NIC0, mlx5_0); device columns are the header's tokens up to the first
// that is not such a name; the rest of the header, split at tabs or runs of two or more spaces,
// gives the titles of the trailing columns. A row is a line starting with a header device name;
// its first N whitespace-separated tokens are the link cells (N = header devices), the remaining
// tokens are the trailing values in title order. The table ends at the first blank line or
// "Legend" line after at least one row.
//
// Broken input yields errors (each with its 1-based line number) and no topology: no header, no
// GPU column, a header device without its row, a duplicated row, a row with too few cells, an
// unknown link token (with its column), a missing X on the diagonal. Warnings (the topology is
// still returned): asymmetric link pairs, NUMA values that are not numbers, extra tokens.
//
// Pure function; any thread.

#include "k8s/cube/gputopology.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

class GpuTopologyParser final {
public:
    GpuTopologyParser() = delete;
    /// More devices than this in a header is an error, not an n² allocation (a real node has a
    /// few dozen GPUs and NICs).
    static constexpr std::size_t kMaxDevices = 512;

    struct Problem {
        int line = 0; ///< 1-based; 0 when it concerns the whole text
        std::string message;
        /// "line 4: ..." (or the message alone when line is 0)
        std::string toString() const;
    };
    struct Result {
        std::optional<GpuTopology> topology; ///< nullopt when errors is not empty
        std::vector<Problem> errors;
        std::vector<Problem> warnings;
        bool ok() const { return topology.has_value(); }
    };

    static Result parse(std::string_view text,
                        GpuTopology::Source source = GpuTopology::Source::Annotation);

    /// One cell token ("NV12", "sys", "X"); nullopt when it is not a link token. "N/A"/"NA" is
    /// Unknown.
    static std::optional<GpuTopology::Link> parseLink(std::string_view token);
};

} // namespace cubedesk::k8s
