#include "k8s/cube/promresponse.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include <simdjson.h>

namespace cubedesk::k8s {

namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

/// "[1796580016.969, "94"]" → a sample; false when it is not one.
bool sampleOf(element pair, PromResponse::Sample &out) {
    array a;
    if (pair.get(a) != simdjson::SUCCESS || a.size() != 2)
        return false;
    double t = 0;
    if (a.at(0).get(t) != simdjson::SUCCESS) {
        std::int64_t i = 0;
        if (a.at(0).get(i) != simdjson::SUCCESS)
            return false;
        t = static_cast<double>(i);
    }
    std::string_view text;
    if (a.at(1).get(text) != simdjson::SUCCESS)
        return false;
    out.time = t;
    if (text == "NaN" || text == "+Inf" || text == "-Inf" || text == "Inf") {
        out.finite = false;
        out.value = 0;
        return true;
    }
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size())
        return false;
    out.value = v;
    out.finite = std::isfinite(v);
    return true;
}

} // namespace

const std::string &PromResponse::Series::label(std::string_view name) const {
    static const std::string kEmpty;
    const auto it = std::lower_bound(labels.begin(), labels.end(), name,
                                     [](const auto &l, std::string_view n) { return l.first < n; });
    return it != labels.end() && it->first == name ? it->second : kEmpty;
}

Result<PromResponse, std::string> PromResponse::parse(std::string_view body,
                                                      std::size_t maxSeries) {
    simdjson::dom::parser parser;
    element doc;
    object root;
    if (parser.parse(body.data(), body.size()).get(doc) != simdjson::SUCCESS ||
        doc.get(root) != simdjson::SUCCESS)
        return Failure{std::string("not an answer of Prometheus's API (not a JSON object)")};
    std::string_view status;
    if (root["status"].get(status) != simdjson::SUCCESS)
        return Failure{std::string("not an answer of Prometheus's API (no status)")};
    PromResponse out;
    if (array warnings; root["warnings"].get(warnings) == simdjson::SUCCESS)
        for (element w : warnings)
            if (std::string_view text; w.get(text) == simdjson::SUCCESS)
                out.warnings.emplace_back(text);
    if (status != "success") {
        std::string_view type;
        std::string_view error;
        if (root["errorType"].get(type) != simdjson::SUCCESS)
            type = {};
        if (root["error"].get(error) != simdjson::SUCCESS)
            error = {};
        return Failure{(type.empty() ? std::string("error") : std::string(type)) + ": " +
                       (error.empty() ? std::string("(no message)") : std::string(error))};
    }
    object data;
    std::string_view resultType;
    if (root["data"].get(data) != simdjson::SUCCESS ||
        data["resultType"].get(resultType) != simdjson::SUCCESS)
        return Failure{std::string("not an answer of Prometheus's API (no data.resultType)")};
    out.resultType = resultType;
    element result;
    if (data["result"].get(result) != simdjson::SUCCESS)
        return Failure{std::string("not an answer of Prometheus's API (no data.result)")};
    if (resultType == "scalar" || resultType == "string") {
        Series s;
        Sample sample;
        if (resultType == "scalar" && !sampleOf(result, sample))
            return Failure{std::string("a scalar that is not [time, \"value\"]")};
        if (resultType == "scalar")
            s.samples.push_back(sample);
        out.series.push_back(std::move(s));
        return out;
    }
    if (resultType != "vector" && resultType != "matrix")
        return Failure{"unknown resultType \"" + std::string(resultType) + '"'};
    array items;
    if (result.get(items) != simdjson::SUCCESS)
        return Failure{std::string("data.result is not an array")};
    const std::size_t count = items.size();
    if (count > maxSeries)
        return Failure{"the answer has " + std::to_string(count) + " series, more than the " +
                       std::to_string(maxSeries) + " CubeDesk reads; narrow the query"};
    out.series.reserve(count);
    const bool matrix = resultType == "matrix";
    for (element item : items) {
        Series s;
        if (object metric; item["metric"].get(metric) == simdjson::SUCCESS) {
            for (auto field : metric) {
                std::string_view value;
                if (field.value.get(value) == simdjson::SUCCESS)
                    s.labels.emplace_back(std::string(field.key), std::string(value));
            }
            std::sort(s.labels.begin(), s.labels.end());
        }
        if (matrix) {
            array values;
            if (item["values"].get(values) == simdjson::SUCCESS) {
                s.samples.reserve(values.size());
                for (element v : values) {
                    Sample sample;
                    if (!sampleOf(v, sample))
                        return Failure{
                            std::string("a matrix sample that is not [time, \"value\"]")};
                    s.samples.push_back(sample);
                }
            }
        } else {
            Sample sample;
            element value;
            if (item["value"].get(value) != simdjson::SUCCESS || !sampleOf(value, sample))
                return Failure{std::string("a vector sample that is not [time, \"value\"]")};
            s.samples.push_back(sample);
        }
        out.series.push_back(std::move(s));
    }
    return out;
}

std::optional<std::string> PromResponse::buildVersion(std::string_view body) {
    simdjson::dom::parser parser;
    element doc;
    std::string_view status;
    std::string_view version;
    if (parser.parse(body.data(), body.size()).get(doc) != simdjson::SUCCESS ||
        doc["status"].get(status) != simdjson::SUCCESS || status != "success" ||
        doc["data"]["version"].get(version) != simdjson::SUCCESS || version.empty())
        return std::nullopt;
    return std::string(version);
}

} // namespace cubedesk::k8s
