#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

/// A failed API call as a value (errors inside the k8s libraries are values,
/// docs/architecture.md): the HTTP code and the metav1.Status reason and message
/// (docs/kubernetes-api.md). Built from any response body — a Status object, the plain-text 429
/// of API Priority and Fairness, or a proxy's HTML page (then the message is client-go's generic
/// text for the code).
struct ApiStatus {
    int code = 0;        ///< HTTP status; 0 when no response arrived
    std::string reason;  ///< "NotFound", "Conflict", "Expired", ... (may be empty)
    std::string message; ///< for people
    int retryAfterSeconds = -1;
    /// details.causes: why, in parts (a budget's "The disruption budget X needs 2 healthy pods
    /// and has 2 currently", a namespace's NamespaceTerminating).
    struct Cause {
        std::string reason;
        std::string message;
    };
    std::vector<Cause> causes;

    static ApiStatus fromResponse(int httpStatus, std::string_view body, int retryAfterHeader);
    static ApiStatus transportError(std::string message);

    bool isGone() const { return code == 410; }
    bool isConflict() const { return code == 409; }
    /// 429 and 5xx carrying Retry-After are retried, as client-go does (docs/kubernetes-api.md).
    bool retryable() const { return (code == 429 || code >= 500) && retryAfterSeconds >= 0; }
    /// The message of the first cause with `reason` ("" when there is none).
    std::string causeMessage(std::string_view reason) const;
    bool hasCause(std::string_view reason) const;
    /// "409 Conflict: Operation cannot be fulfilled on nodes \"x\": ..."
    std::string toString() const;
};

} // namespace cubedesk::k8s
