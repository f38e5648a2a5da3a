#pragma once

// GpuDumpRows: the rows of `cubedesk --dump gpus` — one per GPU node and GPU resource name
// (GpuInventory), sorted by cluster, node and resource kind:
//   cluster, node, org, status (Ready / NotReady, ",SchedulingDisabled"), gpu_type, product,
//   resource, kind (whole | mig | replica | vgpu-cores | vgpu-memory), sharing (none |
//   time-slicing | mps | mig | vgpu), replicas, mig_strategy, memory_mib (per GPU), physical_gpus,
//   capacity, total (allocatable), used (requested), free, idle (free whole units on a Ready,
//   schedulable node), pods (the pods holding this resource: "namespace/name=units", comma-
//   separated), and, where a topology is known (GpuTopologyResolver: annotation, NRT object,
//   imported file), topology_source, gpus ("GPU0,GPU1,…"), devices (GPUs then NICs), links (one
//   matrix row per device, "GPU0:X,NV12,…;GPU1:…"), numa_affinity ("GPU0=0,…", "?" unknown),
//   cpu_affinity ("GPU0=0-23,…"), nvlink_islands ("GPU0-7", islands separated by ";"),
//   numa_free (free GPUs per NUMA node from an NRT object, "0=2,1=4"), and topology_error (why a
//   present source was ignored). After `pods`, where the cluster's Prometheus has DCGM readings
//   (GpuReadings) for the row's devices (its whole GPUs, or its MIG instances of that profile):
//   util_percent (mean), mem_used_mib and mem_total_mib (sums), power_w (sum), temp_max_c,
//   health ("ok", or "GPU5 xid 79;GPU2 hot 89.0C"), and metrics_error (why the cluster has
//   none). Every row has every field ("" when unknown — never 0 for unknown), so TSV columns
//   line up.
//
// Pure function of the snapshots (and the NodeResourceTopologyList bodies fetched per cluster,
// and the imported files, read through GpuTopologyFiles); any thread.

#include "k8s/cube/dumprow.h"
#include "k8s/cube/dumprows.h"
#include "k8s/cube/gpuinventory.h"
#include "k8s/cube/gpureadings.h"

#include <map>
#include <string>
#include <vector>

namespace cubedesk::k8s {

class GpuDumpRows final {
public:
    GpuDumpRows() = delete;

    struct Options {
        GpuInventory::Config config = GpuInventory::Config::fromEnvironment();
        /// NodeResourceTopologyList JSON bodies by cluster name (fetched by the caller).
        std::map<std::string, std::string> nrtLists;
        /// Read the user's imported topology files (GpuTopologyFiles).
        bool readImportedFiles = true;
        /// DCGM readings from each cluster's Prometheus (GpuReadings), by cluster name, and why
        /// a cluster has none.
        std::map<std::string, std::vector<GpuReading>> readings;
        std::map<std::string, std::string> metricsErrors;
    };

    static std::vector<DumpRow> rows(const std::vector<ClusterSnapshot> &clusters,
                                     const Options &options);
};

} // namespace cubedesk::k8s
