#include "k8s/sim/apierror.h"

namespace cubedesk::sim {

using nlohmann::json;

namespace {

std::string qualified(const std::string &resource, const std::string &group) {
    return group.empty() ? resource : resource + '.' + group;
}

json nameDetails(const std::string &resource, const std::string &name, const std::string &group) {
    json d = json::object();
    d["name"] = name;
    if (!group.empty())
        d["group"] = group;
    d["kind"] = resource;
    return d;
}

} // namespace

json ApiError::toStatus() const {
    json s = {{"kind", "Status"},    {"apiVersion", "v1"}, {"metadata", json::object()},
              {"status", "Failure"}, {"message", message}, {"reason", reason},
              {"details", details},  {"code", code}};
    if (retryAfterSeconds > 0)
        s["details"]["retryAfterSeconds"] = retryAfterSeconds;
    return s;
}

ApiError ApiError::badRequest(std::string message) {
    return {400, "BadRequest", std::move(message), json::object(), 0};
}

ApiError ApiError::unauthorized() {
    return {401, "Unauthorized", "Unauthorized", json::object(), 0};
}

ApiError ApiError::forbidden(const std::string &user, const std::string &verb,
                             const std::string &resource, const std::string &group,
                             const std::string &name, const std::string &ns,
                             const std::string &subresource) {
    std::string subject =
        name.empty() ? qualified(resource, group) : qualified(resource, group) + " \"" + name + '"';
    const std::string what = subresource.empty() ? resource : resource + '/' + subresource;
    std::string msg = subject + " is forbidden: User \"" + user + "\" cannot " + verb +
                      " resource \"" + what + "\" in API group \"" + group + '"';
    msg += ns.empty() ? std::string(" at the cluster scope") : " in the namespace \"" + ns + '"';
    return {403, "Forbidden", msg, nameDetails(resource, name, group), 0};
}

ApiError ApiError::notFound(const std::string &resource, const std::string &name,
                            const std::string &group) {
    return {404, "NotFound", qualified(resource, group) + " \"" + name + "\" not found",
            nameDetails(resource, name, group), 0};
}

ApiError ApiError::unknownPath() {
    return {404, "NotFound", "the server could not find the requested resource", json::object(), 0};
}

ApiError ApiError::alreadyExists(const std::string &resource, const std::string &name,
                                 const std::string &group) {
    return {409, "AlreadyExists", qualified(resource, group) + " \"" + name + "\" already exists",
            nameDetails(resource, name, group), 0};
}

ApiError ApiError::conflict(const std::string &resource, const std::string &name,
                            const std::string &group) {
    return {409, "Conflict",
            "Operation cannot be fulfilled on " + qualified(resource, group) + " \"" + name +
                "\": the object has been modified; please apply your changes to the latest "
                "version and try again",
            nameDetails(resource, name, group), 0};
}

ApiError ApiError::gone(std::string message) {
    return {410, "Expired", std::move(message), json::object(), 0};
}

ApiError ApiError::expiredContinue() {
    return gone("The provided continue parameter is too old to display a consistent list result. "
                "You can start a new list without the continue parameter, or use the continue "
                "token in this response to retrieve the remainder of the results. Continuing with "
                "the provided token results in an inconsistent list - objects that were created, "
                "modified, or deleted between the time the first chunk was returned and now may "
                "show up in the list.");
}

ApiError ApiError::invalid(const std::string &kind, const std::string &group,
                           const std::string &name, const std::string &field,
                           const std::string &causeReason, const std::string &detail) {
    std::string qualifiedKind = group.empty() ? kind : kind + '.' + group;
    json d = {{"name", name},
              {"group", group},
              {"kind", kind},
              {"causes",
               json::array({{{"reason", causeReason}, {"message", detail}, {"field", field}}})}};
    return {422, "Invalid",
            qualifiedKind + " \"" + name + "\" is invalid: " + field + ": " + detail, d, 0};
}

ApiError ApiError::genericInvalid() {
    return {422, "Invalid", "the server rejected our request due to an error in our request",
            json::object(), 0};
}

ApiError ApiError::methodNotAllowed(const std::string &verb, const std::string &resource) {
    return {405, "MethodNotAllowed",
            verb + " is not supported on resources of kind \"" + resource + '"', json::object(), 0};
}

ApiError ApiError::unsupportedMediaType(std::string message) {
    return {415, "UnsupportedMediaType", std::move(message), json::object(), 0};
}

ApiError ApiError::notAcceptable() {
    return {406, "NotAcceptable",
            "the server was unable to respond with a content type that the client supports",
            json::object(), 0};
}

ApiError ApiError::tooManyRequests(int retryAfter) {
    ApiError e{429, "TooManyRequests", "Too many requests, please try again later.", json::object(),
               retryAfter};
    e.plainText = true;
    return e;
}

ApiError ApiError::namespaceTerminating(const std::string &resource, const std::string &name,
                                        const std::string &ns) {
    json d = nameDetails(resource, name, {});
    d["causes"] = json::array({{{"reason", "NamespaceTerminating"},
                                {"message", "namespace " + ns + " is being terminated"},
                                {"field", "metadata.namespace"}}});
    return {403, "Forbidden",
            resource + " \"" + name +
                "\" is forbidden: unable to create new content in namespace " + ns +
                " because it is being terminated",
            d, 0};
}

ApiError ApiError::disruptionBudget(const std::string &cause) {
    return {
        429, "TooManyRequests", "Cannot evict pod as it would violate the pod's disruption budget.",
        json{{"causes", json::array({{{"reason", "DisruptionBudget"}, {"message", cause}}})}}, 0};
}

ApiError ApiError::internal(const std::string &what) {
    return {500, "InternalError", "Internal error occurred: " + what,
            json{{"causes", json::array({{{"message", what}}})}}, 0};
}

ApiError ApiError::serviceUnavailable(std::string message) {
    return {503, "ServiceUnavailable", std::move(message), json::object(), 0};
}

ApiError ApiError::timeout(std::string message, int retryAfter) {
    return {504, "Timeout", std::move(message), json::object(), retryAfter};
}

} // namespace cubedesk::sim
