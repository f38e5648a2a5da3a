#pragma once

// GpuHistory: one node's DCGM history, for the GPUs pane's charts and sparklines — the range
// query of one field for the devices of one node, and its answer as one series per device
// (whole GPUs by index, then MIG instances), attributed as every DCGM series is
// (GpuSeriesAttribution) and kept only when it belongs to that node.
//
// The query names the node the ways installs label it (the exporter's `Hostname` or
// `hostname`, a relabelled `node` or `kubernetes_node`, or the target's `instance` at the node's
// InternalIP), so it asks for that node's series only, never the cluster's.
//
// Pure functions; any thread.

#include "k8s/cube/dumprows.h"
#include "k8s/cube/promresponse.h"

#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

class GpuHistory final {
public:
    GpuHistory() = delete;

    enum class Field { Utilization, MemoryUsed, Power, Temperature };

    struct Device {
        int gpu = -1;
        std::string uuid;
        std::string migProfile; ///< "" for a whole GPU
        std::string migInstance;
        std::string pod; ///< "namespace/name" of the pod holding it at the last sample, or ""
        std::vector<PromResponse::Sample> samples; ///< in time order; not finite: no data
    };

    /// The dcgm-exporter series of `field` ("DCGM_FI_DEV_GPU_UTIL").
    static std::string_view metric(Field field);
    /// The range query of `field` for the devices of `node` (`internalIp` may be empty).
    static std::string nodeQuery(Field field, std::string_view node, std::string_view internalIp);
    /// The step for a range of `rangeSeconds`: about 240 points, never under 15 s (a scrape).
    static long long step(long long rangeSeconds);
    /// The devices of `node` in `answer`, sorted by GPU index and MIG instance; one series per
    /// device (several series of one device — a pod that changed — are merged in time order).
    static std::vector<Device> fromResponse(const PromResponse &answer,
                                            const ClusterSnapshot &cluster, std::string_view node);
};

} // namespace cubedesk::k8s
