#include "k8s/sim/objectdefaults.h"

#include "k8s/sim/rfc3339.h"

namespace cubedesk::sim {

using nlohmann::json;

namespace {

/// obj[key] when obj is an object (created as an object when absent), else nullptr.
json *objectAt(json &obj, const char *key) {
    if (!obj.is_object())
        return nullptr;
    json &v = obj[key];
    if (v.is_null())
        v = json::object();
    return v.is_object() ? &v : nullptr;
}

void setDefault(json *obj, const char *key, const json &value) {
    if (obj != nullptr && obj->is_object() && !obj->contains(key))
        (*obj)[key] = value;
}

bool latestOrUntagged(const std::string &image) {
    // The tag follows the last ':' after the last '/' (a registry's port is not a tag); a
    // digest pins the image.
    if (image.find('@') != std::string::npos)
        return false;
    const std::size_t slash = image.rfind('/');
    const std::size_t colon = image.rfind(':');
    if (colon == std::string::npos || (slash != std::string::npos && colon < slash))
        return true;
    return image.substr(colon + 1) == "latest";
}

void defaultContainers(json *spec, const char *key) {
    if (spec == nullptr || !spec->contains(key) || !(*spec)[key].is_array())
        return;
    for (json &c : (*spec)[key]) {
        if (!c.is_object())
            continue;
        setDefault(&c, "terminationMessagePath", "/dev/termination-log");
        setDefault(&c, "terminationMessagePolicy", "File");
        const std::string image = c.contains("image") && c["image"].is_string()
                                      ? c["image"].get<std::string>()
                                      : std::string();
        setDefault(&c, "imagePullPolicy", latestOrUntagged(image) ? "Always" : "IfNotPresent");
        if (c.contains("ports") && c["ports"].is_array())
            for (json &p : c["ports"])
                setDefault(&p, "protocol", "TCP");
    }
}

void defaultPodSpec(json *spec, const char *restartPolicy) {
    if (spec == nullptr)
        return;
    setDefault(spec, "restartPolicy", restartPolicy);
    setDefault(spec, "dnsPolicy", "ClusterFirst");
    setDefault(spec, "schedulerName", "default-scheduler");
    setDefault(spec, "terminationGracePeriodSeconds", 30);
    setDefault(spec, "securityContext", json::object());
    defaultContainers(spec, "initContainers");
    defaultContainers(spec, "containers");
}

void defaultTemplate(json *spec, const char *restartPolicy = "Always") {
    if (spec == nullptr)
        return;
    json *podTemplate = objectAt(*spec, "template");
    if (podTemplate != nullptr)
        defaultPodSpec(objectAt(*podTemplate, "spec"), restartPolicy);
}

void defaultJobSpec(json *spec) {
    if (spec == nullptr)
        return;
    if (!spec->contains("completions") && !spec->contains("parallelism")) {
        (*spec)["completions"] = 1;
        (*spec)["parallelism"] = 1;
    }
    setDefault(spec, "parallelism", 1);
    setDefault(spec, "backoffLimit", 6);
    setDefault(spec, "completionMode", "NonIndexed");
    setDefault(spec, "suspend", false);
    setDefault(spec, "podReplacementPolicy", "TerminatingOrFailed");
    defaultTemplate(spec);
}

/// A ClusterIP in 10.96.0.0/12 (10.96.0.1 is the API server's) from the service's key.
std::string clusterIpFor(const json &meta) {
    std::uint32_t h = 2166136261U;
    const std::string key = meta.value("namespace", "") + '/' + meta.value("name", "");
    for (const char c : key)
        h = (h ^ static_cast<unsigned char>(c)) * 16777619U;
    const std::uint32_t offset = 2 + h % ((1U << 20) - 3);
    return "10." + std::to_string(96 + (offset >> 16)) + '.' + std::to_string((offset >> 8) & 255) +
           '.' + std::to_string(offset & 255);
}

void defaultService(json &service) {
    json *spec = objectAt(service, "spec");
    if (spec == nullptr)
        return;
    setDefault(spec, "type", "ClusterIP");
    setDefault(spec, "sessionAffinity", "None");
    const std::string type = (*spec)["type"].is_string() ? (*spec)["type"].get<std::string>() : "";
    if (type != "ExternalName") {
        if (!spec->contains("clusterIP")) {
            const json meta = service.value("metadata", json::object());
            (*spec)["clusterIP"] = clusterIpFor(meta.is_object() ? meta : json::object());
        }
        setDefault(spec, "clusterIPs", json::array({(*spec)["clusterIP"]}));
        setDefault(spec, "ipFamilies", json::array({"IPv4"}));
        setDefault(spec, "ipFamilyPolicy", "SingleStack");
        setDefault(spec, "internalTrafficPolicy", "Cluster");
    }
    if (spec->contains("ports") && (*spec)["ports"].is_array())
        for (json &p : (*spec)["ports"]) {
            setDefault(&p, "protocol", "TCP");
            if (p.is_object() && p.contains("port"))
                setDefault(&p, "targetPort", p["port"]);
        }
}

/// The fieldsV1 set of an applied configuration.
json fieldsOf(const json &value) {
    json out = json::object();
    if (!value.is_object())
        return out;
    for (const auto &[key, v] : value.items()) {
        if (v.is_object()) {
            out["f:" + key] = fieldsOf(v);
        } else if (v.is_array() && !v.empty() && v[0].is_object() && v[0].contains("name")) {
            json items = json::object();
            for (const json &item : v) {
                if (!item.is_object() || !item.contains("name"))
                    continue;
                json fields = fieldsOf(item);
                fields["."] = json::object();
                items["k:" + json{{"name", item["name"]}}.dump()] = std::move(fields);
            }
            out["f:" + key] = std::move(items);
        } else {
            out["f:" + key] = json::object();
        }
    }
    return out;
}

} // namespace

bool ObjectDefaults::defaults(const ResourceType &type) {
    if (type.custom)
        return false;
    if (type.group.empty())
        return type.kind == "Pod" || type.kind == "Service";
    if (type.group == "apps")
        return true;
    return type.group == "batch";
}

void ObjectDefaults::apply(const ResourceType &type, json &object) {
    if (!object.is_object() || !defaults(type))
        return;
    if (type.group.empty()) {
        if (type.kind == "Pod")
            defaultPodSpec(objectAt(object, "spec"), "Always");
        else
            defaultService(object);
        return;
    }
    json *spec = objectAt(object, "spec");
    if (spec == nullptr)
        return;
    if (type.kind == "Deployment") {
        setDefault(spec, "replicas", 1);
        setDefault(spec, "revisionHistoryLimit", 10);
        setDefault(spec, "progressDeadlineSeconds", 600);
        setDefault(spec, "strategy",
                   {{"type", "RollingUpdate"},
                    {"rollingUpdate", {{"maxUnavailable", "25%"}, {"maxSurge", "25%"}}}});
        defaultTemplate(spec);
    } else if (type.kind == "StatefulSet") {
        setDefault(spec, "replicas", 1);
        setDefault(spec, "podManagementPolicy", "OrderedReady");
        setDefault(spec, "updateStrategy",
                   {{"type", "RollingUpdate"}, {"rollingUpdate", {{"partition", 0}}}});
        setDefault(spec, "revisionHistoryLimit", 10);
        setDefault(spec, "persistentVolumeClaimRetentionPolicy",
                   {{"whenDeleted", "Retain"}, {"whenScaled", "Retain"}});
        defaultTemplate(spec);
    } else if (type.kind == "DaemonSet") {
        setDefault(spec, "updateStrategy",
                   {{"type", "RollingUpdate"},
                    {"rollingUpdate", {{"maxUnavailable", 1}, {"maxSurge", 0}}}});
        setDefault(spec, "revisionHistoryLimit", 10);
        defaultTemplate(spec);
    } else if (type.kind == "ReplicaSet") {
        setDefault(spec, "replicas", 1);
        defaultTemplate(spec);
    } else if (type.kind == "Job") {
        defaultJobSpec(spec);
    } else if (type.kind == "CronJob") {
        setDefault(spec, "concurrencyPolicy", "Allow");
        setDefault(spec, "suspend", false);
        setDefault(spec, "successfulJobsHistoryLimit", 3);
        setDefault(spec, "failedJobsHistoryLimit", 1);
        if (json *jobTemplate = objectAt(*spec, "jobTemplate"))
            defaultTemplate(objectAt(*jobTemplate, "spec"));
    }
}

void ObjectDefaults::recordApply(json &object, const json &applied, const std::string &manager,
                                 std::chrono::system_clock::time_point now) {
    if (!object.is_object())
        return;
    json *meta = objectAt(object, "metadata");
    if (meta == nullptr)
        return;
    json fieldsSource = applied;
    if (fieldsSource.is_object()) {
        // apiVersion and kind identify the object; they are not owned fields.
        fieldsSource.erase("apiVersion");
        fieldsSource.erase("kind");
        if (fieldsSource.contains("metadata") && fieldsSource["metadata"].is_object())
            for (const char *k : {"name", "namespace", "resourceVersion", "uid",
                                  "creationTimestamp", "managedFields"})
                fieldsSource["metadata"].erase(k);
        if (fieldsSource.contains("metadata") && fieldsSource["metadata"].empty())
            fieldsSource.erase("metadata");
    }
    json entry = {{"manager", manager.empty() ? std::string("kubectl") : manager},
                  {"operation", "Apply"},
                  {"apiVersion", object.value("apiVersion", "v1")},
                  {"time", formatRfc3339(now)},
                  {"fieldsType", "FieldsV1"},
                  {"fieldsV1", fieldsOf(fieldsSource)}};
    json entries = json::array();
    if (meta->contains("managedFields") && (*meta)["managedFields"].is_array())
        for (const json &e : (*meta)["managedFields"]) {
            if (e.is_object() && e.value("manager", "") == entry["manager"] &&
                e.value("operation", "") == "Apply") {
                if (e.contains("fieldsV1") && e["fieldsV1"] == entry["fieldsV1"])
                    entry["time"] = e.value("time", entry["time"].get<std::string>());
                continue;
            }
            entries.push_back(e);
        }
    entries.push_back(std::move(entry));
    (*meta)["managedFields"] = std::move(entries);
}

} // namespace cubedesk::sim
