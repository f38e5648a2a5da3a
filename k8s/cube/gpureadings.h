#pragma once

// GpuReadings: what DCGM reports about each GPU and MIG instance of a cluster, read from
// Prometheus (the dcgm-exporter series), attributed to the node and the pod that holds it.
//
// Each series is attributed to its node, device and pod by GpuSeriesAttribution.
// A value the exporter left out, or NaN/Inf, is no data (nullopt), never a number.
//
// Pure functions; any thread.

#include "k8s/cube/dumprows.h"
#include "k8s/cube/promresponse.h"

#include <optional>
#include <string>
#include <vector>

namespace cubedesk::k8s {

class GpuSeriesAttribution;

struct GpuReading {
    std::string node; ///< "" when no node could be matched
    int gpu = -1;     ///< the node's GPU index
    std::string uuid;
    std::string model;
    std::string migProfile; ///< "" for a whole GPU
    std::string migInstance;
    std::string podNamespace; ///< "" when no pod holds it, or the exporter could not say
    std::string pod;
    std::string container;
    std::optional<double> utilization; ///< percent
    std::optional<double> memoryUsedMiB;
    std::optional<double> memoryFreeMiB;
    std::optional<double> powerW;
    std::optional<double> temperatureC;
    std::optional<double> smClockMHz;
    std::optional<int> xid; ///< the last XID error (0: none)
};

class GpuReadings final {
public:
    GpuReadings() = delete;

    /// The instant query for every field read here (one request for all of them).
    static std::string query();
    /// One reading per device found in `answer` (the query's result), sorted by node, GPU and
    /// MIG instance; `cluster` gives the nodes and pods to attribute to.
    static std::vector<GpuReading> fromResponse(const PromResponse &answer,
                                                const ClusterSnapshot &cluster);
    /// The same against an attribution built beforehand (it may be built on one thread and
    /// used on another: the window decodes and attributes off its GUI thread).
    static std::vector<GpuReading> fromResponse(const PromResponse &answer,
                                                const GpuSeriesAttribution &attribution);
    /// A temperature at or above this is shown as running hot (throttling territory).
    static constexpr double kHotCelsius = 85.0;
};

} // namespace cubedesk::k8s
