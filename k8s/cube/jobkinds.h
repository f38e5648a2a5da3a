#pragma once

#include "k8s/objects/resourcedescriptor.h"

#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

/// The ML job kinds CubeDesk follows (docs/platform.md): which API group and plural each
/// is served under, how its status is read (JobPhase), and the Volcano Queue the Quotas pane
/// shows. A cluster serves some of them, in versions of its own: the session looks each up in
/// discovery and watches the preferred version (ClusterSession::Options::ifServed).
/// Pure data; any thread.
class JobKinds final {
public:
    /// How a kind reports its state (JobPhase::of).
    enum class Family {
        Kubeflow, ///< training-operator kinds and the platform's legacy groups: conditions
        Volcano,  ///< status.state.phase
        Spark,    ///< status.applicationState.state
        Argo,     ///< status.phase
    };
    struct Kind {
        std::string group;
        std::string plural;
        std::string kind;
        Family family;
    };

    /// Every job kind, in the order the Jobs pane groups them.
    static const std::vector<Kind> &all();
    /// The kind served under `group` (from a job's apiVersion "group/version"), matched by
    /// kind name; nullptr for kinds outside the catalogue.
    static const Kind *find(std::string_view apiVersion, std::string_view kind);
    /// Watch descriptors for every job kind plus the Volcano Queue (version left for discovery).
    static std::vector<ResourceDescriptor> descriptors();
    /// The Volcano Queue descriptor (cluster-scoped).
    static ResourceDescriptor volcanoQueues();
    /// CRDs that have a lifecycle but are not jobs (a job's PodGroup, a node's topology, the
    /// Prometheus operator's servers): ids the generic job watch leaves out.
    static std::vector<std::string> notJobs();
    /// The pod labels whose value names the job a pod belongs to, as the operators set them
    /// (training.kubeflow.org/job-name, volcano.sh/job-name, job-name, Spark's and Argo's).
    static const std::vector<std::string> &podJobNameLabels();
    /// True for a descriptor id ("pytorchjobs.kubeflow.org") that names a job kind.
    static bool isJobResource(std::string_view resourceId);
};

} // namespace cubedesk::k8s
