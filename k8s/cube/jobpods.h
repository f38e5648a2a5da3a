#pragma once

// JobPods: which pods belong to a training job, which replica each one is, and the order a job's
// aggregated log lists them in (docs/platform.md, "Jobs"). One rule for the cache (ClusterStore)
// and for the command line (`cubedesk --logs job:…`), which reads pods as JSON: callers hand in
// what the pod says — its owner references and a label lookup.
//
// Stateless; any thread.

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

class JobPods final {
public:
    struct Owner {
        std::string_view kind;
        std::string_view name;
    };
    /// The value of a pod label, or nullopt.
    using LabelLookup = std::function<std::optional<std::string_view>(std::string_view key)>;

    /// A pod in the job's namespace belongs to job `kind`/`name` when the job owns it (kind
    /// compared without case: "PyTorchJob" and "pytorchjob") or when one of the labels the
    /// operators set (JobKinds::podJobNameLabels()) names the job.
    static bool belongsTo(std::string_view kind, std::string_view name,
                          const std::vector<Owner> &owners, const LabelLookup &labels);

    /// 0 for the replica that leads the job (launcher, master, chief, Spark driver, Volcano's
    /// master task), 1 for the others: leaders come first in a job's log.
    static int rank(const LabelLookup &labels);

    /// The replica a pod is, as a log prefix names it: "master-0", "worker-3" (Kubeflow's
    /// replica type and index), "driver" (Spark), Volcano's task name plus the index; else the
    /// pod's name.
    static std::string replica(std::string_view podName, const LabelLookup &labels);
};

} // namespace cubedesk::k8s
