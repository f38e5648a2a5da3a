#pragma once
// ResourceUsage: the one place that turns ClusterAccounting amounts (requested vs allocatable)
// into the Usage values the bars paint — CPU in cores, memory in GiB, whole GPUs counted as
// DumpRows::gpus does — so every pane and `--dump` show the same numbers. Pure functions.

#include "k8s/cube/clusteraccounting.h"
#include "models/usage.h"

namespace cubedesk::models {

class ResourceUsage final {
public:
    using Amounts = k8s::ClusterAccounting::Amounts;
    static Usage cpu(const Amounts &requested, const Amounts &allocatable);
    static Usage memory(const Amounts &requested, const Amounts &allocatable);
    static Usage gpus(const Amounts &requested, const Amounts &allocatable);
    /// "used / total [unit]", one decimal only when a value has a fraction.
    static Usage of(double used, double total, const QString &unit = {});
    /// The amount of `name`, 0 when absent.
    static std::int64_t amount(const Amounts &amounts, const char *name);
};

} // namespace cubedesk::models
