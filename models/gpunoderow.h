#pragma once
// GpuNodeRow: one row of the GPU inventory table (GpuInventoryModel), precomputed when the node,
// its pods or its topology sources change, so that data(), the bars and the sort index only read
// fields. Plain value type, GUI thread.

#include "k8s/cube/gpuinventory.h"
#include "k8s/cube/gputopology.h"
#include "models/clusterstore.h"
#include "models/usage.h"

#include <QString>

namespace cubedesk::models {

class ClusterConnection;

struct GpuNodeRow {
    ClusterConnection *cluster = nullptr;
    NodePtr node;
    k8s::GpuInventory::NodeGpus gpus;
    QString clusterName;
    QString name;
    QString status;     ///< Ready, NotReady, Ready,SchedulingDisabled
    int statusRank = 0; ///< Ready < SchedulingDisabled < NotReady
    QString org;
    QString model;   ///< gpu-type, else the GFD product
    QString product; ///< the GFD product (tooltip)
    QString sharing; ///< "whole", "time-slicing ×4", "MIG mixed", "HAMi vGPU"
    Usage usage;     ///< whole GPUs requested / allocatable, else shares or MIG instances
    qint64 idle = 0;
    qint64 memoryMiB = 0;
    QString memory; ///< per GPU, "80 GiB"
    QString slices; ///< MIG instances or vGPU cores/memory, "1g.10gb 1/2 · 2g.20gb 0/1"
    k8s::GpuTopology::Source topologySource = k8s::GpuTopology::Source::None;
    QString topology;        ///< "NVLink · 1 island · 2 NUMA", "NUMA only (NRT) · 2 NUMA"
    QString topologyProblem; ///< why a present source was ignored
    QString haystack;        ///< lower-case text the filter searches
};

} // namespace cubedesk::models
