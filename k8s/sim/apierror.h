#pragma once

#include "k8s/api/result.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>

namespace cubedesk::sim {

/// A Kubernetes API error as the simulator returns it: an HTTP code plus the metav1.Status fields
/// (docs/kubernetes-api.md). Value type; the constructors below use upstream's canonical wording.
struct ApiError {
    int code = 500;
    std::string reason;
    std::string message;
    nlohmann::json details = nlohmann::json::object();
    int retryAfterSeconds = 0; ///< sent as Retry-After when > 0
    /// API Priority and Fairness's throttling: a plain-text body, not a Status (only
    /// tooManyRequests() sets it; the eviction's 429 is a Status).
    bool plainText = false;

    /// The metav1.Status object for this error.
    nlohmann::json toStatus() const;

    static ApiError badRequest(std::string message);
    static ApiError unauthorized();
    /// With `subresource` ("log", "exec") the message names "pods/log" as the resource the user
    /// cannot use, and the subject and details stay the resource's.
    static ApiError forbidden(const std::string &user, const std::string &verb,
                              const std::string &resource, const std::string &group,
                              const std::string &name, const std::string &ns,
                              const std::string &subresource = {});
    static ApiError notFound(const std::string &resource, const std::string &name,
                             const std::string &group = {});
    static ApiError unknownPath();
    static ApiError alreadyExists(const std::string &resource, const std::string &name,
                                  const std::string &group = {});
    static ApiError conflict(const std::string &resource, const std::string &name,
                             const std::string &group = {});
    static ApiError gone(std::string message);
    /// The 410 of a LIST whose continue token points before the kept history (apiserver wording).
    static ApiError expiredContinue();
    static ApiError invalid(const std::string &kind, const std::string &group,
                            const std::string &name, const std::string &field,
                            const std::string &causeReason, const std::string &detail);
    static ApiError genericInvalid(); ///< the 422 of a failed JSON patch
    static ApiError methodNotAllowed(const std::string &verb, const std::string &resource);
    static ApiError unsupportedMediaType(std::string message);
    static ApiError notAcceptable();
    static ApiError tooManyRequests(int retryAfter);
    static ApiError internal(const std::string &what);
    /// 503 ServiceUnavailable: the service proxy has no endpoint, or could not reach it.
    static ApiError serviceUnavailable(std::string message);
    /// The NamespaceLifecycle admission's 403 for a create in a namespace being deleted.
    static ApiError namespaceTerminating(const std::string &resource, const std::string &name,
                                         const std::string &ns);
    /// The eviction subresource's 429 when a disruption budget allows no disruption now:
    /// `cause` explains which budget and why (details.causes, reason DisruptionBudget).
    static ApiError disruptionBudget(const std::string &cause);
    static ApiError timeout(std::string message, int retryAfter);
};

/// Either a value or an ApiError: the simulator's internal calls return it instead of throwing
/// (k8s::Result, the one errors-as-values type, with the simulator's error).
template <class T>
using Result = k8s::Result<T, ApiError>;

} // namespace cubedesk::sim
