#pragma once

#include "k8s/write/writerequest.h"

#include <optional>
#include <string>

namespace cubedesk::k8s {

class CustomResource;

/// Requests on one ML job (Jobs pane actions). The path comes from the job's apiVersion and
/// the JobKinds catalogue; nullopt for a kind outside it. Pure functions.
class JobWrites final {
public:
    /// "/apis/kubeflow.org/v1/namespaces/train/pytorchjobs/mnist"
    static std::optional<std::string> path(const CustomResource &job);
    /// GET of the full object (YAML view).
    static std::optional<WriteRequest> get(const CustomResource &job);
    /// DELETE with propagationPolicy=Background, so the operator's pods go too, with the job's
    /// resourceVersion as a precondition (409 when it changed since the user looked).
    static std::optional<WriteRequest> remove(const CustomResource &job);
    /// Merge patch of spec.runPolicy.suspend (Kubeflow kinds that have a runPolicy).
    static std::optional<WriteRequest> setSuspended(const CustomResource &job, bool suspend);
};

} // namespace cubedesk::k8s
