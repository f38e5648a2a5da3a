#pragma once

#include "k8s/cube/jobphase.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cubedesk::k8s {

class CustomResource;

/// One ML job as the Jobs pane and `cubedesk --dump jobs` show it: the same values in both.
/// Built from the slim CustomResource by from(); a plain value, any thread.
struct JobRow {
    struct Role {
        std::string role;
        std::int64_t replicas = 0; ///< from the spec (0 when the kind reports status only)
        std::int64_t active = 0;
        std::int64_t succeeded = 0;
        std::int64_t failed = 0;
    };

    std::string cluster;
    std::string key; ///< "resource-id/namespace/name" (ClusterStore's key)
    std::string ns;
    std::string kind; ///< "PyTorchJob", "Job" (Volcano), ...
    std::string apiVersion;
    std::string name;
    JobPhase::Value phase = JobPhase::Value::Unknown;
    std::string rawPhase; ///< what the object said (for tooltips; "" for condition kinds)
    std::vector<Role> roles;
    /// GPUs requested by all replicas together: whole-device resources (DumpRows::
    /// gpuResourceNames) summed; MIG slices and shares are in gpuDetail only.
    std::int64_t gpus = 0;
    std::string gpuDetail; ///< "8 nvidia.com/gpu", "2 nvidia.com/mig-1g.10gb", ...
    std::string runId;     ///< the platform's run labels (docs/platform.md)
    std::string pipelineName;
    std::string runUsername;
    std::string taskName;
    std::int64_t created = 0;  ///< seconds since the epoch
    std::int64_t started = 0;  ///< 0 when not started
    std::int64_t finished = 0; ///< 0 when not finished
    bool suspendable = false;  ///< spec.runPolicy present
    bool suspended = false;
    bool pastTimeout = false; ///< running longer than the platform's 2 days

    /// "Worker 3 (2 active, 1 succeeded) · Master 1 (1 active)" style, compact for tables:
    /// "Master 1/1 · Worker 2/3" = active/replicas per role, "+1✓ 1✗" for finished ones.
    std::string replicasText() const;
    /// Seconds from start to finish, or to `now` while running; 0 when not started.
    std::int64_t durationSeconds(std::int64_t now) const;

    static JobRow from(const std::string &cluster, const std::string &key,
                       const CustomResource &job, std::int64_t now);
};

} // namespace cubedesk::k8s
