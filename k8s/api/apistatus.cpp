#include "k8s/api/apistatus.h"

#include <simdjson.h>

namespace cubedesk::k8s {

namespace {

/// client-go's NewGenericServerResponse texts, for bodies that are not a Status.
std::pair<const char *, const char *> generic(int code) {
    switch (code) {
    case 400:
        return {"BadRequest", "the server rejected our request for an unknown reason"};
    case 401:
        return {"Unauthorized", "the server has asked for the client to provide credentials"};
    case 403:
        return {"Forbidden", "the server does not allow access to the requested resource"};
    case 404:
        return {"NotFound", "the server could not find the requested resource"};
    case 405:
        return {"MethodNotAllowed",
                "the server does not allow this method on the requested resource"};
    case 409:
        return {"Conflict", "the server reported a conflict"};
    case 410:
        return {"Expired", "the server could not find the requested resource"};
    case 422:
        return {"Invalid", "the server rejected our request due to an error in our request"};
    case 429:
        return {"TooManyRequests",
                "the server has received too many requests and has asked us to try again later"};
    case 500:
        return {"InternalError",
                "an error on the server has prevented the request from succeeding"};
    case 503:
        return {"ServiceUnavailable", "the server is currently unable to handle the request"};
    case 504:
        return {"Timeout", "the server was unable to return a response in the time allotted, but "
                           "may still be processing the request"};
    default:
        return {"", "an error on the server has prevented the request from succeeding"};
    }
}

} // namespace

ApiStatus ApiStatus::fromResponse(int httpStatus, std::string_view body, int retryAfterHeader) {
    ApiStatus s;
    s.code = httpStatus;
    s.retryAfterSeconds = retryAfterHeader;
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (!body.empty() && parser.parse(body.data(), body.size()).get(doc) == simdjson::SUCCESS &&
        doc.is_object()) {
        std::string_view kind;
        if (doc["kind"].get(kind) == simdjson::SUCCESS && kind == "Status") {
            std::string_view text;
            if (doc["reason"].get(text) == simdjson::SUCCESS)
                s.reason = std::string(text);
            if (doc["message"].get(text) == simdjson::SUCCESS)
                s.message = std::string(text);
            int64_t retry = 0;
            if (s.retryAfterSeconds < 0 &&
                doc["details"]["retryAfterSeconds"].get(retry) == simdjson::SUCCESS)
                s.retryAfterSeconds = static_cast<int>(retry);
            simdjson::dom::array causes;
            if (doc["details"]["causes"].get(causes) == simdjson::SUCCESS)
                for (simdjson::dom::element c : causes) {
                    Cause cause;
                    if (c["reason"].get(text) == simdjson::SUCCESS)
                        cause.reason = std::string(text);
                    if (c["message"].get(text) == simdjson::SUCCESS)
                        cause.message = std::string(text);
                    s.causes.push_back(std::move(cause));
                }
            int64_t code = 0;
            if (doc["code"].get(code) == simdjson::SUCCESS && code > 0)
                s.code = static_cast<int>(code);
            if (!s.message.empty())
                return s;
        }
    }
    const auto [reason, message] = generic(httpStatus);
    if (s.reason.empty())
        s.reason = reason;
    s.message = message;
    return s;
}

std::string ApiStatus::causeMessage(std::string_view reason) const {
    for (const auto &c : causes)
        if (c.reason == reason)
            return c.message;
    return {};
}

bool ApiStatus::hasCause(std::string_view reason) const {
    for (const auto &c : causes)
        if (c.reason == reason)
            return true;
    return false;
}

ApiStatus ApiStatus::transportError(std::string message) {
    ApiStatus s;
    s.message = std::move(message);
    return s;
}

std::string ApiStatus::toString() const {
    if (code == 0)
        return message;
    std::string out = std::to_string(code);
    if (!reason.empty())
        out += ' ' + reason;
    return out + ": " + message;
}

} // namespace cubedesk::k8s
