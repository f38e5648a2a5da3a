#pragma once

#include "k8s/sim/resourcetype.h"

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>

namespace cubedesk::sim {

/// The API server's defaulting (the SetDefaults_* functions of k8s.io/kubernetes/pkg/apis) for
/// the kinds a resource browser edits, applied to a document before it is stored or answered —
/// for real writes and dry runs alike, so a dry run shows what would be stored:
///   * Deployment: replicas 1, strategy RollingUpdate 25%/25%, revisionHistoryLimit 10,
///     progressDeadlineSeconds 600; StatefulSet: replicas 1, podManagementPolicy OrderedReady,
///     updateStrategy RollingUpdate (partition 0), revisionHistoryLimit 10, persistentVolume-
///     ClaimRetentionPolicy Retain/Retain; DaemonSet: updateStrategy RollingUpdate (maxUnavailable
///     1, maxSurge 0), revisionHistoryLimit 10; ReplicaSet: replicas 1; Job: parallelism 1,
///     completions 1 (both unset), backoffLimit 6, completionMode NonIndexed, suspend false,
///     manualSelector unset; CronJob: concurrencyPolicy Allow, suspend false,
///     successfulJobsHistoryLimit 3, failedJobsHistoryLimit 1;
///   * every pod template (and Pod): restartPolicy Always,
///     dnsPolicy ClusterFirst, schedulerName default-scheduler, terminationGracePeriodSeconds 30,
///     securityContext {}; containers and init containers: terminationMessagePath
///     /dev/termination-log, terminationMessagePolicy File, imagePullPolicy Always for a :latest
///     or untagged image else IfNotPresent, ports' protocol TCP;
///   * Service: type ClusterIP, sessionAffinity None, a clusterIP (and clusterIPs,
///     ipFamilies IPv4, ipFamilyPolicy SingleStack, internalTrafficPolicy Cluster) allocated from
///     10.96.0.0/12 deterministically by namespace and name, ports' protocol TCP and targetPort =
///     port.
/// Other kinds, ConfigMap among them, are left as they are. A present value is never replaced.
///
/// Thread-safety: stateless static functions; safe from any thread. Throws nothing: fields of
/// an unexpected type are left alone.
class ObjectDefaults final {
public:
    ObjectDefaults() = delete;

    static void apply(const ResourceType &type, nlohmann::json &object);
    /// Whether `type` is one of the kinds apply() defaults.
    static bool defaults(const ResourceType &type);

    /// metadata.managedFields after a server-side apply by `manager` of `applied` (the apply
    /// patch): the entry of that manager with operation Apply is replaced by one owning exactly
    /// the fields the patch sets (fieldsV1: "f:" keys, list items of merge key `name` as
    /// "k:{...}"), at `now`; its time is kept when the owned fields did not change.
    static void recordApply(nlohmann::json &object, const nlohmann::json &applied,
                            const std::string &manager, std::chrono::system_clock::time_point now);
};

} // namespace cubedesk::sim
