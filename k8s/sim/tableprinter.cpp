#include "k8s/sim/tableprinter.h"

#include "k8s/api/goformat.h"
#include "k8s/api/humanduration.h"
#include "k8s/sim/jsonpath.h"
#include "k8s/sim/rfc3339.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <set>
#include <utility>

namespace cubedesk::sim {

namespace {

using nlohmann::json;
using Clock = std::chrono::system_clock;

// ---------------------------------------------------------------------------------------------
// Small accessors over unstructured content. Missing or mistyped fields read as empty/zero, which
// is what the typed Go printers see after decoding.

const json *child(const json *j, const char *key) {
    if (j == nullptr || !j->is_object())
        return nullptr;
    const auto it = j->find(key);
    return it == j->end() ? nullptr : &*it;
}

template <typename... Keys>
const json *at(const json &root, Keys... keys) {
    const json *j = &root;
    ((j = child(j, keys)), ...);
    return j;
}

std::string str(const json *j) {
    return j != nullptr && j->is_string() ? j->get<std::string>() : std::string();
}

std::int64_t integer(const json *j) {
    if (j == nullptr)
        return 0;
    if (j->is_number_integer())
        return j->get<std::int64_t>();
    if (j->is_number_float()) {
        const double d = j->get<double>();
        if (std::isfinite(d) && std::fabs(d) < 9.2e18)
            return static_cast<std::int64_t>(d);
    }
    return 0;
}

bool boolean(const json *j) {
    return j != nullptr && j->is_boolean() && j->get<bool>();
}

bool isObject(const json *j) {
    return j != nullptr && j->is_object();
}

std::size_t arraySize(const json *j) {
    return j != nullptr && j->is_array() ? j->size() : 0;
}

std::size_t objectSize(const json *j) {
    return j != nullptr && j->is_object() ? j->size() : 0;
}

const json &emptyArray() {
    static const json empty = json::array();
    return empty;
}

const json &array(const json *j) {
    return j != nullptr && j->is_array() ? *j : emptyArray();
}

std::string trimSpace(std::string_view s) {
    const char *ws = " \t\r\n\v\f";
    const std::size_t b = s.find_first_not_of(ws);
    if (b == std::string_view::npos)
        return {};
    const std::size_t e = s.find_last_not_of(ws);
    return std::string(s.substr(b, e - b + 1));
}

std::string toLower(std::string s) {
    for (char &c : s) {
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    }
    return s;
}

// "<unknown>" for a missing/zero timestamp, like translateTimestampSince.
std::string ageOf(const json *timestamp, Clock::time_point now) {
    const std::string text = str(timestamp);
    if (text.empty())
        return "<unknown>";
    const auto tp = TablePrinter::parseTimestamp(text);
    if (!tp)
        return "<unknown>";
    return k8s::humanDuration(std::chrono::duration_cast<std::chrono::seconds>(now - *tp));
}

// ---------------------------------------------------------------------------------------------
// Column definitions

const char *const kNameDescription =
    "Name must be unique within a namespace. Is required when creating resources, although some "
    "resources may allow a client to request the generation of a name automatically. Name is "
    "primarily intended for creation idempotence and configuration definition. Cannot be updated. "
    "More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names";
const char *const kCreationDescription =
    "CreationTimestamp is a timestamp representing the server time when this object was created. "
    "It is not guaranteed to be set in happens-before order across separate operations. Clients "
    "may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the "
    "system. Read-only. Null for lists. More info: "
    "https://git.k8s.io/community/contributors/devel/sig-architecture/"
    "api-conventions.md#metadata";

json column(const std::string &name, const std::string &type, const std::string &description,
            int priority = 0, const std::string &format = {}) {
    return json{{"name", name},
                {"type", type},
                {"format", format},
                {"description", description},
                {"priority", priority}};
}

json nameColumn(int priority = 0) {
    return column("Name", "string", kNameDescription, priority, "name");
}

json ageColumn() {
    return column("Age", "string", kCreationDescription);
}

enum class Printer {
    Pod,
    Node,
    Namespace,
    ConfigMap,
    Service,
    Event,
    ResourceQuota,
    PodDisruptionBudget,
    DaemonSet,
    Deployment,
    ReplicaSet,
    StatefulSet,
    Job,
    CronJob,
    Ingress,
    IngressClass,
    PersistentVolumeClaim,
    PersistentVolume,
    ServiceAccount,
    Secret,
    Endpoints,
    Role,        ///< Role and ClusterRole
    RoleBinding, ///< RoleBinding and ClusterRoleBinding
    StorageClass,
    Columns,
    CustomAge,
    Default
};

Printer printerFor(const ResourceType &type) {
    if (type.group.empty() && !type.custom) {
        if (type.kind == "Pod")
            return Printer::Pod;
        if (type.kind == "Node")
            return Printer::Node;
        if (type.kind == "Namespace")
            return Printer::Namespace;
        if (type.kind == "ConfigMap")
            return Printer::ConfigMap;
        if (type.kind == "Service")
            return Printer::Service;
        if (type.kind == "Event")
            return Printer::Event;
        if (type.kind == "ResourceQuota")
            return Printer::ResourceQuota;
        if (type.kind == "PersistentVolumeClaim")
            return Printer::PersistentVolumeClaim;
        if (type.kind == "PersistentVolume")
            return Printer::PersistentVolume;
        if (type.kind == "ServiceAccount")
            return Printer::ServiceAccount;
        if (type.kind == "Secret")
            return Printer::Secret;
        if (type.kind == "Endpoints")
            return Printer::Endpoints;
    }
    if (type.custom)
        return type.printerColumns.empty() ? Printer::CustomAge : Printer::Columns;
    if (type.group == "batch")
        return type.kind == "Job" ? Printer::Job : Printer::CronJob;
    if (type.group == "networking.k8s.io")
        return type.kind == "Ingress" ? Printer::Ingress : Printer::IngressClass;
    if (type.group == "rbac.authorization.k8s.io")
        return type.kind.ends_with("Binding") ? Printer::RoleBinding : Printer::Role;
    if (type.group == "storage.k8s.io" && type.kind == "StorageClass")
        return Printer::StorageClass;
    if (type.group == "policy" && type.kind == "PodDisruptionBudget")
        return Printer::PodDisruptionBudget;
    if (type.group == "apps") {
        if (type.kind == "DaemonSet")
            return Printer::DaemonSet;
        if (type.kind == "Deployment")
            return Printer::Deployment;
        if (type.kind == "ReplicaSet")
            return Printer::ReplicaSet;
        if (type.kind == "StatefulSet")
            return Printer::StatefulSet;
    }
    if (!type.printerColumns.empty())
        return Printer::Columns;
    if (type.custom)
        return Printer::CustomAge;
    return Printer::Default;
}

// apiextensions-apiserver serves this column for CRD versions without additionalPrinterColumns.
PrinterColumn customAgeColumn() {
    PrinterColumn c;
    c.name = "Age";
    c.type = "date";
    c.description = kCreationDescription;
    c.jsonPath = ".metadata.creationTimestamp";
    return c;
}

json printerColumnDefinitions(const std::vector<PrinterColumn> &columns) {
    json defs = json::array({nameColumn()});
    for (const PrinterColumn &c : columns) {
        const std::string description =
            c.description.empty()
                ? "Custom resource definition column (in JSONPath format): " + c.jsonPath
                : c.description;
        defs.push_back(column(c.name, c.type, description, c.priority, c.format));
    }
    return defs;
}

// ---------------------------------------------------------------------------------------------
// Built-in printers

bool conditionTrue(const json &status, const char *type) {
    for (const json &c : array(child(&status, "conditions"))) {
        if (str(child(&c, "type")) == type && str(child(&c, "status")) == "True")
            return true;
    }
    return false;
}

json podCells(const json &pod, Clock::time_point now) {
    static const json kEmpty = json::object();
    const json *specPtr = child(&pod, "spec");
    const json *statusPtr = child(&pod, "status");
    const json &spec = isObject(specPtr) ? *specPtr : kEmpty;
    const json &status = isObject(statusPtr) ? *statusPtr : kEmpty;

    std::int64_t restarts = 0;
    std::int64_t restartableInitRestarts = 0;
    std::int64_t totalContainers = static_cast<std::int64_t>(arraySize(child(&spec, "containers")));
    std::int64_t readyContainers = 0;

    const std::string phase = str(child(&status, "phase"));
    std::string reason = phase;
    if (const std::string r = str(child(&status, "reason")); !r.empty())
        reason = r;
    for (const json &c : array(child(&status, "conditions"))) {
        if (str(child(&c, "type")) == "PodScheduled" &&
            str(child(&c, "reason")) == "SchedulingGated")
            reason = "SchedulingGated";
    }

    // Sidecars (init containers with restartPolicy Always) count as regular containers.
    std::set<std::string> restartableInit;
    const json &initSpecs = array(child(&spec, "initContainers"));
    for (const json &c : initSpecs) {
        if (str(child(&c, "restartPolicy")) == "Always") {
            restartableInit.insert(str(child(&c, "name")));
            ++totalContainers;
        }
    }

    bool initializing = false;
    const json &initStatuses = array(child(&status, "initContainerStatuses"));
    for (std::size_t i = 0; i < initStatuses.size(); ++i) {
        const json &cs = initStatuses[i];
        const std::int64_t count = integer(child(&cs, "restartCount"));
        restarts += count;
        const bool restartable = restartableInit.count(str(child(&cs, "name"))) > 0;
        if (restartable)
            restartableInitRestarts += count;
        const json *terminated = at(cs, "state", "terminated");
        const json *waiting = at(cs, "state", "waiting");
        const bool isTerminated = isObject(terminated);
        if (isTerminated && integer(child(terminated, "exitCode")) == 0)
            continue;
        if (restartable && boolean(child(&cs, "started"))) {
            if (boolean(child(&cs, "ready")))
                ++readyContainers;
            continue;
        }
        if (isTerminated) {
            const std::string r = str(child(terminated, "reason"));
            if (!r.empty())
                reason = "Init:" + r;
            else if (const std::int64_t sig = integer(child(terminated, "signal")); sig != 0)
                reason = "Init:Signal:" + std::to_string(sig);
            else
                reason = "Init:ExitCode:" + std::to_string(integer(child(terminated, "exitCode")));
        } else if (isObject(waiting) && !str(child(waiting, "reason")).empty() &&
                   str(child(waiting, "reason")) != "PodInitializing") {
            reason = "Init:" + str(child(waiting, "reason"));
        } else {
            reason = "Init:" + std::to_string(i) + "/" + std::to_string(initSpecs.size());
        }
        initializing = true;
        break;
    }

    if (!initializing || conditionTrue(status, "Initialized")) {
        restarts = restartableInitRestarts;
        bool hasRunning = false;
        const json &statuses = array(child(&status, "containerStatuses"));
        for (std::size_t i = statuses.size(); i-- > 0;) {
            const json &cs = statuses[i];
            restarts += integer(child(&cs, "restartCount"));
            const json *waiting = at(cs, "state", "waiting");
            const json *terminated = at(cs, "state", "terminated");
            if (isObject(waiting) && !str(child(waiting, "reason")).empty()) {
                reason = str(child(waiting, "reason"));
            } else if (isObject(terminated) && !str(child(terminated, "reason")).empty()) {
                reason = str(child(terminated, "reason"));
            } else if (isObject(terminated)) {
                if (const std::int64_t sig = integer(child(terminated, "signal")); sig != 0)
                    reason = "Signal:" + std::to_string(sig);
                else
                    reason = "ExitCode:" + std::to_string(integer(child(terminated, "exitCode")));
            } else if (boolean(child(&cs, "ready")) && isObject(at(cs, "state", "running"))) {
                hasRunning = true;
                ++readyContainers;
            }
        }
        // A pod whose last container completed but another still runs is shown as running.
        if (reason == "Completed" && hasRunning)
            reason = conditionTrue(status, "Ready") ? "Running" : "NotReady";
    }

    const json *deletion = at(pod, "metadata", "deletionTimestamp");
    const bool deleting = deletion != nullptr && !deletion->is_null();
    if (deleting && str(child(&status, "reason")) == "NodeLost")
        reason = "Unknown";
    else if (deleting && phase != "Succeeded" && phase != "Failed")
        reason = "Terminating";

    std::string podIP;
    const json &podIPs = array(child(&status, "podIPs"));
    if (!podIPs.empty())
        podIP = str(child(&podIPs[0], "ip"));
    if (podIP.empty())
        podIP = str(child(&status, "podIP"));
    std::string node = str(child(&spec, "nodeName"));
    std::string nominated = str(child(&status, "nominatedNodeName"));

    std::string gates = "<none>";
    const json &readinessGates = array(child(&spec, "readinessGates"));
    if (!readinessGates.empty()) {
        std::size_t trueConditions = 0;
        for (const json &gate : readinessGates) {
            const std::string type = str(child(&gate, "conditionType"));
            for (const json &c : array(child(&status, "conditions"))) {
                if (str(child(&c, "type")) == type) {
                    if (str(child(&c, "status")) == "True")
                        ++trueConditions;
                    break;
                }
            }
        }
        gates = std::to_string(trueConditions) + "/" + std::to_string(readinessGates.size());
    }

    return json::array({str(at(pod, "metadata", "name")),
                        std::to_string(readyContainers) + "/" + std::to_string(totalContainers),
                        reason, restarts, ageOf(at(pod, "metadata", "creationTimestamp"), now),
                        podIP.empty() ? "<none>" : podIP, node.empty() ? "<none>" : node,
                        nominated.empty() ? "<none>" : nominated, gates});
}

json nodeCells(const json &node, Clock::time_point now) {
    std::string status;
    const json *conditions = at(node, "status", "conditions");
    for (const json &c : array(conditions)) {
        if (str(child(&c, "type")) == "Ready") {
            status = str(child(&c, "status")) == "True" ? "Ready" : "NotReady";
            break;
        }
    }
    if (status.empty())
        status = "Unknown";
    if (boolean(at(node, "spec", "unschedulable")))
        status += ",SchedulingDisabled";

    std::set<std::string> roles;
    const json *labels = at(node, "metadata", "labels");
    if (isObject(labels)) {
        const std::string prefix = "node-role.kubernetes.io/";
        for (const auto &[key, value] : labels->items()) {
            if (key.rfind(prefix, 0) == 0) {
                if (key.size() > prefix.size())
                    roles.insert(key.substr(prefix.size()));
            } else if (key == "kubernetes.io/role" && !str(&value).empty()) {
                roles.insert(str(&value));
            }
        }
    }
    std::string roleText;
    for (const std::string &role : roles)
        roleText += (roleText.empty() ? "" : ",") + role;
    if (roleText.empty())
        roleText = "<none>";

    const auto address = [&node](const char *type) {
        for (const json &a : array(at(node, "status", "addresses"))) {
            if (str(child(&a, "type")) == type)
                return str(child(&a, "address"));
        }
        return std::string("<none>");
    };
    const auto infoOr = [&node](const char *field) {
        const std::string v = str(at(node, "status", "nodeInfo", field));
        return v.empty() ? std::string("<unknown>") : v;
    };

    return json::array({str(at(node, "metadata", "name")), status, roleText,
                        ageOf(at(node, "metadata", "creationTimestamp"), now),
                        str(at(node, "status", "nodeInfo", "kubeletVersion")),
                        address("InternalIP"), address("ExternalIP"), infoOr("osImage"),
                        infoOr("kernelVersion"), infoOr("containerRuntimeVersion")});
}

json eventCells(const json &event, Clock::time_point now) {
    std::string first = ageOf(child(&event, "firstTimestamp"), now);
    if (str(child(&event, "firstTimestamp")).empty())
        first = ageOf(child(&event, "eventTime"), now);
    std::string last = ageOf(child(&event, "lastTimestamp"), now);
    if (str(child(&event, "lastTimestamp")).empty())
        last = first;
    std::int64_t count = integer(child(&event, "count"));
    if (const json *series = child(&event, "series"); isObject(series)) {
        last = ageOf(child(series, "lastObservedTime"), now);
        count = integer(child(series, "count"));
    } else if (count == 0) {
        count = 1; // singleton events of the events.k8s.io API carry no count
    }

    const std::string kind = toLower(str(at(event, "involvedObject", "kind")));
    const std::string name = str(at(event, "involvedObject", "name"));
    const std::string target = name.empty() ? kind : kind + "/" + name;

    std::string component = str(at(event, "source", "component"));
    if (component.empty())
        component = str(child(&event, "reportingComponent"));
    std::string host = str(at(event, "source", "host"));
    if (host.empty())
        host = str(child(&event, "reportingInstance"));
    const std::string source = host.empty() ? component : component + ", " + host;

    return json::array({last, str(child(&event, "type")), str(child(&event, "reason")), target,
                        str(at(event, "involvedObject", "fieldPath")), source,
                        trimSpace(str(child(&event, "message"))), first, count,
                        str(at(event, "metadata", "name"))});
}

std::string quantityText(const json *j) {
    if (j == nullptr || j->is_null())
        return "0";
    if (j->is_string())
        return j->get<std::string>();
    return j->dump();
}

json resourceQuotaCells(const json &quota, Clock::time_point now) {
    const json *hard = at(quota, "status", "hard");
    // Without a quota controller the status may be empty; kubectl would show the spec after the
    // controller's first pass, so fall back to it.
    if (objectSize(hard) == 0)
        hard = at(quota, "spec", "hard");
    const json *used = at(quota, "status", "used");

    std::string request;
    std::string limit;
    if (isObject(hard)) {
        for (const auto &[resource, hardValue] : hard->items()) { // std::map: sorted by name
            std::string &out = resource.rfind("limits.", 0) == 0 ? limit : request;
            out += resource + ": " + quantityText(child(used, resource.c_str())) + "/" +
                   quantityText(&hardValue) + ", ";
        }
    }
    for (std::string *s : {&request, &limit}) {
        if (s->size() >= 2)
            s->resize(s->size() - 2);
    }
    return json::array({str(at(quota, "metadata", "name")),
                        ageOf(at(quota, "metadata", "creationTimestamp"), now), request, limit});
}

// ---------------------------------------------------------------------------------------------
// Printer columns (apiextensions-apiserver's table convertor)

std::string scalarText(const json &v) {
    switch (v.type()) {
    case json::value_t::string:
        return v.get<std::string>();
    case json::value_t::boolean:
        return v.get<bool>() ? "true" : "false";
    case json::value_t::number_integer:
        return std::to_string(v.get<std::int64_t>());
    case json::value_t::number_unsigned:
        return std::to_string(v.get<std::uint64_t>());
    case json::value_t::number_float:
        // As the apiserver prints it: client-go's jsonpath writes the value with fmt's %v.
        return k8s::formatGoFloat(v.get<double>(), 64);
    default:
        break;
    }
    return v.dump();
}

json cellFor(const PrinterColumn &column, const json &object, Clock::time_point now) {
    const auto results = JsonPath::evaluate(object, column.jsonPath);
    if (!results || results->empty())
        return nullptr;
    const json &value = results->front();
    if (value.is_null())
        return nullptr;
    if (column.type == "string")
        return scalarText(value);
    if (column.type == "integer") {
        if (value.is_number_integer())
            return value.get<std::int64_t>();
        if (value.is_number_float()) {
            const double d = value.get<double>();
            if (std::isfinite(d) && std::fabs(d) < 9.2e18)
                return static_cast<std::int64_t>(d);
        }
        return nullptr;
    }
    if (column.type == "number") {
        if (value.is_number())
            return value.get<double>();
        return nullptr;
    }
    if (column.type == "boolean") {
        if (value.is_boolean())
            return value.get<bool>();
        return nullptr;
    }
    if (column.type == "date") {
        if (!value.is_string())
            return nullptr;
        const std::string text = value.get<std::string>();
        if (text.empty() || text == "null")
            return "<unknown>";
        const auto tp = TablePrinter::parseTimestamp(text);
        if (!tp)
            return "<invalid>";
        return k8s::humanDuration(std::chrono::duration_cast<std::chrono::seconds>(now - *tp));
    }
    return nullptr;
}

// ---------------------------------------------------------------------------------------------
// Workloads, networking, storage and RBAC (pkg/printers/internalversion/printers.go)

const char *const kContainersDescription = "Names of each container in the template.";
const char *const kImagesDescription = "Images referenced by each container in the template.";

/// layoutContainerCells: the template's container names and images, each comma-separated.
std::pair<std::string, std::string> containerCells(const json *podSpec) {
    std::string names;
    std::string images;
    for (const json &c : array(child(podSpec, "containers"))) {
        names += (names.empty() ? "" : ",") + str(child(&c, "name"));
        images += (images.empty() ? "" : ",") + str(child(&c, "image"));
    }
    return {names, images};
}

/// labels.Selector's String() of a metav1.LabelSelector: requirements sorted by key, values of
/// set operators sorted; "" for a missing or empty selector.
std::string selectorText(const json *selector) {
    std::vector<std::pair<std::string, std::string>> requirements;
    if (const json *labels = child(selector, "matchLabels"); isObject(labels))
        for (const auto &[k, v] : labels->items())
            requirements.emplace_back(k, k + '=' + str(&v));
    for (const json &e : array(child(selector, "matchExpressions"))) {
        const std::string key = str(child(&e, "key"));
        const std::string op = str(child(&e, "operator"));
        std::vector<std::string> values;
        for (const json &v : array(child(&e, "values")))
            values.push_back(str(&v));
        std::sort(values.begin(), values.end());
        std::string list;
        for (const std::string &v : values)
            list += (list.empty() ? "" : ",") + v;
        if (op == "In")
            requirements.emplace_back(key, key + " in (" + (list + ')'));
        else if (op == "NotIn")
            requirements.emplace_back(key, key + " notin (" + (list + ')'));
        else if (op == "Exists")
            requirements.emplace_back(key, key);
        else if (op == "DoesNotExist")
            requirements.emplace_back(key, '!' + key);
    }
    std::stable_sort(requirements.begin(), requirements.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    std::string out;
    for (const auto &[key, text] : requirements)
        out += (out.empty() ? "" : ",") + text;
    return out;
}

/// metav1.FormatLabelSelector: the selector's text, "<none>" when it selects by nothing.
std::string formatSelector(const json *selector) {
    const std::string text = selectorText(selector);
    return text.empty() ? "<none>" : text;
}

std::string readyOfDesired(const json &object) {
    return std::to_string(integer(at(object, "status", "readyReplicas"))) + '/' +
           std::to_string(integer(at(object, "spec", "replicas")));
}

json withWide(json cells, const json *podSpec, std::optional<std::string> selector) {
    auto [names, images] = containerCells(podSpec);
    cells.push_back(std::move(names));
    cells.push_back(std::move(images));
    if (selector)
        cells.push_back(std::move(*selector));
    return cells;
}

bool conditionHolds(const json &object, const char *type) {
    const json *status = child(&object, "status");
    return status != nullptr && conditionTrue(*status, type);
}

json jobCells(const json &job, Clock::time_point now) {
    const std::int64_t succeeded = integer(at(job, "status", "succeeded"));
    std::string completions;
    if (const json *c = at(job, "spec", "completions"); c != nullptr && c->is_number()) {
        completions = std::to_string(succeeded) + '/' + std::to_string(integer(c));
    } else {
        const std::int64_t parallelism = integer(at(job, "spec", "parallelism"));
        completions = std::to_string(succeeded) + "/1";
        if (parallelism > 1)
            completions += " of " + std::to_string(parallelism);
    }
    std::string duration;
    const auto start = TablePrinter::parseTimestamp(str(at(job, "status", "startTime")));
    const auto end = TablePrinter::parseTimestamp(str(at(job, "status", "completionTime")));
    if (start)
        duration = k8s::humanDuration(
            std::chrono::duration_cast<std::chrono::seconds>((end ? *end : now) - *start));
    std::string status = "Running";
    if (conditionHolds(job, "Complete"))
        status = "Complete";
    else if (conditionHolds(job, "Failed"))
        status = "Failed";
    else if (at(job, "metadata", "deletionTimestamp") != nullptr)
        status = "Terminating";
    else if (conditionHolds(job, "Suspended"))
        status = "Suspended";
    else if (conditionHolds(job, "FailureTarget"))
        status = "FailureTarget";
    else if (conditionHolds(job, "SuccessCriteriaMet"))
        status = "SuccessCriteriaMet";
    return withWide(json::array({str(at(job, "metadata", "name")), status, completions, duration,
                                 ageOf(at(job, "metadata", "creationTimestamp"), now)}),
                    at(job, "spec", "template", "spec"),
                    formatSelector(at(job, "spec", "selector")));
}

json cronJobCells(const json &cronJob, Clock::time_point now) {
    const json *suspend = at(cronJob, "spec", "suspend");
    const std::string suspendText = suspend == nullptr || !suspend->is_boolean()
                                        ? "<unset>"
                                        : (suspend->get<bool>() ? "True" : "False");
    const std::string timeZone = str(at(cronJob, "spec", "timeZone"));
    const json *last = at(cronJob, "status", "lastScheduleTime");
    const json *jobSpec = at(cronJob, "spec", "jobTemplate", "spec");
    return withWide(
        json::array({str(at(cronJob, "metadata", "name")), str(at(cronJob, "spec", "schedule")),
                     timeZone.empty() ? "<none>" : timeZone, suspendText,
                     static_cast<std::int64_t>(arraySize(at(cronJob, "status", "active"))),
                     str(last).empty() ? "<none>" : ageOf(last, now),
                     ageOf(at(cronJob, "metadata", "creationTimestamp"), now)}),
        child(child(jobSpec, "template"), "spec"), formatSelector(child(jobSpec, "selector")));
}

json ingressCells(const json &ingress, Clock::time_point now) {
    const json &rules = array(at(ingress, "spec", "rules"));
    std::string hosts;
    std::size_t listed = 0;
    for (const json &rule : rules) {
        if (listed == 3)
            break;
        if (const std::string host = str(child(&rule, "host")); !host.empty()) {
            hosts += (hosts.empty() ? "" : ",") + host;
            ++listed;
        }
    }
    if (hosts.empty())
        hosts = "*";
    else if (rules.size() > 3 && listed == 3)
        hosts += " + " + std::to_string(rules.size() - 3) + " more...";
    std::string address;
    for (const json &lb : array(at(ingress, "status", "loadBalancer", "ingress"))) {
        std::string a = str(child(&lb, "ip"));
        if (a.empty())
            a = str(child(&lb, "hostname"));
        if (!a.empty())
            address += (address.empty() ? "" : ",") + a;
    }
    const std::string className = str(at(ingress, "spec", "ingressClassName"));
    return json::array({str(at(ingress, "metadata", "name")),
                        className.empty() ? "<none>" : className, hosts, address,
                        arraySize(at(ingress, "spec", "tls")) > 0 ? "80, 443" : "80",
                        ageOf(at(ingress, "metadata", "creationTimestamp"), now)});
}

json ingressClassCells(const json &ingressClass, Clock::time_point now) {
    std::string parameters = "<none>";
    if (const json *p = at(ingressClass, "spec", "parameters"); isObject(p)) {
        parameters = str(child(p, "kind"));
        if (const json *group = child(p, "apiGroup"); group != nullptr && group->is_string())
            parameters += '.' + str(group);
        parameters += '/' + str(child(p, "name"));
    }
    return json::array({str(at(ingressClass, "metadata", "name")),
                        str(at(ingressClass, "spec", "controller")), parameters,
                        ageOf(at(ingressClass, "metadata", "creationTimestamp"), now)});
}

/// helper.GetAccessModesAsString: RWO, ROX, RWX, RWOP in that order, each once.
std::string accessModesText(const json *modes) {
    std::set<std::string> present;
    for (const json &m : array(modes))
        present.insert(str(&m));
    std::string out;
    for (const auto &[mode, shortName] :
         {std::pair{"ReadWriteOnce", "RWO"}, std::pair{"ReadOnlyMany", "ROX"},
          std::pair{"ReadWriteMany", "RWX"}, std::pair{"ReadWriteOncePod", "RWOP"}})
        if (present.count(mode) != 0)
            out += (out.empty() ? "" : ",") + std::string(shortName);
    return out;
}

/// GetPersistentVolume(Claim)Class: the beta annotation wins over spec.storageClassName.
std::string storageClassOf(const json &object) {
    if (const json *beta =
            at(object, "metadata", "annotations", "volume.beta.kubernetes.io/storage-class");
        beta != nullptr && beta->is_string())
        return str(beta);
    return str(at(object, "spec", "storageClassName"));
}

std::string unsetOr(const json *value) {
    const std::string text = str(value);
    return text.empty() ? "<unset>" : text;
}

std::string phaseOrTerminating(const json &object) {
    return at(object, "metadata", "deletionTimestamp") != nullptr
               ? "Terminating"
               : str(at(object, "status", "phase"));
}

json persistentVolumeClaimCells(const json &claim, Clock::time_point now) {
    const std::string volume = str(at(claim, "spec", "volumeName"));
    std::string capacity;
    std::string modes;
    if (!volume.empty()) {
        modes = accessModesText(at(claim, "status", "accessModes"));
        capacity = quantityText(at(claim, "status", "capacity", "storage"));
    }
    return json::array({str(at(claim, "metadata", "name")), phaseOrTerminating(claim), volume,
                        capacity, modes, storageClassOf(claim),
                        unsetOr(at(claim, "spec", "volumeAttributesClassName")),
                        ageOf(at(claim, "metadata", "creationTimestamp"), now),
                        unsetOr(at(claim, "spec", "volumeMode"))});
}

json persistentVolumeCells(const json &volume, Clock::time_point now) {
    std::string claim;
    if (const json *ref = at(volume, "spec", "claimRef"); isObject(ref))
        claim = str(child(ref, "namespace")) + '/' + str(child(ref, "name"));
    return json::array({str(at(volume, "metadata", "name")),
                        quantityText(at(volume, "spec", "capacity", "storage")),
                        accessModesText(at(volume, "spec", "accessModes")),
                        str(at(volume, "spec", "persistentVolumeReclaimPolicy")),
                        phaseOrTerminating(volume), claim, storageClassOf(volume),
                        unsetOr(at(volume, "spec", "volumeAttributesClassName")),
                        str(at(volume, "status", "reason")),
                        ageOf(at(volume, "metadata", "creationTimestamp"), now),
                        unsetOr(at(volume, "spec", "volumeMode"))});
}

/// formatEndpoints: the first three ip:port pairs, "+ N more...", "<none>" when empty.
json endpointsCells(const json &endpoints, Clock::time_point now) {
    std::vector<std::string> pairs;
    std::size_t total = 0;
    for (const json &subset : array(child(&endpoints, "subsets"))) {
        const json &ports = array(child(&subset, "ports"));
        for (const json &address : array(child(&subset, "addresses"))) {
            const std::string ip = str(child(&address, "ip"));
            if (ports.empty()) {
                ++total;
                if (pairs.size() < 3)
                    pairs.push_back(ip);
            }
            for (const json &port : ports) {
                ++total;
                if (pairs.size() < 3)
                    pairs.push_back(ip + ':' + std::to_string(integer(child(&port, "port"))));
            }
        }
    }
    std::string text;
    for (const std::string &pair : pairs)
        text += (text.empty() ? "" : ",") + pair;
    if (total > pairs.size())
        text += " + " + std::to_string(total - pairs.size()) + " more...";
    return json::array({str(at(endpoints, "metadata", "name")), text.empty() ? "<none>" : text,
                        ageOf(at(endpoints, "metadata", "creationTimestamp"), now)});
}

json roleBindingCells(const json &binding, Clock::time_point now) {
    std::string users;
    std::string groups;
    std::string serviceAccounts;
    for (const json &subject : array(child(&binding, "subjects"))) {
        const std::string kind = str(child(&subject, "kind"));
        const std::string name = str(child(&subject, "name"));
        if (kind == "User")
            users += (users.empty() ? "" : ", ") + name;
        else if (kind == "Group")
            groups += (groups.empty() ? "" : ", ") + name;
        else if (kind == "ServiceAccount")
            serviceAccounts += (serviceAccounts.empty() ? "" : ", ") +
                               str(child(&subject, "namespace")) + '/' + name;
    }
    return json::array(
        {str(at(binding, "metadata", "name")),
         str(at(binding, "roleRef", "kind")) + '/' + str(at(binding, "roleRef", "name")),
         ageOf(at(binding, "metadata", "creationTimestamp"), now), users, groups, serviceAccounts});
}

json storageClassCells(const json &storageClass, Clock::time_point now) {
    std::string name = str(at(storageClass, "metadata", "name"));
    for (const char *key : {"storageclass.kubernetes.io/is-default-class",
                            "storageclass.beta.kubernetes.io/is-default-class"})
        if (str(at(storageClass, "metadata", "annotations", key)) == "true") {
            name += " (default)";
            break;
        }
    const std::string reclaim = str(child(&storageClass, "reclaimPolicy"));
    const std::string binding = str(child(&storageClass, "volumeBindingMode"));
    return json::array({name, str(child(&storageClass, "provisioner")),
                        reclaim.empty() ? "Delete" : reclaim,
                        binding.empty() ? "Immediate" : binding,
                        boolean(child(&storageClass, "allowVolumeExpansion")),
                        ageOf(at(storageClass, "metadata", "creationTimestamp"), now)});
}

std::string createdAt(const json &object) {
    // printRole: the creation time in RFC 3339, UTC; the zero time when missing.
    const auto created =
        TablePrinter::parseTimestamp(str(at(object, "metadata", "creationTimestamp")));
    return created ? formatRfc3339(*created) : "0001-01-01T00:00:00Z";
}

json columnCells(const std::vector<PrinterColumn> &columns, const json &object,
                 Clock::time_point now) {
    json cells = json::array({str(at(object, "metadata", "name"))});
    for (const PrinterColumn &c : columns)
        cells.push_back(cellFor(c, object, now));
    return cells;
}

} // namespace

nlohmann::json TablePrinter::columnDefinitions(const ResourceType &type) {
    switch (printerFor(type)) {
    case Printer::Pod:
        return json::array({
            nameColumn(),
            column("Ready", "string",
                   "The aggregate readiness state of this pod for accepting "
                   "traffic."),
            column("Status", "string", "The aggregate status of the containers in this pod."),
            column("Restarts", "integer",
                   "The number of times the containers in this pod have "
                   "been restarted."),
            ageColumn(),
            column("IP", "string", "The IP address allocated to the pod.", 1),
            column("Node", "string", "The node the pod is bound to.", 1),
            column("Nominated Node", "string",
                   "The node nominated by the scheduler for "
                   "preemption.",
                   1),
            column("Readiness Gates", "string", "Readiness gates that are true, of those declared.",
                   1),
        });
    case Printer::Node:
        return json::array({
            nameColumn(),
            column("Status", "string", "The status of the node"),
            column("Roles", "string", "The roles of the node"),
            ageColumn(),
            column("Version", "string", "Kubelet version reported by the node."),
            column("Internal-IP", "string", "The first InternalIP address of the node.", 1),
            column("External-IP", "string", "The first ExternalIP address of the node.", 1),
            column("OS-Image", "string", "OS image reported by the node.", 1),
            column("Kernel-Version", "string", "Kernel version reported by the node.", 1),
            column("Container-Runtime", "string", "Container runtime version reported by the node.",
                   1),
        });
    case Printer::Namespace:
        return json::array(
            {nameColumn(), column("Status", "string", "The status of the namespace"), ageColumn()});
    case Printer::ConfigMap:
        return json::array({nameColumn(),
                            column("Data", "string", "Number of entries in data and binaryData."),
                            ageColumn()});
    case Printer::Service:
        // pkg/printers/internalversion serviceColumnDefinitions.
        return json::array({
            nameColumn(),
            column("Type", "string", "The type of the service."),
            column("Cluster-IP", "string", "The cluster IP of the service."),
            column("External-IP", "string", "The external IP of the service."),
            column("Port(s)", "string", "The ports of the service."),
            ageColumn(),
            column("Selector", "string", "The selector of the service.", 1),
        });
    case Printer::Event:
        return json::array({
            column("Last Seen", "string",
                   "The time at which the most recent occurrence was "
                   "recorded."),
            column("Type", "string", "Type of this event (Normal, Warning)."),
            column("Reason", "string", "Short, machine understandable reason for the event."),
            column("Object", "string", "The object this event is about."),
            column("Subobject", "string", "The field path of the involved object.", 1),
            column("Source", "string", "The component reporting this event.", 1),
            column("Message", "string", "A human-readable description of the event."),
            column("First Seen", "string", "The time at which the event was first recorded.", 1),
            column("Count", "string", "The number of times this event has occurred.", 1),
            nameColumn(1),
        });
    case Printer::ResourceQuota:
        return json::array({
            nameColumn(),
            ageColumn(),
            column("Request", "string",
                   "Request represents a minimum amount of cpu/memory that a "
                   "container may consume."),
            column("Limit", "string",
                   "Limits control the maximum amount of cpu/memory that a "
                   "container may use independent of contention on the node."),
        });
    case Printer::PodDisruptionBudget:
        return json::array({
            nameColumn(),
            column("Min Available", "string",
                   "The minimum number of pods that must be available, either an absolute number "
                   "or a percentage."),
            column("Max Unavailable", "string",
                   "The maximum number of pods that may be unavailable, either an absolute number "
                   "or a percentage."),
            column("Allowed Disruptions", "integer",
                   "Calculated number of pods that may be disrupted at this time."),
            ageColumn(),
        });
    case Printer::DaemonSet:
        return json::array({
            nameColumn(),
            column("Desired", "integer",
                   "The total number of nodes that should be running the daemon pod."),
            column("Current", "integer",
                   "The number of nodes that are running at least 1 daemon pod and are supposed "
                   "to run the daemon pod."),
            column("Ready", "integer",
                   "The number of nodes that should be running the daemon pod and have one or "
                   "more of the daemon pod running and ready."),
            column("Up-to-date", "integer",
                   "The total number of nodes that are running updated daemon pod."),
            column("Available", "integer",
                   "The number of nodes that should be running the daemon pod and have one or "
                   "more of the daemon pod running and available."),
            column("Node Selector", "string",
                   "NodeSelector is a selector which must be true for the pod to fit on a node."),
            ageColumn(),
            column("Containers", "string", kContainersDescription, 1),
            column("Images", "string", kImagesDescription, 1),
            column("Selector", "string",
                   "A label query over pods that are managed by the daemon set.", 1),
        });
    case Printer::Deployment:
        return json::array({
            nameColumn(),
            column("Ready", "string", "Number of the pod with ready state"),
            column("Up-to-date", "string",
                   "Total number of non-terminated pods targeted by this "
                   "deployment that have the desired template spec."),
            column("Available", "integer",
                   "Total number of available pods (ready for at least minReadySeconds) targeted "
                   "by this deployment."),
            ageColumn(),
            column("Containers", "string", kContainersDescription, 1),
            column("Images", "string", kImagesDescription, 1),
            column("Selector", "string", "Label selector for pods.", 1),
        });
    case Printer::ReplicaSet:
        return json::array({
            nameColumn(),
            column("Desired", "integer", "Replicas is the number of desired replicas."),
            column("Current", "integer",
                   "Replicas is the most recently observed number of replicas."),
            column("Ready", "integer", "The number of ready replicas for this replica set."),
            ageColumn(),
            column("Containers", "string", kContainersDescription, 1),
            column("Images", "string", kImagesDescription, 1),
            column("Selector", "string",
                   "Selector is a label query over pods that should match the replica count.", 1),
        });
    case Printer::StatefulSet:
        return json::array({
            nameColumn(),
            column("Ready", "string", "Number of the pod with ready state"),
            ageColumn(),
            column("Containers", "string", kContainersDescription, 1),
            column("Images", "string", kImagesDescription, 1),
        });
    case Printer::Job:
        return json::array({
            nameColumn(),
            column("Status", "string", "Status of the job."),
            column("Completions", "string", "The number of pods which reached phase Succeeded."),
            column("Duration", "string", "Time required to complete the job."),
            ageColumn(),
            column("Containers", "string", kContainersDescription, 1),
            column("Images", "string", kImagesDescription, 1),
            column("Selector", "string", "A label query over pods that should match the pod count.",
                   1),
        });
    case Printer::CronJob:
        return json::array({
            nameColumn(),
            column("Schedule", "string", "The schedule in Cron format."),
            column("Timezone", "string", "The time zone name for the given schedule."),
            column("Suspend", "boolean",
                   "This flag tells the controller to suspend subsequent executions."),
            column("Active", "integer", "A list of pointers to currently running jobs."),
            column("Last Schedule", "string",
                   "Information when was the last time the job was successfully scheduled."),
            ageColumn(),
            column("Containers", "string", kContainersDescription, 1),
            column("Images", "string", kImagesDescription, 1),
            column("Selector", "string", "A label query over pods that should match the pod count.",
                   1),
        });
    case Printer::Ingress:
        return json::array({
            nameColumn(),
            column("Class", "string",
                   "The name of the IngressClass cluster resource that should be used to "
                   "implement this Ingress."),
            column("Hosts", "string",
                   "Hosts that incoming requests are matched against before the ingress rule"),
            column("Address", "string",
                   "Address is a list containing ingress points for the load-balancer"),
            column("Ports", "string", "Ports of TLS configurations that open"),
            ageColumn(),
        });
    case Printer::IngressClass:
        return json::array({
            nameColumn(),
            column("Controller", "string",
                   "Controller that is responsible for handling this class."),
            column("Parameters", "string", "A reference to a resource with additional parameters."),
            ageColumn(),
        });
    case Printer::PersistentVolumeClaim:
        return json::array({
            nameColumn(),
            column("Status", "string", "The current phase of the claim."),
            column("Volume", "string", "The binding reference to the PersistentVolume."),
            column("Capacity", "string", "The actual resources of the underlying volume."),
            column("Access Modes", "string", "The access modes the volume actually has."),
            column("StorageClass", "string", "StorageClass of the pvc"),
            column("VolumeAttributesClass", "string", "VolumeAttributesClass of the pvc"),
            ageColumn(),
            column("VolumeMode", "string", "What type of volume is required by the claim.", 1),
        });
    case Printer::PersistentVolume:
        return json::array({
            nameColumn(),
            column("Capacity", "string", "A description of the persistent volume's resources."),
            column("Access Modes", "string", "All ways the volume can be mounted."),
            column("Reclaim Policy", "string",
                   "What happens to a persistent volume when released from its claim."),
            column("Status", "string", "The current phase of the volume."),
            column("Claim", "string", "The binding between a claim and this volume."),
            column("StorageClass", "string", "StorageClass of the pv"),
            column("VolumeAttributesClass", "string", "VolumeAttributesClass of the pv"),
            column("Reason", "string", "A brief CamelCase string that describes any failure."),
            ageColumn(),
            column("VolumeMode", "string",
                   "Whether a volume is used with a formatted filesystem or as a raw block device.",
                   1),
        });
    case Printer::ServiceAccount:
        return json::array({
            nameColumn(),
            column("Secrets", "string",
                   "Secrets is a list of the secrets in the same namespace that pods running "
                   "using this ServiceAccount are allowed to use."),
            ageColumn(),
        });
    case Printer::Secret:
        return json::array({
            nameColumn(),
            column("Type", "string", "Used to facilitate programmatic handling of secret data."),
            column("Data", "string", "Contains the secret data."),
            ageColumn(),
        });
    case Printer::Endpoints:
        return json::array({
            nameColumn(),
            column("Endpoints", "string", "The set of all endpoints is the union of all subsets."),
            ageColumn(),
        });
    case Printer::Role:
        return json::array({nameColumn(), column("Created At", "date", kCreationDescription)});
    case Printer::RoleBinding:
        return json::array({
            nameColumn(),
            column("Role", "string", "RoleRef references a role."),
            ageColumn(),
            column("Users", "string", "Users in the roleBinding", 1),
            column("Groups", "string", "Groups in the roleBinding", 1),
            column("ServiceAccounts", "string", "ServiceAccounts in the roleBinding", 1),
        });
    case Printer::StorageClass:
        return json::array({
            nameColumn(),
            column("Provisioner", "string", "Indicates the type of the provisioner."),
            column("ReclaimPolicy", "string",
                   "Dynamically provisioned PersistentVolumes of this storage class are created "
                   "with this reclaimPolicy."),
            column("VolumeBindingMode", "string",
                   "Indicates how PersistentVolumeClaims should be provisioned and bound."),
            column("AllowVolumeExpansion", "string",
                   "Shows whether the storage class allow volume expand."),
            ageColumn(),
        });
    case Printer::Columns:
        return printerColumnDefinitions(type.printerColumns);
    case Printer::CustomAge:
        return printerColumnDefinitions({customAgeColumn()});
    case Printer::Default:
        break;
    }
    return json::array({nameColumn(), column("Created At", "date", kCreationDescription)});
}

nlohmann::json TablePrinter::cells(const ResourceType &type, const nlohmann::json &object,
                                   std::chrono::system_clock::time_point now) {
    try {
        switch (printerFor(type)) {
        case Printer::Pod:
            return podCells(object, now);
        case Printer::Node:
            return nodeCells(object, now);
        case Printer::Namespace:
            return json::array({str(at(object, "metadata", "name")),
                                str(at(object, "status", "phase")),
                                ageOf(at(object, "metadata", "creationTimestamp"), now)});
        case Printer::ConfigMap:
            return json::array({str(at(object, "metadata", "name")),
                                static_cast<std::int64_t>(objectSize(child(&object, "data")) +
                                                          objectSize(child(&object, "binaryData"))),
                                ageOf(at(object, "metadata", "creationTimestamp"), now)});
        case Printer::Service: {
            std::string ports;
            if (const json *list = at(object, "spec", "ports"); list && list->is_array())
                for (const json &p : *list) {
                    std::string port = std::to_string(integer(child(&p, "port")));
                    if (const json *nodePort = child(&p, "nodePort"); nodePort)
                        port += ':' + std::to_string(integer(nodePort));
                    const json *protocol = child(&p, "protocol");
                    port += '/' + (protocol ? str(protocol) : std::string("TCP"));
                    ports += (ports.empty() ? "" : ",") + port;
                }
            std::string selector;
            if (const json *sel = at(object, "spec", "selector"); isObject(sel))
                for (const auto &[k, v] : sel->items())
                    selector += (selector.empty() ? "" : ",") + k + '=' + str(&v);
            const json *type = at(object, "spec", "type");
            const json *clusterIp = at(object, "spec", "clusterIP");
            return json::array({str(at(object, "metadata", "name")),
                                type ? str(type) : std::string("ClusterIP"),
                                clusterIp ? str(clusterIp) : std::string("None"), "<none>",
                                ports.empty() ? std::string("<none>") : ports,
                                ageOf(at(object, "metadata", "creationTimestamp"), now),
                                selector.empty() ? std::string("<none>") : selector});
        }
        case Printer::Event:
            return eventCells(object, now);
        case Printer::ResourceQuota:
            return resourceQuotaCells(object, now);
        case Printer::PodDisruptionBudget: {
            const auto intOrString = [](const json *v) -> json {
                if (v == nullptr || v->is_null())
                    return "N/A";
                return v->is_string() ? v->get<std::string>() : std::to_string(integer(v));
            };
            return json::array({str(at(object, "metadata", "name")),
                                intOrString(at(object, "spec", "minAvailable")),
                                intOrString(at(object, "spec", "maxUnavailable")),
                                integer(at(object, "status", "disruptionsAllowed")),
                                ageOf(at(object, "metadata", "creationTimestamp"), now)});
        }
        case Printer::DaemonSet: {
            std::string nodeSelector;
            if (const json *ns = at(object, "spec", "template", "spec", "nodeSelector");
                isObject(ns))
                for (const auto &[k, v] : ns->items())
                    nodeSelector += (nodeSelector.empty() ? "" : ",") + k + '=' + str(&v);
            return withWide(json::array({str(at(object, "metadata", "name")),
                                         integer(at(object, "status", "desiredNumberScheduled")),
                                         integer(at(object, "status", "currentNumberScheduled")),
                                         integer(at(object, "status", "numberReady")),
                                         integer(at(object, "status", "updatedNumberScheduled")),
                                         integer(at(object, "status", "numberAvailable")),
                                         nodeSelector.empty() ? "<none>" : nodeSelector,
                                         ageOf(at(object, "metadata", "creationTimestamp"), now)}),
                            at(object, "spec", "template", "spec"),
                            formatSelector(at(object, "spec", "selector")));
        }
        case Printer::Deployment:
            // printDeployment prints the selector's String(), without FormatLabelSelector's
            // "<none>".
            return withWide(
                json::array({str(at(object, "metadata", "name")), readyOfDesired(object),
                             integer(at(object, "status", "updatedReplicas")),
                             integer(at(object, "status", "availableReplicas")),
                             ageOf(at(object, "metadata", "creationTimestamp"), now)}),
                at(object, "spec", "template", "spec"),
                selectorText(at(object, "spec", "selector")));
        case Printer::ReplicaSet:
            return withWide(json::array({str(at(object, "metadata", "name")),
                                         integer(at(object, "spec", "replicas")),
                                         integer(at(object, "status", "replicas")),
                                         integer(at(object, "status", "readyReplicas")),
                                         ageOf(at(object, "metadata", "creationTimestamp"), now)}),
                            at(object, "spec", "template", "spec"),
                            formatSelector(at(object, "spec", "selector")));
        case Printer::StatefulSet:
            return withWide(
                json::array({str(at(object, "metadata", "name")), readyOfDesired(object),
                             ageOf(at(object, "metadata", "creationTimestamp"), now)}),
                at(object, "spec", "template", "spec"), std::nullopt);
        case Printer::Job:
            return jobCells(object, now);
        case Printer::CronJob:
            return cronJobCells(object, now);
        case Printer::Ingress:
            return ingressCells(object, now);
        case Printer::IngressClass:
            return ingressClassCells(object, now);
        case Printer::PersistentVolumeClaim:
            return persistentVolumeClaimCells(object, now);
        case Printer::PersistentVolume:
            return persistentVolumeCells(object, now);
        case Printer::ServiceAccount:
            return json::array({str(at(object, "metadata", "name")),
                                static_cast<std::int64_t>(arraySize(child(&object, "secrets"))),
                                ageOf(at(object, "metadata", "creationTimestamp"), now)});
        case Printer::Secret:
            return json::array({str(at(object, "metadata", "name")), str(child(&object, "type")),
                                static_cast<std::int64_t>(objectSize(child(&object, "data"))),
                                ageOf(at(object, "metadata", "creationTimestamp"), now)});
        case Printer::Endpoints:
            return endpointsCells(object, now);
        case Printer::Role:
            return json::array({str(at(object, "metadata", "name")), createdAt(object)});
        case Printer::RoleBinding:
            return roleBindingCells(object, now);
        case Printer::StorageClass:
            return storageClassCells(object, now);
        case Printer::Columns:
            return columnCells(type.printerColumns, object, now);
        case Printer::CustomAge:
            return columnCells({customAgeColumn()}, object, now);
        case Printer::Default:
            break;
        }
        // The default convertor prints the zero time for a missing timestamp.
        const auto created = parseTimestamp(str(at(object, "metadata", "creationTimestamp")));
        return json::array({str(at(object, "metadata", "name")),
                            created ? formatRfc3339(*created) : "0001-01-01T00:00:00Z"});
    } catch (const std::exception &) {
        // Defensive: nlohmann accessors are guarded above, but a row must never abort a listing.
        const json defs = columnDefinitions(type);
        json row = json::array();
        for (std::size_t i = 0; i < defs.size(); ++i)
            row.push_back(nullptr);
        return row;
    }
}

nlohmann::json TablePrinter::rowFor(const ResourceType &type, const nlohmann::json &object,
                                    std::chrono::system_clock::time_point now) {
    json metadata = json::object();
    if (const json *m = child(&object, "metadata"); isObject(m)) {
        metadata = *m;
        metadata.erase("managedFields");
    }
    json row = {{"cells", cells(type, object, now)},
                {"object",
                 {{"kind", "PartialObjectMetadata"},
                  {"apiVersion", "meta.k8s.io/v1"},
                  {"metadata", std::move(metadata)}}}};
    if (printerFor(type) == Printer::Pod) {
        const std::string phase = str(at(object, "status", "phase"));
        if (phase == "Succeeded" || phase == "Failed") {
            row["conditions"] = json::array(
                {{{"type", "Completed"},
                  {"status", "True"},
                  {"reason", phase},
                  {"message", phase == "Succeeded" ? "The pod has completed successfully."
                                                   : "The pod failed."}}});
        }
    }
    return row;
}

std::string TablePrinter::labelSelectorText(const nlohmann::json &selector) {
    return selectorText(&selector);
}

std::optional<std::chrono::system_clock::time_point>
TablePrinter::parseTimestamp(std::string_view text) {
    return parseRfc3339(text);
}

} // namespace cubedesk::sim
