#pragma once

// GpuReadings: what DCGM reports about each GPU and MIG instance of a cluster, read from
// Prometheus (the dcgm-exporter series), attributed to the node and the pod that holds it.
//
// Each device is attributed to its node and pod by GpuSeriesAttribution.
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

    /// The readings are asked in two instant queries evaluated at one time
    /// (PrometheusEndpoint::queryPath's `time`): identityQuery() gives each device's identifying
    /// labels once — whichever fields carry them —, valuesQuery() each field's value labelled
    /// only with the device's UUID and MIG instance. Together a third of the bytes of query():
    /// there the exporter's and the scrape's labels repeat on each of the seven fields (at
    /// 40,000 GPUs, 149 MB against ~50 MB), and the bytes were most of a refresh's cost.
    static std::string identityQuery();
    static std::string valuesQuery();
    /// Every field's series whole, all labels: for installs whose relabelling left some device
    /// without a UUID (then values cannot be matched to identities; fromAnswers says so).
    static std::string query();

    struct Decoded {
        std::vector<GpuReading> readings; ///< sorted by node, GPU and MIG instance
        std::string error; ///< why there are none: Prometheus's error, a body that is no answer
        /// Some identity has no UUID, or one UUID and instance name devices of two nodes: the
        /// values cannot be matched; ask query() and read it with fromAnswer().
        bool needsWholeSeries = false;
    };
    /// One reading per device of the two answers, attributed by `attribution` (built on the
    /// thread that owns the cluster's objects; used here on any). The bodies are decoded in
    /// place and streamed: no series is kept. Each answer may have at most `maxSeries` series.
    static Decoded fromAnswers(std::string &identities, std::string &values,
                               const GpuSeriesAttribution &attribution, std::size_t maxSeries);
    /// One reading per device found in an answer of query(), the same way.
    static Result<std::vector<GpuReading>, std::string>
    fromAnswer(std::string &wholeSeries, const GpuSeriesAttribution &attribution,
               std::size_t maxSeries);
    /// The most series an answer about a cluster of `nodes` nodes may have: every field of
    /// every device a node could have (8 GPUs and 7 MIG instances of one), never under 200,000
    /// — a bound, so that a runaway answer fails with a message instead of becoming rows.
    static std::size_t maxSeriesFor(std::size_t nodes);
    /// A temperature at or above this is shown as running hot (throttling territory).
    static constexpr double kHotCelsius = 85.0;
};

} // namespace cubedesk::k8s
