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
// stream() decodes series by series without keeping them (the readings of 40,000 GPUs are
// 280,000 series: building them all, label strings included, cost more than fetching them);
// parse() keeps them. One decoder (simdjson On-Demand, strings read in place) under both.
//
// Pure functions; any thread (the GUI decodes off its own thread).

#include "k8s/api/result.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <span>
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

    /// One series while stream() decodes it: views into the body and the decoder, valid only
    /// during the visitor's call.
    struct SeriesView {
        std::span<const std::pair<std::string_view, std::string_view>> labels; ///< as sent
        std::span<const Sample> samples;
        /// The label's value, "" when absent.
        std::string_view label(std::string_view name) const;
    };
    using SeriesVisitor = std::function<void(const SeriesView &)>;

    std::string resultType; ///< "vector", "matrix", "scalar" or "string"
    std::vector<Series> series;
    std::vector<std::string> warnings;

    /// Decodes `body`. A `"status":"error"` answer is a failure "ERRORTYPE: ERROR" (Prometheus's
    /// own words); so is a body that is not such an answer, or one with more than `maxSeries`.
    static Result<PromResponse, std::string> parse(std::string body,
                                                   std::size_t maxSeries = 200000);
    /// Decodes `body` as parse() does, handing each series to `visit` as it is read instead of
    /// keeping it: the answer returned has no series. A failure may come after some series were
    /// visited (a malformed sample further on): the caller drops what it made of them. `body`
    /// is decoded in place (it may grow by simdjson's padding).
    static Result<PromResponse, std::string> stream(std::string &body, std::size_t maxSeries,
                                                    const SeriesVisitor &visit);
    /// The version in an answer of `/api/v1/status/buildinfo` ("2.42.0"); nullopt when the body
    /// is not one (a page that is not Prometheus's answers otherwise).
    static std::optional<std::string> buildVersion(std::string_view body);
};

} // namespace cubedesk::k8s
