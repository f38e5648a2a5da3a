#pragma once

// nvidia-smi as it prints inside a simulated container: the GPUs a container sees and what the
// NVIDIA driver's tool prints about them, word for word and column for column.
//
// The layout is the one of the 550 driver series (driver 550.54.15, CUDA 12.4): the date line
// (followed by seven spaces, as the tool prints it), a box 91 columns wide with the version line,
// one three-line row per GPU, a line of 89 spaces, then the Processes box. Note: the 89-column
// layout belongs to the 535 series and older; from 550 on every boxed line is 91 columns wide and
// the PID column is 10 wide (570 and later widen it again — not reproduced).
//
// Product names: the node label nvidia.com/gpu.product is the marketing name with spaces replaced
// by '-' ("NVIDIA-A100-SXM4-80GB", "NVIDIA-H100-80GB-HBM3"); gpuMarketingName() undoes that (the
// hyphens inside "A100-SXM4-80GB"-style model names are kept, the others become spaces).
//
// Everything here is pure computation on the values given (no host access); the caller computes
// utilisation, memory, temperature and power over time and passes the current values.
//
// Thread-safety: free functions on their arguments; any thread.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cubedesk::sim {

/// A pod's container that holds a GPU (or a share of one, or a MIG instance).
struct SimGpuHolder {
    std::string ns;
    std::string pod;
    std::string container;
    std::string uid; ///< the pod's
};

/// One GPU of a simulated node (NodeGpus), or one a container sees (ExecContext renumbers
/// `index` from 0). A MIG instance is a device of its own with `migProfile` set.
struct SimGpu {
    int index = 0;                                 ///< the node's GPU index (DCGM's "gpu")
    std::string uuid;                              ///< "GPU-5d7c8e0a-..."
    std::string product = "NVIDIA-A100-SXM4-80GB"; ///< the node label nvidia.com/gpu.product
    int memoryMiB = 81920;                         ///< framebuffer (a MIG instance's share)
    std::string busId = "00000000:07:00.0";
    int utilizationPercent = 0; ///< current value; -1: not reported (a MIG-enabled GPU)
    int memoryUsedMiB = 0;
    int temperatureC = 35;
    int memoryTemperatureC = 38;
    int powerW = 60;
    int powerCapW = 400;
    int smClockMHz = 210;
    int maxSmClockMHz = 1410;
    int memClockMHz = 1593;
    int xid = 0;              ///< the last XID error (0: none)
    bool throttled = false;   ///< held back by temperature (a hot GPU)
    bool nvlink = true;       ///< SXM parts; PCIe cards (T4) report no NVLink counters
    bool rowRemapping = true; ///< Ampere and later
    std::string migProfile;   ///< "1g.10gb" for a MIG instance
    std::string parentUuid;   ///< a MIG instance's GPU
    int migInstanceId = -1;   ///< its GPU instance id (DCGM's GPU_I_ID)
    bool migEnabled = false;  ///< a whole GPU split into MIG instances
    bool shared = false;      ///< time-sliced or split (HAMi): several containers may hold it
    std::vector<SimGpuHolder> holders;
    std::vector<std::pair<int, std::string>> processes; ///< pid, name, e.g. {1234, "python"}
};

inline constexpr std::string_view kNvidiaDriverVersion = "550.54.15";
inline constexpr std::string_view kNvidiaCudaVersion = "12.4";

/// "NVIDIA A100-SXM4-80GB" from "NVIDIA-A100-SXM4-80GB"; a name with spaces is returned as is.
std::string gpuMarketingName(std::string_view productLabel);

/// The default output of `nvidia-smi` (lines end with '\n').
std::string formatNvidiaSmi(const std::vector<SimGpu> &gpus,
                            std::chrono::system_clock::time_point now);

/// `nvidia-smi -L`: "GPU 0: NVIDIA A100-SXM4-80GB (UUID: GPU-...)" per GPU.
std::string formatNvidiaSmiList(const std::vector<SimGpu> &gpus);

/// What one `nvidia-smi ARGS...` run prints. `gpus` must not be empty (a container without the
/// NVIDIA runtime has no nvidia-smi at all: the shell reports "not found", see simshell.h).
struct NvidiaSmiRun {
    std::string out;
    std::string err;
    int exitCode = 0;
    /// `-l SEC` / `--loop=SEC`: print again every SEC seconds until interrupted.
    std::optional<double> loopSeconds;
};

/// Supported: no argument, -L/--list-gpus, -i/--id=N, --query-gpu=F,... with
/// --format=csv[,noheader][,nounits], --query-compute-apps=F,..., -l/--loop=SEC, -h/--help,
/// --version. Anything else is refused as the tool does (exit 2).
NvidiaSmiRun runNvidiaSmi(const std::vector<std::string> &args, const std::vector<SimGpu> &gpus,
                          std::chrono::system_clock::time_point now);

} // namespace cubedesk::sim
