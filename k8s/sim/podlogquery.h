#pragma once

// PodLogQuery: the PodLogOptions of a `GET .../pods/NAME/log` as the API server reads them from
// the query — parse errors are 400 with Go's wording, validation errors the 422 of
// ValidatePodLogOptions, word for word (docs/simulator.md, "Logs").
//
// Thread-safety: a value type; parse() is a pure function.

#include "k8s/sim/apierror.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace cubedesk::sim {

struct PodLogQuery {
    std::string container; ///< empty: the pod's only container
    bool follow = false;
    bool previous = false;
    bool timestamps = false;
    std::optional<std::int64_t> sinceSeconds;
    /// Floored to the second, as the API server passes it on to the kubelet.
    std::optional<std::chrono::system_clock::time_point> sinceTime;
    std::optional<std::int64_t> tailLines;
    std::optional<std::int64_t> limitBytes;

    /// `params`: the query's keys and values (the first value of a repeated key counts);
    /// `podName` names the pod in validation errors.
    static Result<PodLogQuery> parse(const std::multimap<std::string, std::string> &params,
                                     const std::string &podName);
    /// A query boolean as the API server converts it (watch=, follow=, …): absent, "false" and
    /// "0" (any case) are false, anything else — "" included — is true.
    static bool flag(const std::multimap<std::string, std::string> &params, const char *key);
};

} // namespace cubedesk::sim
