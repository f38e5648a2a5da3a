#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>

namespace cubedesk::sim {

/// A Kubernetes API error as the simulator returns it: an HTTP code plus the metav1.Status fields
/// (k8s-api.md §9). Value type; the constructors below use upstream's canonical wording.
struct ApiError {
    int code = 500;
    std::string reason;
    std::string message;
    nlohmann::json details = nlohmann::json::object();
    int retryAfterSeconds = 0; ///< sent as Retry-After when > 0

    /// The metav1.Status object for this error.
    nlohmann::json toStatus() const;

    static ApiError badRequest(std::string message);
    static ApiError unauthorized();
    static ApiError forbidden(const std::string &user, const std::string &verb,
                              const std::string &resource, const std::string &group,
                              const std::string &name, const std::string &ns);
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
    static ApiError timeout(std::string message, int retryAfter);
};

/// Either a value or an ApiError. The simulator's internal calls return it instead of throwing.
template <class T>
class Result final {
public:
    Result(T value)
        : m_value(std::move(value)) {} // NOLINT(google-explicit-constructor)
    Result(ApiError error)
        : m_error(std::move(error)) {} // NOLINT(google-explicit-constructor)

    bool ok() const { return m_value.has_value(); }
    T &value() { return *m_value; }
    const T &value() const { return *m_value; }
    const ApiError &error() const { return m_error; }

private:
    std::optional<T> m_value;
    ApiError m_error;
};

} // namespace cubedesk::sim
