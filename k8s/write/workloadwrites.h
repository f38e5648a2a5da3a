#pragma once

#include "k8s/api/result.h"
#include "k8s/objects/resourcedescriptor.h"
#include "k8s/write/writerequest.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace cubedesk::k8s {

/// The requests of the resource browser's actions (docs/writes.md), each what kubectl sends for
/// the same command, with the object's resourceVersion as a precondition wherever the API takes
/// one, so that nothing changed since the user looked is overwritten (409 instead):
///   scale            PATCH …/NAME/scale, merge patch {"metadata":{"resourceVersion"},
///                    "spec":{"replicas"}} (kubectl scale; Deployments, StatefulSets,
///                    ReplicaSets);
///   restart          PATCH, strategic merge of spec.template.metadata.annotations
///                    ["kubectl.kubernetes.io/restartedAt"] (kubectl rollout restart;
///                    Deployments, StatefulSets, DaemonSets);
///   suspend/resume   PATCH, merge patch of a CronJob's spec.suspend;
///   run now          POST of a Job made from a CronJob's jobTemplate, owned by the CronJob and
///                    annotated cronjob.kubernetes.io/instantiate: manual (kubectl create job
///                    --from=cronjob/NAME);
///   delete           DELETE with DeleteOptions: the propagation policy chosen and the
///                    object's uid and resourceVersion as preconditions.
/// Pure functions; any thread.
class WorkloadWrites final {
public:
    WorkloadWrites() = delete;

    /// The object an action is about: its collection, namespace, name and, for the
    /// preconditions, what the user saw.
    struct Target {
        ResourceDescriptor resource;
        std::string ns;
        std::string name;
        std::string resourceVersion;
        std::string uid;
        std::string kind; ///< "Deployment": for messages
    };
    enum class Propagation { Background, Foreground, Orphan };

    /// "/apis/apps/v1/namespaces/NS/deployments/NAME"
    static std::string path(const Target &target);
    static WriteRequest scale(const Target &target, std::int64_t replicas);
    /// `now`: RFC 3339, what kubectl writes into the annotation.
    static WriteRequest restart(const Target &target, std::string_view now);
    static WriteRequest setCronJobSuspended(const Target &cronJob, bool suspend);
    /// `cronJobJson`: the CronJob as read (its jobTemplate and uid); `suffix`: what makes the
    /// Job's name unique ("NAME-manual-SUFFIX"). A CronJob without a jobTemplate gives an
    /// error message instead of a request.
    static Result<WriteRequest, std::string>
    runCronJob(const Target &cronJob, std::string_view cronJobJson, std::string_view suffix);
    static WriteRequest remove(const Target &target, Propagation propagation);
    static std::string_view propagationName(Propagation propagation);
};

} // namespace cubedesk::k8s
