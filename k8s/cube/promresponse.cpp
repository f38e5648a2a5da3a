#include "k8s/cube/promresponse.h"

#include "k8s/api/jsontoken.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include <simdjson.h>

namespace cubedesk::k8s {

namespace {

namespace od = simdjson::ondemand;

using Label = std::pair<std::string_view, std::string_view>;

/// "[1796580016.969, "94"]" → a sample; false when it is not one.
bool sampleOf(od::value pair, PromResponse::Sample &out) {
    od::array a;
    if (pair.get_array().get(a) != simdjson::SUCCESS)
        return false;
    std::size_t n = 0;
    std::string_view text;
    for (auto item : a) {
        od::value v;
        if (item.get(v) != simdjson::SUCCESS)
            return false;
        if (n == 0 && v.get_double().get(out.time) != simdjson::SUCCESS)
            return false;
        if (n == 1 && JsonToken::string(v, text) != simdjson::SUCCESS)
            return false;
        ++n;
    }
    if (n != 2)
        return false;
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

/// The decoder's state for one answer: the answer without its series, and buffers reused from
/// one series to the next.
class AnswerReader {
public:
    AnswerReader(std::size_t maxSeries, const PromResponse::SeriesVisitor &visit)
        : m_maxSeries(maxSeries)
        , m_visit(visit) {}

    /// The root object: "" when it is an answer, else why not.
    std::string read(od::object root, PromResponse &out);

private:
    std::string readData(od::value data, PromResponse &out);
    std::string readSeriesList(od::value result, bool matrix);
    std::string readSeries(od::value item, bool matrix);

    std::size_t m_maxSeries;
    const PromResponse::SeriesVisitor &m_visit;
    std::vector<Label> m_labels;
    std::vector<PromResponse::Sample> m_samples;
};

const char *const kNotAnAnswer = "not an answer of Prometheus's API";

std::string notAnAnswer(std::string_view why) {
    return std::string(kNotAnAnswer) + " (" + std::string(why) + ')';
}

/// Calls fn(key, value) for each field of `object`, stopping at the first failure fn returns
/// ("" goes on) or at a malformed field.
template <class Fn>
std::string forEachField(od::object &object, Fn &&fn) {
    for (auto f : object) {
        od::field field;
        std::string_view key;
        if (std::move(f).get(field) != simdjson::SUCCESS ||
            JsonToken::key(field, key) != simdjson::SUCCESS)
            return notAnAnswer("malformed JSON");
        if (std::string why = fn(key, field.value()); !why.empty())
            return why;
    }
    return {};
}

std::string AnswerReader::read(od::object root, PromResponse &out) {
    std::string_view status;
    std::string_view errorType;
    std::string_view error;
    bool sawData = false;
    std::string why = forEachField(root, [&](std::string_view key, od::value &value) {
        if (key == "status") {
            if (JsonToken::string(value, status) != simdjson::SUCCESS)
                return notAnAnswer("status is not a string");
        } else if (key == "errorType") {
            (void)JsonToken::string(value, errorType);
        } else if (key == "error") {
            (void)JsonToken::string(value, error);
        } else if (key == "warnings") {
            od::array warnings;
            if (value.get_array().get(warnings) == simdjson::SUCCESS)
                for (auto w : warnings) {
                    od::value item;
                    std::string_view text;
                    if (w.get(item) == simdjson::SUCCESS &&
                        JsonToken::string(item, text) == simdjson::SUCCESS)
                        out.warnings.emplace_back(text);
                }
        } else if (key == "data" && (status.empty() || status == "success")) {
            sawData = true;
            return readData(value, out);
        }
        return std::string();
    });
    if (!why.empty())
        return why;
    if (status.empty())
        return notAnAnswer("no status");
    if (status != "success")
        return (errorType.empty() ? std::string("error") : std::string(errorType)) + ": " +
               (error.empty() ? std::string("(no message)") : std::string(error));
    if (!sawData || out.resultType.empty())
        return notAnAnswer("no data.resultType");
    return {};
}

std::string AnswerReader::readData(od::value data, PromResponse &out) {
    od::object object;
    if (data.get_object().get(object) != simdjson::SUCCESS)
        return notAnAnswer("data is not an object");
    bool sawResult = false;
    std::string why = forEachField(object, [&](std::string_view key, od::value &value) {
        if (key == "resultType") {
            std::string_view type;
            if (JsonToken::string(value, type) != simdjson::SUCCESS)
                return notAnAnswer("data.resultType is not a string");
            out.resultType = type;
        } else if (key == "result") {
            // Prometheus writes the type first; the result's shape depends on it.
            if (out.resultType.empty())
                return notAnAnswer("no data.resultType before data.result");
            sawResult = true;
            const std::string &type = out.resultType;
            if (type == "scalar" || type == "string") {
                PromResponse::Sample sample;
                m_samples.clear();
                if (type == "scalar") {
                    if (!sampleOf(value, sample))
                        return std::string("a scalar that is not [time, \"value\"]");
                    m_samples.push_back(sample);
                }
                m_visit({{}, m_samples});
            } else if (type == "vector" || type == "matrix") {
                return readSeriesList(value, type == "matrix");
            } else {
                return "unknown resultType \"" + type + '"';
            }
        }
        return std::string();
    });
    if (!why.empty())
        return why;
    if (!out.resultType.empty() && !sawResult)
        return notAnAnswer("no data.result");
    return {};
}

std::string AnswerReader::readSeriesList(od::value result, bool matrix) {
    od::array items;
    if (result.get_array().get(items) != simdjson::SUCCESS)
        return "data.result is not an array";
    std::size_t count = 0;
    if (items.count_elements().get(count) != simdjson::SUCCESS)
        return notAnAnswer("malformed JSON");
    if (count > m_maxSeries)
        return "the answer has " + std::to_string(count) + " series, more than the " +
               std::to_string(m_maxSeries) + " CubeDesk reads; narrow the query";
    for (auto i : items) {
        od::value item;
        if (i.get(item) != simdjson::SUCCESS)
            return notAnAnswer("malformed JSON");
        if (std::string why = readSeries(item, matrix); !why.empty())
            return why;
    }
    return {};
}

std::string AnswerReader::readSeries(od::value item, bool matrix) {
    od::object object;
    if (item.get_object().get(object) != simdjson::SUCCESS)
        return notAnAnswer("a series that is not an object");
    m_labels.clear();
    m_samples.clear();
    bool sawValue = false;
    std::string why = forEachField(object, [&](std::string_view key, od::value &value) {
        if (key == "metric") {
            od::object metric;
            if (value.get_object().get(metric) != simdjson::SUCCESS)
                return notAnAnswer("a series' metric is not an object");
            return forEachField(metric, [&](std::string_view name, od::value &text) {
                if (std::string_view v; JsonToken::string(text, v) == simdjson::SUCCESS)
                    m_labels.emplace_back(name, v);
                return std::string();
            });
        }
        if (key == "value" && !matrix) {
            PromResponse::Sample sample;
            if (!sampleOf(value, sample))
                return std::string("a vector sample that is not [time, \"value\"]");
            m_samples.push_back(sample);
            sawValue = true;
        } else if (key == "values" && matrix) {
            od::array values;
            if (value.get_array().get(values) != simdjson::SUCCESS)
                return std::string("a matrix's values that are not an array");
            for (auto v : values) {
                od::value pair;
                PromResponse::Sample sample;
                if (v.get(pair) != simdjson::SUCCESS || !sampleOf(pair, sample))
                    return std::string("a matrix sample that is not [time, \"value\"]");
                m_samples.push_back(sample);
            }
        }
        return std::string();
    });
    if (!why.empty())
        return why;
    if (!matrix && !sawValue)
        return "a vector sample that is not [time, \"value\"]";
    m_visit({m_labels, m_samples});
    return {};
}

} // namespace

const std::string &PromResponse::Series::label(std::string_view name) const {
    static const std::string kEmpty;
    const auto it = std::lower_bound(labels.begin(), labels.end(), name,
                                     [](const auto &l, std::string_view n) { return l.first < n; });
    return it != labels.end() && it->first == name ? it->second : kEmpty;
}

std::string_view PromResponse::SeriesView::label(std::string_view name) const {
    for (const auto &[key, value] : labels)
        if (key == name)
            return value;
    return {};
}

Result<PromResponse, std::string> PromResponse::stream(std::string &body, std::size_t maxSeries,
                                                       const SeriesVisitor &visit) {
    // simdjson reads up to SIMDJSON_PADDING bytes past the end: the body's own spare capacity
    // (an answer grown by appending has some), else it grows once.
    body.reserve(body.size() + simdjson::SIMDJSON_PADDING);
    od::parser parser;
    od::document doc;
    od::object root;
    if (parser.iterate(body.data(), body.size(), body.capacity()).get(doc) != simdjson::SUCCESS ||
        doc.get_object().get(root) != simdjson::SUCCESS)
        return Failure{notAnAnswer("not a JSON object")};
    PromResponse out;
    if (std::string why = AnswerReader(maxSeries, visit).read(root, out); !why.empty())
        return Failure{std::move(why)};
    // Anything after the root object (a second document, garbage) makes it no answer.
    if (doc.current_location().error() == simdjson::SUCCESS)
        return Failure{notAnAnswer("text after the JSON object")};
    return out;
}

Result<PromResponse, std::string> PromResponse::parse(std::string body, std::size_t maxSeries) {
    std::vector<Series> series;
    auto answer = stream(body, maxSeries, [&series](const SeriesView &view) {
        Series s;
        s.labels.reserve(view.labels.size());
        for (const auto &[key, value] : view.labels)
            s.labels.emplace_back(std::string(key), std::string(value));
        std::sort(s.labels.begin(), s.labels.end());
        s.samples.assign(view.samples.begin(), view.samples.end());
        series.push_back(std::move(s));
    });
    if (!answer.ok())
        return answer;
    answer.value().series = std::move(series);
    return answer;
}

std::optional<std::string> PromResponse::buildVersion(std::string_view body) {
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    std::string_view status;
    std::string_view version;
    if (parser.parse(body.data(), body.size()).get(doc) != simdjson::SUCCESS ||
        doc["status"].get(status) != simdjson::SUCCESS || status != "success" ||
        doc["data"]["version"].get(version) != simdjson::SUCCESS || version.empty())
        return std::nullopt;
    return std::string(version);
}

} // namespace cubedesk::k8s
