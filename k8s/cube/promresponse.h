#pragma once

// PromResponse: an answer of Prometheus's HTTP API (`/api/v1/query`, `/api/v1/query_range`),
// decoded with simdjson — the series (instant vectors and range matrices; a scalar is one
// series without labels), Prometheus's error (`errorType`, `error`) and its warnings.
//
// Values are what the API sends as strings: a number, or "NaN", "+Inf", "-Inf", which are kept
// as not finite so that callers show "no data", never a number. A series count above `maxSeries`
// fails the whole answer with a message saying how many there were (a million-series answer
// must not become a million rows), and so does anything that is not an answer of the API.
//
// Pure functions; any thread (the GUI decodes off its own thread).

#include "k8s/api/result.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cubedesk::k8s {

struct PromResponse {
    struct Sample {
        double time = 0;  ///< seconds since the epoch
        double value = 0; ///< meaningful only when finite
        bool finite = false;
    };
    struct Series {
        std::vector<std::pair<std::string, std::string>> labels; ///< sorted by name
        std::vector<Sample> samples; ///< one for an instant vector, in time order for a matrix
        /// The label's value, "" when absent.
        const std::string &label(std::string_view name) const;
    };

    std::string resultType; ///< "vector", "matrix", "scalar" or "string"
    std::vector<Series> series;
    std::vector<std::string> warnings;

    /// Decodes `body`. A `"status":"error"` answer is a failure "ERRORTYPE: ERROR" (Prometheus's
    /// own words); so is a body that is not such an answer, or one with more than `maxSeries`.
    static Result<PromResponse, std::string> parse(std::string_view body,
                                                   std::size_t maxSeries = 200000);
    /// The version in an answer of `/api/v1/status/buildinfo` ("2.42.0"); nullopt when the body
    /// is not one (a page that is not Prometheus's answers otherwise).
    static std::optional<std::string> buildVersion(std::string_view body);
};

} // namespace cubedesk::k8s
