#pragma once

#include "k8s/sim/apierror.h"
#include "k8s/sim/resourcetype.h"

#include <nlohmann/json.hpp>

namespace cubedesk::sim {

/// The `scale` subresource of Deployments, ReplicaSets and StatefulSets as the API server
/// serves it: an `autoscaling/v1` Scale whose metadata is the object's (name, namespace, uid,
/// resourceVersion, creationTimestamp), spec.replicas the object's spec.replicas and status
/// {replicas: status.replicas, selector: the label selector as text, "k=v,k2 in (a,b)"}. A write
/// of a Scale changes only the object's spec.replicas (a resourceVersion in it is a
/// precondition). kubectl scale PATCHes it with a merge patch {"spec":{"replicas":N}}.
///
/// Thread-safety: stateless static functions; safe from any thread.
class ScaleSubresource final {
public:
    ScaleSubresource() = delete;

    /// The Scale of a stored workload.
    static nlohmann::json scaleOf(const nlohmann::json &object);
    /// spec.replicas of a Scale a client sent: a non-negative integer, else the 422 the API
    /// server answers.
    static Result<int> replicasOf(const nlohmann::json &scale, const std::string &name);
};

} // namespace cubedesk::sim
