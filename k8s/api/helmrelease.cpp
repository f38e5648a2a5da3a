#include "k8s/api/helmrelease.h"

#include "k8s/api/helmreleasecodec.h"
#include "k8s/api/jsonstring.h"
#include "k8s/api/rfc3339.h"
#include "k8s/api/yamlview.h"

#include <array>
#include <map>
#include <optional>
#include <utility>

#include <simdjson.h>

namespace cubedesk::k8s {

namespace {

using simdjson::dom::element;
using simdjson::dom::object;

constexpr std::array<std::pair<HelmRelease::Status, std::string_view>, 9> kStatusNames = {{
    {HelmRelease::Status::Unknown, "unknown"},
    {HelmRelease::Status::Deployed, "deployed"},
    {HelmRelease::Status::Uninstalled, "uninstalled"},
    {HelmRelease::Status::Superseded, "superseded"},
    {HelmRelease::Status::Failed, "failed"},
    {HelmRelease::Status::Uninstalling, "uninstalling"},
    {HelmRelease::Status::PendingInstall, "pending-install"},
    {HelmRelease::Status::PendingUpgrade, "pending-upgrade"},
    {HelmRelease::Status::PendingRollback, "pending-rollback"},
}};

/// An object's members by key, sorted as Go's encoding/json writes a map (the last of duplicate
/// keys wins, as when Go decodes them).
std::map<std::string_view, element> members(object o) {
    std::map<std::string_view, element> out;
    for (auto [key, value] : o)
        out.insert_or_assign(key, value);
    return out;
}

void writeSorted(std::string &out, element e);

/// `o` as JSON text with its keys, and those of every object in it, sorted.
void writeSortedObject(std::string &out, object o) {
    out += '{';
    bool first = true;
    for (const auto &[key, value] : members(o)) {
        out += first ? "" : ",";
        first = false;
        JsonString::append(out, key);
        out += ':';
        writeSorted(out, value);
    }
    out += '}';
}

/// `e` as JSON text with every object's keys sorted.
void writeSorted(std::string &out, element e) {
    object o;
    simdjson::dom::array a;
    if (e.get(o) == simdjson::SUCCESS) {
        writeSortedObject(out, o);
    } else if (e.get(a) == simdjson::SUCCESS) {
        out += '[';
        bool first = true;
        for (element item : a) {
            out += first ? "" : ",";
            first = false;
            writeSorted(out, item);
        }
        out += ']';
    } else {
        out += simdjson::to_string(e);
    }
}

/// The user's values `user` over the chart's defaults `defaults`, as Helm's coalesceValues and
/// CoalesceTables merge them, written with sorted keys.
void writeCoalesced(std::string &out, object user, object defaults) {
    std::map<std::string_view, std::pair<std::optional<element>, std::optional<element>>> keys;
    for (const auto &[key, value] : members(user))
        keys[key].first = value;
    for (const auto &[key, value] : members(defaults))
        keys[key].second = value;
    out += '{';
    bool first = true;
    for (const auto &[key, pair] : keys) {
        const auto &[mine, theirs] = pair;
        // A user null removes the chart's key; a null for a key the chart lacks is kept.
        if (mine && mine->is_null() && theirs)
            continue;
        out += first ? "" : ",";
        first = false;
        JsonString::append(out, key);
        out += ':';
        object userMap;
        object defaultMap;
        if (mine && theirs && mine->get(userMap) == simdjson::SUCCESS &&
            theirs->get(defaultMap) == simdjson::SUCCESS)
            writeCoalesced(out, userMap, defaultMap);
        else
            writeSorted(out, mine ? *mine : *theirs);
    }
    out += '}';
}

/// e[key] when it is a string; nullopt when missing or null; an error message otherwise.
Result<std::optional<std::string>, std::string> optionalText(element e, const char *key,
                                                             const char *path) {
    element value;
    if (e.at_key(key).get(value) != simdjson::SUCCESS || value.is_null())
        return std::optional<std::string>();
    std::string_view text;
    if (value.get(text) != simdjson::SUCCESS)
        return Failure{std::string(path) + " is not a string"};
    return std::optional<std::string>(std::string(text));
}

/// The object at `key` of `e`: empty (nullopt) when missing or null; an error for anything else.
Result<std::optional<object>, std::string> optionalObject(element e, const char *key,
                                                          const char *path) {
    element value;
    if (e.at_key(key).get(value) != simdjson::SUCCESS || value.is_null())
        return std::optional<object>();
    object o;
    if (value.get(o) != simdjson::SUCCESS)
        return Failure{std::string(path) + " is not an object"};
    return std::optional<object>(o);
}

Result<std::string, std::string> valuesYaml(const std::string &json) {
    auto yaml = YamlView::documentFromJson(json);
    if (!yaml.ok())
        return Failure{"the values cannot be shown as YAML: " + yaml.error()};
    return std::move(yaml.value());
}

} // namespace

std::string_view HelmRelease::statusName(Status status) {
    for (const auto &[s, name] : kStatusNames)
        if (s == status)
            return name;
    return "unknown";
}

HelmRelease::Status HelmRelease::statusFromName(std::string_view name) {
    for (const auto &[s, spelled] : kStatusNames)
        if (spelled == name)
            return s;
    return Status::Unknown;
}

Result<HelmRelease, std::string> HelmRelease::parse(std::string_view releaseJson) {
    simdjson::dom::parser parser;
    element doc;
    if (const auto error = parser.parse(releaseJson.data(), releaseJson.size()).get(doc);
        error != simdjson::SUCCESS)
        return Failure{std::string("the release is not JSON: ") + simdjson::error_message(error)};
    if (!doc.is_object())
        return Failure{std::string("the release is not a JSON object")};

    HelmRelease r;
    const auto text = [&](element e, const char *key, const char *path,
                          std::string &into) -> std::optional<std::string> {
        auto value = optionalText(e, key, path);
        if (!value.ok())
            return value.error();
        into = value.value().value_or(std::string());
        return std::nullopt;
    };
    if (auto error = text(doc, "name", "name", r.name))
        return Failure{std::move(*error)};
    if (r.name.empty())
        return Failure{std::string("the release has no name")};
    if (auto error = text(doc, "namespace", "namespace", r.ns))
        return Failure{std::move(*error)};
    std::int64_t version = 0;
    if (doc.at_key("version").get(version) != simdjson::SUCCESS || version < 1 ||
        version > INT32_MAX)
        return Failure{std::string("the release has no revision (a positive integer version)")};
    r.revision = static_cast<int>(version);

    element info;
    if (doc.at_key("info").get(info) != simdjson::SUCCESS || !info.is_object())
        return Failure{std::string("the release has no info object")};
    std::string status;
    if (auto error = text(info, "status", "info.status", status))
        return Failure{std::move(*error)};
    if (status.empty())
        return Failure{std::string("the release has no info.status")};
    r.status = statusFromName(status);
    if (auto error = text(info, "description", "info.description", r.description))
        return Failure{std::move(*error)};
    if (auto error = text(info, "notes", "info.notes", r.notes))
        return Failure{std::move(*error)};
    for (const auto &[key, into] : {std::pair{"first_deployed", &r.firstDeployed},
                                    std::pair{"last_deployed", &r.lastDeployed}}) {
        const std::string path = std::string("info.") + key;
        if (auto error = text(info, key, path.c_str(), *into))
            return Failure{std::move(*error)};
        // Helm writes the zero time as "".
        if (!into->empty() && !Rfc3339::parse(*into))
            return Failure{path + " is not an RFC 3339 time"};
    }

    element chart;
    element metadata;
    if (doc.at_key("chart").get(chart) != simdjson::SUCCESS || !chart.is_object() ||
        chart.at_key("metadata").get(metadata) != simdjson::SUCCESS || !metadata.is_object())
        return Failure{std::string("the release has no chart.metadata")};
    if (auto error = text(metadata, "name", "chart.metadata.name", r.chartName))
        return Failure{std::move(*error)};
    if (auto error = text(metadata, "version", "chart.metadata.version", r.chartVersion))
        return Failure{std::move(*error)};
    if (r.chartName.empty() || r.chartVersion.empty())
        return Failure{std::string("the release's chart.metadata has no name or version")};
    if (auto error = text(metadata, "appVersion", "chart.metadata.appVersion", r.appVersion))
        return Failure{std::move(*error)};
    if (auto error = text(doc, "manifest", "manifest", r.manifest))
        return Failure{std::move(*error)};

    auto config = optionalObject(doc, "config", "config");
    if (!config.ok())
        return Failure{config.error()};
    auto defaults = optionalObject(chart, "values", "chart.values");
    if (!defaults.ok())
        return Failure{defaults.error()};
    // An absent or null map reads as an empty one.
    simdjson::dom::parser emptyParser;
    object empty;
    if (emptyParser.parse(std::string_view("{}")).get(empty) != simdjson::SUCCESS)
        return Failure{std::string("simdjson cannot parse an empty object")};
    const object user = config.value().value_or(empty);
    const object chartValues = defaults.value().value_or(empty);

    std::string userJson;
    writeSortedObject(userJson, user);
    auto userYaml = valuesYaml(userJson);
    if (!userYaml.ok())
        return Failure{userYaml.error()};
    r.userValuesYaml = std::move(userYaml.value());
    std::string computedJson;
    writeCoalesced(computedJson, user, chartValues);
    auto computedYaml = valuesYaml(computedJson);
    if (!computedYaml.ok())
        return Failure{computedYaml.error()};
    r.computedValuesYaml = std::move(computedYaml.value());
    return r;
}

Result<HelmRelease, std::string> HelmRelease::fromSecretData(std::string_view secretDataRelease) {
    auto json = HelmReleaseCodec::decodeRelease(secretDataRelease);
    if (!json.ok())
        return Failure{json.error()};
    return parse(json.value());
}

} // namespace cubedesk::k8s
