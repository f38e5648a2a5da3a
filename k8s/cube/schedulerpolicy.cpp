#include "k8s/cube/schedulerpolicy.h"

#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <utility>
#include <yaml-cpp/yaml.h>

namespace cubedesk::k8s {

namespace {

using Json = nlohmann::ordered_json;
using Row = SchedulerPolicyView::Row;

constexpr int kMaxDepth = 64;
constexpr std::size_t kMaxNodes = 100000;

const char *const kExpected =
    "expected a scheduler Policy (JSON with kind: Policy) or a KubeSchedulerConfiguration "
    "(apiVersion kubescheduler.config.k8s.io/…)";

bool isPlainInteger(const std::string &s) {
    std::size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
    if (i == s.size() || s.size() - i > 18)
        return false;
    for (; i < s.size(); ++i)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return true;
}

/// A yaml-cpp node as JSON, plain scalars typed the YAML 1.1 way the scheduler's loader reads
/// them (numbers, booleans, null). Throws nothing; an error string on failure.
class YamlToJson final {
public:
    Result<Json, std::string> convert(const YAML::Node &node, int depth = 0) {
        if (depth > kMaxDepth)
            return Failure{std::string("nested more than 64 deep")};
        if (++m_nodes > kMaxNodes)
            return Failure{std::string("more than 100000 values")};
        switch (node.Type()) {
        case YAML::NodeType::Map: {
            Json out = Json::object();
            for (const auto &kv : node) {
                if (!kv.first.IsScalar())
                    return Failure{std::string("a map key that is not a string")};
                auto value = convert(kv.second, depth + 1);
                if (!value.ok())
                    return value;
                out[kv.first.Scalar()] = std::move(value).value();
            }
            return out;
        }
        case YAML::NodeType::Sequence: {
            Json out = Json::array();
            for (const auto &item : node) {
                auto value = convert(item, depth + 1);
                if (!value.ok())
                    return value;
                out.push_back(std::move(value).value());
            }
            return out;
        }
        case YAML::NodeType::Scalar:
            return scalar(node);
        default:
            return Json();
        }
    }

private:
    static Json scalar(const YAML::Node &node) {
        const std::string &s = node.Scalar();
        if (node.Tag() == "!")
            return s; // quoted
        if (s == "true" || s == "True" || s == "TRUE")
            return true;
        if (s == "false" || s == "False" || s == "FALSE")
            return false;
        if (s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL")
            return nullptr;
        if (isPlainInteger(s))
            return std::strtoll(s.c_str(), nullptr, 10);
        char *end = nullptr;
        const double d = std::strtod(s.c_str(), &end);
        if (end != nullptr && *end == '\0' && std::isfinite(d) &&
            s.find_first_of("0123456789") != std::string::npos)
            return d;
        return s;
    }

    std::size_t m_nodes = 0;
};

Result<Json, std::string> load(std::string_view text) {
    Json json = Json::parse(text, nullptr, false);
    if (!json.is_discarded())
        return json;
    try {
        const YAML::Node node = YAML::Load(std::string(text));
        return YamlToJson().convert(node);
    } catch (const YAML::Exception &e) {
        return Failure{std::string("neither JSON nor YAML: ") + e.what()};
    }
}

/// True when `j` nests deeper than kMaxDepth (checked without recursing further than that).
bool tooDeep(const Json &j, int depth = 0) {
    if (!j.is_structured())
        return false;
    if (depth >= kMaxDepth)
        return true;
    for (const auto &child : j)
        if (tooDeep(child, depth + 1))
            return true;
    return false;
}

std::optional<std::int64_t> integer(const Json &j) {
    if (j.is_number_integer())
        return j.get<std::int64_t>();
    if (j.is_number_float()) {
        const double d = j.get<double>();
        if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9e15)
            return static_cast<std::int64_t>(d);
    }
    return std::nullopt;
}

std::string text(const Json &j) {
    if (j.is_string())
        return j.get<std::string>();
    if (const auto i = integer(j))
        return std::to_string(*i);
    return j.dump();
}

std::string stringField(const Json &object, const char *key) {
    if (!object.is_object())
        return {};
    const auto it = object.find(key);
    return it == object.end() ? std::string() : text(*it);
}

const Json *field(const Json &object, const char *key) {
    if (!object.is_object())
        return nullptr;
    const auto it = object.find(key);
    return it == object.end() || it->is_null() ? nullptr : &*it;
}

void appendPart(std::string &out, const std::string &part, const char *separator = "; ") {
    if (part.empty())
        return;
    if (!out.empty())
        out += separator;
    out += part;
}

/// "cpu weight 1, memory weight 1"
std::string resourcesText(const Json *resources) {
    std::string out;
    if (resources == nullptr || !resources->is_array())
        return out;
    for (const auto &r : *resources) {
        std::string part = stringField(r, "name");
        if (const Json *w = field(r, "weight"))
            part += " weight " + text(*w);
        appendPart(out, part, ", ");
    }
    return out;
}

/// "utilization 0% → score 10, 100% → score 0"
std::string shapeText(const Json *shape) {
    std::string out;
    if (shape == nullptr || !shape->is_array())
        return out;
    for (const auto &point : *shape) {
        const Json *u = field(point, "utilization");
        const Json *s = field(point, "score");
        appendPart(out,
                   (u != nullptr ? text(*u) : "?") + "% → score " + (s != nullptr ? text(*s) : "?"),
                   ", ");
    }
    return out.empty() ? out : "utilization " + out;
}

/// Every scalar of `value` as "a.b: v", for arguments this view does not spell out.
void summarize(const Json &value, const std::string &prefix, std::string &out) {
    if (value.is_object()) {
        for (auto it = value.begin(); it != value.end(); ++it)
            summarize(*it, prefix.empty() ? it.key() : prefix + '.' + it.key(), out);
        return;
    }
    std::string v = value.is_string() ? value.get<std::string>() : value.dump();
    appendPart(out, prefix.empty() ? v : prefix + ": " + v);
}

std::string presenceText(const Json &arg, const char *what) {
    const Json *presence = field(arg, "presence");
    const bool present = presence == nullptr || (presence->is_boolean() && presence->get<bool>());
    return std::string(what) + (present ? " present" : " absent");
}

std::string predicateDetail(const Json *argument) {
    if (argument == nullptr)
        return {};
    if (const Json *a = field(*argument, "serviceAffinity")) {
        std::string labels;
        if (const Json *l = field(*a, "labels"); l != nullptr && l->is_array())
            for (const auto &x : *l)
                appendPart(labels, text(x), ", ");
        return "same " + labels + " as the service's pods";
    }
    if (const Json *a = field(*argument, "labelsPresence")) {
        std::string labels;
        if (const Json *l = field(*a, "labels"); l != nullptr && l->is_array())
            for (const auto &x : *l)
                appendPart(labels, text(x), ", ");
        return presenceText(*a, ("labels " + labels + " must be").c_str());
    }
    std::string out;
    summarize(*argument, "", out);
    return out;
}

std::string ratioText(const Json *resources, const Json *shape) {
    std::string out = resourcesText(resources);
    appendPart(out, shapeText(shape));
    return out;
}

std::string priorityDetail(const Json *argument) {
    if (argument == nullptr)
        return {};
    if (const Json *a = field(*argument, "requestedToCapacityRatioArguments"))
        return ratioText(field(*a, "resources"), field(*a, "shape"));
    if (const Json *a = field(*argument, "serviceAntiAffinity"))
        return "spread a service's pods over label " + stringField(*a, "label");
    if (const Json *a = field(*argument, "labelPreference"))
        return presenceText(*a, ("prefers label " + stringField(*a, "label")).c_str());
    std::string out;
    summarize(*argument, "", out);
    return out;
}

std::string extenderDetail(const Json &e) {
    std::string out;
    for (const char *verb : {"filterVerb", "prioritizeVerb", "preemptVerb", "bindVerb"})
        if (const Json *v = field(e, verb)) {
            std::string name(verb);
            name.resize(name.size() - 4); // "Verb"
            appendPart(out, name + ' ' + text(*v), ", ");
        }
    if (const Json *m = field(e, "managedResources"); m != nullptr && m->is_array()) {
        std::string names;
        for (const auto &r : *m)
            appendPart(names, stringField(r, "name"), ", ");
        appendPart(out, "manages " + names, ", ");
    }
    if (const Json *i = field(e, "ignorable"); i != nullptr && i->is_boolean() && i->get<bool>())
        appendPart(out, "ignorable", ", ");
    return out;
}

Result<const Json *, std::string> list(const Json &object, const char *key,
                                       const std::string &where) {
    const Json *value = field(object, key);
    if (value != nullptr && !value->is_array())
        return Failure{where + key + ": expected a list"};
    return value;
}

Status<std::string> extenders(const Json &root, const std::string &section,
                              std::vector<Row> &rows) {
    auto items = list(root, "extenders", "");
    if (!items.ok())
        return Failure{items.error()};
    if (*items != nullptr)
        for (const auto &e : **items) {
            if (!e.is_object())
                return Failure{std::string("extenders: expected objects")};
            std::optional<std::int64_t> weight;
            if (const Json *w = field(e, "weight"))
                weight = integer(*w);
            rows.emplace_back(section, stringField(e, "urlPrefix"), weight, extenderDetail(e));
        }
    return Success{};
}

Status<std::string> policyRows(const Json &root, std::vector<Row> &rows) {
    if (const Json *w = field(root, "hardPodAffinitySymmetricWeight"))
        rows.emplace_back("setting", "hardPodAffinitySymmetricWeight", integer(*w), "");
    if (const Json *a = field(root, "alwaysCheckAllPredicates"))
        rows.emplace_back("setting", "alwaysCheckAllPredicates", std::nullopt, text(*a));
    for (const char *key : {"predicates", "priorities"}) {
        const bool predicates = std::string_view(key) == "predicates";
        auto items = list(root, key, "");
        if (!items.ok())
            return Failure{items.error()};
        if (*items == nullptr)
            continue;
        std::size_t index = 0;
        for (const auto &item : **items) {
            const std::string where = std::string(key) + '[' + std::to_string(index++) + "]";
            if (!item.is_object() || stringField(item, "name").empty())
                return Failure{where + ": expected an object with a name"};
            std::optional<std::int64_t> weight;
            if (const Json *w = field(item, "weight"))
                weight = integer(*w);
            const Json *argument = field(item, "argument");
            rows.emplace_back(predicates ? "predicate" : "priority", stringField(item, "name"),
                              weight,
                              predicates ? predicateDetail(argument) : priorityDetail(argument));
        }
    }
    return extenders(root, "extender", rows);
}

std::string pluginArgsDetail(const std::string &name, const Json &args) {
    if (name == "NodeResourcesFit" || name == "NodeResourcesBalancedAllocation") {
        if (const Json *strategy = field(args, "scoringStrategy")) {
            std::string out = stringField(*strategy, "type");
            const Json *ratio = field(*strategy, "requestedToCapacityRatio");
            const std::string detail = ratioText(
                field(*strategy, "resources"), ratio != nullptr ? field(*ratio, "shape") : nullptr);
            if (!detail.empty())
                out = out.empty() ? detail : out + ": " + detail;
            return out;
        }
    }
    std::string out;
    summarize(args, "", out);
    return out;
}

Status<std::string> configurationRows(const Json &root, std::vector<Row> &rows) {
    for (const char *key : {"percentageOfNodesToScore", "parallelism"})
        if (const Json *v = field(root, key))
            rows.emplace_back("setting", key, std::nullopt, text(*v));
    auto profiles = list(root, "profiles", "");
    if (!profiles.ok())
        return Failure{profiles.error()};
    std::size_t index = 0;
    if (*profiles != nullptr)
        for (const auto &profile : **profiles) {
            const std::string where = "profiles[" + std::to_string(index++) + "].";
            if (!profile.is_object())
                return Failure{where.substr(0, where.size() - 1) + ": expected an object"};
            std::string name = stringField(profile, "schedulerName");
            if (name.empty())
                name = "default-scheduler";
            if (const Json *plugins = field(profile, "plugins")) {
                if (!plugins->is_object())
                    return Failure{where + "plugins: expected an object"};
                for (auto point = plugins->begin(); point != plugins->end(); ++point) {
                    const std::string section = name + ": " + point.key();
                    const std::string at = where + "plugins." + point.key() + '.';
                    if (!point->is_object())
                        return Failure{at.substr(0, at.size() - 1) + ": expected an object"};
                    for (auto entry = point->begin(); entry != point->end(); ++entry) {
                        const std::string &state = entry.key();
                        if (state != "enabled" && state != "disabled")
                            continue;
                        auto items = list(*point, state.c_str(), at);
                        if (!items.ok())
                            return Failure{items.error()};
                        if (*items == nullptr)
                            continue;
                        for (const auto &p : **items) {
                            if (!p.is_object() || stringField(p, "name").empty())
                                return Failure{at + state + ": expected objects with a name"};
                            std::optional<std::int64_t> weight;
                            if (const Json *w = field(p, "weight"))
                                weight = integer(*w);
                            rows.emplace_back(section, stringField(p, "name"), weight, state);
                        }
                    }
                }
            }
            auto configs = list(profile, "pluginConfig", where);
            if (!configs.ok())
                return Failure{configs.error()};
            if (*configs != nullptr)
                for (const auto &c : **configs) {
                    const std::string plugin = stringField(c, "name");
                    if (!c.is_object() || plugin.empty())
                        return Failure{where + "pluginConfig: expected objects with a name"};
                    const Json *args = field(c, "args");
                    rows.emplace_back(name + ": pluginConfig", plugin, std::nullopt,
                                      args != nullptr ? pluginArgsDetail(plugin, *args) : "");
                }
        }
    return extenders(root, "extender", rows);
}

} // namespace

SchedulerPolicyView::Row::Row(std::string section, std::string name,
                              std::optional<std::int64_t> weight, std::string detail)
    : section(std::move(section))
    , name(std::move(name))
    , weight(weight)
    , detail(std::move(detail)) {}

Result<SchedulerPolicyView, std::string> SchedulerPolicyView::parse(std::string_view text) {
    auto loaded = load(text);
    if (!loaded.ok())
        return Failure{loaded.error()};
    const Json &root = loaded.value();
    if (tooDeep(root))
        return Failure{std::string("nested more than 64 deep")};
    if (!root.is_object())
        return Failure{std::string(kExpected) + ", found " +
                       (root.is_null() ? std::string("nothing") : std::string(root.type_name()))};
    const std::string kind = stringField(root, "kind");
    const std::string apiVersion = stringField(root, "apiVersion");
    SchedulerPolicyView view;
    Status<std::string> status = Success{};
    if (kind == "KubeSchedulerConfiguration" &&
        apiVersion.starts_with("kubescheduler.config.k8s.io/")) {
        view.m_format = Format::KubeSchedulerConfiguration;
        status = configurationRows(root, view.m_rows);
    } else if (kind == "Policy" ||
               (kind.empty() && (root.contains("predicates") || root.contains("priorities")))) {
        view.m_format = Format::Policy;
        status = policyRows(root, view.m_rows);
    } else {
        return Failure{
            std::string(kExpected) + ", found " +
            (kind.empty() ? std::string("an object without kind")
                          : "kind " + kind + (apiVersion.empty() ? "" : " (" + apiVersion + ")"))};
    }
    if (!status.ok())
        return Failure{status.error()};
    return view;
}

} // namespace cubedesk::k8s
