#pragma once

// GpuSeriesAttribution: which node, GPU, MIG instance and pod a dcgm-exporter series belongs to,
// as real installs label them (docs/platform.md, "GPU utilization"):
// - the node: the exporter's `Hostname` (older versions) or `hostname` label when it names a
//   node, else a `node`/`kubernetes_node` label a relabelling added, else the target's
//   `instance` address matched to a node's InternalIP (the exporter runs with hostNetwork);
// - the pod: `exported_namespace`/`exported_pod`/`exported_container` when Prometheus renamed
//   the exporter's own labels (prometheus-operator's honorLabels false: then `pod` is the
//   exporter's pod and never the workload); otherwise `namespace`/`pod`/`container` — only when
//   that pod is bound to the node and requests GPUs, so an exporter's own pod is never taken
//   for a workload;
// - the device: `gpu` (index) and, for a MIG instance, `GPU_I_ID` and `GPU_I_PROFILE`;
//   `UUID` (or `uuid`) and `modelName` as given.
//
// Built from a cluster's snapshot (indexes its nodes and GPU pods; the window keeps one until the
// cluster's nodes or pods change); then const and usable from any thread. A series is read as
// decoded (PromResponse::Series) or as streamed (SeriesView), one pass over its labels.

#include "k8s/api/stringkeymap.h"
#include "k8s/cube/dumprows.h"
#include "k8s/cube/gpureadings.h"
#include "k8s/cube/promresponse.h"

#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

class GpuSeriesAttribution final {
public:
    explicit GpuSeriesAttribution(const ClusterSnapshot &cluster);

    /// A reading with the identity fields (node … container) of `series` filled, no values.
    GpuReading identify(const PromResponse::Series &series) const;
    GpuReading identify(const PromResponse::SeriesView &series) const;

    /// Every label identify() reads, as a PromQL grouping list: "Hostname, hostname, …" (a
    /// query aggregating `by (labelList())` keeps what identify() reads and nothing else).
    static std::string labelList();

private:
    /// The labels identify() reads, picked out of a series in one pass.
    struct Labels;
    using Index = StringKeyMap<std::string>;

    GpuReading identify(const Labels &labels) const;
    /// Where `index` maps `key`, or "" (a transparent lookup: no key is built).
    static const std::string &lookup(const Index &index, std::string_view key);

    Index m_nodeByName;
    Index m_nodeByIp;
    Index m_gpuPodNode; ///< "ns/name" → its node
};

} // namespace cubedesk::k8s
