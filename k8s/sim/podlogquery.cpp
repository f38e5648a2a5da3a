#include "k8s/sim/podlogquery.h"

#include "k8s/sim/rfc3339.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <nlohmann/json.hpp>
#include <vector>

namespace cubedesk::sim {

namespace {

const std::string *first(const std::multimap<std::string, std::string> &params, const char *key) {
    const auto it = params.find(key);
    return it == params.end() ? nullptr : &it->second;
}

/// strconv.ParseInt(v, 10, 64) with Go's error text.
Result<std::optional<std::int64_t>> integer(const std::multimap<std::string, std::string> &params,
                                            const char *key) {
    const std::string *v = first(params, key);
    if (v == nullptr)
        return std::optional<std::int64_t>();
    std::int64_t out = 0;
    const char *begin = v->data();
    const char *end = begin + v->size();
    if (begin != end && *begin == '+')
        ++begin;
    const auto [ptr, ec] = std::from_chars(begin, end, out);
    if (v->empty() || ec == std::errc::invalid_argument || ptr != end)
        return ApiError::badRequest("strconv.ParseInt: parsing \"" + *v + "\": invalid syntax");
    if (ec == std::errc::result_out_of_range)
        return ApiError::badRequest("strconv.ParseInt: parsing \"" + *v + "\": value out of range");
    return std::optional<std::int64_t>(out);
}

struct FieldError {
    std::string field;
    std::string reason;
    std::string body; ///< "Invalid value: -1: must be ..."
};

} // namespace

bool PodLogQuery::flag(const std::multimap<std::string, std::string> &params, const char *key) {
    const std::string *v = first(params, key);
    if (v == nullptr)
        return false;
    std::string lower = *v;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower != "false" && lower != "0";
}

Result<PodLogQuery> PodLogQuery::parse(const std::multimap<std::string, std::string> &params,
                                       const std::string &podName) {
    PodLogQuery q;
    if (const std::string *c = first(params, "container"))
        q.container = *c;
    q.follow = flag(params, "follow");
    q.previous = flag(params, "previous");
    q.timestamps = flag(params, "timestamps");
    for (const auto &[key, slot] :
         {std::pair{"sinceSeconds", &q.sinceSeconds}, std::pair{"tailLines", &q.tailLines},
          std::pair{"limitBytes", &q.limitBytes}}) {
        auto value = integer(params, key);
        if (!value)
            return value.error();
        *slot = *value;
    }
    if (const std::string *t = first(params, "sinceTime"); t != nullptr && !t->empty()) {
        const auto parsed = parseRfc3339(*t);
        if (!parsed)
            return ApiError::badRequest("parsing time \"" + *t +
                                        "\" as \"2006-01-02T15:04:05Z07:00\": cannot parse \"" +
                                        *t + "\" as \"2006\"");
        q.sinceTime = std::chrono::floor<std::chrono::seconds>(*parsed);
    }

    std::vector<FieldError> errors;
    if (q.tailLines && *q.tailLines < 0)
        errors.push_back({"tailLines", "FieldValueInvalid",
                          "Invalid value: " + std::to_string(*q.tailLines) +
                              ": must be greater than or equal to 0"});
    if (q.limitBytes && *q.limitBytes < 1)
        errors.push_back(
            {"limitBytes", "FieldValueInvalid",
             "Invalid value: " + std::to_string(*q.limitBytes) + ": must be greater than 0"});
    if (q.sinceSeconds && q.sinceTime)
        errors.push_back({"[]", "FieldValueForbidden",
                          "Forbidden: at most one of `sinceTime` or `sinceSeconds` may be "
                          "specified"});
    else if (q.sinceSeconds && *q.sinceSeconds < 1)
        errors.push_back(
            {"sinceSeconds", "FieldValueInvalid",
             "Invalid value: " + std::to_string(*q.sinceSeconds) + ": must be greater than 0"});
    if (errors.empty())
        return q;
    nlohmann::json causes = nlohmann::json::array();
    std::string list;
    for (const FieldError &e : errors) {
        causes.push_back({{"reason", e.reason}, {"message", e.body}, {"field", e.field}});
        list += (list.empty() ? "" : ", ") + e.field + ": " + e.body;
    }
    ApiError error;
    error.code = 422;
    error.reason = "Invalid";
    error.message = "PodLogOptions \"" + podName +
                    "\" is invalid: " + (errors.size() == 1 ? list : '[' + list + ']');
    error.details = {{"name", podName}, {"kind", "PodLogOptions"}, {"causes", causes}};
    return error;
}

} // namespace cubedesk::sim
