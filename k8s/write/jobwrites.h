#pragma once

#include "k8s/write/writerequest.h"

#include <optional>
#include <string>
#include <string_view>

namespace cubedesk::k8s {

class CustomResource;

/// Requests on one ML job (Jobs pane actions). The path comes from the job's apiVersion and
/// the resource's plural (ClusterStore keys start with "plural.group/"); nullopt when the
/// apiVersion has no group. Pure functions.
class JobWrites final {
public:
    /// "/apis/kubeflow.org/v1/namespaces/train/pytorchjobs/mnist"
    static std::optional<std::string> path(const CustomResource &job, std::string_view plural);
    /// GET of the full object (YAML view).
    static std::optional<WriteRequest> get(const CustomResource &job, std::string_view plural);
    /// DELETE with propagationPolicy=Background, so the operator's pods go too, with the job's
    /// resourceVersion as a precondition (409 when it changed since the user looked).
    static std::optional<WriteRequest> remove(const CustomResource &job, std::string_view plural);
    /// The plural of a ClusterStore job key ("pytorchjobs.kubeflow.org/ns/name" → "pytorchjobs").
    static std::string_view pluralOfKey(std::string_view key);
    /// Merge patch of spec.runPolicy.suspend (Kubeflow kinds that have a runPolicy).
    static std::optional<WriteRequest> setSuspended(const CustomResource &job,
                                                    std::string_view plural, bool suspend);
};

} // namespace cubedesk::k8s
